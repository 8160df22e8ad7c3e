/**
 * The readable invoice's presentation model (`pdf.invoice`, issue #22 "a readable A4 invoice that
 * people would want to receive"): everything the page shows, as text in the invoice's language,
 * decided here once so that the renderer (`./render.ts`) only lays text out and never reads an
 * invoice, counts money or chooses a word.
 *
 * Where each fact comes from:
 * - the seller is the account, the buyer the invoice's contact (what the invoice itself says of the
 *   party — its `contact` summary — first, the stored contact for the address and e-mail), as in every
 *   other document of the invoice (`EInvoiceSource`);
 * - every amount is a string of {@link documentTotals} (`TotalsResult`), the amounts the UBL, CII and
 *   Facturae documents carry, only rearranged for reading ({@link formatAmount}); none is computed here;
 * - quantities and unit prices are the stored line's, as given;
 * - the labels are the language's words (`./labels.ts`).
 *
 * Every tax group is shown — VAT, surcharge (*recargo de equivalencia*) and withholding (Spanish
 * IRPF) — because the readable invoice is for every invoice, not only those EN 16931 can carry; a
 * withholding is printed with its minus, as it is subtracted from the total.
 *
 * @module
 */
import { countryName } from '../../codelists/countries.js';
import type { Validated } from '../../errors/validationIssue.js';
import { documentNumber } from '../../generate/references.js';
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import type { Invoice } from '../../model/invoice.js';
import type { InvoiceLine } from '../../model/invoiceLine.js';
import { presentText } from '../../model/presentText.js';
import { currencyExponent } from '../../money/currencies.js';
import type { TotalsGroup, TotalsResult } from '../../totals/result.js';
import { negated } from '../semantic/amounts.js';
import { documentCurrency, documentTotals, type EInvoiceSource } from '../semantic/source.js';
import {
  formatAmount,
  formatDate,
  formatIban,
  formatPercent,
  formatPrice,
  formatQuantity,
  type NumberStyle,
  numberStyle,
} from './format.js';
import {
  type InvoiceLabels,
  invoiceLabels,
  type LanguageLabels,
  PAYMENT_MEANS_KEYS,
  type TaxCategoryNoteKey,
} from './labels.js';

/** A label and its value, both ready to print. */
export interface LabelledText {
  readonly label: string;
  readonly value: string;
}

/** A party block: its name, its address lines, then its identifiers and contact points. */
export interface PartyView {
  readonly name: string;
  /** Street, second line, postal code and city, province, country (those present). */
  readonly address: readonly string[];
  /** Tax id, company id, e-mail, phone, web (those present). */
  readonly details: readonly LabelledText[];
}

/** One invoice line as printed. */
export interface LineView {
  /** Its position, from 1. */
  readonly position: string;
  readonly description: string;
  /** Under the description: the line's allowances and charges (`Discount 10 %: -10.00`), its item code. */
  readonly notes: readonly string[];
  readonly quantity: string;
  readonly unit: string;
  readonly unit_price: string;
  /** The line's taxes (`21 %`, or `IVA 21 %` and `IRPF -15 %` on two lines when it has several). */
  readonly taxes: string;
  /** The printed line net (BT-131). */
  readonly net: string;
}

/** A row of an amounts table: a text, an optional rate, and the amount. */
export interface AmountRow {
  readonly label: string;
  readonly value: string;
  /** Printed bold (the amount due). */
  readonly strong?: boolean | undefined;
}

/** One tax group of the breakdown. */
export interface TaxRowView {
  /** The tax's name (`IVA`, `VAT`), and its kind where that is not VAT. */
  readonly name: string;
  readonly rate: string;
  readonly base: string;
  readonly amount: string;
  /** The mention the VAT category requires (`Reverse charge`), or ''. */
  readonly note: string;
}

/** One document-level allowance or charge (BG-20 / BG-21), one per tax set it went to. */
export interface AllowanceChargeView {
  readonly label: string;
  readonly taxes: string;
  readonly amount: string;
}

