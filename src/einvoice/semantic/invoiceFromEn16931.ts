/**
 * An EN 16931 invoice as the fiscalkit invoice, seller and buyer it describes (issue #22 "Reading them
 * back"): the inverse of `en16931FromInvoice`, so that creating that invoice (with that seller as the
 * account and that buyer as the contact) and mapping it again gives the same EN 16931 invoice, and
 * every UBL and CII reader shares it.
 *
 * The header, in the writer's terms read backwards: BT-1 `number`, BT-2 `date`, BT-9 `due_date`,
 * BT-7 (else BT-72) `tax_point_date`, BT-5 `currency`, BT-10 `buyer_reference`, BT-12
 * `contract_number`, BT-13 `ponumber`, BT-14 `sales_order_reference`, BT-16 `delivery_note_number`,
 * BT-18 `file_reference`, BT-19 `buyer_accounting_reference`, BT-22 `notes` (one text, several notes
 * on their own lines), BT-113 `prepaid_amount`, BT-114 `payable_rounding_amount`.
 *
 * - **Type.** A credit note code (`381`, `396`, …) is `is_credit_note`; the code itself is the
 *   `type_code` unless it is the one the writer gives anyway (`380`, `381`).
 * - **Preceding invoices** (BG-3) are `invoice_references`: `prepayment` references when the document
 *   states a paid amount (BT-113) or names several, an `amend` reference otherwise (spec §2.6 allows one).
 * - **Payment** (BG-16): the first account (BT-84, BT-86) is `bank_account`; the means text (BT-82) is
 *   `payment_method`, else the means code's word unless it is the code the invoice gets anyway
 *   (`paymentMeans.ts`).
 * - **Tax currency.** BT-6 is the seller's currency and the document's exchange rate the invoice's
 *   `exchange_rate`. EN 16931 itself has no term for the rate (UBL and CII documents often leave it
 *   out): then the rate is BT-111 / BT-110 to 8 decimals, kept only when the engine computes BT-111
 *   back from it exactly (`readCheck.ts`): for one VAT rate whenever the VAT is under a million (the
 *   rate's rounding, at most 0.5 × 10⁻⁸, then moves the product by less than half a cent).
 * - **Remittance information** (BT-83): a Belgian structured reference that is the one fiscalkit makes
 *   for the invoice number is read as the seller's `auto_remittance`, which makes it again.
 * - **Parties** (`readParties.ts`); **lines, allowances and charges** (`readLines.ts`).
 *
 * Refused (`en16931.read.*`): a currency with more than 2 decimals, a credit note with negative totals
 * (EN 16931 credits are positive; fiscalkit would write it back positive), a VAT accounting currency
 * without its rate or BT-111, reimbursable expenses (VATEX-EU-79-C) beside other exempt lines or
 * allowances, and — by `readCheck.ts` — what the service's rules would refuse (an IBAN whose check
 * digits fail) and anything whose amounts fiscalkit would not compute back exactly.
 *
 * Not carried, because fiscalkit has no field for them and they change no amount: BT-20 payment terms,
 * any other BT-83 (the invoice's reference is not writable), BT-85 account name, further payment
 * accounts, BT-120/121 exemption reasons (the category's are written), the seller's contact point
 * name, BT-28 trading names, BT-33, the deliver-to address, identifiers without a known scheme, and the
 * item terms of `readLines.ts`.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import type { InvoiceCreate } from '../../model/invoice.js';
import type { InvoiceReferenceWrite } from '../../model/invoiceReference.js';
import { currencyExponent, isCurrencyCode } from '../../money/currencies.js';
import { Decimal } from '../../money/decimal.js';
import { round } from '../../money/round.js';
import { autoRemittanceReference } from '../../rules/autoRemittance.js';
import { issueAt } from '../../rules/issue.js';
import type { En16931Invoice } from './en16931Invoice.js';
import type { InvoiceFromDocument } from './invoiceFromDocument.js';
import { DEFAULT_TYPE_CODES, isCreditNote } from './invoiceTypeCodes.js';
import { defaultMeansCode, PAYMENT_METHOD_WORDS } from './paymentMeans.js';
import { checkedRead } from './readCheck.js';
import { allowanceChargesFromEn16931, hasReimbursableBreakdown, lineFromEn16931 } from './readLines.js';
import { buyerFromParty, sellerFromParty } from './readParties.js';

/** What the document says that fiscalkit cannot take as it is (module comment). */
function readIssues(document: En16931Invoice): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!isCurrencyCode(document.currency) || currencyExponent(document.currency) > 2)
    issues.push(
      issueAt(
        'en16931.read.currency-decimals',
        'parameter_invalid',
        ['currency'],
        `is ${document.currency}: fiscalkit computes its amounts with ${isCurrencyCode(document.currency) ? currencyExponent(document.currency) : 'unknown'} decimals, EN 16931 writes 2, so its amounts would change`,
      ),
    );
  if (
    isCreditNote({ type_code: document.type_code }) &&
    new Decimal(document.totals.tax_inclusive).lessThan(0)
  )
    issues.push(
      issueAt(
        'en16931.read.credit-note-sign',
        'parameter_invalid',
        ['totals', 'tax_inclusive'],
        `is ${document.totals.tax_inclusive} on a credit note: an EN 16931 credit note states the credit as positive amounts, and fiscalkit would write this one back with the signs turned`,
      ),
    );
  if (document.tax_currency !== undefined && exchangeRateOf(document) === undefined)
    issues.push(
      issueAt(
        'en16931.read.exchange-rate',
        'parameter_blank',
        ['exchange_rate'],
        `is required with the VAT accounting currency ${document.tax_currency} (BT-6): fiscalkit computes the VAT in it (BT-111) from the rate, and BT-111 (${document.totals.vat_in_tax_currency ?? 'absent'}) / BT-110 (${document.totals.vat}) gives none`,
      ),
    );
  if (hasReimbursableBreakdown(document)) {
    const exempt =
      document.lines.findIndex((line) => line.vat.category === 'E') >= 0 ||
      document.allowances_charges.some((entry) => entry.vat_category === 'E' && !entry.charge);
    if (exempt)
      issues.push(
        issueAt(
          'en16931.read.reimbursable-exempt',
          'parameter_invalid',
          ['vat_breakdown'],
          'states reimbursable expenses (VATEX-EU-79-C) as the exempt breakdown of an invoice with exempt lines or allowances: fiscalkit cannot tell which exempt amounts are suplidos',
        ),
      );
  }
  return issues;
}

