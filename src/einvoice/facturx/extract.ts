/**
 * Factur-X and ZUGFeRD (issue #21, layer 5): a PDF/A-3 invoice that carries its EN 16931 CII XML as an
 * embedded file. Factur-X 1.0 (FNFE-MPE / FeRD, §6) and ZUGFeRD 2.x name it `factur-x.xml`
 * (`xrechnung.xml` for the XRECHNUNG profile), ZUGFeRD 1.0 `ZUGFeRD-invoice.xml`, ZUGFeRD 2.0
 * `zugferd-invoice.xml`; it is a file specification in the catalog's `/Names /EmbeddedFiles` name tree
 * (ISO 32000-1 §7.7.4, §7.11.4) and in its `/AF` array (ISO 19005-3 §6.8, the associated files), with
 * an `/AFRelationship` (`Data`, `Alternative` or `Source` in Factur-X; PDF 2.0 §14.13). This module
 * takes that XML out, for the CII layers to judge; it judges nothing itself.
 *
 * The PDF is read by `readPdfObjects` (pdf-lib's object parser, synchronous and bounded); the
 * attachment is inflated with a byte limit (`decodeStreamBounded`), so a PDF bomb is refused,
 * never inflated whole.
 *
 * @module
 */

import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { decodeUtf8Strict } from '../../xml/utf8.js';
import { type PdfObjects, PdfReadRefusal, readPdfObjects } from './pdfReader.js';
import { decodeStreamBounded } from './streams.js';
import { type FacturXMetadata, readFacturXMetadata } from './xmp.js';

/**
 * The default limit on the attachment (and on the XMP metadata and all object streams together): 10 MiB,
 * the `MAX_DOCUMENT_BYTES` of `src/documents/validateDocument.ts` (an upper layer, not imported), so
 * an invoice inside a PDF may be as large as one uploaded on its own.
 */
export const DEFAULT_MAX_FACTURX_BYTES = 10_485_760;

/** The attachment names that carry the invoice, lower-cased (names are compared without case). */
export const FACTURX_ATTACHMENT_NAMES: readonly string[] = [
  'factur-x.xml',
  'zugferd-invoice.xml',
  'xrechnung.xml',
];

/** The rule ids of the refusals (rule source `facturx`, src/errors/ruleId.ts). */
export const FACTURX_RULES = {
  /** Not a PDF: no `%PDF-` at byte 0 (ISO 32000-1 §7.5.2; ISO 19005-3 §6.1.2 puts it at offset 0). */
  header: 'facturx.pdf.header',
  /** A PDF fiscalkit cannot read: no catalog, broken beyond recovery, nested too deeply. */
  malformed: 'facturx.pdf.malformed',
  /** An encrypted PDF (ISO 19005-3 §6.1.3: a PDF/A file has no `/Encrypt`). */
  encrypted: 'facturx.pdf.encrypted',
  /** Object streams that inflate beyond the limit (a PDF bomb). */
  pdfTooLarge: 'facturx.pdf.too-large',
  /** No embedded file has one of {@link FACTURX_ATTACHMENT_NAMES}. */
  missing: 'facturx.attachment.missing',
  /** More than one embedded file has one of those names. */
  ambiguous: 'facturx.attachment.ambiguous',
  /** The attachment declares or decodes to more than the limit. */
  tooLarge: 'facturx.attachment.too-large',
  /** The attachment uses a filter fiscalkit does not decode. */
  filter: 'facturx.attachment.filter',
  /** The attachment's data cannot be decoded, or its file specification has no embedded file. */
  corrupt: 'facturx.attachment.corrupt',
  /** The attachment is not UTF-8 (Factur-X 1.0 §6.2.1 and EN 16931's CII syntax binding use UTF-8). */
  encoding: 'facturx.attachment.encoding',
} as const;

/** One of {@link FACTURX_RULES}. */
export type FacturXRule = (typeof FACTURX_RULES)[keyof typeof FACTURX_RULES];

/** The `/AFRelationship` values of PDF 2.0 §14.13 (Table 43) and ISO 19005-3 Annex E. */
export type AFRelationship =
  | 'Source'
  | 'Data'
  | 'Alternative'
  | 'Supplement'
  | 'EncryptedPayload'
  | 'FormData'
  | 'Schema'
  | 'Unspecified';

