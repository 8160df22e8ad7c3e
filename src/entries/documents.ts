/**
 * `fiscalkit/documents`: the e-invoice documents of an invoice (issue #22), in pure TypeScript. An
 * invoice with its account and contact (`EInvoiceSource`) becomes:
 *
 * - an EN 16931 invoice (`en16931FromInvoice`: the amounts of `computeTotals`, each specification's
 *   prerequisites as issues), written as UBL 2.1 for Peppol BIS 3 or XRechnung 3.0 (`writeUbl`), or as
 *   CII D16B for EN 16931, Factur-X or XRechnung 3.0 (`writeCii`);
 * - Facturae 3.2.2 (`writeFacturae`), to be signed by a `FacturaeSigner` (`fiscalkit/xades`);
 * - a readable PDF (`invoiceView` + `renderInvoicePdf`) and a Factur-X PDF/A-3 (`writeFacturX`), drawn
 *   with fonts the host gives (`loadPdfAssets` of `fiscalkit/pdf` reads the ones fiscalkit ships).
 *
 * And back: `readUbl`, `readCii`, `readFacturae` and `readEInvoice` read a document into an invoice, a
 * seller and a buyer (`InvoiceFromDocument`) after the XML guards, refusing what would change an amount
 * rather than dropping it. docs/einvoice-documents.md has the mappings and decisions.
 *
 * @module
 */
export { type CiiReading, readCii, readCiiDocument } from '../einvoice/cii/readCii.js';
export { type CiiSpecification, ciiWriteIssues, writeCii } from '../einvoice/cii/writeCii.js';
export { readFacturae } from '../einvoice/facturae/read/readFacturae.js';
export {
  FACTURAE_SIGNATURE_POLICY,
  FacturaeSignatureError,
  type FacturaeSigner,
} from '../einvoice/facturae/signer.js';
export { writeFacturae } from '../einvoice/facturae/write/writeFacturae.js';
export { FACTURX_FILENAME, writeFacturX } from '../einvoice/facturx/write.js';
export type { InvoiceLabels } from '../einvoice/pdf/labels.js';
export { type PdfAssets, renderInvoicePdf } from '../einvoice/pdf/render.js';
export {
  type AllowanceChargeView,
  type AmountRow,
  type DocumentMetadata,
  type InvoiceView,
  invoiceView,
  type LabelledText,
  type LineView,
  type LocalCurrencyView,
  type PartyView,
  type TaxRowView,
} from '../einvoice/pdf/view.js';
export {
  type EInvoiceRead,
  type ReadableSyntax,
  type ReadEInvoiceOptions,
  readEInvoice,
} from '../einvoice/readEInvoice.js';
export { en16931FromInvoice } from '../einvoice/semantic/en16931FromInvoice.js';
export type * from '../einvoice/semantic/en16931Invoice.js';
export {
  EN16931_SPECIFICATIONS,
  type En16931Specification,
} from '../einvoice/semantic/en16931Specification.js';
export type { InvoiceFromDocument } from '../einvoice/semantic/invoiceFromDocument.js';
export { invoiceFromEn16931 } from '../einvoice/semantic/invoiceFromEn16931.js';
export { documentCurrency, documentTotals, type EInvoiceSource } from '../einvoice/semantic/source.js';
export { readUbl, type UblReadOptions } from '../einvoice/ubl/readUbl.js';
export { isUblCreditNote, type UblSpecification, writeUbl } from '../einvoice/ubl/writeUbl.js';
