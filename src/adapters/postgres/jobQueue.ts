/**
 * The background job queue on PostgreSQL (ports.ts `JobQueue`, issue #10): one table, row locks and
 * `SELECT … FOR UPDATE SKIP LOCKED`, so that any number of workers in any number of processes lease
 * from one queue and no job is held by two live leases.
 *
 * Why not pg-boss: the port's contract — a keyed enqueue deduplicated for ever, leases with `extend`,
 * `retry(lease, {run_at, error})`, `fail`, {@link LeaseLostError} for a lease that was taken over,
 * `attempts` counted per lease, due jobs in (`run_at`, id) order — maps directly onto one table and
 * its row locks. pg-boss would bring a second scheduler (its own polling, retry and expiry policy to
 * be reconciled with the port's), a schema of its own to migrate, and it judges expiry by the
 * database's clock; here every instant (`run_at`, the lease's expiry) is a millisecond number from the
 * injected clock, compared by plain SQL, so the contract suite runs deterministically with a manual
 * clock and a replay behaves as the original run.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { Pool, QueryConfig } from 'pg';
import {
  type Clock,
  type Job,
  type JobDraft,
  type JobQueue,
  type JobStatus,
  type Lease,
  LeaseLostError,
  type LeaseOptions,
  type RetryOptions,
} from '../../ports.js';
import { decodeJson, encodeJson } from './json.js';
import { statement } from './statements.js';

/** The table {@link postgresJobQueue} uses unless told. */
const DEFAULT_TABLE = 'fiscalkit_jobs';

/**
 * A table name: a lower-case identifier, optionally schema-qualified. Checked rather than quoted
 * because it is spliced into SQL text, and short enough that the index names derived from it stay
 * under PostgreSQL's 63-byte limit.
 */
const TABLE_NAME = /^(?:[a-z_][a-z0-9_]{0,62}\.)?[a-z_][a-z0-9_]{0,40}$/;

function checkTable(table: string): { qualified: string; bare: string } {
  if (!TABLE_NAME.test(table)) throw new TypeError(`not a job queue table name: ${JSON.stringify(table)}`);
  return { qualified: table, bare: table.slice(table.lastIndexOf('.') + 1) };
}

/**
 * The SQL that creates the job queue table `table` (default `fiscalkit_jobs`) and its indexes,
 * idempotent (`IF NOT EXISTS`), for a host that gives {@link postgresJobQueue} a table of its own.
 *
 * - Instants (`run_at`, `leased_until`) are `bigint` milliseconds of the injected clock, not
 *   `timestamptz`: the database's clock never judges a lease (see the module comment).
 * - `key` is unique (NULLs apart), and rows are never deleted, so a key deduplicates for ever.
 * - The partial index on (`run_at`, id) over the `queued` and `leased` rows is the lease query's
 *   order; `done` and `dead` rows leave it, so a long history does not slow leasing down.
 *
 * @example
 * ```ts
 * await pool.query(jobQueueMigration('tenant_jobs'));
 * const jobs = postgresJobQueue(pool, { clock: systemClock(), table: 'tenant_jobs' });
 * ```
 */
export function jobQueueMigration(table: string = DEFAULT_TABLE): string {
  const { qualified, bare } = checkTable(table);
  return `
CREATE TABLE IF NOT EXISTS ${qualified} (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  key text UNIQUE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'leased', 'done', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  run_at bigint NOT NULL,
  last_error text,
  lease_token uuid,
  leased_until bigint
);
CREATE INDEX IF NOT EXISTS ${bare}_due ON ${qualified} (run_at, id) WHERE status IN ('queued', 'leased');
`;
}

/**
 * The job queue's table (`fiscalkit_jobs`), a step of `migrate`: the SQL of {@link jobQueueMigration}
 * for the default table name.
 *
 * @example
 * ```ts
 * await pool.query(JOB_QUEUE_MIGRATION);
 * const jobs = postgresJobQueue(pool, { clock: systemClock() });
 * ```
 */
export const JOB_QUEUE_MIGRATION: string = jobQueueMigration();

/** Options of {@link postgresJobQueue}. */
export interface PostgresJobQueueOptions {
  /** Gives `run_at` to a draft without one (a lease's `now` comes from its caller). */
  clock: Clock;
  /** The table, created by {@link jobQueueMigration}; default `fiscalkit_jobs`. */
  table?: string;
}

/** A row as the queries return it: bigints as text, the payload as its JSON text. */
interface Row {
  id: string;
  kind: string;
  payload: string;
  key: string | null;
  status: JobStatus;
  attempts: number;
  run_at: string;
  last_error: string | null;
  leased_until: string | null;
}

/** The columns every query returns, in the shape of {@link Row}. */
const COLUMNS = `id::text AS id, kind, payload::text AS payload, key, status, attempts, run_at::text AS run_at,
  last_error, leased_until::text AS leased_until`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Freezes decoded plain data in depth (a `LosslessNumber` is an immutable value already). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (Array.isArray(value) || prototype === Object.prototype || prototype === null) {
      for (const child of Object.values(value)) deepFreeze(child);
      Object.freeze(value);
    }
  }
  return value;
}

