// `npm run bench:pg` (issue #10): the fleet on a real PostgreSQL server on loopback (DATABASE_URL).
// Targets: (a) 5,000-record SII batch POST→finished with 2 worker processes ≤ 5 s; (b) 20,000 TIN
// pairs POST→success with 2 workers ≤ 2 s; (c) POST /accounts/{account}/invoices (10 lines) through
// the HTTP example on PostgreSQL ≥ 800 requests/s (autocannon, 16 connections, 8 s).
//
// Each run of (a) and (b) gets a fresh schema and 2 fresh workers (examples/http/worker.ts), so the
// batch never meets reports of an earlier run and the TIN cache is cold; the clock starts at the
// POST (made from this process through createFiscalkit on the same schema) and stops when a poll
// every 10 ms (of the status column alone) sees the end state. Medians of 3 runs. (c) runs the
// example server itself (`npm start`: examples/http/server.ts) on its own schema, without its
// background worker or rate limit, as one process and as a fleet of BENCH_PG_PROCESSES (default 2)
// sharing the port (FISCALKIT_PROCESSES), measured for 8 s after 2 s of the same load as warm-up.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrate } from '../../src/adapters/postgres/migrations.js';
import { postgresPorts } from '../../src/adapters/postgres/postgresPorts.js';
import { createFiscalkit } from '../../src/index.js';
import { BENCH_ACCOUNT, benchBatchRecords, benchTinPairs } from './engineWorkload.js';
import { BENCH_HEADERS, BENCH_KEY, benchInvoiceBody } from './httpWorkload.js';

const DATABASE_URL = process.env.DATABASE_URL || undefined;
if (DATABASE_URL === undefined) {
  console.log('bench:pg skipped: set DATABASE_URL to a PostgreSQL database to run it');
  process.exit(0);
}
const RUNS = 3;
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? '8'); // money-safe: seconds
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? '2'); // money-safe: seconds
const WORKER = new URL('../../examples/http/worker.ts', import.meta.url).pathname;
const SERVER = new URL('../../examples/http/server.ts', import.meta.url).pathname;
const FLEET = Number(process.env.BENCH_PG_PROCESSES ?? '2'); // money-safe: a process count

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh migrated schema, a pool on it, its pinned URL, and how to drop it. */
async function freshSchema() {
  const schema = `fk_bench_${randomBytes(6).toString('hex')}`;
  await admin(`create schema ${schema}`);
  const url = new URL(DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  await migrate(pool);
  return {
    pool,
    url: url.toString(),
    async drop() {
      await pool.end();
      await admin(`drop schema if exists ${schema} cascade`);
    },
  };
}

/** A child process started with tsx; resolves once its stdout says `ready`. */
async function start(script: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', script],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    let said = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const found = ready.exec(said);
      if (found !== null) resolve(found);
    });
    void exited.then(() => reject(new Error(`${script} exited: ${said}`)));
  });
  return { child, match, exited };
}

async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  child.kill('SIGTERM');
  await exited;
}

/**
 * A record's `status`, read alone: the service's `get` would decode every result (5,000 or 20,000 of
 * them) on each poll, and on 2 cores that decoding competes with the workers being measured.
 */
async function statusOf(pool: pg.Pool, table: string, id: number): Promise<string | undefined> {
  const { rows } = await pool.query<{ status: string }>(
    `select body ->> 'status' as status from ${table} where id = $1`,
    [id],
  );
  return rows[0]?.status;
}

async function until(probe: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 120_000;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('bench:pg: timed out');
    await sleep(10);
  }
}

const records = benchBatchRecords(5000);
const { pairs } = benchTinPairs(20_000);

/** One run's durations in ms: POST→end, and of that the POST (the 202) alone. */
interface Run {
  batch: number;
  tin: number;
  batchPost: number;
  tinPost: number;
}

/** One run of (a) and (b) on a fresh schema with 2 fresh workers: the two durations in ms. */
async function fleetRun(): Promise<Run> {
  const schema = await freshSchema();
  const workers = await Promise.all(
    [1, 2].map(() =>
      start(
        WORKER,
        { DATABASE_URL: schema.url, FISCALKIT_LEASE_MS: '30000', FISCALKIT_IDLE_MS: '20' },
        /leasing jobs/,
      ),
    ),
  );
  try {
    const ports = postgresPorts({ pool: schema.pool });
    await ports.store.accounts.insert(BENCH_ACCOUNT);
    const fiscalkit = createFiscalkit(ports);
    const account = BENCH_ACCOUNT.id;

    let started = performance.now();
    const { batch_id } = await fiscalkit.taxReportBatches.create(account, { tax_reports: records });
    const batchPost = performance.now() - started;
    await until(async () => {
      const status = await statusOf(schema.pool, 'tax_report_batches', batch_id);
      if (status === 'failed') throw new Error('the bench batch failed');
      return status === 'finished';
    });
    const batch = performance.now() - started;
    const done = await fiscalkit.taxReportBatches.get(account, batch_id);
    if (done.succeeded_count !== 5000)
      throw new Error(`the bench batch created ${String(done.succeeded_count)} of 5000 reports`);

    started = performance.now();
    const { id } = await fiscalkit.tinVerifications.create(account, { country: 'es', body: pairs });
    const tinPost = performance.now() - started;
    await until(async () => {
      const status = await statusOf(schema.pool, 'tin_verifications', id);
      if (status === 'failed') throw new Error('the bench verification failed');
      return status === 'success';
    });
    const tin = performance.now() - started;
    if ((await fiscalkit.tinVerifications.get(account, id)).results.length !== pairs.length)
      throw new Error('the bench verification lost pairs');
    return { batch, tin, batchPost, tinPost };
  } finally {
    for (const worker of workers) await stop(worker.child, worker.exited);
    await schema.drop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function call(base: string, path: string, body: string) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: BENCH_HEADERS, body });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`POST ${path}: ${String(response.status)} ${text}`);
  return JSON.parse(text);
}

