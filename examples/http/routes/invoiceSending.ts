/**
 * Sending invoices (issue #23; docs/sending.md): GET /invoices/{id}/validate, POST
 * /invoices/send_invoice/{id} (optional `Idempotency-Key` header), POST
 * /accounts/{account}/invoices/import (a JSON `{invoice, send_after_import}` as the official PHP client
 * sends, or the e-invoice document itself: XML, or a multipart `file` part, with `send_after_import` as
 * a query parameter or form field), and GET /invoices/{id}/deliveries. Thin: parse, call
 * `fiscalkit.invoiceSending`, serialize.
 */
import { ApiError, normalizeRequest, serialize } from 'fiscalkit';
import { requireOwnedAccount } from 'fiscalkit/http';
import type { Router } from '../state.js';
import {
  isObject,
  pathId,
  type RouteContext,
  readBytes,
  readJson,
  sendJson,
  statusOf,
  unwrap,
} from '../wire.js';

const DOCUMENT_TYPE = /^(?:application|text)\/(?:[\w.+-]+\+)?xml$|^application\/(?:octet-stream|pdf)$/;

/** `send_after_import` as a boolean: JSON true/false, or the text `true`/`false`/`1`/`0`. */
function flag(value: unknown, param = 'send_after_import'): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw new ApiError('parameter_invalid', `${param} must be true or false`, { param });
}

/** The invoice answer `{invoice, tax_report_ids, …}`, the invoice serialized for the caller's version. */
function answer(
  c: RouteContext,
  status: number,
  body: { invoice: object } & Record<string, unknown>,
): Response {
  const { invoice, ...rest } = body;
  return sendJson(c, status, { invoice: serialize('invoice', invoice, { version: c.env.version }), ...rest });
}

async function importBody(c: RouteContext) {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const queryFlag = flag(c.req.query('send_after_import'));
  if (type === 'application/json' || type === '') {
    const body = await readJson(c);
    const inner = unwrap(body, 'invoice');
    const invoice = normalizeRequest('invoice', inner, {
      version: c.env.version,
      operation: 'create',
      stored: null,
    });
    const sent = isObject(body) ? flag(body.send_after_import) : false;
    return { kind: 'invoice' as const, invoice, send_after_import: sent || queryFlag };
  }
  if (DOCUMENT_TYPE.test(type))
    return { kind: 'document' as const, content: await readBytes(c), send_after_import: queryFlag };
  if (type === 'multipart/form-data') {
    const bytes = await readBytes(c);
    let form: FormData;
    try {
      form = await new Response(bytes, {
        headers: { 'content-type': c.req.header('content-type') ?? type },
      }).formData();
    } catch {
      throw new ApiError('invalid_request_params', 'the multipart/form-data body cannot be read', {
        param: null,
      });
    }
    const file = form.get('file');
    if (file === null)
      throw new ApiError('parameter_blank', 'file is required: send the document in a "file" part', {
        param: 'file',
      });
    const content =
      typeof file === 'string' ? new TextEncoder().encode(file) : new Uint8Array(await file.arrayBuffer());
    const field = form.get('send_after_import');
    return {
      kind: 'document' as const,
      content,
      send_after_import: queryFlag || flag(typeof field === 'string' ? field : undefined),
    };
  }
  throw new ApiError(
    'invalid_request_params',
    `Content-Type ${type} is not read here: send JSON {"invoice": …}, the XML (application/xml), or a multipart/form-data "file" part`,
    { param: null },
  );
}

/**
 * Registers the sending routes.
 *
 * @example
 * ```ts
 * invoiceSendingRoutes(router);
 * ```
 */
export function invoiceSendingRoutes(router: Router): void {
  router.get('/invoices/:id/validate', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    return sendJson(c, 200, await c.env.fiscalkit.invoiceSending.validate(c.env.caller, id));
  });

  router.post('/invoices/send_invoice/:id', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    const key = c.req.header('idempotency-key');
    if (key !== undefined && (key.trim() === '' || key.length > 255))
      throw new ApiError('parameter_invalid', 'Idempotency-Key must be 1 to 255 characters', {
        param: 'Idempotency-Key',
      });
    const sent = await c.env.fiscalkit.invoiceSending.send(c.env.caller, id, {
      idempotency_key: key ?? null,
    });
    return answer(c, 200, { ...sent });
  });

  router.post('/accounts/:account/invoices/import', async (c) => {
    const account = pathId(c, 'account', 'account');
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const input = await importBody(c);
    const imported = await c.env.fiscalkit.invoiceSending.import(c.env.caller, account, input);
    return answer(c, statusOf(c, 'created') === 204 ? 201 : statusOf(c, 'created'), { ...imported });
  });

  router.get('/invoices/:id/deliveries', async (c) => {
    const id = pathId(c, 'id', 'invoice');
    return sendJson(c, 200, {
      deliveries: await c.env.fiscalkit.invoiceSending.deliveries(c.env.caller, id),
    });
  });
}
