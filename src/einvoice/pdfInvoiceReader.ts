/**
 * The port between e-invoice validation and a PDF library (issue #21 layer 5): the validator asks it
 * whether an upload is a PDF and for the invoice attached to it; `src/einvoice/facturx/reader.ts` is
 * fiscalkit's implementation (pdf-lib), loaded only on request.
 *
 * @module
 */

/** What the validator needs to judge a PDF: the embedded e-invoice taken out of it (Factur-X / ZUGFeRD). */
export interface PdfInvoiceReader {
  /** Whether the bytes are a PDF (`%PDF-` at byte 0, ISO 32000-1 §7.5.2, ISO 19005-3 §6.1.2). */
  isPdf(bytes: Uint8Array): boolean;
  /**
   * The CII XML attached to a Factur-X / ZUGFeRD PDF, or why there is none: each failure names its rule
   * (a finding of the `pdf` layer, fatal).
   */
  extract(
    bytes: Uint8Array,
  ): { success: true; xml: string | Uint8Array } | { success: false; rule: string; message: string };
}
