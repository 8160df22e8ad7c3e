/**
 * Allowances, charges, base quantities, prepaid and rounding amounts (docs/totals.md): the EN 16931
 * calculation rules BR-CO-10 … BR-CO-16 and BR-S-08 as properties over `fiscalkit/testing`'s
 * `allowanceTotalsInputArb`, agreement with the independent decimal.js oracle
 * (test/totals/allowanceOracle.ts), the line-level BT-131 rule, negation symmetry, the flat fields of
 * older versions (`flatToAllowanceCharges`), and every new validation rule with its param.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  computeTotals,
  flatToAllowanceCharges,
  isApiError,
  TOTALS_MODES,
  type TotalsInput,
  type TotalsResult,
  unitPrice,
} from '../../src/index.js';
import {
  allowanceTotalsInputArb,
  baseQuantityArb,
  flatTotalsInputArb,
  priceArb,
  roundingMethodArb,
  totalsInputArb,
} from '../../src/testing/index.js';
import { Dec, exponentOf, roundTo } from '../support/oracle.js';
import { allowanceOracle } from './allowanceOracle.js';
import { legacyView } from './legacyView.js';

const IVA21 = { name: 'IVA', category: 'S', percent: '21', kind: 'vat' as const };
const IVA10 = { name: 'IVA', category: 'S', percent: '10', kind: 'vat' as const };

const dec = (value: string | undefined): Dec => {
  if (value === undefined) throw new Error('expected an amount, found none');
  return new Dec(value);
};
const sumOf = (values: readonly (string | undefined)[]) =>
  values.reduce((acc, v) => acc.plus(dec(v)), new Dec(0));

/** What `fn` threw, or undefined. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The result, or undefined when the only refusal allowed happened: a spread over nets adding up to zero. */
function computedOrSpreadRefusal(input: TotalsInput): TotalsResult | undefined {
  const error = thrownBy(() => computeTotals(input));
  if (error === undefined) return computeTotals(input);
  expect(isApiError(error)).toBe(true);
  expect((error as ApiError).param).toMatch(/^allowance_charges\[\d+\]$/);
  expect((error as ApiError).message).toContain('add up to zero');
  return undefined;
}

/** Asserts that `fn` throws an ApiError 422 with that param. */
function expect422(fn: () => unknown, param: string, message?: string): void {
  const error = thrownBy(fn);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(422);
  expect((error as ApiError).param).toBe(param);
  if (message !== undefined) expect((error as ApiError).message).toContain(message);
}

/**
 * EN 16931 BR-CO-10 … BR-CO-16 and BR-S-08 on a result, exactly (docs/totals.md §3.3). BT-113 is
 * `prepaid_amount + withheld − reimbursable_expenses_amount` (the withholding and the suplidos have
 * no EN 16931 term of their own; docs/totals.md §3.4).
 */
