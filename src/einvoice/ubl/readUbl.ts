/**
 * The UBL 2.1 reader of issue #22 ("Reading them back"): a UBL `Invoice` or `CreditNote` (Peppol BIS 3,
 * XRechnung, plain EN 16931 or another CIUS) read into the EN 16931 semantic model, term by term as
 * EN 16931-3-2 binds them — the inverse of `writeUbl`, so that write → read → write gives the same
 * document.
 *
 * Safety first: the document passes fiscalkit's XML guards (`src/xml/guards.ts`: size, byte-order mark,
 * strict UTF-8, declared encoding, no DOCTYPE or ENTITY — refused before any parser runs, never
 * expanded — XML characters and references) and is parsed by fiscalkit's own scanner into an XDM tree
 * (`parseXdm`, namespace-aware, depth-limited), the same path the e-invoice validator takes.
 *
 * Nothing is dropped silently. Content the model cannot carry is refused when it could change an
 * amount — a withholding tax, a tax scheme other than VAT, a charge on the item price, a prepayment
 * record, any element holding an amount outside the binding, the seller's tax representative (under
 * whose VAT identifier the VAT may be due) — each with an `en16931.ubl.read.*` issue naming the
 * element. Content that changes no amount and has no place in the model (attachments, the invoicing
 * period, the payee, the delivery party, line periods, item attributes, …) is left out and listed in
 * `left_out` of `readUblDocument`.
 *
 * @module
 */
import type { Validated } from '../../errors/validationIssue.js';
import {
  bomIssue,
  documentIssue,
  documentText,
  dtdIssue,
  encodingIssue,
  sizeIssue,
  wellFormednessFailure,
  wellFormednessIssue,
  type XmlDocumentPolicy,
} from '../../xml/guards.js';
import { parseXdm, type XdmDocument, XdmParseError } from '../../xpath/document.js';
import type {
  En16931AllowanceCharge,
  En16931Invoice,
  En16931Line,
  En16931Payment,
  En16931PaymentAccount,
  En16931PrecedingInvoice,
  En16931Totals,
  En16931VatBreakdown,
} from '../semantic/en16931Invoice.js';
import { UNDEFINED_PAYMENT_MEANS } from './payment.js';
import { UBL_READ_RULES, type UblElement, UblReadContext } from './readContext.js';
import { readDocumentAllowanceCharge, readLine } from './readLine.js';
import { readAddress, readParty } from './readParty.js';
import { readVatCategory } from './readTaxCategory.js';
import { INVOICED_OBJECT_TYPE_CODE, UNKNOWN_ORDER_REFERENCE } from './references.js';
import { UBL_NAMESPACES, type UblSpecification, ublSpecificationOf } from './specification.js';

/** Options of `readUbl` / `readUblDocument`. */
export interface UblReadOptions {
  /** The param a problem with the document as a whole answers at; default `document`. */
  readonly param?: string | undefined;
  /** The largest document read, in UTF-8 bytes; default 10 MB (10485760 bytes), as the e-invoice validator. */
  readonly maxBytes?: number | undefined;
}

/** What `readUblDocument` reads from a document besides the invoice. */
export interface UblDocumentRead {
  /** The invoice in EN 16931 terms. */
  readonly invoice: En16931Invoice;
  /** BT-24 as declared (`cbc:CustomizationID`, whitespace-normalised), null when absent. */
  readonly customization_id: string | null;
  /** The specification fiscalkit writes that BT-24 names, null for any other. */
  readonly specification: UblSpecification | null;
  /**
   * The paths of the elements left out because they change no amount and the model has no place for
   * them (`Invoice/cac:InvoicePeriod`, `Invoice/cac:InvoiceLine[2]/cac:OrderLineReference`), in the
   * order they were met.
   */
  readonly left_out: readonly string[];
}

/** 10 MB (10 × 1024 × 1024 bytes), the e-invoice validator's limit, written out (the money guard). */
const DEFAULT_MAX_BYTES = 10485760;

