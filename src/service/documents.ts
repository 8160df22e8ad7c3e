/**
 * POST /documents/validate (spec §4.8; from v2025-10-13, spec §9): the use case behind the HTTP
 * binding. The document arrives as the request body itself (XML, or a Factur-X / ZUGFeRD PDF), or
 * inside a JSON object as text (`{"document": "<Invoice …"}`) or as base64 bytes
 * (`{"file": "PD94bWwg…"}`); `validateDocument` does the work, with the `einvoice` port's validator
 * for e-invoices when the service has one (issue #21).
 *
 * @module
 */
import { decodeBase64 } from '../documents/base64.js';
import type { DocumentValidation } from '../documents/validateDocument.js';
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import type { Ports } from '../ports.js';
import type { Caller } from './caller.js';
import { computeOf } from './compute.js';
import type { ServiceDeps } from './deps.js';

/** A document as the request carries it. */
export type DocumentInput =
  /** The body is the document (`Content-Type: application/xml`, `text/xml`). */
  | { kind: 'raw'; content: string | Uint8Array }
  /** A JSON body: `{document: "<xml>"}` or `{file: "<base64>"}`. */
  | { kind: 'json'; body: unknown };

/** The use cases of document validation. */
export interface DocumentService {
  /**
   * Validates one document and answers the verdict (`DocumentValidation`); 422 `parameter_invalid`
   * for a document fiscalkit refuses to read (see `validateDocument`), `parameter_blank` when a JSON
   * body holds neither `document` nor `file`, 400 `invalid_request_params` for a JSON body of the
   * wrong shape.
   */
  validate(caller: Caller, input: DocumentInput): Promise<DocumentValidation>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The document of a JSON body and the field it came from. */
function fromJson(body: unknown): { content: string | Uint8Array; param: string } {
  if (!isObject(body))
    throw new ApiError(
      'invalid_request_params',
      'the body must be a JSON object {"document": "<xml…>"} or {"file": "<base64>"}, or the XML itself with Content-Type application/xml',
      { param: null },
    );
  const { document, file } = body;
  const sent = (value: unknown) => value !== undefined && value !== null;
  if (sent(document) && sent(file))
    throw new ApiError('invalid_request_params', 'send either document or file, not both', {
      param: 'file',
    });
  if (sent(document)) {
    if (typeof document !== 'string')
      throw new ApiError('invalid_request_params', 'document must be a string: the XML document', {
        param: 'document',
      });
    if (document.trim() === '')
      throw new ApiError('parameter_blank', 'document is blank', { param: 'document' });
    return { content: document, param: 'document' };
  }
  if (sent(file)) {
    if (typeof file !== 'string')
      throw new ApiError('invalid_request_params', 'file must be a string: the document in base64', {
        param: 'file',
      });
    const bytes = decodeBase64(file);
    if (bytes === null)
      throw new ApiError('parameter_invalid', 'file is not base64 (RFC 4648)', { param: 'file' });
    if (bytes.byteLength === 0) throw new ApiError('parameter_blank', 'file is empty', { param: 'file' });
    return { content: bytes, param: 'file' };
  }
  throw new ApiError(
    'parameter_blank',
    'document is required: send {"document": "<xml…>"} or {"file": "<base64>"}',
    {
      param: 'document',
    },
  );
}

/**
 * The document validation service. Any caller may validate (nothing is stored and no account is
 * involved); SII messages are judged by the `schemaValidator` port.
 *
 * @example
 * ```ts
 * const documents = createDocumentService(ports, deps);
 * const verdict = await documents.validate(caller, { kind: 'json', body: { document: siiXml } });
 * verdict.format; // 'sii'
 * verdict.validation_level; // 'schema'
 * ```
 */
export function createDocumentService(ports: Ports, _deps: ServiceDeps): DocumentService {
  return {
    async validate(_caller, input) {
      const { content, param } =
        input.kind === 'raw' ? { content: input.content, param: 'document' } : fromJson(input.body);
      if (content.length === 0) throw new ApiError('parameter_blank', 'the document is empty', { param });
      // Off the event loop (issue #24): a 10 MB document is seconds of CPU; the compute's validator
      // is the schemaValidator port's (`checkComputeValidator`).
      const result = await computeOf(ports).run('document_validation', { content, param });
      if (!result.success) throw apiErrorFromIssues(result.issues);
      return result.data;
    },
  };
}
