/**
 * `npm start`: the whole API on http://localhost:3000 (port from `PORT`) over the in-memory adapters,
 * with a background worker running the jobs (batches, TIN verifications, ledgers, webhooks, Peppol
 * publication). Environment: `PORT`, `FISCALKIT_ENV` (sandbox, staging or production; default
 * sandbox), `FISCALKIT_KEYS` (a key file) or `FISCALKIT_API_KEY` (the sandbox key to seed),
 * `FISCALKIT_BASE_URL` (the public URL, for status and request-log links).
 */
import { serve } from '@hono/node-server';
import { createFiscalkit } from '../../src/index.js';
import type { ApiEnvironment } from '../../src/ports.js';
import { createHttpApp } from './app.js';
import { loadKeys } from './keyFile.js';
import { portsFromEnv } from './portsFromEnv.js';
import { runWorker } from './workerLoop.js';

const port = Number(process.env.PORT ?? '3000'); // money-safe: a port number
const environment = (process.env.FISCALKIT_ENV ?? 'sandbox') as ApiEnvironment;
if (!['sandbox', 'staging', 'production'].includes(environment))
  throw new Error(`FISCALKIT_ENV must be sandbox, staging or production, not ${environment}`);
const base_url = process.env.FISCALKIT_BASE_URL ?? `http://localhost:${String(port)}`;

const { keys, seeded } = loadKeys(process.env);
// PostgreSQL when DATABASE_URL is set (issue #10: a fleet of servers and `npm run worker`s on one
// database), the in-memory adapters otherwise. The server runs a worker too unless FISCALKIT_WORKER=0.
const { ports, kind, close } = await portsFromEnv(process.env, keys);
const fiscalkit = createFiscalkit(ports, { base_url });
const app = createHttpApp(fiscalkit, { environment, base_url });
const stopWorker = process.env.FISCALKIT_WORKER === '0' ? () => {} : runWorker(fiscalkit);

const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`fiscalkit ${environment} API on ${base_url} (port ${String(info.port)}, ${kind} storage)`);
  if (seeded !== null) {
    console.log(`API key: ${seeded}`);
    console.log(
      `try: curl -H 'X-B2B-API-Key: ${seeded}' -H 'X-B2B-API-Version: 2026-04-20' ${base_url}/accounts`,
    );
  }
});

function shutdown() {
  stopWorker();
  server.close(() => {
    void close();
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
