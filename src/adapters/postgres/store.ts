/**
 * The {@link Store} on PostgreSQL (issue #10): one {@link postgresRepository} per resource, each on its
 * own table (`tables.ts` `STORE_TABLES`, created by `migrate`).
 *
 * @module
 */
import type { Pool } from 'pg';
import type { Store } from '../../ports.js';
import { postgresRepository } from './repository.js';
import { STORE_TABLES } from './tables.js';

/** Options of {@link postgresStore}. */
export interface PostgresStoreOptions {
  /** The schema `migrate` created the tables in; default the connection's `search_path`. */
  schema?: string;
}

/**
 * Every repository of the {@link Store} on PostgreSQL, with the tenants of the memory store: a record
 * belongs to its `account_id`, an account to itself, a membership and a request log to their group,
 * a Peppol participant to the public directory (`0`). Run `migrate(pool)` first.
 *
 * @example
 * ```ts
 * const pool = new Pool({ connectionString: process.env.DATABASE_URL });
 * await migrate(pool);
 * const store = postgresStore(pool);
 * await store.accounts.insert(account); // account 1
 * await store.accounts.get(1, 1); // { value: account, version: 1 }
 * ```
 */
export function postgresStore(pool: Pick<Pool, 'query'>, options: PostgresStoreOptions = {}): Store {
  const repository = <K extends keyof Store>(member: K): Store[K] => {
    const { table, owner, columns } = STORE_TABLES[member];
    return postgresRepository(pool, {
      table,
      columns,
      ...(owner === undefined ? {} : { owner: owner as (value: unknown) => number }),
      ...(options.schema === undefined ? {} : { schema: options.schema }),
    }) as Store[K];
  };
  return {
    accounts: repository('accounts'),
    accountGroups: repository('accountGroups'),
    accountEvents: repository('accountEvents'),
    bankAccounts: repository('bankAccounts'),
    contacts: repository('contacts'),
    invoices: repository('invoices'),
    orders: repository('orders'),
    despatchAdvices: repository('despatchAdvices'),
    transports: repository('transports'),
    peppolParticipants: repository('peppolParticipants'),
    requestLogs: repository('requestLogs'),
    taxReports: repository('taxReports'),
    taxReportSettings: repository('taxReportSettings'),
    ledgers: repository('ledgers'),
    ledgerResponses: repository('ledgerResponses'),
    taxReportBatches: repository('taxReportBatches'),
    taxReportBatchInputs: repository('taxReportBatchInputs'),
    tinVerifications: repository('tinVerifications'),
    webhookSubscriptions: repository('webhookSubscriptions'),
    webhookDeliveries: repository('webhookDeliveries'),
    invoiceDeliveries: repository('invoiceDeliveries'),
    peppolOutbox: repository('peppolOutbox'),
    sandboxMail: repository('sandboxMail'),
  };
}
