import { isApiError } from '../errors/ApiError.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import type { Account } from '../model/account.js';
import type { Invoice, InvoiceAllowanceCharge } from '../model/invoice.js';
import type { LineAllowanceCharge, LineTax } from '../model/invoiceLine.js';
import { roundingMethodFromAccount } from '../money/roundingMethod.js';
import { computeTotals } from '../totals/computeTotals.js';
import type {
  TotalsAllowanceChargeInput,
  TotalsInput,
  TotalsLineAllowanceChargeInput,
  TotalsTaxInput,
} from '../totals/input.js';
import type { TotalsResult } from '../totals/result.js';
import { validateTotalsInput } from '../totals/validateTotalsInput.js';
import { withParam } from './params.js';

/** What {@link invoiceTotalsInput} needs beyond the invoice and the account. */
export interface InvoiceTotalsOptions {
  /** The invoice currency the report is in (e.g. `invoice.currency ?? account.currency ?? 'PLN'`). */
  currency: string;
  /**
   * The tax authority's currency (taxmath.md §3.1 `local_currency`): `PLN` for KSeF (`P_14_xW`,
   * ksef-fa3.md §6.6), `EUR` for SII (sii.md §6: "amounts are in EUR").
   */
  local_currency: string;
  /** The report's document type (KSeF `RodzajFaktury`); `total_amount_due` is accepted on `ZAL` / `KOR_ZAL` only. */
  type_code?: string | null | undefined;
  /** The advance gross of a `ZAL` / `KOR_ZAL` (spec §2.4 `total_amount_due`). */
  total_amount_due?: string | null | undefined;
}

/**
 * The totals-engine input of a stored invoice (taxmath.md §3.1), the one place the invoice and the
 * account meet the engine when a tax report (Ksef, SII) is generated, so that the report carries the
 * amounts the invoice itself was computed with:
 *
 * - the account's flags (spec §2.2): `apply_taxes_per_line`, `skip_line_taxable_base_rounding`, and its
 *   `rounding_method` in the service's vocabulary mapped by `roundingMethodFromAccount` (`bankers` →
 *   `half_even`, `truncate` → `down`). `round_before_sum` is not read: how the service combines it
 *   with `apply_taxes_per_line` is an open question (taxmath.md §7 item 1);
 * - each line's `quantity`, `price`, `base_quantity`, `allowance_charges_attributes` and
 *   `taxes_attributes` as stored (categories untouched, so the groups are those of the invoice's own
 *   totals); the flat discount and charge fields of a line stored before v2026-03-02's list existed
 *   are passed on as they are (the engine still reads them, docs/totals.md §2.2);
 * - the document-level `allowance_charges_attributes` (each with its own tax, if any, docs/totals.md
 *   §2.3), `prepaid_amount` and `payable_rounding_amount` (BT-113, BT-114), so that a report and the
 *   invoice's own totals come from one input;
 * - `exchange_rate` with the report's `local_currency` when the currency is another one and the invoice
 *   has a rate, so the engine converts each group from its rounded amounts (taxmath.md §3.10, MF
 *   sample 20); whether a missing rate is an error is the report's question;
 * - `total_amount_due` for an advance (`ZAL`, `KOR_ZAL`). The stored invoice does not keep the
 *   write-only `total_amount_due`; its `total` is the resolved one (spec §2.4), which the caller passes.
 *
 * @example
 * ```ts
 * const input = invoiceTotalsInput(invoice, account, { currency: 'USD', local_currency: 'EUR' });
 * input.local_currency; // 'EUR' when invoice.exchange_rate is set
 * ```
 */
export function invoiceTotalsInput(
  invoice: Invoice,
  account: Account,
  options: InvoiceTotalsOptions,
): TotalsInput {
  const input: TotalsInput = {
    currency: options.currency,
    rounding_method: roundingMethodFromAccount(account.rounding_method ?? 'half_up'),
    apply_taxes_per_line: account.apply_taxes_per_line,
    skip_line_taxable_base_rounding: account.skip_line_taxable_base_rounding,
    type_code: options.type_code,
    is_credit_note: invoice.is_credit_note,
    lines: invoice.lines.map((line) => {
      const legacy = line as LegacyFlatLine;
      const entries = line.allowance_charges_attributes;
      return {
        quantity: line.quantity,
        price: line.price,
        base_quantity: line.base_quantity,
        discount_percent: legacy.discount_percent,
        discount_amount: legacy.discount_amount,
        charge_amount: legacy.charge_amount,
        allowance_charges:
          entries === null || entries === undefined ? undefined : entries.map(lineAllowanceCharge),
        taxes: line.taxes_attributes.map(totalsTax),
      };
    }),
    allowance_charges: documentAllowanceCharges(invoice),
    prepaid_amount: invoice.prepaid_amount,
    payable_rounding_amount: invoice.payable_rounding_amount,
    total_amount_due: options.total_amount_due,
  };
  if (options.currency !== options.local_currency && typeof invoice.exchange_rate === 'string') {
    input.exchange_rate = invoice.exchange_rate;
    input.local_currency = options.local_currency;
  }
  return input;
}

/** The flat line fields of an invoice stored before the list replaced them (v2026-03-02). */
interface LegacyFlatLine {
  discount_percent?: string | null;
  discount_amount?: string | null;
  charge_amount?: string | null;
}

