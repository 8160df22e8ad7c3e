/**
 * POST /documents/validate (spec §4.8; from v2025-10-13, spec §9). The document is the body itself
 * (`Content-Type: application/xml`, `text/xml`, any `…+xml`, `application/pdf` for a Factur-X /
 * ZUGFeRD PDF, or `application/octet-stream`), a JSON object `{"document": "<xml…>"}` /
 * `{"file": "<base64>"}` (`application/json`; a PDF in base64 too), or a `multipart/form-data` form
 * with the document in a `file` (or `document`) part, as an HTML form or `curl -F file=@invoice.pdf`
 * sends it. Without a Content-Type, a body starting with `<` is the document, `%PDF-` a PDF, anything
 * else JSON. The answer is the verdict `{valid, format, document_type, version, profile,
 * validation_level, checks, errors, warnings, rule_sets, unsupported, container, unchecked_elements}`
 * (`DocumentValidation`): 200 whether or not the document is valid; 422 when fiscalkit will not read it
 * (DOCTYPE, not UTF-8, unknown format, a PDF without an invoice, …); 413 over the body limit.
 */
import { ApiError, type DocumentInput } from 'fiscalkit';
import { isPdf } from 'fiscalkit/validate';
import type { Router } from '../state.js';
import { jsonOf, type RouteContext, readBytes, readJson, requireEndpoint, sendJson } from '../wire.js';

const XML_TYPE = /^(?:application|text)\/(?:[\w.+-]+\+)?xml$/;

/** The multipart fields that may carry the document. */
const FORM_FIELDS = ['file', 'document'];

/**
 * The document of a `multipart/form-data` body (RFC 7578): the one `file` (or `document`) part, a file
 * or a text value alike (an HTML form's textarea sends the XML as text).
 */
async function formDocument(c: RouteContext, bytes: Uint8Array, type: string): Promise<DocumentInput> {
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
  const parts = FORM_FIELDS.flatMap((name) => form.getAll(name).map((value) => ({ name, value })));
  if (parts.length === 0)
    throw new ApiError('parameter_blank', 'file is required: send the document in a "file" part', {
      param: 'file',
    });
  if (parts.length > 1)
    throw new ApiError('invalid_request_params', 'send one document: one "file" (or "document") part', {
      param: parts[1]?.name ?? 'file',
    });
  const { value } = parts[0] as { name: string; value: File | string };
  return {
    kind: 'raw',
    content: typeof value === 'string' ? value : new Uint8Array(await value.arrayBuffer()),
  };
}

function firstCharacter(bytes: Uint8Array): string {
  for (const byte of bytes) {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    // A UTF-8 byte-order mark starts an XML document too.
    return byte === 0xef ? '<' : String.fromCharCode(byte);
  }
  return '';
}

/** The document as the request carries it. */
async function documentInput(c: RouteContext): Promise<DocumentInput> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') return { kind: 'json', body: await readJson(c) };
  if (XML_TYPE.test(type) || type === 'application/octet-stream' || type === 'application/pdf')
    return { kind: 'raw', content: await readBytes(c) };
  if (type === 'multipart/form-data') return formDocument(c, await readBytes(c), type);
  if (type !== '')
    throw new ApiError(
      'invalid_request_params',
      `Content-Type ${type} is not read here: send the XML (application/xml), the PDF (application/pdf), a multipart/form-data "file" part, or JSON {"document": …} / {"file": …}`,
      { param: null },
    );
  const bytes = await readBytes(c);
  if (firstCharacter(bytes) === '<' || isPdf(bytes)) return { kind: 'raw', content: bytes };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('invalid_request_params', 'the request body is not UTF-8');
  }
  if (text.trim() === '')
    throw new ApiError('invalid_request_params', 'the request needs a body: the document');
  return { kind: 'json', body: await jsonOf(c, text) };
}

/** Registers POST /documents/validate. */
export function documentRoutes(router: Router): void {
  router.post('/documents/validate', async (c) => {
    requireEndpoint(c, 'documents.validate');
    const verdict = await c.env.fiscalkit.documents.validate(c.env.caller, await documentInput(c));
    return sendJson(c, 200, verdict);
  });
}
