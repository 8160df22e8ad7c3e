/**
 * Factur-X / ZUGFeRD, EN 16931 profile (issue #22): the readable invoice as a PDF/A-3B with the CII
 * attached. The official validator judges each file (it opens the PDF, takes `factur-x.xml` out and
 * runs the CII XSD and the EN 16931 rules): zero fatal findings. The PDF/A-3 parts are checked one by
 * one: the XMP (part 3, conformance B, the Factur-X properties and their extension schema), the
 * attachment (the very bytes given, `/AFRelationship /Alternative`, in `/AF` and `/EmbeddedFiles`), the
 * sRGB output intent with its ICC profile, Info = XMP, the trailer `/ID`, embedded fonts, no
 * transparency. (No PDF/A validator is run: docs/einvoice-documents.md says what is not checked.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pako from 'pako';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPdfAssets, srgbIccProfile } from '../../../src/adapters/pdf/assets.js';
import { writeCii } from '../../../src/einvoice/cii/writeCii.js';
import { extractFacturX } from '../../../src/einvoice/facturx/extract.js';
import { FACTURX_NAMESPACE, facturXProfileOf, writeFacturX } from '../../../src/einvoice/facturx/write.js';
import type { PdfAssets } from '../../../src/einvoice/pdf/render.js';
import { type InvoiceView, invoiceView } from '../../../src/einvoice/pdf/view.js';
import { en16931FromInvoice } from '../../../src/einvoice/semantic/en16931FromInvoice.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../../support/einvoiceJudge.js';
import { SHARED_DIR } from '../../support/shared.js';
import {
  belgianInvoice,
  foreignCurrencyInvoice,
  longInvoice,
  polishInvoice,
  spanishInvoice,
} from './sampleInvoices.js';

const OFFICIAL_CII = join(SHARED_DIR, 'en16931', 'examples', 'cii', 'en16931--CII_example1.xml');

let assets: PdfAssets;

beforeAll(async () => {
  assets = await loadPdfAssets();
});

interface FacturX {
  view: InvoiceView;
  cii: string;
  pdf: Uint8Array;
}

/** The invoice's view and its EN 16931 CII (H3's writer), and the Factur-X of both. */
async function facturXOf(make: () => Promise<EInvoiceSource>): Promise<FacturX> {
  const source = await make();
  const view = invoiceView(source);
  if (!view.success) throw new Error(JSON.stringify(view.issues));
  const doc = en16931FromInvoice(source, 'en16931');
  if (!doc.success) throw new Error(JSON.stringify(doc.issues));
  const cii = writeCii(doc.data, 'en16931');
  return { view: view.data, cii, pdf: await writeFacturX(view.data, cii, assets) };
}

async function load(pdf: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { updateMetadata: false });
}

function dict(doc: PDFDocument, value: PDFObject | undefined): PDFDict {
  const found = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (!(found instanceof PDFDict)) throw new Error(`not a dictionary: ${String(value)}`);
  return found;
}

function stream(doc: PDFDocument, value: PDFObject | undefined): PDFRawStream {
  const found = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (!(found instanceof PDFRawStream)) throw new Error(`not a stream: ${String(value)}`);
  return found;
}

/** A stream's decoded bytes (unfiltered or FlateDecode, all fiscalkit writes). */
function decoded(raw: PDFRawStream): Uint8Array {
  const filter = raw.dict.get(PDFName.of('Filter'));
  if (filter === undefined) return raw.contents;
  expect(filter).toBe(PDFName.of('FlateDecode'));
  return pako.inflate(raw.contents);
}

const text = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : String(value);

