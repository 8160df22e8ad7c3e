/**
 * fiscalkit's Factur-X / ZUGFeRD reader in the shape the e-invoice validator takes (issue #21 layer 5):
 * the one module that brings pdf-lib in, imported only when a host asks for PDF support.
 *
 * @module
 */
import type { PdfInvoiceReader } from '../pdfInvoiceReader.js';
import { extractFacturX, isPdf } from './extract.js';

/**
 * fiscalkit's Factur-X / ZUGFeRD reader (`extractFacturX`) as the validator's {@link PdfInvoiceReader}:
 * its refusals keep their `facturx.*` rule ids, the message said of "the PDF". Loaded on request by
 * `loadFacturXReader` (src/einvoice/validateEInvoice.ts), with pdf-lib.
 *
 * @example
 * ```ts
 * facturXReader(10485760).extract(pdfBytes); // { success: true, xml: '<rsm:CrossIndustryInvoice …' }
 * ```
 */
export function facturXReader(maxBytes: number): PdfInvoiceReader {
  return {
    isPdf,
    extract(bytes) {
      const extracted = extractFacturX(bytes, {
        maxAttachmentBytes: maxBytes,
        maxObjectStreamBytes: maxBytes,
      });
      return extracted.ok
        ? { success: true, xml: extracted.xml }
        : { success: false, rule: extracted.rule, message: `the PDF ${extracted.message}` };
    },
  };
}
