import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/ApiError.js';
import { isRuleId } from '../../src/errors/ruleId.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import { invoiceTotals } from '../../src/generate/totalsInput.js';
import { taxableBaseRoundingIssues } from '../../src/rules/taxableBaseRounding.js';
import { computeTotals } from '../../src/totals/computeTotals.js';
import { type FlatTotalsInput, flatToAllowanceCharges } from '../../src/totals/flatFields.js';
import type { TotalsInput } from '../../src/totals/input.js';
import {
  breaksTaxableBaseRounding,
  TAXABLE_BASE_ROUNDING_RULE,
  taxableBaseRoundingIssue,
  totalsMode,
} from '../../src/totals/mode.js';
import { validateTotalsInput } from '../../src/totals/validateTotalsInput.js';

// Issue #20 §4: every issue of the totals input check names the rule that found it, a stable id
// citing its source: `taxmath.<section>.<slug>` (shared/reference/taxmath.md), `spec.2.2.2`,
// `api.3.2.…` (api-notes.md), `fiscalkit.totals.…` (docs/totals.md, fiscalkit's own decisions).

const IVA = { name: 'IVA', category: 'S', percent: '21', kind: 'vat' };
const LINE = { quantity: '1', price: '10', taxes: [IVA] };

/** A valid EUR input of one line, with top-level and line fields overridden. */
const input = (top: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  lines: [{ ...LINE, ...line }],
  ...top,
});

/** The issues of an input that must fail. */
function issuesOf(value: unknown): ValidationIssue[] {
  const result = validateTotalsInput(value);
  if (result.success) expect.fail('expected issues');
  return result.issues;
}

/** The rule of the issue at `param`. */
const ruleAt = (value: unknown, param: string) =>
  issuesOf(value).find((issue) => issue.param === param)?.rule;

