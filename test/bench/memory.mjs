// Memory of computeTotals against the number of lines (issue #2: "memory linear in lines"): the heap
// its result keeps, per line, at 1,000 / 10,000 / 100,000 lines. Linear means the per-line figure
// stays flat (the 1,000-line row carries fixed overhead). Run with `node --expose-gc` (npm run bench
// does).
import { computeTotals } from '../../dist/index.js';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const RATES = [
  ['4', '0.5'],
  ['8', '1.4'],
  ['10', '1.4'],
  ['21', '5.2'],
  ['23', '5.2'],
];
const invoice = (count) => ({
  currency: 'EUR',
  lines: Array.from({ length: count }, (_, i) => {
    const [vat, surcharge] = RATES[i % RATES.length];
    return {
      quantity: `${(i % 17) + 1}.${String(i % 1000).padStart(3, '0')}`,
      price: `${(i * 7919) % 100000}.${String((i * 104729) % 1000000).padStart(6, '0')}`,
      taxes: [
        { name: 'IVA', category: 'S', percent: vat, kind: 'vat' },
        { name: 'RE', percent: surcharge, kind: 'surcharge' },
      ],
    };
  }),
});

const rows = [];
for (const count of [1_000, 10_000, 100_000]) {
  const input = invoice(count);
  computeTotals(input); // warm up
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const result = computeTotals(input);
  globalThis.gc();
  const retained = process.memoryUsage().heapUsed - before;
  rows.push({
    lines: count,
    'result kept, bytes/line': Math.round(retained / count),
    'result lines': result.lines.length,
  });
}
console.table(rows);