/** The guards' wording for a UBL document given to the reader. */
function policyOf(options: UblReadOptions): XmlDocumentPolicy {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  return {
    param: options.param ?? 'document',
    document: 'a UBL invoice or credit note',
    maxBytes,
    maxBytesText: `${String(maxBytes)} bytes, the most the UBL reader reads`,
    reader: 'the UBL reader',
    reference: 'UBL 2.1 and EN 16931 use UTF-8',
    conversionHint: 'a document in another encoding must be converted to UTF-8 first',
    documents: 'UBL invoices',
  };
}

/**
 * The document through the guards and the parse (the e-invoice validator's path): the XDM tree, or the
 * first guard's issue. A UTF-8 byte-order mark is allowed (XML 1.0 §4.3.3, F.1), a UTF-16 one is not.
 */
function parseDocument(input: string | Uint8Array, policy: XmlDocumentPolicy): Validated<XdmDocument> {
  if (typeof input !== 'string' && !(input instanceof Uint8Array))
    return {
      success: false,
      issues: [
        documentIssue(
          'xml.input-type',
          policy.param,
          `must be ${policy.document} as a string or a Uint8Array of UTF-8 bytes`,
        ),
      ],
    };
  const inputIssue =
    sizeIssue(input, policy) ??
    (typeof input === 'string' || input[0] === 0xef ? null : bomIssue(input, policy));
  if (inputIssue !== null) return { success: false, issues: [inputIssue] };
  const decoded = documentText(input, policy);
  if (!decoded.success) return { success: false, issues: [decoded.issue] };
  const text = decoded.data.charCodeAt(0) === 0xfeff ? decoded.data.slice(1) : decoded.data;
  const textIssue =
    encodingIssue(text, policy) ?? dtdIssue(text, policy) ?? wellFormednessIssue(text, policy.param);
  if (textIssue !== null) return { success: false, issues: [textIssue] };
  try {
    return { success: true, data: parseXdm(text) };
  } catch (error) {
    if (!(error instanceof XdmParseError)) throw error;
    return {
      success: false,
      issues: [
        error.limit
          ? documentIssue(
              'xml.schema-limits',
              policy.param,
              `passes a reading limit: ${error.message.replace(/^\d+:\d+: /, '')}`,
            )
          : wellFormednessFailure(error.message, policy.param),
      ],
    };
  }
}

/** The document references: BT-12, BT-13, BT-14, BT-16, BT-18 and the preceding invoices (BG-3). */
function readReferences(root: UblElement): {
  contract_reference: string | undefined;
  purchase_order_reference: string | undefined;
  sales_order_reference: string | undefined;
  despatch_advice_reference: string | undefined;
  invoiced_object: string | undefined;
  preceding_invoices: En16931PrecedingInvoice[];
} {
  const order = root.one('cac:OrderReference');
  const sales = order?.text('cbc:SalesOrderID');
  const purchase = order?.text('cbc:ID');
  const preceding: En16931PrecedingInvoice[] = [];
  for (const billing of root.all('cac:BillingReference')) {
    const reference = billing.one('cac:InvoiceDocumentReference');
    if (reference === undefined) continue;
    const number = reference.requiredText('cbc:ID', 'the preceding invoice reference (BT-25)');
    if (number !== undefined) preceding.push({ number, issue_date: reference.date('cbc:IssueDate') });
  }
  let invoicedObject: string | undefined;
  for (const additional of root.all('cac:AdditionalDocumentReference')) {
    // BT-18 is the one with type code 130 (UBL-SR-04); the others are attachments and supporting
    // documents (BG-24) or, in a credit note, the tender reference (BT-17, type 50): no place in the model.
    if (additional.one('cbc:DocumentTypeCode')?.value !== INVOICED_OBJECT_TYPE_CODE) {
      additional.leaveOut();
      continue;
    }
    if (invoicedObject !== undefined) {
      additional.refuse(
        UBL_READ_RULES.repeated,
        'is a second invoiced object identifier (BT-18); EN 16931 has one (UBL-SR-04)',
      );
      continue;
    }
    invoicedObject = additional.text('cbc:ID');
  }
  return {
    contract_reference: root.one('cac:ContractDocumentReference')?.text('cbc:ID'),
    // `NA` beside a sales order is Peppol's "no purchase order" (`UNKNOWN_ORDER_REFERENCE`).
    purchase_order_reference:
      purchase === UNKNOWN_ORDER_REFERENCE && sales !== undefined ? undefined : purchase,
    sales_order_reference: sales,
    despatch_advice_reference: root.one('cac:DespatchDocumentReference')?.text('cbc:ID'),
    invoiced_object: invoicedObject,
    preceding_invoices: preceding,
  };
}

