/**
 * A fiscalkit invoice as an EN 16931 invoice (issue #22): the one mapping every UBL and CII writer
 * (Peppol BIS 3, XRechnung, EN 16931 CII, Factur-X) writes its syntax from. Every amount is the totals
 * engine's, run on the stored invoice with the account's flags (`documentTotals`), never recomputed:
 * line nets, allowances and charges, VAT breakdown and totals are printed amounts, so BR-CO-10 …
 * BR-CO-16 and the `BR-*-08` rules hold by construction.
 *
 * The steps, each in its own module:
 *
 * 1. `refusals.ts`: what EN 16931 cannot say (withholdings, surcharges, an advance's total, 3-decimal
 *    currencies, `O` beside other categories, suplidos beside exempt amounts), refused before anything
 *    is mapped;
 * 2. `lines.ts`, `allowanceCharges.ts`, `vatBreakdown.ts`, `monetaryTotals.ts`: the amounts;
 * 3. `parties.ts` (with `partyIdentifiers.ts`), `paymentMeans.ts`, `invoiceTypeCodes.ts`: the rest;
 * 4. `prerequisites.ts`: what the specification requires beyond the norm, checked on the result.
 *
 * Decisions made here:
 *
 * - **Credit notes.** A credit note (`is_credit_note`, or a credit note `type_code`) is written as one
 *   (`381`), with the amounts of the credit **positive**: EN 16931 and the UBL `CreditNote` state what
 *   is credited as positive amounts, and fiscalkit stores what the client sent (taxmath.md §3.8: a
 *   Spanish rectificativa is stored negative). When the credit note's total with VAT (BT-112, or BT-106
 *   when that is zero) is negative, every amount, quantity and base is written with its sign turned —
 *   the same document a client sending positive amounts gets. An invoice (`380`) keeps its signs,
 *   negative lines included (EN 16931 allows them).
 * - **Dates.** BT-2 the invoice `date`, BT-9 `due_date`; `tax_point_date` (the date of the supply:
 *   KSeF reads it as `P_6`) is both BT-7 and the actual delivery date BT-72. With category `K` the
 *   deliver-to address BG-15 is the buyer's address (BR-IC-12 requires its country BT-80: the goods go
 *   to the buyer in another member state; XRechnung's BR-DE-10/11 then want its city and post code,
 *   which the buyer's address has).
 * - **References.** BT-1 is `number` with its `series_code` in front, as the tax reports print it
 *   (`documentNumber`); BT-10 `buyer_reference` (the XRechnung Leitweg-ID), BT-12 `contract_number`,
 *   BT-13 `ponumber`, BT-14 `sales_order_reference`, BT-16 `delivery_note_number`, BT-18
 *   `file_reference`, BT-19 `buyer_accounting_reference`, BT-22 `notes` (one note: Peppol R002); the
 *   `invoice_references` (`amend` and `prepayment` alike) are the preceding invoices BG-3.
 * - **Roles.** The account is the seller of what it issues (BG-4) and the contact the buyer (BG-7);
 *   for an invoice the account receives (`ReceivedInvoice`) or a self-billed one it issues in its
 *   supplier's name (`IssuedSelfInvoice`, BT-3 `389` where the specification allows it), the contact is
 *   the seller and the account (with its Peppol participant) the buyer. Peppol BIS Billing 3.0 has no
 *   self-billed invoices (a BIS of its own): refused there.
 * - **Tax currency.** When the invoice is in another currency than its account and has an
 *   `exchange_rate`, the account's currency is BT-6 and the engine's local VAT (taxmath.md §3.10) is
 *   BT-111, with the rate beside them.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { invoiceParty } from '../../generate/parties.js';
import { documentNumber } from '../../generate/references.js';
import { presentText } from '../../model/presentText.js';
import { currencyExponent } from '../../money/currencies.js';
import { Decimal } from '../../money/decimal.js';
import { roundingMethodFromAccount } from '../../money/roundingMethod.js';
import { issueAt } from '../../rules/issue.js';
import { documentAllowanceChargesOf } from './allowanceCharges.js';
import { sumAmounts } from './amounts.js';
import type { En16931Invoice, En16931Line, En16931PrecedingInvoice } from './en16931Invoice.js';
import type { En16931Specification } from './en16931Specification.js';
import { invoiceTypeCode, isCreditNote } from './invoiceTypeCodes.js';
import { lineOf } from './lines.js';
import { monetaryTotalsOf } from './monetaryTotals.js';
import { buyerOf, sellerOf } from './parties.js';
import { paymentOf } from './paymentMeans.js';
import { germanRulesApply, prerequisiteIssues } from './prerequisites.js';
import { categoryMixIssues, currencyIssues, nonVatTaxIssues, totalOverrideIssues } from './refusals.js';
import { documentCurrency, documentTotals, type EInvoiceSource } from './source.js';
import { vatBreakdownOf } from './vatBreakdown.js';
import type { VatCategoryResult } from './vatCategories.js';

/** A present text, or undefined. */
function given(value: string | null | undefined): string | undefined {
  return presentText(value) ?? undefined;
}

