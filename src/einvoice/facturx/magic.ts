/**
 * Whether bytes are a PDF, told without a PDF library: the first thing e-invoice validation asks of an
 * upload, which must not load pdf-lib for every XML document (issue #21 "first validation in a fresh
 * process ≤ 500 ms").
 *
 * @module
 */

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Whether the bytes are a PDF: `%PDF-` at byte 0 (ISO 32000-1 §7.5.2; PDF/A-3, ISO 19005-3 §6.1.2,
 * allows nothing before it). Used to tell a Factur-X upload from an XML one.
 *
 * @example
 * ```ts
 * isPdf(new TextEncoder().encode('%PDF-1.7\n…')); // true
 * isPdf(new TextEncoder().encode('<?xml version="1.0"?>')); // false
 * ```
 */
export function isPdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}
