/**
 * One entry point for reading any e-invoice fiscalkit imports (issue #22 "Reading them back": "Readers
 * for UBL, CII and Facturae turn a document into a fiscalkit invoice, for the invoice-import endpoint of
 * the sending issue"): the caller hands over the bytes it received, {@link readEInvoice} tells the
 * syntax from the root element and runs that syntax's reader, and the answer is the invoice, the seller
 * (as account fields) and the buyer (as contact fields), or why the document cannot be imported.
 *
 * How the document is recognised, in order:
 *
 * 1. **A PDF** (`%PDF-` at byte 0, ISO 32000-1 §7.5.2) is a Factur-X / ZUGFeRD invoice: the CII it
 *    carries (`factur-x.xml`, `zugferd-invoice.xml`, `xrechnung.xml`) is taken out by the PDF reader
 *    the caller passes (`options.pdf`) and read as the XML below. Decision: the PDF reader is a
 *    parameter, as it is for the e-invoice validator (`createEInvoiceValidator`'s `pdf` option), so
 *    that `readEInvoice` stays synchronous and pdf-lib is loaded only by hosts that accept PDFs
 *    (`await loadFacturXReader()` once, at start-up). Without one, a PDF is refused with
 *    `en16931.read.pdf-reader`, never mistaken for XML.
 * 2. **The XML guards** (`src/xml/guards.ts`: at most 10 MB, strict UTF-8, no DOCTYPE or ENTITY —
 *    refused, never expanded —, XML characters) run before anything looks inside. A UTF-8 byte-order
 *    mark is allowed, as every reader below allows it (XML 1.0 §4.3.3).
 * 3. **The root element** is looked up in the validator's table (`DOCUMENT_ROOTS` of
 *    `./specification.ts`), so that the import and `POST /documents/validate` name a document alike:
 *    UBL 2.1 `Invoice` / `CreditNote` → `readUbl`, CII D16B `CrossIndustryInvoice` → `readCii`, both
 *    then mapped by `invoiceFromEn16931`; Facturae 3.2 / 3.2.1 / 3.2.2 → `readFacturae`. FatturaPA,
 *    ZUGFeRD 1.0, UBL 1.0, Svefaktura, other UBL documents and anything else are refused
 *    (`en16931.read.unsupported-format` / `en16931.read.not-an-invoice`, `parameter_inclusion`), each
 *    naming what it is and what fiscalkit imports.
 *
 * The declared specification (BT-24) does not decide whether a document is read: what each reader
 * cannot carry without changing an amount it refuses itself, whatever the document declares, and a
 * Factur-X MINIMUM or BASIC WL document (no lines) is refused by the CII reader. It is returned as
 * `specification`, so that the importer can say what it received and a caller can write the invoice
 * back in the same specification.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { guardXmlDocument, rootElement, type XmlDocumentPolicy } from '../xml/guards.js';
import { readCiiDocument } from './cii/readCii.js';
import { facturaeVersion } from './facturae/namespaces.js';
import { readFacturae } from './facturae/read/readFacturae.js';
import { isPdf } from './facturx/magic.js';
import type { PdfInvoiceReader } from './pdfInvoiceReader.js';
import type { InvoiceFromDocument } from './semantic/invoiceFromDocument.js';
import { invoiceFromEn16931 } from './semantic/invoiceFromEn16931.js';
import { documentRoot } from './specification.js';
import { readUblDocument } from './ubl/readUbl.js';

/** The syntaxes {@link readEInvoice} reads. */
export type ReadableSyntax = 'ubl' | 'cii' | 'facturae';

/** A document read by {@link readEInvoice}. */
export type EInvoiceRead = InvoiceFromDocument & {
  /** The syntax the document (or, for a Factur-X PDF, its embedded XML) is in. */
  readonly syntax: ReadableSyntax;
  /**
   * What the document declares itself to be: for UBL and CII the specification identifier (EN 16931-1
   * BT-24, `cbc:CustomizationID` / `ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`,
   * whitespace-normalised, as PEPPOL-EN16931-R004 and BR-DE-21 compare it), null when absent; for
   * Facturae the version its namespace names (`3.2.2`).
   */
  readonly specification: string | null;
};

