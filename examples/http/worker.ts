/**
 * `npm run worker`: a background worker of a fleet (issue #10). It leases jobs from the PostgreSQL
 * queue named by `DATABASE_URL` and runs them — batches, TIN verifications, ledgers, webhook
 * deliveries, Peppol publication — next to any number of other workers and servers. A worker killed in
 * the middle of a job loses nothing: its lease expires (`FISCALKIT_LEASE_MS`, default 30 s) and
 * another worker takes the job over, and the jobs resume from what they persisted.
 */
import { createFiscalkit } from 'fiscalkit';
import { loadKeys } from './keyFile.js';
import { connectOutsideWorld, isSandbox } from './outsideWorld.js';
import { portsFromEnv } from './portsFromEnv.js';
import { computeFromEnv } from './threads.js';
import { runWorker } from './workerLoop.js';

if (process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '') {
  console.error(
    'npm run worker needs DATABASE_URL: a worker shares its queue with the servers through PostgreSQL',
  );
  process.exit(2);
}
const { keys } = loadKeys(process.env);
const { ports, close } = await portsFromEnv(process.env, keys);
// The same tax authorities and delivery channels as the servers (issue #23): the jobs use them.
const world = connectOutsideWorld(ports, process.env);
for (const line of world.report) console.log(line);
// Ledger messages and the tax authority's answers on worker threads (FISCALKIT_THREADS, issue #24).
const compute = computeFromEnv(process.env);
if (compute !== null) ports.compute = compute;
const lease_ms = Number(process.env.FISCALKIT_LEASE_MS ?? '30000'); // money-safe: milliseconds
const fiscalkit = createFiscalkit(ports, {
  base_url: process.env.FISCALKIT_BASE_URL ?? 'http://localhost:3000',
  // As the servers it works for: the sandbox delivers webhooks to local receivers (issue #23).
  sandbox: isSandbox(process.env),
  lease_ms,
  onError: (error, job) => console.error(`worker: job ${String(job.id)} (${job.kind}):`, error),
});
const stop = runWorker(fiscalkit, { idle_ms: Number(process.env.FISCALKIT_IDLE_MS ?? '100') });
console.log(`fiscalkit worker ${String(process.pid)} leasing jobs (lease ${String(lease_ms)} ms)`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  // A job that does not end within the lease is taken over by another worker anyway.
  setTimeout(() => process.exit(0), lease_ms).unref();
  await stop();
  await world.close();
  await close();
  await compute?.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
