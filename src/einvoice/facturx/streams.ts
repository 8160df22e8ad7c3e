/**
 * Bounded decoding of PDF streams (issue #21, layer 5): the invoice attachment of a Factur-X / ZUGFeRD
 * PDF, its XMP metadata and its object streams are compressed, and a few kilobytes of FlateDecode
 * data can inflate to gigabytes (deflate reaches about 1032:1, ISO 32000-1 §7.4.4 puts no bound on a
 * stream). pdf-lib's own `FlateStream` (a port of pdf.js) inflates a whole deflate block at a time,
 * and one crafted block may be as long as the stream, so FlateDecode is inflated here with pako's
 * streaming inflater, fed 1 KiB of compressed data at a time: the output is checked after each
 * slice, so at most about 1 MiB is produced past the limit before the stream is refused.
 *
 * @module
 */

import pako from 'pako';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
} from 'pdf-lib';
import { OTHER_NAME } from './names.js';

/** What decoding a stream gave: its bytes, or why not. */
export type StreamDecoding =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'too-large' | 'filter' | 'corrupt'; message: string };

/** Resolves an indirect reference to the object it names (the reader's objects). */
export type Resolve = (object: PDFObject | undefined) => PDFObject | undefined;

/**
 * Compressed bytes handed to the inflater at once: deflate's best ratio (258 bytes from about two
 * bits, RFC 1951 §3.2.5) bounds one slice's output near 1 MiB.
 */
const SLICE = 1024;

/** The filters pdf-lib decodes in bounded blocks (its `DecodeStream`s read at most ~2 MiB a block). */
const BLOCK_FILTERS = new Set(['ASCIIHexDecode', 'ASCII85Decode', 'LZWDecode', 'RunLengthDecode']);

/**
 * Decodes a stream's data through its `/Filter` chain (ISO 32000-1 §7.3.8.2, Table 5), refusing as soon
 * as the output exceeds `maxBytes`. FlateDecode without a predictor and the four filters of
 * `BLOCK_FILTERS` are decoded; a predictor (`/DecodeParms /Predictor` above 1), an image filter
 * or `Crypt` is refused as `filter`. Never throws.
 *
 * @example
 * ```ts
 * decodeStreamBounded(stream, 10_485_760, resolve); // { ok: true, bytes } or { ok: false, reason: 'too-large', … }
 * ```
 */
export function decodeStreamBounded(
  stream: PDFRawStream,
  maxBytes: number,
  resolve: Resolve,
): StreamDecoding {
  const filters = listOf(resolve(stream.dict.get(PDFName.of('Filter'))), resolve);
  const params = listOf(resolve(stream.dict.get(PDFName.of('DecodeParms'))), resolve);
  let data: Uint8Array = stream.contents;
  if (filters.length === 0 && data.length > maxBytes) return tooLarge(maxBytes);
  for (let index = 0; index < filters.length; index++) {
    const filter = filters[index];
    if (!(filter instanceof PDFName)) return refused('filter', 'has a /Filter entry that is not a name');
    const name = filter.decodeText();
    const parameters = params[index];
    if (name === 'FlateDecode') {
      if (hasPredictor(parameters, resolve))
        return refused('filter', 'uses FlateDecode with a predictor, which fiscalkit does not decode');
      const inflated = inflateBounded(data, maxBytes);
      if (!inflated.ok) return inflated;
      data = inflated.bytes;
    } else if (BLOCK_FILTERS.has(name)) {
      const dict = PDFDict.withContext(stream.dict.context);
      dict.set(PDFName.of('Filter'), filter);
      if (parameters instanceof PDFDict) dict.set(PDFName.of('DecodeParms'), parameters);
      try {
        const decoded = decodePDFRawStream(PDFRawStream.of(dict, data)).getBytes(maxBytes + 1);
        data = decoded instanceof Uint8Array ? decoded : new Uint8Array(decoded);
      } catch (error) {
        return refused('corrupt', `has ${name} data that cannot be decoded (${messageOf(error)})`);
      }
      if (data.length > maxBytes) return tooLarge(maxBytes);
    } else {
      const which = filter === OTHER_NAME ? 'a filter' : `the ${name} filter`;
      return refused('filter', `uses ${which}, which fiscalkit does not decode`);
    }
  }
  return { ok: true, bytes: data };
}

