/**
 * A {@link Repository} on a PostgreSQL table (ports.ts "Storage", issue #10): versioned records with
 * optimistic concurrency on a `version` column, idempotent inserts by key, every query scoped to the
 * tenant, and `find` on indexed columns or inside the `jsonb` body. The table is one of
 * `migrations.ts` (one per `Store` member), or any table of the same shape.
 *
 * @module
 */
import type { Pool } from 'pg';
import type { EventEnvelope } from '../../model/event.js';
import { assertPageRequest } from '../../model/pageRequest.js';
import { asciiLowerCase, indexedEqualities, type RecordCondition } from '../../model/recordFilter.js';
import {
  DuplicateRecordError,
  type FieldValue,
  type Inserted,
  type InsertOptions,
  OutboxKeyConflictError,
  type Page,
  type PageRequest,
  RecordMissingError,
  type Repository,
  type Updated,
  type UpdateOptions,
  VersionConflictError,
  type Versioned,
} from '../../ports.js';
import { coalesce, inRuns, refusedByServer, settled } from './coalesce.js';
import { decodeJson, encodedKey, encodeFieldValue, encodeJson, escapeText } from './json.js';
import { statement } from './statements.js';
import { qualifiedName, quoteIdentifier, storeTable } from './tables.js';

/** Options of {@link postgresRepository}. */
export interface PostgresRepositoryOptions<T> {
  /** The table (created by `migrate`, or of the same shape). */
  table: string;
  /**
   * The account a value belongs to (the tenant every query names). Default: the store's for its
   * tables (an account's own `id`, a membership's `group_id`, …), otherwise the value's `account_id`.
   */
  owner?: (value: T) => number;
  /**
   * The fields kept in their own indexed columns (see `migrations.ts`). Default: the store's for its
   * tables, otherwise none. A field not listed is still found, in the body.
   */
  columns?: readonly string[];
  /** The schema of the table; default the connection's `search_path`. */
  schema?: string;
  /**
   * Whether updates store their events (`UpdateOptions.events`, the outbox of issue #24 item 4) in the
   * event sink's table `fiscalkit_events` of the same schema, in the update's statement; default true.
   * With false the events are ignored and updates answer none (`Updated`): the caller appends them.
   */
  outbox?: boolean;
}

/** The table of the event sink (`eventSink.ts`, migration 4), where the outbox writes. */
const EVENTS_TABLE = 'fiscalkit_events';

/** What a query of a page answers: the size of the whole list on every row, and one record per row. */
interface PageRow {
  total: number;
  version: number | null;
  doc: string | null;
}

/** The `account_id` of a value, for the default owner. */
function accountId(value: unknown): number {
  return (value as { readonly account_id?: unknown }).account_id as number;
}

/** Whether every argument is a safe integer, as ids, tenants and versions are (anything else matches nothing). */
function integers(...values: number[]): boolean {
  return values.every((value) => Number.isSafeInteger(value));
}

/** A race the follow-up read of a failed write could not settle this many times in a row is a bug. */
const RACE_RETRIES = 5;

/** An insert as the statement takes it: the value encoded, its tenant and escaped key. */
interface InsertCall<T> {
  value: T;
  id: number;
  account: number;
  key: string | null;
  doc: string;
}

/** A read by tenant and id. */
interface GetCall {
  account_id: number;
  id: number;
}

/** An outbox event as the statement takes it: its tenant, key and envelope text (as the sink stores it). */
interface EventCall {
  account: number;
  key: string;
  body: string;
}

/** A conditional update as the statement takes it. */
interface UpdateCall<T> {
  value: T;
  id: number;
  account: number;
  expected_version: number;
  doc: string;
  /** Its outbox events; null when it has no outbox (none asked, or the repository keeps none). */
  events: readonly EventCall[] | null;
}

/** A row of the update with events: an updated record (`kind` 'record') or a stored event. */
interface WrittenRow {
  kind: 'record' | 'event';
  id: string;
  version: number | null;
  key: string | null;
  body: Omit<EventEnvelope, 'id'> | null;
}

/** An event as a row of `fiscalkit_events` holds it, as `EventSink` answers it (`eventSink.ts`). */
function envelopeOf(id: string, body: Omit<EventEnvelope, 'id'>): EventEnvelope {
  return {
    // money-safe: an id from a bigint sequence, read as text.
    id: Number(id),
    code: body.code,
    triggered_at: body.triggered_at,
    data: body.data,
  } as EventEnvelope;
}

/** A statement's reference to parameter `index`, cast to `type`. */
type Ref = (index: number, type: string) => string;

/** A parameter of a statement of its own: `$4::jsonb`. */
const singleRef: Ref = (index, type) => `$${String(index)}::${type}`;

/** A parameter of a batched find: column `p4` of the find's row, `u.p4::jsonb`. */
const batchedRef: Ref = (index, type) => `u.p${String(index)}::${type}`;

