import { bench, describe } from 'vitest';
// The benchmark measures the built package (dist/, what users run; `npm run bench` builds it first),
// as totals.bench.ts does. The path is not a literal so that typechecking does not need dist/.
import { tinWorkload } from './tinWorkload.js';

const built = '../../dist/index.js';
const { checkSpanishTin } = (await import(built)) as typeof import('../../src/index.js');

/** Target: median ≤ 10 ms for 20,000 mixed TINs (one full TIN verification request, spec §4.3). */
const tins = tinWorkload(20_000);

/** Read after the run so that the results cannot be optimised away. */
let validCount = 0;

describe('checkSpanishTin, 20,000 mixed TINs', () => {
  bench(
    'checkSpanishTin',
    () => {
      let valid = 0;
      for (const tin of tins) if (checkSpanishTin(tin).valid) valid += 1;
      validCount = valid;
    },
    {
      iterations: 50,
      warmupIterations: 10,
      time: 0,
      teardown: () => {
        if (validCount === 0) throw new Error('the TIN workload has no valid TIN');
      },
    },
  );
});
