import { formatParam, type Validated, type ValidationIssue } from '../errors/validationIssue.js';
import { issuesFromZod } from '../errors/zodIssues.js';
import { currencyExponent } from '../money/currencies.js';
import { decimalPlaces, pow10, toUnits } from '../money/fixedPoint.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { type TotalsMode, totalsMode } from './mode.js';
import {
  DISCOUNT_PERCENT_DECIMALS,
  LINE_AMOUNT_DECIMALS,
  PERCENT_DECIMALS,
  RATE_DECIMALS,
} from './scales.js';
import { type TaxKind, type TotalsInput, totalsInputSchema } from './schema.js';

/** Invoice types on which `total_amount_due` is allowed (spec §2.4). */
export const AMOUNT_DUE_TYPE_CODES: readonly string[] = ['ZAL', 'KOR_ZAL'];

/** A tax of a line after validation: kind resolved, percent non-negative. */
export interface NormalizedTax {
  name: string;
  kind: TaxKind;
  category: string;
  /** The percent as given, without a leading minus (a withholding is stored positive). */
  percent: string;
}

/** A line after validation. */
export interface NormalizedLine {
  quantity: string;
  price: string;
  discount_percent?: string;
  discount_amount?: string;
  charge_amount?: string;
  taxes: NormalizedTax[];
}

/** A validated {@link TotalsInput}: defaults applied, mode chosen, kinds resolved. */
export interface NormalizedTotalsInput {
  currency: string;
  exponent: number;
  rounding_method: RoundingMethod;
  mode: TotalsMode;
  lines: NormalizedLine[];
  total_amount_due?: string;
  prepaid_amount?: string;
  exchange?: { rate: string; local_currency: string; local_exponent: number };
}

const sign = (value: string, scale: number) => {
  const units = toUnits(value, scale);
  return units > 0n ? 1 : units < 0n ? -1 : 0;
};
const abs = (value: string) => (value.startsWith('-') ? value.slice(1) : value);
/** |value| > 100, compared exactly in units of the field's own scale. */
const exceedsHundred = (value: string, scale: number) => toUnits(abs(value), scale) > 100n * pow10(scale);

function lineIssues(
  line: TotalsInput['lines'][number],
  index: number,
  out: ValidationIssue[],
): NormalizedLine {
  const at = (...path: PropertyKey[]) => formatParam(['lines', index, ...path]);
  const issue = (param: string, message: string) =>
    out.push({ code: 'parameter_invalid', param, message: `${param} ${message}` });

  if (line.discount_percent != null) {
    if (
      sign(line.discount_percent, DISCOUNT_PERCENT_DECIMALS) < 0 ||
      exceedsHundred(line.discount_percent, DISCOUNT_PERCENT_DECIMALS)
    ) {
      issue(at('discount_percent'), 'must be between 0 and 100');
    }
    if (line.discount_amount != null) {
      issue(at('discount_amount'), 'cannot be given together with discount_percent');
    }
  }
  // A fixed discount is a magnitude that follows the sign of the line (taxmath.md §3.3).
  if (line.discount_amount != null && sign(line.discount_amount, LINE_AMOUNT_DECIMALS) < 0) {
    issue(at('discount_amount'), 'must not be negative: it is a magnitude that follows the sign of the line');
  }

  const counts: Record<TaxKind, number> = { vat: 0, surcharge: 0, withholding: 0 };
  const taxes = line.taxes.map((tax, t): NormalizedTax => {
    // A negative percent means a withholding, as the service accepts it (taxmath.md §1).
    const negative = sign(tax.percent, PERCENT_DECIMALS) < 0;
    const kind: TaxKind = tax.kind ?? (negative ? 'withholding' : 'vat');
    if (negative && kind !== 'withholding') {
      issue(at('taxes', t, 'percent'), `is negative, which only a withholding can be, but kind is ${kind}`);
    }
    if (exceedsHundred(tax.percent, PERCENT_DECIMALS))
      issue(at('taxes', t, 'percent'), 'must be between -100 and 100');
    counts[kind] += 1;
    return { name: tax.name, kind, category: tax.category ?? '', percent: abs(tax.percent) };
  });
  // Exactly one VAT tax per line, so net_total counts every line once (taxmath.md §3.4, vector E04).
  if (counts.vat !== 1) {
    issue(at('taxes'), `must hold exactly one vat-kind tax per line (found ${counts.vat})`);
  }
  if (counts.surcharge > 1) issue(at('taxes'), `must hold at most one surcharge (found ${counts.surcharge})`);
  if (counts.withholding > 1) {
    issue(at('taxes'), `must hold at most one withholding (found ${counts.withholding})`);
  }

  const normalized: NormalizedLine = { quantity: line.quantity, price: line.price, taxes };
  if (line.discount_percent != null) normalized.discount_percent = line.discount_percent;
  if (line.discount_amount != null) normalized.discount_amount = line.discount_amount;
  if (line.charge_amount != null) normalized.charge_amount = line.charge_amount;
  return normalized;
}

