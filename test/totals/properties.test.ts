/**
 * Property-based tests of `computeTotals` against taxmath.md §5 (items 1–17), with the decimal.js
 * oracle of test/support/oracle.ts and the generators of test/support/arbitraries.ts.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  computeTotals,
  isApiError,
  modeFlags,
  type RoundingMethod,
  TOTALS_MODES,
  type TotalsInput,
  type TotalsLineInput,
  type TotalsMode,
  type TotalsResult,
} from '../../src/index.js';
import {
  CURRENCIES,
  currencyArb,
  decimalArb,
  exchangeArb,
  identicalLinesArb,
  largeLinesArb,
  lineArb,
  linesArb,
  prepaidArb,
  roundingMethodArb,
  tieLineArb,
  tieRichLinesArb,
  totalsInputArb,
  unitsToDecimal,
} from '../support/arbitraries.js';
import { Dec, exponentOf, lineComponents, oracleTotals, roundTo } from '../support/oracle.js';
import { hasShared } from '../support/shared.js';
import { taxmathVectors } from '../support/vectors.js';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const HALF_METHODS: readonly RoundingMethod[] = ['half_up', 'half_even'];

/** One minor unit of a currency with `exponent` decimals. */
const unitOf = (exponent: number) => new Dec(10).pow(-exponent);
/** A printed amount as a decimal; a missing amount is a test failure, never a silent zero. */
function dec(value: string | undefined): Dec {
  if (value === undefined) throw new Error('expected an amount, found none');
  return new Dec(value);
}
const sumOf = (values: readonly (string | undefined)[]) =>
  values.reduce((sum, value) => sum.plus(dec(value)), new Dec(0));

const inMode = (input: TotalsInput, mode: TotalsMode): TotalsInput => ({ ...input, ...modeFlags(mode) });
const withMethod = (input: TotalsInput, method: RoundingMethod): TotalsInput => ({
  ...input,
  rounding_method: method,
});

/** What `fn` threw, or `undefined` when it returned. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Asserts that `fn` throws an `ApiError` with HTTP 422, a message, and (if given) that param. */
function expect422(fn: () => unknown, param?: string): ApiError {
  const error = thrownBy(fn);
  expect(error).toBeInstanceOf(ApiError);
  expect(isApiError(error)).toBe(true);
  const apiError = error as ApiError;
  expect(apiError.status).toBe(422);
  expect(apiError.message.length).toBeGreaterThan(0);
  if (param !== undefined) expect(apiError.param).toBe(param);
  return apiError;
}

/** A decimal string negated; zero keeps its spelling (no `-0`). */
function negated(value: string): string {
  if (value.startsWith('-')) return value.slice(1);
  return /^0+(\.0+)?$/.test(value) ? value : `-${value}`;
}

/** A line with its quantity and charge negated: its exact net is negated (taxmath.md §3.8). */
function negatedLine(line: TotalsLineInput): TotalsLineInput {
  const copy: TotalsLineInput = { ...line, quantity: negated(line.quantity) };
  if (typeof line.charge_amount === 'string') copy.charge_amount = negated(line.charge_amount);
  return copy;
}

/** The input with every quantity, charge and prepaid amount negated (taxmath.md §3.8). */
function negatedInput(input: TotalsInput): TotalsInput {
  const result: TotalsInput = {
    ...input,
    lines: input.lines.map(negatedLine),
  };
  if (typeof input.prepaid_amount === 'string') result.prepaid_amount = negated(input.prepaid_amount);
  return result;
}

/** Every amount of a result negated; keys, names, percents and the rate stay. */
function negatedResult(result: TotalsResult): TotalsResult {
  const negate = <T extends object>(record: T, skip: readonly string[] = []): T =>
    Object.fromEntries(
      Object.entries(record).map(([key, value]) => [
        key,
        typeof value === 'string' && !skip.includes(key) ? negated(value) : value,
      ]),
    ) as unknown as T;
  const skipGroup = ['key', 'kind', 'name', 'percent'];
  const out: TotalsResult = {
    groups: result.groups.map((group) => negate(group, skipGroup)),
    totals: negate(result.totals),
    lines: result.lines.map((line) => ({
      net_exact: negated(line.net_exact),
      net: negated(line.net),
      taxes: negate(line.taxes),
    })),
  };
  if (result.local !== undefined) {
    out.local = {
      ...negate(result.local, ['currency', 'exchange_rate']),
      groups: result.local.groups.map((group) => negate(group, ['key'])),
    };
  }
  return out;
}

/** Lines of each group key, from the printed line taxes. */
function linesPerGroup(result: TotalsResult): Map<string, number[]> {
  const map = new Map<string, number[]>();
  result.lines.forEach((line, index) => {
    for (const key of Object.keys(line.taxes)) map.set(key, [...(map.get(key) ?? []), index]);
  });
  return map;
}

/** The rate `percent / 100` of a group key (`kind|category|name|percent`). */
const rateOfKey = (key: string) => new Dec(key.split('|')[3] ?? 'NaN').div(100);

