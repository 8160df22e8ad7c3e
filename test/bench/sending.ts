/**
 * Issue #23's sending figures (docs/sending-benchmarks.md):
 *
 * - (a) **sends per second on memory**: `createFiscalkit(memoryPorts(), {sandbox: true})` with the
 *   sandbox Peppol access point as `channels.peppol` (what `npm start` wires). N = 500 Peppol invoices
 *   are created (not timed); then the clock runs from the first `invoiceSending.send` to the moment all
 *   N are `sent`: the send calls ({@link PARALLEL} at a time, as concurrent requests reach a server)
 *   and the worker's drain (one job at a time, as `npm start`'s worker loop runs them: validate and
 *   render the UBL document, hand it to the outbox, record the delivery, move the invoice to `sent`,
 *   dispatch the events). Median of 3 runs, each on fresh ports; CPU time beside wall time (the
 *   machine is shared).
 * - (b) the same on **PostgreSQL** (`postgresPorts` on a fresh schema per run); skipped, saying so,
 *   without `DATABASE_URL`.
 * - (c) **send → `registered`** with the sandbox AEAT SII simulator: an account with an `sii` tax
 *   report setting (`auto_generate` + `auto_send`), a worker running continuously (the loop of
 *   examples/http/workerLoop.ts), and per invoice the time from the send call to its tax report's
 *   `registered`, one invoice at a time (the latency of one send, not of a queue); median and p95 over
 *   100 invoices, on memory.
 *
 * Every run checks its outcome (N entries in the outbox, N reports registered) before it reports a
 * figure. Run with `npm run bench:sending` (`source /tmp/pgenv` or set DATABASE_URL for (b)).
 */
import { loadavg } from 'node:os';
import { memoryPorts, systemClock } from '../../src/adapters/memory/index.js';
import { postgresPorts } from '../../src/adapters/postgres/postgresPorts.js';
import { sandboxPeppolAccessPoint, sandboxSii } from '../../src/adapters/sandbox/index.js';
import type { Ports } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { DATABASE_URL, pgTestContext } from '../adapters/postgres/support.js';
import { storedAccount } from '../support/fixtures.js';

const N = 500;
const RUNS = 3;
const LATENCY_INVOICES = 100;
/** Send calls in flight at once. */
const PARALLEL = 8;
const ACCOUNT = 1;
const CALLER: Caller = { group_id: 1, api_version: '2026-06-26' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  // money-safe: an index into a list of milliseconds.
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Peppol invoice body: inline contact with its participant id, one VAT line. */
function invoiceBody(index: number): Record<string, unknown> {
  return {
    type: 'IssuedInvoice',
    number: `BENCH-${String(index)}`,
    date: '2026-04-20',
    currency: 'EUR',
    buyer_reference: 'PO-1',
    contact: {
      name: 'Distribuciones Norte SA',
      country: 'ES',
      tin_scheme: '9920',
      tin_value: 'B76543214',
      cin_scheme: '9920',
      cin_value: 'ESB76543214',
      transport_type_code: 'peppol',
    },
    invoice_lines_attributes: [
      {
        description: 'Consulting',
        quantity: '10',
        price: '45.50',
        taxes_attributes: [{ name: 'IVA', percent: '21' }],
      },
    ],
  };
}

/** Wires what `npm start` wires in the sandbox, and the account of group 1. */
async function service(ports: Ports, sii: boolean): Promise<Fiscalkit> {
  ports.channels = { peppol: sandboxPeppolAccessPoint(ports) };
  ports.taxAuthority = sandboxSii({ clock: ports.clock });
  await ports.store.accounts.insert(storedAccount({ id: ACCOUNT, name: 'Bench company' }));
  await ports.store.accountGroups.insert({ id: ACCOUNT, group_id: 1 });
  const fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test', sandbox: true });
  if (sii)
    await fiscalkit.taxReportSettings.create(CALLER, ACCOUNT, {
      code: 'sii',
      start_date: '2026-01-01',
      auto_generate: true,
      auto_send: true,
    });
  return fiscalkit;
}

/** Runs `work` over `items`, {@link PARALLEL} at a time. */
async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL)
    await Promise.all(items.slice(start, start + PARALLEL).map(work));
}

