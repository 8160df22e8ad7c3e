import { ApiError } from '../errors/ApiError.js';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import { apiErrorFromIssues, type ValidationIssue } from '../errors/validationIssue.js';

/**
 * One file to attach to an invoice (spec §4.6 POST /invoices/{id}/add_attachment(s)), however it
 * arrived (a multipart part, or base64 in JSON). `param` names it on the wire (`file`, `files[1]`,
 * `attachment`, `attachments[0]`), so an error about it says which one.
 */
export interface AttachmentUpload {
  filename: string;
  content_type: string;
  bytes: Uint8Array;
  param: string;
}

/** What an upload is read from before its checks ({@link checkedAttachmentUpload}). */
export interface RawAttachment {
  filename: unknown;
  content_type: unknown;
  bytes: Uint8Array;
  /** Where the file name and type are on the wire: `attachment.filename` (JSON) or the part itself. */
  fieldParams?: { filename: string; content_type: string } | undefined;
}

/** The content type of a file whose sender gave none (RFC 2046 §4.5.1). */
export const DEFAULT_ATTACHMENT_TYPE = 'application/octet-stream';

/** `type/subtype` with optional parameters (RFC 9110 §8.3.1), at most 255 characters. */
const MEDIA_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*(?:\s*;.*)?$/;

/** Control characters (C0 and DEL): never part of a file name that is shown or downloaded. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * The file name to keep: the last path segment only (a client may send `C:\scans\f.pdf` or, hostile,
 * `../../etc/passwd`), without control characters, trimmed. Empty when nothing is left.
 *
 * @example
 * ```ts
 * attachmentFilename('C:\\scans\\invoice 7.pdf'); // 'invoice 7.pdf'
 * attachmentFilename('../../etc/passwd'); // 'passwd'
 * ```
 */
export function attachmentFilename(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  return last.replace(CONTROL, '').trim();
}

const BASE64_VALUES: Int16Array = (() => {
  const values = new Int16Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let index = 0; index < alphabet.length; index += 1) values[alphabet.charCodeAt(index)] = index;
  // The URL-safe alphabet (RFC 4648 §5) decodes to the same bytes.
  values['-'.charCodeAt(0)] = 62;
  values['_'.charCodeAt(0)] = 63;
  return values;
})();

/**
 * Decodes base64 (RFC 4648 §4, or its URL-safe alphabet §5) strictly: whitespace (line breaks of
 * MIME-style base64) is skipped, padding is optional but only at the end, and any other character, or
 * a length no encoder writes, is refused with null rather than decoded into garbage. Written out
 * because the pure core assumes no `atob` or `Buffer`.
 *
 * @example
 * ```ts
 * decodeBase64('JVBERi0=')!; // Uint8Array [0x25, 0x50, 0x44, 0x46, 0x2d] ('%PDF-')
 * decodeBase64('not base64!'); // null
 * ```
 */
export function decodeBase64(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '');
  const data = compact.replace(/={1,2}$/, '');
  const padded = compact.length !== data.length;
  // A padded text is whole 4-character groups; 1 character left over is never a byte.
  if ((padded && (compact.length & 3) !== 0) || (data.length & 3) === 1) return null;
  const groups = data.length >> 2;
  const rest = data.length & 3;
  // money-safe: byte counting of a base64 text (3 bytes per 4 characters), not an amount.
  const bytes = new Uint8Array(groups * 3 + (rest === 0 ? 0 : rest - 1));
  let out = 0;
  let buffer = 0;
  let bits = 0;
  for (let index = 0; index < data.length; index += 1) {
    const code = data.charCodeAt(index);
    const value = code < 128 ? (BASE64_VALUES[code] ?? -1) : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out] = (buffer >> bits) & 0xff;
      out += 1;
    }
  }
  return bytes;
}

/**
 * One upload, checked: the file name (`attachmentFilename`; blank is `parameter_blank`, over
 * 255 characters `parameter_invalid`), the content type (absent means
 * `DEFAULT_ATTACHMENT_TYPE`; not a `type/subtype` is `parameter_invalid`; stored lower case
 * without its parameters' case touched) and the bytes (none at all is `parameter_empty`: an empty
 * file is almost always a client bug, and no document format has a use for one). Errors name the
 * field where the client can find it (`attachment.filename`, or the part `file`). fiscalkit's rules
 * (the spec shows no payload for the attachment endpoints, §4.6): `fiscalkit.attachment.filename`,
 * `fiscalkit.attachment.content-type`, `fiscalkit.attachment.empty-file`; a value of the wrong JSON
 * type is `fiscalkit.schema.type`.
 *
 * @example
 * ```ts
 * checkedAttachmentUpload({ filename: 'a.pdf', content_type: null, bytes }, 'file');
 * // { filename: 'a.pdf', content_type: 'application/octet-stream', bytes, param: 'file' }
 * ```
 */
