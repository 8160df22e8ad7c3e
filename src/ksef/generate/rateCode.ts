import { KSEF_TAX_RATES, type KsefTaxRate } from '../../codelists/ksefRates.js';
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import type { InvoiceLine, LineTax } from '../../model/invoiceLine.js';
import { Decimal } from '../../money/decimal.js';
import { isDecimalString } from '../../money/fixedPoint.js';
import { issueAt } from '../../rules/issue.js';
import { NUMERIC_RATES } from '../build/fa3Types.js';

/** The FA(3) rates that are percentages (ksef-fa3.md §3 `TStawkaPodatku`), as rate codes, in schema order. */
const PERCENT_CODES: readonly KsefTaxRate[] = KSEF_TAX_RATES.filter((code) => NUMERIC_RATES.includes(code));

/**
 * The EN 16931 (UNCL5305) categories that name an FA(3) rate code by themselves (docs/ksef.md
 * "Rates are categories"; ksef-fa3.md §6.5): `Z` zero-rated → `0 KR`, `K` intra-EU supply → `0 WDT`,
 * `G` export → `0 EX`, `E` exempt → `zw`, `AE` reverse charge → `oo`, `O` outside the scope → `np I`.
 * `np II` has no UNCL5305 category of its own; it is written as the category `np II`.
 */
export const CATEGORY_RATE_CODES: Readonly<Record<string, KsefTaxRate>> = {
  Z: '0 KR',
  K: '0 WDT',
  G: '0 EX',
  E: 'zw',
  AE: 'oo',
  O: 'np I',
};

const POSSIBLE = `an FA(3) rate code (${KSEF_TAX_RATES.join(', ')}) or a category that names one (${Object.entries(
  CATEGORY_RATE_CODES,
)
  .map(([category, code]) => `${category} → ${code}`)
  .join(', ')}), or S / none with a percent of ${PERCENT_CODES.join(', ')}`;

/** The code a category spells, compared without case and with single spaces (`NP  ii` → `np II`). */
function codeSpelledBy(category: string): KsefTaxRate | undefined {
  const folded = category.replace(/\s+/g, ' ').toLowerCase();
  return KSEF_TAX_RATES.find((code) => code.toLowerCase() === folded);
}

/** The kind of a line tax as the totals engine reads it: absent means withholding when negative. */
function kindOf(tax: LineTax): string {
  return tax.kind ?? (tax.percent.trim().startsWith('-') ? 'withholding' : 'vat');
}

/**
 * The FA(3) `P_12` code of one VAT tax of an invoice line (ksef-fa3.md §3, §6.5, §10 rule 6: `0 KR`,
 * `0 WDT`, `0 EX`, `zw`, `np I`, `np II` and `oo` are categories, not percentages):
 *
 * - a `category` that is itself a `P_12` code (any case) is that code; its `percent` must agree
 *   (the number for `23` … `3`, zero for the others), else `parameter_invalid` at `percent`;
 * - `category` null or `S` with a percent of 23, 22, 8, 7, 5, 4 or 3 (compared as numbers, so `23.00`
 *   is 23) is that rate; another percent is `parameter_invalid` at `percent`;
 * - `Z`, `K`, `G`, `E`, `AE`, `O` name `0 KR`, `0 WDT`, `0 EX`, `zw`, `oo`, `np I`
 *   ({@link CATEGORY_RATE_CODES}) and need a zero percent (`parameter_invalid` at `percent`);
 * - anything else is `parameter_invalid` at `category`, naming the possible codes. That includes a
 *   0 % tax without a category: FA(3) has no plain `0`, and 0 % alone does not say whether it is
 *   domestic, WDT or export (ksef-fa3.md §6.5).
 *
 * A surcharge or withholding tax (`kind`, or a negative percent) has no FA(3) element: it is
 * `parameter_invalid` at the tax itself. `at` is the tax's path, e.g. `['lines', 2, 'taxes_attributes', 0]`.
 *
 * @example
 * ```ts
 * ksefRateCode({ name: 'VAT', percent: '23.00', category: 'S' }, ['lines', 0, 'taxes_attributes', 0]);
 * // { success: true, data: '23' }
 * ksefRateCode({ name: 'VAT', percent: '0', category: 'K' }, ['lines', 1, 'taxes_attributes', 0]);
 * // { success: true, data: '0 WDT' }
 * ksefRateCode({ name: 'VAT', percent: '0' }, ['lines', 2, 'taxes_attributes', 0]);
 * // { success: false, issues: [{ rule: 'ksef.3.no-plain-zero', code: 'parameter_invalid', param: 'lines[2].taxes_attributes[0].category', … }] }
 * ```
 */
