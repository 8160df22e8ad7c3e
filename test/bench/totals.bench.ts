import { bench, describe } from 'vitest';
// The benchmark measures the built package (dist/, what users run; `npm run bench` builds it first):
// through vitest's module transform every cross-module call in src/ goes through an import shim,
// which costs ~20 % on this workload and is not part of fiscalkit.
// The path is not a literal so that typechecking does not need dist/ to exist yet.
import type { TotalsInput } from '../../src/index.js';

const built = '../../dist/index.js';
const { computeTotals, modeFlags, TOTALS_MODES } = (await import(
  built
)) as typeof import('../../src/index.js');

/**
 * taxmath.md §6 workload: 10,000 lines, quantity with 3 decimals, price with 6 decimals, 2 taxes per
 * line (VAT 4/8/10/21/23 % plus the matching surcharge: 8+ groups). Target (issue #2): median ≤ 25 ms
 * per mode on a 2-core machine.
 */
const RATES = [
  ['4', '0.5'],
  ['8', '1.4'],
  ['10', '1.4'],
  ['21', '5.2'],
  ['23', '5.2'],
] as const;

function invoice(lineCount: number): TotalsInput {
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const [vat, surcharge] = RATES[i % RATES.length] as (typeof RATES)[number];
    return {
      quantity: `${(i % 17) + 1}.${String(i % 1000).padStart(3, '0')}`,
      price: `${(i * 7919) % 100000}.${String((i * 104729) % 1000000).padStart(6, '0')}`,
      taxes: [
        { name: 'IVA', category: 'S', percent: vat, kind: 'vat' as const },
        { name: 'RE', percent: surcharge, kind: 'surcharge' as const },
      ],
    };
  });
  return { currency: 'EUR', lines };
}

const large = invoice(10_000);

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
