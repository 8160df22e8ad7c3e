// Part of `npm run bench:reliability` (issue #24 items 1 and 5): the heavy requests of the reference
// server, `npm start` in a process of its own (test/support/serverProcess.ts), once with its worker
// threads (the default) and once with FISCALKIT_THREADS=0 (everything on the main thread, as before
// issue #24). For each heavy request it prints the time to answer, the longest the server's event loop
// was held meanwhile (monitorEventLoopDelay inside the server, `loopDelay.mjs`; GC pauses included), and
// the GETs another key sends one after another, from a third process, while it runs — a GET waits as
// long as the server's loop is held. Then the peak
// memory (VmHWM) of a fresh server that receives four 10 MB JSON bodies at once on POST /accounts.
// Targets (issue #24): an import up to the body limit answered in about a second, no hold of the event
// loop over about 100 ms, a concurrent GET under 200 ms, peak memory under 300 MB. A benchmark, not a
// test: it asserts nothing.

import { spawn } from 'node:child_process';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import {
  createAccount,
  PROCESS_KEY_A,
  PROCESS_KEY_B,
  peakMegabytes,
  postBody,
  processHeaders,
  type ServerProcess,
  startServerProcess,
} from '../support/serverProcess.js';
import { siiTitular } from '../support/siiReports.js';
import { benchBatchRecords } from './engineWorkload.js';
import { benchKsefReport } from './ksefWorkload.js';
import { benchSiiMessage } from './siiWorkload.js';

const sii = buildSiiMessage(benchSiiMessage(4400));
const fa3 = buildFa3(benchKsefReport(10_000), { now: new Date(Date.UTC(2026, 1, 1)) });
if (!sii.success || !fa3.success) throw new Error('the bench documents build');
const siiXml = sii.data;
const fa3Xml = fa3.data;
const batch = JSON.stringify({ tax_reports: benchBatchRecords(5000) });
const oversizedBatch = JSON.stringify({ tax_reports: benchBatchRecords(9300) });
const attack = `{"account":[${'1,'.repeat(5_000_000)}1]}`;

/** The server's own event-loop monitor (see {@link loopDelay}). */
const LOOP_DELAY = ['--import', './test/bench/loopDelay.mjs'];

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** A heavy request: what it sends, and how (a GET is read with `fetch`). */
interface Heavy {
  name: string;
  run(url: string, ids: Ids): Promise<{ status: number }>;
}
interface Ids {
  es: number;
  pl: number;
  other: number;
  ledger: number | null;
}

const HEAVY: Heavy[] = [
  {
    name: `POST …/ledgers/import, SII 4,400 records (${mb(siiXml.length)} MB)`,
    async run(url, ids) {
      const answer = await postBody(
        `${url}/accounts/${String(ids.es)}/ledgers/import`,
        PROCESS_KEY_A,
        siiXml,
        'application/xml',
      ).answer;
      if (answer.status === 201)
        ids.ledger = (JSON.parse(answer.body) as { ledger: { id: number } }).ledger.id;
      return answer;
    },
  },
  {
    name: `POST …/tax_reports/import, FA(3) 10,000 lines (${mb(fa3Xml.length)} MB)`,
    run: (url, ids) =>
      postBody(
        `${url}/accounts/${String(ids.pl)}/tax_reports/import`,
        PROCESS_KEY_A,
        fa3Xml,
        'application/xml',
      ).answer,
  },
  {
    name: `POST /documents/validate, SII 4,400 records (${mb(siiXml.length)} MB)`,
    run: (url) => postBody(`${url}/documents/validate`, PROCESS_KEY_A, siiXml, 'application/xml').answer,
  },
  {
    name: 'GET /ledgers/{id}/download, 4,400 records',
    async run(url, ids) {
      const response = await fetch(`${url}/ledgers/${String(ids.ledger)}/download`, {
        headers: processHeaders(PROCESS_KEY_A),
      });
      await response.arrayBuffer();
      return response;
    },
  },
  {
    name: `POST …/tax_report_batches, 5,000 records (${mb(batch.length)} MB JSON)`,
    run: (url, ids) =>
      postBody(
        `${url}/accounts/${String(ids.es)}/tax_report_batches`,
        PROCESS_KEY_A,
        batch,
        'application/json',
      ).answer,
  },
  {
    name: `POST …/tax_report_batches, 9,300 records (${mb(oversizedBatch.length)} MB JSON, refused)`,
    run: (url, ids) =>
      postBody(
        `${url}/accounts/${String(ids.es)}/tax_report_batches`,
        PROCESS_KEY_A,
        oversizedBatch,
        'application/json',
      ).answer,
  },
];

/**
 * The longest the server's event loop was held since the last call, in ms, as the server measured it
 * (`loopDelay.mjs`: monitorEventLoopDelay, answered on SIGUSR2).
 */