const AF_RELATIONSHIPS: ReadonlySet<string> = new Set<AFRelationship>([
  'Source',
  'Data',
  'Alternative',
  'Supplement',
  'EncryptedPayload',
  'FormData',
  'Schema',
  'Unspecified',
]);

/** The invoice taken out of a Factur-X / ZUGFeRD PDF, or why it could not be. */
export type FacturXExtraction =
  | {
      ok: true;
      /** The attachment, decoded as strict UTF-8, without a byte-order mark. */
      xml: string;
      /** The attachment's name (`/UF`, else `/F`, else its name-tree key): `factur-x.xml`, … */
      filename: string;
      /** Its `/AFRelationship`, or null when it has none (or a value outside {@link AFRelationship}). */
      relationship: AFRelationship | null;
      /** The XMP metadata's `ConformanceLevel` (`EN 16931`, `BASIC`, …), or null. */
      conformanceLevel: string | null;
      /** The XMP metadata's `DocumentFileName`, or null. */
      documentFileName: string | null;
    }
  | { ok: false; rule: FacturXRule; message: string };

/** The limits of {@link extractFacturX}. */
export interface FacturXOptions {
  /** The most bytes the attachment (and the XMP metadata) may decode to; default {@link DEFAULT_MAX_FACTURX_BYTES}. */
  maxAttachmentBytes?: number;
  /** The most bytes all object streams may inflate to, together; default {@link DEFAULT_MAX_FACTURX_BYTES}. */
  maxObjectStreamBytes?: number;
}

/** How many name-tree nodes and entries are read at most (a real PDF has a handful of attachments). */
const MAX_NAME_TREE_ITEMS = 10_000;
/** How deep a name tree may be (ISO 32000-1 §7.9.6 sets no limit; balanced trees are shallow). */
const MAX_NAME_TREE_DEPTH = 32;
/** How many attachment names a message lists. */
const LISTED_NAMES = 20;

import { isPdf } from './magic.js';

export { isPdf };

/**
 * Takes the invoice XML out of a Factur-X / ZUGFeRD PDF: the one embedded file named `factur-x.xml`,
 * `zugferd-invoice.xml` / `ZUGFeRD-invoice.xml` or `xrechnung.xml` (compared without case), found in the
 * `/Names /EmbeddedFiles` tree or the `/AF` array, decoded as strict UTF-8, with its
 * `/AFRelationship` and the XMP metadata's conformance level. Refuses (with a `facturx.*` rule id) a
 * non-PDF, a PDF it cannot read, an encrypted one, one without a candidate attachment or with several
 * (unless the XMP `DocumentFileName` names one of them),
 * and an attachment over the limit (checked on `/Params /Size` first, then while inflating), in a filter
 * it does not decode, or not UTF-8. Synchronous; never throws.
 *
 * @example
 * ```ts
 * const result = extractFacturX(pdfBytes);
 * if (result.ok) result.xml; // '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice …'
 * extractFacturX(new TextEncoder().encode('<Invoice/>')); // { ok: false, rule: 'facturx.pdf.header', … }
 * ```
 */
export function extractFacturX(pdf: Uint8Array, options: FacturXOptions = {}): FacturXExtraction {
  if (!(pdf instanceof Uint8Array) || !isPdf(pdf))
    return refuse('header', 'is not a PDF: it does not start with %PDF- (ISO 32000-1 §7.5.2)');
  const maxAttachmentBytes = options.maxAttachmentBytes ?? DEFAULT_MAX_FACTURX_BYTES;
  const maxObjectStreamBytes = options.maxObjectStreamBytes ?? DEFAULT_MAX_FACTURX_BYTES;
  try {
    const objects = readPdfObjects(pdf, { maxObjectStreamBytes });
    if (objects.encrypted)
      return refuse(
        'encrypted',
        'is an encrypted PDF: a Factur-X / ZUGFeRD invoice is PDF/A-3, which forbids encryption (ISO 19005-3 §6.1.3)',
      );
    if (objects.catalog === undefined)
      return refuse('malformed', 'is a PDF without a document catalog (/Root)');
    return extractFrom(objects, objects.catalog, maxAttachmentBytes);
  } catch (error) {
    if (error instanceof PdfReadRefusal)
      return refuse(
        error.reason === 'too-large' ? 'pdfTooLarge' : 'malformed',
        `is a PDF that ${error.message}`,
      );
    return refuse('malformed', `is a PDF fiscalkit cannot read (${messageOf(error)})`);
  }
}