export function ksefRateCode(tax: LineTax, at: readonly PropertyKey[]): Validated<KsefTaxRate> {
  const fail = (rule: string, path: readonly PropertyKey[], message: string): Validated<KsefTaxRate> => ({
    success: false,
    issues: [issueAt(rule, 'parameter_invalid', path, message)],
  });
  const kind = kindOf(tax);
  if (kind !== 'vat')
    return fail(
      'ksef.6.5.vat-only',
      at,
      `is a ${kind} tax (${tax.name}), which FA(3) has no element for: a Ksef report carries VAT only (ksef-fa3.md §6.5)`,
    );
  const percentText = tax.percent.trim();
  if (!isDecimalString(percentText, 8))
    return fail(
      'fiscalkit.ksef.rate-percent',
      [...at, 'percent'],
      'must be a decimal string such as "23" or "23.00"',
    );
  const percent = new Decimal(percentText);
  const category = tax.category?.trim() ?? '';

  const spelled = category === '' ? undefined : codeSpelledBy(category);
  if (spelled !== undefined) {
    const numeric = PERCENT_CODES.includes(spelled);
    if (numeric ? !percent.equals(spelled) : !percent.isZero())
      return fail(
        'ksef.10.6.category-percent',
        [...at, 'percent'],
        `is ${percentText}, but the category ${category} is the FA(3) rate ${spelled}, which needs ${numeric ? `a percent of ${spelled}` : 'a percent of 0'}`,
      );
    return { success: true, data: spelled };
  }

  const upper = category.toUpperCase();
  if (category === '' || upper === 'S') {
    const code = PERCENT_CODES.find((candidate) => percent.equals(candidate));
    if (code !== undefined) return { success: true, data: code };
    if (category === '' && percent.isZero())
      return fail(
        'ksef.3.no-plain-zero',
        [...at, 'category'],
        `is needed for a 0 % tax: FA(3) has no plain 0, so the category must say which 0 it is — ${POSSIBLE}`,
      );
    return fail(
      'fa3.TStawkaPodatku',
      [...at, 'percent'],
      `is ${percentText}, which is not an FA(3) rate: ${category === '' ? 'without a category' : 'with category S'} the percent must be one of ${PERCENT_CODES.join(', ')}`,
    );
  }

  const named = CATEGORY_RATE_CODES[upper];
  if (named !== undefined) {
    if (!percent.isZero())
      return fail(
        'ksef.10.6.category-percent',
        [...at, 'percent'],
        `is ${percentText}, but the category ${category} is the FA(3) rate ${named}, which needs a percent of 0`,
      );
    return { success: true, data: named };
  }
  return fail(
    'ksef.10.6.category',
    [...at, 'category'],
    `is ${JSON.stringify(category)}, which names no FA(3) rate: use ${POSSIBLE}`,
  );
}

/** The FA(3) rate of one invoice line: its code and which of its taxes is the VAT tax. */
export interface LineRate {
  code: KsefTaxRate;
  /** The index of the VAT tax in `taxes_attributes`. */
  taxIndex: number;
}

/**
 * The FA(3) rate of each line of a stored invoice: {@link ksefRateCode} of every tax of the line, so a
 * surcharge or withholding next to the VAT is refused at its own param. A line without a VAT tax is
 * left to the totals engine, which refuses it (exactly one VAT tax per line, taxmath.md §3.4). Issues
 * of all lines are collected, in line order.
 *
 * @example
 * ```ts
 * const rates = lineRates([{ id: 1, quantity: '1', price: '10', taxes_attributes: [{ name: 'VAT', percent: '8' }] }]);
 * rates.success && rates.data[0]; // { code: '8', taxIndex: 0 }
 * ```
 */
export function lineRates(lines: readonly InvoiceLine[]): Validated<(LineRate | undefined)[]> {
  const issues: ValidationIssue[] = [];
  const rates = lines.map((line, index) => {
    let rate: LineRate | undefined;
    line.taxes_attributes.forEach((tax, taxIndex) => {
      const code = ksefRateCode(tax, ['lines', index, 'taxes_attributes', taxIndex]);
      if (!code.success) issues.push(...code.issues);
      else rate ??= { code: code.data, taxIndex };
    });
    return rate;
  });
  return issues.length > 0 ? { success: false, issues } : { success: true, data: rates };
}
