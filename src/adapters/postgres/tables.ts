/**
 * The tables of `fiscalkit/postgres`: one per {@link Store} member, each with the tenant its records
 * belong to and the fields kept in indexed columns (issue #10: "one table per resource family with JSONB
 * bodies plus the indexed columns the queries need"). The migration (`migrations.ts`) creates exactly
 * these; `postgresStore` and `postgresRepository` read them from here.
 *
 * @module
 */
import type { Account } from '../../model/account.js';
import type { AccountMembership } from '../../model/accountMembership.js';
import type { PeppolParticipant } from '../../model/peppolParticipant.js';
import type { StoredRequestLog } from '../../model/requestLog.js';
import type { Store } from '../../ports.js';

/** How one record table is laid out. */
export interface RecordTable {
  /** The SQL table name. */
  readonly table: string;
  /**
   * The tenant of a record (ports.ts `Repository`): its `account_id` unless said otherwise, as the
   * memory store (`memoryStore`) has it.
   */
  readonly owner?: (value: never) => number;
  /**
   * Top-level fields kept in their own indexed `jsonb` column (`body -> field`, JSON null as SQL
   * NULL), the ones the services pass to `Repository.find` (`grep -rn "\.find(" src/service`); any
   * other field is found in the body itself.
   */
  readonly columns: readonly string[];
}

/**
 * Every {@link Store} member's table. The columns are the fields the services look records up by:
 * invoice and order numbers and types (`parameter_taken`, the list's `type` filter), a contact's
 * offices and its TIN (`parent_id`, `tin_value`, `cin_value`), a transport's `code` and type, the
 * Peppol directory's keys, a tax report's invoice, type and state, a ledger's state, and every
 * record naming a contact (`contact_id`, before a contact is deleted).
 *
 * @example
 * ```ts
 * STORE_TABLES.invoices; // { table: 'invoices', columns: ['type', 'number', 'state', 'contact_id'] }
 * ```
 */
export const STORE_TABLES: { readonly [K in keyof Store]: RecordTable } = {
  accounts: { table: 'accounts', owner: (account: Account) => account.id, columns: [] },
  accountGroups: {
    table: 'account_groups',
    owner: (membership: AccountMembership) => membership.group_id,
    columns: [],
  },
  accountEvents: { table: 'account_events', columns: [] },
  bankAccounts: { table: 'bank_accounts', columns: [] },
  contacts: { table: 'contacts', columns: ['parent_id', 'tin_value', 'cin_value'] },
  invoices: { table: 'invoices', columns: ['type', 'number', 'state', 'contact_id'] },
  orders: { table: 'orders', columns: ['type', 'number', 'state', 'contact_id'] },
  despatchAdvices: { table: 'despatch_advices', columns: ['number', 'contact_id'] },
  transports: { table: 'transports', columns: ['code', 'transport_type_code'] },
  peppolParticipants: {
    table: 'peppol_participants',
    owner: (participant: PeppolParticipant) => participant.directory,
    columns: ['value_key', 'scheme_key'],
  },
  requestLogs: { table: 'request_logs', owner: (log: StoredRequestLog) => log.group_id, columns: [] },
  taxReports: { table: 'tax_reports', columns: ['invoice_id', 'type', 'state'] },
  taxReportSettings: { table: 'tax_report_settings', columns: ['code'] },
  ledgers: { table: 'ledgers', columns: ['state'] },
  ledgerResponses: { table: 'ledger_responses', columns: [] },
  taxReportBatches: { table: 'tax_report_batches', columns: [] },
  taxReportBatchInputs: { table: 'tax_report_batch_inputs', columns: [] },
  tinVerifications: { table: 'tin_verifications', columns: [] },
  webhookSubscriptions: { table: 'webhook_subscriptions', columns: [] },
  webhookDeliveries: { table: 'webhook_deliveries', columns: [] },
  invoiceDeliveries: { table: 'invoice_deliveries', columns: ['invoice_id', 'key', 'request_key'] },
  peppolOutbox: { table: 'peppol_outbox', columns: [] },
  sandboxMail: { table: 'sandbox_mail', columns: [] },
};

/** The default table of the TIN cache (`postgresCache`). */
export const TIN_CACHE_TABLE = 'tin_cache';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * `name` as a quoted SQL identifier, after checking it is a plain lower-case one (table, column and
 * schema names reach SQL text, never user input, but a typo should fail here, not as SQL).
 *
 * @example
 * ```ts
 * quoteIdentifier('invoices'); // '"invoices"'
 * quoteIdentifier('Robert"; drop'); // throws TypeError
 * ```
 */
export function quoteIdentifier(name: string): string {
  if (!IDENTIFIER.test(name) || name.length > 63)
    throw new TypeError(`not a plain SQL identifier (lower case, digits, _): ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/**
 * The SQL name of `table`, in `schema` when one is given (otherwise the connection's `search_path`
 * decides).
 *
 * @example
 * ```ts
 * qualifiedName('invoices', 'fiscalkit'); // '"fiscalkit"."invoices"'
 * qualifiedName('invoices'); // '"invoices"'
 * ```
 */
export function qualifiedName(table: string, schema?: string): string {
  return schema === undefined
    ? quoteIdentifier(table)
    : `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
}

/**
 * The {@link RecordTable} of a table name, if it is one of the store's.
 *
 * @example
 * ```ts
 * storeTable('contacts')?.columns; // ['parent_id', 'tin_value', 'cin_value']
 * storeTable('notes'); // undefined
 * ```
 */
export function storeTable(table: string): RecordTable | undefined {
  return Object.values(STORE_TABLES).find((candidate) => candidate.table === table);
}
