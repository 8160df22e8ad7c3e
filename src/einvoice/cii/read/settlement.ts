import type { XdmElement } from '../../../xpath/document.js';
import type {
  En16931AllowanceCharge,
  En16931Payment,
  En16931PaymentAccount,
  En16931PrecedingInvoice,
  En16931Totals,
  En16931VatBreakdown,
} from '../../semantic/en16931Invoice.js';
import { CII_NAMESPACES } from '../specification.js';
import type { CiiTree } from './tree.js';
import { categoryRate, vatCategory } from './vat.js';

/** The invoice and tax currencies with their minor units, as the amounts are read. */
export interface CiiCurrencies {
  /** BT-5. */
  readonly currency: string;
  readonly scale: number;
  /** BT-6, when given. */
  readonly taxCurrency: string | undefined;
  readonly taxScale: number;
}

/** What `ram:ApplicableHeaderTradeSettlement` gives the invoice. */
export interface CiiSettlement {
  readonly payment: En16931Payment | undefined;
  readonly vat_breakdown: En16931VatBreakdown[];
  readonly tax_point_date: string | undefined;
  readonly exchange_rate: string | undefined;
  readonly allowances_charges: En16931AllowanceCharge[];
  readonly payment_terms: string | undefined;
  readonly due_date: string | undefined;
  readonly totals: En16931Totals | undefined;
  readonly preceding_invoices: En16931PrecedingInvoice[];
  readonly buyer_accounting_reference: string | undefined;
}

/**
 * `ram:ApplicableHeaderTradeSettlement` back into the model: the inverse of the writer's
 * `headerTradeSettlement`. Refused: payment means of different type codes (CII-SR-467; the model has
 * one BT-81), a second payment reference (CII-SR-469), tax point dates that differ (CII-SR-461), a VAT
 * total (`ram:TaxTotalAmount`) in a currency that is neither BT-5 nor BT-6 or given twice, and a
 * tax other than VAT. Left out (no amount): the payee (BG-10), card and direct debit details (BG-18,
 * BG-19, BT-89, BT-90), the VAT due date code (BT-8), the invoicing period (BG-14).
 *
 * @example
 * ```ts
 * readSettlement(tree, settlement, { currency: 'EUR', scale: 2, taxCurrency: undefined, taxScale: 2 }).totals?.payable; // '1092.00'
 * ```
 */
export function readSettlement(
  tree: CiiTree,
  settlement: XdmElement,
  currencies: CiiCurrencies,
): CiiSettlement {
  const { scale } = currencies;
  const payment = readPayment(tree, settlement);
  const vat_breakdown: En16931VatBreakdown[] = [];
  let taxPointDate: string | undefined;
  for (const tax of tree.children(settlement, 'ApplicableTradeTax')) {
    const category = vatCategory(tree, tax, 'the VAT category code (BT-118)');
    const taxAmount = required(tree, tax, 'CalculatedAmount', 'the VAT category tax amount (BT-117)');
    const taxable = required(tree, tax, 'BasisAmount', 'the VAT category taxable amount (BT-116)');
    const tax_amount = tree.amount(taxAmount, scale);
    const taxable_amount = tree.amount(taxable, scale);
    const point = tree.date(tree.child(tax, 'TaxPointDate'), 'DateString', CII_NAMESPACES.udt);
    if (point !== undefined) {
      if (taxPointDate !== undefined && taxPointDate !== point)
        tree.invalid(
          tax,
          'en16931.cii.read.tax-point-date',
          `gives the tax point date ${point} and another row ${taxPointDate}: an EN 16931 invoice has one VAT point date (BT-7, CII-SR-461)`,
        );
      taxPointDate ??= point;
    }
    const rate = tree.decimal(tree.child(tax, 'RateApplicablePercent'));
    if (category === undefined || tax_amount === undefined || taxable_amount === undefined) continue;
    vat_breakdown.push({
      taxable_amount,
      tax_amount,
      category,
      rate: categoryRate(category, rate),
      exemption_reason: tree.text(tax, 'ExemptionReason'),
      exemption_reason_code: tree.token(tax, 'ExemptionReasonCode'),
    });
  }
  const allowances_charges: En16931AllowanceCharge[] = [];
  for (const entry of tree.children(settlement, 'SpecifiedTradeAllowanceCharge')) {
    const charge = tree.chargeIndicator(entry);
    const amount = tree.amount(
      required(tree, entry, 'ActualAmount', 'the document level allowance or charge amount (BT-92, BT-99)'),
      scale,
    );
    const tax = tree.child(entry, 'CategoryTradeTax');
    if (tax === undefined)
      tree.missing(
        entry,
        'CategoryTradeTax',
        'the document level allowance or charge VAT category (BT-95, BT-102)',
      );
    const category =
      tax === undefined
        ? undefined
        : vatCategory(tree, tax, 'the allowance or charge VAT category code (BT-95, BT-102)');
    const rate = tree.decimal(tree.child(tax, 'RateApplicablePercent'));
    if (charge === undefined || amount === undefined || category === undefined) continue;
    allowances_charges.push({
      charge,
      amount,
      base_amount: tree.amount(tree.child(entry, 'BasisAmount'), scale),
      percentage: tree.decimal(tree.child(entry, 'CalculationPercent')),
      vat_category: category,
      vat_rate: categoryRate(category, rate),
      reason: tree.text(entry, 'Reason'),
      reason_code: tree.token(entry, 'ReasonCode'),
    });
  }
  const terms = tree.child(settlement, 'SpecifiedTradePaymentTerms');
  const due = tree.child(terms, 'DueDateDateTime');
  const preceding = tree.child(settlement, 'InvoiceReferencedDocument');
  const precedingNumber = tree.requiredToken(
    preceding,
    'IssuerAssignedID',
    'the preceding invoice reference (BT-25)',
  );
  const precedingDate = tree.child(preceding, 'FormattedIssueDateTime');
  const preceding_invoices: En16931PrecedingInvoice[] = [];
  const precedingIssued = tree.date(precedingDate, 'DateTimeString', CII_NAMESPACES.qdt);
  if (precedingNumber !== undefined)
    preceding_invoices.push({ number: precedingNumber, issue_date: precedingIssued });
  return {
    payment,
    vat_breakdown,
    tax_point_date: taxPointDate,
    exchange_rate: readExchangeRate(tree, settlement, currencies),
    allowances_charges,
    payment_terms: tree.text(terms, 'Description'),
    due_date: tree.date(due, 'DateTimeString', CII_NAMESPACES.udt),
    totals: readTotals(tree, settlement, currencies),
    preceding_invoices,
    buyer_accounting_reference: tree.token(
      tree.child(settlement, 'ReceivableSpecifiedTradeAccountingAccount'),
      'ID',
    ),
  };
}