async function loopDelay(server: ServerProcess): Promise<number> {
  const seen = server.output().match(/loop-delay max=/g)?.length ?? 0;
  process.kill(server.pid, 'SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 20) {
    const lines = [...server.output().matchAll(/loop-delay max=([\d.]+)/g)];
    if (lines.length > seen) return Number(lines.at(-1)?.[1]);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server did not report its event loop delay');
}

/**
 * Another key GETting `path` back to back (10 ms apart) from a process of its own — so that what this
 * process spends sending a 10 MB body does not count — until `stop()`, which answers the latencies.
 */
function probe(url: string, path: string): { stop(): Promise<number[]> } {
  const script = `
    const latencies = [];
    let running = true;
    process.stdin.on('data', () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(${JSON.stringify(`${url}${path}`)}, { headers: ${JSON.stringify(processHeaders(PROCESS_KEY_B))} });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      process.stdout.write(JSON.stringify(latencies));
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop() {
      child.stdin.end('stop');
      await exited;
      return JSON.parse(output) as number[];
    },
  };
}

/** The count, median and maximum of a probe's latencies, as table cells. */
function latencyCells(latencies: readonly number[]): string[] {
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return [String(latencies.length), median.toFixed(0), (sorted.at(-1) ?? 0).toFixed(0)];
}

/** Runs `heavy` while another key GETs its account back to back; answers the figures of the row. */
async function measure(server: ServerProcess, ids: Ids, heavy: Heavy): Promise<string[]> {
  const { url } = server;
  await loopDelay(server);
  const gets = probe(url, `/accounts/${String(ids.other)}`);
  // Let the probe start before the heavy request leaves.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = performance.now();
  const { status } = await heavy.run(url, ids);
  const answered = performance.now() - started;
  const latencies = await gets.stop();
  const held = await loopDelay(server);
  return [heavy.name, String(status), answered.toFixed(0), held.toFixed(0), ...latencyCells(latencies)];
}

async function heavyRequests(threads: string | undefined): Promise<string[][]> {
  const server = await startServerProcess(
    threads === undefined ? {} : { FISCALKIT_THREADS: threads },
    LOOP_DELAY,
  );
  try {
    const { url } = server;
    const ids: Ids = {
      es: await createAccount(url, PROCESS_KEY_A, siiTitular()),
      pl: 0,
      other: await createAccount(url, PROCESS_KEY_B, { name: 'ACME SL', nif: 'B12345674' }),
      ledger: null,
    };
    const pl = await fetch(`${url}/accounts`, {
      method: 'POST',
      headers: { ...processHeaders(PROCESS_KEY_A), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        account: { name: 'Hurtownia', country: 'PL', tin_scheme: '9945', tin_value: '9999999999' },
      }),
    });
    ids.pl = ((await pl.json()) as { account: { id: number } }).account.id;
    // Warm up, as a running server is: the code paths compiled, the threads started.
    await postBody(`${url}/documents/validate`, PROCESS_KEY_A, fa3Xml, 'application/xml').answer;
    // Each heavy request once before it is measured: a server that has been running has compiled them.
    for (const heavy of HEAVY) await heavy.run(url, ids);
    const rows: string[][] = [];
    for (const heavy of HEAVY) rows.push(await measure(server, ids, heavy));
    return rows;
  } finally {
    await server.stop();
  }
}

async function bigBodies(threads: string | undefined): Promise<string[]> {
  const server = await startServerProcess(
    threads === undefined ? {} : { FISCALKIT_THREADS: threads },
    LOOP_DELAY,
  );
  try {
    const { url, pid } = server;
    const other = await createAccount(url, PROCESS_KEY_B, { name: 'ACME SL', nif: 'B12345674' });
    const before = peakMegabytes(pid);
    await loopDelay(server);
    const gets = probe(url, `/accounts/${String(other)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const bodies = Array.from({ length: 4 }, () =>
      postBody(`${url}/accounts`, PROCESS_KEY_A, attack, 'application/json'),
    );
    const answers = await Promise.all(bodies.map((body) => body.answer));
    const answered = performance.now() - started;
    const latencies = await gets.stop();
    return [
      `4 × POST /accounts, ${mb(attack.length)} MB each`,
      answers.map((answer) => answer.status).join(' '),
      answered.toFixed(0),
      (await loopDelay(server)).toFixed(0),
      ...latencyCells(latencies),
      before.toFixed(0),
      peakMegabytes(pid).toFixed(0),
    ];
  } finally {
    await server.stop();
  }
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
}

for (const [label, threads] of [
  ['worker threads (default: cores − 1)', undefined],
  ['FISCALKIT_THREADS=0 (all on the main thread, as before issue #24)', '0'],
] as const) {
  console.log(`\n### ${label}\n`);
  table(
    ['request', 'status', 'answered (ms)', 'loop held (ms)', 'GETs', 'GET median (ms)', 'GET max (ms)'],
    await heavyRequests(threads),
  );
  console.log('');
  table(
    [
      'request',
      'statuses',
      'answered (ms)',
      'loop held (ms)',
      'GETs',
      'GET median (ms)',
      'GET max (ms)',
      'VmHWM before (MB)',
      'VmHWM after (MB)',
    ],
    [await bigBodies(threads)],
  );
}
