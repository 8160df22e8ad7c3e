/**
 * The document-level parts of the readable invoice's PDF: the Info dictionary, the XMP metadata
 * stream, the sRGB output intent and the trailer `/ID` — what makes the file PDF/A-3 (ISO 19005-3)
 * beyond its page content, and what keeps the output byte-for-byte the same for the same invoice.
 *
 * - **Info and XMP agree** (the equivalence table of ISO 19005-1 §6.7.3, which PDF/A-2 and PDF/A-3 keep):
 *   Title ↔ `dc:title`, Author ↔ `dc:creator`, Subject ↔ `dc:description`, Creator ↔
 *   `xmp:CreatorTool`, Producer ↔ `pdf:Producer`, CreationDate ↔ `xmp:CreateDate`, ModDate ↔
 *   `xmp:ModifyDate`; fiscalkit writes each pair from one value.
 * - **The XMP stream is not filtered** (ISO 19005-1 §6.7.2 forbade it; later parts are less strict, and a
 *   plain packet is one every reader and validator finds) and its packet header has no
 *   `bytes`/`encoding` attributes (ISO 19005-2 §6.6.2.1).
 * - **`pdfaid:part` 3, `pdfaid:conformance` B** only when an ICC profile is given: the claim needs the
 *   output intent (ISO 19005-2 §6.2.3: device colour — the renderer's `DeviceRGB` — needs a
 *   `GTS_PDFA1` output intent with an ICC profile of the same colour space).
 * - **Deterministic** (so golden comparisons hold and the same invoice always gives the same file):
 *   the dates are the invoice's date at 00:00 UTC, never the clock; the trailer `/ID` (required by
 *   ISO 19005-2 §6.1.3) is a 128-bit hash of what the document shows, the same in both halves
 *   (ISO 32000-1 §14.4: the first half identifies the document, the second the version; there is one
 *   version).
 *
 * @module
 */
import { type PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { writeXml, type XmlElement } from '../../xml/write.js';

/** What the metadata says of the document. */
export interface PdfDocumentInfo {
  readonly title: string;
  readonly author: string;
  readonly subject: string;
  /** `YYYY-MM-DD`: creation and modification date (00:00 UTC). */
  readonly date: string;
  /** ISO 639-1: the catalog's `/Lang` and `dc:language`. */
  readonly language: string;
}

/** An XMP property of an extension schema: its name, its description, and its value. */
export interface XmpExtensionProperty {
  readonly name: string;
  readonly description: string;
  readonly value: string;
}

/**
 * An XMP schema that is not predefined by XMP (ISO 19005-2 §6.6.2.3: such a schema must be
 * described by a PDF/A extension schema in the same packet): the Factur-X `fx:` properties.
 */
export interface XmpExtension {
  /** `pdfaSchema:schema`, e.g. `Factur-X PDFA Extension Schema`. */
  readonly schema: string;
  readonly namespace: string;
  readonly prefix: string;
  readonly properties: readonly XmpExtensionProperty[];
}

/** What {@link finishPdfDocument} adds. */
export interface PdfFinishOptions {
  /** An RGB ICC profile: makes the file PDF/A-3B (output intent and `pdfaid`). */
  readonly iccProfile?: Uint8Array | undefined;
  /** Extension schemas (with their values) for the XMP packet. */
  readonly extensions?: readonly XmpExtension[] | undefined;
  /** More text the document `/ID` is derived from (an embedded file's content). */
  readonly idSeed?: string | undefined;
}

/** The producer and creator tool every fiscalkit PDF names. */
export const PDF_PRODUCER = 'fiscalkit';

const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
} as const;

/** `YYYY-MM-DD` → the XMP date (ISO 8601, UTC). */
function xmpDate(date: string): string {
  return `${date}T00:00:00Z`;
}

const alt = (text: string): XmlElement => ({
  'rdf:Alt': { 'rdf:li': { '@_xml:lang': 'x-default', '#text': text } },
});

/** The `pdfaExtension:schemas` description of the extension schemas (ISO 19005-2 §6.6.2.3, the extension schema containers). */
function extensionSchemas(extensions: readonly XmpExtension[]): XmlElement {
  return {
    '@_rdf:about': '',
    '@_xmlns:pdfaExtension': NS.pdfaExtension,
    '@_xmlns:pdfaSchema': NS.pdfaSchema,
    '@_xmlns:pdfaProperty': NS.pdfaProperty,
    'pdfaExtension:schemas': {
      'rdf:Bag': {
        'rdf:li': extensions.map((extension) => ({
          '@_rdf:parseType': 'Resource',
          'pdfaSchema:schema': extension.schema,
          'pdfaSchema:namespaceURI': extension.namespace,
          'pdfaSchema:prefix': extension.prefix,
          'pdfaSchema:property': {
            'rdf:Seq': {
              'rdf:li': extension.properties.map((property) => ({
                '@_rdf:parseType': 'Resource',
                'pdfaProperty:name': property.name,
                'pdfaProperty:valueType': 'Text',
                'pdfaProperty:category': 'external',
                'pdfaProperty:description': property.description,
              })),
            },
          },
        })),
      },
    },
  };
}

/**
 * The XMP packet of a fiscalkit PDF (ISO 16684-1; ISO 19005-3 §6.6): the PDF/A identification when
 * `pdfa` is set, Dublin Core title, creator, description, language and format, the XMP basic dates
 * and creator tool, the PDF producer, and each extension schema's description and values.
 *
 * @example
 * ```ts
 * xmpPacket({ title: 'Factura F-1', author: 'ACME SL', subject: 'ACME SL → Norte SA', date: '2026-04-20', language: 'es' }, { pdfa: true });
 * // '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<x:xmpmeta …<pdfaid:part>3</pdfaid:part>…'
 * ```
 */