/** The taxes in the account's currency, when the invoice is in another one (EN 16931 BT-6, BT-111). */
export interface LocalCurrencyView {
  readonly title: string;
  /** `1 USD = 0.91 EUR`. */
  readonly exchange_rate: LabelledText;
  readonly taxes: readonly TaxRowView[];
  readonly totals: readonly AmountRow[];
}

/** Document metadata: the PDF's Info dictionary and XMP. */
export interface DocumentMetadata {
  /** `Invoice F-2026/0001` in the invoice's language. */
  readonly title: string;
  /** The seller's name. */
  readonly author: string;
  /** `ACME SL → Norte SA, 617.74 EUR`. */
  readonly subject: string;
  /** The invoice's date, `YYYY-MM-DD`: the PDF's creation and modification date (deterministic output). */
  readonly date: string;
  /** The language the invoice is printed in (ISO 639-1), the catalog's `/Lang`. */
  readonly language: string;
}

/** Everything the readable invoice prints, as text. */
export interface InvoiceView {
  readonly document: DocumentMetadata;
  /** The column headers and section titles. */
  readonly labels: InvoiceLabels;
  /** `Invoice`, `Credit note`, … */
  readonly title: string;
  /** The number the invoice is known by (series and number, `documentNumber`). */
  readonly number: string;
  readonly currency: string;
  readonly seller: PartyView;
  readonly buyer: PartyView | null;
  /** Dates and references, in the order a reader looks for them. */
  readonly details: readonly LabelledText[];
  readonly lines: readonly LineView[];
  /** Whether any line has a unit (else the column is left out). */
  readonly has_units: boolean;
  readonly allowance_charges: readonly AllowanceChargeView[];
  readonly taxes: readonly TaxRowView[];
  readonly totals: readonly AmountRow[];
  readonly local: LocalCurrencyView | null;
  /** How to pay: means, IBAN, BIC, bank, the account to be debited. */
  readonly payment_account: readonly LabelledText[];
  /** When and with what reference: due date, payment reference (the OGM), amount due. */
  readonly payment_terms: readonly LabelledText[];
  readonly notes: readonly string[];
  /** The seller's legal data for the foot of every page. */
  readonly footer: readonly string[];
}

/** What a view is built with: the language's words and number style, the currency's decimals. */
interface Context {
  readonly words: LanguageLabels;
  readonly labels: InvoiceLabels;
  readonly style: NumberStyle;
  readonly currency: string;
  readonly decimals: number;
  readonly language: string;
}

/**
 * The readable invoice of an invoice, its account and its contact: every word in the invoice's
 * language (else its contact's, else its account's; English when fiscalkit has no words for it), every
 * amount from {@link documentTotals}. Fails only when the totals do (an invoice the engine refuses).
 *
 * @example
 * ```ts
 * const view = invoiceView({ invoice, account, contact });
 * view.success && view.data.totals.at(-1); // { label: 'Total a pagar', value: '617,74 EUR', strong: true }
 * ```
 */
export function invoiceView(source: EInvoiceSource): Validated<InvoiceView> {
  const totals = documentTotals(source);
  if (!totals.success) return totals;
  const { invoice, account, contact } = source;
  const chosen = invoiceLabels(invoice.language ?? contact?.language ?? account.language);
  const currency = documentCurrency(source);
  const context: Context = {
    words: chosen.labels,
    labels: chosen.labels.labels,
    style: numberStyle(chosen.language),
    currency,
    decimals: currencyExponent(currency),
    language: chosen.language,
  };
  const result = totals.data;
  const number = documentNumber(invoice.number, invoice.series_code) ?? invoice.number;
  const title = titleOf(invoice, context.labels);
  const buyer = buyerView(source, context);
  const payable = `${amount(result.totals.payable_amount, context)} ${currency}`;
  return {
    success: true,
    data: {
      document: {
        title: `${title} ${number}`,
        author: account.name,
        subject: `${account.name}${buyer === null ? '' : ` → ${buyer.name}`}, ${payable}`,
        date: invoice.date,
        language: chosen.language,
      },
      labels: context.labels,
      title,
      number,
      currency,
      seller: sellerView(account, contact?.country ?? invoice.contact?.country ?? null, context),
      buyer,
      details: detailsOf(invoice, context),
      lines: invoice.lines.map((line, index) => lineView(line, index, result, context)),
      has_units: invoice.lines.some((line) => presentText(line.unit) !== null),
      allowance_charges: allowanceChargesOf(result, context),
      taxes: result.groups.map((group) => taxRow(group, group.base, group.tax, context)),
      totals: totalsOf(result, context),
      local: localOf(result, context),
      ...paymentOf(invoice, result, context),
      notes: notesOf(invoice),
      footer: footerOf(account, context),
    },
  };
}

