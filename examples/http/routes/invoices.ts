/**
 * The invoice routes (spec §2.4, §2.5, §2.6, §4.6): list with the `type` filter, create, get with
 * `include`, PUT, PATCH, DELETE, `mark_as`, `ack`, and attachments (multipart or JSON with base64),
 * plus fiscalkit's GET of one attachment's file, and GET /invoices/{id}/as/{document_type} (issue #22).
 * Thin: parse, call `fiscalkit.invoices`, serialize.
 */
import { ApiError, type AttachmentUpload } from 'fiscalkit';
import {
  attachmentUploadsFromJson,
  checkedAttachmentUpload,
  MAX_ATTACHMENTS_PER_REQUEST,
  parseInvoiceInclude,
  requireOwnedAccount,
} from 'fiscalkit/http';
import type { Router } from '../state.js';
import {
  bodyTooLarge,
  fail,
  isObject,
  pathId,
  queryOf,
  type RouteContext,
  readJson,
  refuseUnknownParams,
  resourceBody,
  send,
  sendList,
} from '../wire.js';

/** The expandable fields asked for in `include` (spec §2.1, §2.5 rule 3); a bad name is 422. */
function includeOf(c: RouteContext): string[] {
  const include = parseInvoiceInclude(c.req.query('include'));
  if (!include.success) fail(include.issues);
  return include.data;
}

/** The multipart field names that carry files: `file` / `attachment`, and their plural forms. */
const SINGLE_FIELDS = ['file', 'attachment'];
const MANY_FIELDS = ['files[]', 'files', 'attachments[]', 'attachments', 'file', 'attachment'];

function isMultipart(c: RouteContext): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * The files of a multipart/form-data body (RFC 7578), each checked (`checkedAttachmentUpload`) and
 * named by its field (`file`; `files[0]`, `files[1]`, … for add_attachments). A body over the size
 * limit is 413, one that is not valid multipart 400, no file part `parameter_blank`, a text value
 * where a file belongs 400, two files on add_attachment `parameter_invalid`.
 */
async function multipartUploads(c: RouteContext, many: boolean): Promise<AttachmentUpload[]> {
  const max = c.env.options.max_body_bytes;
  // money-safe: a byte count from a header, not an amount.
  const declared = Number(c.req.header('content-length') ?? '0');
  const tooLarge = () => bodyTooLarge(max);
  if (declared > max) throw tooLarge();
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError('invalid_request_params', 'the body is not valid multipart/form-data', {
      param: null,
    });
  }
  const names = many ? MANY_FIELDS : SINGLE_FIELDS;
  const found: { name: string; file: File }[] = [];
  for (const name of names)
    for (const value of form.getAll(name)) {
      if (typeof value === 'string')
        throw new ApiError('invalid_request_params', `${name} must be a file part, not a text value`, {
          param: name.replace('[]', ''),
        });
      found.push({ name: name.replace('[]', ''), file: value });
    }
  const expected = many ? 'files' : 'file';
  if (found.length === 0)
    throw new ApiError('parameter_blank', `${expected} is required: send the file as a multipart part`, {
      param: expected,
    });
  if (!many && found.length > 1)
    throw new ApiError(
      'parameter_invalid',
      'add_attachment takes one file; send several to /invoices/{id}/add_attachments',
      { param: 'file' },
    );
  if (found.length > MAX_ATTACHMENTS_PER_REQUEST)
    throw new ApiError(
      'parameter_invalid',
      `add_attachments takes at most ${String(MAX_ATTACHMENTS_PER_REQUEST)} files per request`,
      { param: expected },
    );
  let total = 0;
  const uploads: AttachmentUpload[] = [];
  for (const [index, { name, file }] of found.entries()) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    total += bytes.byteLength;
    if (total > max) throw tooLarge();
    const param = many ? `${name}[${String(index)}]` : name;
    uploads.push(checkedAttachmentUpload({ filename: file.name, content_type: file.type, bytes }, param));
  }
  return uploads;
}

/** POST /invoices/{id}/add_attachment (one file) and /add_attachments (several). */
async function addAttachments(c: RouteContext, many: boolean): Promise<Response> {
  const id = pathId(c, 'id', 'invoice');
  const { invoices } = c.env.fiscalkit;
  const include = includeOf(c);
  // Another tenant's invoice is 404 before anything about the files is said.
  await invoices.get(c.env.caller, id);
  const uploads = isMultipart(c)
    ? await multipartUploads(c, many)
    : attachmentUploadsFromJson(await readJson(c), many ? 'attachments' : 'attachment');
  const invoice = await invoices.addAttachments(c.env.caller, id, uploads);
  return send(c, 'invoice', invoice, 'write', { include });
}

/** `Content-Disposition` for a download (RFC 6266): an ASCII fallback and the UTF-8 name. */
function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The query of GET /invoices/{id}/as/{document_type}: the official PHP client's `disposition`
 * (`inline` or `attachment`) and `filename` (`InvoiceService::downloadAs`); anything else is refused.
 */