/** Options of {@link readEInvoice}. */
export interface ReadEInvoiceOptions {
  /**
   * The Factur-X / ZUGFeRD reader that takes the CII out of a PDF (`await loadFacturXReader()`); without
   * one, a PDF is refused (`en16931.read.pdf-reader`).
   */
  readonly pdf?: PdfInvoiceReader | null | undefined;
}

/** The param every refusal of the document as a whole answers at: the uploaded file (as the readers'). */
const PARAM = 'file';

/** 10 MB (10 × 1024 × 1024 bytes): the readers' and the e-invoice validator's limit, written out. */
const MAX_BYTES = 10485760;

/** How the guards word their refusals for the import. */
const POLICY: XmlDocumentPolicy = {
  param: PARAM,
  document: 'an e-invoice (UBL, CII, Facturae or a Factur-X PDF)',
  maxBytes: MAX_BYTES,
  maxBytesText: '10 MB (10485760 bytes), the most the e-invoice readers read',
  reader: 'the e-invoice import',
  reference: 'EN 16931-3 binds UBL 2.1 and CII D16B to UTF-8; the Facturae 3.2.x schemas are UTF-8',
  conversionHint: 'a document in another encoding must be converted to UTF-8 first',
  documents: 'e-invoices (UBL, CII, Facturae)',
};

/** What fiscalkit imports, for the refusals' messages. */
const READABLE =
  'fiscalkit imports UBL 2.1 Invoice and CreditNote (EN 16931, Peppol BIS 3, XRechnung), UN/CEFACT CII D16B CrossIndustryInvoice (EN 16931, XRechnung, Factur-X / ZUGFeRD 2), Factur-X / ZUGFeRD PDFs and Facturae 3.2.x';

/** A one-issue refusal of the document as a whole. */
function refusal(
  rule: string,
  code: ValidationIssue['code'],
  message: string,
): { success: false; issues: ValidationIssue[] } {
  return { success: false, issues: [{ rule, code, param: PARAM, message: `${PARAM} ${message}` }] };
}

/** The input without a leading UTF-8 byte-order mark (the readers accept one; the guards refuse it). */
function withoutBom(input: string | Uint8Array): string | Uint8Array {
  if (typeof input === 'string') return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  return input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? input.subarray(3) : input;
}

/** BT-24 whitespace-normalised (XPath `normalize-space`), null when absent or blank. */
function normalized(value: string | null | undefined): string | null {
  const text = value?.replace(/[ \t\r\n]+/g, ' ').trim() ?? '';
  return text === '' ? null : text;
}

/** A UBL or CII document through its reader and `invoiceFromEn16931`. */
function readEn16931(syntax: 'ubl' | 'cii', text: string): Validated<EInvoiceRead> {
  let specification: string | null;
  let mapped: Validated<InvoiceFromDocument>;
  if (syntax === 'ubl') {
    const read = readUblDocument(text, { param: PARAM });
    if (!read.success) return read;
    specification = normalized(read.data.customization_id);
    mapped = invoiceFromEn16931(read.data.invoice);
  } else {
    const read = readCiiDocument(text);
    if (!read.success) return read;
    specification = normalized(read.data.guideline);
    mapped = invoiceFromEn16931(read.data.invoice);
  }
  if (!mapped.success) return mapped;
  return { success: true, data: { ...mapped.data, syntax, specification } };
}

/**
 * The XML of an e-invoice (after the PDF, if any): guarded, recognised, read. `from` starts the
 * refusals' messages about the XML: empty for an XML upload, the PDF's words for its attachment.
 */