// ─── Words ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The title: a credit note (`is_credit_note`, UNTDID 1001 381), else a corrective invoice (an `amend`
 * reference or a correcting type code: KSeF `KOR*`, UNTDID 384), an advance invoice (KSeF `ZAL`,
 * UNTDID 386), a self-billed one (`IssuedSelfInvoice`, UNTDID 389: Directive 2006/112/EC art. 226
 * (10a) requires the mention), a simplified one, else an invoice.
 */
function titleOf(invoice: Invoice, labels: InvoiceLabels): string {
  const code = invoice.type_code ?? '';
  if (invoice.is_credit_note === true || code === '381') return labels.credit_note;
  if (
    code.startsWith('KOR') ||
    code === '384' ||
    invoice.invoice_references.some((reference) => reference.reference_type === 'amend')
  )
    return labels.corrective_invoice;
  if (code === 'ZAL' || code === '386') return labels.advance_invoice;
  if (invoice.type === 'IssuedSelfInvoice' || code === '389') return labels.self_billed_invoice;
  if (invoice.type === 'IssuedSimplifiedInvoice') return labels.simplified_invoice;
  return labels.invoice;
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function amount(value: string, context: Context): string {
  return formatAmount(value, context.style, context.decimals);
}

// ─── Parties ────────────────────────────────────────────────────────────────────────────────────

interface AddressFields {
  readonly address?: string | null | undefined;
  readonly address2?: string | null | undefined;
  readonly postalcode?: string | null | undefined;
  readonly city?: string | null | undefined;
  readonly province?: string | null | undefined;
  readonly country?: string | null | undefined;
}

/**
 * The country's name in the invoice's language (the runtime's `Intl.DisplayNames`, CLDR data), else
 * in English (`countries-list`), else the code.
 */
function countryLabel(code: string, language: string): string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    const name = names.of(code);
    if (name !== undefined) return name;
  } catch {
    // A runtime without Intl.DisplayNames: the English name below.
  }
  return countryName(code) ?? code;
}

/**
 * The address lines; the country only when it is not the other party's (a domestic invoice does not
 * say "Spain" twice; a cross-border one names both countries).
 */
function addressLines(party: AddressFields, otherCountry: string | null, context: Context): string[] {
  const lines: string[] = [];
  const street = presentText(party.address);
  if (street !== null) lines.push(street);
  const street2 = presentText(party.address2);
  if (street2 !== null) lines.push(street2);
  const place = [presentText(party.postalcode), presentText(party.city)].filter((part) => part !== null);
  if (place.length > 0) lines.push(place.join(' '));
  const province = presentText(party.province);
  if (province !== null && province !== presentText(party.city)) lines.push(province);
  const country = presentText(party.country)?.toUpperCase() ?? null;
  if (country !== null && country !== otherCountry?.toUpperCase())
    lines.push(countryLabel(country, context.language));
  return lines;
}

function detail(details: LabelledText[], label: string, value: unknown): void {
  const text = presentText(value);
  if (text !== null) details.push({ label, value: text });
}

