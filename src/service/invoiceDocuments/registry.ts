/**
 * The document types of `GET /document_types`, in the order that list shows them: code → writer. The
 * document service looks every code up here (`invoiceDocumentType`) and never names one itself; a new
 * e-invoice syntax is one file beside the others and one row below (docs/einvoice-documents.md).
 *
 * @module
 */

import { en16931CiiDocument, xrechnungCiiDocument } from './cii.js';
import type { InvoiceDocumentType } from './documentType.js';
import { fa3Document } from './fa3.js';
import { facturaeDocument, signedFacturaeDocument } from './facturae.js';
import { facturXDocument } from './facturx.js';
import { readablePdfDocument } from './pdf.js';
import { peppolUblCreditNoteDocument, peppolUblDocument, xrechnungUblDocument } from './ubl.js';

/** Every document type, the service's published codes first. */
export const INVOICE_DOCUMENT_TYPES: readonly InvoiceDocumentType[] = [
  readablePdfDocument,
  peppolUblDocument,
  facturaeDocument,
  peppolUblCreditNoteDocument,
  xrechnungUblDocument,
  en16931CiiDocument,
  xrechnungCiiDocument,
  facturXDocument,
  signedFacturaeDocument,
  fa3Document,
];

const BY_CODE = new Map(INVOICE_DOCUMENT_TYPES.map((type) => [type.code, type]));

/**
 * The document type of a code, or undefined for a code fiscalkit does not write.
 *
 * @example
 * ```ts
 * invoiceDocumentType('xml.ksef.fa3')?.content_type; // 'application/xml; charset=utf-8'
 * invoiceDocumentType('xml.unknown'); // undefined
 * ```
 */
export function invoiceDocumentType(code: string): InvoiceDocumentType | undefined {
  return BY_CODE.get(code);
}
