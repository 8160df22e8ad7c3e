// Profiling and A/B timing of computeTotals on the taxmath.md §6 workload (the one of
// totals.bench.ts), against a built dist. Plain node, no vitest: usable under `node --cpu-prof` and
// `valgrind --tool=callgrind node --jitless`.
//
//   node test/bench/profileTotals.mjs [distDir] [runs] [mode|all]
//
// Prints the median and minimum wall time per mode. The workload mirrors test/bench/workload.ts.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = resolve(process.argv[2] ?? 'dist');
const runs = Number(process.argv[3] ?? 30);
const only = process.argv[4] ?? 'all';
const warmups = Number(process.env.WARMUP ?? 5);
const { computeTotals, modeFlags, TOTALS_MODES } = await import(pathToFileURL(`${dist}/index.js`).href);

function benchInvoice(count) {
  const rates = [
    ['4', '0.5'],
    ['8', '1.4'],
    ['10', '1.4'],
    ['21', '5.2'],
    ['23', '5.2'],
  ];
  const lines = Array.from({ length: count }, (_, i) => {
    const [vat, surcharge] = rates[i % rates.length];
    return {
      quantity: `${(i % 17) + 1}.${String(i % 1000).padStart(3, '0')}`,
      price: `${(i * 7919) % 100000}.${String((i * 104729) % 1000000).padStart(6, '0')}`,
      taxes: [
        { name: 'IVA', category: 'S', percent: vat, kind: 'vat' },
        { name: 'RE', percent: surcharge, kind: 'surcharge' },
      ],
    };
  });
  return { currency: 'EUR', lines };
}

const large = benchInvoice(10_000);
const modes = only === 'all' ? TOTALS_MODES : [only];
for (const mode of modes) {
  const input = { ...large, ...modeFlags(mode) };
  for (let i = 0; i < warmups; i++) computeTotals(input);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    computeTotals(input);
    times.push(Number(process.hrtime.bigint() - start) / 1e6); // money-safe: elapsed milliseconds
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${mode.padEnd(20)} median ${median.toFixed(2)} ms  min ${times[0].toFixed(2)} ms`);
}