/** One `cac:PayeeFinancialAccount` (BG-17). */
function readAccount(account: UblElement): En16931PaymentAccount | null {
  const id = account.requiredText('cbc:ID', 'the payment account identifier (BT-84)');
  if (id === undefined) return null;
  return {
    id,
    name: account.text('cbc:Name'),
    provider: account.one('cac:FinancialInstitutionBranch')?.text('cbc:ID'),
  };
}

/** The means code (BT-81, required) and its text (BT-82, the `name` attribute) of one `cac:PaymentMeans`. */
function meansCode(means: UblElement): { code: string | undefined; text: string | undefined } {
  const element = means.one('cbc:PaymentMeansCode');
  const code = element?.value;
  if (code === undefined || code === '') {
    means.missing('cbc:PaymentMeansCode', 'the payment means type code (BT-81)');
    return { code: undefined, text: undefined };
  }
  const text = element?.attribute('name');
  return { code, text: text === '' ? undefined : text };
}

/**
 * The payment instructions (BG-16) and the due date a credit note carries in `PaymentMeans`
 * (`cbc:PaymentDueDate`, BT-9). Every `cac:PaymentMeans` must agree on the code, text and remittance
 * information (UBL-SR-44, 46, 47; the model has one BG-16), or the document is refused; each one's
 * account is a credit transfer (BG-17). Card (BG-18) and direct debit (BG-19) details are left out. A
 * credit note's lone `PaymentMeans` of code 1 with only a due date is how `writeUbl` writes a due date
 * without payment instructions, and reads back as that.
 */
function readPayment(
  root: UblElement,
  creditNote: boolean,
): { payment: En16931Payment | undefined; means_due_date: string | undefined } {
  const means = root.all('cac:PaymentMeans');
  const first = means[0];
  if (first === undefined) return { payment: undefined, means_due_date: undefined };
  let dueDate: string | undefined;
  const codes = means.map(meansCode);
  const code = codes[0]?.code;
  // The text and remittance information may stand on one payment means only (UBL-SR-46 for the text;
  // the official examples repeat the PaymentID on the first only): an absent value agrees with any.
  let text: string | undefined;
  let remittance: string | undefined;
  const accounts: En16931PaymentAccount[] = [];
  means.forEach((element, index) => {
    const own = codes[index] ?? { code, text: undefined };
    const ownRemittance = element.text('cbc:PaymentID');
    if (
      own.code !== code ||
      (own.text !== undefined && text !== undefined && own.text !== text) ||
      (ownRemittance !== undefined && remittance !== undefined && ownRemittance !== remittance)
    )
      root.context.refuse(
        UBL_READ_RULES.paymentMeans,
        element.path,
        'differs from the other payment means in its code, text or remittance information; EN 16931 has one set of payment instructions (BG-16; UBL-SR-44, UBL-SR-46, UBL-SR-47)',
      );
    text ??= own.text;
    remittance ??= ownRemittance;
    const date = element.date('cbc:PaymentDueDate');
    if (date !== undefined) dueDate ??= date;
    const account = element.one('cac:PayeeFinancialAccount');
    const read = account === undefined ? null : readAccount(account);
    if (read !== null) accounts.push(read);
  });
  const onlyDueDate =
    creditNote &&
    means.length === 1 &&
    code === UNDEFINED_PAYMENT_MEANS &&
    text === undefined &&
    remittance === undefined &&
    accounts.length === 0 &&
    dueDate !== undefined &&
    first.element.children.filter((child) => child.kind === 'element').length === 2;
  if (onlyDueDate || code === undefined) return { payment: undefined, means_due_date: dueDate };
  return {
    payment: {
      means_code: code,
      means_text: text,
      remittance_information: remittance,
      credit_transfers: accounts,
    },
    means_due_date: dueDate,
  };
}