/** (c): autocannon against the example server, as `processes` processes, on a fresh schema. */
async function httpRun(processes: number): Promise<autocannon.Result> {
  const schema = await freshSchema();
  const server = await start(
    SERVER,
    {
      DATABASE_URL: schema.url,
      PORT: '0',
      FISCALKIT_API_KEY: BENCH_KEY,
      FISCALKIT_WORKER: '0',
      FISCALKIT_RATE_LIMIT: '0',
      FISCALKIT_PROCESSES: String(processes),
    },
    /\(port (\d+)[\s\S]*API key/,
  );
  try {
    const base = `http://127.0.0.1:${server.match[1] ?? ''}`;
    const account = (
      await call(
        base,
        '/accounts',
        JSON.stringify({
          account: { name: 'Bench SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' },
        }),
      )
    ).account.id;
    await call(base, `/accounts/${String(account)}/invoices`, benchInvoiceBody(0));
    let number = 1;
    const load = (duration: number) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        autocannon(
          {
            url: `${base}/accounts/${String(account)}/invoices`,
            method: 'POST',
            headers: BENCH_HEADERS,
            connections: 16,
            duration,
            requests: [{ setupRequest: (request) => ({ ...request, body: benchInvoiceBody(number++) }) }],
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      });
    // The server's first seconds are spent compiling (JIT) and filling its connection pool: a
    // warm-up under the same load, not measured, so that the figure is the steady state.
    if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS);
    return await load(HTTP_SECONDS);
  } finally {
    await stop(server.child, server.exited);
    await schema.drop();
  }
}

// BENCH_PG_ONLY=fleet|http runs one part (while working on it); the report names what it skipped.
const only = process.env.BENCH_PG_ONLY;
const runs: Run[] = [];
for (let run = 0; run < RUNS && only !== 'http'; run++) {
  runs.push(await fleetRun());
  const last = runs[runs.length - 1];
  const ms = (value: number | undefined) => String(Math.round(value ?? 0));
  console.log(
    `run ${String(run + 1)}: batch ${ms(last?.batch)} ms (POST ${ms(last?.batchPost)} ms), TIN ${ms(last?.tin)} ms (POST ${ms(last?.tinPost)} ms)`,
  );
}
/** (c) as one process and as a fleet: each run's result, and the median run. */
const httpSeries = (only === 'fleet' ? [] : [1, FLEET]).map((processes) => {
  return { processes, results: [] as autocannon.Result[] };
});
for (const series of httpSeries)
  for (let run = 0; run < RUNS; run++) {
    const result = await httpRun(series.processes);
    series.results.push(result);
    console.log(
      `http (${String(series.processes)} process${series.processes > 1 ? 'es' : ''}) run ${String(run + 1)}: ${result.requests.average.toFixed(0)} req/s (p50 ${String(result.latency.p50)} ms, p99 ${String(result.latency.p99)} ms, non-2xx ${String(result.non2xx)})`,
    );
  }

const batchMs = median(runs.map((run) => run.batch));
const tinMs = median(runs.map((run) => run.tin));
const rows: (readonly [string, string, string, boolean | null])[] = [];
if (runs.length > 0)
  rows.push(
    [
      '(a) SII batch, 5,000 records, POST→finished, 2 workers',
      `${String(Math.round(batchMs))} ms (median of ${String(RUNS)})`,
      '≤ 5,000 ms',
      batchMs <= 5000,
    ],
    [
      '(b) TIN verification, 20,000 pairs, POST→success, 2 workers',
      `${String(Math.round(tinMs))} ms (median of ${String(RUNS)})`,
      '≤ 2,000 ms',
      tinMs <= 2000,
    ],
  );
for (const { processes, results } of httpSeries) {
  const http = [...results].sort((a, b) => a.requests.average - b.requests.average)[
    Math.floor(results.length / 2)
  ];
  if (http === undefined) continue;
  const measured = `${http.requests.average.toFixed(0)} req/s (median of ${String(RUNS)}; p50 ${String(http.latency.p50)} ms, p99 ${String(http.latency.p99)} ms, non-2xx ${String(http.non2xx)})`;
  // The target is the example server's (one process); a fleet on the same cores is shown beside it
  // (on a machine with spare cores it adds their throughput; here it shares them with PostgreSQL).
  rows.push(
    processes === 1
      ? [
          `(c) POST /accounts/{account}/invoices (10 lines), HTTP example on PostgreSQL, 1 process, ${String(HTTP_SECONDS)} s`,
          measured,
          '≥ 800 req/s',
          http.requests.average >= 800 && http.non2xx === 0,
        ]
      : [
          `(c′) the same, a fleet of ${String(processes)} processes on one port (FISCALKIT_PROCESSES)`,
          measured,
          'shown, no target',
          null,
        ],
  );
}
console.log('\nPostgreSQL benchmark (loopback)\n');
console.log('| workload | measured | target | verdict |');
console.log('|---|---|---|---|');
for (const [name, measured, target, meets] of rows)
  console.log(`| ${name} | ${measured} | ${target} | ${meets === null ? '—' : meets ? 'meets' : 'MISSES'} |`);
if (only !== undefined) console.log(`\n(BENCH_PG_ONLY=${only}: the other part was not run)`);
