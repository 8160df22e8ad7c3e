import { ApiError } from '../errors/ApiError.js';
import type {
  TotalsAllowanceChargeInput,
  TotalsInput,
  TotalsLineAllowanceChargeInput,
  TotalsLineInput,
} from './input.js';

/**
 * A line as the versions before v2026-03-02 send it: the flat discount and charge fields (which
 * `computeTotals` also still reads) and their texts (api-notes.md §3.2).
 */
export interface FlatTotalsLineInput extends TotalsLineInput {
  /** The text of the line discount (→ the allowance's `reason`). */
  discount_text?: string | null | undefined;
  /** The text of the line charge (→ the charge's `reason`). */
  charge_reason?: string | null | undefined;
}

/**
 * A totals input as the versions before v2026-03-02 send it: flat discount and charge fields on
 * the invoice and on its lines (api-notes.md §3.2: removed in v2026-03-02 in favour of
 * `allowance_charges_attributes`).
 */
export interface FlatTotalsInput extends Omit<TotalsInput, 'lines'> {
  lines: FlatTotalsLineInput[];
  /** A discount of the whole invoice, as a percentage (0…100). Excludes `discount_amount`. */
  discount_percent?: string | null | undefined;
  /** A discount of the whole invoice, as an amount (at most the currency's decimals). */
  discount_amount?: string | null | undefined;
  discount_text?: string | null | undefined;
  /** A charge on the whole invoice, as a percentage. Excludes `charge_amount`. */
  charge_percent?: string | null | undefined;
  /** A charge on the whole invoice, as an amount. */
  charge_amount?: string | null | undefined;
  charge_reason?: string | null | undefined;
  /** Whether the invoice charge is taxed (absent: taxed, with the lines' taxes). */
  apply_taxes_to_charge?: boolean | null | undefined;
  /** Whether the invoice charge is a reimbursable expense (Spanish *suplido*). */
  charge_is_reimbursable_expense?: boolean | null | undefined;
}

const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null;
const ZERO = /^-?0*(\.0*)?$/;

/** The sign of a decimal string: 0 for zero, −1 for a minus, 1 otherwise (or for a non-string). */
function signOf(value: unknown): -1 | 0 | 1 {
  if (typeof value !== 'string') return 1;
  if (ZERO.test(value)) return 0;
  return value.startsWith('-') ? -1 : 1;
}

/**
 * A 422 naming the rule the mapping cannot get past: the same id `validateTotalsInput` gives the
 * same fact (issue #20 §4), so a refusal reads alike whichever path finds it.
 */
function refuse(param: string, message: string, rule: string): never {
  throw new ApiError('parameter_invalid', `${param} ${message}`, { param, rule });
}

/**
 * Both of a pair of exclusive flat fields given: the mapping would have to guess. A discount's
 * percentage or amount is taxmath.md §3.1's, a charge's is fiscalkit's (docs/totals.md).
 */
function exclusive(first: unknown, second: unknown, firstName: string, secondParam: string) {
  if (!isAbsent(first) && !isAbsent(second))
    refuse(
      secondParam,
      `cannot be given together with ${firstName}`,
      firstName === 'discount_percent'
        ? 'taxmath.3.1.discount-exclusive'
        : 'fiscalkit.totals.charge-exclusive',
    );
}

/**
 * The line's flat discount amount as a list amount: the flat field is a magnitude that follows the
 * sign of the line gross (taxmath.md §3.3, haltr #6514), a list amount is applied as given.
 */
function signedDiscount(amount: unknown, line: FlatTotalsLineInput): unknown {
  if (typeof amount !== 'string') return amount;
  const sign = signOf(line.quantity) * signOf(line.price);
  if (sign === 0 || ZERO.test(amount)) return '0';
  return sign < 0 ? `-${amount}` : amount;
}

function withReason<T extends TotalsLineAllowanceChargeInput | TotalsAllowanceChargeInput>(
  entry: T,
  reason: unknown,
): T {
  if (typeof reason === 'string' && reason !== '') entry.reason = reason;
  return entry;
}

function lineEntries(line: FlatTotalsLineInput, at: string): TotalsLineAllowanceChargeInput[] {
  exclusive(line.discount_percent, line.discount_amount, 'discount_percent', `${at}.discount_amount`);
  exclusive(line.charge_percent, line.charge_amount, 'charge_percent', `${at}.charge_amount`);
  if (signOf(line.discount_amount) < 0) {
    refuse(
      `${at}.discount_amount`,
      'must not be negative: it follows the sign of the line',
      'taxmath.3.3.discount-magnitude',
    );
  }
  const entries: TotalsLineAllowanceChargeInput[] = [];
  if (!isAbsent(line.discount_percent)) {
    entries.push(
      withReason(
        { allowance_charge_indicator: 'allowance', percentage: line.discount_percent },
        line.discount_text,
      ),
    );
  } else if (!isAbsent(line.discount_amount)) {
    entries.push(
      withReason(
        {
          allowance_charge_indicator: 'allowance',
          amount: signedDiscount(line.discount_amount, line) as string,
        },
        line.discount_text,
      ),
    );
  }
  if (!isAbsent(line.charge_percent)) {
    entries.push(
      withReason(
        { allowance_charge_indicator: 'charge', percentage: line.charge_percent },
        line.charge_reason,
      ),
    );
  } else if (!isAbsent(line.charge_amount)) {
    entries.push(
      withReason({ allowance_charge_indicator: 'charge', amount: line.charge_amount }, line.charge_reason),
    );
  }
  return entries;
}