function sellerView(account: Account, buyerCountry: string | null, context: Context): PartyView {
  const details: LabelledText[] = [];
  detail(details, context.labels.tax_id, account.tin_value);
  const cin = presentText(account.cin_value) ?? presentText(account.cin);
  if (cin !== null && cin !== presentText(account.tin_value)) detail(details, context.labels.company_id, cin);
  detail(details, context.labels.email, account.email);
  detail(details, context.labels.phone, account.phone);
  detail(details, context.labels.website, account.website);
  return {
    name: account.name,
    address: addressLines(account, buyerCountry, context),
    details,
  };
}

/**
 * The buyer: the invoice's own summary of its contact (`invoice.contact`: the name, tax id and
 * company id this invoice was issued to, which a later edit of the stored contact does not change),
 * and the stored contact's address and e-mail. Null when the invoice names no buyer at all (a
 * simplified invoice may not).
 */
function buyerView(source: EInvoiceSource, context: Context): PartyView | null {
  const { invoice, account } = source;
  const contact: Contact | null = source.contact;
  const summary = invoice.contact ?? null;
  const name = presentText(summary?.name) ?? presentText(contact?.name);
  if (name === null) return null;
  const details: LabelledText[] = [];
  const tin = presentText(summary?.tin_value) ?? presentText(contact?.tin_value);
  detail(details, context.labels.tax_id, tin);
  const cin = presentText(summary?.cin_value) ?? presentText(contact?.cin_value);
  if (cin !== null && cin !== tin) detail(details, context.labels.company_id, cin);
  detail(details, context.labels.contact_person, invoice.customer_contact_person ?? contact?.contact_person);
  detail(details, context.labels.email, contact?.email);
  const address: AddressFields = contact ?? { country: summary?.country ?? null };
  return { name, address: addressLines(address, account.country, context), details };
}

function footerOf(account: Account, context: Context): string[] {
  const place = [presentText(account.postalcode), presentText(account.city)].filter((part) => part !== null);
  const address = [presentText(account.address), place.join(' ')].filter(
    (part) => part !== null && part !== '',
  );
  const first = [account.name, address.join(', ')].filter((part) => part !== '').join(' · ');
  const second: string[] = [];
  const tin = presentText(account.tin_value);
  if (tin !== null) second.push(`${context.labels.tax_id} ${tin}`);
  const cin = presentText(account.cin_value) ?? presentText(account.cin);
  if (cin !== null && cin !== tin) second.push(`${context.labels.company_id} ${cin}`);
  for (const value of [account.email, account.phone, account.website]) {
    const text = presentText(value);
    if (text !== null) second.push(text);
  }
  return second.length === 0 ? [first] : [first, second.join(' · ')];
}

// ─── Dates and references ───────────────────────────────────────────────────────────────────────

function detailsOf(invoice: Invoice, context: Context): LabelledText[] {
  const { labels, style } = context;
  const details: LabelledText[] = [];
  // The number printed is BT-1, series in front (`documentNumber`, as the XML of a Factur-X carries
  // it); the series is named too, as Spanish invoices show it (RD 1619/2012 art. 6.1.a "número y, en
  // su caso, serie").
  const series = presentText(invoice.series_code);
  if (series !== null) details.push({ label: labels.series, value: series });
  details.push({ label: labels.issue_date, value: formatDate(invoice.date, style) });
  const date = (label: string, value: string | null | undefined) => {
    if (presentText(value) !== null) details.push({ label, value: formatDate(value as string, style) });
  };
  date(labels.tax_point_date, invoice.tax_point_date);
  date(labels.due_date, invoice.due_date);
  detail(details, labels.purchase_order, invoice.ponumber);
  date(labels.order_date, invoice.order_date);
  detail(details, labels.buyer_reference, invoice.buyer_reference);
  detail(details, labels.sales_order, invoice.sales_order_reference);
  detail(details, labels.delivery_note, invoice.delivery_note_number);
  detail(details, labels.contract, invoice.contract_number);
  detail(details, labels.file_reference, invoice.file_reference);
  detail(details, labels.accounting_reference, invoice.buyer_accounting_reference);
  for (const reference of invoice.invoice_references) {
    const number = documentNumber(reference.number, reference.series_code);
    if (number === null) continue;
    const dated =
      presentText(reference.date) === null
        ? number
        : `${number} (${formatDate(reference.date as string, style)})`;
    const label = reference.reference_type === 'amend' ? labels.corrects : labels.advance_invoices;
    const previous = details.find((entry) => entry.label === label);
    if (previous !== undefined && reference.reference_type === 'prepayment')
      details[details.indexOf(previous)] = { label, value: `${previous.value}, ${dated}` };
    else details.push({ label, value: dated });
    if (reference.reference_type === 'amend') detail(details, labels.reason, reference.reason);
  }
  if (invoice.currency !== null && invoice.currency !== undefined)
    details.push({ label: labels.currency, value: context.currency });
  return details;
}

