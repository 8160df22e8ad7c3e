/**
 * POST /documents/validate (spec §4.8; from v2025-10-13, spec §9). The document is the body itself
 * (`Content-Type: application/xml`, `text/xml`, any `…+xml`, or `application/octet-stream`), or a
 * JSON object `{"document": "<xml…>"}` / `{"file": "<base64>"}` (`application/json`). Without a
 * Content-Type, a body starting with `<` is the document, anything else JSON. The answer is the
 * verdict `{valid, format, document_type, version, profile, validation_level, checks, errors,
 * unchecked_elements}` (`DocumentValidation`): 200 whether or not the document is valid; 422 when
 * fiscalkit will not read it (DOCTYPE, not UTF-8, unknown format, …); 413 over the body limit.
 */
import { ApiError, type DocumentInput } from 'fiscalkit';
import type { Router } from '../state.js';
import { jsonOf, type RouteContext, readBytes, readJson, requireEndpoint, sendJson } from '../wire.js';

const XML_TYPE = /^(?:application|text)\/(?:[\w.+-]+\+)?xml$/;

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
  if (XML_TYPE.test(type) || type === 'application/octet-stream')
    return { kind: 'raw', content: await readBytes(c) };
  if (type !== '')
    throw new ApiError(
      'invalid_request_params',
      `Content-Type ${type} is not read here: send the XML (application/xml) or JSON {"document": …} / {"file": …}`,
      { param: null },
    );
  const bytes = await readBytes(c);
  if (firstCharacter(bytes) === '<') return { kind: 'raw', content: bytes };
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