/** One condition of a find's `where`, written with a {@link Ref}. */
type Condition = (ref: Ref) => string;

/** Most find shapes (field sets) a repository coalesces; finds of further shapes run alone. */
const MAX_FIND_SHAPES = 200;

/** Adds a statement parameter and answers its reference, typed (see `pageWhere`). */
type Parameter = (value: unknown, type: string) => (ref: Ref) => string;

/** The ASCII letters, upper and lower, for `translate` (the case folding of `asciiLowerCase`). */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A `RecordCondition` as SQL over the `jsonb` body, meaning what `recordMatches` means: `eq` compares
 * the value at the path whole (`body -> 'contact' -> 'tin_value' = '"B1"'`, null for absent or null);
 * the text order and `contains` read the value only when it is a JSON string, compare in the "C"
 * collation (code order, whatever the database's locale) and fold ASCII letters with `translate`
 * (locale-independent, as `asciiLowerCase`). A compared text PostgreSQL cannot hold (a NUL, a lone
 * surrogate) matches nothing: no stored plain string holds one either.
 */
function conditionText(condition: RecordCondition, parameter: Parameter): Condition {
  /** The `jsonb` at a path of the body: `body -> $4::text -> $5::text`. */
  const jsonAt = (path: readonly string[]) => {
    const steps = path.map((step) => parameter(encodedKey(step), 'text'));
    return (ref: Ref) => steps.reduce((sql, step) => `${sql} -> ${step(ref)}`, 'body');
  };
  /** `test` of the text at a path, when the value there is a JSON string. */
  const onText = (path: readonly string[], test: (text: string, ref: Ref) => string) => {
    const at = jsonAt(path);
    return (ref: Ref) => `(jsonb_typeof(${at(ref)}) = 'string' and ${test(`(${at(ref)} #>> '{}')`, ref)})`;
  };
  // Every parameter added is referenced by the condition answered (a statement must use them all):
  // a condition that can match nothing is decided before any is added.
  if (condition.op === 'eq') {
    if (condition.value === null) {
      const at = jsonAt(condition.field);
      return (ref) => `coalesce(${at(ref)}, 'null') = 'null'`;
    }
    const encoded = encodeFieldValue(condition.value);
    if (encoded === null) return () => 'false';
    const at = jsonAt(condition.field);
    const value = parameter(encoded, 'jsonb');
    return (ref) => `${at(ref)} = ${value(ref)}`;
  }
  const compared = condition.op === 'contains' ? asciiLowerCase(condition.value) : condition.value;
  const plain = compared.replace(/\\/g, '');
  if (escapeText(plain) !== plain) return () => 'false';
  if (condition.op === 'contains' && condition.fields.length === 0) return () => 'false';
  const value = parameter(compared, 'text');
  if (condition.op === 'contains') {
    const tests = condition.fields.map((path) =>
      onText(path, (text, ref) => `strpos(translate(${text}, '${UPPER}', '${LOWER}'), ${value(ref)}) > 0`),
    );
    return (ref) => `(${tests.map((test) => test(ref)).join(' or ')})`;
  }
  const operator = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[condition.op];
  return onText(condition.field, (text, ref) => `${text} collate "C" ${operator} ${value(ref)}`);
}

/** A parameter value as text, for the text arrays of a batched find (cast back in the statement). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/**
 * A repository on a PostgreSQL table. Semantics (the contract of `test/contracts/repository.ts`, as the
 * memory repository has them):
 *
 * - `insert` stores the value at version 1 (`created: true`); with a `key` the tenant already used it
 *   writes nothing and answers the record stored under that key, as it is now, with `created: false`.
 *   An id already stored, without such a key, throws {@link DuplicateRecordError}. One statement: an
 *   `INSERT … ON CONFLICT DO NOTHING` and the read of the key's record.
 * - `update` and `remove` change the row only where id, tenant and version all match
 *   (`… WHERE id = $1 AND account_id = $2 AND version = $3`), so of two writers that read the same
 *   version exactly one wins, on any number of processes; when no row matched, a follow-up read tells
 *   {@link RecordMissingError} (not there, or another tenant's) from {@link VersionConflictError}.
 * - `update` with `events` (the outbox, issue #24 item 4) inserts them into `fiscalkit_events` in the
 *   same statement, from the rows it updated (`with updated as (update …) insert … select … from
 *   updated`): both commit or neither does, and an event's id is drawn once the update holds the
 *   row. A writer that waited on that row lock finds the version changed and matches nothing; one
 *   that reads the new version afterwards draws a later id — so a record's events are numbered in the
 *   order of its versions. A key already stored inserts nothing (`on conflict do nothing`) and the
 *   update answers the stored event, as `EventSink.append` would — unless that event's `data.version`
 *   is another version than the update makes: the statement then updates nothing, and
 *   {@link OutboxKeyConflictError} is thrown (checked against the events committed when the statement
 *   starts; a state change's key names its version, so no two writers race on one key).
 * - `list` and `find` answer the tenant's records in ascending id order, a page and the count of all
 *   in one statement. `find` compares the listed columns, `id`, and any other top-level field inside
 *   the body (`body @> {"field": value}`); `jsonb` comparison is type-strict (the string `'20'` is not
 *   the number `20`), and `null` matches a field that is null or absent. `search` adds the other
 *   `RecordCondition`s, compared inside the body (`conditionText`) as `recordMatches` means them.
 *
 * Concurrent `get`, `insert`, `update` and `find` calls are coalesced (`coalesce.ts`): those made in
 * one turn of the event loop, or while the previous statement of their kind is out, go as one
 * statement over arrays (`unnest`), and each call answers exactly what it would alone — writes run in
 * call order, and a conflict or a refused batch is settled by the lone statement. A busy service thus pays one round trip for
 * the request logs, account reads and claim confirmations of many requests in flight.
 *
 * `insert` and `update` answer the value they were given (decoding the text just written would cost
 * a parse per write for an equal copy; the memory repository answers a frozen snapshot instead, so a
 * caller must not count on changing, or on not changing, what a write answers). Reads decode the
 * stored text afresh on every call (`json.ts`): the caller may change what it gets without reaching
 * the store, lossless numbers come back as `LosslessNumber`s with their exact text,
 * and objects keep their key order.
 *
 * @example
 * ```ts
 * const invoices = postgresRepository<Invoice>(pool, { table: 'invoices' });
 * const { version } = await invoices.insert(invoice, { key: 'import-7' }); // 1
 * await invoices.update({ ...invoice, notes: 'paid' }, version); // { value, version: 2 }
 * await invoices.update({ ...invoice, notes: 'late' }, version); // throws VersionConflictError
 * await invoices.find(1, { type: 'IssuedInvoice', number: 'F-1' }, { offset: 0, limit: 10 });
 * // With its event, in one statement: { value, version: 3, events: [{ id: 41, code: …, data: … }] }
 * await invoices.update({ ...invoice, state: 'sent' }, 2, { events: [{ account_id: 1, event, key: 'invoice:9:sent' }] });
 * ```
 */
export function postgresRepository<T extends { readonly id: number }>(
  pool: Pick<Pool, 'query'>,
  options: PostgresRepositoryOptions<T>,
): Repository<T> {
  const known = storeTable(options.table);
  const owner = options.owner ?? (known?.owner as ((value: T) => number) | undefined) ?? accountId;
  const columns = new Set(options.columns ?? known?.columns ?? []);
  for (const column of columns) quoteIdentifier(column);
  const table = qualifiedName(options.table, options.schema);
  const events = qualifiedName(EVENTS_TABLE, options.schema);
  const outbox = options.outbox ?? true;

  const sql = {
    insert: `with inserted as (
  insert into ${table} (id, account_id, version, idempotency_key, doc, body)
  values ($1, $2, 1, $3, $4::text, $4::text::jsonb) on conflict do nothing returning id)
select true as created, 1 as version, null::text as doc from inserted
union all
select false, version, doc from ${table}
where $3::text is not null and account_id = $2 and idempotency_key = $3 and not exists (select from inserted)`,
    byKey: `select version, doc from ${table} where account_id = $1 and idempotency_key = $2`,
    exists: `select 1 from ${table} where id = $1`,
    get: `select version, doc from ${table} where id = $1 and account_id = $2`,
    update: `update ${table} set version = version + 1, doc = $4::text, body = $4::text::jsonb
where id = $1 and account_id = $2 and version = $3::bigint returning version`,
    remove: `delete from ${table} where id = $1 and account_id = $2 and version = $3::bigint`,
    // The outbox (issue #24 item 4): the updates of `updateMany`, and the events of the rows they
    // updated (each event names its record, `r`), inserted in call order by the same statement. A
    // record one of whose keys holds the event of another version (`data.version`) is not updated:
    // `updateOne` then tells it (OutboxKeyConflictError).
    updateWithEvents: `with wanted as (
  select u.id, u.account_id, u.version, d.doc
  from unnest($1::bigint[], $2::bigint[], $3::bigint[]) with ordinality as u(id, account_id, version, n)
  join json_array_elements_text($4::json) with ordinality as d(doc, n) using (n)),
updated as (
  update ${table} as t set version = t.version + 1, doc = w.doc, body = w.doc::jsonb
  from wanted as w where t.id = w.id and t.account_id = w.account_id and t.version = w.version
  and not exists (
    select from json_array_elements($5::json) as c(item)
    join ${events} as s on s.event_key = c.item ->> 'k'
    where (c.item ->> 'r')::bigint = t.id
      and case when json_typeof(s.body -> 'data' -> 'version') = 'number'
        then (s.body -> 'data' ->> 'version')::numeric <> t.version + 1 else false end)
  returning t.id, t.version),
inserted as (
  insert into ${events} (account_id, event_key, body)
  select (e.item ->> 'a')::bigint, e.item ->> 'k', (e.item ->> 'b')::json
  from json_array_elements($5::json) with ordinality as e(item, n)
  join updated on updated.id = (e.item ->> 'r')::bigint
  order by e.n
  on conflict (event_key) do nothing
  returning id, event_key, body)
select 'record' as kind, id::text as id, version, null::text as key, null::json as body from updated
union all
select 'event', id::text, null, event_key, body from inserted`,
    eventsByKey: `select 'event' as kind, id::text as id, null::integer as version, event_key as key, body
from ${events} where event_key = any($1::text[])`,
    current: `select account_id::text as account_id, version from ${table} where id = $1`,
    owner: `select account_id::text as account_id from ${table} where id = $1`,
    // The statements of coalesced calls (`coalesce.ts`): the same writes and reads, for many rows.
    // The documents of a batch travel as one JSON array of strings: JSON.stringify escapes them
    // natively, where pg's array literal escapes each in JavaScript (several times slower).
    insertMany: `insert into ${table} (id, account_id, version, idempotency_key, doc, body)
select u.id, u.account_id, 1, u.key, d.doc, d.doc::jsonb
from unnest($1::bigint[], $2::bigint[], $3::text[]) with ordinality as u(id, account_id, key, n)
join json_array_elements_text($4::json) with ordinality as d(doc, n) using (n)
order by n
on conflict do nothing returning id::text as id, account_id::text as account_id, idempotency_key as key`,
    getMany: `select t.id::text as id, t.account_id::text as account_id, t.version, t.doc from ${table} as t
join unnest($1::bigint[], $2::bigint[]) as u(id, account_id) on t.id = u.id and t.account_id = u.account_id`,
    updateMany: `update ${table} as t set version = t.version + 1, doc = u.doc, body = u.doc::jsonb
from (select u.id, u.account_id, u.version, d.doc
  from unnest($1::bigint[], $2::bigint[], $3::bigint[]) with ordinality as u(id, account_id, version, n)
  join json_array_elements_text($4::json) with ordinality as d(doc, n) using (n)) as u
where t.id = u.id and t.account_id = u.account_id and t.version = u.version
returning t.id::text as id, t.version`,
  };

  /**
   * A page and the count of all rows matching `where` (the tenant, limit and offset are parameters
   * 1–3), in one statement that evaluates `where` once: the matching ids first (from an index where
   * there is one, without reading the records), then the records of the page by primary key. At least
   * one row comes back, with null `doc` when the page is empty, so the count is always there.
   * `ref` names parameter `index` with its type: `$4::jsonb` alone, `u.p4::jsonb` in a batch.
   */
  const pageText = (where: Condition[], ref: Ref) => `with matched as materialized (
  select id from ${table} where ${where.map((condition) => condition(ref)).join(' and ')})
select (select count(*)::integer from matched) as total, m.id as row_id, t.version, t.doc
from (select 1) as one
left join lateral (select id from matched order by id limit ${ref(2, 'bigint')} offset ${ref(3, 'bigint')}) as m on true
left join ${table} as t on t.id = m.id
order by m.id`;

  /**
   * The pages of many finds of one shape (the same conditions on other values) in one statement:
   * each find's parameters are a row of text arrays (`unnest … with ordinality`), and the page query
   * runs once per row (`cross join lateral`).
   */
  const batchedPageText = (where: Condition[], arity: number) => {
    const indices = Array.from({ length: arity }, (_, index) => index + 1);
    return `select u.n::integer as n, f.total, f.version, f.doc
from unnest(${indices.map((index) => `$${String(index)}::text[]`).join(', ')}) with ordinality
  as u(${indices.map((index) => `p${String(index)}`).join(', ')}, n)
cross join lateral (${pageText(where, batchedRef)}) as f
order by u.n, f.row_id`;
  };

  /**
   * Finds coalesced per shape (`coalesce.ts`): concurrent finds with the same conditions — every
   * request looking for its invoice number, its contact by TIN — share one statement. Shapes beyond
   * {@link MAX_FIND_SHAPES} (a host finding by ever new field sets) run alone.
   */
  const finders = new Map<string, (values: readonly unknown[]) => Promise<Page<T>>>();
  const finderOf = (where: Condition[], arity: number) => {
    const single = pageText(where, singleRef);
    let finder = finders.get(single);
    if (finder === undefined) {
      if (finders.size >= MAX_FIND_SHAPES) return (values: readonly unknown[]) => page(single, [...values]);
      const batched = batchedPageText(where, arity);
      finder = coalesce<readonly unknown[], Page<T>>(async (calls) => {
        if (calls.length === 1) return [await page(single, [...(calls[0] as readonly unknown[])])];
        const columns = Array.from({ length: arity }, (_, index) => calls.map((call) => textOf(call[index])));
        let rows: (PageRow & { n: number })[];
        try {
          rows = await run<PageRow & { n: number }>(batched, columns);
        } catch (error) {
          // A statement the server refused (a timeout, say) is asked again find by find, so that
          // one bad find fails alone; a connection lost fails them all, as it would each.
          if (!refusedByServer(error)) throw error;
          return Promise.all(calls.map((call) => settled(page(single, [...call]))));
        }
        const pages = calls.map((): Page<T> => ({ items: [], total_count: 0 }));
        for (const row of rows) {
          const found = pages[row.n - 1];
          if (found === undefined) continue;
          found.total_count = row.total;
          if (row.doc !== null && row.version !== null)
            found.items.push({ value: decode(row.doc), version: row.version });
        }
        return pages;
      });
      finders.set(single, finder);
    }
    return finder;
  };
  const ACCOUNT: Condition = (ref) => `account_id = ${ref(1, 'bigint')}`;

  /**
   * The page of the tenant's records whose top-level fields equal `where` and that meet `extra`
   * (`RecordCondition`s compared inside the body, as `recordMatches` means them), in one statement
   * coalesced with others of its shape (`finderOf`).
   */
  const pageWhere = (
    account_id: number,
    where: Readonly<Record<string, FieldValue>>,
    extra: readonly RecordCondition[],
    request: PageRequest,
  ): Promise<Page<T>> => {
    const values: unknown[] = [account_id, request.limit, request.offset];
    /** Adds a parameter; its reference, typed, in whichever statement runs it. */
    const parameter = (value: unknown, type: string) => {
      values.push(value);
      const index = values.length;
      return (ref: Ref) => ref(index, type);
    };
    const conditions: Condition[] = [ACCOUNT];
    /** The fields compared inside the body, as one containment object (one index lookup, if any). */
    const contained: Record<string, unknown> = {};
    let containing = false;
    for (const [field, wanted] of Object.entries(where)) {
      if (field === 'id') {
        // The id column is the body's `id` (a safe integer, checked on insert).
        if (typeof wanted === 'number' && Number.isSafeInteger(wanted)) {
          const id = parameter(wanted, 'bigint');
          conditions.push((ref) => `id = ${id(ref)}`);
        } else conditions.push(() => 'false');
        continue;
      }
      const encoded = wanted === null ? null : encodeFieldValue(wanted);
      if (wanted !== null && encoded === null) {
        conditions.push(() => 'false');
        continue;
      }
      if (columns.has(field)) {
        const column = quoteIdentifier(field);
        if (encoded === null) conditions.push(() => `${column} is null`);
        else {
          const value = parameter(encoded, 'jsonb');
          conditions.push((ref) => `${column} = ${value(ref)}`);
        }
        continue;
      }
      if (encoded === null) {
        const key = parameter(encodedKey(field), 'text');
        conditions.push((ref) => `coalesce(body -> ${key(ref)}, 'null') = 'null'`);
      } else if (typeof wanted === 'string' && !encoded.startsWith('"')) {
        // A tagged string is an object, which containment would match loosely (an array inside it
        // as a subset): it is compared whole.
        const key = parameter(encodedKey(field), 'text');
        const value = parameter(encoded, 'jsonb');
        conditions.push((ref) => `body -> ${key(ref)} = ${value(ref)}`);
      } else {
        contained[encodedKey(field)] = wanted;
        containing = true;
      }
    }
    if (containing) {
      const value = parameter(JSON.stringify(contained), 'jsonb');
      conditions.push((ref) => `body @> ${value(ref)}`);
    }
    for (const condition of extra) conditions.push(conditionText(condition, parameter));
    return finderOf(conditions, values.length)(values);
  };

  const run = async <R extends object>(text: string, values: unknown[]) =>
    (await pool.query<R & Record<string, unknown>>(statement(text, values))).rows;

  const decode = (doc: string): T => decodeJson(doc) as T;

  const ownerOfValue = (value: T): number => {
    const account = owner(value);
    if (!Number.isSafeInteger(account))
      throw new TypeError(
        `record ${String(value.id)} has no integer owner (account_id), not ${String(account)}`,
      );
    return account;
  };

  const page = async (text: string, values: unknown[]): Promise<Page<T>> => {
    const rows = await run<PageRow>(text, values);
    const items: Versioned<T>[] = [];
    for (const row of rows)
      if (row.doc !== null && row.version !== null)
        items.push({ value: decode(row.doc), version: row.version });
    return { items, total_count: rows[0]?.total ?? 0 };
  };

  /** The stored row of `id` (any tenant), for telling why a conditional write matched nothing. */
  const current = async (id: number) => {
    const [row] = await run<{ account_id: string; version: number }>(sql.current, [id]);
    // money-safe: a bigint id read as text (pg's default for int8) back to the safe integer it was.
    return row === undefined ? null : { account_id: Number(row.account_id), version: row.version };
  };

  /** One insert on its own: the statement of the contract, then the follow-ups of a conflict. */
  const insertOne = async ({ value, id, account, key, doc }: InsertCall<T>): Promise<Inserted<T>> => {
    for (let attempt = 0; attempt < RACE_RETRIES; attempt += 1) {
      const [row] = await run<{ created: boolean; version: number; doc: string | null }>(sql.insert, [
        id,
        account,
        key,
        doc,
      ]);
      if (row?.created === true) return { value, version: 1, created: true };
      if (row !== undefined && row.doc !== null)
        return { value: decode(row.doc), version: row.version, created: false };
      // Nothing inserted and no keyed record in the statement's snapshot: the id is taken, or the
      // key's record was committed by another process after the snapshot was taken.
      if (key !== null) {
        const [keyed] = await run<{ version: number; doc: string }>(sql.byKey, [account, key]);
        if (keyed !== undefined) return { value: decode(keyed.doc), version: keyed.version, created: false };
      }
      if ((await run(sql.exists, [id])).length > 0) throw new DuplicateRecordError(id);
      // The conflicting record was removed meanwhile: try again.
    }
    throw new Error(`insert of record ${String(id)} kept racing with other writers`);
  };

  /**
   * Inserts coalesced into one statement ({@link inRuns}). What it inserted is created; a row it
   * skipped (an id or a key already stored, or an id repeated in the run: the statement inserts in
   * call order) goes through {@link insertOne}, which answers exactly as a lone insert would (the
   * keyed record, or DuplicateRecordError).
   */
  const insertMany = coalesce<InsertCall<T>, Inserted<T>>((calls) =>
    inRuns(
      calls,
      // A keyed insert answers the record its key names if that was stored before it. In a run of
      // different keys a key found taken was taken before the run, and the lone statement after it
      // answers that record exactly; a second insert of a key starts a new run, and meets the first
      // one's record, as it would one by one.
      // Keys are the tenant's: one key in two accounts names two records.
      (call) => (call.key === null ? null : JSON.stringify([call.account, call.key])),
      insertOne,
      async (batch) => {
        /** A row as the statement returns it and as a call names it: its id, tenant and key. */
        const rowOf = (id: string, account: string, key: string | null) => JSON.stringify([id, account, key]);
        const rows = await run<{ id: string; account_id: string; key: string | null }>(sql.insertMany, [
          batch.map((call) => call.id),
          batch.map((call) => call.account),
          batch.map((call) => call.key),
          JSON.stringify(batch.map((call) => call.doc)),
        ]);
        const inserted = new Set(rows.map((row) => rowOf(row.id, row.account_id, row.key)));
        return batch.map((call) => {
          // An inserted row answers the first call that carried it (the statement inserts in call
          // order; only unkeyed calls can repeat one); a call it skipped met an id or key already
          // stored, and insertOne tells it which, as a lone insert would.
          if (inserted.delete(rowOf(String(call.id), String(call.account), call.key)))
            return Promise.resolve({ value: call.value, version: 1, created: true } satisfies Inserted<T>);
          return settled(insertOne(call));
        });
      },
    ),
  );

  /** One read on its own. */
  const getOne = async ({ account_id, id }: GetCall): Promise<Versioned<T> | null> => {
    const [row] = await run<{ version: number; doc: string }>(sql.get, [id, account_id]);
    return row === undefined ? null : { value: decode(row.doc), version: row.version };
  };

  /** Reads coalesced into one statement. */
  const getMany = coalesce<GetCall, Versioned<T> | null>(async (calls) => {
    if (calls.length === 1) return [await getOne(calls[0] as GetCall)];
    const rows = await run<{ id: string; account_id: string; version: number; doc: string }>(sql.getMany, [
      calls.map((call) => call.id),
      calls.map((call) => call.account_id),
    ]);
    const found = new Map(rows.map((row) => [`${row.account_id}:${row.id}`, row]));
    return calls.map((call) => {
      const row = found.get(`${String(call.account_id)}:${String(call.id)}`);
      // Each call decodes its own copy: a caller may change what it gets.
      return row === undefined ? null : { value: decode(row.doc), version: row.version };
    });
  });

  /**
   * Updates with their outbox events, in one statement ({@link sql}`.updateWithEvents`): the answers
   * of the calls it updated, by record id, each with its events as the sink now holds them (an event
   * whose key was stored before is read back by key). Calls it did not update are not answered.
   */
  const updateWithEvents = async (batch: readonly UpdateCall<T>[]): Promise<Map<number, Updated<T>>> => {
    const rows = await run<WrittenRow>(sql.updateWithEvents, [
      batch.map((call) => call.id),
      batch.map((call) => call.account),
      batch.map((call) => call.expected_version),
      JSON.stringify(batch.map((call) => call.doc)),
      JSON.stringify(
        batch.flatMap((call) =>
          (call.events ?? []).map((event) => ({ r: call.id, a: event.account, k: event.key, b: event.body })),
        ),
      ),
    ]);
    const versions = new Map<number, number>();
    const stored = new Map<string, EventEnvelope>();
    const take = (row: WrittenRow) => {
      if (row.kind === 'event' && row.key !== null && row.body !== null)
        stored.set(row.key, envelopeOf(row.id, row.body));
      // money-safe: a bigint id read as text back to the safe integer it was.
      else if (row.kind === 'record' && row.version !== null) versions.set(Number(row.id), row.version);
    };
    for (const row of rows) take(row);
    const updated = batch.filter((call) => versions.has(call.id));
    const missing = updated.flatMap((call) => (call.events ?? []).map((event) => event.key));
    const unseen = [...new Set(missing.filter((key) => !stored.has(key)))];
    if (unseen.length > 0) for (const row of await run<WrittenRow>(sql.eventsByKey, [unseen])) take(row);
    const answers = new Map<number, Updated<T>>();
    for (const call of updated) {
      const version = versions.get(call.id) as number;
      if (call.events === null) {
        answers.set(call.id, { value: call.value, version });
        continue;
      }
      const written = call.events.map((event) => {
        const found = stored.get(event.key);
        // Events are never deleted: a key the statement skipped was stored, and is read back above.
        if (found === undefined)
          throw new Error(`the event ${event.key} of record ${String(call.id)} is not stored`);
        return found;
      });
      answers.set(call.id, { value: call.value, version, events: written });
    }
    return answers;
  };

  /** Whether a call carries events to write with it (it then goes through {@link updateWithEvents}). */
  const hasEvents = (call: UpdateCall<T>) => call.events !== null && call.events.length > 0;

  /** What a plain update (no events to write) answers: with `events: []` when the call asked for an outbox. */
  const plainAnswer = (call: UpdateCall<T>, version: number): Updated<T> =>
    call.events === null ? { value: call.value, version } : { value: call.value, version, events: [] };

  /**
   * Why an update with events at its expected version matched nothing, when a key of its events holds
   * the event of another version of the record (its `data.version`): that refusal, else null.
   */
  const keyConflict = async (call: UpdateCall<T>): Promise<OutboxKeyConflictError | null> => {
    const keys = (call.events ?? []).map((event) => event.key);
    // money-safe: a record version, the one the update would give it.
    const version = call.expected_version + 1;
    for (const row of await run<WrittenRow>(sql.eventsByKey, [keys])) {
      const held = (row.body?.data as { version?: unknown } | undefined)?.version;
      if (typeof held === 'number' && held !== version && row.key !== null)
        return new OutboxKeyConflictError(call.id, row.key, held, version);
    }
    return null;
  };

  /** One update on its own: the conditional statement, then the read that tells why it matched nothing. */
  const updateOne = async (call: UpdateCall<T>): Promise<Updated<T>> => {
    const { id, account, expected_version, doc } = call;
    for (let attempt = 0; attempt < RACE_RETRIES; attempt += 1) {
      if (integers(expected_version)) {
        if (hasEvents(call)) {
          const written = (await updateWithEvents([call])).get(id);
          if (written !== undefined) return written;
        } else {
          const [row] = await run<{ version: number }>(sql.update, [id, account, expected_version, doc]);
          if (row !== undefined) return plainAnswer(call, row.version);
        }
      }
      const stored = await current(id);
      if (stored === null || stored.account_id !== account) throw new RecordMissingError(id);
      if (stored.version !== expected_version)
        throw new VersionConflictError(id, expected_version, stored.version);
      if (hasEvents(call)) {
        const conflict = await keyConflict(call);
        if (conflict !== null) throw conflict;
      }
      // Removed and inserted again between the two statements: try again.
    }
    throw new Error(`update of record ${String(id)} kept racing with other writers`);
  };

  /**
   * Updates coalesced into one statement. A record named twice in a batch (two writers racing on
   * it): the second starts a new run and meets what the first did, as it would one by one; an update with
   * a version that is no integer, and anything the statement did not update, go through
   * {@link updateOne}, which answers exactly as a lone update would.
   */
  const updateMany = coalesce<UpdateCall<T>, Updated<T>>((calls) =>
    inRuns(
      calls,
      (call) => String(call.id),
      updateOne,
      async (batch) => {
        const simple = batch.filter((call) => integers(call.expected_version));
        // A run with events to write goes through the statement that writes them (issue #24 item 4);
        // the others keep the plain one.
        if (simple.some(hasEvents)) {
          const written = await updateWithEvents(simple);
          return batch.map((call) => {
            const answer = written.get(call.id);
            return answer === undefined ? settled(updateOne(call)) : Promise.resolve(answer);
          });
        }
        const rows =
          simple.length === 0
            ? []
            : await run<{ id: string; version: number }>(sql.updateMany, [
                simple.map((call) => call.id),
                simple.map((call) => call.account),
                simple.map((call) => call.expected_version),
                JSON.stringify(simple.map((call) => call.doc)),
              ]);
        // money-safe: bigint ids read as text back to the safe integers they were.
        const updated = new Map(rows.map((row) => [Number(row.id), row.version]));
        return batch.map((call) => {
          const version = updated.get(call.id);
          return version === undefined
            ? settled(updateOne(call))
            : Promise.resolve(plainAnswer(call, version));
        });
      },
    ),
  );

  return {
    async insert(value: T, insertOptions: InsertOptions = {}): Promise<Inserted<T>> {
      const account = ownerOfValue(value);
      if (!Number.isSafeInteger(value.id))
        throw new TypeError(`a record id must be a safe integer, not ${String(value.id)}`);
      // Keys are text; escaped, a key with a NUL (which PostgreSQL text cannot hold) stays distinct.
      const key = insertOptions.key === undefined ? null : escapeText(insertOptions.key);
      return insertMany({ value, id: value.id, account, key, doc: encodeJson(value) });
    },

    async get(account_id: number, id: number): Promise<Versioned<T> | null> {
      if (!integers(account_id, id)) return null;
      return getMany({ account_id, id });
    },

    async update(value: T, expected_version: number, updateOptions: UpdateOptions = {}): Promise<Updated<T>> {
      const account = owner(value);
      if (!Number.isSafeInteger(account) || !Number.isSafeInteger(value.id))
        throw new RecordMissingError(value.id);
      let events: EventCall[] | null = null;
      if (outbox && updateOptions.events !== undefined) {
        events = updateOptions.events.map((item) => {
          if (!Number.isSafeInteger(item.account_id))
            throw new TypeError(
              `an event's account_id must be a safe integer, not ${String(item.account_id)}`,
            );
          const { code, triggered_at, data } = item.event;
          // The envelope as the sink stores it (`eventSink.ts`): json, keys in this order.
          return {
            account: item.account_id,
            key: item.key,
            body: JSON.stringify({ code, triggered_at, data }),
          };
        });
      }
      return updateMany({ value, id: value.id, account, expected_version, doc: encodeJson(value), events });
    },

    async remove(account_id: number, id: number, expected_version: number): Promise<void> {
      if (!integers(account_id, id)) throw new RecordMissingError(id);
      for (let attempt = 0; attempt < RACE_RETRIES; attempt += 1) {
        if (integers(expected_version)) {
          const removed = await pool.query(statement(sql.remove, [id, account_id, expected_version]));
          if ((removed.rowCount ?? 0) > 0) return;
        }
        const stored = await current(id);
        if (stored === null || stored.account_id !== account_id) throw new RecordMissingError(id);
        if (stored.version !== expected_version)
          throw new VersionConflictError(id, expected_version, stored.version);
      }
      throw new Error(`removal of record ${String(id)} kept racing with other writers`);
    },

    async list(account_id: number, request: PageRequest): Promise<Page<T>> {
      assertPageRequest(request);
      if (!integers(account_id)) return { items: [], total_count: 0 };
      return finderOf([ACCOUNT], 3)([account_id, request.limit, request.offset]);
    },

    async ownerOf(id: number): Promise<number | null> {
      if (!integers(id)) return null;
      const [row] = await run<{ account_id: string }>(sql.owner, [id]);
      // money-safe: a bigint id read as text (pg's default for int8) back to the safe integer it was.
      return row === undefined ? null : Number(row.account_id);
    },

    async find(
      account_id: number,
      where: Readonly<Record<string, FieldValue>>,
      request: PageRequest,
    ): Promise<Page<T>> {
      assertPageRequest(request);
      if (!integers(account_id)) return { items: [], total_count: 0 };
      return pageWhere(account_id, where, [], request);
    },

    async search(
      account_id: number,
      conditions: readonly RecordCondition[],
      request: PageRequest,
    ): Promise<Page<T>> {
      assertPageRequest(request);
      if (!integers(account_id)) return { items: [], total_count: 0 };
      // Top-level equalities are `find`'s (indexed columns, one containment of the body); the
      // others are compared inside the body (`conditionText`).
      const { where, rest } = indexedEqualities(conditions);
      return pageWhere(account_id, where, rest, request);
    },
  };
}
