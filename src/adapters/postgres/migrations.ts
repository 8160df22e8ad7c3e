/**
 * The schema of `fiscalkit/postgres` as plain SQL migrations, and {@link migrate}, which applies the
 * ones a database has not had yet (issue #10: "Schema migrations shipped with the adapter (plain SQL,
 * applied by `migrate()`)").
 *
 * A migration, once shipped, never changes: a later change of the schema is a new migration with the
 * next id. `migrate` records what it applied in `fiscalkit_migrations`, applies the rest in id order in
 * one transaction, and holds a transaction-scoped advisory lock while it does, so that two processes
 * starting together (a service and its workers) do not race: the second waits, then finds everything
 * applied.
 *
 * @module
 */
import type { Pool } from 'pg';
import { BLOB_STORE_MIGRATION } from './blobStore.js';
import { EVENT_SINK_MIGRATION } from './eventSink.js';
import { JOB_QUEUE_MIGRATION } from './jobQueue.js';
import { quoteIdentifier } from './tables.js';

/** One schema change: plain SQL (several statements allowed), applied once, in `id` order. */
export interface Migration {
  /** Position in the order, unique; never reused. */
  readonly id: number;
  /** What it does, for `fiscalkit_migrations` and logs. */
  readonly name: string;
  readonly sql: string;
}

/**
 * The record tables (`tables.ts` `STORE_TABLES`), one per `Store` member, all of one shape:
 *
 * - `id` the record's id (unique per table, ports.ts `Repository`), `account_id` its tenant, `version`
 *   its optimistic-concurrency version;
 * - `idempotency_key` the insert's key (`InsertOptions.key`), unique per tenant;
 * - `doc` the record as `json.ts` encodes it, which is what reads answer (exact: key order and number
 *   text as written), and `body` the same as `jsonb`, which is what queries look into;
 * - one generated `jsonb` column per field `find` is asked about most (`body -> field`, JSON null as
 *   SQL NULL, so that `IS NULL` is "absent or null" and `=` on `jsonb` is type-strict), each indexed
 *   after the tenant, with the id last so that a page comes out of the index in id order.
 */
