/**
 * The check that makes `invoiceFromEn16931` keep every amount (issue #22, "Reading them back … Round
 * trips keep every amount"): the invoice a reader produced is written again with
 * `en16931FromInvoice`, as if created in a new account with that seller and that buyer, and every
 * amount, quantity, price, VAT category and rate of the result is compared with the document's. An
 * invoice that would not give the document's amounts back is refused, naming the first business term
 * that differs, rather than imported with other amounts.
 *
 * A new account computes VAT per rate (`accumulated`, taxmath.md §3.5), which EN 16931's own
 * arithmetic is. A document whose VAT was summed per line instead (`per_line`) is read with the
 * account's `apply_taxes_per_line`, when that gives its amounts back.
 *
 * @module
 */

import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { refused } from '../../generate/parties.js';
import { AccountSchema } from '../../model/account.js';
import { ContactSchema } from '../../model/contact.js';
import { InvoiceSchema } from '../../model/invoice.js';
import { Decimal } from '../../money/decimal.js';
import { accountIssues } from '../../rules/account.js';
import { contactIssues } from '../../rules/contact.js';
import { invoiceIssues } from '../../rules/invoice.js';
import { LATEST_API_VERSION } from '../../versions/apiVersion.js';
import { en16931FromInvoice } from './en16931FromInvoice.js';
import type { En16931Invoice } from './en16931Invoice.js';
import type { InvoiceFromDocument } from './invoiceFromDocument.js';
import { documentTotals, type EInvoiceSource } from './source.js';

/**
 * The source a new account, contact and invoice made from a reader's result would have: the stored
 * shapes of the model with the defaults of a new account (and `apply_taxes_per_line` as given), the
 * invoice's total and payable amount its own.
 *
 * @example
 * ```ts
 * const source = sourceOfRead(read, false);
 * source.success && source.data.account.apply_taxes_per_line; // false
 * ```
 */
export function sourceOfRead(
  read: InvoiceFromDocument,
  apply_taxes_per_line: boolean,
): Validated<EInvoiceSource> {
  const account = AccountSchema.safeParse({
    ...read.seller,
    id: 1,
    routing_codes: read.seller.routing_codes ?? {},
    auto_remittance: false,
    apply_taxes_per_line,
    skip_line_taxable_base_rounding: false,
    rounding_method: 'half_up',
    round_before_sum: false,
    has_logo: false,
    archived: false,
  });
  const contact = ContactSchema.safeParse({
    ...read.buyer,
    id: 1,
    account_id: 1,
    routing_codes: read.buyer.routing_codes ?? {},
    is_client: true,
    is_provider: false,
  });
  const invoice = InvoiceSchema.safeParse({
    ...read.invoice,
    id: 1,
    account_id: 1,
    type: 'IssuedInvoice',
    state: 'new',
    contact_id: 1,
    contact: null,
    lines: read.invoice.invoice_lines_attributes.map((line, index) => ({ ...line, id: index + 1 })),
    invoice_references: (read.invoice.invoice_references ?? []).map((reference, index) => ({
      ...reference,
      id: index + 1,
    })),
    total: '0',
    payable_amount: '0',
  });
  if (!account.success || !contact.success || !invoice.success)
    return refused(
      'en16931.read.fields',
      'parameter_invalid',
      ['document'],
      `gives ${!account.success ? 'a seller' : !contact.success ? 'a buyer' : 'an invoice'} fiscalkit cannot store: ${
        (!account.success ? account.error : !contact.success ? contact.error : invoice.error)?.issues
          .map((issue) => `${issue.path.join('.')} ${issue.message}`)
          .join('; ') ?? ''
      }`,
    );
  const source: EInvoiceSource = {
    invoice: invoice.data,
    account: account.data,
    contact: contact.data,
    seller_endpoint: read.seller_endpoint,
  };
  const totals = documentTotals(source);
  if (!totals.success) return totals;
  return {
    success: true,
    data: {
      ...source,
      invoice: {
        ...invoice.data,
        total: totals.data.totals.total,
        payable_amount: totals.data.totals.payable_amount,
      },
    },
  };
}

