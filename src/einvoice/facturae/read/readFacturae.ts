/**
 * A Facturae 3.2, 3.2.1 or 3.2.2 document read into a fiscalkit invoice with its seller and buyer
 * (issue #22 "Reading them back": "Readers for UBL, CII and Facturae turn a document into a fiscalkit
 * invoice, for the invoice-import endpoint"), the inverse of `writeFacturae`.
 *
 * Safety first: the document passes fiscalkit's XML guards (`src/xml/guards.ts`: at most 10 MB, strict
 * UTF-8, no DOCTYPE or ENTITY — refused, never expanded —, XML 1.0 characters) and the strict parse
 * of the e-invoice validator (`parseXdm`, depth and attribute limits). A UTF-8 byte-order mark is
 * accepted and skipped (Windows tools write one, and XML 1.0 allows it); another encoding is refused.
 *
 * Decisions:
 * - **One invoice per document.** A batch (`Modality` `L`, several `Invoice` elements) is refused with
 *   the number of invoices it holds (`facturae.read.batch`): an import makes one invoice, and reading
 *   only the first would silently drop the rest. Split the batch first.
 * - **The signature is ignored.** A signed document (XAdES `ds:Signature`, the root's last child) reads
 *   as its unsigned content: the signature is neither verified nor kept (verifying it is a PKI service's
 *   work, src/einvoice/facturae/findings.ts; a re-written document is unsigned and must be signed again).
 * - **Every amount is kept or the document is refused** (./reproduce.ts): the totals engine must give
 *   back every figure the document states, with the seller's rounding found by trying.
 * - What fiscalkit has no field for and no amount depends on is dropped (./invoice.ts, ./parties.ts):
 *   the `ThirdParty` that issued the file on the seller's behalf (`InvoiceIssuerType` `TE`), line
 *   references, attachments. What would change an amount or a payment is refused: subsidies, guarantee
 *   withholdings, payments in kind, financial expenses, factoring, several instalments.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../../errors/validationIssue.js';
import type { AccountCreate } from '../../../model/account.js';
import type { ContactCreate } from '../../../model/contact.js';
import { accountIssues } from '../../../rules/account.js';
import { contactIssues } from '../../../rules/contact.js';
import { invoiceIssues } from '../../../rules/invoice.js';
import { LATEST_API_VERSION } from '../../../versions/apiVersion.js';
import { guardXmlDocument, wellFormednessFailure, type XmlDocumentPolicy } from '../../../xml/guards.js';
import { parseXdm, type XdmDocument, XdmParseError } from '../../../xpath/document.js';
import type { InvoiceFromDocument } from '../../semantic/invoiceFromDocument.js';
import { FacturaeElement } from '../element.js';
import { FACTURAE_ROOT, facturaeVersion } from '../namespaces.js';
import { isFacturaeCurrency } from '../write/codes.js';
import { readInvoice } from './invoice.js';
import { readCentres, readParty } from './parties.js';
import { reproduce } from './reproduce.js';
import { READ_PARAM, ReadIssues, textAt } from './values.js';

/** 10 MB (10 × 1024 × 1024 bytes), as the e-invoice validator reads (the money guard wants it written out). */
const MAX_BYTES = 10485760;

/** The guards' wording for a Facturae document. */
const POLICY: XmlDocumentPolicy = {
  param: READ_PARAM,
  document: 'the Facturae document',
  maxBytes: MAX_BYTES,
  maxBytesText: '10 MB (10485760 bytes), the most the Facturae reader reads',
  reader: 'the Facturae reader',
  reference: 'XML 1.0; the Facturae 3.2.x schemas are UTF-8',
  conversionHint: 'a document saved as ISO-8859-1 or Windows-1252 must be converted to UTF-8 first',
  documents: 'Facturae documents',
};

/** The input without a leading UTF-8 byte-order mark. */
function withoutBom(input: string | Uint8Array): string | Uint8Array {
  if (typeof input === 'string') return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (input instanceof Uint8Array && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf)
    return input.subarray(3);
  return input;
}

/**
 * Reads a Facturae document (module comment): the invoice as a create body (without `contact_id`), the
 * seller as account fields (with the rounding flags that reproduce the document's amounts) and the
 * buyer as contact fields; or the issues — each `parameter_invalid` at `file`, with a `facturae.read.*`
 * or `xml.*` rule and the XPath of what it refuses.
 *
 * @example
 * ```ts
 * const read = readFacturae(xml);
 * read.success && read.data.invoice.number; // 'F-2026-001'
 * read.success && read.data.seller.apply_taxes_per_line; // false
 * readFacturae('<!DOCTYPE x><x/>').success; // false: xml.doctype
 * ```
 */