const RECORD_TABLES = `
create table accounts (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index accounts_by_account on accounts (account_id, id);
create unique index accounts_by_key on accounts (account_id, idempotency_key) where idempotency_key is not null;

create table account_groups (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index account_groups_by_account on account_groups (account_id, id);
create unique index account_groups_by_key on account_groups (account_id, idempotency_key) where idempotency_key is not null;

create table account_events (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index account_events_by_account on account_events (account_id, id);
create unique index account_events_by_key on account_events (account_id, idempotency_key) where idempotency_key is not null;

create table bank_accounts (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index bank_accounts_by_account on bank_accounts (account_id, id);
create unique index bank_accounts_by_key on bank_accounts (account_id, idempotency_key) where idempotency_key is not null;

create table contacts (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "parent_id" jsonb generated always as (nullif(body -> 'parent_id', 'null')) stored,
  "tin_value" jsonb generated always as (nullif(body -> 'tin_value', 'null')) stored,
  "cin_value" jsonb generated always as (nullif(body -> 'cin_value', 'null')) stored
);
create index contacts_by_account on contacts (account_id, id);
create unique index contacts_by_key on contacts (account_id, idempotency_key) where idempotency_key is not null;
create index contacts_by_parent_id on contacts (account_id, "parent_id", id);
create index contacts_by_tin_value on contacts (account_id, "tin_value", id);
create index contacts_by_cin_value on contacts (account_id, "cin_value", id);

create table invoices (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "type" jsonb generated always as (nullif(body -> 'type', 'null')) stored,
  "number" jsonb generated always as (nullif(body -> 'number', 'null')) stored,
  "state" jsonb generated always as (nullif(body -> 'state', 'null')) stored,
  "contact_id" jsonb generated always as (nullif(body -> 'contact_id', 'null')) stored
);
create index invoices_by_account on invoices (account_id, id);
create unique index invoices_by_key on invoices (account_id, idempotency_key) where idempotency_key is not null;
create index invoices_by_type on invoices (account_id, "type", id);
create index invoices_by_number on invoices (account_id, "number", id);
create index invoices_by_state on invoices (account_id, "state", id);
create index invoices_by_contact_id on invoices (account_id, "contact_id", id);

create table orders (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "type" jsonb generated always as (nullif(body -> 'type', 'null')) stored,
  "number" jsonb generated always as (nullif(body -> 'number', 'null')) stored,
  "state" jsonb generated always as (nullif(body -> 'state', 'null')) stored,
  "contact_id" jsonb generated always as (nullif(body -> 'contact_id', 'null')) stored
);
create index orders_by_account on orders (account_id, id);
create unique index orders_by_key on orders (account_id, idempotency_key) where idempotency_key is not null;
create index orders_by_type on orders (account_id, "type", id);
create index orders_by_number on orders (account_id, "number", id);
create index orders_by_state on orders (account_id, "state", id);
create index orders_by_contact_id on orders (account_id, "contact_id", id);

create table despatch_advices (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "number" jsonb generated always as (nullif(body -> 'number', 'null')) stored,
  "contact_id" jsonb generated always as (nullif(body -> 'contact_id', 'null')) stored
);
create index despatch_advices_by_account on despatch_advices (account_id, id);
create unique index despatch_advices_by_key on despatch_advices (account_id, idempotency_key) where idempotency_key is not null;
create index despatch_advices_by_number on despatch_advices (account_id, "number", id);
create index despatch_advices_by_contact_id on despatch_advices (account_id, "contact_id", id);

create table transports (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "code" jsonb generated always as (nullif(body -> 'code', 'null')) stored,
  "transport_type_code" jsonb generated always as (nullif(body -> 'transport_type_code', 'null')) stored
);
create index transports_by_account on transports (account_id, id);
create unique index transports_by_key on transports (account_id, idempotency_key) where idempotency_key is not null;
create index transports_by_code on transports (account_id, "code", id);
create index transports_by_transport_type_code on transports (account_id, "transport_type_code", id);

create table peppol_participants (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "value_key" jsonb generated always as (nullif(body -> 'value_key', 'null')) stored,
  "scheme_key" jsonb generated always as (nullif(body -> 'scheme_key', 'null')) stored
);
create index peppol_participants_by_account on peppol_participants (account_id, id);
create unique index peppol_participants_by_key on peppol_participants (account_id, idempotency_key) where idempotency_key is not null;
create index peppol_participants_by_value_key on peppol_participants (account_id, "value_key", id);
create index peppol_participants_by_scheme_key on peppol_participants (account_id, "scheme_key", id);

create table request_logs (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index request_logs_by_account on request_logs (account_id, id);
create unique index request_logs_by_key on request_logs (account_id, idempotency_key) where idempotency_key is not null;

create table tax_reports (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "invoice_id" jsonb generated always as (nullif(body -> 'invoice_id', 'null')) stored,
  "type" jsonb generated always as (nullif(body -> 'type', 'null')) stored,
  "state" jsonb generated always as (nullif(body -> 'state', 'null')) stored
);
create index tax_reports_by_account on tax_reports (account_id, id);
create unique index tax_reports_by_key on tax_reports (account_id, idempotency_key) where idempotency_key is not null;
create index tax_reports_by_invoice_id on tax_reports (account_id, "invoice_id", id);
create index tax_reports_by_type on tax_reports (account_id, "type", id);
create index tax_reports_by_state on tax_reports (account_id, "state", id);

create table ledgers (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "state" jsonb generated always as (nullif(body -> 'state', 'null')) stored
);
create index ledgers_by_account on ledgers (account_id, id);
create unique index ledgers_by_key on ledgers (account_id, idempotency_key) where idempotency_key is not null;
create index ledgers_by_state on ledgers (account_id, "state", id);

create table ledger_responses (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index ledger_responses_by_account on ledger_responses (account_id, id);
create unique index ledger_responses_by_key on ledger_responses (account_id, idempotency_key) where idempotency_key is not null;

create table tax_report_batches (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index tax_report_batches_by_account on tax_report_batches (account_id, id);
create unique index tax_report_batches_by_key on tax_report_batches (account_id, idempotency_key) where idempotency_key is not null;

create table tax_report_batch_inputs (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index tax_report_batch_inputs_by_account on tax_report_batch_inputs (account_id, id);
create unique index tax_report_batch_inputs_by_key on tax_report_batch_inputs (account_id, idempotency_key) where idempotency_key is not null;

create table tin_verifications (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index tin_verifications_by_account on tin_verifications (account_id, id);
create unique index tin_verifications_by_key on tin_verifications (account_id, idempotency_key) where idempotency_key is not null;

create table webhook_subscriptions (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index webhook_subscriptions_by_account on webhook_subscriptions (account_id, id);
create unique index webhook_subscriptions_by_key on webhook_subscriptions (account_id, idempotency_key) where idempotency_key is not null;

create table webhook_deliveries (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index webhook_deliveries_by_account on webhook_deliveries (account_id, id);
create unique index webhook_deliveries_by_key on webhook_deliveries (account_id, idempotency_key) where idempotency_key is not null;
`;

