/**
 * Strict UTF-8 for the XML importers (FA(3) and SII). Both tax authorities read only UTF-8
 * (KSeF: ksef-fa3.md §4 and §8 item 8, non-UTF-8 bytes are rejected, `CIRFMF/ksef-api` #759) or only
 * UTF-8 (the SII import, issue #6: fiscalkit's own builder writes UTF-8), so a document is decoded here
 * rather than with a lenient decoder that would turn a Latin-1 or Latin-2 letter into U+FFFD and import
 * a wrong name. The runtime's fatal `TextDecoder` decodes when there is one (it is much faster); the
 * decoder of its own (the pure core is typed for ES2022 only, which has no `TextDecoder`) says where
 * and why bytes are not UTF-8, and decodes in a runtime without one.
 *
 * @module
 */

/** Where and why a byte sequence is not UTF-8. */
export interface Utf8Error {
  /** The offset (0-based) of the first byte of the offending sequence. */
  offset: number;
  /** What is wrong, e.g. `an overlong encoding (C0 AF)`. */
  reason: string;
}

/** The result of {@link decodeUtf8Strict}. */
export type Utf8Result = { ok: true; text: string } | { ok: false; error: Utf8Error };

/** The part of WHATWG `TextDecoder` used here (the pure core is typed for ES2022, which has none). */
interface StrictTextDecoder {
  decode(input: Uint8Array): string;
}

type TextDecoderConstructor = new (
  label: string,
  options: { fatal: boolean; ignoreBOM: boolean },
) => StrictTextDecoder;

let cachedDecoder: StrictTextDecoder | null | undefined;

/**
 * A fatal UTF-8 `TextDecoder` that keeps a byte-order mark as U+FEFF (as the loop does: refusing it is
 * the caller's business), or null in a runtime without one (every runtime fiscalkit targets has it).
 */
function nativeDecoder(): StrictTextDecoder | null {
  if (cachedDecoder === undefined) {
    const Decoder = (globalThis as { TextDecoder?: TextDecoderConstructor }).TextDecoder;
    cachedDecoder =
      typeof Decoder === 'function' ? new Decoder('utf-8', { fatal: true, ignoreBOM: true }) : null;
  }
  return cachedDecoder;
}

/** How many UTF-16 code units are turned into a string at once (the spread stays far below stack limits). */
const CHUNK = 8192;

function hex(bytes: Uint8Array, from: number, to: number): string {
  const parts: string[] = [];
  for (let index = from; index < Math.min(to, bytes.length); index++) {
    parts.push((bytes[index] ?? 0).toString(16).toUpperCase().padStart(2, '0'));
  }
  return parts.join(' ');
}

function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/**
 * The length of the well-formed sequence that starts with `lead` and the range its second byte must
 * fall in (Unicode 15, table 3-7 "Well-Formed UTF-8 Byte Sequences"), or null for a byte that cannot
 * start a sequence. The narrowed second-byte ranges are what refuse overlongs (`E0 80..9F`,
 * `F0 80..8F`), surrogates (`ED A0..BF`) and code points above U+10FFFF (`F4 90..BF`).
 */
