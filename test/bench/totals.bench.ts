import { bench, describe } from 'vitest';
// The benchmark measures the built package (dist/, what users run; `npm run bench` builds it first):
// through vitest's module transform every cross-module call in src/ goes through an import shim,
// which costs ~20 % on this workload and is not part of fiscalkit.
// The path is not a literal so that typechecking does not need dist/ to exist yet.
import { benchInvoice } from './workload.js';

const built = '../../dist/index.js';
const { computeTotals, modeFlags, TOTALS_MODES } = (await import(
  built
)) as typeof import('../../src/index.js');

/** Target (issue #2): median ≤ 25 ms per mode on a 2-core machine, for 10,000 lines × 2 taxes. */
const large = benchInvoice(10_000);

describe('computeTotals, 10,000 lines × 2 taxes', () => {
  for (const mode of TOTALS_MODES) {
    bench(
      mode,
      () => {
        computeTotals({ ...large, ...modeFlags(mode) });
      },
      { iterations: 30, warmupIterations: 5, time: 0 },
    );
  }
});
