import { ApiError, isApiError } from '../errors/ApiError.js';
import { invoiceTotalsInput } from '../generate/totalsInput.js';
import type { Account } from '../model/account.js';
import type { Invoice } from '../model/invoice.js';
import { computeTotals } from '../totals/computeTotals.js';

/** The amounts an invoice is stored with (spec §2.4 response fields `total`, `payable_amount`). */
export interface InvoiceAmounts {
  total: string;
  payable_amount: string;
}

/** What {@link invoiceAmounts} needs besides the invoice and its account. */
export interface InvoiceAmountsOptions {
  /** The write-only `total_amount_due` in force (spec §2.4), or null. */
  total_amount_due: string | null;
  /**
   * For each line of the invoice, where it came from in the request
   * (`invoice_lines_attributes[3]`), or null for a stored line the request did not touch; an engine
   * problem with a line is reported there, so the client learns which of the lines it sent is wrong.
   */
  line_params: readonly (string | null)[];
}

/** The account flags the engine reads, reported at the account (the client's invoice is not at fault). */
const ACCOUNT_FLAGS = new Set(['rounding_method', 'apply_taxes_per_line', 'skip_line_taxable_base_rounding']);

/**
 * The request param an engine param stands for: the engine's `lines[i]` is the line's place in the
 * request (or `lines[i]` of the stored invoice when the request did not send it), its `taxes` are
 * the line's `taxes_attributes`, `lines` is `invoice_lines_attributes`, and the account's flags are
 * `account.…`. Every other param (`currency`, `total_amount_due`, `prepaid_amount`, `type_code`) is the
 * invoice's own field of the same name.
 */
function requestParam(param: string, linesAt: readonly (string | null)[]): string {
  if (ACCOUNT_FLAGS.has(param)) return `account.${param}`;
  if (param === 'lines') return 'invoice_lines_attributes';
  const line = /^lines\[(\d+)\](.*)$/.exec(param);
  if (line === null) return param;
  // money-safe: a line index read from a param, not an amount.
  const index = Number(line[1]);
  const rest = (line[2] ?? '').replace(/^\.taxes(?=\[|$)/, '.taxes_attributes');
  return `${linesAt[index] ?? `lines[${String(index)}]`}${rest}`;
}

/**
 * The invoice's `total` and `payable_amount` from the totals engine (taxmath.md §3; spec §2.4), with
 * the account's flags (`apply_taxes_per_line`, `skip_line_taxable_base_rounding`, `rounding_method`,
 * through `invoiceTotalsInput`, the same input the tax report generators use, so an invoice and its
 * reports never disagree), its `prepaid_amount` (`payable_amount` = `total` − prepaid) and the
 * `total_amount_due` of an advance (ZAL, KOR_ZAL), which sets both. No currency conversion: the
 * invoice's amounts are in its own currency. An input the engine refuses (a line with two VAT
 * taxes, a prepaid amount with more decimals than the currency has, …) throws its 422 at the
 * request's param.
 *
 * @example
 * ```ts
 * invoiceAmounts(invoice, account, { total_amount_due: null, line_params: ['invoice_lines_attributes[0]'] });
 * // { total: '121.00', payable_amount: '121.00' }
 * ```
 */
export function invoiceAmounts(
  invoice: Invoice,
  account: Account,
  options: InvoiceAmountsOptions,
): InvoiceAmounts {
  const currency = invoice.currency ?? 'EUR';
  const input = {
    ...invoiceTotalsInput(invoice, account, {
      currency,
      local_currency: currency,
      type_code: invoice.type_code,
      total_amount_due: options.total_amount_due,
    }),
    prepaid_amount: invoice.prepaid_amount,
  };
  try {
    const { totals } = computeTotals(input);
    return { total: totals.total, payable_amount: totals.payable_amount };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const param = requestParam(error.param ?? '', options.line_params);
    const message =
      error.param !== null && error.message.startsWith(error.param)
        ? `${param}${error.message.slice(error.param.length)}`
        : error.message;
    throw new ApiError(error.code, message, { param: param === '' ? null : param });
  }
}