const byKey = <T extends { key: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** A printed amount with exactly `e` decimals: `^-?\d+(\.\d{e})?$`, never `-0`. */
const printedShape = (e: number) => new RegExp(e === 0 ? '^-?\\d+$' : `^-?\\d+\\.\\d{${e}}$`);
/** An exact amount: as few decimals as it needs, no exponent. */
const EXACT_SHAPE = /^-?\d+(\.\d*[1-9])?$/;
const NEGATIVE_ZERO = /^-0+(\.0+)?$/;

/** Every amount of a result with the decimals it must have (`'exact'` for unrounded values). */
function amountsOf(result: TotalsResult, e: number): { path: string; value: string; e: number | 'exact' }[] {
  const out: { path: string; value: string; e: number | 'exact' }[] = [];
  result.groups.forEach((group, g) => {
    out.push(
      { path: `groups[${g}].base`, value: group.base, e },
      { path: `groups[${g}].tax`, value: group.tax, e },
    );
    if (group.base_exact !== undefined)
      out.push({ path: `groups[${g}].base_exact`, value: group.base_exact, e: 'exact' });
    if (group.tax_exact !== undefined)
      out.push({ path: `groups[${g}].tax_exact`, value: group.tax_exact, e: 'exact' });
  });
  for (const [key, value] of Object.entries(result.totals)) {
    if (key !== 'total_overridden') out.push({ path: `totals.${key}`, value: String(value), e });
  }
  result.lines.forEach((line, i) => {
    out.push({ path: `lines[${i}].net_exact`, value: line.net_exact, e: 'exact' });
    out.push({ path: `lines[${i}].net`, value: line.net, e });
    for (const [key, tax] of Object.entries(line.taxes))
      out.push({ path: `lines[${i}].taxes.${key}`, value: tax, e });
  });
  if (result.local !== undefined) {
    const le = exponentOf(result.local.currency);
    result.local.groups.forEach((group, g) => {
      out.push({ path: `local.groups[${g}].base`, value: group.base, e: le });
      out.push({ path: `local.groups[${g}].tax`, value: group.tax, e: le });
    });
    out.push({ path: 'local.tax_outputs', value: result.local.tax_outputs, e: le });
    out.push({ path: 'local.withheld', value: result.local.withheld, e: le });
    out.push({ path: 'local.total_converted_directly', value: result.local.total_converted_directly, e: le });
  }
  for (const [key, value] of Object.entries(result.order_totals ?? {}))
    out.push({ path: `order_totals.${key}`, value, e });
  result.advance_groups?.forEach((group, g) => {
    for (const field of ['gross', 'base', 'tax'] as const)
      out.push({ path: `advance_groups[${g}].${field}`, value: group[field], e });
  });
  return out;
}

/** A valid input plus, sometimes, a prepaid amount and/or an exchange rate (no `total_amount_due`). */
function inputWithExtrasArb(options: Parameters<typeof totalsInputArb>[0] = {}): fc.Arbitrary<TotalsInput> {
  return totalsInputArb(options).chain((input) => {
    const e = exponentOf(input.currency);
    return fc
      .record({
        prepaid: fc.option(prepaidArb(e), { nil: undefined }),
        exchange: fc.option(exchangeArb(input.currency), { nil: undefined }),
      })
      .map(({ prepaid, exchange }) => {
        const out: TotalsInput = { ...input };
        if (prepaid !== undefined) out.prepaid_amount = prepaid;
        if (exchange !== undefined) Object.assign(out, exchange);
        return out;
      });
  });
}

/** An advance invoice (ZAL / KOR_ZAL) with `total_amount_due`: VAT-only lines, amount at ≤ e decimals. */
const advanceInputArb: fc.Arbitrary<TotalsInput> = totalsInputArb({
  lines: linesArb({ taxOptions: { extraKinds: false }, maxLength: 10 }),
}).chain((input) => {
  const e = exponentOf(input.currency);
  return fc
    .record({
      type_code: fc.constantFrom('ZAL', 'KOR_ZAL'),
      total_amount_due: decimalArb({ decimals: [...new Set([0, e])], maxIntegerDigits: 8 }),
      exchange: fc.option(exchangeArb(input.currency), { nil: undefined }),
    })
    .map(({ exchange, ...extra }) => ({ ...input, ...extra, ...(exchange ?? {}) }));
});

/**
 * An advance invoice whose order has zero gross: every line also appears negated, so every VAT
 * group nets to zero in every mode (symmetric methods) and there is nothing to split in proportion to.
 */
const zeroGrossAdvanceArb: fc.Arbitrary<TotalsInput> = advanceInputArb.map((input) => ({
  ...input,
  lines: input.lines.flatMap((line) => [line, negatedLine(line)]),
}));

// ---------------------------------------------------------------------------------------------
// The oracle itself
// ---------------------------------------------------------------------------------------------

describe.skipIf(!hasShared)('oracle self-check: the decimal.js oracle reproduces the golden vectors', () => {
  it('every vector, every mode (taxmath.md §4)', () => {
    for (const vector of taxmathVectors.vectors) {
      for (const mode of TOTALS_MODES) {
        const { account, lines_omitted: omitted, ...expected } = vector.expected[mode];
        const actual = oracleTotals({ ...vector.input, ...account } as TotalsInput);
        if (omitted !== undefined) {
          const { lines: _lines, ...rest } = actual;
          expect(rest, `${vector.id} ${mode}`).toEqual(expected);
        } else {
          expect(actual, `${vector.id} ${mode}`).toEqual(expected);
        }
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// §5 items 4, 5, 12: agreement with the oracle, exactness at scale
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 items 4, 5 and 12: computeTotals equals the independent decimal.js oracle', () => {
  for (const mode of TOTALS_MODES) {
    const inputArb = fc.oneof(totalsInputArb({ mode }), totalsInputArb({ mode, lines: tieRichLinesArb() }));
    test.prop([inputArb], { numRuns: 150 })(
      `items 4/5: ${mode}, half_up/half_even/down: groups (key, base, tax), totals and printed lines`,
      (input) => {
        const actual = computeTotals(input);
        const expected = oracleTotals(input);
        expect(actual.groups.map(({ key, base, tax }) => ({ key, base, tax }))).toEqual(
          expected.groups.map(({ key, base, tax }) => ({ key, base, tax })),
        );
        expect(actual.totals).toEqual(expected.totals);
        expect(actual).toEqual(expected);
      },
    );
  }

  test.prop([inputWithExtrasArb()], { numRuns: 100 })(
    'items 4/5/6/13: with a prepaid amount and an exchange rate, every field equals the oracle',
    (input) => {
      expect(computeTotals(input)).toEqual(oracleTotals(input));
    },
  );

  test.prop([totalsInputArb({ method: 'half_ceil' })], { numRuns: 60 })(
    'the half_ceil emulation (ties towards +∞) equals the oracle with ROUND_HALF_CEIL',
    (input) => {
      expect(computeTotals(input)).toEqual(oracleTotals(input));
    },
  );

  test.prop([totalsInputArb({ lines: largeLinesArb() })], { numRuns: 100 })(
    'item 12: 16-integer-digit quantities and prices with 8 decimals agree with the oracle in every mode',
    (input) => {
      for (const mode of TOTALS_MODES) {
        expect(computeTotals(inMode(input, mode))).toEqual(oracleTotals(inMode(input, mode)));
      }
    },
  );

  it('item 12: 9999999999.999999 × 12345678.12345678 is not cut to 20 digits (taxmath.md §6)', () => {
    const input: TotalsInput = {
      currency: 'EUR',
      lines: [
        { quantity: '9999999999.999999', price: '12345678.12345678', taxes: [{ name: 'VAT', percent: '0' }] },
      ],
      ...modeFlags('per_line_unrounded'),
    };
    const [line] = computeTotals(input).lines;
    expect(line?.net_exact).toBe('123456781234567787.65432187654322');
    expect(line?.net_exact).toBe(oracleTotals(input).lines[0]?.net_exact);
  });

  test.prop([totalsInputArb({ mode: 'per_line_unrounded' })], { numRuns: 100 })(
    'item 4: in C, base = R(Σ exact nets) and tax = R(Σ exact line taxes), within u/2 (half) or below u (down)',
    (input) => {
      const result = computeTotals(input);
      const e = exponentOf(input.currency);
      const u = unitOf(e);
      const lines = linesPerGroup(result);
      for (const group of result.groups) {
        const members = lines.get(group.key) ?? [];
        const baseExact = sumOf(members.map((i) => result.lines[i]?.net_exact));
        const taxExact = baseExact.times(rateOfKey(group.key));
        // The exact sums reported are the sums of the lines' exact nets and exact taxes.
        expect(dec(group.base_exact).eq(baseExact)).toBe(true);
        expect(dec(group.tax_exact).eq(taxExact)).toBe(true);
        for (const [rounded, exact] of [
          [dec(group.base), baseExact],
          [dec(group.tax), taxExact],
        ] as const) {
          const error = rounded.minus(exact).abs();
          if (input.rounding_method === 'down') {
            expect(error.lt(u)).toBe(true);
            expect(rounded.abs().lte(exact.abs())).toBe(true);
          } else {
            expect(error.lte(u.div(2))).toBe(true);
          }
          expect(rounded.eq(roundTo(exact, e, input.rounding_method ?? 'half_up'))).toBe(true);
        }
      }
    },
  );

  test.prop([totalsInputArb({ mode: 'accumulated' })], { numRuns: 100 })(
    'item 5: in A every group tax is R(Σ printed line nets × rate) (EN 16931 BR-CO-17 exactly)',
    (input) => {
      const result = computeTotals(input);
      const e = exponentOf(input.currency);
      const lines = linesPerGroup(result);
      for (const group of result.groups) {
        const base = sumOf((lines.get(group.key) ?? []).map((i) => result.lines[i]?.net));
        expect(dec(group.base).eq(base)).toBe(true);
        const expected = roundTo(base.times(rateOfKey(group.key)), e, input.rounding_method ?? 'half_up');
        expect(group.tax).toBe(expected.toFixed(e));
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 1: permutation invariance
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 1: permutation invariance', () => {
  const permutedArb = totalsInputArb().chain((input) => {
    const indexes = input.lines.map((_, i) => i);
    return fc
      .shuffledSubarray(indexes, { minLength: indexes.length, maxLength: indexes.length })
      .map((order) => ({ input, order }));
  });

  test.prop([permutedArb], { numRuns: 150 })(
    'any permutation of the lines gives the same groups and totals; line outputs permute along',
    ({ input, order }) => {
      const original = computeTotals(input);
      const permuted = computeTotals({
        ...input,
        lines: order.map((i) => input.lines[i] as TotalsLineInput),
      });
      expect(byKey(permuted.groups)).toEqual(byKey(original.groups));
      expect(permuted.totals).toEqual(original.totals);
      const u = unitOf(exponentOf(input.currency));
      const mode = input.skip_line_taxable_base_rounding
        ? 'per_line_unrounded'
        : input.apply_taxes_per_line
          ? 'per_line'
          : 'accumulated';
      order.forEach((from, to) => {
        const before = original.lines[from];
        const after = permuted.lines[to];
        expect(after?.net_exact).toBe(before?.net_exact);
        if (mode === 'per_line') {
          expect(after).toEqual(before);
          return;
        }
        // Allocated amounts (A: line taxes; C: line nets and taxes) break residual ties by line index
        // (taxmath.md §3.7), so a unit may move between lines with equal residuals, never further.
        if (mode === 'accumulated') expect(after?.net).toBe(before?.net);
        expect(dec(after?.net).minus(dec(before?.net)).abs().lte(u)).toBe(true);
        expect(Object.keys(after?.taxes ?? {}).sort()).toEqual(Object.keys(before?.taxes ?? {}).sort());
        for (const [key, tax] of Object.entries(before?.taxes ?? {})) {
          expect(dec(after?.taxes[key]).minus(dec(tax)).abs().lte(u)).toBe(true);
        }
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 2 (and 13): negation symmetry
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 2: negation symmetry', () => {
  test.prop([inputWithExtrasArb()], { numRuns: 150 })(
    'half_up/half_even/down: negating quantities, charges (and prepaid) negates every output, local amounts too (item 13)',
    (input) => {
      expect(computeTotals(negatedInput(input))).toEqual(negatedResult(computeTotals(input)));
    },
  );

  const v14 = (method: RoundingMethod, quantity: string, mode: TotalsMode): TotalsInput => ({
    currency: 'EUR',
    rounding_method: method,
    ...modeFlags(mode),
    lines: [
      { quantity, price: '7612.50', taxes: [{ name: 'USt', category: 'S', percent: '19', kind: 'vat' }] },
    ],
  });

  for (const mode of TOTALS_MODES) {
    it(`V14-like, ${mode}: half_ceil breaks negation (−7612.50 at 19 percent → −1446.37, not −1446.38)`, () => {
      const positive = computeTotals(v14('half_ceil', '1', mode));
      const negative = computeTotals(v14('half_ceil', '-1', mode));
      expect(positive.totals.tax_outputs).toBe('1446.38');
      expect(negative.totals.tax_outputs).toBe('-1446.37');
      expect(negative.totals.total).toBe('-9058.87');
      expect(negative).not.toEqual(negatedResult(positive));
      // The symmetric half_up mirrors the invoice exactly (V13/V14).
      expect(computeTotals(v14('half_up', '-1', mode))).toEqual(
        negatedResult(computeTotals(v14('half_up', '1', mode))),
      );
      expect(computeTotals(v14('half_up', '-1', mode)).totals.tax_outputs).toBe('-1446.38');
    });
  }
});

// ---------------------------------------------------------------------------------------------
// §5 item 3: per-line bound
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 3: per-line rounding bound between A and B', () => {
  const boundInputArb = fc.oneof(
    { weight: 3, arbitrary: totalsInputArb() },
    { weight: 1, arbitrary: totalsInputArb({ lines: identicalLinesArb() }) },
    {
      weight: 1,
      arbitrary: totalsInputArb({
        currency: fc.constantFrom('EUR', 'PLN'),
        lines: fc.oneof(
          fc.array(tieLineArb, { minLength: 1, maxLength: 25 }),
          fc.tuple(tieLineArb, fc.integer({ min: 1, max: 450 })).map(([line, n]) => Array(n).fill(line)),
        ),
      }),
    },
  );

  test.prop([boundInputArb], { numRuns: 120 })(
    'per group: |tax_B − tax_A| ≤ ⌊(N+1)/2⌋·u and |tax_B − base·r| ≤ N·u/2 (half); 0 ≤ base·r − tax_B < N·u (down, non-negative lines)',
    (input) => {
      const a = computeTotals(inMode(input, 'accumulated'));
      const b = computeTotals(inMode(input, 'per_line'));
      const u = unitOf(exponentOf(input.currency));
      const lines = linesPerGroup(b);
      const method = input.rounding_method ?? 'half_up';
      b.groups.forEach((group, g) => {
        const n = lines.get(group.key)?.length ?? 0;
        const groupA = a.groups[g];
        expect(groupA?.key).toBe(group.key);
        expect(groupA?.base).toBe(group.base);
        const exact = dec(group.base).times(rateOfKey(group.key));
        const taxB = dec(group.tax);
        if (HALF_METHODS.includes(method)) {
          expect(
            taxB
              .minus(dec(groupA?.tax))
              .abs()
              .lte(u.times(Math.floor((n + 1) / 2))),
          ).toBe(true);
          expect(taxB.minus(exact).abs().lte(u.times(n).div(2))).toBe(true);
        } else {
          const nets = (lines.get(group.key) ?? []).map((i) => dec(b.lines[i]?.net));
          if (nets.every((net) => !net.isNegative())) {
            expect(exact.minus(taxB).gte(0)).toBe(true);
            expect(exact.minus(taxB).lt(u.times(n))).toBe(true);
          }
          expect(exact.minus(taxB).abs().lt(u.times(n))).toBe(true);
        }
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 6: reconciliation
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 6: printed amounts reconcile (BR-CO-10/14/15/16, BR-S-08)', () => {
  test.prop([inputWithExtrasArb()], { numRuns: 150 })(
    'Σ line nets = net_total; Σ line taxes of a group = group tax; net_total + tax_outputs − withheld = total; total − prepaid = payable',
    (input) => {
      const result = computeTotals(input);
      const { totals } = result;
      expect(sumOf(result.lines.map((line) => line.net)).eq(dec(totals.net_total))).toBe(true);
      const lines = linesPerGroup(result);
      for (const group of result.groups) {
        const members = lines.get(group.key) ?? [];
        expect(sumOf(members.map((i) => result.lines[i]?.taxes[group.key])).eq(dec(group.tax))).toBe(true);
        // A VAT group prints each of its lines' net once; in A and B every group's base is Σ its nets.
        if (group.kind === 'vat' || !input.skip_line_taxable_base_rounding) {
          expect(sumOf(members.map((i) => result.lines[i]?.net)).eq(dec(group.base))).toBe(true);
        }
      }
      const ofKind = (kind: string, field: 'base' | 'tax') =>
        sumOf(result.groups.filter((group) => group.kind === kind).map((group) => group[field]));
      expect(ofKind('vat', 'base').eq(dec(totals.net_total))).toBe(true);
      expect(ofKind('vat', 'tax').plus(ofKind('surcharge', 'tax')).eq(dec(totals.tax_outputs))).toBe(true);
      expect(ofKind('withholding', 'tax').eq(dec(totals.withheld))).toBe(true);
      expect(dec(totals.net_total).plus(dec(totals.tax_outputs)).eq(dec(totals.tax_inclusive))).toBe(true);
      expect(
        dec(totals.net_total).plus(dec(totals.tax_outputs)).minus(dec(totals.withheld)).eq(dec(totals.total)),
      ).toBe(true);
      expect(
        dec(totals.total)
          .minus(dec(totals.prepaid_amount ?? '0'))
          .eq(dec(totals.payable_amount)),
      ).toBe(true);
      expect(totals.prepaid_amount === undefined).toBe(input.prepaid_amount === undefined);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 7: split invariance
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 7: split invariance', () => {
  /** A line split in two whose quantities add up to the original (adjustments stay on the first). */
  const splitArb = totalsInputArb({ mode: 'per_line_unrounded' }).chain((input) =>
    fc
      .record({ index: fc.nat({ max: input.lines.length - 1 }), fraction: fc.nat({ max: 1_000_000 }) })
      .map(({ index, fraction }) => {
        const line = input.lines[index] as TotalsLineInput;
        const decimals = line.quantity.includes('.') ? (line.quantity.split('.')[1] ?? '').length : 0;
        const whole = BigInt(line.quantity.replace('.', ''));
        const magnitude = whole < 0n ? -whole : whole;
        // The first part keeps the sign of the line (a fixed discount follows that sign) and is
        // non-zero when the line is, so it carries the discount amount and the charge.
        const part = magnitude === 0n ? 0n : 1n + (magnitude * BigInt(fraction)) / 1_000_001n;
        const first = whole < 0n ? -part : part;
        const { discount_amount: _da, charge_amount: _ca, ...rest } = line;
        const lines = [...input.lines];
        lines.splice(index, 1, { ...line, quantity: unitsToDecimal(first, decimals) });
        lines.push({ ...rest, quantity: unitsToDecimal(whole - first, decimals) });
        return { input, split: { ...input, lines } };
      }),
  );

  test.prop([splitArb], { numRuns: 150 })(
    'per_line_unrounded: splitting a line into two whose quantities add up leaves every group and total unchanged',
    ({ input, split }) => {
      const original = computeTotals(input);
      const after = computeTotals(split);
      expect(after.groups).toEqual(original.groups);
      expect(after.totals).toEqual(original.totals);
    },
  );

  /** One line of quantity 2, or the same line split into two lines of quantity 1, at 21 %. */
  const doubleLine = (mode: TotalsMode, price: string, split: boolean): TotalsResult =>
    computeTotals({
      currency: 'EUR',
      ...modeFlags(mode),
      lines: (split ? ['1', '1'] : ['2']).map((quantity) => ({
        quantity,
        price,
        taxes: [{ name: 'VAT', category: 'S', percent: '21' }],
      })),
    });

  it('counterexample: accumulated is not split-invariant (2 × 0.0050 → base 0.01; 1 + 1 → 0.01 + 0.01 = 0.02)', () => {
    expect(doubleLine('accumulated', '0.0050', false).groups[0]?.base).toBe('0.01');
    expect(doubleLine('accumulated', '0.0050', true).groups[0]?.base).toBe('0.02');
    // C is (item 7): both give base R(0.01) = 0.01.
    expect(doubleLine('per_line_unrounded', '0.0050', true).groups).toEqual(
      doubleLine('per_line_unrounded', '0.0050', false).groups,
    );
  });

  it('counterexample: per_line is not split-invariant (2 × 0.50 at 21 % → tax 0.21; 1 + 1 → 0.11 + 0.11 = 0.22)', () => {
    expect(doubleLine('per_line', '0.50', false).groups[0]?.tax).toBe('0.21');
    expect(doubleLine('per_line', '0.50', true).groups[0]?.tax).toBe('0.22');
    expect(doubleLine('per_line_unrounded', '0.50', true).groups).toEqual(
      doubleLine('per_line_unrounded', '0.50', false).groups,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// §5 item 8: single line; exact lines
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 8: single-line invoices and exact lines', () => {
  test.prop([totalsInputArb({ lines: linesArb({ minLength: 1, maxLength: 1 }) })], { numRuns: 150 })(
    'a one-line invoice gives identical results in accumulated and per_line',
    (input) => {
      expect(computeTotals(inMode(input, 'per_line'))).toEqual(computeTotals(inMode(input, 'accumulated')));
    },
  );

  /** Lines whose nets and taxes are exact at the currency exponent: whole quantities, prices of m × 10^4 minor units. */
  const exactLinesInputArb = currencyArb.chain((currency) =>
    totalsInputArb({
      currency,
      lines: linesArb({
        adjustments: false,
        quantity: fc.integer({ min: -9999, max: 9999 }).map(String),
        // Price = m × 10^4 minor units: net × p / 100 is then exact at e decimals for every rate
        // generated (all have at most 2 decimals).
        price: fc
          .bigInt({ min: 0n, max: 99_999n })
          .map((m) => unitsToDecimal(m * 10_000n, CURRENCIES[currency] ?? 2)),
      }),
    }),
  );

  test.prop([exactLinesInputArb], { numRuns: 100 })(
    'when every line net and line tax is exact at e decimals, A ≡ B ≡ C',
    (input) => {
      const a = computeTotals(inMode(input, 'accumulated'));
      const b = computeTotals(inMode(input, 'per_line'));
      const { groups, ...c } = computeTotals(inMode(input, 'per_line_unrounded'));
      expect(b).toEqual(a);
      expect({ ...c, groups: groups.map(({ base_exact: _b, tax_exact: _t, ...group }) => group) }).toEqual(a);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 9: format
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 9: every output amount is a plain decimal string with the currency decimals', () => {
  const anyInputArb = fc.oneof(
    inputWithExtrasArb(),
    advanceInputArb,
    totalsInputArb({ lines: largeLinesArb() }),
  );

  test.prop([anyInputArb], { numRuns: 150 })(
    'printed amounts match ^-?\\d+(\\.\\d{e})?$ with exactly e decimals, never -0; exact ones have no exponent or trailing zero',
    (input) => {
      let result: TotalsResult;
      try {
        result = computeTotals(input);
      } catch (error) {
        // Only an advance over an order with zero gross may be refused.
        expect(isApiError(error) && error.param === 'total_amount_due').toBe(true);
        return;
      }
      const amounts = amountsOf(result, exponentOf(input.currency));
      expect(amounts.length).toBeGreaterThan(0);
      for (const { path, value, e } of amounts) {
        expect(typeof value, path).toBe('string');
        expect(value, path).toMatch(e === 'exact' ? EXACT_SHAPE : printedShape(e));
        expect(value, path).not.toMatch(NEGATIVE_ZERO);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 10: idempotent re-import
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 10: idempotent re-import', () => {
  for (const mode of ['accumulated', 'per_line'] as const) {
    test.prop([totalsInputArb({ mode })], { numRuns: 100 })(
      `${mode}: an invoice of quantity 1 × each printed line net (same taxes) reproduces groups and totals`,
      (input) => {
        const result = computeTotals(input);
        const reimported = computeTotals({
          ...input,
          lines: input.lines.map((line, i) => ({
            quantity: '1',
            price: result.lines[i]?.net ?? '',
            taxes: line.taxes,
          })),
        });
        expect(reimported.groups).toEqual(result.groups);
        expect(reimported.totals).toEqual(result.totals);
        expect(reimported.lines.map((line) => line.net)).toEqual(result.lines.map((line) => line.net));
      },
    );
  }
});

// ---------------------------------------------------------------------------------------------
// §5 item 11: monotonicity
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 11: monotonicity in the price', () => {
  const positiveQuantity = decimalArb({ decimals: [0, 3, 6], maxIntegerDigits: 4, nonZero: true });
  const raisedArb = (mode: TotalsMode, discounts: boolean) =>
    totalsInputArb({
      mode,
      lines: linesArb({
        quantity: positiveQuantity,
        adjustments: discounts,
        percentDiscountOnly: true,
      }),
    }).chain((input) =>
      fc
        .record({
          index: fc.nat({ max: input.lines.length - 1 }),
          raise: decimalArb({ decimals: [2, 4, 8], maxIntegerDigits: 3, nonZero: true }),
        })
        .map(({ index, raise }) => {
          const lines = [...input.lines];
          const line = lines[index] as TotalsLineInput;
          lines[index] = { ...line, price: new Dec(line.price).plus(raise).toFixed() };
          return { input, raised: { ...input, lines } };
        }),
    );

  const check = ({ input, raised }: { input: TotalsInput; raised: TotalsInput }) => {
    const before = computeTotals(input);
    const after = computeTotals(raised);
    for (const group of after.groups) {
      const previous = before.groups.find((candidate) => candidate.key === group.key);
      expect(dec(group.tax).gte(dec(previous?.tax))).toBe(true);
      expect(dec(group.base).gte(dec(previous?.base))).toBe(true);
    }
  };

  for (const mode of TOTALS_MODES) {
    test.prop([raisedArb(mode, false)], { numRuns: 80 })(
      `${mode}: positive quantities, raising one price never lowers a group base or tax`,
      check,
    );
  }
  test.prop([raisedArb('per_line_unrounded', true)], { numRuns: 80 })(
    'per_line_unrounded: also with discount percents',
    check,
  );

  it('counterexample (spec note): with component rounding a discounted line can lose a cent when its price rises', () => {
    // 10 × 1.0049, 50 % off: R(10.049) − R(5.0245) = 10.05 − 5.02 = 5.03; at 1.0050: 10.05 − R(5.025) = 5.02.
    const input = (price: string, mode: TotalsMode): TotalsInput => ({
      currency: 'EUR',
      ...modeFlags(mode),
      lines: [{ quantity: '10', price, discount_percent: '50', taxes: [{ name: 'IVA', percent: '21' }] }],
    });
    for (const mode of ['accumulated', 'per_line'] as const) {
      expect(computeTotals(input('1.0049', mode)).groups[0]).toMatchObject({ base: '5.03', tax: '1.06' });
      expect(computeTotals(input('1.0050', mode)).groups[0]).toMatchObject({ base: '5.02', tax: '1.05' });
    }
    expect(computeTotals(input('1.0049', 'per_line_unrounded')).groups[0]).toMatchObject({
      base: '5.02',
      tax: '1.06',
    });
    expect(computeTotals(input('1.0050', 'per_line_unrounded')).groups[0]).toMatchObject({
      base: '5.03',
      tax: '1.06',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// §5 item 13: conversion
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 13: conversion into the local currency', () => {
  const convertedArb = totalsInputArb().chain((input) =>
    exchangeArb(input.currency).map((exchange) => ({ ...input, ...exchange })),
  );

  test.prop([convertedArb], { numRuns: 120 })(
    'local group amounts = R_L(group amount × rate); local totals = Σ local groups; direct total = R_L(total × rate)',
    (input) => {
      const result = computeTotals(input);
      const local = result.local;
      expect(local).toBeDefined();
      if (local === undefined) return;
      const le = exponentOf(input.local_currency ?? '');
      const method = input.rounding_method ?? 'half_up';
      const convert = (amount: string) =>
        roundTo(dec(amount).times(dec(input.exchange_rate ?? '')), le, method).toFixed(le);
      expect(local.currency).toBe(input.local_currency);
      expect(local.exchange_rate).toBe(input.exchange_rate);
      expect(local.groups).toEqual(
        result.groups.map((group) => ({
          key: group.key,
          base: convert(group.base),
          tax: convert(group.tax),
        })),
      );
      const kinds = new Map(result.groups.map((group) => [group.key, group.kind]));
      const taxes = (wanted: boolean) =>
        sumOf(
          local.groups
            .filter((group) => (kinds.get(group.key) === 'withholding') === wanted)
            .map((g) => g.tax),
        );
      expect(taxes(false).eq(dec(local.tax_outputs))).toBe(true);
      expect(taxes(true).eq(dec(local.withheld))).toBe(true);
      expect(local.total_converted_directly).toBe(convert(result.totals.total));
    },
  );

  const identityArb = totalsInputArb({ currency: fc.constantFrom('EUR', 'PLN') }).chain((input) =>
    fc
      .record({
        exchange_rate: fc.constantFrom('1', '1.0', '1.0000', '1.00000000'),
        local_currency: fc.constantFrom(input.currency, 'EUR', 'PLN'),
      })
      .map((exchange) => ({ ...input, ...exchange })),
  );

  test.prop([identityArb], { numRuns: 80 })(
    'rate 1 between currencies with equal exponents is the identity',
    (input) => {
      const result = computeTotals(input);
      expect(result.local?.groups).toEqual(result.groups.map(({ key, base, tax }) => ({ key, base, tax })));
      expect(result.local?.tax_outputs).toBe(result.totals.tax_outputs);
      expect(result.local?.withheld).toBe(result.totals.withheld);
      expect(result.local?.total_converted_directly).toBe(result.totals.total);
    },
  );

  test.prop([totalsInputArb(), decimalArb({ decimals: [0, 4, 8], maxIntegerDigits: 3, nonZero: true })], {
    numRuns: 60,
  })('a rate other than 1 into the invoice currency itself is refused (422 exchange_rate)', (input, rate) => {
    fc.pre(!new Dec(rate).eq(1));
    expect422(
      () => computeTotals({ ...input, exchange_rate: rate, local_currency: input.currency }),
      'exchange_rate',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// §5 item 14: total_amount_due
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 14: total_amount_due on ZAL / KOR_ZAL', () => {
  const advanceOrZeroArb = fc.oneof(
    { weight: 5, arbitrary: advanceInputArb },
    { weight: 1, arbitrary: zeroGrossAdvanceArb },
  );

  test.prop([advanceOrZeroArb], { numRuns: 150 })(
    'total = payable = total_amount_due; Σ advance gross = due; base + tax = gross; tax = R(gross × p / (100 + p))',
    (input) => {
      const plain: TotalsInput = { ...input };
      delete plain.total_amount_due;
      delete plain.type_code;
      const order = computeTotals(plain);
      const orderGross = sumOf(order.groups.map((group) => dec(group.base).plus(dec(group.tax)).toFixed()));
      if (orderGross.isZero()) {
        // Nothing to split in proportion to: refused, never a division by zero.
        expect422(() => computeTotals(input), 'total_amount_due');
        return;
      }
      const result = computeTotals(input);
      const e = exponentOf(input.currency);
      const u = unitOf(e);
      const method = input.rounding_method ?? 'half_up';
      const due = input.total_amount_due ?? '';
      expect(dec(result.totals.total).eq(dec(due))).toBe(true);
      expect(result.totals.payable_amount).toBe(result.totals.total);
      expect(result.totals.tax_inclusive).toBe(result.totals.total);
      expect(result.totals.total_overridden).toBe(true);
      const advance = result.advance_groups ?? [];
      expect(advance.map((group) => group.key)).toEqual(order.groups.map((group) => group.key));
      expect(sumOf(advance.map((group) => group.gross)).eq(dec(due))).toBe(true);
      advance.forEach((group, g) => {
        const orderGroup = order.groups[g];
        const p = dec(orderGroup?.percent);
        expect(dec(group.base).plus(dec(group.tax)).eq(dec(group.gross))).toBe(true);
        expect(group.tax).toBe(roundTo(dec(group.gross).times(p).div(p.plus(100)), e, method).toFixed(e));
        // Shares are pro rata to each group's gross, within one unit (largest remainder).
        const gross = dec(orderGroup?.base).plus(dec(orderGroup?.tax));
        expect(dec(group.gross).minus(dec(due).times(gross).div(orderGross)).abs().lt(u)).toBe(true);
      });
      expect(dec(result.totals.net_total).eq(sumOf(advance.map((group) => group.base)))).toBe(true);
      expect(dec(result.totals.tax_outputs).eq(sumOf(advance.map((group) => group.tax)))).toBe(true);
      // The lines still describe the order.
      expect(result.groups).toEqual(order.groups);
      expect(result.lines).toEqual(order.lines);
      expect(result.order_totals).toEqual({
        net_total: order.totals.net_total,
        tax_outputs: order.totals.tax_outputs,
        tax_inclusive: order.totals.tax_inclusive,
      });
      // And the whole result, local view of the advance included, equals the oracle.
      expect(result).toEqual(oracleTotals(input));
    },
  );

  const otherTypeArb = fc
    .oneof(
      fc.constantFrom('VAT', 'KOR', 'ROZ', 'KOR_ROZ', 'UPR', 'zal', 'ZAL ', '', 'KOR_ZAL2'),
      fc.string({ maxLength: 8 }),
      fc.constant(undefined),
      fc.constant(null),
    )
    .filter((code) => code !== 'ZAL' && code !== 'KOR_ZAL');

  test.prop([advanceInputArb], { numRuns: 60 })(
    'a total_amount_due with more decimals than the currency is refused, never rounded (E03)',
    (input) => {
      const e = exponentOf(input.currency);
      const due = `${input.total_amount_due?.split('.')[0]}.${'5'.repeat(e + 1)}`;
      expect422(() => computeTotals({ ...input, total_amount_due: due }), 'total_amount_due');
    },
  );

  test.prop([advanceInputArb, otherTypeArb], { numRuns: 100 })(
    'on any other type_code (or none) total_amount_due is refused: ApiError 422, param total_amount_due',
    (input, typeCode) => {
      const other: TotalsInput = { ...input };
      if (typeCode === undefined) delete other.type_code;
      else other.type_code = typeCode;
      expect422(() => computeTotals(other), 'total_amount_due');
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 15: flag rule
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 15: skip_line_taxable_base_rounding requires apply_taxes_per_line', () => {
  const notPerLine = fc.constantFrom(false, null, undefined);

  test.prop([totalsInputArb(), notPerLine], { numRuns: 100 })(
    'a valid input with skip=true and per_line false/absent → 422 on skip_line_taxable_base_rounding',
    (input, perLine) => {
      const flagged: TotalsInput = { ...input, skip_line_taxable_base_rounding: true };
      if (perLine === undefined) delete flagged.apply_taxes_per_line;
      else flagged.apply_taxes_per_line = perLine;
      expect422(() => computeTotals(flagged), 'skip_line_taxable_base_rounding');
    },
  );

  test.prop([fc.dictionary(fc.string(), fc.anything()), notPerLine], { numRuns: 100 })(
    'any input at all with those flags is refused with 422, never computed',
    (junk, perLine) => {
      const flagged = { ...junk, apply_taxes_per_line: perLine, skip_line_taxable_base_rounding: true };
      expect422(() => computeTotals(flagged as unknown as TotalsInput));
    },
  );
});

// ---------------------------------------------------------------------------------------------
// §5 item 16: tie-only sensitivity
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 16: half_up and half_even differ only on ties', () => {
  test.prop([inputWithExtrasArb({ method: 'half_up' })], { numRuns: 120 })(
    'when no value rounded is an exact half unit (counted by the oracle), half_up ≡ half_even',
    (input) => {
      const stats = { ties: 0 };
      oracleTotals(input, stats);
      fc.pre(stats.ties === 0);
      expect(computeTotals(withMethod(input, 'half_even'))).toEqual(computeTotals(input));
    },
  );

  it('a tie does separate them (V15: 1091.50 at 15 % → 163.73 half_up, 163.72 half_even)', () => {
    const input: TotalsInput = {
      currency: 'SAR',
      lines: [{ quantity: '1', price: '1091.50', taxes: [{ name: 'VAT', percent: '15' }] }],
    };
    const stats = { ties: 0 };
    oracleTotals(input, stats);
    expect(stats.ties).toBeGreaterThan(0);
    expect(computeTotals(input).totals.tax_outputs).toBe('163.73');
    expect(computeTotals(withMethod(input, 'half_even')).totals.tax_outputs).toBe('163.72');
  });
});

// ---------------------------------------------------------------------------------------------
// §5 item 17: bound versus the exact total
// ---------------------------------------------------------------------------------------------

describe('taxmath §5 item 17: distance of the total from the exact total', () => {
  /** T_exact = Σ net_x + Σ_{vat, surcharge} net_x·r − Σ_{withholding} net_x·r, from the input. */
  function exactTotal(input: TotalsInput) {
    let total = new Dec(0);
    let perLineSlack = new Dec(0); // Σ_i c_i · (1 + Σ_g r_g): rounded components weighted
    const result = computeTotals(input);
    input.lines.forEach((line, i) => {
      const net = lineComponents(line).net;
      total = total.plus(net);
      let rates = new Dec(1);
      for (const key of Object.keys(result.lines[i]?.taxes ?? {})) {
        const r = rateOfKey(key);
        total = key.startsWith('withholding|') ? total.minus(net.times(r)) : total.plus(net.times(r));
        rates = rates.plus(r);
      }
      const components =
        1 + (line.discount_percent || line.discount_amount ? 1 : 0) + (line.charge_amount ? 1 : 0);
      perLineSlack = perLineSlack.plus(rates.times(components));
    });
    return { result, total, perLineSlack };
  }

  test.prop([totalsInputArb({ mode: 'per_line_unrounded' })], { numRuns: 120 })(
    'C: |total − T_exact| ≤ (G + G_vat)·u/2 (half_up, half_even), < (G + G_vat)·u (down)',
    (input) => {
      const { result, total } = exactTotal(input);
      const u = unitOf(exponentOf(input.currency));
      const g = result.groups.length;
      const gVat = result.groups.filter((group) => group.kind === 'vat').length;
      const distance = dec(result.totals.total).minus(total).abs();
      if (input.rounding_method === 'down') expect(distance.lt(u.times(g + gVat))).toBe(true);
      else expect(distance.lte(u.times(g + gVat).div(2))).toBe(true);
    },
  );

  test.prop(
    [
      totalsInputArb({
        mode: fc.constantFrom('accumulated', 'per_line'),
        method: fc.constantFrom(...HALF_METHODS),
      }),
    ],
    {
      numRuns: 120,
    },
  )(
    'A and B (half): per line, each rounded component moves the total by ≤ u/2·(1 + Σ r); plus u/2 per group tax (A) or per line tax (B)',
    (input) => {
      const { result, total, perLineSlack } = exactTotal(input);
      const u = unitOf(exponentOf(input.currency));
      const taxTerms = input.apply_taxes_per_line
        ? result.lines.reduce((count, line) => count + Object.keys(line.taxes).length, 0)
        : result.groups.length;
      const bound = perLineSlack.plus(taxTerms).times(u).div(2);
      expect(dec(result.totals.total).minus(total).abs().lte(bound)).toBe(true);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Robustness: nothing but ApiError 422 escapes
// ---------------------------------------------------------------------------------------------

describe('robustness: computeTotals returns or throws ApiError 422, nothing else', () => {
  /** Calls computeTotals; a throw must be an ApiError 422 with a message. */
  function returnsOr422(input: unknown) {
    const error = thrownBy(() => computeTotals(input as TotalsInput));
    if (error === undefined) return;
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    expect((error as ApiError).status).toBe(422);
    expect(typeof (error as ApiError).message).toBe('string');
    expect((error as ApiError).message.length).toBeGreaterThan(0);
  }

  const junkArb: fc.Arbitrary<unknown> = fc.oneof(
    fc.integer(),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 12.5, 1e21, 0.1),
    fc.constantFrom('1e5', '', ' ', ' 1', '1.', '.5', '+1', '0x10', '1_000', 'NaN', 'Infinity', '--1', '1,5'),
    fc.constantFrom(
      '١٢',
      '12345678901234567',
      '1.123456789',
      '-',
      'eur',
      'EUR ',
      'true',
      'a|b',
      '\u0000',
      'half-up',
    ),
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.bigInt(),
    fc.string(),
    fc.object({ maxDepth: 2 }),
    fc.array(fc.anything(), { maxLength: 3 }),
    fc.anything({
      withBigInt: true,
      withNullPrototype: true,
      withBoxedValues: true,
      withSparseArray: true,
      withDate: true,
    }),
  );

  const TOP_FIELDS = [
    'currency',
    'rounding_method',
    'apply_taxes_per_line',
    'skip_line_taxable_base_rounding',
    'type_code',
    'is_credit_note',
    'lines',
    'total_amount_due',
    'prepaid_amount',
    'payable_rounding_amount',
    'allowance_charges',
    'exchange_rate',
    'local_currency',
    'unknown_field',
  ];
  const LINE_FIELDS = [
    'quantity',
    'price',
    'discount_percent',
    'discount_amount',
    'charge_amount',
    'charge_percent',
    'base_quantity',
    'allowance_charges',
    'taxes',
    'extra',
  ];
  const TAX_FIELDS = ['name', 'percent', 'kind', 'category', 'rate'];

  type Target = { level: 'top'; field: string } | { level: 'line' | 'tax'; at: number; field: string | null };

  /** Where to put the junk: a top-level field, a line, a line field, a tax or a tax field. */
  const targetArb: fc.Arbitrary<Target> = fc.oneof(
    fc.record({ level: fc.constant('top' as const), field: fc.constantFrom(...TOP_FIELDS) }),
    fc.record({
      level: fc.constant('line' as const),
      at: fc.nat(),
      field: fc.option(fc.constantFrom(...LINE_FIELDS)),
    }),
    fc.record({
      level: fc.constant('tax' as const),
      at: fc.nat(),
      field: fc.option(fc.constantFrom(...TAX_FIELDS)),
    }),
  );

  function corrupt(input: TotalsInput, target: Target, junk: unknown): unknown {
    const copy = structuredClone(input) as unknown as Record<string, unknown> & {
      lines: Record<string, unknown>[];
    };
    if (target.level === 'top') {
      copy[target.field] = junk;
      return copy;
    }
    const index = target.at % copy.lines.length;
    const line = copy.lines[index] as Record<string, unknown> & { taxes: unknown[] };
    if (target.level === 'line') {
      if (target.field === null) copy.lines[index] = junk as Record<string, unknown>;
      else line[target.field] = junk;
      return copy;
    }
    const t = target.at % line.taxes.length;
    if (target.field === null) line.taxes[t] = junk;
    else (line.taxes[t] as Record<string, unknown>)[target.field] = junk;
    return copy;
  }

  test.prop(
    [
      fc.anything({
        withBigInt: true,
        withNullPrototype: true,
        withBoxedValues: true,
        withSparseArray: true,
      }),
    ],
    {
      numRuns: 200,
    },
  )('fc.anything() as the input', (junk) => {
    returnsOr422(junk);
  });

  test.prop(
    [
      fc.record(
        {
          currency: fc.oneof(currencyArb, junkArb),
          rounding_method: fc.oneof(roundingMethodArb, junkArb),
          apply_taxes_per_line: fc.oneof(fc.boolean(), junkArb),
          lines: fc.oneof(fc.array(fc.oneof(lineArb(), junkArb), { maxLength: 4 }), junkArb),
          total_amount_due: junkArb,
          exchange_rate: junkArb,
          local_currency: fc.oneof(currencyArb, junkArb),
        },
        { requiredKeys: [] },
      ),
    ],
    { numRuns: 200 },
  )('records of valid and junk fields', (input) => {
    returnsOr422(input);
  });

  test.prop([inputWithExtrasArb(), targetArb, junkArb], { numRuns: 300 })(
    'a valid input with one field, line or tax replaced by junk (JS numbers, NaN, "1e5", "", null, objects, …)',
    (input, target, junk) => {
      returnsOr422(corrupt(input, target, junk));
    },
  );

  const AMOUNT_FIELDS = [
    'quantity',
    'price',
    'discount_percent',
    'discount_amount',
    'charge_amount',
  ] as const;
  const numberArb = fc.oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.integer().map((n) => n / 4),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0),
  );

  test.prop([totalsInputArb(), fc.nat(), fc.constantFrom(...AMOUNT_FIELDS), numberArb], { numRuns: 150 })(
    'item 9: an amount given as a JS number is refused with 422 naming that field, never converted',
    (input, at, field, value) => {
      const index = at % input.lines.length;
      const lines = input.lines.map((line) => {
        const { discount_percent: _p, discount_amount: _a, ...rest } = line;
        return rest;
      });
      (lines[index] as Record<string, unknown>)[field] = value;
      const error = expect422(() => computeTotals({ ...input, lines }), `lines[${index}].${field}`);
      expect(error.message).toContain('decimal string');
    },
  );

  const overLimitArb = fc.constantFrom(
    { field: 'quantity', value: '1.1234567' },
    { field: 'quantity', value: '12345678901234567' },
    { field: 'price', value: '1.123456789' },
    { field: 'price', value: '1e5' },
    { field: 'discount_percent', value: '10.12345' },
    { field: 'discount_percent', value: '100.0001' },
    { field: 'discount_percent', value: '-1' },
    { field: 'discount_amount', value: '-1' },
    { field: 'charge_amount', value: '0.123456789' },
    { field: 'taxes', value: [] },
    { field: 'taxes', value: [{ name: 'IRPF', percent: '-15' }] },
  );

  test.prop([totalsInputArb(), fc.nat(), overLimitArb], { numRuns: 100 })(
    'values beyond the limits of §3.1 / rules of §3.11 are refused with 422 naming the field',
    (input, at, { field, value }) => {
      const index = at % input.lines.length;
      const lines = input.lines.map((line) => {
        const { discount_percent: _p, discount_amount: _a, ...rest } = line;
        return rest;
      });
      (lines[index] as Record<string, unknown>)[field] = value;
      expect422(() => computeTotals({ ...input, lines }), `lines[${index}].${field}`);
    },
  );

  test.prop([inputWithExtrasArb()], { numRuns: 60 })(
    'prepaid_amount with more decimals than the currency → 422 prepaid_amount',
    (input) => {
      const e = exponentOf(input.currency);
      expect422(
        () => computeTotals({ ...input, prepaid_amount: `1.${'1'.repeat(e + 1)}` }),
        'prepaid_amount',
      );
    },
  );
});