function expectCalculationRules(result: TotalsResult): void {
  // Without any field of docs/totals.md the EN 16931 names are left out and equal the older ones.
  const totals = {
    subtotal: result.totals.net_total,
    allowance_total_amount: '0',
    charge_total_amount: '0',
    tax_exclusive_amount: result.totals.net_total,
    tax_inclusive_amount: result.totals.tax_inclusive,
    ...result.totals,
  };
  if (result.totals.subtotal === undefined) {
    expect(result.allowance_charges).toBeUndefined();
    for (const line of result.lines) expect(line.amount).toBeUndefined();
  }
  const entries = result.allowance_charges ?? [];
  const taxed = entries.filter((entry) => entry.is_reimbursable_expense !== true);
  const ofIndicator = (indicator: string) =>
    sumOf(
      taxed.filter((entry) => entry.allowance_charge_indicator === indicator).map((entry) => entry.amount),
    );
  // BR-CO-10: BT-106 = Σ BT-131.
  expect(sumOf(result.lines.map((line) => line.amount ?? line.net)).eq(dec(totals.subtotal))).toBe(true);
  // BR-CO-11 and BR-CO-12: BT-107 = Σ BT-92, BT-108 = Σ BT-99.
  expect(ofIndicator('allowance').eq(dec(totals.allowance_total_amount))).toBe(true);
  expect(ofIndicator('charge').eq(dec(totals.charge_total_amount))).toBe(true);
  // BR-CO-13: BT-109 = BT-106 − BT-107 + BT-108.
  expect(
    dec(totals.subtotal)
      .minus(dec(totals.allowance_total_amount))
      .plus(dec(totals.charge_total_amount))
      .eq(dec(totals.tax_exclusive_amount)),
  ).toBe(true);
  expect(totals.net_total).toBe(totals.tax_exclusive_amount);
  // BR-CO-14: BT-110 = Σ BT-117 (fiscalkit's tax outputs: VAT and recargo groups).
  const groupsOf = (kind: string) => result.groups.filter((group) => group.kind === kind);
  const outputs = [...groupsOf('vat'), ...groupsOf('surcharge')];
  expect(sumOf(outputs.map((group) => group.tax)).eq(dec(totals.tax_outputs))).toBe(true);
  expect(sumOf(groupsOf('withholding').map((group) => group.tax)).eq(dec(totals.withheld))).toBe(true);
  // Σ VAT breakdown bases (BT-116) = BT-109.
  expect(sumOf(groupsOf('vat').map((group) => group.base)).eq(dec(totals.tax_exclusive_amount))).toBe(true);
  // BR-CO-15: BT-112 = BT-109 + BT-110.
  expect(
    dec(totals.tax_exclusive_amount).plus(dec(totals.tax_outputs)).eq(dec(totals.tax_inclusive_amount)),
  ).toBe(true);
  expect(totals.tax_inclusive).toBe(totals.tax_inclusive_amount);
  expect(dec(totals.tax_inclusive_amount).minus(dec(totals.withheld)).eq(dec(totals.total))).toBe(true);
  // BR-CO-16: BT-115 = BT-112 − BT-113 + BT-114.
  const reimbursable = sumOf(
    entries.filter((entry) => entry.is_reimbursable_expense === true).map((entry) => entry.amount),
  );
  expect(dec(totals.reimbursable_expenses_amount ?? '0').eq(reimbursable)).toBe(true);
  const paid = dec(totals.prepaid_amount ?? '0')
    .plus(dec(totals.withheld))
    .minus(reimbursable);
  expect(
    dec(totals.tax_inclusive_amount)
      .minus(paid)
      .plus(dec(totals.payable_rounding_amount ?? '0'))
      .eq(dec(totals.payable_amount)),
  ).toBe(true);
  // BR-S-08 (and the same for every group): base = Σ its lines' BT-131 ± its document pieces;
  // the printed taxes of its lines and pieces add up to its tax.
  for (const group of result.groups) {
    const lines = result.lines.filter((line) => line.taxes[group.key] !== undefined);
    const pieces = taxed.filter((entry) => entry.taxes[group.key] !== undefined);
    const signed = pieces.map((entry) =>
      entry.allowance_charge_indicator === 'allowance' ? dec(entry.amount).negated() : dec(entry.amount),
    );
    const lineNets = sumOf(lines.map((line) => line.amount ?? line.net));
    const pieceSum = signed.reduce((acc, value) => acc.plus(value), new Dec(0));
    const taxes = sumOf([
      ...lines.map((line) => line.taxes[group.key]),
      ...pieces.map((entry) => entry.taxes[group.key]),
    ]);
    expect(taxes.eq(dec(group.tax)), `${group.key} tax`).toBe(true);
    if (group.kind === 'vat' || group.base_exact === undefined) {
      expect(lineNets.plus(pieceSum).eq(dec(group.base)), `${group.key} base`).toBe(true);
    }
  }
  // Every taxed piece sits in exactly one VAT group (BT-95 / BT-102).
  for (const entry of taxed) {
    expect(Object.keys(entry.taxes).filter((key) => key.startsWith('vat|'))).toHaveLength(1);
  }
}

describe('EN 16931 BR-CO-10 … BR-CO-16 and BR-S-08 hold exactly (docs/totals.md §3.3)', () => {
  for (const mode of TOTALS_MODES) {
    test.prop([allowanceTotalsInputArb({ mode })], { numRuns: 150 })(mode, (input) => {
      const result = computedOrSpreadRefusal(input);
      if (result !== undefined) expectCalculationRules(result);
    });
  }
});