function readXml(input: string | Uint8Array, from: string): Validated<EInvoiceRead> {
  const guarded = guardXmlDocument(withoutBom(input), POLICY);
  if (!guarded.success) return { success: false, issues: [guarded.issue] };
  const text = guarded.data;
  const root = rootElement(text);
  if (root === null)
    return refusal(
      'xml.root-element',
      'parameter_invalid',
      `${from}has no root element: it is not an XML document, so not an e-invoice (${READABLE})`,
    );
  const known = documentRoot(root);
  const described = `<${root.name}>${root.namespace === null ? ' in no namespace' : ` in ${root.namespace}`}`;
  if (known === null)
    return refusal(
      'en16931.read.not-an-invoice',
      'parameter_inclusion',
      `${from}is ${described}, not an e-invoice fiscalkit knows (${READABLE})`,
    );
  if (known.syntax === 'fatturapa')
    // FatturaPA is validated (POST /documents/validate, issue #21) but has no reader: an Italian
    // invoice has no EN 16931 mapping in fiscalkit, and reading only part of it would drop amounts.
    return refusal(
      'en16931.read.unsupported-format',
      'parameter_inclusion',
      `${from}is ${known.description}: fiscalkit validates FatturaPA documents but does not import them (${READABLE})`,
    );
  if (known.syntax === null || known.unsupported !== null)
    return refusal(
      'en16931.read.unsupported-format',
      'parameter_inclusion',
      `${from}is ${known.description}: ${known.unsupported ?? 'fiscalkit has no reader for it'} (${READABLE})`,
    );
  if (known.syntax === 'facturae') {
    const read = readFacturae(text);
    if (!read.success) return read;
    return {
      success: true,
      data: { ...read.data, syntax: 'facturae', specification: facturaeVersion(root.namespace) },
    };
  }
  return readEn16931(known.syntax, text);
}

/**
 * Reads an e-invoice into the invoice, seller and buyer it describes (module comment): a UBL 2.1
 * Invoice or CreditNote, a CII D16B CrossIndustryInvoice, a Facturae 3.2.x document, or — with
 * `options.pdf` — a Factur-X / ZUGFeRD PDF. The answer says which syntax it was and what
 * specification it declared. Refusals are 422 issues at `file`, never exceptions: the XML guards'
 * (`xml.*`), the PDF reader's (`facturx.*`), a document that is not an e-invoice fiscalkit imports
 * (`en16931.read.not-an-invoice`, `en16931.read.unsupported-format`, `parameter_inclusion`), and each
 * reader's own (`en16931.ubl.read.*`, `en16931.cii.read.*`, `en16931.read.*`, `facturae.read.*`) for
 * content fiscalkit cannot carry without changing an amount.
 *
 * @example
 * ```ts
 * const read = readEInvoice(ublXml);
 * read.success && read.data.syntax; // 'ubl'
 * read.success && read.data.specification; // 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'
 * read.success && read.data.invoice.number; // 'INV-2026-001'
 * readEInvoice(facturXPdf, { pdf: await loadFacturXReader() }).success; // true: the embedded CII
 * readEInvoice('<!DOCTYPE x><x/>'); // { success: false, issues: [{ rule: 'xml.doctype', param: 'file', … }] }
 * ```
 */
export function readEInvoice(
  bytes: string | Uint8Array,
  options: ReadEInvoiceOptions = {},
): Validated<EInvoiceRead> {
  if (bytes instanceof Uint8Array && isPdf(bytes)) {
    const pdf = options.pdf ?? null;
    if (pdf === null)
      return refusal(
        'en16931.read.pdf-reader',
        'parameter_inclusion',
        'is a PDF, and this import was set up without a PDF reader: pass readEInvoice(bytes, { pdf: await loadFacturXReader() }) to read the CII of a Factur-X / ZUGFeRD PDF, or upload the XML invoice itself',
      );
    const extracted = pdf.extract(bytes);
    if (!extracted.success)
      return refusal(
        extracted.rule,
        extracted.rule === 'facturx.attachment.missing' ? 'parameter_inclusion' : 'parameter_invalid',
        `is a PDF fiscalkit cannot import an invoice from: ${extracted.message}`,
      );
    return readXml(extracted.xml, 'is a Factur-X / ZUGFeRD PDF whose embedded XML ');
  }
  if (typeof bytes !== 'string' && !(bytes instanceof Uint8Array))
    return refusal(
      'xml.input-type',
      'parameter_invalid',
      `must be ${POLICY.document} as a string or a Uint8Array of bytes`,
    );
  return readXml(bytes, '');
}