interface Attachment {
  name: string;
  filespec: PDFDict;
  stream: PDFRawStream | undefined;
}

function extractFrom(objects: PdfObjects, catalog: PDFDict, maxBytes: number): FacturXExtraction {
  const attachments = embeddedFiles(objects, catalog);
  const candidates = attachments.filter((attachment) =>
    FACTURX_ATTACHMENT_NAMES.includes(attachment.name.toLowerCase()),
  );
  if (candidates.length === 0) {
    const names = attachments.map((attachment) => attachment.name);
    return refuse(
      'missing',
      `has no Factur-X / ZUGFeRD invoice attachment (factur-x.xml, zugferd-invoice.xml, ZUGFeRD-invoice.xml or xrechnung.xml); ${
        names.length === 0 ? 'it has no embedded files' : `its embedded files: ${listed(names)}`
      }`,
    );
  }
  const metadata = xmpOf(objects, catalog, maxBytes);
  // Several candidates (mustangproject 1.6 embedded the XML as both ZUGFeRD-invoice.xml and
  // factur-x.xml): the XMP `DocumentFileName` (Factur-X 1.0 §6.2.2) names the one that counts.
  const named = candidates.filter((candidate) => candidate.name === metadata.documentFileName);
  if (candidates.length > 1 && named.length !== 1)
    return refuse(
      'ambiguous',
      `has ${String(candidates.length)} invoice attachments (${listed(candidates.map((c) => c.name))}) and no XMP DocumentFileName that names one of them; fiscalkit cannot tell which one is the invoice`,
    );
  const attachment = (candidates.length > 1 ? named[0] : candidates[0]) as Attachment;
  const { stream, name } = attachment;
  if (stream === undefined)
    return refuse('corrupt', `has an attachment ${name} whose file specification has no embedded file (/EF)`);
  const declared = declaredSize(objects, stream);
  if (declared !== null && declared > maxBytes)
    return refuse(
      'tooLarge',
      `has an attachment ${name} of ${String(declared)} bytes (/Params /Size), more than the limit of ${String(maxBytes)}`,
    );
  const decoded = decodeStreamBounded(stream, maxBytes, objects.resolve);
  if (!decoded.ok) {
    const key = decoded.reason === 'too-large' ? 'tooLarge' : decoded.reason;
    const limit = decoded.reason === 'too-large' ? ` (the limit is ${String(maxBytes)} bytes)` : '';
    return refuse(key, `has an attachment ${name} that ${decoded.message}${limit}`);
  }
  const text = decodeUtf8Strict(decoded.bytes);
  if (!text.ok)
    return refuse(
      'encoding',
      `has an attachment ${name} that is not UTF-8: ${text.error.reason} at byte ${String(text.error.offset)}`,
    );
  const relationship = objects.resolve(attachment.filespec.get(PDFName.of('AFRelationship')));
  const relationshipText = relationship instanceof PDFName ? relationship.decodeText() : null;
  return {
    ok: true,
    xml: text.text.startsWith('\uFEFF') ? text.text.slice(1) : text.text,
    filename: name,
    relationship:
      relationshipText !== null && AF_RELATIONSHIPS.has(relationshipText)
        ? (relationshipText as AFRelationship)
        : null,
    conformanceLevel: metadata.conformanceLevel,
    documentFileName: metadata.documentFileName,
  };
}

/**
 * The embedded files of the catalog's `/Names /EmbeddedFiles` tree, then of its `/AF` array, each file
 * once (the same embedded stream or file specification reached both ways counts once).
 */