/**
 * Checks a totals input and returns it normalized, or every issue found (taxmath.md §3.11): the
 * syntax of each field, the account-flag rule of spec §2.2 rule 2, one VAT tax per line,
 * `total_amount_due` only on ZAL / KOR_ZAL and never with more decimals than the currency has
 * (spec §2.4), the exchange-rate rules of taxmath.md §3.10. It never throws.
 *
 * @example
 * ```ts
 * const result = validateTotalsInput({ currency: 'EUR', skip_line_taxable_base_rounding: true, lines });
 * result.success; // false
 * result.issues[0]; // { code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding', message: '…' }
 * ```
 */
export function validateTotalsInput(input: unknown): Validated<NormalizedTotalsInput> {
  const parsed = totalsInputSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) return { success: false, issues: issuesFromZod(parsed.error) };
  const data = parsed.data;
  const issues: ValidationIssue[] = [];
  const invalid = (param: string, message: string) =>
    issues.push({ code: 'parameter_invalid', param, message: `${param} ${message}` });
  const blank = (param: string, message: string) =>
    issues.push({ code: 'parameter_blank', param, message: `${param} ${message}` });

  const mode = totalsMode(data);
  if (mode === undefined) {
    invalid('skip_line_taxable_base_rounding', 'requires apply_taxes_per_line to be true (spec §2.2 rule 2)');
  }
  const exponent = currencyExponent(data.currency);
  const lines = data.lines.map((line, index) => lineIssues(line, index, issues));

  if (data.total_amount_due != null) {
    if (!AMOUNT_DUE_TYPE_CODES.includes(data.type_code ?? '')) {
      invalid(
        'total_amount_due',
        `is only allowed on advance invoices (type_code ZAL or KOR_ZAL), not on ${data.type_code ?? 'an invoice without type_code'}`,
      );
    }
    // A user-given total is never silently rounded (taxmath.md §3.9, vector E03).
    if (decimalPlaces(data.total_amount_due) > exponent) {
      invalid('total_amount_due', `has more decimals than ${data.currency} allows (${exponent})`);
    }
    // The advance split (tax = gross × p / (100 + p)) is defined over VAT groups only.
    if (lines.some((line) => line.taxes.some((tax) => tax.kind !== 'vat'))) {
      invalid('total_amount_due', 'cannot be split over lines with surcharge or withholding taxes');
    }
    if (data.prepaid_amount != null) {
      invalid('prepaid_amount', 'cannot be given with total_amount_due, which sets payable_amount itself');
    }
  }
  if (data.prepaid_amount != null && decimalPlaces(data.prepaid_amount) > exponent) {
    invalid('prepaid_amount', `has more decimals than ${data.currency} allows (${exponent})`);
  }

  let exchange: NormalizedTotalsInput['exchange'];
  if (data.exchange_rate != null) {
    if (sign(data.exchange_rate, RATE_DECIMALS) <= 0) {
      invalid('exchange_rate', 'must be greater than 0 (local currency units per 1 invoice currency unit)');
    }
    if (data.local_currency == null) {
      blank('local_currency', 'is required with exchange_rate');
    } else {
      if (
        data.local_currency === data.currency &&
        toUnits(data.exchange_rate, RATE_DECIMALS) !== pow10(RATE_DECIMALS)
      ) {
        invalid('exchange_rate', `must be 1 when local_currency is the invoice currency (${data.currency})`);
      }
      exchange = {
        rate: data.exchange_rate,
        local_currency: data.local_currency,
        local_exponent: currencyExponent(data.local_currency),
      };
    }
  } else if (data.local_currency != null && data.local_currency !== data.currency) {
    blank(
      'exchange_rate',
      `is required to convert ${data.currency} into local_currency ${data.local_currency}`,
    );
  }

  if (issues.length > 0 || mode === undefined) return { success: false, issues };
  const normalized: NormalizedTotalsInput = {
    currency: data.currency,
    exponent,
    rounding_method: data.rounding_method ?? 'half_up',
    mode,
    lines,
  };
  if (data.total_amount_due != null) normalized.total_amount_due = data.total_amount_due;
  if (data.prepaid_amount != null) normalized.prepaid_amount = data.prepaid_amount;
  if (exchange !== undefined) normalized.exchange = exchange;
  return { success: true, data: normalized };
}
