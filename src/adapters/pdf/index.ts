/**
 * `fiscalkit/pdf`: the fonts and colour profile fiscalkit's PDFs are drawn with (issue #22: the
 * readable `pdf.invoice` and the Factur-X PDF/A-3), read from disk once per process. The drawing itself
 * is pure and lives in `fiscalkit/documents` (`invoiceView`, `renderInvoicePdf`, `writeFacturX`); this
 * adapter hands it bytes: DejaVu Sans Condensed (regular and bold, from the `dejavu-fonts-ttf` package)
 * and the sRGB ICC profile of Debian's `icc-profiles-free` (zlib licence), or the host's own files.
 *
 * @module
 */
export type { PdfAssets } from '../../einvoice/pdf/render.js';
export { DEFAULT_PDF_FONTS, loadPdfAssets, type PdfAssetOptions, srgbIccProfile } from './assets.js';
