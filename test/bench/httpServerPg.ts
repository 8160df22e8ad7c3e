// The server under `npm run bench:pg`'s HTTP part (issue #10): the reference HTTP binding over the
// PostgreSQL ports named by `DATABASE_URL` (already migrated by the bench, whose URL pins the schema),
// with one key and no rate limit, like httpServer.ts, and no worker (invoice create enqueues nothing
// the measurement waits for). Prints `ready <port>` when listening.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createHttpApp } from '../../examples/http/app.js';
import { memoryKeyStore } from '../../src/adapters/memory/keyStore.js';
import { postgresPorts } from '../../src/adapters/postgres/postgresPorts.js';
import { createFiscalkit } from '../../src/index.js';

const BENCH_KEY = 'test_bench_key_0001';

const keys = memoryKeyStore({
  groups: [{ id: 1, api_version: '2026-04-20' }],
  keys: [{ key: BENCH_KEY, environment: 'sandbox', group: 1, expires_at: null }],
});
// The example server's default pool size (portsFromEnv.ts, FISCALKIT_PG_POOL).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.FISCALKIT_PG_POOL ?? '10'), // money-safe: a pool size
});
const fiscalkit = createFiscalkit(postgresPorts({ pool, keys }), { base_url: 'http://127.0.0.1' });
const app = createHttpApp(fiscalkit, {
  environment: 'sandbox',
  base_url: 'http://127.0.0.1',
  rate_limit: null,
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  process.stdout.write(`ready ${String((server.address() as AddressInfo).port)}\n`);
});
// Exits without ending the pool: requests autocannon abandoned at its deadline may still be running,
// and the server closes the connections when the process goes.
process.on('SIGTERM', () => server.close(() => process.exit(0)));
