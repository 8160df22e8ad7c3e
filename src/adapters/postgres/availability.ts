/**
 * What the PostgreSQL adapters do while the database is away (issue #24: "a PostgreSQL restart kills
 * every process"). Every statement of `postgresPorts` goes through {@link guardedPool}:
 *
 * - a statement that fails because the connection could not be made or was lost
 *   ({@link isConnectionFailure}) fails with the port's `StorageUnavailableError`, which the HTTP
 *   binding answers 503 with `Retry-After` and a worker takes as "put the job back, spend no
 *   attempt" — never a crash, never a 500;
 * - from then on the database counts as away: statements fail at once, without a connection attempt,
 *   until the next probe is due; then the guard's own probe (`select 1`, with a timeout) is sent, and
 *   the statements that arrive meanwhile wait for it. The wait between probes doubles from `base_ms`
 *   to `max_ms` (reconnection with backoff: the pool makes a fresh connection for the probe, the dead
 *   ones were already dropped), so a fleet does not hammer a database that is starting up;
 * - the first probe the server answers ends the outage.
 *
 * An idle connection that the server drops emits `'error'` on the pool; without a listener Node
 * ends the process (`Emitted 'error' event on BoundPool`). `postgresPorts` listens.
 *
 * @module
 */
import type { Pool } from 'pg';
import { StorageUnavailableError } from '../../ports.js';

/** What a statement runs on: `pg`'s pool (or a client), of which the adapters use `query` only. */
export type Queryable = Pick<Pool, 'query'>;

/** Node's error codes of a connection that could not be made or was lost. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not there yet (Appendix A of the
 * PostgreSQL manual): class 08 (connection exception), `57P01` admin_shutdown (a fast stop or
 * restart), `57P02` crash_shutdown, `57P03` cannot_connect_now (starting up, shutting down, in
 * recovery), `53300` too_many_connections (a restart's reconnection storm).
 */
const SERVER_GOING_AWAY: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * `pg`'s own messages for a connection that ended or could not be made (a connection attempt that
 * times out ends as "Connection terminated due to connection timeout"). Not pg-pool's "timeout
 * exceeded when trying to connect": that is a busy pool, all of whose connections are in use, not a
 * database that is away.
 */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|Client has encountered a connection error|not queryable|Connection is closed|Client was closed/i;

/**
 * Whether an error of `pg` says that the database could not be reached (rather than that it refused
 * the statement): the statement may then succeed later, unchanged.
 *
 * @example
 * ```ts
 * isConnectionFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })); // true
 * isConnectionFailure(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })); // true
 * isConnectionFailure(Object.assign(new Error('duplicate key value'), { code: '23505' })); // false
 * ```
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || SERVER_GOING_AWAY.has(code) || code.startsWith('08'))
  )
    return true;
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return true;
  // An AggregateError (a host name with several addresses, all refused) carries the codes inside.
  const inner = (error as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.length > 0 && inner.every(isConnectionFailure);
}

/** A change of the database's reachability, for the host's log. */
export type AvailabilityChange =
  | { readonly state: 'away'; readonly error: unknown; readonly retry_in_ms: number }
  | { readonly state: 'back'; readonly away_ms: number };

/** Options of {@link guardedPool}. */
export interface AvailabilityOptions {
  /** The first wait before a probe, in milliseconds; default 100. */
  readonly base_ms?: number;
  /** The longest wait between probes; default 5,000. */
  readonly max_ms?: number;
  /** How long a probe may take before it counts as failed; default 5,000. */
  readonly probe_timeout_ms?: number;
  /** Reads the time (milliseconds); default `Date.now`. */
  readonly now?: () => number;
  /** Told when the database goes away and when it is back (once each per outage). */
  readonly onChange?: (change: AvailabilityChange) => void;
}

/** The reachability of the database as the guard sees it. */
export interface Availability {
  /** Whether the database answered the last probe (or nothing failed yet). */
  readonly up: boolean;
}

/** The statement the guard sends to see whether the database is back. */
const PROBE = 'select 1';

