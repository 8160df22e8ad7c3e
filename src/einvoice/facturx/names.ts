/**
 * The PDF names the Factur-X reader keeps (issue #21, layer 5). pdf-lib interns every `PDFName` in a
 * process-wide pool that is never emptied, and dictionary lookups compare names by identity, so the
 * reader (`./pdfReader.ts`) turns each name it parses into one of these, or into {@link OTHER_NAME}:
 * the pool stays this size however many PDFs the process reads.
 *
 * @module
 */

import { PDFName } from 'pdf-lib';

/**
 * The names read: those Factur-X extraction looks up, the filters and `/AFRelationship` values it
 * reports, and those pdf-lib's own parser compares (`Type`, `Length`, the catalog and page types).
 */
export const KNOWN_NAMES: ReadonlySet<string> = new Set([
  ...['Type', 'Length', 'Catalog', 'Pages', 'Page', 'ObjStm', 'XRef', 'N', 'First', 'Root', 'Encrypt'],
  ...['Names', 'EmbeddedFiles', 'Kids', 'AF', 'EF', 'F', 'UF', 'Params', 'Size', 'Metadata', 'Filespec'],
  ...['Filter', 'DecodeParms', 'Predictor', 'EarlyChange', 'AFRelationship'],
  ...['FlateDecode', 'ASCIIHexDecode', 'ASCII85Decode', 'LZWDecode', 'RunLengthDecode'],
  ...['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'Crypt'],
  ...['Source', 'Data', 'Alternative', 'Supplement', 'EncryptedPayload', 'FormData', 'Schema', 'Unspecified'],
]);

/** What every other name becomes (dictionary keys never looked up collapse into this one). */
export const OTHER_NAME: PDFName = PDFName.of('fiscalkit-unread-name');