/** BT-20 from `cac:PaymentTerms/cbc:Note`: several notes (UBL-SR-05 allows one) are joined by line breaks. */
function readPaymentTerms(root: UblElement): string | undefined {
  const notes: string[] = [];
  for (const terms of root.all('cac:PaymentTerms'))
    for (const note of terms.all('cbc:Note')) {
      const value = note.element.stringValue;
      if (value.trim() !== '') notes.push(value);
    }
  return notes.length === 0 ? undefined : notes.join('\n');
}

/**
 * The exchange rate from BT-5 to BT-6 (`exchange_rate` of the model, not an EN 16931 term) from
 * `cac:TaxExchangeRate`, when it converts the invoice currency to the tax currency by multiplication.
 * `writeUbl` does not write it (EN 16931-3-2 has no term for it, and a UBL-CR warning of EN 16931
 * flags it); a document that has it keeps it in the model.
 */
function readExchangeRate(
  root: UblElement,
  currency: string,
  taxCurrency: string | undefined,
): string | undefined {
  const rate = root.one('cac:TaxExchangeRate');
  if (rate === undefined) return undefined;
  const source = rate.text('cbc:SourceCurrencyCode');
  const target = rate.text('cbc:TargetCurrencyCode');
  const operator = rate.text('cbc:MathematicOperatorCode');
  const value = rate.decimal('cbc:CalculationRate');
  if (
    source !== currency ||
    target !== taxCurrency ||
    (operator !== undefined && operator.toLowerCase() !== 'multiply') ||
    value === undefined
  ) {
    rate.leaveOut();
    return undefined;
  }
  return value;
}

/** One `cac:TaxSubtotal` (BG-23). */
function readSubtotal(subtotal: UblElement, currency: string): En16931VatBreakdown | null {
  const taxable = subtotal.requiredAmount(
    'cbc:TaxableAmount',
    currency,
    'the VAT category taxable amount (BT-116)',
  );
  const tax = subtotal.requiredAmount('cbc:TaxAmount', currency, 'the VAT category tax amount (BT-117)');
  const element = subtotal.one('cac:TaxCategory');
  const category = readVatCategory(element, subtotal, 'cac:TaxCategory', 'the VAT breakdown (BG-23)');
  if (taxable === undefined || tax === undefined || category === null || element === undefined) return null;
  return {
    taxable_amount: taxable,
    tax_amount: tax,
    category: category.category,
    rate: category.rate,
    exemption_reason: element.freeText('cbc:TaxExemptionReason'),
    exemption_reason_code: element.text('cbc:TaxExemptionReasonCode'),
  };
}

/**
 * The VAT totals: exactly one `cac:TaxTotal` with subtotals (BT-110 and the breakdown, in the invoice
 * currency; PEPPOL-EN16931-R053), and at most one without, holding BT-111 in the tax currency (BT-6;
 * R054). Any other arrangement says something about tax the model cannot carry and is refused
 * (`tax-total`).
 */
