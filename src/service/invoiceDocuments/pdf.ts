/**
 * `pdf.invoice` (the real service's code): the readable A4 invoice (issue #22), drawn from the invoice's
 * view (`invoiceView`: seller, buyer, lines, every tax group, totals, the exchange rate, payment details
 * and the remittance reference) with the fonts of the `pdfAssets` port. The renderer (pdf-lib) is
 * imported on first use, so a service that never draws a PDF never loads it.
 *
 * @module
 */
import { invoiceView } from '../../einvoice/pdf/view.js';
import type { EInvoiceSource } from '../../einvoice/semantic/source.js';
import type { Validated } from '../../errors/validationIssue.js';
import { refused } from '../../generate/parties.js';
import type { PdfAssets, Ports } from '../../ports.js';
import type { InvoiceDocumentType } from './documentType.js';

/**
 * The port's PDF assets, or the 422 that says this service has none (a host that wired no `pdfAssets`).
 *
 * @example
 * ```ts
 * const assets = await pdfAssetsOf(ports, 'pdf.invoice');
 * assets.success && assets.data.regular.length > 0; // true with memoryPorts()
 * ```
 */
export async function pdfAssetsOf(ports: Ports, code: string): Promise<Validated<PdfAssets>> {
  if (ports.pdfAssets === undefined)
    return refused(
      'fiscalkit.documents.pdf-assets',
      'parameter_inclusion',
      ['document_type'],
      `is ${code}, a PDF, and this service has no fonts to draw one with (the pdfAssets port: loadPdfAssets of fiscalkit/pdf)`,
    );
  return { success: true, data: await ports.pdfAssets() };
}

/**
 * The readable PDF of an invoice.
 *
 * @example
 * ```ts
 * const pdf = await readablePdf({ invoice, account, contact }, ports);
 * pdf.success && new TextDecoder().decode(pdf.data.subarray(0, 5)); // '%PDF-'
 * ```
 */
export async function readablePdf(source: EInvoiceSource, ports: Ports): Promise<Validated<Uint8Array>> {
  const view = invoiceView(source);
  if (!view.success) return view;
  const assets = await pdfAssetsOf(ports, 'pdf.invoice');
  if (!assets.success) return assets;
  const { renderInvoicePdf } = await import('../../einvoice/pdf/render.js');
  return { success: true, data: await renderInvoicePdf(view.data, assets.data) };
}

/** `pdf.invoice`. */
export const readablePdfDocument: InvoiceDocumentType = {
  code: 'pdf.invoice',
  name: 'PDF, the readable invoice (A4)',
  content_type: 'application/pdf',
  extension: 'pdf',
  fiscalkit_code: false,
  write: (source, { ports }) => readablePdf(source, ports),
};