export function readFacturae(xml: string | Uint8Array): Validated<InvoiceFromDocument> {
  const guarded = guardXmlDocument(withoutBom(xml), POLICY);
  if (!guarded.success) return { success: false, issues: [guarded.issue] };
  let document: XdmDocument;
  try {
    document = parseXdm(guarded.data);
  } catch (error) {
    if (!(error instanceof XdmParseError)) throw error;
    return { success: false, issues: [wellFormednessFailure(error.message, READ_PARAM)] };
  }
  const issues = new ReadIssues();
  const rootElement = document.root;
  if (
    rootElement === undefined ||
    rootElement.local !== FACTURAE_ROOT ||
    facturaeVersion(rootElement.namespace) === null
  ) {
    issues.refuse(
      'facturae.read.root',
      rootElement === undefined ? '/' : `/${rootElement.name}`,
      `is not a Facturae 3.2, 3.2.1 or 3.2.2 root element (Facturae in the namespace of its XSD)${
        rootElement === undefined ? '' : `: it is {${rootElement.namespace}}${rootElement.local}`
      }`,
    );
    return { success: false, issues: issues.list };
  }
  const root = new FacturaeElement(rootElement, `/${rootElement.name}`);
  const invoicesElement = root.one('Invoices');
  const invoices =
    invoicesElement === undefined || invoicesElement === 'many' ? [] : invoicesElement.all('Invoice');
  if (invoices.length !== 1) {
    issues.refuse(
      'facturae.read.batch',
      `${root.path}/Invoices`,
      invoices.length === 0
        ? 'has no Invoice'
        : `holds ${String(invoices.length)} invoices (a batch, Modality L); fiscalkit reads one invoice per document: split the batch into one document per invoice`,
    );
    return { success: false, issues: issues.list };
  }
  if (root.at('FileHeader', 'FactoringAssignmentData') !== undefined)
    issues.refuse(
      'facturae.read.factoring',
      `${root.path}/FileHeader/FactoringAssignmentData`,
      "assigns the invoice's collection to a factor; fiscalkit's invoice has no assignee to pay",
    );
  const partiesElement = root.one('Parties');
  const sellerElement =
    partiesElement === undefined || partiesElement === 'many' ? undefined : partiesElement.one('SellerParty');
  const buyerElement =
    partiesElement === undefined || partiesElement === 'many' ? undefined : partiesElement.one('BuyerParty');
  if (
    sellerElement === undefined ||
    sellerElement === 'many' ||
    buyerElement === undefined ||
    buyerElement === 'many'
  ) {
    issues.refuse(
      'facturae.read.party',
      `${root.path}/Parties`,
      'needs one SellerParty and one BuyerParty (the XSD requires them)',
    );
    return { success: false, issues: issues.list };
  }
  const seller = readParty(issues, sellerElement, 'seller');
  const buyer = readParty(issues, buyerElement, 'buyer');
  const [invoiceElement] = invoices;
  const read = invoiceElement === undefined ? undefined : readInvoice(issues, invoiceElement);
  if (
    issues.list.length > 0 ||
    seller === undefined ||
    buyer === undefined ||
    read === undefined ||
    invoiceElement === undefined
  )
    return { success: false, issues: issues.list };

  const reproduced = reproduce(read.invoice, read.stated);
  if (!reproduced.success) {
    const difference = reproduced.difference;
    issues.refuse(
      'facturae.read.amounts',
      difference?.path ?? invoiceElement.path,
      difference === undefined
        ? `cannot be read as a fiscalkit invoice: its totals engine refuses it (${reproduced.engine ?? 'no result'})`
        : `is ${difference.stated}, but the invoice the document reads as gives ${difference.computed} (in every rounding mode fiscalkit knows): the document's amounts do not add up the way Facturae's relations and fiscalkit's totals engine compute them, so reading it would change an amount`,
    );
    return { success: false, issues: issues.list };
  }

  const taxCurrency = textAt(invoiceElement, 'InvoiceIssueData', 'TaxCurrencyCode');
  const account: AccountCreate = {
    ...seller,
    currency: taxCurrency !== undefined && isFacturaeCurrency(taxCurrency) ? taxCurrency : 'EUR',
    ...reproduced.rounding,
  };
  const contact: ContactCreate = { ...buyer };
  if (read.buyerBankAccount !== undefined) contact.bank_account = read.buyerBankAccount;
  const invoice = { ...reproduced.invoice, ...readCentres(buyerElement) };
  // What the service would refuse when the importer creates them (an IBAN whose check digits fail, a
  // tax id its scheme refuses) is refused now, at the resource's field, rather than at creation.
  const fields = [
    ...accountIssues(account).map((issue) => readField('seller', issue)),
    ...contactIssues(contact, { version: LATEST_API_VERSION }).map((issue) => readField('buyer', issue)),
    ...invoiceIssues({ ...invoice, contact_id: 1 }, { version: LATEST_API_VERSION, operation: 'create' }).map(
      (issue) => readField('invoice', issue),
    ),
  ];
  if (fields.length > 0) return { success: false, issues: fields };
  return { success: true, data: { invoice, seller: account, buyer: contact } };
}

/** A business rule's issue about the read seller, buyer or invoice, at that resource's field. */
function readField(prefix: 'seller' | 'buyer' | 'invoice', issue: ValidationIssue): ValidationIssue {
  return {
    rule: 'facturae.read.fields',
    code: issue.code,
    param: `${prefix}.${issue.param}`,
    message: `${prefix}.${issue.message} (the service would refuse it when the document is imported: ${issue.rule})`,
  };
}
