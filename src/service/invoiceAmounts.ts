import { ApiError, isApiError } from '../errors/ApiError.js';
import { invoiceTotalsInput } from '../generate/totalsInput.js';
import type { Account } from '../model/account.js';
import type { Invoice } from '../model/invoice.js';
import type { InvoiceLine } from '../model/invoiceLine.js';
import { currencyExponent, isCurrencyCode } from '../money/currencies.js';
import { formatUnits } from '../money/fixedPoint.js';
import { computeTotals } from '../totals/computeTotals.js';
import type { TotalsGroup, TotalsResult } from '../totals/result.js';

/** One entry of the invoice's `taxes` (`InvoiceTaxSchema`). */
export interface InvoiceTaxAmount {
  name: string;
  category: string | null;
  percent: string;
  base: string;
  amount: string;
}

/**
 * The amounts an invoice is stored with: spec §2.4 `total`, `payable_amount`, and the EN 16931
 * document totals of issue #19 (docs/totals.md §3.3), each line's net `amount` and the tax groups.
 */
export interface InvoiceAmounts {
  subtotal: string;
  allowance_total_amount: string;
  charge_total_amount: string;
  tax_exclusive_amount: string;
  tax_inclusive_amount: string;
  reimbursable_expenses_amount: string;
  prepaid_amount: string | null;
  payable_rounding_amount: string | null;
  taxes: InvoiceTaxAmount[];
  total: string;
  payable_amount: string;
  /** The invoice's lines with their net `amount` (BT-131), in order. */
  lines: InvoiceLine[];
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
  if (line === null)
    return param
      .replace(/^allowance_charges(?=\[|$)/, 'allowance_charges_attributes')
      .replace(/^(allowance_charges_attributes\[\d+\])\.taxes(?=\[|$)/, '$1.taxes_attributes');
  // money-safe: a line index read from a param, not an amount.
  const index = Number(line[1]);
  const rest = (line[2] ?? '')
    .replace(/^\.taxes(?=\[|$)/, '.taxes_attributes')
    .replace(/^\.allowance_charges(?=\[|$)/, '.allowance_charges_attributes');
  return `${linesAt[index] ?? `lines[${String(index)}]`}${rest}`;
}

/**
 * The invoice's amounts from the totals engine (taxmath.md §3, docs/totals.md; spec §2.4): `total`,
 * `payable_amount`, the EN 16931 totals (`subtotal`, `allowance_total_amount`, `charge_total_amount`,
 * `tax_exclusive_amount`, `tax_inclusive_amount`), the reimbursable expenses, the tax groups and
 * every line's net `amount`, each at the currency's decimals, with
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
 * // { subtotal: '100.00', …, taxes: [{ name: 'IVA', category: 'S', percent: '21', base: '100.00', amount: '21.00' }], total: '121.00', payable_amount: '121.00', lines: [...] }
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
  };
  try {
    return amountsOf(invoice, computeTotals(input), currency);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const param = requestParam(error.param ?? '', options.line_params);
    const message =
      error.param !== null && error.message.startsWith(error.param)
        ? `${param}${error.message.slice(error.param.length)}`
        : error.message;
    throw new ApiError(error.code, message, { param: param === '' ? null : param, rule: error.rule });
  }
}

/** The category part of a group key `kind|category|name|percent` (taxmath.md §3.4), null when empty. */
function categoryOf(group: TotalsGroup): string | null {
  const category = group.key.split('|')[1] ?? '';
  return category === '' ? null : category;
}

/**
 * A tax group as the invoice's `taxes` entry: a withholding (IRPF) keeps the sign its lines gave it
 * (a negative percent, so a negative amount), the others as the engine has them.
 */
function taxEntry(group: TotalsGroup): InvoiceTaxAmount {
  const negate = (value: string) =>
    group.kind !== 'withholding' || /^0*\.?0*$/.test(value) ? value : `-${value}`;
  return {
    name: group.name,
    category: categoryOf(group),
    percent: negate(group.percent),
    base: group.base,
    amount: negate(group.tax),
  };
}

/**
 * The engine's result as the invoice's stored amounts. Without a field of docs/totals.md the engine
 * leaves the EN 16931 names out (they would repeat `net_total`, 0, 0, `net_total`, `tax_inclusive`):
 * they are filled in here, so that every invoice answers the same fields.
 */
function amountsOf(invoice: Invoice, result: TotalsResult, currency: string): InvoiceAmounts {
  const { totals } = result;
  const exponent = isCurrencyCode(currency) ? currencyExponent(currency) : 2;
  const zero = formatUnits(0n, exponent);
  return {
    subtotal: totals.subtotal ?? totals.net_total,
    allowance_total_amount: totals.allowance_total_amount ?? zero,
    charge_total_amount: totals.charge_total_amount ?? zero,
    tax_exclusive_amount: totals.tax_exclusive_amount ?? totals.net_total,
    tax_inclusive_amount: totals.tax_inclusive_amount ?? totals.tax_inclusive,
    reimbursable_expenses_amount: totals.reimbursable_expenses_amount ?? zero,
    prepaid_amount: totals.prepaid_amount ?? invoice.prepaid_amount ?? null,
    payable_rounding_amount: totals.payable_rounding_amount ?? invoice.payable_rounding_amount ?? null,
    // An advance (total_amount_due, spec §2.4) is taxed as its split per VAT group (taxmath.md §3.9),
    // not as the order its lines describe.
    taxes:
      result.advance_groups === undefined
        ? result.groups.map(taxEntry)
        : result.advance_groups.flatMap((advance) => {
            const group = result.groups.find((candidate) => candidate.key === advance.key);
            return group === undefined ? [] : [taxEntry({ ...group, base: advance.base, tax: advance.tax })];
          }),
    total: totals.total,
    payable_amount: totals.payable_amount,
    lines: invoice.lines.map((line, index) => {
      const computed = result.lines[index];
      return computed === undefined
        ? line
        : { ...line, amount: computed.amount ?? computed.net, unit_price: computed.unit_price ?? null };
    }),
  };
}