function sequenceOf(lead: number): { length: number; low: number; high: number } | null {
  if (lead >= 0xc2 && lead <= 0xdf) return { length: 2, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { length: 3, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { length: 3, low: 0x80, high: 0x9f };
  if (lead >= 0xe1 && lead <= 0xef) return { length: 3, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { length: 4, low: 0x90, high: 0xbf };
  if (lead >= 0xf1 && lead <= 0xf3) return { length: 4, low: 0x80, high: 0xbf };
  if (lead === 0xf4) return { length: 4, low: 0x80, high: 0x8f };
  return null;
}

/** Why the sequence at `offset` is not well-formed (called only once it is known not to be). */
function describeError(bytes: Uint8Array, offset: number): string {
  const lead = bytes[offset] ?? 0;
  if (lead >= 0x80 && lead <= 0xbf)
    return `an unexpected continuation byte (${hex(bytes, offset, offset + 1)})`;
  if (lead === 0xc0 || lead === 0xc1) return `an overlong encoding (${hex(bytes, offset, offset + 2)})`;
  if (lead >= 0xf5) return `a byte that never occurs in UTF-8 (${hex(bytes, offset, offset + 1)})`;
  const sequence = sequenceOf(lead);
  if (sequence === null) return `an invalid byte (${hex(bytes, offset, offset + 1)})`;
  const second = bytes[offset + 1];
  if (second === undefined)
    return `a truncated sequence at the end of the input (${hex(bytes, offset, offset + 1)})`;
  const shown = hex(bytes, offset, offset + sequence.length);
  if (isContinuation(second) && (second < sequence.low || second > sequence.high)) {
    if (lead === 0xed) return `an encoded UTF-16 surrogate (${shown})`;
    if (lead === 0xf4) return `a code point above U+10FFFF (${shown})`;
    return `an overlong encoding (${shown})`;
  }
  return `a truncated sequence (${shown})`;
}

/**
 * Decodes `bytes` as UTF-8, refusing anything that is not well-formed: a stray continuation byte, an
 * overlong form (`C0 AF`, `E0 80 AF`), an encoded surrogate (`ED A0 80`), a code point above
 * U+10FFFF, or a sequence cut short. A BOM is decoded like any character (U+FEFF); refusing it is
 * the caller's business. Returns the first offending offset, so that an error message can point at it.
 *
 * @example
 * ```ts
 * decodeUtf8Strict(Uint8Array.of(0x7a, 0xc5, 0x82, 0x6f)); // { ok: true, text: 'zło' }
 * decodeUtf8Strict(Uint8Array.of(0x7a, 0xb3, 0x6f)); // Latin-2 'zło': { ok: false, error: { offset: 1, … } }
 * decodeUtf8Strict(Uint8Array.of(0xc0, 0xaf)).ok; // false: an overlong '/'
 * ```
 */
export function decodeUtf8Strict(bytes: Uint8Array): Utf8Result {
  // The runtime's own strict decoder first: about ten times faster than the loop below on a 10 MB
  // document (issue #24 item 1: an import must answer within about a second up to the body limit). The
  // WHATWG UTF-8 decoder refuses exactly what Unicode table 3-7 refuses; on an error the loop below
  // finds where and why.
  const native = nativeDecoder();
  if (native !== null) {
    try {
      return { ok: true, text: native.decode(bytes) };
    } catch {
      // Not UTF-8: the loop below reports the first offending sequence.
    }
  }
  // A string never has more UTF-16 code units than its UTF-8 form has bytes.
  const units = new Uint16Array(bytes.length);
  let length = 0;
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    if (lead < 0x80) {
      units[length++] = lead;
      index++;
      continue;
    }
    const sequence = sequenceOf(lead);
    const second = bytes[index + 1];
    if (sequence === null || second === undefined || second < sequence.low || second > sequence.high) {
      return { ok: false, error: { offset: index, reason: describeError(bytes, index) } };
    }
    let codePoint = lead & (sequence.length === 2 ? 0x1f : sequence.length === 3 ? 0x0f : 0x07);
    codePoint = (codePoint << 6) | (second & 0x3f);
    for (let next = 2; next < sequence.length; next++) {
      const byte = bytes[index + next];
      if (!isContinuation(byte)) {
        return { ok: false, error: { offset: index, reason: describeError(bytes, index) } };
      }
      codePoint = (codePoint << 6) | ((byte ?? 0) & 0x3f);
    }
    if (codePoint >= 0x10000) {
      const above = codePoint - 0x10000;
      units[length++] = 0xd800 | (above >> 10);
      units[length++] = 0xdc00 | (above & 0x3ff);
    } else {
      units[length++] = codePoint;
    }
    index += sequence.length;
  }
  const parts: string[] = [];
  for (let from = 0; from < length; from += CHUNK) {
    // `apply` takes the typed array as it is; a spread would walk it through the iterator protocol.
    parts.push(
      String.fromCharCode.apply(
        null,
        units.subarray(from, Math.min(from + CHUNK, length)) as unknown as number[],
      ),
    );
  }
  return { ok: true, text: parts.join('') };
}

/**
 * The number of bytes `text` takes in UTF-8, counted without encoding it (no copy of a
 * multi-megabyte document). A lone surrogate counts 3 bytes, as U+FFFD would. With `stopAbove`, counting stops as
 * soon as the count exceeds it (the result is then some number above `stopAbove`).
 *
 * @example
 * ```ts
 * utf8ByteLength('zło'); // 4
 * utf8ByteLength('€'); // 3
 * utf8ByteLength('😀'); // 4
 * ```
 */
export function utf8ByteLength(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index++;
    } else bytes += 3;
    if (bytes > stopAbove) return bytes;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * The index of the first lone UTF-16 surrogate in `text` (one that has no UTF-8 encoding), or -1.
 *
 * @example
 * ```ts
 * loneSurrogateIndex('a😀b'); // -1
 * loneSurrogateIndex('a\uD800b'); // 1
 * ```
 */
export function loneSurrogateIndex(text: string): number {
  // ES2024 `isWellFormed` (Node 20) answers the common case without a regular expression scan; the
  // pure core types only ES2022, hence the structural check.
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof wellFormed === 'function' && wellFormed.call(text)) return -1;
  const match = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  return match === null ? -1 : match.index;
}