/** An issue of a business rule about the read seller, buyer or invoice, at that resource's field. */
function readField(prefix: 'seller' | 'buyer' | 'invoice', issue: ValidationIssue): ValidationIssue {
  return {
    rule: 'en16931.read.fields',
    code: issue.code,
    param: `${prefix}.${issue.param}`,
    message: `${prefix}.${issue.message} (the service would refuse it: ${issue.rule})`,
  };
}

/**
 * What the service's business rules (spec §2.2, §2.3 and §2.4) would refuse in a reader's result, as
 * `en16931.read.fields` issues at `seller.…`, `buyer.…`, `invoice.…`: a document fiscalkit could not
 * store as it is (an IBAN whose check digits fail, a scheme it does not know) is refused when read,
 * not when created.
 *
 * @example
 * ```ts
 * readRuleIssues({ ...read, invoice: { ...read.invoice, bank_account: { iban: 'ES00 0000' } } });
 * // [{ rule: 'en16931.read.fields', code: 'parameter_invalid', param: 'invoice.bank_account.iban', … }]
 * ```
 */
export function readRuleIssues(read: InvoiceFromDocument): ValidationIssue[] {
  return [
    ...accountIssues(read.seller).map((issue) => readField('seller', issue)),
    ...contactIssues(read.buyer, { version: LATEST_API_VERSION }).map((issue) => readField('buyer', issue)),
    ...invoiceIssues(
      { ...read.invoice, contact_id: 1 },
      { version: LATEST_API_VERSION, operation: 'create' },
    ).map((issue) => readField('invoice', issue)),
  ];
}

/** Two optional amounts are the same number (absent is zero). */
function same(a: string | undefined, b: string | undefined): boolean {
  return new Decimal(a ?? '0').equals(b ?? '0');
}

/** Two optional texts are the same (absent and empty alike). */
function sameText(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '') === (b ?? '');
}

/**
 * The first amount-related business term in which two EN 16931 invoices differ, as `BT-n` and both
 * values, or undefined when every amount, quantity, price, category and rate is the same.
 *
 * @example
 * ```ts
 * moneyDifference(document, { ...document, totals: { ...document.totals, payable: '0.00' } }); // 'BT-115 695.75 / 0.00'
 * ```
 */