/**
 * The TIN cache (`cache.ts`): census answers by key, until `expires_at` (ms since the epoch, by the
 * adapter's clock). Unlogged: a cache may be lost in a crash (the census is asked again), and is
 * written 20,000 keys at a time, which the write-ahead log would only slow down.
 */
const TIN_CACHE = `
create unlogged table tin_cache (
  key text collate "C" primary key,
  value text not null,
  expires_at bigint not null
);
`;

/**
 * Indexes that leave the planner no wrong choice for the hot lookups (issue #10). An invoice number
 * is looked up with its type (`numberWhere`), a contact by TIN without a parent office. Before a table
 * has statistics every equality is "one row in 200" to the planner, so with one index on
 * (account, type) and one on (account, number) it may take either — and the plan of a prepared
 * statement, made while the table was young, stays: each lookup then walked every invoice of the
 * account of that type. So the type index also holds the number (either index now finds the one
 * invoice), and the parent index holds only offices (a contact without a parent cannot take it).
 * Like every migration it runs in one transaction: on a database with many invoices the index builds
 * hold writes to those tables until they finish (build them beforehand with `CREATE INDEX
 * CONCURRENTLY` under these names to avoid that: `create index if not exists` then finds them).
 */
const LOOKUP_INDEXES = `
create index if not exists invoices_by_type_and_number on invoices (account_id, "type", "number", id);
drop index if exists invoices_by_type;
create index if not exists orders_by_type_and_number on orders (account_id, "type", "number", id);
drop index if exists orders_by_type;
create index if not exists contacts_by_set_parent_id on contacts (account_id, "parent_id", id) where "parent_id" is not null;
drop index if exists contacts_by_parent_id;
`;

/**
 * The sandbox Peppol access point's outbox (issue #23; `STORE_TABLES.peppolOutbox`), a record table of
 * the shape of `RECORD_TABLES`: its idempotency key is the delivery's key, so a document handed over
 * twice is stored once.
 */
const PEPPOL_OUTBOX = `
create table peppol_outbox (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index peppol_outbox_by_account on peppol_outbox (account_id, id);
create unique index peppol_outbox_by_key on peppol_outbox (account_id, idempotency_key) where idempotency_key is not null;
`;

/**
 * The deliveries of sent invoices (issue #23; `STORE_TABLES.invoiceDeliveries`), a record table of the
 * shape of `RECORD_TABLES`, found by invoice, by delivery key and by the send's `Idempotency-Key` (`request_key`).
 */
const INVOICE_DELIVERIES = `
create table invoice_deliveries (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "invoice_id" jsonb generated always as (nullif(body -> 'invoice_id', 'null')) stored,
  "key" jsonb generated always as (nullif(body -> 'key', 'null')) stored,
  "request_key" jsonb generated always as (nullif(body -> 'request_key', 'null')) stored
);
create index invoice_deliveries_by_account on invoice_deliveries (account_id, id);
create unique index invoice_deliveries_by_key on invoice_deliveries (account_id, idempotency_key) where idempotency_key is not null;
create index invoice_deliveries_by_invoice_id on invoice_deliveries (account_id, "invoice_id", id);
create index invoice_deliveries_by_key_field on invoice_deliveries (account_id, "key", id);
create index invoice_deliveries_by_request_key on invoice_deliveries (account_id, "request_key", id);
`;

/** The tax report settings (issue #23; `STORE_TABLES.taxReportSettings`), a record table found by `code`. */
const TAX_REPORT_SETTINGS = `
create table tax_report_settings (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null,
  "code" jsonb generated always as (nullif(body -> 'code', 'null')) stored
);
create index tax_report_settings_by_account on tax_report_settings (account_id, id);
create unique index tax_report_settings_by_key on tax_report_settings (account_id, idempotency_key) where idempotency_key is not null;
create index tax_report_settings_by_code on tax_report_settings (account_id, "code", id);
`;

/**
 * The sandbox mailbox (issue #23; `STORE_TABLES.sandboxMail`), a record table of the shape of
 * `RECORD_TABLES`, like `peppol_outbox`: its idempotency key is the delivery's key, so a mail handed
 * over twice is kept once.
 */
const SANDBOX_MAILBOX = `
create table sandbox_mail (
  id bigint primary key,
  account_id bigint not null,
  version integer not null,
  idempotency_key text,
  doc text not null,
  body jsonb not null
);
create index sandbox_mail_by_account on sandbox_mail (account_id, id);
create unique index sandbox_mail_by_key on sandbox_mail (account_id, idempotency_key) where idempotency_key is not null;
`;