/** A bigint column's text as a number: ids and instants, safe integers by construction. */
function integer(text: string): number {
  // money-safe: an id or an instant in ms, both safe integers (checked when written).
  return Number(text);
}

function toJob(row: Row): Job {
  return Object.freeze({
    id: integer(row.id),
    kind: row.kind,
    payload: deepFreeze(decodeJson(row.payload) as Record<string, unknown>),
    key: row.key,
    status: row.status,
    attempts: row.attempts,
    run_at: integer(row.run_at),
    last_error: row.last_error,
  });
}

function checkInstant(what: string, value: number): void {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${what} must be a safe integer (ms), not ${String(value)}`);
}

function checkLeaseMs(lease_ms: number): void {
  if (!Number.isSafeInteger(lease_ms) || lease_ms <= 0)
    throw new RangeError(`lease_ms must be a positive integer, not ${String(lease_ms)}`);
}

/** When a lease taken or renewed at `now` for `lease_ms` expires. */
function expiry(now: number, lease_ms: number): number {
  // money-safe: an instant in milliseconds.
  const at = now + lease_ms;
  checkInstant('the lease expiry', at);
  return at;
}

/**
 * A job queue on PostgreSQL. Same semantics as `memoryJobQueue` (the contract of
 * `test/contracts/jobQueue.ts`), shared by every process on the database:
 *
 * - `enqueue` inserts a `queued` job (`attempts` 0, `run_at` the draft's or the clock's now); with a
 *   `key` already stored (ever) it inserts nothing (`ON CONFLICT (key) DO NOTHING`) and answers that
 *   job as it is now, `created: false`. Ids come from an identity column, increasing.
 * - `lease` is one statement: it locks the due job with the smallest (`run_at`, id) — `queued` with
 *   `run_at ≤ now`, or `leased` with `leased_until ≤ now` (its worker is presumed dead) — skipping rows
 *   another worker is locking this instant (`FOR UPDATE SKIP LOCKED`), and marks it `leased` with a
 *   fresh random token until `now + lease_ms`, `attempts` + 1. Two workers never get the same job:
 *   the second one's lock either skips the row or, once the first commits, re-checks it and finds it
 *   no longer due.
 * - `retry` with `counted: false` takes the lease's attempt back (`attempts` − 1).
 * - `extend`, `complete`, `retry` and `fail` update the job only where it still carries the lease's
 *   token; no row updated means the lease was taken over (or already spent): {@link LeaseLostError}.
 *   A lease that expired but was not taken over still holds, as in memory.
 *
 * The payload is stored as jsonb in the encoding of `json.ts` (the one every `fiscalkit/postgres` table
 * uses), so that it comes back as it went in: JS numbers as numbers, a `LosslessNumber` as a
 * `LosslessNumber` with its exact text, even strings `jsonb` itself would refuse. Plain ids, the
 * payloads' usual stuff, are stored untagged, so `payload->>'batch_id'` works in SQL.
 *
 * @example
 * ```ts
 * await pool.query(JOB_QUEUE_MIGRATION);
 * const jobs = postgresJobQueue(pool, { clock: systemClock() });
 * await jobs.enqueue({ kind: 'deliver_webhook', payload: { delivery_id: 7 }, key: 'delivery-7' });
 * const lease = await jobs.lease({ now: Date.now(), lease_ms: 30_000 });
 * if (lease) await jobs.complete(lease); // the job is done, in every process's eyes
 * ```
 */
export function postgresJobQueue(pool: Pick<Pool, 'query'>, options: PostgresJobQueueOptions): JobQueue {
  const clock = options.clock;
  const { qualified: table } = checkTable(options.table ?? DEFAULT_TABLE);

  const due = `((status = 'queued' AND run_at <= $1) OR (status = 'leased' AND leased_until <= $1))`;
  const leaseSql = (kinds: boolean) => `
UPDATE ${table} SET status = 'leased', lease_token = $3, leased_until = $2, attempts = attempts + 1
WHERE id = (
  SELECT id FROM ${table} WHERE ${due}${kinds ? ' AND kind = ANY($4::text[])' : ''}
  ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
)
RETURNING ${COLUMNS}`;
  // Named statements (`statements.ts`): each text is parsed and planned once per connection, which
  // makes the lease-and-complete loop about a third faster than unnamed ones on loopback.
  const sql = {
    insert: `INSERT INTO ${table} (kind, payload, key, run_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (key) DO NOTHING RETURNING ${COLUMNS}`,
    byKey: `SELECT ${COLUMNS} FROM ${table} WHERE key = $1`,
    byId: `SELECT ${COLUMNS} FROM ${table} WHERE id = $1`,
    lease: leaseSql(false),
    leaseKinds: leaseSql(true),
    extend: `UPDATE ${table} SET leased_until = $3 WHERE id = $1 AND lease_token = $2 RETURNING ${COLUMNS}`,
    complete: `UPDATE ${table} SET status = 'done', lease_token = NULL, leased_until = NULL
      WHERE id = $1 AND lease_token = $2`,
    retry: `UPDATE ${table} SET status = 'queued', run_at = $3, last_error = $4, lease_token = NULL,
      leased_until = NULL, attempts = attempts - $5 WHERE id = $1 AND lease_token = $2`,
    fail: `UPDATE ${table} SET status = 'dead', last_error = $3, lease_token = NULL, leased_until = NULL
      WHERE id = $1 AND lease_token = $2`,
  };
  const query = async (text: string, values: unknown[]): Promise<{ rows: Row[]; rowCount: number }> => {
    const config: QueryConfig = statement(text, values);
    const result = await pool.query<Row>(config);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };

  /** The lease's id and token as query values, or LeaseLostError for a lease no queue of ours gave. */
  const held = (lease: Lease): [number, string] => {
    if (!Number.isSafeInteger(lease.job.id) || !UUID.test(lease.token))
      throw new LeaseLostError(lease.job.id);
    return [lease.job.id, lease.token];
  };

  /**
   * The calls on each lease still running, by token. Calls on one lease take effect in the order they
   * were made, as in memory: a pool would otherwise run `complete(lease)` and `fail(lease)` issued
   * together on two connections, in either order, and each promise would settle on its own schedule
   * (so a caller awaiting them one by one could meet a rejection it has not awaited yet).
   */
  const running = new Map<string, Promise<unknown>>();
  const inOrder = <T>(lease: Lease, run: () => Promise<T>): Promise<T> => {
    const before = running.get(lease.token);
    const result = before === undefined ? run() : before.then(run);
    const after = result.then(
      () => undefined,
      () => undefined,
    );
    running.set(lease.token, after);
    void after.then(() => {
      if (running.get(lease.token) === after) running.delete(lease.token);
    });
    return result;
  };

  /** Runs a settling update; no row updated means the lease is no longer the job's. */
  const settle = (lease: Lease, text: string, extra: unknown[]) =>
    inOrder(lease, async () => {
      const { rowCount } = await query(text, [...held(lease), ...extra]);
      if (rowCount !== 1) throw new LeaseLostError(lease.job.id);
    });

  return {
    async enqueue(draft: JobDraft) {
      const run_at = draft.run_at ?? clock.now();
      checkInstant('run_at', run_at);
      if (typeof draft.payload !== 'object' || draft.payload === null || Array.isArray(draft.payload))
        throw new TypeError('a job payload must be a JSON object');
      const payload = encodeJson(draft.payload);
      const key = draft.key ?? null;
      const inserted = await query(sql.insert, [draft.kind, payload, key, run_at]);
      const row = inserted.rows[0];
      if (row !== undefined) return { job: toJob(row), created: true };
      // The key is taken (a conflict is only possible with one). Read in a new statement: its snapshot
      // sees the other enqueue even if that committed while this insert waited for it.
      const existing = await query(sql.byKey, [key]);
      const found = existing.rows[0];
      if (found === undefined) throw new Error(`job key ${JSON.stringify(key)} conflicted but is not stored`);
      return { job: toJob(found), created: false };
    },

    async lease(leaseOptions: LeaseOptions) {
      const { now, lease_ms, kinds } = leaseOptions;
      checkInstant('now', now);
      checkLeaseMs(lease_ms);
      if (kinds !== undefined && kinds.length === 0) return null;
      const until = expiry(now, lease_ms);
      const token = randomUUID();
      const { rows } = await (kinds === undefined
        ? query(sql.lease, [now, until, token])
        : query(sql.leaseKinds, [now, until, token, kinds]));
      const row = rows[0];
      if (row === undefined) return null;
      return Object.freeze({ job: toJob(row), token, expires_at: until });
    },

    async extend(lease: Lease, extendOptions: { now: number; lease_ms: number }) {
      checkInstant('now', extendOptions.now);
      checkLeaseMs(extendOptions.lease_ms);
      const until = expiry(extendOptions.now, extendOptions.lease_ms);
      return inOrder(lease, async () => {
        const { rows } = await query(sql.extend, [...held(lease), until]);
        const row = rows[0];
        if (row === undefined) throw new LeaseLostError(lease.job.id);
        return Object.freeze({ job: toJob(row), token: lease.token, expires_at: until });
      });
    },

    async complete(lease: Lease) {
      await settle(lease, sql.complete, []);
    },

    async retry(lease: Lease, retryOptions: RetryOptions) {
      checkInstant('run_at', retryOptions.run_at);
      const takenBack = retryOptions.counted === false ? 1 : 0;
      await settle(lease, sql.retry, [retryOptions.run_at, retryOptions.error, takenBack]);
    },

    async fail(lease: Lease, failOptions: { error: string }) {
      await settle(lease, sql.fail, [failOptions.error]);
    },

    async get(id: number) {
      if (!Number.isSafeInteger(id)) return null;
      const { rows } = await query(sql.byId, [id]);
      return rows[0] === undefined ? null : toJob(rows[0]);
    },
  };
}