/** The XMP's simple properties by `namespace local`, and whether it is well-formed. */
function xmpProperties(xmp: string): Map<string, string> {
  const properties = new Map<string, string>();
  const parser = new SaxesParser({ xmlns: true });
  const open: { key: string; text: string }[] = [];
  parser.on('opentag', (tag) => open.push({ key: `${tag.uri} ${tag.local}`, text: '' }));
  parser.on('text', (chunk) => {
    const top = open.at(-1);
    if (top !== undefined) top.text += chunk;
  });
  parser.on('closetag', () => {
    const top = open.pop();
    if (top !== undefined && top.text.trim() !== '' && !properties.has(top.key))
      properties.set(top.key, top.text.trim());
  });
  parser.write(xmp.replace(/^<\?xpacket[^>]*\?>/, '').replace(/<\?xpacket[^>]*\?>\s*$/, '')).close();
  return properties;
}

if (!HAS_JUDGE) it.skip(JUDGE_SKIPPED, () => undefined);

describe.skipIf(!HAS_JUDGE)('the official validator judges fiscalkit’s Factur-X (EN 16931 profile)', () => {
  for (const [name, make] of [
    ['Belgian', belgianInvoice],
    ['dollar', foreignCurrencyInvoice],
    ['Polish', polishInvoice],
    ['300-line German', longInvoice],
  ] as const)
    it(`the ${name} invoice: zero fatal findings`, async () => {
      const { pdf, cii } = await facturXOf(make);
      const verdict = await judgeDocument(pdf);
      expect(verdict.container).toBe('pdf');
      expect(fatalFindings(verdict)).toEqual([]);
      // What the validator judged is what was given.
      const extracted = extractFacturX(pdf);
      expect(extracted.ok && extracted.xml).toBe(cii);
    });

  it('an official CII example carried by a readable invoice: zero fatal findings', async () => {
    if (!existsSync(OFFICIAL_CII)) throw new Error(`${OFFICIAL_CII} is missing`);
    const cii = readFileSync(OFFICIAL_CII, 'utf8');
    const source = await belgianInvoice();
    const view = invoiceView(source);
    if (!view.success) throw new Error('view');
    const verdict = await judgeDocument(await writeFacturX(view.data, cii, assets));
    expect(fatalFindings(verdict)).toEqual([]);
  });
});

