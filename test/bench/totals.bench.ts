import { bench, describe } from 'vitest';
import { allowanceBenchInvoice } from './totalsWorkload.js';
// The benchmark measures the built package (dist/, what users run; `npm run bench` builds it first):
// through vitest's module transform every cross-module call in src/ goes through an import shim,
// which costs ~20 % on this workload and is not part of fiscalkit. FISCALKIT_DIST points it at
// another build of `src/index.ts` (e.g. one made while dist/ is in use).
// The path is not a literal so that typechecking does not need dist/ to exist yet.
import { benchInvoice } from './workload.js';

const built = process.env.FISCALKIT_DIST ?? '../../dist/index.js';
const { computeTotals, modeFlags, TOTALS_MODES } = (await import(
  built
)) as typeof import('../../src/index.js');

/** Target (issue #2): median ≤ 25 ms per mode on a 2-core machine, for 10,000 lines × 2 taxes. */
const large = benchInvoice(10_000);
/** Target (issue #19): the same, with allowances, base quantities and document-level entries. */
const withAllowances = allowanceBenchInvoice(10_000);

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
  for (const mode of TOTALS_MODES) {
    bench(
      `${mode}, with line allowances, base quantities and document allowances/charges`,
      () => {
        computeTotals({ ...withAllowances, ...modeFlags(mode) });
      },
      { iterations: 30, warmupIterations: 5, time: 0 },
    );
  }
});
