/**
 * The documents of an invoice (issue #22): `GET /invoices/{id}/as/{document_type}` writes the invoice
 * in one of the document types of `GET /document_types` (api-notes.md §8.3; the official PHP client's
 * `InvoiceService::downloadAs`, which sends `disposition` and `filename` as query parameters). The
 * source of every document is the stored invoice, its account (the seller), its contact (the buyer)
 * and the account's Peppol participant (its `peppol` transport's `pin_scheme` / `pin_value`, spec §2.8).
 *
 * An unknown code is 422 `parameter_inclusion` at `document_type`, listing the codes; an invoice that
 * cannot be written in the type asked for is 422 with the writer's issues (the field to change, the
 * rule id). Nothing is stored: a document is written from the invoice each time it is asked for, so
 * it always shows the invoice as it is.
 *
 * @module
 */

import { utf8Bytes } from '../einvoice/pdf/metadata.js';
import type { EInvoiceSource } from '../einvoice/semantic/source.js';
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import type { Ports } from '../ports.js';
import type { Caller } from './caller.js';
import type { DocumentBody, InvoiceDocumentType } from './invoiceDocuments/documentType.js';
import { INVOICE_DOCUMENT_TYPES, invoiceDocumentType } from './invoiceDocuments/registry.js';
import { ownedRecord, storedAccount } from './tenancy.js';
import { findTransportByCode } from './transportLookup.js';

/** One entry of `GET /document_types`. */
export interface DocumentTypeEntry {
  code: string;
  name: string;
  content_type: string;
  /** `true` when the code is fiscalkit's own (the service's code for it is not published). */
  fiscalkit_code: boolean;
}

/** A written document, ready to answer. */
export interface InvoiceDocument {
  /** The document type's code. */
  document_type: string;
  content_type: string;
  /** `<number>.<extension>`, characters outside `A-Z a-z 0-9 . _ -` written `_`. */
  filename: string;
  body: Uint8Array;
}

/** The invoice documents use case. */
export interface InvoiceDocumentService {
  /** `GET /document_types`: every code fiscalkit writes, in the registry's order. */
  types(): DocumentTypeEntry[];
  /** `GET /invoices/{id}/as/{document_type}`. */
  render(caller: Caller, invoice_id: number, document_type: string): Promise<InvoiceDocument>;
  /** The source every document of the invoice is written from (for hosts that call the writers themselves). */
  source(caller: Caller, invoice_id: number): Promise<EInvoiceSource>;
}

/**
 * A file name of the invoice's number: unsafe characters as `_`, cut at 120 characters (as tax
 * report downloads name theirs, `taxReportFile`).
 */
function documentFilename(number: string, extension: string): string {
  const safe = number.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'invoice';
  return `${safe}.${extension}`;
}

function bytesOf(body: DocumentBody): Uint8Array {
  return typeof body === 'string' ? utf8Bytes(body) : body;
}

function unknownDocumentType(code: string): ApiError {
  const codes = INVOICE_DOCUMENT_TYPES.map((type) => type.code).join(', ');
  return new ApiError(
    'parameter_inclusion',
    `document_type ${JSON.stringify(code)} is not a document type fiscalkit writes (GET /document_types): ${codes}`,
    { param: 'document_type' },
  );
}

/**
 * The invoice documents service.
 *
 * @example
 * ```ts
 * const documents = createInvoiceDocumentService(ports);
 * const pdf = await documents.render(caller, 42, 'pdf.invoice');
 * pdf.content_type; // 'application/pdf'
 * ```
 */
export function createInvoiceDocumentService(ports: Ports): InvoiceDocumentService {
  async function source(caller: Caller, invoice_id: number): Promise<EInvoiceSource> {
    const { value: invoice } = await ownedRecord(ports, caller, ports.store.invoices, invoice_id, 'invoice');
    const account = await storedAccount(ports, invoice.account_id);
    const contact =
      invoice.contact_id === null || invoice.contact_id === undefined
        ? null
        : ((await ports.store.contacts.get(account.id, invoice.contact_id))?.value ?? null);
    const peppol = await findTransportByCode(ports.store.transports, account.id, 'peppol');
    const pin = peppol?.value;
    const seller_endpoint =
      pin?.pin_scheme && pin.pin_value ? { scheme: pin.pin_scheme, id: pin.pin_value } : null;
    return { invoice, account, contact, seller_endpoint };
  }

  return {
    types: () =>
      INVOICE_DOCUMENT_TYPES.map(({ code, name, content_type, fiscalkit_code }) => ({
        code,
        name,
        content_type,
        fiscalkit_code,
      })),

    source,

    async render(caller, invoice_id, document_type) {
      const type: InvoiceDocumentType | undefined = invoiceDocumentType(document_type);
      // The invoice first: another tenant's invoice is 404 whatever code is asked for.
      const from = await source(caller, invoice_id);
      if (type === undefined) throw unknownDocumentType(document_type);
      const written = await type.write(from, { ports, now: new Date(ports.clock.now()) });
      if (!written.success) throw apiErrorFromIssues(written.issues);
      return {
        document_type: type.code,
        content_type: type.content_type,
        filename: documentFilename(from.invoice.number, type.extension),
        body: bytesOf(written.data),
      };
    },
  };
}