// ─── Lines ──────────────────────────────────────────────────────────────────────────────────────

/** The name and rate of a tax as a line column shows it: the rate alone when the line has one tax, else one tax a line. */
function lineTaxes(line: InvoiceLine, context: Context): string {
  const taxes = line.taxes_attributes;
  if (taxes.length === 1 && taxes[0] !== undefined) return formatPercent(taxes[0].percent, context.style);
  return taxes.map((tax) => `${tax.name} ${formatPercent(tax.percent, context.style)}`).join('\n');
}

function lineView(line: InvoiceLine, index: number, result: TotalsResult, context: Context): LineView {
  const printed = result.lines[index];
  const notes: string[] = [];
  for (const entry of printed?.allowance_charges ?? []) {
    const allowance = entry.allowance_charge_indicator === 'allowance';
    const name = presentText(entry.reason) ?? (allowance ? context.labels.allowance : context.labels.charge);
    const percentage =
      entry.percentage === undefined ? '' : ` ${formatPercent(entry.percentage, context.style)}`;
    const value = amount(allowance ? negated(entry.amount) : entry.amount, context);
    notes.push(`${name}${percentage}: ${value}`);
  }
  const code = presentText(line.classification_code);
  if (code !== null) {
    const scheme = presentText(line.classification_code_scheme);
    notes.push(scheme === null ? code : `${scheme} ${code}`);
  }
  const base = presentText(line.base_quantity);
  const price = formatPrice(line.price, context.style, context.decimals);
  return {
    position: String(index + 1),
    description: presentText(line.description) ?? '',
    notes,
    quantity: formatQuantity(line.quantity, context.style),
    unit: presentText(line.unit) ?? '',
    unit_price: base === null || base === '1' ? price : `${price} / ${formatQuantity(base, context.style)}`,
    taxes: lineTaxes(line, context),
    net: amount(printed?.net ?? line.amount ?? '', context),
  };
}

// ─── Taxes and totals ───────────────────────────────────────────────────────────────────────────

/** The VAT category of a group (`kind|category|name|percent`, taxmath.md §3.4), or ''. */
function categoryOf(group: Pick<TotalsGroup, 'key'>): string {
  return group.key.split('|')[1] ?? '';
}

const CATEGORY_NOTES: ReadonlySet<string> = new Set<TaxCategoryNoteKey>([
  'Z',
  'E',
  'AE',
  'K',
  'G',
  'O',
  'L',
  'M',
]);

function taxRow(group: TotalsGroup, base: string, tax: string, context: Context): TaxRowView {
  const category = categoryOf(group).toUpperCase();
  const withholding = group.kind === 'withholding';
  return {
    name: group.name,
    rate: formatPercent(group.percent, context.style),
    base: amount(base, context),
    amount: amount(withholding ? negated(tax) : tax, context),
    note: CATEGORY_NOTES.has(category) ? context.words.categories[category as TaxCategoryNoteKey] : '',
  };
}