function downloadQuery(c: RouteContext): {
  disposition: 'attachment' | 'inline';
  filename: string | undefined;
} {
  refuseUnknownParams(c, ['disposition', 'filename']);
  const disposition = c.req.query('disposition') ?? 'attachment';
  if (disposition !== 'attachment' && disposition !== 'inline')
    throw new ApiError('parameter_inclusion', 'disposition must be inline or attachment', {
      param: 'disposition',
    });
  const filename = c.req.query('filename');
  if (
    filename !== undefined &&
    (filename.trim() === '' ||
      filename.length > 255 ||
      [...filename].some((char) => char < ' ' || char === '/' || char === '\\'))
  )
    throw new ApiError(
      'parameter_invalid',
      'filename must be 1 to 255 characters, without control characters or slashes',
      {
        param: 'filename',
      },
    );
  return { disposition, filename };
}

/**
 * Registers the invoice routes.
 *
 * @example
 * ```ts
 * invoiceRoutes(router);
 * ```
 */
export function invoiceRoutes(router: Router): void {
  router.get('/accounts/:account/invoices', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Every filter is the use case's (`invoiceListQuery`): a repeated name arrives as its values.
    const page = await c.env.fiscalkit.invoices.list(c.env.caller, account, queryOf(c));
    return sendList(c, 'invoice', page.items, {
      total_count: page.total_count,
      offset: page.offset,
      limit: page.limit,
    });
  });

  router.post('/accounts/:account/invoices', async (c) => {
    const account = pathId(c, 'account', 'account');
    const include = includeOf(c);
    // Another tenant's account is 404 whatever the body says.
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const body = await resourceBody(c, 'invoice', 'invoice', 'create');
    const created = await c.env.fiscalkit.invoices.create(c.env.caller, account, body);
    // `send_after_import` beside `invoice`: the real service's create takes it (issue #23,
    // docs/sending.md "Import"); the invoice is answered as created, then as the send left it.
    const raw = await readJson(c);
    const flag = isObject(raw) ? raw.send_after_import : undefined;
    const invoice =
      flag === true || flag === 'true'
        ? (await c.env.fiscalkit.invoiceSending.sendCreated(c.env.caller, created)).invoice
        : created;
    return send(c, 'invoice', invoice, 'created', { include, location: `/invoices/${String(invoice.id)}` });
  });

  router.get('/invoices/:id', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    const include = includeOf(c);
    const invoice = await c.env.fiscalkit.invoices.get(c.env.caller, id);
    return send(c, 'invoice', invoice, 'read', { include });
  });

  for (const method of ['put', 'patch'] as const)
    router[method]('/invoices/:id', async (c) => {
      const id = pathId(c, 'id', 'invoice');
      const include = includeOf(c);
      const { invoices } = c.env.fiscalkit;
      // The stored invoice first: 404 for another tenant's, and the older versions' request upgrade
      // reads it (the flat amendment fields edit the stored amend reference, spec §2.4 rule 2).
      const stored = await invoices.get(c.env.caller, id);
      // PUT is a partial update like PATCH (issue #19; docs/http.md "PUT is a partial update"): the
      // body is read as an update, never as a whole invoice that would need `number` and lines.
      const body = await resourceBody(c, 'invoice', 'invoice', 'update', stored);
      const invoice =
        method === 'put'
          ? await invoices.replace(c.env.caller, id, body)
          : await invoices.update(c.env.caller, id, body);
      return send(c, 'invoice', invoice, 'write', { include });
    });

  router.delete('/invoices/:id', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    const invoice = await c.env.fiscalkit.invoices.remove(c.env.caller, id);
    return send(c, 'invoice', invoice, 'write');
  });

  router.post('/invoices/:id/mark_as', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    const include = includeOf(c);
    const { invoices } = c.env.fiscalkit;
    await invoices.get(c.env.caller, id);
    const invoice = await invoices.markAs(c.env.caller, id, await readJson(c));
    return send(c, 'invoice', invoice, 'write', { include });
  });

  router.post('/invoices/:id/ack', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    const include = includeOf(c);
    const invoice = await c.env.fiscalkit.invoices.ack(c.env.caller, id);
    return send(c, 'invoice', invoice, 'write', { include });
  });

  router.post('/invoices/:id/add_attachment', (c) => addAttachments(c, false));
  router.post('/invoices/:id/add_attachments', (c) => addAttachments(c, true));

  router.get('/invoices/:id/as/:document_type', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    const query = downloadQuery(c);
    const document = await c.env.fiscalkit.invoiceDocuments.render(
      c.env.caller,
      id,
      c.req.param('document_type'),
    );
    return c.body(document.body.slice().buffer, 200, {
      'Content-Type': document.content_type,
      'Content-Disposition': contentDisposition(query.filename ?? document.filename, query.disposition),
      'Content-Length': String(document.body.byteLength),
    });
  });

  router.get('/invoices/:id/attachments/:attachment_id', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    const attachmentId = pathId(c, 'attachment_id', 'attachment');
    const blob = await c.env.fiscalkit.invoices.attachment(c.env.caller, id, attachmentId);
    return c.body(blob.bytes.slice().buffer, 200, {
      'Content-Type': blob.content_type,
      'Content-Disposition': contentDisposition(blob.filename),
      'Content-Length': String(blob.bytes.byteLength),
    });
  });
}