export function moneyDifference(a: En16931Invoice, b: En16931Invoice): string | undefined {
  const totalTerms: [string, keyof En16931Invoice['totals']][] = [
    ['BT-106', 'line_net'],
    ['BT-107', 'allowances'],
    ['BT-108', 'charges'],
    ['BT-109', 'tax_exclusive'],
    ['BT-110', 'vat'],
    ['BT-111', 'vat_in_tax_currency'],
    ['BT-112', 'tax_inclusive'],
    ['BT-113', 'prepaid'],
    ['BT-114', 'rounding'],
    ['BT-115', 'payable'],
  ];
  if (a.currency !== b.currency) return `BT-5 ${a.currency} / ${b.currency}`;
  if (!sameText(a.tax_currency, b.tax_currency)) return `BT-6 ${a.tax_currency} / ${b.tax_currency}`;
  if (a.lines.length !== b.lines.length) return `BG-25 ${a.lines.length} lines / ${b.lines.length}`;
  for (const [index, line] of a.lines.entries()) {
    const other = b.lines[index];
    if (other === undefined) return `BG-25 line ${index + 1}`;
    const at = `line ${index + 1}`;
    if (!same(line.quantity, other.quantity)) return `BT-129 (${at}) ${line.quantity} / ${other.quantity}`;
    if (!same(line.price.net, other.price.net))
      return `BT-146 (${at}) ${line.price.net} / ${other.price.net}`;
    if (!new Decimal(line.price.base_quantity ?? '1').equals(other.price.base_quantity ?? '1'))
      return `BT-149 (${at}) ${line.price.base_quantity} / ${other.price.base_quantity}`;
    if (!same(line.net_amount, other.net_amount))
      return `BT-131 (${at}) ${line.net_amount} / ${other.net_amount}`;
    if (line.vat.category !== other.vat.category || !same(line.vat.rate, other.vat.rate))
      return `BT-151/152 (${at}) ${line.vat.category} ${line.vat.rate} / ${other.vat.category} ${other.vat.rate}`;
    if (line.allowances_charges.length !== other.allowances_charges.length) return `BG-27/28 (${at})`;
    for (const [position, entry] of line.allowances_charges.entries()) {
      const twin = other.allowances_charges[position];
      if (twin === undefined || twin.charge !== entry.charge || !same(entry.amount, twin.amount))
        return `BT-136/141 (${at}) ${entry.amount} / ${twin?.amount}`;
    }
  }
  if (a.allowances_charges.length !== b.allowances_charges.length) return 'BG-20/21';
  for (const [position, entry] of a.allowances_charges.entries()) {
    const twin = b.allowances_charges[position];
    if (
      twin === undefined ||
      twin.charge !== entry.charge ||
      !same(entry.amount, twin.amount) ||
      twin.vat_category !== entry.vat_category ||
      !same(entry.vat_rate, twin.vat_rate)
    )
      return `BT-92/99 (entry ${position + 1}) ${entry.amount} ${entry.vat_category} / ${twin?.amount} ${twin?.vat_category}`;
  }
  for (const [term, key] of totalTerms)
    if (!same(a.totals[key], b.totals[key])) return `${term} ${a.totals[key]} / ${b.totals[key]}`;
  const rows = (document: En16931Invoice) =>
    new Map(
      document.vat_breakdown.map((row) => [
        `${row.category}|${new Decimal(row.rate ?? '0').toString()}`,
        row,
      ]),
    );
  const ours = rows(a);
  const theirs = rows(b);
  if (ours.size !== theirs.size) return `BG-23 ${ours.size} rows / ${theirs.size}`;
  for (const [key, row] of ours) {
    const twin = theirs.get(key);
    if (twin === undefined) return `BG-23 ${key}`;
    if (!same(row.taxable_amount, twin.taxable_amount))
      return `BT-116 (${key}) ${row.taxable_amount} / ${twin.taxable_amount}`;
    if (!same(row.tax_amount, twin.tax_amount))
      return `BT-117 (${key}) ${row.tax_amount} / ${twin.tax_amount}`;
  }
  return undefined;
}

/**
 * The reader's result checked by the service's rules ({@link readRuleIssues}) and written again
 * (`per_line` too, when `accumulated` does not give the document's amounts), or the refusal naming what
 * the service would refuse or the first term that differs.
 *
 * @example
 * ```ts
 * const checked = checkedRead(read, document);
 * checked.success && checked.data.seller.apply_taxes_per_line; // false: VAT per rate
 * ```
 */
export function checkedRead(
  read: InvoiceFromDocument,
  document: En16931Invoice,
): Validated<InvoiceFromDocument> {
  const refusedByRules = readRuleIssues(read);
  if (refusedByRules.length > 0) return { success: false, issues: refusedByRules };
  let difference = '';
  for (const perLine of [false, true]) {
    const source = sourceOfRead(read, perLine);
    if (!source.success) return source;
    const again = en16931FromInvoice(source.data, 'en16931');
    if (!again.success)
      return refused(
        'en16931.read.not-writable',
        'parameter_invalid',
        ['document'],
        `cannot be an EN 16931 invoice again once read: ${again.issues.map((issue) => issue.message).join('; ')}`,
      );
    const found = moneyDifference(document, again.data);
    if (found === undefined)
      return {
        success: true,
        data: perLine ? { ...read, seller: { ...read.seller, apply_taxes_per_line: true } } : read,
      };
    if (!perLine) difference = found;
  }
  return refused(
    'en16931.read.amounts',
    'parameter_invalid',
    ['document'],
    `would not keep its amounts in fiscalkit (document / recomputed): ${difference}; fiscalkit computes every amount from the lines (quantity × price / base quantity, allowances, charges, VAT per rate) and imports only documents whose amounts are those`,
  );
}
