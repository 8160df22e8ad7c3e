// Memory of computeTotals against the number of lines (issue #2: "memory linear in lines"): the heap
// its result keeps, per line, at 1,000 / 10,000 / 100,000 lines. Linear means the per-line figure
// stays flat (the 1,000-line row carries fixed overhead). Run with `node --expose-gc --import tsx` (npm run
// bench does).
import { benchInvoice } from './workload.js';

// Not a literal path, so typechecking does not need dist/ to exist yet.
const built = '../../dist/index.js';
const { computeTotals } = (await import(built)) as typeof import('../../src/index.js');

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const rows: Record<string, number>[] = [];
for (const count of [1_000, 10_000, 100_000]) {
  const input = benchInvoice(count);
  computeTotals(input); // warm up
  gc();
  const before = process.memoryUsage().heapUsed;
  const result = computeTotals(input);
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  rows.push({
    lines: count,
    'result kept, bytes/line': Math.round(retained / count),
    'result lines': result.lines.length,
  });
}
console.table(rows);