describe('line level: BT-131 = quantity × (price / base quantity) − allowances + charges (docs/totals.md §2.1, §2.2)', () => {
  for (const mode of TOTALS_MODES) {
    test.prop([allowanceTotalsInputArb({ mode, maxDocumentEntries: 0 })], { numRuns: 120 })(mode, (input) => {
      const result = computeTotals(input);
      const e = exponentOf(input.currency);
      const method = input.rounding_method ?? 'half_up';
      const R = (x: Dec) => roundTo(x, e, method);
      const unit = new Dec(1).div(new Dec(10).pow(e));
      // The EN 16931 line fields come with any field of docs/totals.md in the input.
      const extended =
        input.payable_rounding_amount != null ||
        input.lines.some((line) => line.allowance_charges != null || line.base_quantity != null);
      input.lines.forEach((line, i) => {
        const printed = result.lines[i];
        if (printed === undefined) throw new Error('missing line');
        // The unit price: price / base quantity rounded once to 8 decimals with the account's method.
        const price =
          line.base_quantity == null
            ? new Dec(line.price)
            : roundTo(new Dec(line.price).div(line.base_quantity), 8, method);
        if (line.base_quantity != null) expect(dec(printed.unit_price).eq(price)).toBe(true);
        const gross = new Dec(line.quantity).times(price);
        // Each allowance and charge from the given fields, independently of the engine.
        const given =
          line.allowance_charges ??
          [
            line.discount_percent == null
              ? undefined
              : { allowance_charge_indicator: 'allowance' as const, percentage: line.discount_percent },
            line.charge_percent == null
              ? undefined
              : { allowance_charge_indicator: 'charge' as const, percentage: line.charge_percent },
            line.charge_amount == null
              ? undefined
              : { allowance_charge_indicator: 'charge' as const, amount: line.charge_amount },
          ].filter((entry) => entry !== undefined);
        let exact = gross;
        let components = R(gross);
        for (const entry of given) {
          const base =
            entry.percentage == null
              ? undefined
              : new Dec('base_amount' in entry && entry.base_amount != null ? entry.base_amount : gross);
          const x =
            base === undefined ? new Dec(entry.amount ?? '0') : base.times(entry.percentage ?? '0').div(100);
          const signed = entry.allowance_charge_indicator === 'allowance' ? -1 : 1;
          exact = exact.plus(x.times(signed));
          components = components.plus(R(x).times(signed));
        }
        expect(dec(printed.net_exact).eq(exact)).toBe(true);
        if (mode === 'per_line_unrounded') {
          // Allocated from the group: within 1.5 units of the exact net (taxmath.md §3.7).
          expect(dec(printed.net).minus(exact).abs().lt(unit.times(2))).toBe(true);
        } else {
          expect(dec(printed.net).eq(components)).toBe(true);
        }
        expect(printed.amount).toBe(extended ? printed.net : undefined);
        if (extended && given.length > 0) {
          // The printed entries are each R(x), in order.
          expect(printed.allowance_charges?.map((entry) => entry.allowance_charge_indicator)).toEqual(
            given.map((entry) => entry.allowance_charge_indicator),
          );
        } else {
          expect(printed.allowance_charges).toBeUndefined();
        }
      });
    });
  }
});

describe('computeTotals equals the independent decimal.js oracle of docs/totals.md', () => {
  for (const mode of TOTALS_MODES) {
    test.prop([allowanceTotalsInputArb({ mode })], { numRuns: 150 })(mode, (input) => {
      const result = computedOrSpreadRefusal(input);
      if (result === undefined) expect(() => allowanceOracle(input)).toThrow('nothing to spread');
      else expect(result).toEqual(allowanceOracle(input));
    });
  }
  test.prop([allowanceTotalsInputArb({ method: 'half_ceil' })], { numRuns: 60 })('half_ceil', (input) => {
    const result = computedOrSpreadRefusal(input);
    if (result !== undefined) expect(result).toEqual(allowanceOracle(input));
  });
});