describe('every totals issue names its rule (issue #20 §4)', () => {
  it('any value at all, and any line: every issue has a well-formed rule id', () => {
    const lineArb = fc.dictionary(
      fc.constantFrom(
        'quantity',
        'price',
        'taxes',
        'discount_percent',
        'allowance_charges',
        'base_quantity',
        'x',
      ),
      fc.anything(),
    );
    const inputArb = fc.oneof(
      fc.anything(),
      fc.record(
        {
          currency: fc.constantFrom('EUR', 'eur', 7),
          lines: fc.oneof(fc.array(lineArb, { maxLength: 3 }), fc.anything()),
          allowance_charges: fc.anything(),
          total_amount_due: fc.anything(),
          exchange_rate: fc.anything(),
          skip_line_taxable_base_rounding: fc.anything(),
        },
        { requiredKeys: ['lines'] },
      ),
    );
    fc.assert(
      fc.property(inputArb, (value) => {
        const result = validateTotalsInput(value);
        if (result.success) return;
        for (const issue of result.issues)
          expect(isRuleId(issue.rule ?? ''), JSON.stringify(issue)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('spec §2.2 rule 2 has one home (src/totals/mode.ts), one rule id', () => {
  const flags = [true, false, null, undefined];

  it('the totals input, the account rule and totalsMode ask the same question', () => {
    for (const apply of flags)
      for (const skip of flags) {
        const account = { apply_taxes_per_line: apply, skip_line_taxable_base_rounding: skip };
        const breaks = breaksTaxableBaseRounding(account);
        expect(totalsMode(account) === undefined).toBe(breaks);
        expect(taxableBaseRoundingIssues(account)).toEqual(breaks ? [taxableBaseRoundingIssue(account)] : []);
      }
  });

  it('the issue is spec.2.2.2, parameter_invalid at skip_line_taxable_base_rounding, on both paths', () => {
    const expected = {
      rule: 'spec.2.2.2',
      code: 'parameter_invalid',
      param: 'skip_line_taxable_base_rounding',
      message: 'skip_line_taxable_base_rounding requires apply_taxes_per_line to be true (spec §2.2 rule 2)',
    };
    expect(TAXABLE_BASE_ROUNDING_RULE).toBe('spec.2.2.2');
    expect(issuesOf(input({ skip_line_taxable_base_rounding: true }))).toEqual([expected]);
    expect(taxableBaseRoundingIssues({ skip_line_taxable_base_rounding: true })).toEqual([expected]);
  });
});

describe('taxmath.*: the normative totals of taxmath.md', () => {
  it('§3.1 inputs: decimal strings, required fields, exactly one VAT tax per line', () => {
    expect(ruleAt(input({}, { quantity: 1.5 }), 'lines[0].quantity')).toBe('taxmath.3.1.decimal');
    expect(ruleAt(input({ currency: null }), 'currency')).toBe('taxmath.3.1.required');
    expect(ruleAt(input({ lines: [] }), 'lines')).toBe('taxmath.3.1.lines');
    expect(ruleAt(input({}, { taxes: [IVA, IVA] }), 'lines[0].taxes')).toBe('taxmath.3.1.one-vat');
    expect(ruleAt('EUR', '')).toBe('taxmath.3.1.shape');
  });

  it('§3.2 currencies, §3.9 total_amount_due, §3.10 exchange rate', () => {
    expect(ruleAt(input({ currency: 'eur' }), 'currency')).toBe('taxmath.3.2.currency');
    // The spec states it (§2.4), taxmath.md §3.9 restates it: one fact, the spec's id.
    expect(ruleAt(input({ total_amount_due: '10' }), 'total_amount_due')).toBe('spec.2.4.total-amount-due');
    expect(ruleAt(input({ type_code: 'ZAL', total_amount_due: '10.001' }), 'total_amount_due')).toBe(
      'taxmath.3.9.amount-due-decimals',
    );
    expect(ruleAt(input({ exchange_rate: '0', local_currency: 'PLN' }), 'exchange_rate')).toBe(
      'taxmath.3.10.positive-rate',
    );
    expect(ruleAt(input({ local_currency: 'PLN' }), 'exchange_rate')).toBe('taxmath.3.10.rate-required');
  });

  it('§1 and §3.3: only a withholding is negative, a fixed discount is a magnitude', () => {
    expect(ruleAt(input({}, { taxes: [{ ...IVA, percent: '-21' }] }), 'lines[0].taxes[0].percent')).toBe(
      'taxmath.1.withholding-percent',
    );
    expect(ruleAt(input({}, { discount_amount: '-1' }), 'lines[0].discount_amount')).toBe(
      'taxmath.3.3.discount-magnitude',
    );
  });
});

describe('api.* and fiscalkit.totals.*', () => {
  it('api-notes.md §3.2: a percentage or an amount, one representation per line', () => {
    const both = { allowance_charge_indicator: 'allowance', percentage: '10', amount: '1' };
    expect(ruleAt(input({}, { allowance_charges: [both] }), 'lines[0].allowance_charges[0].amount')).toBe(
      'api.3.2.percentage-or-amount',
    );
    const entry = { allowance_charge_indicator: 'allowance', amount: '1' };
    expect(
      ruleAt(input({}, { allowance_charges: [entry], discount_percent: '5' }), 'lines[0].allowance_charges'),
    ).toBe('api.3.2.one-representation');
  });

  it('docs/totals.md: unknown fields, base quantities, reimbursable expenses', () => {
    expect(ruleAt(input({ discount: '1' }), 'discount')).toBe('fiscalkit.totals.unknown-field');
    expect(ruleAt(input({}, { base_quantity: '0' }), 'lines[0].base_quantity')).toBe(
      'fiscalkit.totals.base-quantity',
    );
    const allowance = { allowance_charge_indicator: 'allowance', amount: '1', is_reimbursable_expense: true };
    expect(
      ruleAt(input({ allowance_charges: [allowance] }), 'allowance_charges[0].is_reimbursable_expense'),
    ).toBe('fiscalkit.totals.reimbursable');
  });
});

/** The `ApiError` a call throws (fails the test when it returns). */
function thrownBy(call: () => unknown): ApiError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  return expect.fail('expected an ApiError');
}

describe('the refusals thrown past the input check name their rule too', () => {
  const VAT23 = { name: 'VAT', category: 'S', percent: '23', kind: 'vat' as const };
  const zeroGrossAdvance: TotalsInput = {
    currency: 'PLN',
    type_code: 'ZAL',
    total_amount_due: '1000.00',
    lines: [{ quantity: '0', price: '100', taxes: [VAT23] }],
  };
  const zeroNetSpread: TotalsInput = {
    currency: 'EUR',
    lines: [
      { quantity: '1', price: '10', taxes: [{ ...IVA, kind: 'vat' }] },
      { quantity: '-1', price: '10', taxes: [{ ...IVA, kind: 'vat', percent: '10' }] },
    ],
    allowance_charges: [{ allowance_charge_indicator: 'allowance', amount: '1' }],
  };

  it('computeTotals: taxmath.3.9.advance-split, fiscalkit.totals.allowance-spread', () => {
    const advance = thrownBy(() => computeTotals(zeroGrossAdvance));
    expect([advance.param, advance.rule]).toEqual(['total_amount_due', 'taxmath.3.9.advance-split']);
    const spread = thrownBy(() => computeTotals(zeroNetSpread));
    expect([spread.param, spread.rule]).toEqual([
      'allowance_charges[0]',
      'fiscalkit.totals.allowance-spread',
    ]);
  });

  it("invoiceTotals passes the error's own rule on", () => {
    for (const [value, rule] of [
      [zeroGrossAdvance, 'taxmath.3.9.advance-split'],
      [zeroNetSpread, 'fiscalkit.totals.allowance-spread'],
    ] as const) {
      const result = invoiceTotals(value);
      if (result.success) expect.fail('expected issues');
      expect(result.issues.map((issue) => issue.rule)).toEqual([rule]);
    }
  });

  it('flatToAllowanceCharges: the ids validateTotalsInput gives the same facts', () => {
    const flat = (top: Record<string, unknown>, line: Record<string, unknown> = {}) =>
      thrownBy(() => flatToAllowanceCharges(input(top, line) as FlatTotalsInput));
    const cases: [ApiError, string, string][] = [
      [
        flat({}, { discount_percent: '5', discount_amount: '1' }),
        'lines[0].discount_amount',
        'taxmath.3.1.discount-exclusive',
      ],
      [
        flat({}, { charge_percent: '5', charge_amount: '1' }),
        'lines[0].charge_amount',
        'fiscalkit.totals.charge-exclusive',
      ],
      [
        flat({ discount_percent: '5', discount_amount: '1' }),
        'discount_amount',
        'taxmath.3.1.discount-exclusive',
      ],
      [
        flat({ charge_percent: '5', charge_amount: '1' }),
        'charge_amount',
        'fiscalkit.totals.charge-exclusive',
      ],
      [flat({}, { discount_amount: '-1' }), 'lines[0].discount_amount', 'taxmath.3.3.discount-magnitude'],
      [
        flat({}, { discount_percent: '5', allowance_charges: [] }),
        'lines[0].allowance_charges',
        'api.3.2.one-representation',
      ],
      [
        flat({ discount_percent: '5', allowance_charges: [] }),
        'allowance_charges',
        'api.3.2.one-representation',
      ],
    ];
    for (const [error, param, rule] of cases) expect([error.param, error.rule]).toEqual([param, rule]);
    // The same facts through the input check: the same ids.
    expect(
      ruleAt(input({}, { discount_percent: '5', discount_amount: '1' }), 'lines[0].discount_amount'),
    ).toBe('taxmath.3.1.discount-exclusive');
    expect(ruleAt(input({}, { charge_percent: '5', charge_amount: '1' }), 'lines[0].charge_amount')).toBe(
      'fiscalkit.totals.charge-exclusive',
    );
  });
});
