/**
 * The number path of `computeTotals` (docs/totals.md §7): exact integer arithmetic in JS numbers,
 * taken only when every value is provably exact, with the bigint path as the fallback. Its
 * correctness precondition is "no value beyond 2^53 − 1, no remainder beyond 15 decimals", so these
 * properties drive inputs across that boundary and require the two paths to agree exactly (the
 * whole result, key order included), and each number helper to agree with its bigint counterpart.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { divideAndRound, divisor, roundQuotient } from '../../src/money/divideAndRound.js';
import { formatUnits, formatUnitsTrimmed, pow10, toUnits } from '../../src/money/fixedPoint.js';
import { ROUNDING_METHODS, type RoundingMethod } from '../../src/money/roundingMethod.js';
import {
  allowanceTotalsInputArb,
  anyRoundingMethodArb,
  decimalArb,
  exchangeArb,
  largeLinesArb,
  modeArb,
  prepaidArb,
  totalsInputArb,
} from '../../src/testing/index.js';
import { computeTotals, computeTotalsByPath } from '../../src/totals/computeTotals.js';
import {
  MAX_EXACT,
  roundRemainder,
  roundSplit,
  split,
  splitProduct,
  splitScaled,
  unitsOf,
  writeFixed,
  writeTrimmed,
} from '../../src/totals/exactNumbers.js';
import type { TotalsInput, TotalsLineInput } from '../../src/totals/input.js';
import { modeFlags } from '../../src/totals/mode.js';
import { unitPrice } from '../../src/totals/unitPrice.js';
import { allowanceBenchInvoice } from '../bench/totalsWorkload.js';
import { benchInvoice } from '../bench/workload.js';

const MAX = BigInt(MAX_EXACT);
const methodArb = fc.constantFrom(...ROUNDING_METHODS);

/** Exact integers of every magnitude, biased to the edges: 0, ±10^k ± small, ±(2^53 − 1 − small). */
const exactIntegerArb: fc.Arbitrary<number> = fc
  .oneof(
    fc.bigInt({ min: -MAX, max: MAX }),
    fc
      .tuple(fc.integer({ min: 0, max: 16 }), fc.bigInt({ min: -3n, max: 3n }), fc.boolean())
      .map(([k, d, negative]) => (negative ? -1n : 1n) * (10n ** BigInt(k) + d)),
    fc.bigInt({ min: 0n, max: 1000n }).map((d) => MAX - d),
    fc.bigInt({ min: 0n, max: 1000n }).map((d) => d - MAX),
  )
  .filter((value) => value >= -MAX && value <= MAX)
  // The test's own conversion of an exact integer (the property under test is the engine's).
  .map((value) => Number(value));

/**
 * A truncated split `h × 10^k + l` (|l| < 10^k, signs agreeing) with exact `h`; the remainder often
 * an exact half or next to one (the ties of every rounding method).
 */
const splitArb = fc
  .tuple(
    exactIntegerArb,
    fc.integer({ min: 0, max: 15 }),
    fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
    fc.constantFrom(undefined, 0n, -1n, 1n),
  )
  .map(([h, k, raw, nearHalf]) => {
    const scale = 10n ** BigInt(k);
    const half = k === 0 ? undefined : scale / 2n + (nearHalf ?? 0n);
    const magnitude = nearHalf === undefined || half === undefined ? raw % scale : half;
    const negative = h < 0 || (h === 0 && raw % 2n === 1n);
    return { h, k, l: Number(negative ? -magnitude : magnitude) };
  });

const bigOf = (h: number, l: number, k: number) => BigInt(h) * 10n ** BigInt(k) + BigInt(l);

