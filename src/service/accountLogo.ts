import { ApiError } from '../errors/ApiError.js';
import { staticSvgIssue } from '../xml/staticSvg.js';

/*
 * The account logo (spec §4.4 POST /accounts/{account}/logo, DELETE /accounts/{account}/logo; the
 * account's `has_logo`, api-notes.md §10). The spec shows neither the upload format nor the accepted
 * image types; fiscalkit accepts the image formats every PDF and web renderer draws — PNG, JPEG, GIF,
 * WebP and SVG — and checks that the bytes are the image they claim to be, so that a logo that can
 * never be drawn on an invoice is refused when it is sent, not when a document is rendered.
 *
 * An SVG logo must be plainly a static image (issue #24 item 6: logos were stored and served as
 * `image/svg+xml` with `<script>`, `onload` and `foreignObject` intact, exposing any client that
 * re-serves them). fiscalkit refuses rather than sanitises: a tax library does not silently alter a
 * client's file, so a logo is stored and served byte for byte, and an SVG with anything outside an
 * allowlist of static SVG elements and attributes — scripts, event handlers, animation, links, foreign
 * content, external references, CSS imports — is 422 `parameter_invalid` at `logo`, naming what was
 * found (`staticSvgIssue`, `src/xml/staticSvg.ts`, which records the decision and the allowlist).
 */

/** The image types a logo may have (fiscalkit's choice, see the file comment). */
export const LOGO_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
] as const;

/** A logo image type. */
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** A logo as the client sent it: the declared media type, the bytes and, when given, the file name. */
export interface LogoUpload {
  /** The media type the request declared (`Content-Type` of the body or of the multipart part). */
  content_type: string | null;
  bytes: Uint8Array;
  filename?: string | null | undefined;
}

/** A logo fit to store. */
export interface CheckedLogo {
  content_type: LogoContentType;
  bytes: Uint8Array;
  filename: string;
}

const EXTENSIONS: Readonly<Record<LogoContentType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** Media types that say only "some bytes": the image's own signature then tells its type. */
const GENERIC_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** Common misspellings of the types above that clients send. */
const ALIASES: Readonly<Record<string, LogoContentType>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/svg': 'image/svg+xml',
};

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

/** The first `length` bytes as Latin-1 text (enough to find `<svg` in an XML prologue). */
function head(bytes: Uint8Array, length: number): string {
  let text = '';
  for (const byte of bytes.subarray(0, length)) text += String.fromCharCode(byte);
  return text;
}

/**
 * The image type the bytes themselves show, by their signature: PNG (`89 50 4E 47 0D 0A 1A 0A`),
 * JPEG (`FF D8 FF`), GIF (`GIF87a` / `GIF89a`), WebP (`RIFF….WEBP`), SVG (an XML or `<svg` text whose
 * first 4 KiB open an `<svg` element); null for anything else.
 *
 * @example
 * ```ts
 * sniffLogoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])); // 'image/png'
 * sniffLogoType(new TextEncoder().encode('hello')); // null
 * ```
 */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  const text = head(bytes, 4096).replace(/^\u00ef\u00bb\u00bf/, '');
  if (/^\s*</.test(text) && /<svg[\s>/]/i.test(text)) return 'image/svg+xml';
  return null;
}

/** A media type without parameters, lower-cased (`Image/PNG; charset=x` → `image/png`). */
function mediaType(value: string | null): string {
  return (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function isLogoType(value: string): value is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(value);
}

/**
 * Checks a logo upload: bytes present (else 422 `parameter_blank` at `logo`), a declared type among
 * {@link LOGO_CONTENT_TYPES} or a generic one (`application/octet-stream`, none) (else 422
 * `parameter_invalid` at `logo`), and bytes that are that image (else 422 `parameter_invalid` at
 * `logo`). A generic declared type takes the type the bytes show. An SVG must be plainly a static
 * image (`staticSvgIssue`: else 422 `parameter_invalid` at `logo` naming what was found, issue #24);
 * the bytes are never changed. The file name defaults to `logo.<extension>`.
 *
 * @example
 * ```ts
 * checkLogo({ content_type: 'image/png', bytes: png }); // { content_type: 'image/png', bytes: png, filename: 'logo.png' }
 * checkLogo({ content_type: 'text/plain', bytes: png }); // throws ApiError parameter_invalid at logo
 * checkLogo({ content_type: 'image/svg+xml', bytes: svgWithScript }); // throws ApiError parameter_invalid at logo: '… the element <script> (a script) …'
 * checkLogo(null as never); // throws ApiError parameter_blank at logo
 * ```
 */
export function checkLogo(upload: LogoUpload): CheckedLogo {
  // A use case called directly (not over HTTP) may be handed anything: no upload, or bytes and a
  // type of the wrong kind, are the service's errors, never a TypeError.
  const given = upload as Partial<Record<keyof LogoUpload, unknown>> | null | undefined;
  if (typeof given !== 'object' || given === null || given.bytes === null || given.bytes === undefined)
    throw new ApiError('parameter_blank', 'logo is required: send the image as the request body', {
      param: 'logo',
    });
  if (!(given.bytes instanceof Uint8Array))
    throw new ApiError('invalid_request_params', 'logo must be the bytes of an image (a Uint8Array)', {
      param: 'logo',
    });
  if (
    given.content_type !== null &&
    given.content_type !== undefined &&
    typeof given.content_type !== 'string'
  )
    throw new ApiError('invalid_request_params', 'the media type of logo must be a string', {
      param: 'logo',
    });
  if (given.filename !== null && given.filename !== undefined && typeof given.filename !== 'string')
    throw new ApiError('invalid_request_params', 'the file name of logo must be a string', {
      param: 'logo',
    });
  if (upload.bytes.length === 0)
    throw new ApiError('parameter_blank', 'logo is required: send the image as the request body', {
      param: 'logo',
    });
  const declared = mediaType(upload.content_type);
  const named = ALIASES[declared] ?? declared;
  const shown = sniffLogoType(upload.bytes);
  if (!GENERIC_TYPES.has(named) && !isLogoType(named))
    throw new ApiError(
      'parameter_invalid',
      `logo must be one of ${LOGO_CONTENT_TYPES.join(', ')}, not ${JSON.stringify(declared)}`,
      { param: 'logo' },
    );
  const content_type = isLogoType(named) ? named : shown;
  if (content_type === null || shown !== content_type)
    throw new ApiError(
      'parameter_invalid',
      content_type === null
        ? `logo is not an image of a known type (${LOGO_CONTENT_TYPES.join(', ')})`
        : `logo is declared ${content_type} but its bytes are ${shown ?? 'not an image of a known type'}`,
      { param: 'logo' },
    );
  if (content_type === 'image/svg+xml') {
    const active = staticSvgIssue(upload.bytes, 'logo');
    if (active !== null) throw new ApiError('parameter_invalid', active.message, { param: 'logo' });
  }
  const filename = (upload.filename ?? '').trim();
  return {
    content_type,
    bytes: upload.bytes,
    filename: filename === '' ? `logo.${EXTENSIONS[content_type]}` : filename.slice(0, 255),
  };
}
