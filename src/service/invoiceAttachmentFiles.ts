/**
 * The files attached to an invoice (spec §4.6 POST /invoices/{id}/add_attachment(s), and fiscalkit's
 * GET of one file): their bytes live in the blob port, the invoice lists them. How an upload is read
 * from a request is invoiceAttachments.ts.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { type Invoice, type InvoiceAttachment, MAX_INVOICE_ATTACHMENTS } from '../model/invoice.js';
import type { Ports, StoredBlob } from '../ports.js';
import type { Caller } from './caller.js';
import { answeredInvoice, recordInvoiceEvent } from './invoiceAnswer.js';
import type { AttachmentUpload } from './invoiceAttachments.js';
import { rewriteInvoice } from './invoiceRewrite.js';
import { activeRecord, ownedRecord, resourceMissing } from './tenancy.js';

/**
 * POST /invoices/{id}/add_attachment(s): stores the files in the blob port and lists them on the
 * invoice (at most `MAX_INVOICE_ATTACHMENTS`). Files the invoice did not take (deleted meanwhile, or
 * full) are removed again.
 *
 * @example
 * ```ts
 * const invoice = await addInvoiceAttachments(ports, caller, 42, [{ filename: 'a.pdf', content_type: 'application/pdf', bytes, param: 'file' }]);
 * invoice.attachments?.length; // 1
 * ```
 */
export async function addInvoiceAttachments(
  ports: Ports,
  caller: Caller,
  id: number,
  uploads: readonly AttachmentUpload[],
): Promise<Invoice> {
  const { value: current } = await activeRecord(ports, caller, ports.store.invoices, id, 'invoice');
  if (uploads.length === 0)
    throw new ApiError('parameter_blank', 'attachments needs at least one file', {
      param: 'attachments',
    });
  const tooMany = (invoice: Invoice) => {
    if ((invoice.attachments ?? []).length + uploads.length > MAX_INVOICE_ATTACHMENTS)
      throw new ApiError(
        'parameter_invalid',
        `an invoice holds at most ${String(MAX_INVOICE_ATTACHMENTS)} attachments; it has ${String((invoice.attachments ?? []).length)}`,
        { param: 'attachments' },
      );
  };
  tooMany(current);
  const added: InvoiceAttachment[] = [];
  for (const upload of uploads) {
    const blob: StoredBlob = {
      id: await ports.ids.next('blob'),
      account_id: current.account_id,
      filename: upload.filename,
      content_type: upload.content_type,
      bytes: upload.bytes,
    };
    await ports.blobs.put(blob);
    added.push({
      id: blob.id,
      filename: blob.filename,
      content_type: blob.content_type,
      size: blob.bytes.byteLength,
    });
  }
  try {
    const { invoice } = await rewriteInvoice(ports, caller, id, async ({ value: stored }) => {
      tooMany(stored);
      return { ...stored, attachments: [...(stored.attachments ?? []), ...added] };
    });
    await recordInvoiceEvent(ports, invoice, 'attachments_added');
    return await answeredInvoice(ports, invoice);
  } catch (error) {
    // The invoice did not take them (deleted meanwhile, or full): their bytes must not linger.
    for (const attachment of added) await ports.blobs.remove(current.account_id, attachment.id);
    throw error;
  }
}

/**
 * One attachment's file (GET /invoices/{id}/attachments/{attachment_id}, fiscalkit's): 404
 * `resource_missing` at `attachment_id` unless the invoice lists it.
 *
 * @example
 * ```ts
 * const blob = await invoiceAttachmentFile(ports, caller, 42, 9001);
 * blob.filename; // 'a.pdf'
 * ```
 */
export async function invoiceAttachmentFile(
  ports: Ports,
  caller: Caller,
  id: number,
  attachment_id: number,
): Promise<StoredBlob> {
  const { value: invoice } = await ownedRecord(ports, caller, ports.store.invoices, id, 'invoice');
  const listed = (invoice.attachments ?? []).some((attachment) => attachment.id === attachment_id);
  const blob = listed ? await ports.blobs.get(invoice.account_id, attachment_id) : null;
  if (blob === null) throw resourceMissing('attachment', attachment_id, 'attachment_id');
  return blob;
}
