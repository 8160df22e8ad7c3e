/**
 * `npm start`: the whole API on http://localhost:3000 (port from `PORT`) over the in-memory adapters,
 * with a background worker running the jobs (batches, TIN verifications, ledgers, webhooks, Peppol
 * publication). Environment: `PORT`, `FISCALKIT_ENV` (sandbox, staging or production; default
 * sandbox), `FISCALKIT_KEYS` (a key file) or `FISCALKIT_API_KEY` (the sandbox key to seed),
 * `FISCALKIT_BASE_URL` (the public URL, for status and request-log links), `DATABASE_URL` (serve from
 * PostgreSQL, issue #10), `FISCALKIT_PROCESSES` (serve from that many processes on the one port;
 * PostgreSQL only), `FISCALKIT_WORKER=0` (no background worker in the server), `FISCALKIT_RATE_LIMIT`
 * (requests per second per key and process; default 100, `0` turns the limit off), `FISCALKIT_THREADS`
 * (worker threads per process for imports and large bodies; default one less than the cores, `0` for none),
 * `FISCALKIT_LEASE_MS` (how long a job's lease holds; default 30 s), `FISCALKIT_SANDBOX_AUTHORITY`,
 * `FISCALKIT_SMTP_URL`, `FISCALKIT_SII_*`, `FISCALKIT_KSEF_*` (examples/http/outsideWorld.ts),
 * `FISCALKIT_ARTEFACTS` (the directories of the official e-invoice rule sets and XSDs, separated by the
 * platform's path delimiter; default `../shared/en16931` beside the checkout and `artefacts/`: issue #21).
 */
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createFiscalkit } from 'fiscalkit';
import type { ApiEnvironment } from 'fiscalkit/ports';
import { createHttpApp } from './app.js';
import { artefactDirectories, einvoiceFromEnv } from './einvoice.js';
import { facturaeSignerFromEnv } from './facturaeSigning.js';
import { loadKeys } from './keyFile.js';
import { connectOutsideWorld } from './outsideWorld.js';
import { portsFromEnv } from './portsFromEnv.js';
import { computeFromEnv } from './threads.js';
import { runWorker } from './workerLoop.js';

const port = Number(process.env.PORT ?? '3000'); // money-safe: a port number
const environment = (process.env.FISCALKIT_ENV ?? 'sandbox') as ApiEnvironment;
if (!['sandbox', 'staging', 'production'].includes(environment))
  throw new Error(`FISCALKIT_ENV must be sandbox, staging or production, not ${environment}`);
const base_url = process.env.FISCALKIT_BASE_URL ?? `http://localhost:${String(port)}`;
const processes = Number(process.env.FISCALKIT_PROCESSES ?? '1'); // money-safe: a process count
if (!Number.isSafeInteger(processes) || processes < 1)
  throw new Error(
    `FISCALKIT_PROCESSES must be a positive integer, not ${String(process.env.FISCALKIT_PROCESSES)}`,
  );
const perSecond = Number(process.env.FISCALKIT_RATE_LIMIT ?? '100'); // money-safe: a request rate
if (!Number.isFinite(perSecond) || perSecond < 0)
  throw new Error(
    `FISCALKIT_RATE_LIMIT must be a non-negative number, not ${String(process.env.FISCALKIT_RATE_LIMIT)}`,
  );
const storage = process.env.DATABASE_URL ? 'postgres' : 'memory';

/** The banner, once the API listens on `listening`. */
function announce(listening: number, seeded: string | null): void {
  const fleet = processes > 1 ? `, ${String(processes)} processes` : '';
  console.log(
    `fiscalkit ${environment} API on ${base_url} (port ${String(listening)}, ${storage} storage${fleet})`,
  );
  if (seeded !== null) {
    console.log(`API key: ${seeded}`);
    console.log(
      `try: curl -H 'X-B2B-API-Key: ${seeded}' -H 'X-B2B-API-Version: 2026-04-20' ${base_url}/accounts`,
    );
  } else console.log(`keys from ${String(process.env.FISCALKIT_KEYS)}`);
}

