// Prints the medians of the last `vitest bench` run (reports/bench.json) against the issue targets.
// vitest's own table shows the mean and percentiles but not the median, which is what the targets
// are stated in.
import { readFileSync } from 'node:fs';

/** Median targets in milliseconds, per benchmark group or `group > benchmark` (issues #2, #5, #6 and #7). */
const TARGETS = {
  'computeTotals, 10,000 lines × 2 taxes': 25,
  'checkSpanishTin, 20,000 mixed TINs': 10,
  'FA(3), 1,000-line invoice': 30,
  'SII, 5,000 Expedida records': 300,
  'SII, 5,000 Expedida records, fiscalkit/xsd': 1500,
  'SII batch, 5,000 Expedida records > POST to 202 (envelope, store, enqueue)': 50,
  'SII batch, 5,000 Expedida records > POST to finished (structural validator)': 2500,
  'TIN verification, 20,000 pairs > POST to success, cold cache': 500,
  'TIN verification, 20,000 pairs > POST to success, warm cache': 150,
};

const report = JSON.parse(readFileSync(new URL('../../reports/bench.json', import.meta.url), 'utf8'));
const rows = [];
for (const file of report.files) {
  for (const group of file.groups) {
    const groupName = group.fullName.split(' > ').slice(1).join(' > ');
    for (const bench of group.benchmarks) {
      const target = TARGETS[`${groupName} > ${bench.name}`] ?? TARGETS[groupName];
      rows.push({
        benchmark: `${groupName} > ${bench.name}`,
        'median ms': bench.median.toFixed(2),
        'mean ms': bench.mean.toFixed(2),
        'min ms': bench.min.toFixed(2),
        'p75 ms': bench.p75.toFixed(2),
        samples: bench.sampleCount,
        target: target === undefined ? '' : `≤ ${target} ms`,
        verdict: target === undefined ? '' : bench.median <= target ? 'meets' : 'MISSES',
      });
    }
  }
}
console.table(rows);