function invoiceEntries(input: FlatTotalsInput): TotalsAllowanceChargeInput[] {
  exclusive(input.discount_percent, input.discount_amount, 'discount_percent', 'discount_amount');
  exclusive(input.charge_percent, input.charge_amount, 'charge_percent', 'charge_amount');
  const entries: TotalsAllowanceChargeInput[] = [];
  if (!isAbsent(input.discount_percent)) {
    entries.push(
      withReason(
        { allowance_charge_indicator: 'allowance', percentage: input.discount_percent },
        input.discount_text,
      ),
    );
  } else if (!isAbsent(input.discount_amount)) {
    entries.push(
      withReason(
        { allowance_charge_indicator: 'allowance', amount: input.discount_amount },
        input.discount_text,
      ),
    );
  }
  if (!isAbsent(input.charge_percent) || !isAbsent(input.charge_amount)) {
    const charge: TotalsAllowanceChargeInput = { allowance_charge_indicator: 'charge' };
    if (!isAbsent(input.charge_percent)) charge.percentage = input.charge_percent;
    else charge.amount = input.charge_amount;
    // A reimbursable expense is never taxed, whatever apply_taxes_to_charge said.
    if (input.charge_is_reimbursable_expense === true) charge.is_reimbursable_expense = true;
    else if (!isAbsent(input.apply_taxes_to_charge)) charge.apply_taxes = input.apply_taxes_to_charge;
    entries.push(withReason(charge, input.charge_reason));
  }
  return entries;
}

/**
 * Maps the flat discount and charge fields of the versions before v2026-03-02 onto
 * `allowance_charges` (api-notes.md §3.2; docs/totals.md §2.4), for the version chain:
 *
 * - line `discount_percent` / `discount_amount` → an allowance (`percentage` / `amount`), with
 *   `discount_text` as its reason. `discount_amount` is a magnitude with the sign of the line gross;
 *   the list amount is applied as given, so it is written with that sign (`0` on a zero gross);
 * - line `charge_percent` / `charge_amount` → a charge, with `charge_reason`;
 * - invoice `discount_percent` / `discount_amount` → a document-level allowance without taxes of its
 *   own, which `computeTotals` spreads over the lines' tax sets in proportion to their nets (one
 *   allowance per VAT rate, EN 16931 BG-20; percentages per tax set, amounts by largest remainder);
 * - invoice `charge_percent` / `charge_amount` → a document-level charge, spread the same way;
 *   `apply_taxes_to_charge: false` → `apply_taxes: false` (a not-subject 0 % group),
 *   `charge_is_reimbursable_expense: true` → `is_reimbursable_expense: true` (untaxed, whatever
 *   `apply_taxes_to_charge` says).
 *
 * Allowances come before charges. `computeTotals` gives the same result for a line's flat fields
 * and for their mapping. The function only maps: it throws an `ApiError` 422 for what it cannot map
 * unambiguously (a percentage and an amount of the same kind together, a negative line
 * `discount_amount`, flat fields next to `allowance_charges`); the fields' syntax is checked by
 * `computeTotals` on the result.
 *
 * @example
 * ```ts
 * const input = flatToAllowanceCharges({
 *   currency: 'EUR',
 *   discount_percent: '5',
 *   lines: [{ quantity: '-2', price: '10', discount_amount: '1.50', taxes: [{ name: 'IVA', percent: '21' }] }],
 * });
 * input.lines[0]?.allowance_charges; // [{ allowance_charge_indicator: 'allowance', amount: '-1.50' }]
 * input.allowance_charges; // [{ allowance_charge_indicator: 'allowance', percentage: '5' }]
 * ```
 */
export function flatToAllowanceCharges(input: FlatTotalsInput): TotalsInput {
  const {
    discount_percent: _discountPercent,
    discount_amount: _discountAmount,
    discount_text: _discountText,
    charge_percent: _chargePercent,
    charge_amount: _chargeAmount,
    charge_reason: _chargeReason,
    apply_taxes_to_charge: _applyTaxes,
    charge_is_reimbursable_expense: _reimbursable,
    lines,
    ...rest
  } = input;
  const lineList: unknown = lines;
  const output: TotalsInput = {
    ...rest,
    lines: !Array.isArray(lineList)
      ? (lineList as TotalsLineInput[])
      : lineList.map((line: FlatTotalsLineInput, i): TotalsLineInput => {
          if (typeof line !== 'object' || line === null) return line;
          const {
            discount_percent: _p,
            discount_amount: _a,
            discount_text: _t,
            charge_percent: _cp,
            charge_amount: _ca,
            charge_reason: _cr,
            ...kept
          } = line;
          const entries = lineEntries(line, `lines[${String(i)}]`);
          if (entries.length === 0) return kept;
          if (!isAbsent(line.allowance_charges)) {
            refuse(
              `lines[${String(i)}].allowance_charges`,
              'cannot be given together with the flat discount and charge fields of older versions',
              'api.3.2.one-representation',
            );
          }
          return { ...kept, allowance_charges: entries };
        }),
  };
  const entries = invoiceEntries(input);
  if (entries.length > 0) {
    if (!isAbsent(input.allowance_charges)) {
      refuse(
        'allowance_charges',
        'cannot be given together with the flat discount and charge fields of older versions',
        'api.3.2.one-representation',
      );
    }
    output.allowance_charges = entries;
  }
  return output;
}