/** One throughput run: N invoices created, then timed from the first send to all `sent`. */
async function throughput(ports: Ports): Promise<{ wall: number; cpu: number }> {
  const fiscalkit = await service(ports, false);
  const ids: number[] = [];
  for (let index = 1; index <= N; index += 1)
    ids.push((await fiscalkit.invoices.create(CALLER, ACCOUNT, invoiceBody(index))).id);
  const start = performance.now();
  const startCpu = process.cpuUsage();
  await inBatches(ids, (id) => fiscalkit.invoiceSending.send(CALLER, id));
  await fiscalkit.worker.drain();
  const used = process.cpuUsage(startCpu);
  const wall = performance.now() - start;
  const states = await Promise.all(ids.map(async (id) => (await fiscalkit.invoices.get(CALLER, id)).state));
  const unsent = states.filter((state) => state !== 'sent').length;
  const outbox = (await ports.store.peppolOutbox.list(ACCOUNT, { offset: 0, limit: 1 })).total_count;
  if (unsent > 0 || outbox !== N)
    throw new Error(`run incomplete: ${String(unsent)} not sent, ${String(outbox)} in the outbox`);
  return { wall, cpu: (used.user + used.system) / 1000 }; // money-safe: microseconds to milliseconds
}

async function medianOf(run: () => Promise<{ wall: number; cpu: number }>) {
  const runs: { wall: number; cpu: number }[] = [];
  for (let index = 0; index < RUNS; index += 1) runs.push(await run());
  const wall = median(runs.map((r) => r.wall));
  const cpu = median(runs.map((r) => r.cpu));
  // money-safe: invoices per second and milliseconds per invoice.
  return { wall, cpu, perSecond: (N * 1000) / wall, cpuPerSend: cpu / N };
}

/** (c): per invoice, send → its report `registered`, with the worker running continuously. */
async function sendToRegistered(): Promise<number[]> {
  const ports = memoryPorts({ clock: systemClock() });
  const fiscalkit = await service(ports, true);
  let stopped = false;
  // The loop of examples/http/workerLoop.ts (runWorker): jobs while there are any, then a short wait.
  const loop = (async () => {
    while (!stopped) if (!(await fiscalkit.worker.runNext())) await sleep(10);
  })();
  const times: number[] = [];
  try {
    for (let index = 1; index <= LATENCY_INVOICES; index += 1) {
      const invoice = await fiscalkit.invoices.create(CALLER, ACCOUNT, invoiceBody(index));
      const start = performance.now();
      const sent = await fiscalkit.invoiceSending.send(CALLER, invoice.id);
      const [report] = sent.tax_report_ids;
      if (report === undefined) throw new Error('the send made no tax report');
      const deadline = Date.now() + 60_000;
      for (;;) {
        const state = (await ports.store.taxReports.get(ACCOUNT, report))?.value.state;
        if (state === 'registered') break;
        if (state !== 'processing' || Date.now() > deadline)
          throw new Error(`tax report ${String(report)} ended ${String(state)}`);
        await sleep(1);
      }
      times.push(performance.now() - start);
    }
  } finally {
    stopped = true;
    await loop;
  }
  return times;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows: string[] = [];

const memory = await medianOf(() => throughput(memoryPorts({ clock: systemClock() })));
rows.push(
  `| (a) sends/s, memory | ${memory.perSecond.toFixed(0)}/s | ${ms(memory.wall)} | ${ms(memory.cpu)} (${memory.cpuPerSend.toFixed(2)} ms/send) |`,
);

if (DATABASE_URL === undefined)
  rows.push('| (b) sends/s, PostgreSQL | skipped: set DATABASE_URL (`source /tmp/pgenv`) | | |');
else {
  const postgres = await medianOf(async () => {
    const context = await pgTestContext({ max: 8 });
    try {
      return await throughput(postgresPorts({ pool: context.pool }));
    } finally {
      await context.cleanup();
    }
  });
  rows.push(
    `| (b) sends/s, PostgreSQL | ${postgres.perSecond.toFixed(0)}/s | ${ms(postgres.wall)} | ${ms(postgres.cpu)} (${postgres.cpuPerSend.toFixed(2)} ms/send, this process only) |`,
  );
}

const latency = await sendToRegistered();
rows.push(
  `| (c) send → registered, memory, SII simulator | median ${ms(median(latency))}, p95 ${ms(percentile(latency, 95))}, max ${ms(Math.max(...latency))} | ${String(LATENCY_INVOICES)} invoices, one at a time | |`,
);

console.log(
  `\nIssue #23 sending: N = ${String(N)} Peppol invoices per run, ${String(PARALLEL)} sends in flight, median of ${String(RUNS)} runs; load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}\n`,
);
console.log('| figure | result | wall (all N) | CPU |');
console.log('|---|---|---|---|');
for (const line of rows) console.log(line);