function readTaxTotals(
  root: UblElement,
  currency: string,
  taxCurrency: string | undefined,
): {
  vat: string | undefined;
  vat_in_tax_currency: string | undefined;
  breakdown: En16931VatBreakdown[] | null;
} {
  let vat: string | undefined;
  let inTaxCurrency: string | undefined;
  let breakdown: En16931VatBreakdown[] | null = null;
  let withSubtotals = 0;
  for (const total of root.all('cac:TaxTotal')) {
    if (total.count('cac:TaxSubtotal') > 0) {
      withSubtotals += 1;
      if (withSubtotals > 1) {
        total.refuse(
          UBL_READ_RULES.taxTotal,
          'is a second tax total with a VAT breakdown; EN 16931 has one breakdown, in the invoice currency (PEPPOL-EN16931-R053)',
        );
        continue;
      }
      vat = total.requiredAmount('cbc:TaxAmount', currency, 'the invoice total VAT amount (BT-110)');
      const rows: En16931VatBreakdown[] = [];
      let broken = false;
      for (const subtotal of total.all('cac:TaxSubtotal')) {
        const row = readSubtotal(subtotal, currency);
        if (row === null) broken = true;
        else rows.push(row);
      }
      breakdown = broken ? null : rows;
      continue;
    }
    const amount = total.one('cbc:TaxAmount');
    const amountCurrency = amount?.attribute('currencyID');
    if (
      taxCurrency !== undefined &&
      amountCurrency === taxCurrency &&
      taxCurrency !== currency &&
      inTaxCurrency === undefined
    ) {
      inTaxCurrency = total.requiredAmount(
        'cbc:TaxAmount',
        taxCurrency,
        'the VAT total in the accounting currency (BT-111)',
      );
      continue;
    }
    if (amountCurrency === currency && vat === undefined && withSubtotals === 0) {
      // A VAT total without a breakdown in the invoice currency: BT-110 alone, the breakdown missing
      // (reported below).
      vat = total.requiredAmount('cbc:TaxAmount', currency, 'the invoice total VAT amount (BT-110)');
      continue;
    }
    total.refuse(
      UBL_READ_RULES.taxTotal,
      `is a tax total in ${amountCurrency ?? 'no currency'} that is neither the VAT total with its breakdown nor the VAT total in the VAT accounting currency (BT-111, ${taxCurrency ?? 'no BT-6 given'})`,
    );
  }
  if (withSubtotals === 0) root.missing('cac:TaxTotal/cac:TaxSubtotal', 'the VAT breakdown (BG-23)');
  return { vat, vat_in_tax_currency: inTaxCurrency, breakdown };
}

/** `cac:LegalMonetaryTotal` (BG-22). */
function readMonetaryTotal(
  root: UblElement,
  currency: string,
): Omit<En16931Totals, 'vat' | 'vat_in_tax_currency'> | null {
  const total = root.required('cac:LegalMonetaryTotal', 'the document totals (BG-22)');
  if (total === undefined) return null;
  const lineNet = total.requiredAmount(
    'cbc:LineExtensionAmount',
    currency,
    'the sum of line net amounts (BT-106)',
  );
  const exclusive = total.requiredAmount(
    'cbc:TaxExclusiveAmount',
    currency,
    'the total without VAT (BT-109)',
  );
  const inclusive = total.requiredAmount('cbc:TaxInclusiveAmount', currency, 'the total with VAT (BT-112)');
  const allowances = total.amount('cbc:AllowanceTotalAmount', currency);
  const charges = total.amount('cbc:ChargeTotalAmount', currency);
  const prepaid = total.amount('cbc:PrepaidAmount', currency);
  const rounding = total.amount('cbc:PayableRoundingAmount', currency);
  const payable = total.requiredAmount('cbc:PayableAmount', currency, 'the amount due for payment (BT-115)');
  if (lineNet === undefined || exclusive === undefined || inclusive === undefined || payable === undefined)
    return null;
  return {
    line_net: lineNet,
    allowances,
    charges,
    tax_exclusive: exclusive,
    tax_inclusive: inclusive,
    prepaid,
    rounding,
    payable,
  };
}

/** The root element's kind, or null when it is not a UBL Invoice or CreditNote. */
function rootKind(document: XdmDocument): 'invoice' | 'creditNote' | null {
  const root = document.root;
  if (root === undefined) return null;
  if (root.local === 'Invoice' && root.namespace === UBL_NAMESPACES.invoice) return 'invoice';
  if (root.local === 'CreditNote' && root.namespace === UBL_NAMESPACES.creditNote) return 'creditNote';
  return null;
}