/**
 * The exchange rate of a document with a VAT accounting currency (module comment): the document's
 * own, else BT-111 / BT-110 to 8 decimals (the engine's rate precision), else undefined (no BT-111, or
 * a rate that would not be positive).
 *
 * @example
 * ```ts
 * exchangeRateOf({ ...document, tax_currency: 'SEK', exchange_rate: undefined, totals: { ...document.totals, vat: '225.00', vat_in_tax_currency: '2362.50' } }); // '10.5'
 * ```
 */
export function exchangeRateOf(
  document: Pick<En16931Invoice, 'tax_currency' | 'exchange_rate' | 'totals'>,
): string | undefined {
  if (document.tax_currency === undefined) return undefined;
  if (document.exchange_rate !== undefined) return document.exchange_rate;
  const local = document.totals.vat_in_tax_currency;
  if (local === undefined) return undefined;
  const vat = new Decimal(document.totals.vat).abs();
  const rate = vat.isZero() ? new Decimal(1) : round(new Decimal(local).abs().dividedBy(vat), 8, 'half_up');
  return rate.greaterThan(0) ? rate.toString() : undefined;
}

/** BG-3 as `invoice_references` (module comment). */
function referencesOf(document: En16931Invoice): InvoiceReferenceWrite[] {
  const prepayment =
    document.preceding_invoices.length > 1 || new Decimal(document.totals.prepaid ?? '0').greaterThan(0);
  return document.preceding_invoices.map((reference) => ({
    reference_type: prepayment ? 'prepayment' : 'amend',
    number: reference.number,
    date: reference.issue_date ?? null,
  }));
}