describe('exact number helpers agree with their bigint counterparts', () => {
  test.prop([exactIntegerArb, fc.constantFrom(0, 2, 3, 4)])('writeFixed = formatUnits', (units, scale) => {
    expect(writeFixed(units, scale)).toBe(formatUnits(BigInt(units), scale));
  });

  test.prop([splitArb, fc.constantFrom(0, 2, 3, 4)])(
    'writeTrimmed = formatUnitsTrimmed',
    ({ h, k, l }, scale) => {
      expect(writeTrimmed(h, l, k, scale)).toBe(formatUnitsTrimmed(bigOf(h, l, k), k + scale));
    },
  );

  test.prop([splitArb, methodArb])('roundSplit = roundQuotient', ({ h, k, l }, method) => {
    const expected = roundQuotient(BigInt(h), BigInt(l), divisor(10n ** BigInt(k)), method);
    const rounded = roundSplit(h, l, k, method);
    if (expected <= MAX && expected >= -MAX) expect(BigInt(rounded)).toBe(expected);
  });

  test.prop([exactIntegerArb, fc.bigInt({ min: 1n, max: 2n ** 52n - 1n }), methodArb])(
    'roundRemainder = divideAndRound, odd and even divisors',
    (n, d, method) => {
      const divisorValue = Number(d);
      const r = n % divisorValue;
      const q = (n - r) / divisorValue;
      expect(BigInt(roundRemainder(q, r, divisorValue, method))).toBe(divideAndRound(BigInt(n), d, method));
    },
  );

  test.prop([exactIntegerArb, exactIntegerArb, fc.integer({ min: -8, max: 15 })])(
    'splitProduct: when it succeeds, h × 10^k + l = a × b, truncated',
    (a, b, k) => {
      if (!splitProduct(a, b, k)) return;
      const [h, l] = [split[0] as number, split[1] as number];
      const product = BigInt(a) * BigInt(b);
      if (k <= 0) {
        expect(l).toBe(0);
        expect(BigInt(h)).toBe(product * 10n ** BigInt(-k));
        return;
      }
      expect(bigOf(h, l, k)).toBe(product);
      expect(Math.abs(l)).toBeLessThan(10 ** k);
      expect(h * l >= 0).toBe(true);
    },
  );

  test.prop([
    splitArb,
    fc.oneof(exactIntegerArb, fc.integer({ min: 0, max: 10 ** 10 })),
    fc.integer({ min: 0, max: 12 }),
  ])(
    'splitScaled: when it succeeds, it is (h × 10^k + l) × f / 10^m split at 10^(k+m)',
    ({ h, k, l }, f, m) => {
      if (k + m > 15 || !splitScaled(h, l, k, f, m)) return;
      const [high, low] = [split[0] as number, split[1] as number];
      expect(bigOf(high, low, k + m)).toBe(bigOf(h, l, k) * BigInt(f));
      expect(Math.abs(low)).toBeLessThan(10 ** (k + m));
      expect(high * low >= 0).toBe(true);
    },
  );

  test.prop([decimalArb({ decimals: [0, 1, 4, 8], maxIntegerDigits: 16, signed: true })])(
    'unitsOf = toUnits (or NaN beyond 15 significant digits)',
    (value) => {
      const decimals = value.includes('.') ? value.length - value.indexOf('.') - 1 : 0;
      const exact = toUnits(value, decimals);
      const units = unitsOf(value);
      const digits = (exact < 0n ? -exact : exact).toString().length;
      if (digits > 15 && exact !== 0n) expect(units).toBeNaN();
      else expect(BigInt(units)).toBe(exact);
    },
  );

  it('the boundaries themselves', () => {
    expect(writeFixed(MAX_EXACT, 2)).toBe(formatUnits(MAX, 2));
    expect(writeFixed(-MAX_EXACT, 3)).toBe(formatUnits(-MAX, 3));
    expect(writeTrimmed(MAX_EXACT, 999_999_999_999_999, 15, 2)).toBe(
      formatUnitsTrimmed(MAX * 10n ** 15n + 999_999_999_999_999n, 17),
    );
    expect(splitProduct(94_906_265, 94_906_265, 0)).toBe(true); // 2^53 − 2^27·… < 2^53
    expect(splitProduct(94_906_267, 94_906_267, 0)).toBe(false); // just above 2^53
    expect(splitProduct(94_906_267, 94_906_267, 2)).toBe(true);
    expect(bigOf(split[0] as number, split[1] as number, 2)).toBe(94_906_267n * 94_906_267n);
    expect(unitsOf('999999999999999')).toBe(999_999_999_999_999);
    expect(unitsOf('1000000000000000')).toBeNaN();
    expect(unitsOf('0.00000001')).toBe(1);
  });
});

/** `R₈(price / base)` computed with bigints only (docs/totals.md §2.1), as the reference. */
function unitPriceReference(price: string, base: string, method: RoundingMethod): string {
  const places = base.includes('.') ? base.length - base.indexOf('.') - 1 : 0;
  const units = divideAndRound(toUnits(price, 8) * pow10(places), toUnits(base, places), method);
  return formatUnitsTrimmed(units, 8);
}

