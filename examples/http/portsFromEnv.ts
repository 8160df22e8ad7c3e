/**
 * The ports of the reference server (issue #10): PostgreSQL when `DATABASE_URL` is set (migrated on
 * start; every process of a fleet shares the store, queue, cache, events and ids), the in-memory
 * adapters otherwise.
 */
import pg from 'pg';
import { memoryPorts, systemClock } from '../../src/adapters/memory/index.js';
import { migrate } from '../../src/adapters/postgres/migrations.js';
import { postgresPorts } from '../../src/adapters/postgres/postgresPorts.js';
import type { KeyStore, Ports } from '../../src/ports.js';

/** The ports, what they are, and how to let go of them. */
export interface ServerPorts {
  ports: Ports;
  kind: 'postgres' | 'memory';
  close(): Promise<void>;
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
  const url = env.DATABASE_URL;
  if (url === undefined || url === '')
    return { ports: memoryPorts({ clock: systemClock(), keys }), kind: 'memory', close: async () => {} };
  const pool = new pg.Pool({ connectionString: url, max: Number(env.FISCALKIT_PG_POOL ?? '10') });
  await migrate(pool);
  return { ports: postgresPorts({ pool, keys }), kind: 'postgres', close: () => pool.end() };
}
