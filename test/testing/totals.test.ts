/**
 * `fiscalkit/testing` totals arbitraries (src/testing/totals.ts, src/testing/decimal.ts), checked
 * against fiscalkit itself: every generated input is one `validateTotalsInput` and `computeTotals`
 * accept, the generators reach what they promise (every currency exponent, mode and rounding
 * method, discounts, charges, surcharges, withholdings), and the tie inputs do hold a rounding tie.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyExponent } from '../../src/money/currencies.js';
import {
  anyRoundingMethodArb,
  CURRENCIES,
  decimalArb,
  exchangeArb,
  prepaidArb,
  tieTotalsInputArb,
  totalsInputArb,
  unitsToDecimal,
} from '../../src/testing/index.js';
import { computeTotals } from '../../src/totals/computeTotals.js';
import type { TotalsInput } from '../../src/totals/input.js';
import { totalsMode } from '../../src/totals/mode.js';
import { validateTotalsInput } from '../../src/totals/validateTotalsInput.js';
import { type OracleStats, oracleTotals } from '../support/oracle.js';

/** Validates and computes, failing with the issues when the engine refuses the input. */
function accepted(input: TotalsInput): void {
  const checked = validateTotalsInput(input);
  expect(checked.success, JSON.stringify(checked.success ? null : checked.issues)).toBe(true);
  expect(() => computeTotals(input)).not.toThrow();
}

describe('decimal strings', () => {
  it('unitsToDecimal writes units × 10^-decimals exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        (units, places) => {
          const text = unitsToDecimal(units, places);
          expect(
            new Decimal(text).equals(new Decimal(units.toString()).dividedBy(new Decimal(10).pow(places))),
          ).toBe(true);
          expect(text.includes('.') ? (text.split('.')[1] ?? '').length : 0).toBe(places);
          expect(text.startsWith('-')).toBe(units < 0n);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('decimalArb keeps to its decimals, integer digits, sign and non-zero options', () => {
    fc.assert(
      fc.property(
        fc.record({
          decimals: fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 3 }),
          maxIntegerDigits: fc.integer({ min: 1, max: 16 }),
          signed: fc.boolean(),
          nonZero: fc.boolean(),
        }),
        fc.integer(),
        (options, seed) => {
          const [text] = fc.sample(decimalArb(options), { numRuns: 1, seed });
          if (text === undefined) throw new Error('no sample');
          const [integer = '', fraction = ''] = text.replace('-', '').split('.');
          expect(options.decimals).toContain(fraction.length);
          expect(integer.replace(/^0+(?=\d)/, '').length).toBeLessThanOrEqual(
            Math.max(1, options.maxIntegerDigits),
          );
          if (!options.signed) expect(text.startsWith('-')).toBe(false);
          if (options.nonZero) expect(new Decimal(text).isZero()).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('totals inputs', () => {
  it('totalsInputArb gives inputs computeTotals accepts', () => {
    fc.assert(fc.property(totalsInputArb(), accepted), { numRuns: 200 });
  });

  it('with a prepaid amount of the currency’s decimals, or an exchange rate to another currency, too', () => {
    fc.assert(
      fc.property(
        totalsInputArb().chain((input) =>
          fc.tuple(
            fc.constant(input),
            prepaidArb(currencyExponent(input.currency)),
            exchangeArb(input.currency),
          ),
        ),
        ([input, prepaid, exchange]) => {
          accepted({ ...input, prepaid_amount: prepaid });
          accepted({ ...input, ...exchange });
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reaches every currency exponent, mode and symmetric method, and every kind of tax and adjustment', () => {
    const inputs = fc.sample(totalsInputArb(), { numRuns: 500, seed: 9 });
    const seen = new Set<string>();
    for (const input of inputs) {
      seen.add(`exponent ${CURRENCIES[input.currency]}`);
      seen.add(`mode ${totalsMode(input) ?? 'none'}`);
      seen.add(`method ${input.rounding_method}`);
      for (const line of input.lines) {
        if (line.discount_percent !== undefined) seen.add('discount_percent');
        if (line.discount_amount !== undefined) seen.add('discount_amount');
        if (line.charge_amount !== undefined) seen.add('charge_amount');
        for (const tax of line.taxes)
          seen.add(tax.kind ?? (tax.percent.startsWith('-') ? 'withholding' : 'vat'));
      }
    }
    expect([...seen].sort()).toEqual(
      [
        'exponent 0',
        'exponent 2',
        'exponent 3',
        'mode accumulated',
        'mode per_line',
        'mode per_line_unrounded',
        'method half_up',
        'method half_even',
        'method down',
        'discount_percent',
        'discount_amount',
        'charge_amount',
        'vat',
        'surcharge',
        'withholding',
      ].sort(),
    );
  });

  it('anyRoundingMethodArb includes half_ceil', () => {
    expect(new Set(fc.sample(anyRoundingMethodArb, { numRuns: 100, seed: 9 }))).toEqual(
      new Set(['half_up', 'half_even', 'down', 'half_ceil']),
    );
  });
});

describe('ties', () => {
  it('tieTotalsInputArb inputs hold an exact rounding tie, in every mode and currency exponent', () => {
    fc.assert(
      fc.property(tieTotalsInputArb(), (input) => {
        accepted(input);
        const stats: OracleStats = { ties: 0 };
        oracleTotals(input, stats);
        expect(stats.ties).toBeGreaterThan(0);
        // At a tie, rounding half away from zero and towards zero part.
        const away = computeTotals({ ...input, rounding_method: 'half_up' }).totals.tax_outputs;
        const towards = computeTotals({ ...input, rounding_method: 'down' }).totals.tax_outputs;
        expect(away).not.toBe(towards);
      }),
      { numRuns: 200 },
    );
  });

  it('reaches every currency exponent', () => {
    const exponents = new Set(
      fc.sample(tieTotalsInputArb(), { numRuns: 200, seed: 9 }).map((input) => CURRENCIES[input.currency]),
    );
    expect(exponents).toEqual(new Set([0, 2, 3]));
  });
});
