/**
 * The ports of the reference server (issue #10): PostgreSQL when `DATABASE_URL` is set (migrated on
 * start; every process of a fleet shares the store, queue, cache, events and ids), the in-memory
 * adapters otherwise.
 *
 * A database that goes away is an outage, not a crash (issue #24): the ports answer
 * `StorageUnavailableError` (503 over HTTP) and reconnect with backoff, and the console says once
 * when it went away and once when it is back. At start, a database that cannot be reached yet (a
 * fleet and its database starting together, a restart) is waited for with backoff, up to
 * `FISCALKIT_DB_WAIT_MS` (default 60 s); one that refuses the connection for good (wrong password,
 * no such database) stops the start at once.
 *
 * Webhooks go out over real HTTP in both cases (issue #23: the log never says `delivered` for a URL
 * nobody answered), with the SSRF guard refusing loopback and private receivers except in the sandbox
 * (`FISCALKIT_ENV` unset or `sandbox`), where local receivers are the point.
 */

import { memoryPorts, systemClock } from 'fiscalkit/memory';
import type { KeyStore, Ports } from 'fiscalkit/ports';
import { isConnectionFailure, migrate, postgresPorts } from 'fiscalkit/postgres';
import { httpWebhookTransport } from 'fiscalkit/webhooks';
import pg from 'pg';

/** The ports, what they are, and how to let go of them. */
export interface ServerPorts {
  ports: Ports;
  kind: 'postgres' | 'memory';
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A whole number of milliseconds from the environment, or `fallback`. */
function millis(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value); // money-safe: milliseconds
  if (!Number.isSafeInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number of milliseconds, not ${value}`);
  return parsed;
}

/**
 * Migrates once the database answers: a connection failure is waited out with backoff (100 ms
 * doubling to 5 s) until `wait_ms` have passed; any other error is final.
 */
async function migrateWhenReachable(pool: pg.Pool, wait_ms: number): Promise<void> {
  const deadline = Date.now() + wait_ms;
  let delay = 100;
  let told = false;
  for (;;) {
    try {
      await migrate(pool);
      if (told) console.log('fiscalkit: the database answers; starting');
      return;
    } catch (error) {
      if (!isConnectionFailure(error) || Date.now() + delay > deadline) throw error;
      if (!told)
        console.error(
          `fiscalkit: waiting for the database (${error instanceof Error ? error.message : String(error)})`,
        );
      told = true;
      await sleep(delay);
      delay = Math.min(delay * 2, 5000); // money-safe: milliseconds
    }
  }
}

/**
 * The ports named by the environment.
 *
 * @example
 * ```ts
 * const { ports, kind, close } = await portsFromEnv(process.env, keys);
 * ```
 */
export async function portsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  keys: KeyStore,
): Promise<ServerPorts> {
  const sandbox = (env.FISCALKIT_ENV ?? 'sandbox') === 'sandbox';
  const webhooks = httpWebhookTransport({ allowPrivate: sandbox });
  const url = env.DATABASE_URL;
  if (url === undefined || url === '')
    return {
      ports: memoryPorts({ clock: systemClock(), keys, webhooks }),
      kind: 'memory',
      close: async () => webhooks.close(),
    };
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(env.FISCALKIT_PG_POOL ?? '10'), // money-safe: a connection count
    // A database that does not answer is an outage after 5 s, not a request that hangs.
    connectionTimeoutMillis: millis(
      env.FISCALKIT_PG_CONNECT_TIMEOUT_MS,
      'FISCALKIT_PG_CONNECT_TIMEOUT_MS',
      5000,
    ),
    // A connection whose server vanished without a word (a host gone) is found out by TCP, within
    // about a minute rather than the system's default two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // The ports first: they listen for the pool's 'error' (an idle connection the server dropped),
  // which would otherwise end the process, also while the migration below waits.
  const ports = postgresPorts({
    pool,
    keys,
    webhooks,
    onAvailability: (change) =>
      change.state === 'away'
        ? console.error(
            `fiscalkit: the database is unreachable (${change.error instanceof Error ? change.error.message : String(change.error)}); answering 503 and reconnecting with backoff`,
          )
        : console.error(`fiscalkit: the database is back after ${String(change.away_ms)} ms`),
  });
  try {
    await migrateWhenReachable(pool, millis(env.FISCALKIT_DB_WAIT_MS, 'FISCALKIT_DB_WAIT_MS', 60_000));
  } catch (error) {
    await pool.end().catch(() => undefined);
    webhooks.close();
    throw error;
  }
  return {
    ports,
    kind: 'postgres',
    close: async () => {
      webhooks.close();
      await pool.end();
    },
  };
}