export function xmpPacket(
  info: PdfDocumentInfo,
  options: { pdfa: boolean; extensions?: readonly XmpExtension[] | undefined },
): string {
  const extensions = options.extensions ?? [];
  const descriptions: XmlElement[] = [];
  if (options.pdfa)
    descriptions.push({
      '@_rdf:about': '',
      '@_xmlns:pdfaid': NS.pdfaid,
      'pdfaid:part': '3',
      'pdfaid:conformance': 'B',
    });
  descriptions.push(
    {
      '@_rdf:about': '',
      '@_xmlns:dc': NS.dc,
      'dc:format': 'application/pdf',
      'dc:title': alt(info.title),
      'dc:creator': { 'rdf:Seq': { 'rdf:li': info.author } },
      'dc:description': alt(info.subject),
      'dc:language': { 'rdf:Bag': { 'rdf:li': info.language } },
    },
    {
      '@_rdf:about': '',
      '@_xmlns:xmp': NS.xmp,
      'xmp:CreatorTool': PDF_PRODUCER,
      'xmp:CreateDate': xmpDate(info.date),
      'xmp:ModifyDate': xmpDate(info.date),
      'xmp:MetadataDate': xmpDate(info.date),
    },
    { '@_rdf:about': '', '@_xmlns:pdf': NS.pdf, 'pdf:Producer': PDF_PRODUCER },
  );
  if (extensions.length > 0) descriptions.push(extensionSchemas(extensions));
  for (const extension of extensions) {
    const values: Record<string, string> = {};
    for (const property of extension.properties)
      values[`${extension.prefix}:${property.name}`] = property.value;
    descriptions.push({ '@_rdf:about': '', [`@_xmlns:${extension.prefix}`]: extension.namespace, ...values });
  }
  const xml = writeXml(
    'x:xmpmeta',
    { '@_xmlns:x': NS.x, 'rdf:RDF': { '@_xmlns:rdf': NS.rdf, 'rdf:Description': descriptions } },
    { indent: ' ' },
  );
  // The packet wrapper (ISO 16684-1 §7.3) instead of the XML declaration writeXml starts with.
  const body = xml.slice(xml.indexOf('\n') + 1);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n${body}<?xpacket end="w"?>`;
}

/**
 * A 128-bit hash of a text, as 32 hex digits: four 32-bit FNV-1a lanes with different offsets over
 * the UTF-16 code units. Not cryptographic: the document `/ID` only has to be the same for the same
 * document and differ between documents.
 */
function hash128(text: string): string {
  const lanes = [0x811c9dc5, 0x01000193, 0x2f693a5b, 0x6b8b4567];
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    for (let lane = 0; lane < lanes.length; lane++)
      lanes[lane] = Math.imul((lanes[lane] as number) ^ (unit + lane), 0x01000193) >>> 0;
  }
  return lanes.map((lane) => lane.toString(16).padStart(8, '0')).join('');
}

/**
 * Writes the document-level parts into a drawn document: Info (title, author, subject, creator,
 * producer, dates), `/Lang`, `/ViewerPreferences /DisplayDocTitle`, the XMP metadata stream, with an
 * ICC profile the `GTS_PDFA1` output intent and the PDF/A-3B identification, and the trailer `/ID`.
 *
 * @example
 * ```ts
 * const doc = await drawInvoice(view, assets);
 * finishPdfDocument(doc, view.document, { iccProfile: assets.iccProfile });
 * const bytes = await doc.save();
 * ```
 */
export function finishPdfDocument(
  doc: PDFDocument,
  info: PdfDocumentInfo,
  options: PdfFinishOptions = {},
): void {
  const date = new Date(xmpDate(info.date));
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setAuthor(info.author);
  doc.setSubject(info.subject);
  doc.setCreator(PDF_PRODUCER);
  doc.setProducer(PDF_PRODUCER);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  doc.setLanguage(info.language);
  const { context, catalog } = doc;
  const pdfa = options.iccProfile !== undefined;
  const xmp = xmpPacket(info, { pdfa, extensions: options.extensions });
  const metadata = context.stream(utf8Bytes(xmp), { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));
  if (options.iccProfile !== undefined) {
    const profile = context.register(context.flateStream(options.iccProfile, { N: 3 }));
    const intent = context.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
      RegistryName: PDFString.of('http://www.color.org'),
      Info: PDFString.of('sRGB IEC61966-2.1'),
      DestOutputProfile: profile,
    });
    catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  }
  const id = PDFHexString.of(hash128(`${xmp}\u0000${options.idSeed ?? ''}`));
  context.trailerInfo.ID = context.obj([id, id]);
}

/** The platform's `TextEncoder`, typed narrowly (ES2022 has none; every runtime fiscalkit supports has one). */
const platform = globalThis as unknown as { TextEncoder?: new () => { encode(input: string): Uint8Array } };

/**
 * UTF-8 bytes of a text (a lone surrogate as U+FFFD, as `TextEncoder` writes it), for the XMP packet
 * and the Factur-X attachment.
 *
 * @example
 * ```ts
 * utf8Bytes('zł'); // Uint8Array [0x7a, 0xc5, 0x82]
 * ```
 */
export function utf8Bytes(text: string): Uint8Array {
  const Encoder = platform.TextEncoder;
  if (Encoder === undefined) throw new TypeError('writing a PDF needs globalThis.TextEncoder');
  return new Encoder().encode(text);
}
