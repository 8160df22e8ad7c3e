/**
 * Strict base64 decoding for documents sent inside JSON (`{"file": "<base64>"}`, POST
 * /documents/validate). Written out because the pure core has neither `atob` nor `Buffer` (it runs
 * in any JavaScript runtime, DESIGN.md).
 *
 * @module
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The 6-bit value of each character code, -1 for a character outside the alphabet. */
const VALUES: readonly number[] = (() => {
  const values = new Array<number>(128).fill(-1);
  for (let index = 0; index < ALPHABET.length; index++) values[ALPHABET.charCodeAt(index)] = index;
  // The URL-safe alphabet (RFC 4648 §5) is accepted too: clients produce either.
  values['-'.charCodeAt(0)] = 62;
  values['_'.charCodeAt(0)] = 63;
  return values;
})();

/**
 * The bytes of a base64 text (RFC 4648 §4, or the URL-safe alphabet of §5), or null when it is not
 * base64: a character outside the alphabet, padding anywhere but at the end, or a length that leaves
 * a lone character. White space (line breaks of MIME-wrapped base64) is ignored; padding is optional.
 *
 * @example
 * ```ts
 * decodeBase64('PGEvPg=='); // Uint8Array [0x3c, 0x61, 0x2f, 0x3e] ('<a/>')
 * decodeBase64('PGEv\nPg'); // the same: line breaks and missing padding are fine
 * decodeBase64('not base64!'); // null
 * ```
 */
export function decodeBase64(text: string): Uint8Array | null {
  const compact = text.replace(/[\t\n\r ]+/g, '');
  const body = compact.replace(/={1,2}$/, '');
  // A group of 4 characters makes 3 bytes; a final group of 1 character makes no whole byte.
  if ((body.length & 3) === 1) return null;
  if (compact.length !== body.length && (compact.length & 3) !== 0) return null;
  // money-safe: byte counts.
  const bytes = new Uint8Array((body.length >> 2) * 3 + Math.max(0, (body.length & 3) - 1));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let index = 0; index < body.length; index++) {
    const code = body.charCodeAt(index);
    const value = code < 128 ? (VALUES[code] ?? -1) : -1;
    if (value < 0) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}
