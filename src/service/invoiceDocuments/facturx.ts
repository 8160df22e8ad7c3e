/**
 * `pdf.facturx.en16931` (fiscalkit's code): Factur-X 1.0 / ZUGFeRD 2 in the EN 16931 profile (issue
 * #22): the readable invoice as a PDF/A-3B with the invoice's EN 16931 CII (`xml.cii.en16931`'s
 * document) embedded as `factur-x.xml` and declared in its XMP metadata (`writeFacturX`; what makes
 * the file PDF/A-3 and what is not checked: docs/einvoice-documents.md). The CII is written first, so
 * an invoice EN 16931 cannot state is refused with the same issues as its XML.
 *
 * @module
 */
import { invoiceView } from '../../einvoice/pdf/view.js';
import { ciiOfInvoice } from './cii.js';
import type { InvoiceDocumentType } from './documentType.js';
import { pdfAssetsOf } from './pdf.js';

/** `pdf.facturx.en16931`. */
export const facturXDocument: InvoiceDocumentType = {
  code: 'pdf.facturx.en16931',
  name: 'Factur-X 1.0 / ZUGFeRD 2, EN 16931 profile (PDF/A-3 with the CII embedded)',
  content_type: 'application/pdf',
  extension: 'pdf',
  fiscalkit_code: true,
  async write(source, { ports }) {
    const cii = ciiOfInvoice(source, 'en16931');
    if (!cii.success) return cii;
    const view = invoiceView(source);
    if (!view.success) return view;
    const assets = await pdfAssetsOf(ports, 'pdf.facturx.en16931');
    if (!assets.success) return assets;
    const { writeFacturX } = await import('../../einvoice/facturx/write.js');
    return { success: true, data: await writeFacturX(view.data, cii.data, assets.data) };
  },
};