describe('unitPrice: the number long division = the bigint division', () => {
  const baseArb = fc.oneof(
    decimalArb({ decimals: [0, 1, 3, 6], maxIntegerDigits: 4, nonZero: true }),
    decimalArb({ decimals: [0, 6], minIntegerDigits: 8, maxIntegerDigits: 16, nonZero: true }),
    fc.constantFrom('1', '1.000', '3', '12', '100', '0.000001', '7.000007'),
  );
  const priceArbs = fc.oneof(
    decimalArb({ decimals: [0, 2, 6, 8], maxIntegerDigits: 6, signed: true }),
    decimalArb({ decimals: [0, 8], minIntegerDigits: 7, maxIntegerDigits: 16, signed: true }),
  );
  test.prop([priceArbs, baseArb, methodArb], { numRuns: 500 })('every method', (price, base, method) => {
    fc.pre(/[1-9]/.test(base));
    expect(unitPrice(price, base, method)).toBe(unitPriceReference(price, base, method));
  });
});

/** The number path, when it applies, and the bigint path give the same result, written the same. */
function expectPathsAgree(input: TotalsInput, counts: { number: number; bigint: number }) {
  let bigint: ReturnType<typeof computeTotalsByPath>;
  try {
    bigint = computeTotalsByPath(input, 'bigint');
  } catch (error) {
    // An input the engine refuses (a spread over zero nets) is refused on both paths alike.
    expect(() => computeTotalsByPath(input, 'number')).toThrow(error as Error);
    return;
  }
  const number = computeTotalsByPath(input, 'number');
  if (number === undefined) {
    counts.bigint += 1;
    expect(computeTotals(input)).toEqual(bigint);
    return;
  }
  counts.number += 1;
  expect(JSON.stringify(number)).toBe(JSON.stringify(bigint));
  expect(number).toEqual(bigint);
}

/**
 * Lines whose products straddle the boundary: quantities and prices of up to `digits` integer
 * digits with every number of decimals, percentages and amounts with up to 4 and 8, tax percents
 * with up to 8.
 */
function boundaryLineArb(digits: number): fc.Arbitrary<TotalsLineInput> {
  const side = fc.constantFrom('allowance' as const, 'charge' as const);
  return fc
    .record({
      quantity: decimalArb({ decimals: [0, 2, 3, 6], maxIntegerDigits: digits, signed: true }),
      price: decimalArb({ decimals: [0, 2, 6, 8], maxIntegerDigits: digits }),
      base: fc.option(decimalArb({ decimals: [0, 3, 6], maxIntegerDigits: 3, nonZero: true }), {
        nil: undefined,
      }),
      entries: fc.array(
        fc.oneof(
          fc.record({
            allowance_charge_indicator: side,
            percentage: decimalArb({ decimals: [0, 1, 4], maxIntegerDigits: 1 }),
          }),
          fc.record({
            allowance_charge_indicator: side,
            percentage: decimalArb({ decimals: [0, 4], maxIntegerDigits: 1 }),
            base_amount: decimalArb({ decimals: [0, 2, 8], maxIntegerDigits: digits, signed: true }),
          }),
          fc.record({
            allowance_charge_indicator: side,
            amount: decimalArb({ decimals: [0, 2, 8], maxIntegerDigits: digits, signed: true }),
          }),
        ),
        { maxLength: 3 },
      ),
      vat: fc.constantFrom('21', '10', '4', '0', '21.00', '5.5', '12.345', '7.12345678'),
      surcharge: fc.option(fc.constantFrom('5.2', '1.4', '0.5'), { nil: undefined }),
    })
    .filter(({ base }) => base === undefined || /[1-9]/.test(base))
    .map(({ quantity, price, base, entries, vat, surcharge }) => {
      const line: TotalsLineInput = {
        quantity,
        price,
        taxes: [{ name: 'IVA', category: 'S', percent: vat, kind: 'vat' }],
      };
      if (surcharge !== undefined) line.taxes.push({ name: 'RE', percent: surcharge, kind: 'surcharge' });
      if (base !== undefined) line.base_quantity = base;
      if (entries.length > 0) line.allowance_charges = entries;
      return line;
    });
}

/** 1–8 lines whose integer digits go up to 2 … 10, so that some invoices stay exact and some not. */
const boundaryLinesArb = fc
  .integer({ min: 2, max: 10 })
  .chain((digits) => fc.array(boundaryLineArb(digits), { minLength: 1, maxLength: 8 }));