/**
 * Inflates zlib-wrapped deflate data (the FlateDecode format, ISO 32000-1 §7.4.4.1 → RFC 1950) to at
 * most `maxBytes`, feeding pako `SLICE` bytes at a time. The Adler-32 trailer is not checked
 * (pdf.js and pdf-lib do not either; producers get it wrong), a preset dictionary is refused, and a
 * stream that ends before its last block is refused as corrupt. Never throws.
 *
 * @example
 * ```ts
 * inflateBounded(pako.deflate(new Uint8Array(100)), 1000); // { ok: true, bytes: Uint8Array(100) }
 * inflateBounded(pako.deflate(new Uint8Array(5000)), 1000).ok; // false: reason 'too-large'
 * ```
 */
export function inflateBounded(data: Uint8Array, maxBytes: number): StreamDecoding {
  const cmf = data[0];
  const flg = data[1];
  // RFC 1950 §2.2: CM = 8 (deflate), CINFO ≤ 7, the check bits make CMF·256 + FLG a multiple of 31.
  const header = cmf === undefined || flg === undefined ? -1 : (cmf << 8) | flg;
  // money-safe: byte arithmetic on the zlib header, not money
  const checked = header >= 0 && header % 31 === 0;
  if (cmf === undefined || flg === undefined || !checked || (cmf & 0x0f) !== 8 || cmf >> 4 > 7)
    return refused('corrupt', 'has FlateDecode data without a valid zlib header (RFC 1950)');
  if ((flg & 0x20) !== 0) return refused('corrupt', 'has FlateDecode data that needs a preset dictionary');
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  let failure: string | null = null;
  const inflater = new pako.Inflate({ raw: true });
  inflater.onData = (chunk) => {
    const bytes = chunk as Uint8Array;
    chunks.push(bytes);
    total += bytes.length;
  };
  inflater.onEnd = (status) => {
    ended = true;
    if (status !== 0) failure = inflater.msg || `zlib status ${String(status)}`;
  };
  for (let at = 2; at < data.length && !ended; at += SLICE) {
    inflater.push(data.subarray(at, Math.min(at + SLICE, data.length)), false);
    if (total > maxBytes) return tooLarge(maxBytes);
  }
  if (failure !== null)
    return refused('corrupt', `has FlateDecode data that cannot be inflated (${failure})`);
  if (!ended) return refused('corrupt', 'has FlateDecode data that ends before its last deflate block');
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes };
}

/** A `/Filter` or `/DecodeParms` value as a list (a single name or dictionary stands for a list of one). */
function listOf(value: PDFObject | undefined, resolve: Resolve): (PDFObject | undefined)[] {
  if (value === undefined) return [];
  if (!(value instanceof PDFArray)) return [value];
  const items: (PDFObject | undefined)[] = [];
  for (let index = 0; index < value.size(); index++) items.push(resolve(value.get(index)));
  return items;
}

function hasPredictor(parameters: PDFObject | undefined, resolve: Resolve): boolean {
  if (!(parameters instanceof PDFDict)) return false;
  const predictor = resolve(parameters.get(PDFName.of('Predictor')));
  return predictor instanceof PDFNumber && predictor.asNumber() > 1;
}

function tooLarge(maxBytes: number): StreamDecoding {
  return refused('too-large', `decodes to more than ${String(maxBytes)} bytes`);
}

function refused(reason: 'too-large' | 'filter' | 'corrupt', message: string): StreamDecoding {
  return { ok: false, reason, message };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
