/**
 * Strict UTF-8 for the FA(3) importer: the shared decoder of `src/xml/utf8.ts`, re-exported under the
 * path the importer's tests and readers have always used (ksef-fa3.md §4: KSeF reads UTF-8 only).
 *
 * @module
 */
export {
  decodeUtf8Strict,
  loneSurrogateIndex,
  type Utf8Error,
  type Utf8Result,
  utf8ByteLength,
} from '../../xml/utf8.js';