describe('negation symmetry (taxmath.md §3.8) with allowances, charges and base quantities', () => {
  const negated = (value: string) =>
    value.startsWith('-') ? value.slice(1) : /^0+(\.0+)?$/.test(value) ? value : `-${value}`;
  const negateAmounts = <T extends object>(record: T, fields: readonly string[]): T => {
    const out = { ...record } as Record<string, unknown>;
    for (const field of fields)
      if (typeof out[field] === 'string') out[field] = negated(out[field] as string);
    return out as unknown as T;
  };
  /** Quantities, amounts and base amounts negated; prices, base quantities and percentages kept. */
  function negatedInput(input: TotalsInput): TotalsInput {
    const out: TotalsInput = {
      ...negateAmounts(input, ['prepaid_amount', 'payable_rounding_amount']),
      lines: input.lines.map((line) => {
        const copy = negateAmounts(line, ['quantity', 'charge_amount']);
        if (line.allowance_charges != null)
          copy.allowance_charges = line.allowance_charges.map((entry) =>
            negateAmounts(entry, ['amount', 'base_amount']),
          );
        return copy;
      }),
    };
    if (input.allowance_charges != null)
      out.allowance_charges = input.allowance_charges.map((entry) =>
        negateAmounts(entry, ['amount', 'base_amount']),
      );
    return out;
  }
  /** The amount fields of a result (group keys of printed taxes contain `|`). */
  const AMOUNT_KEYS = new Set([
    'net_exact',
    'net',
    'amount',
    'base',
    'tax',
    'base_exact',
    'tax_exact',
    'net_total',
    'tax_outputs',
    'withheld',
    'tax_inclusive',
    'total',
    'subtotal',
  ]);
  const isAmount = (key: string) => AMOUNT_KEYS.has(key) || key.includes('|') || key.endsWith('_amount');
  function negatedResult(value: unknown, key = ''): unknown {
    if (typeof value === 'string') return isAmount(key) ? negated(value) : value;
    if (Array.isArray(value)) return value.map((item) => negatedResult(item, key));
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, negatedResult(v, k)]));
    return value;
  }
  test.prop([allowanceTotalsInputArb()], { numRuns: 150 })('compute(−input) = −compute(input)', (input) => {
    const result = computedOrSpreadRefusal(input);
    if (result === undefined) return;
    const mirrored = computeTotals(negatedInput(input));
    expect(mirrored).toEqual(negatedResult(result));
  });
});