/**
 * The pool as the adapters use it, with the outage behaviour of this module's comment, and the
 * reachability it tracks.
 *
 * - An outage starts when a statement fails to reach the database; statements already in flight that
 *   fail the same way do not lengthen it.
 * - While it lasts, statements fail at once until a probe is due. The first statement after that
 *   sends the guard's own probe (`select 1`, given at most `probe_timeout_ms`), and every statement
 *   arriving meanwhile waits for the same probe: when it succeeds — or the server answers anything at
 *   all, even an error — the outage ends and they all go ahead; when it fails, they fail and the wait
 *   before the next probe doubles (to at most `max_ms`).
 * - An idle connection's error is not an outage by itself (one backend ended, an idle timeout): the
 *   pool has already dropped that connection, and the next statement finds out whether the database
 *   is there.
 *
 * @example
 * ```ts
 * const { pool: guarded, availability } = guardedPool(pool, { onChange: (change) => console.log(change.state) });
 * const store = postgresStore(guarded);
 * availability.up; // true while the database answers
 * ```
 */
export function guardedPool(
  pool: Queryable,
  options: AvailabilityOptions = {},
): { pool: Queryable; availability: Availability } {
  const base = options.base_ms ?? 100;
  const max = options.max_ms ?? 5000;
  const probeTimeout = options.probe_timeout_ms ?? 5000;
  const now = options.now ?? Date.now;
  // Called on the pool: pg's `query` reads its own fields through `this`.
  const send = (...args: unknown[]) =>
    (pool.query as (...given: unknown[]) => Promise<unknown>).apply(pool, args);
  /** When the outage began, or null while the database answers. */
  let awaySince: number | null = null;
  /** The wait before the next probe, and when it is due. */
  let delay = base;
  let probeAt = 0;
  /** The probe in flight: resolves true when the database answered. */
  let probing: Promise<boolean> | null = null;

  const unavailable = (error: unknown, message?: string) =>
    new StorageUnavailableError(
      message ?? `PostgreSQL is unreachable (${error instanceof Error ? error.message : String(error)})`,
      Math.max(0, probeAt - now()), // money-safe: milliseconds
      error === undefined ? {} : { cause: error },
    );

  const startOutage = (error: unknown) => {
    if (awaySince !== null) return;
    awaySince = now();
    delay = base;
    probeAt = awaySince + delay; // money-safe: milliseconds
    options.onChange?.({ state: 'away', error, retry_in_ms: delay });
  };

  const back = () => {
    if (awaySince === null) return;
    const away_ms = now() - awaySince; // money-safe: milliseconds
    awaySince = null;
    delay = base;
    options.onChange?.({ state: 'back', away_ms });
  };

  /** One probe: `select 1` within the timeout. Any answer of the server ends the outage. */
  const probe = async (): Promise<boolean> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), probeTimeout);
    });
    const answer = send(PROBE).then(
      () => 'answered' as const,
      (error: unknown) => (isConnectionFailure(error) ? ('failed' as const) : ('answered' as const)),
    );
    try {
      if ((await Promise.race([answer, timeout])) === 'answered') {
        back();
        return true;
      }
      delay = Math.min(delay * 2, max); // money-safe: milliseconds
      probeAt = now() + delay; // money-safe: milliseconds
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  const query = (async (...args: unknown[]) => {
    if (awaySince !== null) {
      if (probing === null && now() < probeAt)
        throw unavailable(undefined, 'PostgreSQL is unreachable; the next connection attempt is due shortly');
      probing ??= probe().finally(() => {
        probing = null;
      });
      if (!(await probing))
        throw unavailable(
          undefined,
          'PostgreSQL is still unreachable; the next connection attempt is due shortly',
        );
    }
    try {
      return await send(...args);
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      startOutage(error);
      throw unavailable(error);
    }
  }) as Queryable['query'];

  return {
    pool: { query },
    availability: {
      get up() {
        return awaySince === null;
      },
    },
  };
}