describe('the PDF/A-3 container', () => {
  let sample: FacturX;
  let doc: PDFDocument;

  beforeAll(async () => {
    sample = await facturXOf(polishInvoice);
    doc = await load(sample.pdf);
  });

  it('attaches the CII byte for byte as factur-x.xml, an /Alternative associated file', async () => {
    const { catalog } = doc;
    const af = catalog.lookup(PDFName.of('AF'), PDFArray);
    expect(af.size()).toBe(1);
    const filespec = dict(doc, af.get(0));
    expect(filespec.get(PDFName.of('Type'))).toBe(PDFName.of('Filespec'));
    expect(filespec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    expect(text(filespec.get(PDFName.of('F')))).toBe('factur-x.xml');
    expect(text(filespec.get(PDFName.of('UF')))).toBe('factur-x.xml');
    const ef = dict(doc, filespec.get(PDFName.of('EF')));
    const file = stream(doc, ef.get(PDFName.of('F')));
    expect(file.dict.get(PDFName.of('Type'))).toBe(PDFName.of('EmbeddedFile'));
    expect(file.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
    const params = dict(doc, file.dict.get(PDFName.of('Params')));
    expect(text(params.get(PDFName.of('ModDate')))).toBe('D:20260420000000Z');
    const bytes = decoded(file);
    expect(Buffer.from(bytes).equals(Buffer.from(sample.cii, 'utf8'))).toBe(true);
    expect((params.get(PDFName.of('Size')) as PDFNumber).asNumber()).toBe(bytes.length);
    // Also named in the catalog's embedded files, pointing at the same file specification.
    const names = dict(doc, dict(doc, catalog.get(PDFName.of('Names'))).get(PDFName.of('EmbeddedFiles')));
    const entries = names.lookup(PDFName.of('Names'), PDFArray);
    expect(text(entries.get(0))).toBe('factur-x.xml');
    expect(entries.get(1)).toBe(af.get(0));
    // The reader fiscalkit validates uploads with finds it as a Factur-X reader would.
    expect(extractFacturX(sample.pdf)).toMatchObject({
      ok: true,
      filename: 'factur-x.xml',
      relationship: 'Alternative',
      conformanceLevel: 'EN 16931',
      documentFileName: 'factur-x.xml',
    });
  });

  it('has XMP metadata that says PDF/A-3B and Factur-X EN 16931, unfiltered, equal to the Info dictionary', () => {
    const metadata = stream(doc, doc.catalog.get(PDFName.of('Metadata')));
    expect(metadata.dict.get(PDFName.of('Filter'))).toBeUndefined();
    expect(metadata.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('XML'));
    const xmp = new TextDecoder('utf-8', { fatal: true }).decode(metadata.contents);
    expect(xmp.startsWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>')).toBe(true);
    expect(xmp.endsWith('<?xpacket end="w"?>')).toBe(true);
    const properties = xmpProperties(xmp);
    const at = (namespace: string, local: string) => properties.get(`${namespace} ${local}`);
    expect(at('http://www.aiim.org/pdfa/ns/id/', 'part')).toBe('3');
    expect(at('http://www.aiim.org/pdfa/ns/id/', 'conformance')).toBe('B');
    expect(at(FACTURX_NAMESPACE, 'DocumentType')).toBe('INVOICE');
    expect(at(FACTURX_NAMESPACE, 'DocumentFileName')).toBe('factur-x.xml');
    expect(at(FACTURX_NAMESPACE, 'Version')).toBe('1.0');
    expect(at(FACTURX_NAMESPACE, 'ConformanceLevel')).toBe('EN 16931');
    // The fx: properties are described by a PDF/A extension schema (ISO 19005-2 §6.6.2.3.3).
    expect(at('http://www.aiim.org/pdfa/ns/schema#', 'namespaceURI')).toBe(FACTURX_NAMESPACE);
    expect(at('http://www.aiim.org/pdfa/ns/schema#', 'prefix')).toBe('fx');
    for (const name of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'])
      expect(xmp).toContain(`<pdfaProperty:name>${name}</pdfaProperty:name>`);
    // Info and XMP say the same (ISO 19005-2 §6.6.2.3.1).
    expect(doc.getTitle()).toBe(sample.view.document.title);
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">${sample.view.document.title}</rdf:li>`);
    expect(at('http://purl.org/dc/elements/1.1/', 'creator')).toBeUndefined(); // a Seq, not text
    expect(xmp).toContain(`<rdf:li>${doc.getAuthor()}</rdf:li>`);
    expect(at('http://ns.adobe.com/xap/1.0/', 'CreateDate')).toBe('2026-04-20T00:00:00Z');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-04-20T00:00:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-04-20T00:00:00.000Z');
    expect(at('http://ns.adobe.com/pdf/1.3/', 'Producer')).toBe(doc.getProducer());
    expect(at('http://ns.adobe.com/xap/1.0/', 'CreatorTool')).toBe(doc.getCreator());
  });

  it('has an sRGB output intent with the ICC profile', () => {
    const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = dict(doc, intents.get(0));
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(text(intent.get(PDFName.of('OutputConditionIdentifier')))).toBe('sRGB IEC61966-2.1');
    const profile = stream(doc, intent.get(PDFName.of('DestOutputProfile')));
    expect((profile.dict.get(PDFName.of('N')) as PDFNumber).asNumber()).toBe(3);
    const icc = decoded(profile);
    expect(Buffer.from(icc).equals(Buffer.from(srgbIccProfile()))).toBe(true);
    // An ICC display profile in RGB: 'acsp' at 36, class 'mntr', colour space 'RGB ' (ICC.1 §7.2).
    expect(Buffer.from(icc.subarray(36, 40)).toString('latin1')).toBe('acsp');
    expect(Buffer.from(icc.subarray(12, 20)).toString('latin1')).toBe('mntrRGB ');
  });

  it('has a trailer /ID, a binary header comment, embedded fonts and no transparency', () => {
    const id = doc.context.trailerInfo.ID;
    expect(id).toBeInstanceOf(PDFArray);
    const [first, second] = [(id as PDFArray).get(0), (id as PDFArray).get(1)];
    expect(first).toBeInstanceOf(PDFHexString);
    expect(String(first)).toMatch(/^<[0-9A-Fa-f]{32}>$/);
    expect(String(second)).toBe(String(first));
    // ISO 19005-2 §6.1.2: the header line is followed by a comment of four bytes above 127.
    expect([...sample.pdf.subarray(9, 14)]).toEqual([0x25, 0x81, 0x81, 0x81, 0x81]);
    let fonts = 0;
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      const values = object instanceof PDFStream ? object.dict : object;
      if (!(values instanceof PDFDict)) continue;
      // Transparency: soft masks, constant alpha below 1, transparency groups (ISO 19005-2 §6.4 allows
      // them in PDF/A-2/3, but fiscalkit's PDFs have none, so there is nothing to get wrong).
      expect(values.has(PDFName.of('SMask'))).toBe(false);
      for (const alpha of ['CA', 'ca']) {
        const value = values.get(PDFName.of(alpha));
        if (value !== undefined) expect((value as PDFNumber).asNumber()).toBe(1);
      }
      expect(values.get(PDFName.of('S'))).not.toBe(PDFName.of('Transparency'));
      if (values.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
        fonts++;
        expect(values.has(PDFName.of('FontFile2'))).toBe(true);
      }
      if (
        values.get(PDFName.of('Type')) === PDFName.of('Font') &&
        values.get(PDFName.of('Subtype')) === PDFName.of('Type0')
      )
        expect(String(values.get(PDFName.of('BaseFont')))).toMatch(/^\/FKAAA[AB]\+DejaVuSansCondensed/);
    }
    expect(fonts).toBe(2);
  });

  it('is the same file for the same invoice and XML', async () => {
    const again = await writeFacturX(sample.view, sample.cii, assets);
    expect(Buffer.from(again).equals(Buffer.from(sample.pdf))).toBe(true);
    const other = await writeFacturX(
      sample.view,
      sample.cii.replace('</rsm:CrossIndustryInvoice>', '<!-- --></rsm:CrossIndustryInvoice>'),
      assets,
    );
    const ids = await Promise.all(
      [sample.pdf, other].map(async (pdf) => String((await load(pdf)).context.trailerInfo.ID)),
    );
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('what writeFacturX refuses', () => {
  it('a document without an ICC profile, and XML that declares no Factur-X profile', async () => {
    const source = await spanishInvoice();
    const view = invoiceView(source);
    if (!view.success) throw new Error('view');
    const cii =
      '<rsm:CrossIndustryInvoice xmlns:rsm="x" xmlns:ram="y"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>';
    await expect(writeFacturX(view.data, cii, { ...assets, iccProfile: undefined })).rejects.toThrow(
      /ICC profile/,
    );
    await expect(writeFacturX(view.data, '<Invoice/>', assets)).rejects.toThrow(/no Factur-X profile/);
  });

  it('reads the profile from the XML’s BT-24', () => {
    const declaring = (id: string) =>
      `<ram:GuidelineSpecifiedDocumentContextParameter>\n  <ram:ID>${id}</ram:ID>\n</ram:GuidelineSpecifiedDocumentContextParameter>`;
    expect(facturXProfileOf(declaring('urn:cen.eu:en16931:2017'))).toEqual({
      conformanceLevel: 'EN 16931',
      relationship: 'Alternative',
    });
    expect(facturXProfileOf(declaring('urn:factur-x.eu:1p0:minimum'))).toEqual({
      conformanceLevel: 'MINIMUM',
      relationship: 'Data',
    });
    expect(
      facturXProfileOf(declaring('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'))
        ?.conformanceLevel,
    ).toBe('XRECHNUNG');
    expect(facturXProfileOf(declaring('urn:example:unknown'))).toBeNull();
  });
});
