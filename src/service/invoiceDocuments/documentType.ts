/**
 * One document an invoice can be downloaded as (issue #22; api-notes.md §8.3
 * `GET /invoices/{id}/as/{document_type}`): its code, what it is, its content type, and how it is
 * written from the invoice, its account and its contact. The document service looks a code up in the
 * registry (`registry.ts`) and never names a format itself, as the tax report service does with
 * `TaxReportFormat` (docs/tax-report-formats.md) after hono's one-tiny-interface adapters.
 *
 * @module
 */

import type { EInvoiceSource } from '../../einvoice/semantic/source.js';
import type { Validated } from '../../errors/validationIssue.js';
import type { Ports } from '../../ports.js';

/** What a document writer may use besides its source: the ports (PDF assets, the signer) and the clock's now. */
export interface DocumentContext {
  readonly ports: Ports;
  /** The injected clock's now (FA(3) `DataWytworzeniaFa`, a signature's `SigningTime`). */
  readonly now: Date;
}

/** A written document. */
export type DocumentBody = string | Uint8Array;

/** A document type of `GET /document_types` and `GET /invoices/{id}/as/{document_type}`. */
export interface InvoiceDocumentType {
  /** The code of the path (`xml.ubl.invoice.bis3`). */
  readonly code: string;
  /** What it is, for people (`UBL 2.1, Peppol BIS Billing 3.0`). */
  readonly name: string;
  /** The response's `Content-Type`. */
  readonly content_type: string;
  /** The file name's extension. */
  readonly extension: 'xml' | 'pdf';
  /**
   * `false` for the three codes the real service publishes (`pdf.invoice`, `xml.facturae.3.2.2`,
   * `xml.ubl.invoice.bis3`: the official PHP client's `InvoiceService::downloadAs`); `true` for a code
   * fiscalkit names itself because the service's own is not published.
   */
  readonly fiscalkit_code: boolean;
  /** Writes the document, or says why the invoice cannot be written in it (422 issues). */
  write(source: EInvoiceSource, context: DocumentContext): Promise<Validated<DocumentBody>>;
}