if (processes > 1 && cluster.isPrimary) {
  // Several processes share only what PostgreSQL holds: in memory each would be a service of its own.
  if (storage !== 'postgres') throw new Error('FISCALKIT_PROCESSES > 1 needs DATABASE_URL (PostgreSQL)');
  // One seeded key for all of them, made here and handed down.
  const { seeded } = loadKeys(process.env);
  const env = seeded === null ? {} : { FISCALKIT_API_KEY: seeded };
  let stopping = false;
  /** The processes that listened once: only those are replaced when they die. */
  const served = new Set<number>();
  /** When the last replacements started, to stop replacing a process that keeps dying. */
  const replaced: number[] = [];
  const fork = () => cluster.fork(env);
  cluster.on('listening', (worker, address) => {
    served.add(worker.id);
    // Once, when the first N all listen (a replacement makes the set larger, never N again).
    if (served.size === processes) announce(address.port, seeded);
  });
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // The processes give their requests 10 s; a process that hangs beyond that is not waited for.
    setTimeout(() => process.exit(code), 15_000).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    const why = String(signal ?? code);
    // One of the first processes that never listened failed to start (the database unreachable, a
    // bad key file): so would its replacement. Stop, as a single process would. A replacement that
    // fails to start once the fleet has served (its database away longer than FISCALKIT_DB_WAIT_MS) is
    // counted with the processes that die, below: an outage must not stop the fleet (issue #24).
    if (!served.has(worker.id) && served.size < processes) {
      console.error(`fiscalkit process ${String(worker.process.pid)} failed to start (${why}); stopping`);
      shutdown(1);
      return;
    }
    // A process that dies is replaced — the others went on serving, and the queue gives its jobs to
    // whoever leases them once their leases expire — unless processes keep dying (5 in a minute).
    const now = Date.now();
    while (replaced.length > 0 && (replaced[0] as number) < now - 60_000) replaced.shift();
    if (replaced.length >= 5) {
      console.error(`fiscalkit processes keep dying (${why}); stopping`);
      shutdown(1);
      return;
    }
    replaced.push(now);
    console.error(`fiscalkit process ${String(worker.process.pid)} exited (${why}); starting another`);
    fork();
  });
  for (let index = 0; index < processes; index += 1) fork();
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
} else {
  const { keys, seeded } = loadKeys(process.env);
  // PostgreSQL when DATABASE_URL is set (issue #10: a fleet of servers and `npm run worker`s on one
  // database), the in-memory adapters otherwise. The server runs a worker too unless FISCALKIT_WORKER=0.
  const { ports, close } = await portsFromEnv(process.env, keys);
  // Imports, validation and large JSON bodies on worker threads (FISCALKIT_THREADS, issue #24), each
  // with its own e-invoice validator over the host's official artefacts (FISCALKIT_ARTEFACTS, issue #21).
  const directories = artefactDirectories(process.env).directories;
  const compute = computeFromEnv(process.env, { directories });
  if (compute !== null) ports.compute = compute;
  // Said at start: which rule sets are available, which are not and how to get them (in a fleet, by
  // the first process).
  const einvoice = await einvoiceFromEnv(process.env, { threads: compute !== null });
  if (!cluster.isWorker || cluster.worker?.id === 1) for (const line of einvoice.report) console.log(line);
  ports.einvoice = einvoice.validator;
  // The tax authorities and the channels of sent invoices: real when configured, else the sandbox's
  // named simulators (issue #23; examples/http/outsideWorld.ts), said at start.
  const world = connectOutsideWorld(ports, process.env);
  if (!cluster.isWorker || cluster.worker?.id === 1) for (const line of world.report) console.log(line);
  const signing = await facturaeSignerFromEnv(process.env);
  if (!cluster.isWorker || cluster.worker?.id === 1) console.log(signing.report);
  if (signing.signer !== null) ports.facturaeSigner = signing.signer;
  // The sandbox lets webhook subscriptions name local receivers (issue #23: the SSRF guard).
  // FISCALKIT_LEASE_MS as for `npm run worker`: how soon the jobs of a server that died (SIGKILL in the
  // middle of a send, issue #23) are taken over by another.
  const lease_ms = Number(process.env.FISCALKIT_LEASE_MS ?? '30000'); // money-safe: milliseconds
  if (!Number.isSafeInteger(lease_ms) || lease_ms <= 0)
    throw new Error(
      `FISCALKIT_LEASE_MS must be a positive whole number of milliseconds, not ${String(lease_ms)}`,
    );
  const fiscalkit = createFiscalkit(ports, { base_url, sandbox: environment === 'sandbox', lease_ms });
  const app = createHttpApp(fiscalkit, {
    environment,
    base_url,
    rate_limit: perSecond === 0 ? null : { capacity: 2 * perSecond, per_second: perSecond },
  });
  const stopWorker = process.env.FISCALKIT_WORKER === '0' ? async () => {} : runWorker(fiscalkit);

  // Requests being answered: a shutdown lets them finish before it lets go of the database.
  let answering = 0;
  const fetch = async (request: Request, env?: { incoming?: { complete?: boolean } }) => {
    answering += 1; // money-safe: a counter.
    try {
      const response = await app.fetch(request);
      // A body that has not fully arrived when the answer is ready (a 404 or 401 answered before it)
      // is thrown away by @hono/node-server for at most 500 ms, and then the connection is closed. Said
      // in the answer, so that the client sends its next request on a fresh connection instead of
      // this one (issue #24's fuzz run: requests that met a closed keep-alive connection got no answer).
      // A body that arrived whole, read or not, leaves the connection usable.
      const unread =
        request.method !== 'GET' && request.method !== 'HEAD' && env?.incoming?.complete === false;
      if (unread && !response.headers.has('Connection')) {
        const headers = new Headers(response.headers);
        headers.set('Connection', 'close');
        return new Response(response.body, { status: response.status, headers });
      }
      return response;
    } finally {
      answering -= 1; // money-safe: a counter.
    }
  };
  const server = serve({ fetch, port }, (info) => {
    // In a fleet the primary announces, once every process listens.
    if (!cluster.isWorker) announce(info.port, seeded);
  });
  // Idle keep-alive connections are kept 65 s (Node's default is 5 s), longer than clients and load
  // balancers keep theirs (60 s is common): a server that closes first races the client's next request
  // on that connection, which then fails with no answer (issue #24's fuzz run met it under load).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  let stopping = false;
  const shutdown = () => {
    // Once: Ctrl-C in a fleet reaches a process twice (SIGINT from the terminal, SIGTERM from the primary).
    if (stopping) return;
    stopping = true;
    server.close();
    // Whatever still runs after 12 s (a stuck query) is not waited for.
    setTimeout(() => process.exit(0), 12_000).unref();
    // Requests a client gave up on still run to their end (up to 10 s), and the job being run; then
    // the pool is closed.
    const deadline = Date.now() + 10_000;
    const wait = () => {
      if (answering > 0 && Date.now() < deadline) setTimeout(wait, 20);
      else
        void stopWorker()
          .then(() => world.close())
          .then(() => close())
          .then(() => compute?.close())
          .then(() => einvoice.validator.dispose())
          .finally(() => process.exit(0));
    };
    wait();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
