/**
 * The document an invoice is sent as (issue #23): written from the stored invoice, its account and its
 * contact by the same registry GET /invoices/{id}/as/{document_type} uses (issue #22), so that what is
 * validated, what is delivered and what a download shows are one document. Read without a caller: the
 * send job has none, and the routes checked the tenancy before.
 *
 * @module
 */
import { utf8Bytes } from '../../einvoice/pdf/metadata.js';
import type { EInvoiceSource } from '../../einvoice/semantic/source.js';
import type { Validated } from '../../errors/validationIssue.js';
import type { Invoice } from '../../model/invoice.js';
import type { Ports } from '../../ports.js';
import { invoiceDocumentType } from '../invoiceDocuments/registry.js';
import { storedAccount } from '../tenancy.js';
import { findTransportByCode } from '../transportLookup.js';

/** A document written for sending. */
export interface SendingDocument {
  document_type: string;
  media_type: string;
  filename: string;
  content: Uint8Array;
}

/**
 * The source every document of a stored invoice is written from (as `InvoiceDocumentService.source`).
 *
 * @example
 * ```ts
 * const source = await sendingSource(ports, invoice);
 * source.contact?.name; // 'Acme Corporation'
 * ```
 */
export async function sendingSource(ports: Ports, invoice: Invoice): Promise<EInvoiceSource> {
  const account = await storedAccount(ports, invoice.account_id);
  const contact =
    invoice.contact_id === null || invoice.contact_id === undefined
      ? null
      : ((await ports.store.contacts.get(account.id, invoice.contact_id))?.value ?? null);
  const pin = (await findTransportByCode(ports.store.transports, account.id, 'peppol'))?.value;
  const seller_endpoint =
    pin?.pin_scheme && pin.pin_value ? { scheme: pin.pin_scheme, id: pin.pin_value } : null;
  return { invoice, account, contact, seller_endpoint };
}

/** `<number>.<extension>` with unsafe characters as `_` (as the download names it). */
function filenameOf(number: string, extension: string): string {
  const safe = number.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'invoice';
  return `${safe}.${extension}`;
}

/**
 * The invoice written as `code`, or every issue that keeps it from being written (the writer's rule
 * ids: `en16931.write.*`, `facturae.*`, `fa3.*`), all of them, not the first only.
 *
 * @example
 * ```ts
 * const written = await writeSendingDocument(ports, source, 'xml.ubl.invoice.bis3');
 * written.success && written.data.media_type; // 'application/xml; charset=utf-8'
 * ```
 */
export async function writeSendingDocument(
  ports: Ports,
  source: EInvoiceSource,
  code: string,
): Promise<Validated<SendingDocument>> {
  const type = invoiceDocumentType(code);
  if (type === undefined)
    return {
      success: false,
      issues: [
        {
          rule: 'fiscalkit.send.document-type',
          code: 'parameter_inclusion',
          param: 'document_type_code',
          message: `document_type_code ${JSON.stringify(code)} is not a document type fiscalkit writes (GET /document_types)`,
        },
      ],
    };
  const written = await type.write(source, { ports, now: new Date(ports.clock.now()) });
  if (!written.success) return written;
  return {
    success: true,
    data: {
      document_type: type.code,
      media_type: type.content_type,
      filename: filenameOf(source.invoice.number, type.extension),
      content: typeof written.data === 'string' ? utf8Bytes(written.data) : written.data,
    },
  };
}