describe('the flat fields of older versions (docs/totals.md §2.4)', () => {
  test.prop([totalsInputArb()], { numRuns: 150 })(
    'flat line fields and their flatToAllowanceCharges mapping give the same result',
    (input) => {
      const flat = computeTotals(input);
      const mapped = computeTotals(flatToAllowanceCharges(input));
      // The flat input is an older version's: exactly its old result; the mapping uses the list, so
      // it also gets the EN 16931 fields, which agree.
      expect(flat.totals.subtotal).toBeUndefined();
      expect(legacyView(mapped)).toEqual(flat);
      if (mapped.totals.subtotal !== undefined) {
        expect(mapped.totals.subtotal).toBe(flat.totals.net_total);
        expect(mapped.totals.tax_inclusive_amount).toBe(flat.totals.tax_inclusive);
      }
    },
  );

  test.prop([flatTotalsInputArb()], { numRuns: 150 })(
    'every flat input maps onto an input computeTotals accepts, with BR-CO-10 … 16',
    (input) => {
      const mapped = flatToAllowanceCharges(input);
      for (const key of ['discount_percent', 'discount_amount', 'charge_percent', 'charge_amount'])
        expect(mapped).not.toHaveProperty(key);
      const result = computedOrSpreadRefusal(mapped);
      if (result !== undefined) expectCalculationRules(result);
    },
  );

  it('maps every field, texts as reasons, discount_amount with the sign of the line', () => {
    const mapped = flatToAllowanceCharges({
      currency: 'EUR',
      discount_percent: '5',
      discount_text: 'Pronto pago',
      charge_amount: '12.00',
      charge_reason: 'Portes',
      apply_taxes_to_charge: false,
      lines: [
        { quantity: '-2', price: '10', discount_amount: '1.50', discount_text: 'Dto', taxes: [IVA21] },
        {
          quantity: '0',
          price: '10',
          discount_amount: '1.50',
          charge_percent: '3',
          charge_reason: 'Seguro',
          taxes: [IVA21],
        },
        { quantity: '1', price: '10', taxes: [IVA21] },
      ],
    });
    expect(mapped).toEqual({
      currency: 'EUR',
      lines: [
        {
          quantity: '-2',
          price: '10',
          taxes: [IVA21],
          allowance_charges: [{ allowance_charge_indicator: 'allowance', amount: '-1.50', reason: 'Dto' }],
        },
        {
          quantity: '0',
          price: '10',
          taxes: [IVA21],
          allowance_charges: [
            { allowance_charge_indicator: 'allowance', amount: '0' },
            { allowance_charge_indicator: 'charge', percentage: '3', reason: 'Seguro' },
          ],
        },
        { quantity: '1', price: '10', taxes: [IVA21] },
      ],
      allowance_charges: [
        { allowance_charge_indicator: 'allowance', percentage: '5', reason: 'Pronto pago' },
        { allowance_charge_indicator: 'charge', amount: '12.00', apply_taxes: false, reason: 'Portes' },
      ],
    });
  });

  it('a reimbursable charge is untaxed whatever apply_taxes_to_charge says', () => {
    const mapped = flatToAllowanceCharges({
      currency: 'EUR',
      charge_amount: '30.00',
      apply_taxes_to_charge: true,
      charge_is_reimbursable_expense: true,
      lines: [{ quantity: '1', price: '100', taxes: [IVA21] }],
    });
    expect(mapped.allowance_charges).toEqual([
      { allowance_charge_indicator: 'charge', amount: '30.00', is_reimbursable_expense: true },
    ]);
    expect(computeTotals(mapped).totals).toMatchObject({
      total: '121.00',
      reimbursable_expenses_amount: '30.00',
      payable_amount: '151.00',
    });
  });

  it('refuses what it cannot map unambiguously, naming the field', () => {
    const line = { quantity: '1', price: '10', taxes: [IVA21] };
    expect422(
      () =>
        flatToAllowanceCharges({
          currency: 'EUR',
          discount_percent: '5',
          discount_amount: '1',
          lines: [line],
        }),
      'discount_amount',
    );
    expect422(
      () =>
        flatToAllowanceCharges({ currency: 'EUR', charge_percent: '5', charge_amount: '1', lines: [line] }),
      'charge_amount',
    );
    expect422(
      () =>
        flatToAllowanceCharges({
          currency: 'EUR',
          lines: [{ ...line, charge_percent: '1', charge_amount: '1' }],
        }),
      'lines[0].charge_amount',
    );
    expect422(
      () => flatToAllowanceCharges({ currency: 'EUR', lines: [line, { ...line, discount_amount: '-1' }] }),
      'lines[1].discount_amount',
    );
    expect422(
      () =>
        flatToAllowanceCharges({
          currency: 'EUR',
          discount_percent: '5',
          allowance_charges: [{ allowance_charge_indicator: 'allowance', amount: '1' }],
          lines: [line],
        }),
      'allowance_charges',
    );
  });

  it('a flat invoice discount over two VAT rates becomes one allowance per rate', () => {
    const result = computeTotals(
      flatToAllowanceCharges({
        currency: 'EUR',
        discount_amount: '10',
        lines: [
          { quantity: '1', price: '100', taxes: [IVA21] },
          { quantity: '1', price: '50', taxes: [IVA10] },
        ],
      }),
    );
    expect(result.allowance_charges?.map(({ amount, taxes }) => ({ amount, taxes }))).toEqual([
      { amount: '6.67', taxes: { 'vat|S|IVA|21': '-1.40' } },
      { amount: '3.33', taxes: { 'vat|S|IVA|10': '-0.33' } },
    ]);
  });
});