function embeddedFiles(objects: PdfObjects, catalog: PDFDict): Attachment[] {
  const { resolve } = objects;
  const found: Attachment[] = [];
  const seen = new Set<PDFObject>();
  let budget = MAX_NAME_TREE_ITEMS;
  const add = (value: PDFObject | undefined, key: string | null) => {
    const filespec = resolve(value);
    if (!(filespec instanceof PDFDict)) return;
    const embedded = resolve(filespec.get(PDFName.of('EF')));
    const streamObject =
      embedded instanceof PDFDict
        ? (resolve(embedded.get(PDFName.of('UF'))) ?? resolve(embedded.get(PDFName.of('F'))))
        : undefined;
    const stream = streamObject instanceof PDFRawStream ? streamObject : undefined;
    const identity = stream ?? filespec;
    if (seen.has(identity)) return;
    seen.add(identity);
    const name =
      textOf(resolve(filespec.get(PDFName.of('UF')))) ??
      textOf(resolve(filespec.get(PDFName.of('F')))) ??
      key;
    found.push({ name: name ?? '(unnamed)', filespec, stream });
  };
  const visited = new Set<PDFObject>();
  const walk = (node: PDFObject | undefined, depth: number) => {
    if (!(node instanceof PDFDict) || visited.has(node) || depth > MAX_NAME_TREE_DEPTH || budget <= 0) return;
    visited.add(node);
    budget--;
    const names = resolve(node.get(PDFName.of('Names')));
    if (names instanceof PDFArray) {
      for (let index = 0; index + 1 < names.size() && budget > 0; index += 2) {
        budget--;
        add(names.get(index + 1), textOf(resolve(names.get(index))));
      }
    }
    const kids = resolve(node.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray)
      for (let index = 0; index < kids.size(); index++) walk(resolve(kids.get(index)), depth + 1);
  };
  const nameDictionary = resolve(catalog.get(PDFName.of('Names')));
  if (nameDictionary instanceof PDFDict) walk(resolve(nameDictionary.get(PDFName.of('EmbeddedFiles'))), 0);
  const associated = resolve(catalog.get(PDFName.of('AF')));
  if (associated instanceof PDFArray) {
    for (let index = 0; index < associated.size() && budget > 0; index++) {
      budget--;
      add(associated.get(index), null);
    }
  }
  return found;
}

/** `/Params /Size` of an embedded file stream (ISO 32000-1 §7.11.4, Table 45), or null. */
function declaredSize(objects: PdfObjects, stream: PDFRawStream): number | null {
  const params = objects.resolve(stream.dict.get(PDFName.of('Params')));
  if (!(params instanceof PDFDict)) return null;
  const size = objects.resolve(params.get(PDFName.of('Size')));
  return size instanceof PDFNumber ? size.asNumber() : null;
}

function xmpOf(objects: PdfObjects, catalog: PDFDict, maxBytes: number): FacturXMetadata {
  const metadata = objects.resolve(catalog.get(PDFName.of('Metadata')));
  if (metadata instanceof PDFRawStream) {
    const decoded = decodeStreamBounded(metadata, maxBytes, objects.resolve);
    if (decoded.ok) return readFacturXMetadata(decoded.bytes);
  }
  return { conformanceLevel: null, documentFileName: null };
}

/**
 * A text string (ISO 32000-1 §7.9.2.2): UTF-16BE with its byte-order mark, PDF 2.0's UTF-8 with its
 * mark, else PDFDocEncoding (pdf-lib's `decodeText` does the first and the last).
 */
function textOf(object: PDFObject | undefined): string | null {
  if (!(object instanceof PDFString) && !(object instanceof PDFHexString)) return null;
  const bytes = object.asBytes();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const decoded = decodeUtf8Strict(bytes.subarray(3));
    return decoded.ok ? decoded.text : null;
  }
  return object.decodeText();
}

function listed(names: readonly string[]): string {
  const shown = names.slice(0, LISTED_NAMES).join(', ');
  return names.length > LISTED_NAMES ? `${shown} and ${String(names.length - LISTED_NAMES)} more` : shown;
}

function refuse(key: keyof typeof FACTURX_RULES, message: string): FacturXExtraction {
  return { ok: false, rule: FACTURX_RULES[key], message };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