/** `IVA 21 %` for each VAT and surcharge group an allowance or charge went to. */
function taxesOfEntry(
  taxes: Readonly<Record<string, string>>,
  result: TotalsResult,
  context: Context,
): string {
  return result.groups
    .filter((group) => group.kind !== 'withholding' && taxes[group.key] !== undefined)
    .map((group) => `${group.name} ${formatPercent(group.percent, context.style)}`)
    .join(' · ');
}

function allowanceChargesOf(result: TotalsResult, context: Context): AllowanceChargeView[] {
  return (result.allowance_charges ?? []).map((entry) => {
    const allowance = entry.allowance_charge_indicator === 'allowance';
    const name =
      presentText(entry.reason) ??
      (entry.is_reimbursable_expense === true
        ? context.labels.reimbursable
        : allowance
          ? context.labels.allowance
          : context.labels.charge);
    const percentage =
      entry.percentage === undefined
        ? ''
        : ` ${formatPercent(entry.percentage, context.style)}${
            entry.base_amount === undefined ? '' : ` × ${amount(entry.base_amount, context)}`
          }`;
    return {
      label: `${name}${percentage}`,
      taxes: taxesOfEntry(entry.taxes, result, context),
      amount: amount(allowance ? negated(entry.amount) : entry.amount, context),
    };
  });
}

/** Whether a decimal string is zero (`0`, `0.00`, `-0.00`). */
function isZero(value: string | undefined): boolean {
  return value === undefined || !/[1-9]/.test(value);
}

/**
 * The totals box, top to bottom as the amounts build up (EN 16931 BG-22): the sum of the lines and
 * the document allowances and charges when there are any, the net total (BT-109), the taxes (BT-110
 * plus surcharges), the total with taxes (BT-112), each withholding subtracted (the service's
 * `total`), the prepaid amount (BT-113), reimbursable expenses, the rounding (BT-114), and the amount
 * due (BT-115) with the currency code. Zero lines that add nothing to the reading are left out.
 */
function totalsOf(result: TotalsResult, context: Context): AmountRow[] {
  const { labels } = context;
  const t = result.totals;
  const rows: AmountRow[] = [];
  const row = (label: string, value: string) => rows.push({ label, value: amount(value, context) });
  const adjusted = !isZero(t.allowance_total_amount) || !isZero(t.charge_total_amount);
  if (adjusted && t.subtotal !== undefined) row(labels.subtotal, t.subtotal);
  if (!isZero(t.allowance_total_amount))
    row(labels.allowance_total, negated(t.allowance_total_amount as string));
  if (!isZero(t.charge_total_amount)) row(labels.charge_total, t.charge_total_amount as string);
  row(labels.tax_exclusive, t.tax_exclusive_amount ?? t.net_total);
  row(labels.tax_total, t.tax_outputs);
  row(labels.tax_inclusive, t.tax_inclusive_amount ?? t.tax_inclusive);
  const withholdings = result.groups.filter((group) => group.kind === 'withholding');
  for (const group of withholdings)
    row(
      `${labels.withheld} ${group.name} ${formatPercent(group.percent, context.style)}`,
      negated(group.tax),
    );
  if (withholdings.length > 0) row(labels.total, t.total);
  if (!isZero(t.prepaid_amount)) row(labels.prepaid, negated(t.prepaid_amount as string));
  if (!isZero(t.reimbursable_expenses_amount))
    row(labels.reimbursable, t.reimbursable_expenses_amount as string);
  if (!isZero(t.payable_rounding_amount)) row(labels.rounding, t.payable_rounding_amount as string);
  rows.push({
    label: labels.payable,
    value: `${amount(t.payable_amount, context)} ${context.currency}`,
    strong: true,
  });
  return rows;
}

/**
 * The taxes in the account's currency when the invoice is in another one and has an exchange rate
 * (taxmath.md §3.10: each group converted from its rounded amounts; EN 16931 BT-111 is the VAT total
 * in the accounting currency). The rate is the account-currency units per one invoice-currency unit.
 */