/** A stored line tax as the engine reads it. */
function totalsTax(
  tax: Pick<LineTax, 'percent' | 'kind' | 'category'> & { name?: string | null },
): TotalsTaxInput {
  return { name: tax.name ?? '', percent: tax.percent, kind: tax.kind, category: tax.category };
}

/** A line entry as the engine reads it: `description` is the reason when `reason` is absent. */
function lineAllowanceCharge(entry: LineAllowanceCharge): TotalsLineAllowanceChargeInput {
  return {
    allowance_charge_indicator: entry.allowance_charge_indicator,
    percentage: entry.percentage,
    amount: entry.amount,
    base_amount: entry.base_amount,
    reason: entry.reason ?? entry.description,
    reason_code: entry.reason_code,
    apply_taxes: entry.apply_taxes,
    is_reimbursable_expense: entry.is_reimbursable_expense,
  };
}

/**
 * The document-level entries as the engine reads them, each with its own taxes when it names any:
 * `taxes_attributes`, or the one `tax_attributes` object, whose missing `name` is that of the first
 * line's VAT tax (B2Brouter's WooCommerce plugin sends `{category, percent}` only), so that it lands in
 * the lines' group of that rate. Undefined when the invoice has no list (the engine's older result).
 */
function documentAllowanceCharges(invoice: Invoice): TotalsAllowanceChargeInput[] | undefined {
  const entries = invoice.allowance_charges_attributes;
  if (entries === null || entries === undefined) return undefined;
  const firstVat = invoice.lines
    .flatMap((line) => line.taxes_attributes)
    .find((tax) => tax.kind === 'vat' || ((tax.kind ?? null) === null && !tax.percent.startsWith('-')));
  return entries.map((entry: InvoiceAllowanceCharge) => {
    const single = entry.tax_attributes;
    const taxes =
      entry.taxes_attributes ??
      (single === null || single === undefined
        ? undefined
        : [totalsTax({ ...single, name: single.name ?? firstVat?.name ?? '' })]);
    return {
      ...lineAllowanceCharge(entry),
      taxes: taxes === undefined ? undefined : taxes.map(totalsTax),
    };
  });
}

/** The account fields the engine reads, named on the account. */
const ACCOUNT_FIELDS = new Set([
  'rounding_method',
  'apply_taxes_per_line',
  'skip_line_taxable_base_rounding',
]);

/**
 * The param of the stored invoice (or account) a totals-engine param stands for: the engine names a
 * line's taxes `taxes`, the invoice `taxes_attributes`; the account flags are the account's
 * (`account.skip_line_taxable_base_rounding`); `total_amount_due` is the invoice's resolved `total`
 * (the stored invoice keeps no `total_amount_due`, spec §2.4); `local_currency` is the report's
 * (PLN, EUR), so a problem with it is a problem with the invoice `currency`.
 *
 * @example
 * ```ts
 * invoiceParamOfTotals('lines[2].taxes[0].percent'); // 'lines[2].taxes_attributes[0].percent'
 * invoiceParamOfTotals('skip_line_taxable_base_rounding'); // 'account.skip_line_taxable_base_rounding'
 * ```
 */
export function invoiceParamOfTotals(param: string): string {
  if (ACCOUNT_FIELDS.has(param)) return `account.${param}`;
  if (param === 'total_amount_due') return 'total';
  if (param === 'local_currency') return 'currency';
  return param
    .replace(/^(lines\[\d+\])\.taxes(?=\[|$)/, '$1.taxes_attributes')
    .replace(/^(lines\[\d+\])\.allowance_charges(?=\[|$)/, '$1.allowance_charges_attributes')
    .replace(/^allowance_charges(?=\[|$)/, 'allowance_charges_attributes')
    .replace(/^(allowance_charges_attributes\[\d+\])\.taxes(?=\[|$)/, '$1.taxes_attributes');
}

/**
 * Runs the totals engine on an {@link invoiceTotalsInput} without throwing (a tax report is never
 * generated from numbers the engine refuses): the input's issues (taxmath.md §3.11) come back with
 * the invoice's params ({@link invoiceParamOfTotals}), as do the errors `computeTotals` can still
 * raise on valid input (an advance over an order whose gross is zero, an allowance spread over lines
 * whose nets are zero).
 *
 * @example
 * ```ts
 * const totals = invoiceTotals(invoiceTotalsInput(invoice, account, { currency: 'PLN', local_currency: 'PLN' }));
 * totals.success && totals.data.totals.total; // '2050.99' (MF sample 1's lines)
 * ```
 */
export function invoiceTotals(input: TotalsInput): Validated<TotalsResult> {
  const checked = validateTotalsInput(input);
  if (!checked.success)
    return {
      success: false,
      issues: checked.issues.map((issue) => withParam(issue, invoiceParamOfTotals(issue.param))),
    };
  try {
    return { success: true, data: computeTotals(input) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const param = invoiceParamOfTotals(error.param ?? '');
    // What `computeTotals` can still refuse on valid input: an advance split over the order's VAT
    // groups by their gross (taxmath.md §3.9) when that gross is zero, or a document allowance or
    // charge spread over the lines by their nets (fiscalkit's, docs/totals.md) when those are zero.
    // The error names its rule; the fallback only covers an ApiError from a copy that does not.
    const issue: ValidationIssue = {
      rule:
        error.rule ??
        (error.param === 'total_amount_due'
          ? 'taxmath.3.9.advance-split'
          : 'fiscalkit.totals.allowance-spread'),
      code: error.code,
      param,
      message: error.message,
    };
    return { success: false, issues: [withParam(issue, param)] };
  }
}