describe('unitPrice (docs/totals.md §2.1)', () => {
  test.prop([priceArb(), baseQuantityArb, roundingMethodArb])(
    'price / base quantity rounded once to 8 decimals with the account method',
    (price, base, method) => {
      const expected = roundTo(new Dec(price).div(base), 8, method);
      expect(new Dec(unitPrice(price, base, method)).eq(expected)).toBe(true);
    },
  );

  it('gives the price itself, trimmed, for a base quantity of one', () => {
    expect(unitPrice('7.770', '1.000000', 'half_up')).toBe('7.77');
    expect(unitPrice('10', '1', 'half_up')).toBe('10');
  });

  it('the line gross is quantity × the unit price, the price is never echoed changed', () => {
    const result = computeTotals({
      currency: 'EUR',
      lines: [{ quantity: '3', price: '10', base_quantity: '3', taxes: [IVA21] }],
    });
    expect(result.lines[0]).toMatchObject({
      unit_price: '3.33333333',
      net_exact: '9.99999999',
      amount: '10.00',
    });
  });
});

describe('validation of the new inputs (docs/totals.md §4)', () => {
  const line = { quantity: '2', price: '10', taxes: [IVA21] };
  const base: TotalsInput = { currency: 'EUR', lines: [line] };
  const withLine = (extra: Record<string, unknown>): TotalsInput => ({
    ...base,
    lines: [line, { ...line, ...extra }],
  });
  const withEntry = (entry: Record<string, unknown>, at = 0): TotalsInput => ({
    ...base,
    lines: [
      line,
      {
        ...line,
        allowance_charges: [
          ...Array.from({ length: at }, () => ({ allowance_charge_indicator: 'charge', amount: '1' })),
          entry,
        ] as never,
      },
    ],
  });
  const withDocument = (entry: Record<string, unknown>): TotalsInput => ({
    ...base,
    allowance_charges: [{ allowance_charge_indicator: 'charge', amount: '1' }, entry] as never,
  });

  const cases: [string, TotalsInput, string, string?][] = [
    ['base_quantity 0', withLine({ base_quantity: '0' }), 'lines[1].base_quantity', 'greater than 0'],
    ['base_quantity negative', withLine({ base_quantity: '-1' }), 'lines[1].base_quantity', 'greater than 0'],
    ['base_quantity with 7 decimals', withLine({ base_quantity: '0.0000001' }), 'lines[1].base_quantity'],
    [
      'base_quantity as a number',
      withLine({ base_quantity: 10 }),
      'lines[1].base_quantity',
      'decimal string',
    ],
    [
      'charge_percent with charge_amount',
      withLine({ charge_percent: '1', charge_amount: '1' }),
      'lines[1].charge_amount',
    ],
    ['charge_percent negative', withLine({ charge_percent: '-1' }), 'lines[1].charge_percent'],
    [
      'flat fields with allowance_charges',
      withLine({ discount_percent: '1', allowance_charges: [] }),
      'lines[1].allowance_charges',
      'older versions',
    ],
    ['allowance_charges not an array', withLine({ allowance_charges: {} }), 'lines[1].allowance_charges'],
    ['an entry not an object', withEntry('x' as never), 'lines[1].allowance_charges[0]'],
    [
      'indicator missing',
      withEntry({ amount: '1' }, 1),
      'lines[1].allowance_charges[1].allowance_charge_indicator',
    ],
    [
      'indicator a boolean',
      withEntry({ allowance_charge_indicator: true, amount: '1' }, 1),
      'lines[1].allowance_charges[1].allowance_charge_indicator',
      'allowance, charge',
    ],
    [
      'both percentage and amount',
      withEntry({ allowance_charge_indicator: 'allowance', percentage: '1', amount: '1' }, 1),
      'lines[1].allowance_charges[1].amount',
      'together with percentage',
    ],
    [
      'neither percentage nor amount',
      withEntry({ allowance_charge_indicator: 'allowance' }, 1),
      'lines[1].allowance_charges[1].amount',
    ],
    [
      'allowance percentage over 100',
      withEntry({ allowance_charge_indicator: 'allowance', percentage: '100.01' }, 1),
      'lines[1].allowance_charges[1].percentage',
    ],
    [
      'percentage negative',
      withEntry({ allowance_charge_indicator: 'charge', percentage: '-5' }, 1),
      'lines[1].allowance_charges[1].percentage',
    ],
    [
      'percentage with 5 decimals',
      withEntry({ allowance_charge_indicator: 'charge', percentage: '1.00001' }, 1),
      'lines[1].allowance_charges[1].percentage',
    ],
    [
      'base_amount without percentage',
      withEntry({ allowance_charge_indicator: 'charge', amount: '1', base_amount: '10' }, 1),
      'lines[1].allowance_charges[1].base_amount',
    ],
    [
      'line charge not taxed',
      withEntry({ allowance_charge_indicator: 'charge', amount: '1', apply_taxes: false }, 1),
      'lines[1].allowance_charges[1].apply_taxes',
      'document-level',
    ],
    [
      'line reimbursable expense',
      withEntry({ allowance_charge_indicator: 'charge', amount: '1', is_reimbursable_expense: true }, 1),
      'lines[1].allowance_charges[1].is_reimbursable_expense',
      'document-level',
    ],
    [
      'unknown entry field',
      withEntry({ allowance_charge_indicator: 'charge', amount: '1', taxes: [IVA21] }, 1),
      'lines[1].allowance_charges[1].taxes',
      'not a known field',
    ],
    ['document entries not an array', { ...base, allowance_charges: 'x' as never }, 'allowance_charges'],
    [
      'document amount with 3 decimals in EUR',
      withDocument({ allowance_charge_indicator: 'charge', amount: '1.005' }),
      'allowance_charges[1].amount',
      'decimals than EUR',
    ],
    [
      'document base_amount with 3 decimals',
      withDocument({ allowance_charge_indicator: 'charge', percentage: '1', base_amount: '1.005' }),
      'allowance_charges[1].base_amount',
    ],
    [
      'document taxes without a VAT',
      withDocument({
        allowance_charge_indicator: 'charge',
        amount: '1',
        taxes: [{ name: 'IRPF', percent: '-15' }],
      }),
      'allowance_charges[1].taxes',
      'exactly one vat',
    ],
    [
      'document tax percent wrong',
      withDocument({
        allowance_charge_indicator: 'charge',
        amount: '1',
        taxes: [{ name: 'IVA', percent: '1e2' }],
      }),
      'allowance_charges[1].taxes[0].percent',
    ],
    [
      'an allowance with a tax no line carries',
      withDocument({ allowance_charge_indicator: 'allowance', amount: '1', taxes: [IVA10] }),
      'allowance_charges[1].taxes[0]',
      'matches no tax of the lines',
    ],
    [
      'taxes with apply_taxes false',
      withDocument({ allowance_charge_indicator: 'charge', amount: '1', apply_taxes: false, taxes: [IVA21] }),
      'allowance_charges[1].apply_taxes',
    ],
    [
      'a reimbursable allowance',
      withDocument({ allowance_charge_indicator: 'allowance', amount: '1', is_reimbursable_expense: true }),
      'allowance_charges[1].is_reimbursable_expense',
    ],
    [
      'a reimbursable percentage',
      withDocument({ allowance_charge_indicator: 'charge', percentage: '1', is_reimbursable_expense: true }),
      'allowance_charges[1].percentage',
    ],
    [
      'a reimbursable expense with taxes',
      withDocument({
        allowance_charge_indicator: 'charge',
        amount: '1',
        is_reimbursable_expense: true,
        taxes: [IVA21],
      }),
      'allowance_charges[1].taxes',
    ],
    [
      'a taxed reimbursable expense',
      withDocument({
        allowance_charge_indicator: 'charge',
        amount: '1',
        is_reimbursable_expense: true,
        apply_taxes: true,
      }),
      'allowance_charges[1].apply_taxes',
    ],
    [
      'a reason too long',
      withDocument({ allowance_charge_indicator: 'charge', amount: '1', reason: 'x'.repeat(1025) }),
      'allowance_charges[1].reason',
    ],
    [
      'payable_rounding_amount with 3 decimals',
      { ...base, payable_rounding_amount: '0.005' },
      'payable_rounding_amount',
    ],
    [
      'payable_rounding_amount as a number',
      { ...base, payable_rounding_amount: 0.01 as never },
      'payable_rounding_amount',
    ],
    [
      'document entries on an advance',
      {
        ...base,
        type_code: 'ZAL',
        total_amount_due: '100',
        allowance_charges: [{ allowance_charge_indicator: 'charge', amount: '1' }],
      },
      'allowance_charges',
      'total_amount_due',
    ],
    [
      'rounding on an advance',
      { ...base, type_code: 'ZAL', total_amount_due: '100', payable_rounding_amount: '0.01' },
      'payable_rounding_amount',
    ],
  ];
  for (const [title, input, param, message] of cases) {
    it(`${title} → 422 ${param}`, () => {
      expect422(() => computeTotals(input), param, message);
    });
  }

  it('a spread over lines whose nets add up to zero → 422 at the entry', () => {
    expect422(
      () =>
        computeTotals({
          currency: 'EUR',
          lines: [
            { quantity: '1', price: '10', taxes: [IVA21] },
            { quantity: '-1', price: '10', taxes: [IVA10] },
          ],
          allowance_charges: [{ allowance_charge_indicator: 'allowance', amount: '1' }],
        }),
      'allowance_charges[0]',
      'add up to zero',
    );
  });

  it('accepts a charge with a tax no line carries: it opens its own group (BR-S-08)', () => {
    const result = computeTotals({
      ...base,
      allowance_charges: [{ allowance_charge_indicator: 'charge', amount: '5.00', taxes: [IVA10] }],
    });
    expect(result.groups.map(({ key, base: groupBase, tax }) => [key, groupBase, tax])).toEqual([
      ['vat|S|IVA|21', '20.00', '4.20'],
      ['vat|S|IVA|10', '5.00', '0.50'],
    ]);
  });

  it('null counts as absent for every new optional field', () => {
    const result = computeTotals({
      currency: 'EUR',
      payable_rounding_amount: null,
      allowance_charges: null,
      lines: [
        {
          ...line,
          base_quantity: null,
          charge_percent: null,
          allowance_charges: [
            {
              allowance_charge_indicator: 'allowance',
              percentage: null,
              amount: '1',
              base_amount: null,
              reason: null,
              reason_code: null,
              apply_taxes: null,
              is_reimbursable_expense: null,
            },
          ],
        },
      ],
    });
    expect(result.lines[0]?.amount).toBe('19.00');
  });
});