describe('computeTotals: the number path and the bigint path agree', () => {
  it('the benchmark workloads (totals.bench.ts) take the number path, in every mode', () => {
    // A change that sent them to the bigint path would cost 2–3× their time without failing a test.
    for (const invoice of [benchInvoice(300), allowanceBenchInvoice(300)]) {
      for (const mode of ['accumulated', 'per_line', 'per_line_unrounded'] as const) {
        const input = { ...invoice, ...modeFlags(mode) };
        const number = computeTotalsByPath(input, 'number');
        expect(number).toBeDefined();
        expect(JSON.stringify(number)).toBe(JSON.stringify(computeTotalsByPath(input, 'bigint')));
      }
    }
  });

  it('on the golden workload shapes, the number path applies', () => {
    const input: TotalsInput = {
      currency: 'EUR',
      lines: [
        { quantity: '7', price: '10.00', base_quantity: '3', taxes: [{ name: 'IVA', percent: '21' }] },
        {
          quantity: '17.999',
          price: '99999.999999',
          allowance_charges: [{ allowance_charge_indicator: 'allowance', percentage: '5' }],
          taxes: [{ name: 'IVA', percent: '21' }],
        },
      ],
    };
    for (const mode of ['accumulated', 'per_line', 'per_line_unrounded'] as const) {
      expect(computeTotalsByPath({ ...input, ...modeFlags(mode) }, 'number')).toEqual(
        computeTotalsByPath({ ...input, ...modeFlags(mode) }, 'bigint'),
      );
    }
  });

  it('straddling the boundary: lines of every size, every mode, method and currency', () => {
    const counts = { number: 0, bigint: 0 };
    fc.assert(
      fc.property(
        boundaryLinesArb,
        modeArb,
        anyRoundingMethodArb,
        fc.constantFrom('EUR', 'JPY', 'BHD', 'CLF'),
        (lines, mode, method, currency) => {
          expectPathsAgree({ currency, rounding_method: method, ...modeFlags(mode), lines }, counts);
        },
      ),
      { numRuns: 600 },
    );
    // Both sides of the boundary were reached (typically about 180 and 420 of the 600).
    expect(counts.number).toBeGreaterThan(60);
    expect(counts.bigint).toBeGreaterThan(60);
  });

  it('with allowances, base quantities and document entries (allowanceTotalsInputArb)', () => {
    const counts = { number: 0, bigint: 0 };
    fc.assert(
      fc.property(allowanceTotalsInputArb({ method: anyRoundingMethodArb }), (input) => {
        expectPathsAgree(input, counts);
      }),
      { numRuns: 300 },
    );
    expect(counts.number).toBeGreaterThan(50);
  });

  it('with exchange rates and prepaid amounts, and with 16-digit amounts (bigint only)', () => {
    const counts = { number: 0, bigint: 0 };
    fc.assert(
      fc.property(
        fc.oneof(
          totalsInputArb({ currency: 'EUR' }),
          totalsInputArb({ currency: 'EUR', lines: largeLinesArb() }),
        ),
        exchangeArb('EUR'),
        prepaidArb(2),
        (input, exchange, prepaid) => {
          expectPathsAgree({ ...input, ...exchange, prepaid_amount: prepaid }, counts);
        },
      ),
      { numRuns: 200 },
    );
    // Both paths must be exercised; how often each is drawn varies with the seed (about 30 of 200 for
    // the number path, and once exactly 20 failed a `> 20` bar in CI), so the bar leaves room for chance.
    expect(counts.number).toBeGreaterThan(5);
    expect(counts.bigint).toBeGreaterThan(5);
  });

  it('with total_amount_due on an advance invoice', () => {
    const counts = { number: 0, bigint: 0 };
    fc.assert(
      fc.property(
        totalsInputArb({ currency: 'PLN' }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (input, due) => {
          // The advance split is defined over VAT groups only.
          const lines = input.lines.map((line) => ({
            ...line,
            taxes: line.taxes.filter((tax) => tax.kind === undefined || tax.kind === 'vat'),
          }));
          fc.pre(lines.every((line) => line.taxes.length === 1 && !line.taxes[0]?.percent.startsWith('-')));
          const advance = { ...input, lines, type_code: 'ZAL', total_amount_due: formatUnits(due, 2) };
          expectPathsAgree(advance, counts);
        },
      ),
      { numRuns: 100 },
    );
    expect(counts.number).toBeGreaterThan(10);
  });
});
