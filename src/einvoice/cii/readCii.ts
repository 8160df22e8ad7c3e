/**
 * The CII reader (issue #22 "Reading them back"): a UN/CEFACT Cross Industry Invoice D16B document
 * (EN 16931, XRechnung CII, the XML of a Factur-X / ZUGFeRD EN 16931 invoice) back into the EN 16931
 * model, each business term from where EN 16931-3-3 binds it — the inverse of `writeCii`, so that
 * write → read → write gives the same document.
 *
 * Safety first (DESIGN.md "Importers … refuse DOCTYPE/entities"): the document passes fiscalkit's
 * XML guards (`src/xml/guards.ts`: at most 10 MB, UTF-8, no DOCTYPE or ENTITY declaration, XML
 * characters and references) and is parsed by fiscalkit's own scanner (`parseXdm`: namespaces,
 * nesting and attribute limits); nothing is expanded, nothing throws.
 *
 * Nothing that changes an amount is dropped: what the model cannot carry and bears on an amount (a
 * tax other than VAT, a second tax on a line, an unread element holding an amount such as a logistics
 * charge, a sub-line or an advance payment, an amount with more decimals than its currency, a price
 * discount that contradicts the prices) is refused with an issue naming the element (rule ids
 * `en16931.cii.read.*`). What changes no amount (the payee, the tax representative, the invoicing
 * period, attachments, item attributes, …) is left out, and `readCiiDocument` lists it.
 *
 * The reader does not judge the invoice's arithmetic or the norm's business rules: that is the
 * e-invoice validator's work (`fiscalkit/validate`), which a caller runs on the same bytes.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { currencyExponent, isCurrencyCode } from '../../money/currencies.js';
import {
  bomIssue,
  documentIssue,
  documentText,
  dtdIssue,
  encodingIssue,
  parseRefusal,
  sizeIssue,
  wellFormednessFailure,
  wellFormednessIssue,
  type XmlDocumentPolicy,
} from '../../xml/guards.js';
import { parseXdm, type XdmDocument, type XdmElement, XdmParseError } from '../../xpath/document.js';
import type { En16931Invoice, En16931Line } from '../semantic/en16931Invoice.js';
import { readLine } from './read/line.js';
import { readDeliverTo, readParty } from './read/party.js';
import { readSettlement } from './read/settlement.js';
import { CiiTree } from './read/tree.js';
import { CII_NAMESPACES, type CiiSpecification, ciiSpecificationOf } from './specification.js';
import { INVOICED_OBJECT_TYPE_CODE } from './write/headerTradeAgreement.js';

/** What {@link readCiiDocument} gives besides the invoice. */
export interface CiiReading {
  /** The invoice, every amount as its currency's decimals. */
  readonly invoice: En16931Invoice;
  /** BT-24 as the document declares it (`urn:cen.eu:en16931:2017`), or undefined. */
  readonly guideline: string | undefined;
  /** The specification fiscalkit writes that BT-24 names, or undefined for another one. */
  readonly specification: CiiSpecification | undefined;
  /**
   * The elements the model has no place for and that change no amount, each once, by path without
   * positions (`SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/PayeeTradeParty`).
   */
  readonly left_out: readonly string[];
}

/** 10 MB (10 × 1024 × 1024 bytes): the request size limit of the service, and the e-invoice validator's. */
const MAX_BYTES = 10485760;

/** How the guards word their refusals for the CII reader. */
const POLICY: XmlDocumentPolicy = {
  param: 'file',
  document: 'a CII invoice (rsm:CrossIndustryInvoice)',
  maxBytes: MAX_BYTES,
  maxBytesText: '10 MB (10485760 bytes), the most the CII reader reads',
  reader: 'the CII reader',
  reference: 'EN 16931-3-3: CII D16B invoices are UTF-8',
  conversionHint: 'a document in another encoding must be converted to UTF-8 first',
  documents: 'CII invoices (CrossIndustryInvoice_100pD16B.xsd)',
};

const RSM = CII_NAMESPACES.rsm;
const UDT = CII_NAMESPACES.udt;

