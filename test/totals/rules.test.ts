import { describe, expect, it } from 'vitest';
import {
  ApiError,
  computeTotals,
  modeFlags,
  roundingMethodFromAccount,
  TOTALS_MODES,
  type TotalsInput,
  type TotalsLineInput,
  type TotalsTaxInput,
} from '../../src/index.js';
import { validateTotalsInput } from '../../src/totals/validateTotalsInput.js';

const IVA: TotalsTaxInput = { name: 'IVA', category: 'S', percent: '21', kind: 'vat' };
const RE: TotalsTaxInput = { name: 'RE', category: 'S', percent: '5.2', kind: 'surcharge' };
const LINE: TotalsLineInput = { quantity: '1', price: '10', taxes: [IVA] };

/** A valid EUR invoice of one line (10.00 + 21 % IVA), with top-level and line fields overridden. */
function invoice(top: Record<string, unknown> = {}, line: Record<string, unknown> = {}): unknown {
  return { currency: 'EUR', lines: [{ ...LINE, ...line }], ...top };
}
/** The same with the line's only tax overridden. */
const withTax = (tax: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  invoice(top, { taxes: [{ ...IVA, ...tax }] });

/**
 * The ApiError computeTotals throws for `input`. The input must break exactly one rule, so that
 * the test pins that rule: validateTotalsInput must report exactly one issue, the one thrown.
 */
function rejection(input: unknown): ApiError {
  const validated = validateTotalsInput(input);
  expect(validated.success).toBe(false);
  if (!validated.success) expect(validated.issues).toHaveLength(1);
  let thrown: unknown;
  try {
    computeTotals(input as TotalsInput);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  return thrown as ApiError;
}

interface Rule {
  rule: string;
  input: unknown;
  code: ApiError['code'];
  param: string | null;
  message: string;
}

const RULES: Rule[] = [
  // The input as a whole
  {
    rule: 'non-object input (string)',
    input: 'EUR',
    code: 'parameter_invalid',
    param: null,
    message: 'the input must be an object',
  },
  {
    rule: 'non-object input (array)',
    input: [],
    code: 'parameter_invalid',
    param: null,
    message: 'not an array',
  },
  {
    rule: 'non-object input (null)',
    input: null,
    code: 'parameter_invalid',
    param: null,
    message: 'not null',
  },
  {
    rule: 'unknown top-level key',
    input: invoice({ discount: '1' }),
    code: 'parameter_invalid',
    param: 'discount',
    message: 'is not a known field',
  },
  {
    rule: 'unknown line key',
    input: invoice({}, { unit: 'kg' }),
    code: 'parameter_invalid',
    param: 'lines[0].unit',
    message: 'is not a known field',
  },
  {
    rule: 'unknown tax key',
    input: withTax({ rate: '21' }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes[0].rate',
    message: 'is not a known field',
  },

  // currency
  {
    rule: 'missing currency',
    input: { lines: [LINE] },
    code: 'parameter_blank',
    param: 'currency',
    message: 'currency is required',
  },
  {
    rule: 'unknown currency',
    input: invoice({ currency: 'XAU' }),
    code: 'parameter_inclusion',
    param: 'currency',
    message: 'ISO 4217',
  },
  {
    rule: 'lower-case currency',
    input: invoice({ currency: 'eur' }),
    code: 'parameter_inclusion',
    param: 'currency',
    message: 'not the string "eur"',
  },

  // lines
  {
    rule: 'lines missing',
    input: { currency: 'EUR' },
    code: 'parameter_blank',
    param: 'lines',
    message: 'lines is required',
  },
  {
    rule: 'lines empty',
    input: { currency: 'EUR', lines: [] },
    code: 'parameter_empty',
    param: 'lines',
    message: 'at least one line',
  },
  {
    rule: 'lines not an array',
    input: { currency: 'EUR', lines: { 0: LINE } },
    code: 'parameter_invalid',
    param: 'lines',
    message: 'must be an array of lines',
  },
  {
    rule: 'a line that is not an object',
    input: { currency: 'EUR', lines: [LINE, '10.00'] },
    code: 'parameter_invalid',
    param: 'lines[1]',
    message: 'must be an object',
  },

  // decimal strings
  {
    rule: 'quantity as the JS number 1.5',
    input: invoice({}, { quantity: 1.5 }),
    code: 'parameter_invalid',
    param: 'lines[0].quantity',
    message: 'the number 1.5 (amounts are decimal strings',
  },
  {
    rule: 'quantity "NaN"',
    input: invoice({}, { quantity: 'NaN' }),
    code: 'parameter_invalid',
    param: 'lines[0].quantity',
    message: 'not the string "NaN"',
  },
  {
    rule: 'price with an exponent "1e5"',
    input: invoice({}, { price: '1e5' }),
    code: 'parameter_invalid',
    param: 'lines[0].price',
    message: 'no exponent',
  },
  {
    rule: 'quantity with 7 decimals',
    input: invoice({}, { quantity: '1.0000001' }),
    code: 'parameter_invalid',
    param: 'lines[0].quantity',
    message: 'at most 16 integer digits and 6 decimals',
  },
  {
    rule: 'price with 9 decimals',
    input: invoice({}, { price: '1.000000001' }),
    code: 'parameter_invalid',
    param: 'lines[0].price',
    message: '8 decimals',
  },
  {
    rule: 'discount_percent with 5 decimals',
    input: invoice({}, { discount_percent: '1.00001' }),
    code: 'parameter_invalid',
    param: 'lines[0].discount_percent',
    message: '4 decimals',
  },
  {
    rule: 'price with 17 integer digits',
    input: invoice({}, { price: '12345678901234567' }),
    code: 'parameter_invalid',
    param: 'lines[0].price',
    message: 'at most 16 integer digits',
  },
  {
    rule: 'quantity missing',
    input: invoice({}, { quantity: undefined }),
    code: 'parameter_blank',
    param: 'lines[0].quantity',
    message: 'is required',
  },

  // discounts
  {
    rule: 'discount_percent above 100',
    input: invoice({}, { discount_percent: '100.0001' }),
    code: 'parameter_invalid',
    param: 'lines[0].discount_percent',
    message: 'between 0 and 100',
  },
  {
    rule: 'negative discount_percent',
    input: invoice({}, { discount_percent: '-5' }),
    code: 'parameter_invalid',
    param: 'lines[0].discount_percent',
    message: 'between 0 and 100',
  },
  {
    rule: 'discount_percent together with discount_amount',
    input: invoice({}, { discount_percent: '10', discount_amount: '1.00' }),
    code: 'parameter_invalid',
    param: 'lines[0].discount_amount',
    message: 'cannot be given together with discount_percent',
  },
  {
    rule: 'negative discount_amount',
    input: invoice({}, { discount_amount: '-1.00' }),
    code: 'parameter_invalid',
    param: 'lines[0].discount_amount',
    message: 'follows the sign of the line',
  },

  // taxes
  {
    rule: 'taxes missing',
    input: invoice({}, { taxes: undefined }),
    code: 'parameter_blank',
    param: 'lines[0].taxes',
    message: 'is required',
  },
  {
    rule: 'taxes empty',
    input: invoice({}, { taxes: [] }),
    code: 'parameter_empty',
    param: 'lines[0].taxes',
    message: 'at least one tax',
  },
  {
    rule: 'tax name with "|"',
    input: withTax({ name: 'IVA|S' }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes[0].name',
    message: 'without "|"',
  },
  {
    rule: 'empty tax name',
    input: withTax({ name: '' }),
    code: 'parameter_blank',
    param: 'lines[0].taxes[0].name',
    message: 'is required',
  },
  {
    rule: 'tax name of 129 characters',
    input: withTax({ name: 'X'.repeat(129) }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes[0].name',
    message: '1 to 128 characters',
  },
  {
    rule: 'tax percent above 100',
    input: withTax({ percent: '100.01' }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes[0].percent',
    message: 'between -100 and 100',
  },
  {
    rule: 'tax percent above 100 written with leading zeros',
    input: withTax({ percent: '000101' }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes[0].percent',
    message: 'between -100 and 100',
  },
  {
    rule: 'unknown tax kind',
    input: withTax({ kind: 'excise' }),
    code: 'parameter_inclusion',
    param: 'lines[0].taxes[0].kind',
    message: 'vat, surcharge, withholding',
  },
  {
    rule: "negative percent with kind 'vat'",
    input: withTax({ percent: '-15' }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes[0].percent',
    message: 'only a withholding can be',
  },
  {
    rule: "negative percent with kind 'surcharge'",
    input: invoice({}, { taxes: [IVA, { ...RE, percent: '-5.2' }] }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes[1].percent',
    message: 'but kind is surcharge',
  },
  {
    rule: 'no VAT tax on a line',
    input: invoice({}, { taxes: [{ name: 'IRPF', percent: '15', kind: 'withholding' }] }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes',
    message: 'exactly one vat-kind tax per line (found 0)',
  },
  {
    rule: 'two VAT taxes on a line',
    input: invoice({}, { taxes: [IVA, { ...IVA, percent: '10' }] }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes',
    message: 'exactly one vat-kind tax per line (found 2)',
  },
  {
    rule: 'two surcharges on a line',
    input: invoice({}, { taxes: [IVA, RE, { ...RE, percent: '1.4' }] }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes',
    message: 'at most one surcharge (found 2)',
  },
  {
    rule: 'two withholdings on a line',
    input: invoice({}, { taxes: [IVA, { name: 'IRPF', percent: '-15' }, { name: 'IRPF', percent: '-7' }] }),
    code: 'parameter_invalid',
    param: 'lines[0].taxes',
    message: 'at most one withholding (found 2)',
  },

  // account fields
  {
    rule: "rounding_method 'bankers' (an account name, not an engine name)",
    input: invoice({ rounding_method: 'bankers' }),
    code: 'parameter_inclusion',
    param: 'rounding_method',
    message: 'half_up, half_even, down, half_ceil',
  },
  {
    rule: "rounding_method 'truncate'",
    input: invoice({ rounding_method: 'truncate' }),
    code: 'parameter_inclusion',
    param: 'rounding_method',
    message: 'not the string "truncate"',
  },
  {
    rule: 'skip_line_taxable_base_rounding without apply_taxes_per_line',
    input: invoice({ skip_line_taxable_base_rounding: true }),
    code: 'parameter_invalid',
    param: 'skip_line_taxable_base_rounding',
    message: 'requires apply_taxes_per_line',
  },
  {
    rule: 'skip_line_taxable_base_rounding with apply_taxes_per_line false',
    input: invoice({ apply_taxes_per_line: false, skip_line_taxable_base_rounding: true }),
    code: 'parameter_invalid',
    param: 'skip_line_taxable_base_rounding',
    message: 'requires apply_taxes_per_line',
  },
  {
    rule: 'a flag given as a string',
    input: invoice({ apply_taxes_per_line: 'true' }),
    code: 'parameter_invalid',
    param: 'apply_taxes_per_line',
    message: 'must be true or false',
  },

  // total_amount_due and prepaid_amount
  {
    rule: 'total_amount_due on a VAT invoice',
    input: invoice({ type_code: 'VAT', total_amount_due: '100.00' }),
    code: 'parameter_invalid',
    param: 'total_amount_due',
    message: 'only allowed on advance invoices (type_code ZAL or KOR_ZAL), not on VAT',
  },
  {
    rule: 'total_amount_due without type_code',
    input: invoice({ total_amount_due: '100.00' }),
    code: 'parameter_invalid',
    param: 'total_amount_due',
    message: 'not on an invoice without type_code',
  },
  {
    rule: 'total_amount_due with more decimals than the currency (EUR)',
    input: invoice({ type_code: 'ZAL', total_amount_due: '100.001' }),
    code: 'parameter_invalid',
    param: 'total_amount_due',
    message: 'more decimals than EUR allows (2)',
  },
  {
    rule: 'total_amount_due with more decimals than the currency (JPY, vector E03)',
    input: invoice({ currency: 'JPY', type_code: 'KOR_ZAL', total_amount_due: '100.5' }),
    code: 'parameter_invalid',
    param: 'total_amount_due',
    message: 'more decimals than JPY allows (0)',
  },
  {
    rule: 'total_amount_due with a surcharge line',
    input: invoice({ type_code: 'ZAL', total_amount_due: '100.00' }, { taxes: [IVA, RE] }),
    code: 'parameter_invalid',
    param: 'total_amount_due',
    message: 'surcharge or withholding',
  },
  {
    rule: 'total_amount_due with prepaid_amount',
    input: invoice({ type_code: 'ZAL', total_amount_due: '100.00', prepaid_amount: '10.00' }),
    code: 'parameter_invalid',
    param: 'prepaid_amount',
    message: 'cannot be given with total_amount_due',
  },
  {
    rule: 'prepaid_amount with more decimals than the currency',
    input: invoice({ prepaid_amount: '1.005' }),
    code: 'parameter_invalid',
    param: 'prepaid_amount',
    message: 'more decimals than EUR allows (2)',
  },

  // exchange rate
  {
    rule: 'exchange_rate 0',
    input: invoice({ exchange_rate: '0', local_currency: 'PLN' }),
    code: 'parameter_invalid',
    param: 'exchange_rate',
    message: 'must be greater than 0',
  },
  {
    rule: 'exchange_rate 0.00000000',
    input: invoice({ exchange_rate: '0.00000000', local_currency: 'PLN' }),
    code: 'parameter_invalid',
    param: 'exchange_rate',
    message: 'must be greater than 0',
  },
  {
    rule: 'negative exchange_rate',
    input: invoice({ exchange_rate: '-4.5005', local_currency: 'PLN' }),
    code: 'parameter_invalid',
    param: 'exchange_rate',
    message: 'must be greater than 0',
  },
  {
    rule: 'exchange_rate with 9 decimals',
    input: invoice({ exchange_rate: '4.500500001' }),
    code: 'parameter_invalid',
    param: 'exchange_rate',
    message: '8 decimals',
  },
  {
    rule: 'exchange_rate without local_currency',
    input: invoice({ exchange_rate: '4.5005' }),
    code: 'parameter_blank',
    param: 'local_currency',
    message: 'is required with exchange_rate',
  },
  {
    rule: 'local_currency different from currency without exchange_rate',
    input: invoice({ local_currency: 'PLN' }),
    code: 'parameter_blank',
    param: 'exchange_rate',
    message: 'is required to convert EUR into local_currency PLN',
  },
  {
    rule: 'local_currency equal to currency with a rate other than 1',
    input: invoice({ local_currency: 'EUR', exchange_rate: '1.5' }),
    code: 'parameter_invalid',
    param: 'exchange_rate',
    message: 'must be 1 when local_currency is the invoice currency (EUR)',
  },
  {
    rule: 'unknown local_currency',
    input: invoice({ local_currency: 'XXX', exchange_rate: '1' }),
    code: 'parameter_inclusion',
    param: 'local_currency',
    message: 'ISO 4217',
  },
];

describe('computeTotals input rules (taxmath.md §3.1, §3.9–§3.11): one 422 per rule', () => {
  it.each(RULES)('$rule → $code at $param', ({ input, code, param, message }) => {
    const error = rejection(input);
    expect({ status: error.status, code: error.code, param: error.param }).toEqual({
      status: 422,
      code,
      param,
    });
    expect(error.message).toContain(message);
    // Messages start with the param they are about (or "the input").
    expect(error.message.startsWith(param ?? 'the input')).toBe(true);
  });

  it('reports every problem in validateTotalsInput and throws the first in document order', () => {
    const input = {
      currency: 'XAU',
      lines: [
        { ...LINE, quantity: 2 },
        { ...LINE, price: '1e5' },
      ],
    };
    const validated = validateTotalsInput(input);
    expect(validated.success).toBe(false);
    if (validated.success) return;
    expect(validated.issues.map((issue) => issue.param)).toEqual([
      'currency',
      'lines[0].quantity',
      'lines[1].price',
    ]);
    expect(() => computeTotals(input as unknown as TotalsInput)).toThrow(
      expect.objectContaining({ code: 'parameter_inclusion', param: 'currency' }),
    );
  });

  it('rejects any JS number given for an amount, never converting it', () => {
    for (const field of ['price', 'discount_amount', 'charge_amount']) {
      const error = rejection(invoice({}, { [field]: 10 }));
      expect(error.param).toBe(`lines[0].${field}`);
      expect(error.message).toContain('never JS numbers');
    }
    expect(rejection(invoice({ prepaid_amount: 5 })).param).toBe('prepaid_amount');
    expect(rejection(withTax({ percent: 21 })).param).toBe('lines[0].taxes[0].percent');
  });
});

describe('boundaries that are accepted', () => {
  it('accepts discount_percent 0 and 100, tax percent 100 and a withholding of -100', () => {
    expect(computeTotals(invoice({}, { discount_percent: '100' }) as TotalsInput).totals.net_total).toBe(
      '0.00',
    );
    expect(computeTotals(invoice({}, { discount_percent: '0.0000' }) as TotalsInput).totals.net_total).toBe(
      '10.00',
    );
    expect(computeTotals(withTax({ percent: '100.00000000' }) as TotalsInput).totals.tax_outputs).toBe(
      '10.00',
    );
    const withheld = computeTotals(
      invoice({}, { taxes: [IVA, { name: 'IRPF', percent: '-100' }] }) as TotalsInput,
    );
    expect(withheld.totals.withheld).toBe('10.00');
  });

  it('accepts 16 integer digits and the maximum decimals of each field', () => {
    const result = computeTotals(
      invoice(
        {},
        { quantity: '1.000000', price: '1234567890123456.00000000', discount_percent: '0.0001' },
      ) as TotalsInput,
    );
    // discount = 1234567890123456 × 0.0001 / 100 = 1234567890.123456 → printed 1234567890.12;
    // net = 1234567890123456.00 − 1234567890.12 (component rounding)
    expect(result.lines[0]?.net_exact).toBe('1234566655555565.876544');
    expect(result.totals.net_total).toBe('1234566655555565.88');
  });

  it('accepts an exchange_rate of 1 written with decimals when local_currency is the invoice currency', () => {
    const result = computeTotals(invoice({ local_currency: 'EUR', exchange_rate: '1.0000' }) as TotalsInput);
    expect(result.local?.groups).toEqual([{ key: 'vat|S|IVA|21', base: '10.00', tax: '2.10' }]);
  });

  it('accepts local_currency equal to currency without exchange_rate, and adds no local view', () => {
    const result = computeTotals(invoice({ local_currency: 'EUR' }) as TotalsInput);
    expect(result.local).toBeUndefined();
    expect(result.totals.total).toBe('12.10');
  });

  it('accepts total_amount_due on KOR_ZAL as well as ZAL', () => {
    for (const typeCode of ['ZAL', 'KOR_ZAL']) {
      const result = computeTotals(
        invoice({ type_code: typeCode, total_amount_due: '60.50' }) as TotalsInput,
      );
      expect(result.totals.total).toBe('60.50');
      expect(result.totals.total_overridden).toBe(true);
      // 60.50 × 21 / 121 = 10.50
      expect(result.advance_groups).toEqual([
        { key: 'vat|S|IVA|21', gross: '60.50', base: '50.00', tax: '10.50' },
      ]);
    }
  });

  it('accepts null as absent for every optional field', () => {
    const withNulls = {
      currency: 'EUR',
      rounding_method: null,
      apply_taxes_per_line: null,
      skip_line_taxable_base_rounding: null,
      type_code: null,
      is_credit_note: null,
      total_amount_due: null,
      prepaid_amount: null,
      exchange_rate: null,
      local_currency: null,
      lines: [
        {
          quantity: '3',
          price: '10.10',
          discount_percent: null,
          discount_amount: null,
          charge_amount: null,
          taxes: [{ name: 'IVA', percent: '21', kind: null, category: null }],
        },
      ],
    } satisfies TotalsInput;
    const bare: TotalsInput = {
      currency: 'EUR',
      lines: [{ quantity: '3', price: '10.10', taxes: [{ name: 'IVA', percent: '21' }] }],
    };
    const result = computeTotals(withNulls);
    expect(result).toEqual(computeTotals(bare));
    expect(result.groups.map((group) => group.key)).toEqual(['vat||IVA|21']);
    expect(result.totals.total).toBe('36.66'); // 30.30 + 6.363 → 6.36
  });
});

describe('withholdings given as a negative percent', () => {
  it('turns a negative percent without kind into a withholding, stored positive', () => {
    const result = computeTotals({
      currency: 'EUR',
      lines: [{ quantity: '1', price: '1000', taxes: [IVA, { name: 'IRPF', percent: '-15' }] }],
    });
    expect(result.groups.map(({ key, kind, percent }) => ({ key, kind, percent }))).toEqual([
      { key: 'vat|S|IVA|21', kind: 'vat', percent: '21' },
      { key: 'withholding||IRPF|15', kind: 'withholding', percent: '15' },
    ]);
    expect(result.groups[1]?.tax).toBe('150.00');
    expect(result.totals).toEqual({
      net_total: '1000.00',
      tax_outputs: '210.00',
      withheld: '150.00',
      tax_inclusive: '1210.00',
      total: '1060.00',
      payable_amount: '1060.00',
    });
  });

  it('gives the same result as kind withholding with a positive percent', () => {
    const negative = computeTotals({
      currency: 'EUR',
      lines: [{ quantity: '3', price: '33.33', taxes: [IVA, { name: 'IRPF', percent: '-15' }] }],
    });
    const positive = computeTotals({
      currency: 'EUR',
      lines: [
        { quantity: '3', price: '33.33', taxes: [IVA, { name: 'IRPF', percent: '15', kind: 'withholding' }] },
      ],
    });
    expect(negative).toEqual(positive);
  });
});

describe('line amounts not covered by the golden vectors', () => {
  it('applies discount_amount with the sign of the line', () => {
    const result = computeTotals({
      currency: 'EUR',
      lines: [
        { quantity: '-2', price: '10', discount_amount: '1.00', taxes: [IVA] },
        { quantity: '2', price: '10', discount_amount: '1.00', taxes: [IVA] },
      ],
    });
    // −20 − (−1.00) = −19.00, and 20 − 1.00 = 19.00
    expect(result.lines.map((line) => [line.net_exact, line.net])).toEqual([
      ['-19', '-19.00'],
      ['19', '19.00'],
    ]);
    expect(result.lines.map((line) => line.taxes['vat|S|IVA|21'])).toEqual(['-3.99', '3.99']);
    expect(result.totals.total).toBe('0.00');
  });

  it('does not discount a line whose gross is zero', () => {
    const result = computeTotals({
      currency: 'EUR',
      lines: [{ quantity: '0', price: '10', discount_amount: '1.00', taxes: [IVA] }],
    });
    expect(result.lines[0]?.net).toBe('0.00');
  });

  it('adds charge_amount to the net, which is then taxed', () => {
    const result = computeTotals({
      currency: 'EUR',
      lines: [{ quantity: '2', price: '5', charge_amount: '2.50', taxes: [IVA] }],
    });
    expect(result.lines[0]?.net_exact).toBe('12.5');
    expect(result.lines[0]?.net).toBe('12.50');
    // 12.50 × 21 % = 2.625 → 2.63 (ties away from zero)
    expect(result.totals).toMatchObject({ net_total: '12.50', tax_outputs: '2.63', total: '15.13' });
  });

  it('rounds discount and charge as separate components in accumulated mode', () => {
    const result = computeTotals({
      currency: 'EUR',
      lines: [{ quantity: '1', price: '10', discount_amount: '0.005', charge_amount: '0.005', taxes: [IVA] }],
    });
    // exact net 10; printed R(10) − R(0.005) + R(0.005) = 10.00 − 0.01 + 0.01
    expect(result.lines[0]).toMatchObject({ net_exact: '10', net: '10.00' });
  });

  it('subtracts prepaid_amount from the payable amount and reports it', () => {
    const result = computeTotals({
      currency: 'EUR',
      prepaid_amount: '5',
      lines: [{ quantity: '1', price: '10', taxes: [IVA] }],
    });
    expect(result.totals).toEqual({
      net_total: '10.00',
      tax_outputs: '2.10',
      withheld: '0.00',
      tax_inclusive: '12.10',
      total: '12.10',
      prepaid_amount: '5.00',
      payable_amount: '7.10',
    });
  });

  it('has no prepaid_amount in the totals when none was given', () => {
    const result = computeTotals({ currency: 'EUR', lines: [LINE] });
    expect(result.totals).not.toHaveProperty('prepaid_amount');
    expect(result.totals.payable_amount).toBe(result.totals.total);
  });

  it("puts percent '21.00' and '21' into one group whose percent is '21'", () => {
    for (const mode of TOTALS_MODES) {
      const result = computeTotals({
        currency: 'EUR',
        ...modeFlags(mode),
        lines: [
          { quantity: '1', price: '10.00', taxes: [{ ...IVA, percent: '21.00' }] },
          { quantity: '1', price: '20.00', taxes: [{ ...IVA, percent: '21' }] },
        ],
      });
      expect(result.groups).toHaveLength(1);
      expect(result.groups[0]).toMatchObject({
        key: 'vat|S|IVA|21',
        percent: '21',
        base: '30.00',
        tax: '6.30',
      });
      expect(result.lines.map((line) => Object.keys(line.taxes))).toEqual([
        ['vat|S|IVA|21'],
        ['vat|S|IVA|21'],
      ]);
    }
  });

  it('keeps percents that differ in value apart (21 vs 21.5)', () => {
    const result = computeTotals({
      currency: 'EUR',
      lines: [
        { quantity: '1', price: '10', taxes: [{ ...IVA, percent: '21.50' }] },
        { quantity: '1', price: '10', taxes: [IVA] },
      ],
    });
    expect(result.groups.map((group) => group.key)).toEqual(['vat|S|IVA|21.5', 'vat|S|IVA|21']);
  });
});

describe('a BHD invoice priced with fewer decimals than the currency (net scale below the exponent)', () => {
  // Three lines of 1 × 1.5 BHD at 10.5 %: each exact tax is 0.1575, the group's 0.4725.
  const input = (mode: (typeof TOTALS_MODES)[number]): TotalsInput => ({
    currency: 'BHD',
    ...modeFlags(mode),
    lines: Array.from({ length: 3 }, () => ({
      quantity: '1',
      price: '1.5',
      taxes: [{ name: 'VAT', category: 'S', percent: '10.5', kind: 'vat' as const }],
    })),
  });
  const expected = {
    accumulated: { tax: '0.473', total: '4.973' }, // R(4.500 × 10.5 %) = R(0.4725)
    per_line: { tax: '0.474', total: '4.974' }, // 3 × R(0.1575) = 3 × 0.158
    per_line_unrounded: { tax: '0.473', total: '4.973' }, // R(Σ 0.1575)
  } as const;

  for (const mode of TOTALS_MODES) {
    it(`${mode}: amounts carry 3 decimals and line taxes add up to the group`, () => {
      const result = computeTotals(input(mode));
      expect(result.groups[0]).toMatchObject({
        key: 'vat|S|VAT|10.5',
        base: '4.500',
        tax: expected[mode].tax,
      });
      expect(result.totals).toMatchObject({
        net_total: '4.500',
        total: expected[mode].total,
        withheld: '0.000',
      });
      expect(result.lines.map((line) => [line.net_exact, line.net])).toEqual([
        ['1.5', '1.500'],
        ['1.5', '1.500'],
        ['1.5', '1.500'],
      ]);
      const lineTaxes = result.lines.map((line) => line.taxes['vat|S|VAT|10.5'] as string);
      const sum = lineTaxes.reduce((total, tax) => total + BigInt(tax.replace('.', '')), 0n);
      expect(sum.toString()).toBe(expected[mode].tax.replace('0.', ''));
      for (const tax of lineTaxes) expect(tax).toMatch(/^0\.15[78]$/);
    });
  }

  it('per_line_unrounded reports the exact sums', () => {
    const [group] = computeTotals(input('per_line_unrounded')).groups;
    expect(group).toMatchObject({ base_exact: '4.5', tax_exact: '0.4725' });
  });
});

describe('total_amount_due on an order with a zero gross', () => {
  it('rejects the split with 422 at total_amount_due', () => {
    const input: TotalsInput = {
      currency: 'PLN',
      type_code: 'ZAL',
      total_amount_due: '1000.00',
      lines: [
        { quantity: '0', price: '100', taxes: [{ name: 'VAT', category: 'S', percent: '23', kind: 'vat' }] },
      ],
    };
    expect(validateTotalsInput(input).success).toBe(true); // the input itself is well formed
    let thrown: unknown;
    try {
      computeTotals(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const error = thrown as ApiError;
    expect({ status: error.status, code: error.code, param: error.param }).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'total_amount_due',
    });
    expect(error.message).toContain('zero gross');
  });

  it('also when lines cancel out to zero', () => {
    const vat = { name: 'VAT', category: 'S', percent: '23', kind: 'vat' as const };
    expect(() =>
      computeTotals({
        currency: 'PLN',
        type_code: 'ZAL',
        total_amount_due: '10.00',
        lines: [
          { quantity: '1', price: '100', taxes: [vat] },
          { quantity: '-1', price: '100', taxes: [vat] },
        ],
      }),
    ).toThrow(expect.objectContaining({ status: 422, param: 'total_amount_due' }));
  });
});

describe('exchange rate: KSeF MF sample 20 (3118.80 EUR × 4.5005 = 14036.16 PLN)', () => {
  const VAT23 = { name: 'VAT', category: 'S', percent: '23', kind: 'vat' as const };
  // The three lines of FA_3_Przykład_20: 10 × 406, 20 × 250, 15 × 300 EUR at 23 % → P_13_1 13560, P_14_1 3118.80.
  const lines: TotalsLineInput[] = [
    { quantity: '10', price: '406', taxes: [VAT23] },
    { quantity: '20', price: '250', taxes: [VAT23] },
    { quantity: '15', price: '300', taxes: [VAT23] },
  ];

  for (const mode of TOTALS_MODES) {
    it(`${mode}: P_14_1W is 14036.16`, () => {
      const result = computeTotals({
        currency: 'EUR',
        ...modeFlags(mode),
        exchange_rate: '4.5005',
        local_currency: 'PLN',
        lines,
      });
      expect(result.groups).toHaveLength(1);
      expect(result.groups[0]).toMatchObject({ key: 'vat|S|VAT|23', base: '13560.00', tax: '3118.80' });
      expect(result.totals.total).toBe('16678.80'); // P_15
      expect(result.local).toEqual({
        currency: 'PLN',
        exchange_rate: '4.5005',
        groups: [{ key: 'vat|S|VAT|23', base: '61026.78', tax: '14036.16' }],
        tax_outputs: '14036.16',
        withheld: '0.00',
        total_converted_directly: '75062.94',
      });
    });
  }

  it('converts into a local currency with another exponent (EUR → JPY)', () => {
    const result = computeTotals({
      currency: 'EUR',
      exchange_rate: '161.25',
      local_currency: 'JPY',
      lines: [{ quantity: '1', price: '10.10', taxes: [IVA] }],
    });
    // base 10.10 × 161.25 = 1628.625 → 1629; tax 2.12 × 161.25 = 341.85 → 342
    expect(result.local?.groups).toEqual([{ key: 'vat|S|IVA|21', base: '1629', tax: '342' }]);
  });
});

describe('rounding_method takes engine names', () => {
  it('accepts the engine name an account name maps to', () => {
    // 1 × 0.25 at 10 % → tax 0.025: a tie at the cent.
    const input = (method: TotalsInput['rounding_method']): TotalsInput => ({
      currency: 'EUR',
      rounding_method: method,
      lines: [{ quantity: '1', price: '0.25', taxes: [{ ...IVA, percent: '10' }] }],
    });
    expect(computeTotals(input(roundingMethodFromAccount('bankers'))).totals.tax_outputs).toBe('0.02');
    expect(computeTotals(input(roundingMethodFromAccount('half_up'))).totals.tax_outputs).toBe('0.03');
    expect(computeTotals(input(roundingMethodFromAccount('truncate'))).totals.tax_outputs).toBe('0.02');
    expect(computeTotals(input(undefined)).totals.tax_outputs).toBe('0.03');
  });
});

describe('one issue per problem', () => {
  it('reports a malformed exchange_rate once, not also as missing', () => {
    const result = validateTotalsInput({
      currency: 'EUR',
      exchange_rate: '4.500500001',
      local_currency: 'PLN',
      lines: [{ quantity: '1', price: '1', taxes: [{ name: 'VAT', percent: '23' }] }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues.map(({ code, param }) => [code, param])).toEqual([
      ['parameter_invalid', 'exchange_rate'],
    ]);
  });
});