describe('robustness: allowances and charges with junk return or throw ApiError 422, nothing else', () => {
  const junkArb: fc.Arbitrary<unknown> = fc.oneof(
    fc.integer(),
    fc.constantFrom(Number.NaN, 0.1, -0, '', ' 1', '1e3', '-', 'allowance ', true, false, null, [], {}),
    fc.string(),
    fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true }),
  );
  const ENTRY_FIELDS = [
    'allowance_charge_indicator',
    'percentage',
    'amount',
    'base_amount',
    'reason',
    'reason_code',
    'apply_taxes',
    'is_reimbursable_expense',
    'taxes',
    'unknown',
  ];
  test.prop(
    [allowanceTotalsInputArb(), fc.boolean(), fc.nat(), fc.nat(), fc.constantFrom(...ENTRY_FIELDS), junkArb],
    { numRuns: 300 },
  )(
    'an entry (of a line or of the document) with one field replaced by junk',
    (input, onLine, at, entryAt, field, junk) => {
      const copy = structuredClone(input) as unknown as {
        lines: { allowance_charges?: Record<string, unknown>[] }[];
        allowance_charges?: Record<string, unknown>[];
      };
      const line = copy.lines[at % copy.lines.length] as { allowance_charges?: Record<string, unknown>[] };
      const list = onLine ? line.allowance_charges : copy.allowance_charges;
      if (list === undefined || list.length === 0) return;
      (list[entryAt % list.length] as Record<string, unknown>)[field] = junk;
      const error = thrownBy(() => computeTotals(copy as unknown as TotalsInput));
      if (error === undefined) return;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(422);
      expect((error as ApiError).message.length).toBeGreaterThan(0);
    },
  );
});