/**
 * Whether the document's remittance information (BT-83) is the Belgian structured reference fiscalkit
 * makes itself for the invoice number (`auto_remittance`, spec §2.2: both parties in Belgium, the base
 * from the number's digits), so that an account with `auto_remittance` gives it back. Any other BT-83
 * has no invoice field to go to (the reference is not writable) and is not carried.
 */
function autoRemittance(document: En16931Invoice, sellerCountry: string, buyerCountry: string): boolean {
  const given = document.payment?.remittance_information;
  if (given === undefined || !/\d/.test(document.number)) return false;
  return (
    autoRemittanceReference({
      auto_remittance: true,
      account_country: sellerCountry,
      contact_country: buyerCountry,
      number: document.number,
      id: 0,
    }) === given
  );
}

/** `payment_method` of BG-16 (module comment). */
function paymentMethodOf(document: En16931Invoice): string | null {
  const payment = document.payment;
  if (payment === undefined) return null;
  if (payment.means_text !== undefined && payment.means_text.trim() !== '') return payment.means_text;
  const iban = payment.credit_transfers[0]?.id;
  if (payment.means_code === defaultMeansCode(iban, document.currency)) return null;
  return PAYMENT_METHOD_WORDS[payment.means_code] ?? null;
}

/**
 * The invoice, seller and buyer of an EN 16931 invoice (module comment), or why it cannot be
 * imported: `en16931.read.*` issues, each naming the business term (its path in the document).
 *
 * @example
 * ```ts
 * const read = invoiceFromEn16931(document);
 * read.success && read.data.invoice.invoice_lines_attributes.length; // 2
 * read.success && read.data.seller.tin_value; // 'B12345674'
 * ```
 */
export function invoiceFromEn16931(document: En16931Invoice): Validated<InvoiceFromDocument> {
  const issues = readIssues(document);
  if (issues.length > 0) return { success: false, issues };
  const decimals = currencyExponent(document.currency);
  const seller = sellerFromParty(document.seller);
  const sellerCountry = seller.account.country;
  const creditNote = isCreditNote({ type_code: document.type_code });
  const defaultCode = creditNote ? DEFAULT_TYPE_CODES.credit_note : DEFAULT_TYPE_CODES.invoice;
  const account = document.payment?.credit_transfers[0];
  const invoice: InvoiceCreate = {
    number: document.number,
    date: document.issue_date,
    due_date: document.due_date ?? null,
    tax_point_date: document.tax_point_date ?? document.delivery_date ?? null,
    currency: document.currency,
    is_credit_note: creditNote,
    type_code: document.type_code === defaultCode ? null : document.type_code,
    exchange_rate: exchangeRateOf(document) ?? null,
    buyer_reference: document.buyer_reference ?? null,
    contract_number: document.contract_reference ?? null,
    ponumber: document.purchase_order_reference ?? null,
    sales_order_reference: document.sales_order_reference ?? null,
    delivery_note_number: document.despatch_advice_reference ?? null,
    file_reference: document.invoiced_object ?? null,
    buyer_accounting_reference: document.buyer_accounting_reference ?? null,
    notes: document.notes.length === 0 ? null : document.notes.join('\n'),
    invoice_references: document.preceding_invoices.length === 0 ? null : referencesOf(document),
    bank_account: account === undefined ? null : { iban: account.id, bic: account.provider ?? null },
    payment_method: paymentMethodOf(document),
    prepaid_amount: document.totals.prepaid ?? null,
    payable_rounding_amount: document.totals.rounding ?? null,
    allowance_charges_attributes:
      document.allowances_charges.length === 0
        ? null
        : allowanceChargesFromEn16931(document, sellerCountry, decimals),
    invoice_lines_attributes: document.lines.map((line) => lineFromEn16931(line, sellerCountry, decimals)),
  };
  const buyer = buyerFromParty(document.buyer);
  const read: InvoiceFromDocument = {
    invoice,
    seller: {
      ...seller.account,
      currency: document.tax_currency ?? document.currency,
      ...(autoRemittance(document, seller.account.country, buyer.country) ? { auto_remittance: true } : {}),
    },
    buyer,
    seller_endpoint: seller.endpoint,
  };
  return checkedRead(read, document);
}
