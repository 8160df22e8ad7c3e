// `npm run bench:reliability` (issue #24 item 1): the repeat attack on every XML endpoint of the
// reference HTTP binding, in-process over memory ports, at the sizes (16,000, 32,000 and
// 200,000 repeats) and at the most repeats the endpoint's document limit lets through (FA(3) 3 MB, SII
// and documents/validate 10 MB). Prints, per endpoint and size, the time to answer, the longest the
// event loop was held meanwhile (monitorEventLoopDelay; the server, the client and this script share
// the loop, so it is an upper bound of the server's stall) and the time a GET sent beside the attack
// took. Targets (issue #24): no import up to the body limit takes more than about a second, no request
// holds the event loop more than about 100 ms. The ports are the memory ones without a `compute`, so
// every import and validation runs inline on the main thread: the stall column is the worst case (a host
// with worker threads moves that work off the loop). A benchmark, not a test: it asserts nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MAX_FA3_BYTES } from '../../src/ksef/import/guards.js';
import { MAX_SII_IMPORT_BYTES } from '../../src/sii/import/document.js';
import { startService } from '../http/harness.js';
import { ATTACK_TARGETS, REPEAT_ATTACK_SIZES } from '../support/repeatAttack.js';
import { PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';

/** The most repeats of a target's child that keep its document within `limit` bytes. */
function repeatsWithin(body: (count: number) => string, limit: number): number {
  const one = Buffer.byteLength(body(1));
  const child = Buffer.byteLength(body(2)) - one;
  return Math.floor((limit - (one - child)) / child);
}

const service = await startService();
await seedWorld(service.ports);
const rows: string[][] = [];
try {
  // Warm up the code paths once (module loading, first compilation), as a running server would be.
  for (const target of ATTACK_TARGETS)
    await service.request('POST', target.path, {
      body: target.body(10),
      headers: { 'Content-Type': 'application/xml' },
    });

  for (const target of ATTACK_TARGETS) {
    const limit =
      target.path.includes('import') && target.name.includes('FA(3)') ? MAX_FA3_BYTES : MAX_SII_IMPORT_BYTES;
    const sizes = [...REPEAT_ATTACK_SIZES, repeatsWithin(target.body, limit)];
    for (const count of sizes) {
      const body = target.body(count);
      const histogram = monitorEventLoopDelay({ resolution: 5 });
      histogram.enable();
      const started = performance.now();
      const attack = service.request('POST', target.path, {
        body,
        headers: { 'Content-Type': 'application/xml' },
      });
      // The GET leaves once the attack is on its way.
      await new Promise((resolve) => setTimeout(resolve, 1));
      const getStarted = performance.now();
      const get = service.request('GET', `/accounts/${String(PL_ACCOUNT)}`).then((response) => ({
        response,
        ms: performance.now() - getStarted,
      }));
      const response = await attack;
      const answered = performance.now() - started;
      const beside = await get;
      histogram.disable();
      const detail =
        response.json?.error?.message ??
        (response.json?.valid === undefined
          ? response.text.slice(0, 60)
          : `valid: ${String(response.json.valid)}`);
      rows.push([
        target.name,
        count.toLocaleString('en'),
        (Buffer.byteLength(body) / 1024).toFixed(0),
        String(response.status),
        answered.toFixed(0),
        (histogram.max / 1e6).toFixed(0),
        `${beside.ms.toFixed(0)} (${String(beside.response.status)})`,
        String(detail).slice(0, 70),
      ]);
    }
  }
} finally {
  await service.close();
}

const header = [
  'endpoint',
  'repeats',
  'KiB',
  'status',
  'answer ms',
  'max stall ms',
  'GET beside ms',
  'answer',
];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
);
const line = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column === 0 || column === 7 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
    )
    .join('  ');
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));