/** XPath's `normalize-space`. */
function normalized(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

/** A child that must be there: an issue when it is not. */
function required(tree: CiiTree, parent: XdmElement, name: string, term: string): XdmElement | undefined {
  const element = tree.child(parent, name);
  if (element === undefined) tree.missing(parent, name, term);
  return element;
}

/**
 * BG-16 from the `ram:SpecifiedTradeSettlementPaymentMeans` (one per BG-17 account, all with the same
 * BT-81 and BT-82) and BT-83 `ram:PaymentReference`. Without payment means there is no BG-16 for the
 * reference to belong to, and it is left out.
 */
function readPayment(tree: CiiTree, settlement: XdmElement): En16931Payment | undefined {
  const means = tree.children(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  if (means.length === 0) return undefined;
  const references = tree.children(settlement, 'PaymentReference');
  if (references.length > 1)
    tree.invalid(
      references[1] as XdmElement,
      'en16931.cii.read.payment-reference',
      'is a second payment reference: an EN 16931 invoice has one remittance information (BT-83, CII-SR-469)',
    );
  const remittance = references[0]?.stringValue;
  let code: string | undefined;
  let text: string | undefined;
  const credit_transfers: En16931PaymentAccount[] = [];
  for (const [index, entry] of means.entries()) {
    const entryCode = tree.requiredToken(entry, 'TypeCode', 'the payment means type code (BT-81)');
    const entryText = tree.text(entry, 'Information');
    // CII-SR-467 and CII-SR-468 as the EN 16931 rules test them: every type code, and every text
    // given, equal to the first (whitespace normalised).
    if (index === 0) code = entryCode;
    if (text === undefined) text = entryText;
    if (
      entryCode?.replace(/\s+/g, ' ') !== code?.replace(/\s+/g, ' ') ||
      (entryText !== undefined && normalized(entryText) !== normalized(text ?? ''))
    )
      tree.invalid(
        entry,
        'en16931.cii.read.payment-means',
        'names other payment means than the first: an EN 16931 invoice has one payment means type code and text (BT-81, BT-82; CII-SR-467, CII-SR-468)',
      );
    const account = tree.child(entry, 'PayeePartyCreditorFinancialAccount');
    const id = tree.token(account, 'IBANID') ?? tree.token(account, 'ProprietaryID');
    if (account !== undefined && id === undefined)
      tree.missing(account, 'IBANID', 'the payment account identifier (BT-84)');
    if (id === undefined) continue;
    credit_transfers.push({
      id,
      name: tree.text(account, 'AccountName'),
      provider: tree.token(tree.child(entry, 'PayeeSpecifiedCreditorFinancialInstitution'), 'BICID'),
    });
  }
  if (code === undefined) return undefined;
  return {
    means_code: code,
    means_text: text,
    remittance_information: remittance === undefined || remittance.trim() === '' ? undefined : remittance,
    credit_transfers,
  };
}

/**
 * The rate from BT-5 to BT-6 when the document gives one (`ram:TaxApplicableTradeCurrencyExchange`
 * from the invoice currency to the tax currency): not an EN 16931 term (CII-SR-366 warns of it), but
 * the model keeps it for the readable PDF. The writer does not write it back.
 */
function readExchangeRate(
  tree: CiiTree,
  settlement: XdmElement,
  currencies: CiiCurrencies,
): string | undefined {
  const exchange = tree.peek(settlement, 'TaxApplicableTradeCurrencyExchange');
  if (exchange === undefined || currencies.taxCurrency === undefined) return undefined;
  const source = tree.peek(exchange, 'SourceCurrencyCode')?.stringValue.trim();
  const target = tree.peek(exchange, 'TargetCurrencyCode')?.stringValue.trim();
  if (source !== currencies.currency || target !== currencies.taxCurrency) return undefined;
  tree.takeAll(exchange);
  return tree.decimal(tree.peek(exchange, 'ConversionRate'));
}

/**
 * BG-22 from `ram:SpecifiedTradeSettlementHeaderMonetarySummation`. The VAT totals are told apart by
 * `@currencyID`: BT-110 in the invoice currency (one without a currency is taken as that), BT-111 in
 * the tax currency.
 */
function readTotals(
  tree: CiiTree,
  settlement: XdmElement,
  currencies: CiiCurrencies,
): En16931Totals | undefined {
  const summation = tree.child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  if (summation === undefined) {
    tree.missing(
      settlement,
      'SpecifiedTradeSettlementHeaderMonetarySummation',
      'the document totals (BG-22)',
    );
    return undefined;
  }
  const { scale } = currencies;
  const amount = (name: string, term?: string) =>
    tree.amount(
      term === undefined ? tree.child(summation, name) : required(tree, summation, name, term),
      scale,
    );
  const line_net = amount('LineTotalAmount', 'the sum of invoice line net amounts (BT-106)');
  const charges = amount('ChargeTotalAmount');
  const allowances = amount('AllowanceTotalAmount');
  const tax_exclusive = amount('TaxBasisTotalAmount', 'the invoice total amount without VAT (BT-109)');
  let vat: string | undefined;
  let vatInTaxCurrency: string | undefined;
  let vatSeen = false;
  let taxCurrencySeen = false;
  const totals = tree.children(summation, 'TaxTotalAmount');
  for (const total of totals) {
    const currency = tree.attribute(total, 'currencyID') ?? currencies.currency;
    if (currency === currencies.currency && !vatSeen) {
      vatSeen = true;
      vat = tree.amount(total, scale);
    } else if (currency === currencies.taxCurrency && currency !== currencies.currency && !taxCurrencySeen) {
      taxCurrencySeen = true;
      vatInTaxCurrency = tree.amount(total, currencies.taxScale, currencies.taxCurrency);
    } else
      tree.invalid(
        total,
        'en16931.cii.read.tax-total-currency',
        `is a VAT total in ${currency}: EN 16931 has one in the invoice currency ${currencies.currency} (BT-110)` +
          `${currencies.taxCurrency === undefined ? '' : ` and one in the tax currency ${currencies.taxCurrency} (BT-111)`}, and no other`,
      );
  }
  if (totals.length === 0) tree.missing(summation, 'TaxTotalAmount', 'the invoice total VAT amount (BT-110)');
  const rounding = amount('RoundingAmount');
  const tax_inclusive = amount('GrandTotalAmount', 'the invoice total amount with VAT (BT-112)');
  const prepaid = amount('TotalPrepaidAmount');
  const payable = amount('DuePayableAmount', 'the amount due for payment (BT-115)');
  if (
    line_net === undefined ||
    tax_exclusive === undefined ||
    vat === undefined ||
    tax_inclusive === undefined ||
    payable === undefined
  )
    return undefined;
  return {
    line_net,
    allowances,
    charges,
    tax_exclusive,
    vat,
    vat_in_tax_currency: vatInTaxCurrency,
    tax_inclusive,
    prepaid,
    rounding,
    payable,
  };
}