export function checkedAttachmentUpload(raw: RawAttachment, param: string): AttachmentUpload {
  const at = raw.fieldParams ?? { filename: param, content_type: param };
  const issues: ValidationIssue[] = [];
  const filename = typeof raw.filename === 'string' ? attachmentFilename(raw.filename) : '';
  if (raw.filename !== undefined && raw.filename !== null && typeof raw.filename !== 'string')
    issues.push({
      rule: SCHEMA_RULES.type,
      code: 'invalid_request_params',
      param: at.filename,
      message: `${at.filename} must be a string`,
    });
  else if (filename === '')
    issues.push({
      rule: 'fiscalkit.attachment.filename',
      code: 'parameter_blank',
      param: at.filename,
      message: `${at.filename} needs a file name`,
    });
  else if (filename.length > 255)
    issues.push({
      rule: 'fiscalkit.attachment.filename',
      code: 'parameter_invalid',
      param: at.filename,
      message: `${at.filename} must be a file name of at most 255 characters`,
    });
  let content_type = DEFAULT_ATTACHMENT_TYPE;
  if (typeof raw.content_type === 'string' && raw.content_type.trim() !== '') {
    const given = raw.content_type.trim();
    if (given.length > 255 || !MEDIA_TYPE.test(given))
      issues.push({
        rule: 'fiscalkit.attachment.content-type',
        code: 'parameter_invalid',
        param: at.content_type,
        message: `${at.content_type} must be a media type such as application/pdf`,
      });
    else {
      const [type = '', ...parameters] = given.split(';');
      content_type = [type.trim().toLowerCase(), ...parameters.map((part) => part.trim())].join('; ');
    }
  } else if (
    raw.content_type !== undefined &&
    raw.content_type !== null &&
    typeof raw.content_type !== 'string'
  )
    issues.push({
      rule: SCHEMA_RULES.type,
      code: 'invalid_request_params',
      param: at.content_type,
      message: `${at.content_type} must be a string`,
    });
  if (raw.bytes.byteLength === 0)
    issues.push({
      rule: 'fiscalkit.attachment.empty-file',
      code: 'parameter_empty',
      param,
      message: `${param} is an empty file`,
    });
  if (issues.length > 0) throw apiErrorFromIssues(issues);
  return { filename, content_type, bytes: raw.bytes, param };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One JSON attachment `{filename, content_type, content}` at `param`. */
function jsonAttachment(value: unknown, param: string): AttachmentUpload {
  if (!isObject(value))
    throw new ApiError(
      'invalid_request_params',
      `${param} must be an object {"filename": …, "content_type": …, "content": "<base64>"}`,
      { param },
    );
  const content = value.content;
  if (content === undefined || content === null)
    throw new ApiError('parameter_blank', `${param}.content is required (the file, base64)`, {
      param: `${param}.content`,
    });
  if (typeof content !== 'string')
    throw new ApiError('invalid_request_params', `${param}.content must be a base64 string`, {
      param: `${param}.content`,
    });
  const bytes = decodeBase64(content);
  if (bytes === null)
    throw new ApiError('parameter_invalid', `${param}.content is not valid base64 (RFC 4648)`, {
      param: `${param}.content`,
    });
  return checkedAttachmentUpload(
    {
      filename: value.filename,
      content_type: value.content_type,
      bytes,
      fieldParams: { filename: `${param}.filename`, content_type: `${param}.content_type` },
    },
    `${param}.content`,
  );
}

/** Most files in one add_attachments request (fiscalkit's bound; the invoice holds at most 100). */
export const MAX_ATTACHMENTS_PER_REQUEST = 100;

/**
 * The uploads of a JSON body (fiscalkit's JSON form of the attachment endpoints, next to multipart):
 * `{"attachment": {filename, content_type, content}}` for add_attachment, `{"attachments": [...]}`
 * for add_attachments, `content` in base64. A missing wrapper or an empty list is `parameter_blank`
 * / `parameter_empty` at it; a wrong shape 400; bad base64 `parameter_invalid` at its `content`; an
 * empty file `parameter_empty` there. add_attachment takes exactly one file.
 *
 * @example
 * ```ts
 * attachmentUploadsFromJson({ attachment: { filename: 'po.pdf', content_type: 'application/pdf', content: 'JVBERi0=' } }, 'attachment');
 * // [{ filename: 'po.pdf', content_type: 'application/pdf', bytes: …, param: 'attachment.content' }]
 * ```
 */
export function attachmentUploadsFromJson(
  body: unknown,
  field: 'attachment' | 'attachments',
): AttachmentUpload[] {
  if (!isObject(body))
    throw new ApiError('invalid_request_params', `the body must be a JSON object {"${field}": …}`, {
      param: null,
    });
  const value = body[field];
  if (value === undefined || value === null)
    throw new ApiError('parameter_blank', `${field} is required`, { param: field });
  if (field === 'attachment') return [jsonAttachment(value, 'attachment')];
  if (!Array.isArray(value))
    throw new ApiError('invalid_request_params', 'attachments must be an array of files', {
      param: 'attachments',
    });
  if (value.length === 0)
    throw new ApiError('parameter_empty', 'attachments needs at least one file', { param: 'attachments' });
  if (value.length > MAX_ATTACHMENTS_PER_REQUEST)
    throw new ApiError(
      'parameter_invalid',
      `attachments holds at most ${String(MAX_ATTACHMENTS_PER_REQUEST)} files per request`,
      { param: 'attachments' },
    );
  return value.map((item, index) => jsonAttachment(item, `attachments[${String(index)}]`));
}