function localOf(result: TotalsResult, context: Context): LocalCurrencyView | null {
  const local = result.local;
  if (local === undefined || local.currency === context.currency) return null;
  const localContext: Context = {
    ...context,
    currency: local.currency,
    decimals: currencyExponent(local.currency),
  };
  const byKey = new Map(result.groups.map((group) => [group.key, group]));
  const taxes: TaxRowView[] = [];
  for (const converted of local.groups) {
    const group = byKey.get(converted.key);
    if (group !== undefined) taxes.push(taxRow(group, converted.base, converted.tax, localContext));
  }
  const totals: AmountRow[] = [
    {
      label: context.labels.tax_total,
      value: `${amount(local.tax_outputs, localContext)} ${local.currency}`,
    },
  ];
  if (!isZero(local.withheld))
    totals.push({
      label: context.labels.withheld,
      value: `${amount(negated(local.withheld), localContext)} ${local.currency}`,
    });
  totals.push({
    label: fill(context.labels.total_in, { currency: local.currency }),
    value: `${amount(local.total_converted_directly, localContext)} ${local.currency}`,
  });
  return {
    title: fill(context.labels.local_taxes, { currency: local.currency }),
    exchange_rate: {
      label: context.labels.exchange_rate,
      value: `1 ${context.currency} = ${formatQuantity(local.exchange_rate, context.style)} ${local.currency}`,
    },
    taxes,
    totals,
  };
}

// ─── Payment and notes ──────────────────────────────────────────────────────────────────────────

/** The stored payment method in words, or as stored when fiscalkit does not know it. */
function paymentMeans(method: string, context: Context): string {
  const key = PAYMENT_MEANS_KEYS[method.toLowerCase().replace(/[\s-]+/g, '_')];
  return key === undefined ? method : context.words.payment_means[key];
}

/**
 * The payment box: the means, where to pay (the invoice's `bank_account`: IBAN in groups of four,
 * ISO 13616-1 paper format; BIC; bank), the buyer's account to be debited for a direct debit
 * (`contact_iban`, EN 16931 BT-91), the due date, the remittance reference (the Belgian OGM
 * `+++123/4567/89012+++` of `auto_remittance`, labelled as the structured communication Belgian
 * banks ask for; EN 16931 BT-83), and the amount due.
 */
function paymentOf(
  invoice: Invoice,
  result: TotalsResult,
  context: Context,
): { payment_account: LabelledText[]; payment_terms: LabelledText[] } {
  const { labels } = context;
  const rows: LabelledText[] = [];
  const terms: LabelledText[] = [];
  const method = presentText(invoice.payment_method);
  if (method !== null) rows.push({ label: labels.payment_means, value: paymentMeans(method, context) });
  const iban = presentText(invoice.bank_account?.iban);
  if (iban !== null) rows.push({ label: labels.iban, value: formatIban(iban) });
  detail(rows, labels.bic, invoice.bank_account?.bic);
  detail(rows, labels.bank, invoice.bank_account?.bank_name);
  const debited = presentText(invoice.contact_iban);
  if (debited !== null) rows.push({ label: labels.debited_account, value: formatIban(debited) });
  if (presentText(invoice.due_date) !== null)
    terms.push({ label: labels.due_date, value: formatDate(invoice.due_date as string, context.style) });
  const reference = presentText(invoice.remittance_reference);
  if (reference !== null)
    terms.push({
      label: /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/.test(reference)
        ? labels.structured_reference
        : labels.payment_reference,
      value: reference,
    });
  if (rows.length === 0 && terms.length === 0) return { payment_account: rows, payment_terms: terms };
  terms.push({
    label: labels.payable,
    value: `${amount(result.totals.payable_amount, context)} ${context.currency}`,
  });
  return { payment_account: rows, payment_terms: terms };
}

function notesOf(invoice: Invoice): string[] {
  const notes: string[] = [];
  for (const text of [invoice.notes, invoice.extra_info]) {
    const present = presentText(text);
    if (present !== null) notes.push(present);
  }
  return notes;
}