/** An issue about the seller's or buyer's fields, for an invoice where the contact is the seller. */
function swappedParties(issue: ValidationIssue): ValidationIssue {
  const swap = (text: string) =>
    text.replace(/^(account|contact)\./, (_, party: string) =>
      party === 'account' ? 'contact.' : 'account.',
    );
  return { ...issue, param: swap(issue.param), message: swap(issue.message) };
}

/**
 * The EN 16931 invoice of a stored invoice, its account and its contact, for a specification (module
 * comment), or the issues that keep it from being one: each at the field the client can change, with
 * the rule id that names the reason (`en16931.write.*`, docs/einvoice-documents.md).
 *
 * @example
 * ```ts
 * const document = en16931FromInvoice({ invoice, account, contact }, 'peppol-bis3');
 * document.success && document.data.totals.payable; // '695.75'
 * document.success || document.issues[0]?.rule; // e.g. 'en16931.write.buyer-reference'
 * ```
 */
export function en16931FromInvoice(
  source: EInvoiceSource,
  specification: En16931Specification,
): Validated<En16931Invoice> {
  const { invoice, account } = source;
  const currency = documentCurrency(source);
  const currencyProblems = currencyIssues(currency, 'currency');
  if (currencyProblems.length > 0) return { success: false, issues: currencyProblems };
  const computed = documentTotals(source);
  if (!computed.success) return computed;
  const totals = computed.data;
  const refusals = [
    ...(totals.local === undefined ? [] : currencyIssues(totals.local.currency, 'account.currency')),
    ...nonVatTaxIssues(invoice),
    ...totalOverrideIssues(invoice, totals),
  ];
  if (refusals.length === 0) refusals.push(...categoryMixIssues(invoice, totals));
  if (refusals.length > 0) return { success: false, issues: refusals };

  const decimals = currencyExponent(currency);
  const method = roundingMethodFromAccount(account.rounding_method ?? 'half_up');
  const reimbursable = totals.totals.reimbursable_expenses_amount;
  const creditNote = isCreditNote(invoice);
  const withVat = new Decimal(sumAmounts([totals.totals.tax_inclusive, reimbursable ?? '0'], decimals));
  const flip =
    creditNote &&
    (withVat.lessThan(0) ||
      (withVat.isZero() && new Decimal(totals.totals.subtotal ?? totals.totals.net_total).lessThan(0)));

  const issues: ValidationIssue[] = [];
  const lines: En16931Line[] = [];
  const categories = new Map<string, VatCategoryResult>();
  invoice.lines.forEach((line, index) => {
    const printed = totals.lines[index];
    if (printed === undefined) throw new TypeError(`en16931FromInvoice: no printed line ${index}`);
    const written = lineOf(line, printed, index, { decimals, method, flip, categories });
    if (written.success) lines.push(written.data);
    else issues.push(...written.issues);
  });
  const entries = documentAllowanceChargesOf(invoice, totals, { decimals, flip });
  if (!entries.success) issues.push(...entries.issues);
  // The account is the seller of what it issues, and the buyer of what it receives: a received
  // invoice, or a self-billed one it issues in its supplier's name (module comment).
  const received = invoice.type === 'ReceivedInvoice' || invoice.type === 'IssuedSelfInvoice';
  const counterparty = invoiceParty(source.contact, invoice);
  const sellerSource = received ? counterparty : account;
  const buyerSource = received ? account : counterparty;
  const german = germanRulesApply(
    specification,
    (sellerSource?.country ?? '').trim().toUpperCase(),
    (buyerSource?.country ?? '').trim().toUpperCase(),
  );
  const breakdown = vatBreakdownOf(totals.groups, {
    decimals,
    flip,
    rate_on_every_row: german,
    reimbursable: reimbursable === undefined || new Decimal(reimbursable).isZero() ? undefined : reimbursable,
  });
  if (!breakdown.success) issues.push(...breakdown.issues);
  const payment = paymentOf(invoice, currency);
  if (!payment.success) issues.push(...payment.issues);
  const notSubject = breakdown.success && breakdown.data.some((row) => row.category === 'O');
  const partyOptions = {
    not_subject: notSubject,
    seller_contact_name: german,
    email_endpoint: specification === 'xrechnung-3.0',
  };
  const participant = source.seller_endpoint;
  const seller =
    sellerSource === null ? undefined : sellerOf(sellerSource, received ? null : participant, partyOptions);
  const buyer =
    buyerSource === null
      ? undefined
      : buyerOf(buyerSource, received ? participant : null, received ? {} : invoice, partyOptions);
  if (seller === undefined || buyer === undefined)
    issues.push(
      issueAt(
        seller === undefined ? 'en16931.write.seller' : 'en16931.write.buyer',
        'parameter_blank',
        ['contact_id'],
        `is required: an EN 16931 invoice names its ${seller === undefined ? 'seller (BG-4, the supplier of an invoice the account receives)' : 'buyer (BG-7)'} with a name and a country (BR-6, BR-7, BR-9, BR-11)`,
      ),
    );
  if (invoice.type === 'IssuedSelfInvoice' && specification === 'peppol-bis3')
    issues.push(
      issueAt(
        'en16931.write.self-billing',
        'parameter_invalid',
        ['type'],
        'is IssuedSelfInvoice: Peppol BIS Billing 3.0 carries no self-billed invoices (OpenPeppol publishes Self-Billing as a BIS of its own, and P0100 does not allow 389); write it as EN 16931 CII or XRechnung',
      ),
    );
  if (
    issues.length > 0 ||
    !entries.success ||
    !breakdown.success ||
    !payment.success ||
    seller === undefined ||
    buyer === undefined
  )
    return { success: false, issues };

  const intraCommunity = breakdown.data.some((row) => row.category === 'K');
  const preceding: En16931PrecedingInvoice[] = [];
  for (const reference of invoice.invoice_references) {
    const number = documentNumber(reference.number, reference.series_code);
    if (number !== null) preceding.push({ number, issue_date: given(reference.date) });
  }
  const supplyDate = given(invoice.tax_point_date);
  const document: En16931Invoice = {
    number: documentNumber(invoice.number, invoice.series_code) ?? invoice.number,
    issue_date: invoice.date,
    type_code: invoiceTypeCode(
      // A self-billed invoice says so (UNTDID 1001 389) unless its type_code says more.
      { ...invoice, type_code: invoice.type_code ?? (invoice.type === 'IssuedSelfInvoice' ? '389' : null) },
      specification,
    ),
    currency,
    tax_currency: totals.local?.currency,
    tax_point_date: supplyDate,
    exchange_rate: totals.local?.exchange_rate,
    due_date: given(invoice.due_date),
    buyer_reference: given(invoice.buyer_reference),
    contract_reference: given(invoice.contract_number),
    purchase_order_reference: given(invoice.ponumber),
    sales_order_reference: given(invoice.sales_order_reference),
    despatch_advice_reference: given(invoice.delivery_note_number),
    invoiced_object: given(invoice.file_reference),
    buyer_accounting_reference: given(invoice.buyer_accounting_reference),
    notes: given(invoice.notes) === undefined ? [] : [invoice.notes?.trim() ?? ''],
    preceding_invoices: preceding,
    seller,
    buyer,
    delivery_date: supplyDate,
    delivery_address: intraCommunity ? buyer.address : undefined,
    payment: payment.data,
    allowances_charges: entries.data,
    totals: monetaryTotalsOf(totals, {
      decimals,
      flip,
      allowances: entries.data.some((entry) => !entry.charge),
      charges: entries.data.some((entry) => entry.charge),
    }),
    vat_breakdown: breakdown.data,
    lines,
  };
  const missing = prerequisiteIssues({
    document,
    specification,
    participant: !received && participant !== null && participant !== undefined,
  });
  if (missing.length === 0) return { success: true, data: document };
  // The table names the seller's fields `account.…` and the buyer's `contact.…`: the other way round
  // when the account is the buyer.
  return { success: false, issues: received ? missing.map(swappedParties) : missing };
}
