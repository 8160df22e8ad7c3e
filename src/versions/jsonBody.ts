import { parse } from 'lossless-json';
import type { Validated } from '../errors/validationIssue.js';
import { DEPTH_ONLY_JSON_LIMITS, type JsonLimits, jsonLimitIssue } from './jsonLimits.js';

/** Largest request body read by default: 5,000 SII records of a batch fit with room (spec §4.1). */
export const DEFAULT_MAX_BODY_BYTES = 20_971_520; // 20 MiB

/**
 * Reads a JSON request body without loss (DESIGN.md: "request bodies are parsed losslessly"):
 * every number stays a `LosslessNumber` holding its exact text, so `12.50` and `0.1` reach the model
 * as written and a 20-digit id is not rounded. Malformed JSON (including duplicate keys, which
 * lossless-json refuses) and a body over `maxBytes` of UTF-8 are `400 invalid_request_params` with
 * `param: null`; nothing is thrown. (An HTTP server should also cap the bytes it reads before
 * decoding; this is the library's own guard for callers that hand it a string.)
 *
 * Before any tree is built, `limits` are checked in one linear pass (`jsonLimitIssue`, issue #24
 * item 5): a body nested deeper than 64 levels, with more values or a longer string than the
 * endpoint takes, is 400 `invalid_request_params` naming the limit. Without `limits`, only the depth.
 *
 * @example
 * ```ts
 * const body = parseJsonBody('{"invoice":{"total_amount_due":12.50}}');
 * // { success: true, data: { invoice: { total_amount_due: LosslessNumber { value: '12.50' } } } }
 * parseJsonBody('{"a":1,').success; // false: 400 invalid_request_params
 * parseJsonBody('[1,2,3]', { limits: { max_values: 3, max_string_length: 10 } }).success; // false: 4 values
 * ```
 */
export function parseJsonBody(text: string, options: JsonBodyOptions = {}): Validated<unknown> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  // A UTF-16 unit is at most 3 UTF-8 bytes, so a short string needs no counting.
  // money-safe: byte counts, not amounts.
  if (text.length * 3 > maxBytes && utf8Length(text) > maxBytes)
    return refuse('fiscalkit.json.max-bytes', `the request body is larger than ${maxBytes} bytes`);
  const limitIssue = jsonLimitIssue(text, options.limits ?? DEPTH_ONLY_JSON_LIMITS);
  if (limitIssue !== null) return { success: false, issues: [limitIssue] };
  try {
    return { success: true, data: parse(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    // Spec §7.2: invalid_request_params is "Malformed JSON, wrong types, unexpected structure".
    return refuse('spec.7.2.malformed-json', `the request body is not valid JSON (${reason.slice(0, 120)})`);
  }
}

/** Options of {@link parseJsonBody}. */
export interface JsonBodyOptions {
  /** The largest body in UTF-8 bytes; {@link DEFAULT_MAX_BODY_BYTES} when not given. */
  maxBytes?: number;
  /** What the body may hold (issue #24 item 5); only the depth (64) is checked when not given. */
  limits?: JsonLimits;
}

/** The UTF-8 size of a string: 1 to 3 bytes per UTF-16 unit, 4 per surrogate pair (2 + 2). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdfff ? 2 : 3;
  }
  return bytes;
}

function refuse(rule: string, message: string): Validated<unknown> {
  return { success: false, issues: [{ rule, code: 'invalid_request_params', param: '', message }] };
}