/**
 * Factur-X / ZUGFeRD profiles below EN 16931: MINIMUM and BASIC WL have no lines and are not
 * invoices in the norm's sense (Factur-X 1.0.07 §4.2), so they cannot be read into one.
 */
const BELOW_EN16931 = /urn:factur-x\.eu:1p0:(minimum|basicwl)\b/;

const failure = (issues: ValidationIssue[]): { success: false; issues: ValidationIssue[] } => ({
  success: false,
  issues,
});

/**
 * Reads a CII D16B invoice into the EN 16931 model, or the issues that refuse it (422
 * `parameter_invalid` / `parameter_blank`, at `file` for the document as a whole, else at the
 * element's path). Never throws.
 *
 * @example
 * ```ts
 * const read = readCii(readFileSync('factur-x.xml'));
 * if (read.success) read.data.totals.payable; // '1092.00'
 * readCii('<!DOCTYPE x><x/>'); // { success: false, issues: [{ rule: 'xml.doctype', param: 'file', … }] }
 * ```
 */
export function readCii(xml: string | Uint8Array): Validated<En16931Invoice> {
  const read = readCiiDocument(xml);
  return read.success ? { success: true, data: read.data.invoice } : read;
}

/**
 * {@link readCii} with what else the document said: its BT-24, and the elements left out because the
 * model has no place for them and they change no amount.
 *
 * @example
 * ```ts
 * const read = readCiiDocument(xml);
 * if (read.success) read.data.left_out; // ['SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/PayeeTradeParty']
 * ```
 */
