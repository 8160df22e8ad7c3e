/**
 * The Factur-X / ZUGFeRD writer (issue #22 "the CII embedded in a PDF/A-3 of the readable invoice,
 * with its XMP metadata"): the readable invoice (`pdf.invoice`, `../pdf/render.ts`) as a PDF/A-3B file
 * that carries the invoice's CII XML as its associated file, as Factur-X 1.0 (FNFE-MPE / FeRD,
 * §6 "the PDF/A-3 container") and ZUGFeRD 2.x describe it. What makes the file PDF/A-3, and what is
 * not checked, is listed in docs/einvoice-documents.md ("The readable PDF and Factur-X").
 *
 * The CII goes in as it is given, byte for byte (UTF-8, Factur-X §6.2.1):
 * - an embedded file stream (`/Type /EmbeddedFile`, `/Subtype /text#2Fxml`, `/Params` with `/Size`
 *   and `/ModDate`; ISO 19005-3 §6.8 requires the MIME type and recommends the date);
 * - in a file specification (`/F` and `/UF` `factur-x.xml`, ISO 19005-3 §6.8; `/Desc`; `/EF` with
 *   `/F` and `/UF`) with its `/AFRelationship` (ISO 19005-3 §6.8, Annex E): `/Alternative` for the
 *   profiles that are a complete invoice (BASIC, EN 16931, EXTENDED, XRECHNUNG; Factur-X 1.0 §6.2.2,
 *   "the XML is an alternative representation of the PDF"), `/Data` for MINIMUM and BASIC WL, which
 *   are not;
 * - named in the catalog's `/Names /EmbeddedFiles` tree and in the catalog's `/AF` array (the
 *   associated files of the document, ISO 19005-3 §6.8);
 * - described in the XMP metadata by the Factur-X extension schema (namespace
 *   `urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#`, prefix `fx`: `DocumentType` INVOICE,
 *   `DocumentFileName` factur-x.xml, `Version` 1.0, `ConformanceLevel`), with its `pdfaExtension`
 *   description, as the Factur-X 1.0 XMP template writes it.
 *
 * The profile (`ConformanceLevel`) is read from the CII's own specification identifier (BT-24,
 * `ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`), so the metadata cannot say one profile
 * while the XML declares another.
 *
 * @module
 */
import { PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { finishPdfDocument, utf8Bytes, type XmpExtension } from '../pdf/metadata.js';
import { drawInvoice, type PdfAssets } from '../pdf/render.js';
import type { InvoiceView } from '../pdf/view.js';

/** The Factur-X / ZUGFeRD profiles (`fx:ConformanceLevel`) and their relationship to the PDF. */
export interface FacturXProfile {
  /** `EN 16931`, `BASIC`, … (Factur-X 1.0 §6.2.2). */
  readonly conformanceLevel: string;
  /** `/AFRelationship` of the attachment. */
  readonly relationship: 'Alternative' | 'Data';
}

/**
 * The profiles by the CII's specification identifier (BT-24; Factur-X 1.0.07 §4.4 and ZUGFeRD 2.3
 * §2.2 give the identifiers): EN 16931 itself is the `EN 16931` profile (Factur-X's "COMFORT").
 */
export const FACTURX_PROFILES: Readonly<Record<string, FacturXProfile>> = {
  'urn:factur-x.eu:1p0:minimum': { conformanceLevel: 'MINIMUM', relationship: 'Data' },
  'urn:factur-x.eu:1p0:basicwl': { conformanceLevel: 'BASIC WL', relationship: 'Data' },
  'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic': {
    conformanceLevel: 'BASIC',
    relationship: 'Alternative',
  },
  'urn:cen.eu:en16931:2017': { conformanceLevel: 'EN 16931', relationship: 'Alternative' },
  'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended': {
    conformanceLevel: 'EXTENDED',
    relationship: 'Alternative',
  },
  'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0': {
    conformanceLevel: 'XRECHNUNG',
    relationship: 'Alternative',
  },
};

/** The attachment's name (Factur-X 1.0 §6.2.1; ZUGFeRD 2.3 uses it for every profile). */
export const FACTURX_FILENAME = 'factur-x.xml';

/** The Factur-X XMP namespace (Factur-X 1.0 §6.2.2; the trailing `#` belongs to it). */
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const GUIDELINE =
  /GuidelineSpecifiedDocumentContextParameter\b[^>]*>\s*<(?:[\w.-]+:)?ID\b[^>]*>\s*([^<\s]+)\s*</;

/**
 * The Factur-X profile a CII document declares (its BT-24), or null when it declares none of the
 * profiles {@link FACTURX_PROFILES} lists.
 *
 * @example
 * ```ts
 * facturXProfileOf(writeCii(doc, 'en16931')); // { conformanceLevel: 'EN 16931', relationship: 'Alternative' }
 * facturXProfileOf('<Invoice/>'); // null
 * ```
 */
export function facturXProfileOf(ciiXml: string): FacturXProfile | null {
  const guideline = GUIDELINE.exec(ciiXml)?.[1];
  return guideline === undefined ? null : (FACTURX_PROFILES[guideline] ?? null);
}

/** The Factur-X XMP extension schema with its values (the Factur-X 1.0 XMP template's descriptions). */
function facturXExtension(profile: FacturXProfile): XmpExtension {
  return {
    schema: 'Factur-X PDFA Extension Schema',
    namespace: FACTURX_NAMESPACE,
    prefix: 'fx',
    properties: [
      {
        name: 'DocumentFileName',
        description: 'name of the embedded XML invoice file',
        value: FACTURX_FILENAME,
      },
      { name: 'DocumentType', description: 'INVOICE', value: 'INVOICE' },
      {
        name: 'Version',
        description: 'The actual version of the Factur-X XML schema',
        value: '1.0',
      },
      {
        name: 'ConformanceLevel',
        description: 'The conformance level of the embedded Factur-X data',
        value: profile.conformanceLevel,
      },
    ],
  };
}

/**
 * The readable invoice as a Factur-X PDF/A-3B with `ciiXml` (the invoice's CII, e.g. `writeCii(doc,
 * 'en16931')`) embedded as `factur-x.xml`. Throws a `TypeError` — a programming error — when the
 * assets have no ICC profile (PDF/A needs the output intent) or the XML declares no Factur-X profile.
 * The same view, XML and assets give the same bytes.
 *
 * @example
 * ```ts
 * const pdf = await writeFacturX(view, writeCii(en16931, 'en16931'), await loadPdfAssets());
 * extractFacturX(pdf); // { ok: true, xml: '<?xml …', filename: 'factur-x.xml', relationship: 'Alternative', conformanceLevel: 'EN 16931', … }
 * ```
 */
export async function writeFacturX(
  view: InvoiceView,
  ciiXml: string,
  assets: PdfAssets,
): Promise<Uint8Array> {
  const iccProfile = assets.iccProfile;
  if (iccProfile === undefined)
    throw new TypeError(
      'writeFacturX: a PDF/A-3 file needs an RGB ICC profile for its output intent (assets.iccProfile)',
    );
  const profile = facturXProfileOf(ciiXml);
  if (profile === null)
    throw new TypeError(
      'writeFacturX: the XML declares no Factur-X profile in ram:GuidelineSpecifiedDocumentContextParameter/ram:ID (BT-24)',
    );
  const doc = await drawInvoice(view, assets);
  const { context, catalog } = doc;
  const xml = utf8Bytes(ciiXml);
  const date = PDFString.fromDate(new Date(`${view.document.date}T00:00:00Z`));
  const file = context.register(
    context.flateStream(xml, {
      Type: 'EmbeddedFile',
      Subtype: 'text/xml',
      Params: { Size: xml.length, ModDate: date },
    }),
  );
  const filespec = context.register(
    context.obj({
      Type: 'Filespec',
      F: PDFString.of(FACTURX_FILENAME),
      UF: PDFHexString.fromText(FACTURX_FILENAME),
      Desc: PDFString.of(`Factur-X invoice (${profile.conformanceLevel})`),
      AFRelationship: profile.relationship,
      EF: { F: file, UF: file },
    }),
  );
  catalog.set(
    PDFName.of('Names'),
    context.obj({ EmbeddedFiles: { Names: [PDFString.of(FACTURX_FILENAME), filespec] } }),
  );
  catalog.set(PDFName.of('AF'), context.obj([filespec]));
  finishPdfDocument(doc, view.document, {
    iccProfile,
    extensions: [facturXExtension(profile)],
    idSeed: ciiXml,
  });
  return doc.save({ useObjectStreams: true });
}