/**
 * Every migration of `fiscalkit/postgres`, in order.
 *
 * @example
 * ```ts
 * MIGRATIONS.map((migration) => migration.name);
 * // ['record tables', 'tin cache', 'job queue', 'event sink', 'blob store', 'lookup indexes', 'peppol outbox', 'invoice deliveries', 'tax report settings', 'sandbox mailbox']
 * ```
 */
export const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'record tables', sql: RECORD_TABLES },
  { id: 2, name: 'tin cache', sql: TIN_CACHE },
  // The other adapters' tables, as their modules give them (`jobQueue.ts`, `eventSink.ts`, `blobStore.ts`).
  { id: 3, name: 'job queue', sql: JOB_QUEUE_MIGRATION },
  { id: 4, name: 'event sink', sql: EVENT_SINK_MIGRATION },
  { id: 5, name: 'blob store', sql: BLOB_STORE_MIGRATION },
  { id: 6, name: 'lookup indexes', sql: LOOKUP_INDEXES },
  { id: 7, name: 'peppol outbox', sql: PEPPOL_OUTBOX },
  { id: 8, name: 'invoice deliveries', sql: INVOICE_DELIVERIES },
  { id: 9, name: 'tax report settings', sql: TAX_REPORT_SETTINGS },
  { id: 10, name: 'sandbox mailbox', sql: SANDBOX_MAILBOX },
];

/** Options of {@link migrate}. */
export interface MigrateOptions {
  /**
   * The schema to create (if need be) and migrate; default the first schema of the connection's
   * `search_path` (normally `public`).
   */
  schema?: string;
  /** Default {@link MIGRATIONS}. */
  migrations?: readonly Migration[];
}

/** The first key of the advisory lock (`pg_advisory_xact_lock(int, int)`): "fkmg"; the second is the schema's hash. */
const LOCK_CLASS = 0x666b6d67;

function checkOrder(migrations: readonly Migration[]): void {
  let last = 0;
  for (const migration of migrations) {
    if (!Number.isSafeInteger(migration.id) || migration.id <= last)
      throw new RangeError(
        `migration ids must be increasing positive integers: ${String(migration.id)} after ${String(last)}`,
      );
    last = migration.id;
  }
}

/**
 * Applies the migrations the database has not had yet, in id order, in one transaction under an
 * advisory lock (per schema), recording each in `fiscalkit_migrations`; answers the ids it applied
 * (none when the schema is up to date). Safe to call on every start, from every process.
 *
 * @example
 * ```ts
 * const pool = new Pool({ connectionString: process.env.DATABASE_URL });
 * await migrate(pool); // { applied: [1, 2] } the first time, { applied: [] } after
 * const store = postgresStore(pool);
 * ```
 */
export async function migrate(
  pool: Pick<Pool, 'connect'>,
  options: MigrateOptions = {},
): Promise<{ applied: number[] }> {
  const migrations = options.migrations ?? MIGRATIONS;
  checkOrder(migrations);
  const schema = options.schema === undefined ? undefined : quoteIdentifier(options.schema);
  const client = await pool.connect();
  // A checked-out client has no listener of the pool's: a connection lost now (the database
  // restarting, issue #24) would be an unhandled 'error' that ends the process. The running query
  // fails with it all the same, and the client is released with the error below.
  const ignore = () => undefined;
  client.on('error', ignore);
  let failure: unknown;
  try {
    await client.query('begin');
    // The lock first: two processes creating the same schema or table at once would otherwise make
    // one of them fail on a unique index of the catalog, even with IF NOT EXISTS.
    if (options.schema === undefined)
      await client.query("select pg_advisory_xact_lock($1, hashtext(coalesce(current_schema(), '')))", [
        LOCK_CLASS,
      ]);
    else {
      await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_CLASS, options.schema]);
      await client.query(`create schema if not exists ${schema}`);
      // For this transaction only: the migrations' plain names land in the schema.
      await client.query(`set local search_path to ${schema}`);
    }
    await client.query(
      'create table if not exists fiscalkit_migrations (id integer primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await client.query<{ id: number }>('select id from fiscalkit_migrations')).rows.map((row) => row.id),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await client.query(migration.sql);
      await client.query('insert into fiscalkit_migrations (id, name) values ($1, $2)', [
        migration.id,
        migration.name,
      ]);
      applied.push(migration.id);
    }
    await client.query('commit');
    return { applied };
  } catch (error) {
    failure = error;
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', ignore);
    // A client whose migration failed is not handed out again (its connection may be the broken one).
    client.release(failure === undefined ? undefined : (failure as Error));
  }
}