/**
 * Reads a UBL 2.1 `Invoice` or `CreditNote` into the EN 16931 semantic model, with what it declares
 * (BT-24) and what it left out. Refused with 422 issues (never thrown): a document the XML guards refuse
 * (`xml.*`), another root (`en16931.ubl.read.root`), a missing term EN 16931 requires, and content that
 * could change an amount but has no place in the model (`en16931.ubl.read.*`, see `UBL_READ_RULES`).
 *
 * Amounts come back with exactly their currency's decimals (`1300` → `1300.00`); quantities, prices and
 * rates as written; identifiers, codes and dates trimmed; notes and payment terms exactly as written.
 *
 * @example
 * ```ts
 * const read = readUblDocument(writeUbl(invoice, 'peppol-bis3'));
 * read.success && read.data.specification; // 'peppol-bis3'
 * read.success && writeUbl(read.data.invoice, 'peppol-bis3') === writeUbl(invoice, 'peppol-bis3'); // true
 * ```
 */
export function readUblDocument(
  xml: string | Uint8Array,
  options: UblReadOptions = {},
): Validated<UblDocumentRead> {
  const policy = policyOf(options);
  const parsed = parseDocument(xml, policy);
  if (!parsed.success) return parsed;
  const document = parsed.data;
  const kind = rootKind(document);
  const rootElement = document.root;
  if (kind === null || rootElement === undefined)
    return {
      success: false,
      issues: [
        {
          rule: UBL_READ_RULES.root,
          code: 'parameter_invalid',
          param: policy.param,
          message: `${policy.param} is not a UBL 2.1 invoice: its root element is ${rootElement === undefined ? 'missing' : `{${rootElement.namespace}}${rootElement.local}`}, not Invoice (${UBL_NAMESPACES.invoice}) or CreditNote (${UBL_NAMESPACES.creditNote})`,
        },
      ],
    };
  const creditNote = kind === 'creditNote';
  const context = new UblReadContext();
  const root = context.root(rootElement, creditNote ? 'CreditNote' : 'Invoice');

  const customization = root.text('cbc:CustomizationID');
  // BT-23: fiscalkit writes Peppol's billing process 01 whatever it reads, so the process is not kept.
  root.one('cbc:ProfileID');
  const number = root.requiredText('cbc:ID', 'the invoice number (BT-1)');
  const issueDate = root.requiredDate('cbc:IssueDate', 'the invoice issue date (BT-2)');
  const dueDate = creditNote ? undefined : root.date('cbc:DueDate');
  const typeCode = root.requiredText(
    creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode',
    'the invoice type code (BT-3)',
  );
  const notes: string[] = [];
  for (const note of root.all('cbc:Note')) {
    const value = note.element.stringValue;
    if (value.trim() !== '') notes.push(value);
  }
  const taxPointDate = root.date('cbc:TaxPointDate');
  const currency = root.requiredText('cbc:DocumentCurrencyCode', 'the invoice currency code (BT-5)');
  const taxCurrency = root.text('cbc:TaxCurrencyCode');
  const accountingCost = root.text('cbc:AccountingCost');
  const buyerReference = root.text('cbc:BuyerReference');
  const references = readReferences(root);

  const seller = readParty(
    root.required('cac:AccountingSupplierParty', 'the seller (BG-4)')?.one('cac:Party'),
    root,
    'seller',
  );
  const buyer = readParty(
    root.required('cac:AccountingCustomerParty', 'the buyer (BG-7)')?.one('cac:Party'),
    root,
    'buyer',
  );
  const representative = root.one('cac:TaxRepresentativeParty');
  if (representative !== undefined)
    representative.refuse(
      UBL_READ_RULES.taxRepresentative,
      "is the seller's tax representative (BG-11), under whose VAT identifier the VAT may be accounted; the EN 16931 semantic model has no place for it, and fiscalkit does not drop it",
    );

  const delivery = root.one('cac:Delivery');
  const deliveryDate = delivery?.date('cbc:ActualDeliveryDate');
  const location = delivery?.one('cac:DeliveryLocation');
  const locationAddress = location?.one('cac:Address');
  const deliveryAddress =
    location === undefined || locationAddress === undefined
      ? undefined
      : readAddress(locationAddress, location, 'cac:Address', 'the deliver-to address (BG-15)');
  // An address of nothing but its country is the deliver-to country alone (BT-80, `delivery_country`),
  // as `writeUbl` writes that.
  const countryOnly =
    deliveryAddress !== undefined &&
    locationAddress !== undefined &&
    locationAddress.element.children.filter((child) => child.kind === 'element').length === 1;

  const payment = readPayment(root, creditNote);
  const paymentTerms = readPaymentTerms(root);

  const documentCurrency = currency ?? '';
  const allowancesCharges: En16931AllowanceCharge[] = [];
  for (const element of root.all('cac:AllowanceCharge')) {
    const value = readDocumentAllowanceCharge(element, documentCurrency);
    if (value !== null) allowancesCharges.push(value);
  }
  const exchangeRate = readExchangeRate(root, documentCurrency, taxCurrency);
  const taxes = readTaxTotals(root, documentCurrency, taxCurrency);
  const totals = readMonetaryTotal(root, documentCurrency);

  const lines: En16931Line[] = [];
  const lineElements = root.all(creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
  if (lineElements.length === 0)
    root.missing(creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', 'at least one invoice line (BG-25)');
  const quantityElement = creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  for (const element of lineElements) {
    const line = readLine(element, documentCurrency, quantityElement);
    if (line !== null) lines.push(line);
  }

  context.finish();
  if (
    context.issues.length > 0 ||
    number === undefined ||
    issueDate === undefined ||
    typeCode === undefined ||
    currency === undefined ||
    taxes.vat === undefined ||
    taxes.breakdown === null ||
    totals === null
  ) {
    // Every way to get here records an issue; the fallback keeps the answer an error with a reason.
    if (context.issues.length === 0) context.refuse(UBL_READ_RULES.missing, root.path, 'could not be read');
    return { success: false, issues: context.issues };
  }

  const invoice: En16931Invoice = {
    number,
    issue_date: issueDate,
    type_code: typeCode,
    currency,
    tax_currency: taxCurrency,
    tax_point_date: taxPointDate,
    exchange_rate: exchangeRate,
    due_date: dueDate ?? payment.means_due_date,
    buyer_reference: buyerReference,
    contract_reference: references.contract_reference,
    purchase_order_reference: references.purchase_order_reference,
    sales_order_reference: references.sales_order_reference,
    despatch_advice_reference: references.despatch_advice_reference,
    invoiced_object: references.invoiced_object,
    buyer_accounting_reference: accountingCost,
    payment_terms: paymentTerms,
    notes,
    preceding_invoices: references.preceding_invoices,
    seller,
    buyer,
    delivery_date: deliveryDate,
    delivery_country: countryOnly ? deliveryAddress?.country : undefined,
    delivery_address: countryOnly ? undefined : deliveryAddress,
    payment: payment.payment,
    allowances_charges: allowancesCharges,
    totals: { ...totals, vat: taxes.vat, vat_in_tax_currency: taxes.vat_in_tax_currency },
    vat_breakdown: taxes.breakdown,
    lines,
  };
  return {
    success: true,
    data: {
      invoice,
      customization_id: customization === undefined ? null : customization.replace(/\s+/g, ' '),
      specification: ublSpecificationOf(customization),
      left_out: context.leftOut,
    },
  };
}

/**
 * Reads a UBL 2.1 `Invoice` or `CreditNote` into the EN 16931 semantic model: `readUblDocument`'s
 * invoice, or its issues.
 *
 * @example
 * ```ts
 * const read = readUbl(xml);
 * read.success && read.data.totals.payable; // '1656.25'
 * readUbl('<!DOCTYPE Invoice [<!ENTITY x "y">]><Invoice/>').success; // false: xml.doctype
 * ```
 */
export function readUbl(xml: string | Uint8Array, options: UblReadOptions = {}): Validated<En16931Invoice> {
  const read = readUblDocument(xml, options);
  return read.success ? { success: true, data: read.data.invoice } : read;
}