export function readCiiDocument(xml: string | Uint8Array): Validated<CiiReading> {
  try {
    return readDocument(xml);
  } catch (error) {
    // The guards and the scanner leave nothing to throw on; this keeps the promise anyway.
    return failure([
      documentIssue(
        'en16931.cii.read.failed',
        'file',
        `could not be read as a CII invoice: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ]);
  }
}

/** The guarded, parsed document, or the first guard's issue. */
function parse(
  input: string | Uint8Array,
): { success: true; data: XdmDocument } | { success: false; issue: ValidationIssue } {
  if (typeof input !== 'string' && !(input instanceof Uint8Array))
    return {
      success: false,
      issue: documentIssue(
        'xml.input-type',
        'file',
        `must be ${POLICY.document} as a string or a Uint8Array of UTF-8 bytes`,
      ),
    };
  // A UTF-8 byte-order mark is allowed (XML 1.0 §4.3.3; some Factur-X producers write one); UTF-16 is refused.
  const sizeOrBom =
    sizeIssue(input, POLICY) ??
    (typeof input === 'string' || input[0] === 0xef ? null : bomIssue(input, POLICY));
  if (sizeOrBom !== null) return { success: false, issue: sizeOrBom };
  const decoded = documentText(input, POLICY);
  if (!decoded.success) return decoded;
  const text = decoded.data.charCodeAt(0) === 0xfeff ? decoded.data.slice(1) : decoded.data;
  const textIssue =
    encodingIssue(text, POLICY) ?? dtdIssue(text, POLICY) ?? wellFormednessIssue(text, 'file');
  if (textIssue !== null) return { success: false, issue: textIssue };
  try {
    return { success: true, data: parseXdm(text) };
  } catch (error) {
    if (!(error instanceof XdmParseError)) throw error;
    return {
      success: false,
      issue: error.limit ? parseRefusal(error.message, 'file') : wellFormednessFailure(error.message, 'file'),
    };
  }
}

function readDocument(input: string | Uint8Array): Validated<CiiReading> {
  const parsed = parse(input);
  if (!parsed.success) return failure([parsed.issue]);
  const root = parsed.data.root;
  if (root === undefined || root.local !== 'CrossIndustryInvoice' || root.namespace !== RSM) {
    const found = root === undefined ? 'nothing' : `{${root.namespace}}${root.local}`;
    const hint = root?.namespace.startsWith('urn:oasis:names:specification:ubl:')
      ? ': it is a UBL document, which the UBL reader reads'
      : '';
    return failure([
      documentIssue(
        'en16931.cii.read.root',
        'file',
        `is not a CII invoice: its root element is ${found}, not rsm:CrossIndustryInvoice in ${RSM}${hint}`,
      ),
    ]);
  }
  const tree = new CiiTree(parsed.data, root);
  const context = tree.child(root, 'ExchangedDocumentContext', RSM);
  if (context === undefined)
    tree.missing(root, 'ExchangedDocumentContext', 'the specification identifier (BT-24)');
  const guideline = tree.token(tree.child(context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID');
  if (guideline !== undefined && BELOW_EN16931.test(guideline))
    return failure([
      documentIssue(
        'en16931.cii.read.profile',
        'file',
        `declares ${guideline}, a Factur-X profile below EN 16931 (MINIMUM or BASIC WL): it has no invoice lines and is not an EN 16931 invoice`,
      ),
    ]);

  const exchanged = tree.child(root, 'ExchangedDocument', RSM);
  if (exchanged === undefined) tree.missing(root, 'ExchangedDocument', 'the invoice number (BT-1)');
  const number = tree.requiredToken(exchanged, 'ID', 'the invoice number (BT-1)');
  const typeCode = tree.requiredToken(exchanged, 'TypeCode', 'the invoice type code (BT-3)');
  const issued = tree.child(exchanged, 'IssueDateTime');
  if (issued === undefined && exchanged !== undefined)
    tree.missing(exchanged, 'IssueDateTime', 'the invoice issue date (BT-2)');
  const issueDate = tree.date(issued, 'DateTimeString', UDT);
  const notes: string[] = [];
  for (const note of tree.children(exchanged, 'IncludedNote'))
    for (const content of tree.children(note, 'Content')) {
      const value = content.stringValue;
      if (value.trim() !== '') notes.push(value);
    }

  const transaction = tree.child(root, 'SupplyChainTradeTransaction', RSM);
  if (transaction === undefined) tree.missing(root, 'SupplyChainTradeTransaction', 'the trade transaction');
  const agreement = tree.child(transaction, 'ApplicableHeaderTradeAgreement');
  if (agreement === undefined && transaction !== undefined)
    tree.missing(transaction, 'ApplicableHeaderTradeAgreement', 'the seller (BG-4) and buyer (BG-7)');
  const delivery = tree.child(transaction, 'ApplicableHeaderTradeDelivery');
  const settlement = tree.child(transaction, 'ApplicableHeaderTradeSettlement');
  if (settlement === undefined && transaction !== undefined)
    tree.missing(
      transaction,
      'ApplicableHeaderTradeSettlement',
      'the invoice currency (BT-5) and totals (BG-22)',
    );

  const currency = currencyOf(tree, settlement, 'InvoiceCurrencyCode', 'the invoice currency code (BT-5)');
  const taxCurrency = currencyOf(tree, settlement, 'TaxCurrencyCode', undefined);
  tree.currency = currency;
  // With a currency missing or unknown (already an issue) the amounts are still read, to two
  // decimals, so that every other problem is reported too.
  const scale = exponentOf(currency);

  const items = tree.children(transaction, 'IncludedSupplyChainTradeLineItem');
  if (items.length === 0 && transaction !== undefined)
    tree.missing(transaction, 'IncludedSupplyChainTradeLineItem', 'at least one invoice line (BG-25)');
  const lines: En16931Line[] = [];
  for (const item of items) {
    const line = readLine(tree, item, scale);
    if (line !== undefined) lines.push(line);
  }

  const seller = agreement === undefined ? undefined : readParty(tree, agreement, 'SellerTradeParty', true);
  const buyer = agreement === undefined ? undefined : readParty(tree, agreement, 'BuyerTradeParty', false);
  const reference = (parent: XdmElement | undefined, name: string) =>
    tree.token(tree.child(parent, name), 'IssuerAssignedID');
  const salesOrder = reference(agreement, 'SellerOrderReferencedDocument');
  const purchaseOrder = reference(agreement, 'BuyerOrderReferencedDocument');
  const contract = reference(agreement, 'ContractReferencedDocument');
  const invoicedObject = readInvoicedObject(tree, agreement);

  const deliverTo = readDeliverTo(tree, delivery);
  const deliveryDate = tree.date(
    tree.child(tree.child(delivery, 'ActualDeliverySupplyChainEvent'), 'OccurrenceDateTime'),
    'DateTimeString',
    UDT,
  );
  const despatchAdvice = reference(delivery, 'DespatchAdviceReferencedDocument');

  const terms =
    settlement === undefined
      ? undefined
      : readSettlement(tree, settlement, {
          currency: currency ?? '',
          scale,
          taxCurrency,
          taxScale: taxCurrency === undefined ? scale : exponentOf(taxCurrency),
        });

  const buyerReference = tree.token(agreement, 'BuyerReference');
  const left_out = tree.leftOver();
  if (tree.issues.length > 0) return failure(tree.issues);
  if (
    number === undefined ||
    typeCode === undefined ||
    issueDate === undefined ||
    currency === undefined ||
    seller === undefined ||
    buyer === undefined ||
    terms === undefined ||
    terms.totals === undefined
  )
    // Each of these left an issue behind; this only narrows the types.
    return failure([documentIssue('en16931.cii.read.failed', 'file', 'could not be read as a CII invoice')]);

  const invoice: En16931Invoice = {
    number,
    issue_date: issueDate,
    type_code: typeCode,
    currency,
    tax_currency: taxCurrency,
    tax_point_date: terms.tax_point_date,
    exchange_rate: terms.exchange_rate,
    due_date: terms.due_date,
    buyer_reference: buyerReference,
    contract_reference: contract,
    purchase_order_reference: purchaseOrder,
    sales_order_reference: salesOrder,
    despatch_advice_reference: despatchAdvice,
    invoiced_object: invoicedObject,
    buyer_accounting_reference: terms.buyer_accounting_reference,
    payment_terms: terms.payment_terms,
    notes,
    preceding_invoices: terms.preceding_invoices,
    seller,
    buyer,
    delivery_date: deliveryDate,
    delivery_country: deliverTo?.country,
    delivery_address: deliverTo,
    payment: terms.payment,
    allowances_charges: terms.allowances_charges,
    totals: terms.totals,
    vat_breakdown: terms.vat_breakdown,
    lines,
  };
  return {
    success: true,
    data: {
      invoice,
      guideline,
      specification: guideline === undefined ? undefined : ciiSpecificationOf(guideline),
      left_out,
    },
  };
}

/** A currency's minor units; 2 for a currency that is missing or unknown (already an issue). */
function exponentOf(currency: string | undefined): number {
  return currency !== undefined && isCurrencyCode(currency) ? currencyExponent(currency) : 2;
}

/**
 * An ISO 4217 currency code element (BT-5, BT-6): required when `term` names it, an issue when
 * unknown (the code is still returned, so that the amounts are read and checked against it).
 */
function currencyOf(
  tree: CiiTree,
  settlement: XdmElement | undefined,
  name: string,
  term: string | undefined,
): string | undefined {
  const code = term === undefined ? tree.token(settlement, name) : tree.requiredToken(settlement, name, term);
  if (code === undefined) return undefined;
  if (!isCurrencyCode(code))
    tree.invalid(
      tree.child(settlement, name) as XdmElement,
      'en16931.cii.read.currency',
      `is ${JSON.stringify(code)}, not an ISO 4217 currency code (the amounts' decimals depend on it)`,
    );
  return code;
}

/**
 * BT-18 from the first `ram:AdditionalReferencedDocument` whose `ram:TypeCode` is 130; any other
 * additional document (BG-24 supporting documents, BT-17 tender reference) is left out.
 */
function readInvoicedObject(tree: CiiTree, agreement: XdmElement | undefined): string | undefined {
  if (agreement === undefined) return undefined;
  for (const node of agreement.children) {
    if (
      node.kind !== 'element' ||
      node.local !== 'AdditionalReferencedDocument' ||
      node.namespace !== CII_NAMESPACES.ram
    )
      continue;
    if (tree.peek(node, 'TypeCode')?.stringValue.trim() !== INVOICED_OBJECT_TYPE_CODE) continue;
    tree.take(node);
    tree.token(node, 'TypeCode');
    return tree.token(node, 'IssuerAssignedID');
  }
  return undefined;
}
