// The server under `npm run bench:http`: the reference HTTP binding over memory ports, with one key
// (no rate limit, so the load generator measures the service, not the limiter), started in its own
// process so that the server and autocannon each have a core. Prints `ready <port>` when listening.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createHttpApp } from '../../examples/http/app.js';
import { systemClock } from '../../src/adapters/memory/clock.js';
import { memoryKeyStore } from '../../src/adapters/memory/keyStore.js';
import { memoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import { createFiscalkit } from '../../src/index.js';
import { BENCH_KEY } from './httpWorkload.js';

const keys = memoryKeyStore({
  groups: [{ id: 1, api_version: '2026-04-20' }],
  keys: [{ key: BENCH_KEY, environment: 'sandbox', group: 1, expires_at: null }],
});
const ports = memoryPorts({ clock: systemClock(), keys });
const fiscalkit = createFiscalkit(ports, { base_url: 'http://127.0.0.1' });
const app = createHttpApp(fiscalkit, {
  environment: 'sandbox',
  base_url: 'http://127.0.0.1',
  rate_limit: null,
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  process.stdout.write(`ready ${String((server.address() as AddressInfo).port)}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
