import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pako from 'pako';
import { AFRelationship, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';

/** What pdf-lib's `context.obj` / `context.stream` take as a dictionary. */
type LiteralObject = Parameters<PDFDocument['context']['stream']>[1] & object;

import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractFacturX, FACTURX_RULES, isPdf } from '../../src/einvoice/facturx/extract.js';
import { inflateBounded } from '../../src/einvoice/facturx/streams.js';
import { readFacturXMetadata } from '../../src/einvoice/facturx/xmp.js';
import { isRuleId } from '../../src/errors/ruleId.js';
import { PROJECT_ROOT, SHARED_DIR } from '../support/shared.js';

/**
 * Issue #21 layer 5: the CII invoice taken out of a Factur-X / ZUGFeRD PDF/A-3. The PDFs are built here
 * with pdf-lib (the library the reader is built on, used here through its writer), plus two real ones
 * from other producers (test/fixtures/einvoice/facturx/SOURCES.md).
 */

const CII_EXAMPLE = join(SHARED_DIR, 'en16931', 'examples', 'cii', 'en16931--CII_example1.xml');
const INLINE_CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>FX-1</ram:ID><ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>
</rsm:CrossIndustryInvoice>
`;
const CII = existsSync(CII_EXAMPLE) ? readFileSync(CII_EXAMPLE, 'utf8') : INLINE_CII;
if (!existsSync(CII_EXAMPLE))
  console.warn(
    `[facturx tests] ${CII_EXAMPLE} not found: the Factur-X PDFs carry a small inline CII invoice`,
  );

const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'einvoice', 'facturx');
const encode = (text: string) => new TextEncoder().encode(text);
const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

/** XMP as a Factur-X PDF/A-3 carries it: the fx: properties plus the PDF/A extension schema that describes them. */
function facturXXmp(level: string, fileName = 'factur-x.xml'): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType></rdf:li></rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${fileName}</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>${level}</fx:ConformanceLevel>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

interface Attachment {
  name: string;
  data: Uint8Array;
  relationship?: AFRelationship;
}

/** A PDF/A-3-like Factur-X file: one page, the attachments (name tree and /AF, as pdf-lib writes them), XMP. */
async function pdfWith(options: {
  attachments?: Attachment[];
  xmp?: string;
  useObjectStreams?: boolean;
  encrypt?: boolean;
  raw?: { name: string; dict: LiteralObject; contents: Uint8Array };
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595, 842]);
  for (const attachment of options.attachments ?? []) {
    await doc.attach(attachment.data, attachment.name, {
      mimeType: 'text/xml',
      description: 'Factur-X invoice',
      afRelationship: attachment.relationship ?? AFRelationship.Alternative,
      creationDate: new Date(0),
      modificationDate: new Date(0),
    });
  }
  if (options.raw !== undefined) {
    // An embedded file stream written as given (a lying /Params /Size, a bomb, an image filter).
    const { context } = doc;
    const stream = context.register(context.stream(options.raw.contents, options.raw.dict));
    const spec = context.register(
      context.obj({
        Type: 'Filespec',
        F: PDFString.of(options.raw.name),
        UF: PDFHexString.fromText(options.raw.name),
        EF: { F: stream, UF: stream },
        AFRelationship: 'Alternative',
      }),
    );
    doc.catalog.set(
      PDFName.of('Names'),
      context.obj({ EmbeddedFiles: { Names: [PDFHexString.fromText(options.raw.name), spec] } }),
    );
    doc.catalog.set(PDFName.of('AF'), context.obj([spec]));
  }
  if (options.xmp !== undefined) {
    // PDF/A keeps the metadata stream unfiltered (ISO 19005-3 §6.6.2.1 refers to ISO 16684-1 packets).
    const metadata = doc.context.stream(encode(options.xmp), { Type: 'Metadata', Subtype: 'XML' });
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  }
  if (options.encrypt === true)
    doc.context.trailerInfo.Encrypt = doc.context.register(
      doc.context.obj({ Filter: 'Standard', V: 1, R: 2 }),
    );
  return doc.save({ useObjectStreams: options.useObjectStreams ?? false });
}

/**
 * A zlib stream of ONE fixed-Huffman deflate block (RFC 1951 §3.2.6): a literal 0, then `copies`
 * back-references of 258 bytes at distance 1 — 13 bits for 258 bytes. pdf-lib's `FlateStream` would
 * inflate such a block whole before anyone could look at its size.
 */
function deflateBomb(copies: number): Uint8Array {
  const out: number[] = [0x78, 0x9c];
  let accumulator = 0;
  let used = 0;
  const bit = (value: number) => {
    accumulator |= (value & 1) << used;
    used++;
    if (used === 8) {
      out.push(accumulator);
      accumulator = 0;
      used = 0;
    }
  };
  const code = (value: number, length: number) => {
    for (let index = length - 1; index >= 0; index--) bit(value >> index);
  };
  bit(1); // BFINAL
  bit(1); // BTYPE = 01 (fixed Huffman), low bit first
  bit(0);
  code(0x30, 8); // literal 0
  for (let index = 0; index < copies; index++) {
    code(0xc5, 8); // length code 285: 258 bytes
    code(0, 5); // distance code 0: distance 1
  }
  code(0, 7); // 256: end of block
  while (used !== 0) bit(0);
  out.push(0, 0, 0, 0); // Adler-32, not checked
  return Uint8Array.from(out);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('isPdf', () => {
  it('recognises %PDF- at byte 0 only', () => {
    expect(isPdf(encode('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(encode('<?xml version="1.0"?><rsm:CrossIndustryInvoice/>'))).toBe(false);
    expect(isPdf(encode(' %PDF-1.7'))).toBe(false);
    expect(isPdf(encode('%PDF'))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});

describe('extractFacturX on PDFs built with pdf-lib', () => {
  it('takes factur-x.xml out of a PDF/A-3-like file, with its relationship and the XMP conformance level', async () => {
    const pdf = await pdfWith({
      attachments: [{ name: 'factur-x.xml', data: encode(CII) }],
      xmp: facturXXmp('EN 16931'),
    });
    expect(extractFacturX(pdf)).toEqual({
      ok: true,
      xml: CII,
      filename: 'factur-x.xml',
      relationship: 'Alternative',
      conformanceLevel: 'EN 16931',
      documentFileName: 'factur-x.xml',
    });
  });

  it('reads a file whose catalog and file specifications sit in compressed object streams', async () => {
    const pdf = await pdfWith({
      attachments: [{ name: 'factur-x.xml', data: encode(CII), relationship: AFRelationship.Data }],
      xmp: facturXXmp('EN 16931'),
      useObjectStreams: true,
    });
    const text = latin1(pdf);
    // The structure really is compressed: the catalog is nowhere in clear text, an XRef stream holds /Root.
    expect(text).toContain('/Type /ObjStm');
    expect(text).toContain('/Type /XRef');
    expect(text).not.toContain('/Type /Catalog');
    const result = extractFacturX(pdf);
    expect(result).toMatchObject({ ok: true, xml: CII, relationship: 'Data', conformanceLevel: 'EN 16931' });
  });

  it('reads ZUGFeRD 1.0 names and zf: metadata in RDF attribute form', async () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:zf="urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#" zf:ConformanceLevel="BASIC" zf:DocumentFileName="ZUGFeRD-invoice.xml" zf:DocumentType="INVOICE"/></rdf:RDF></x:xmpmeta>`;
    const pdf = await pdfWith({ attachments: [{ name: 'ZUGFeRD-invoice.xml', data: encode(CII) }], xmp });
    expect(extractFacturX(pdf)).toMatchObject({
      ok: true,
      filename: 'ZUGFeRD-invoice.xml',
      conformanceLevel: 'BASIC',
      documentFileName: 'ZUGFeRD-invoice.xml',
    });
  });

  it('gives null metadata when the PDF has no XMP, and drops a UTF-8 byte-order mark', async () => {
    const data = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(CII)]);
    const pdf = await pdfWith({ attachments: [{ name: 'xrechnung.xml', data }] });
    expect(extractFacturX(pdf)).toEqual({
      ok: true,
      xml: CII,
      filename: 'xrechnung.xml',
      relationship: 'Alternative',
      conformanceLevel: null,
      documentFileName: null,
    });
  });

  it('refuses a PDF without attachments, and names the embedded files of one without an invoice', async () => {
    const none = extractFacturX(await pdfWith({}));
    expect(none).toMatchObject({ ok: false, rule: 'facturx.attachment.missing' });
    expect(none.ok ? '' : none.message).toContain('it has no embedded files');
    const other = extractFacturX(
      await pdfWith({
        attachments: [
          { name: 'notes.txt', data: encode('hello') },
          { name: 'invoice.xml', data: encode(CII) },
        ],
      }),
    );
    expect(other).toMatchObject({ ok: false, rule: 'facturx.attachment.missing' });
    expect(other.ok ? '' : other.message).toContain('its embedded files: notes.txt, invoice.xml');
  });

  it('refuses two candidate attachments unless the XMP DocumentFileName names one', async () => {
    const attachments = [
      { name: 'factur-x.xml', data: encode(CII) },
      { name: 'xrechnung.xml', data: encode(INLINE_CII) },
    ];
    const ambiguous = extractFacturX(await pdfWith({ attachments }));
    expect(ambiguous).toMatchObject({ ok: false, rule: 'facturx.attachment.ambiguous' });
    expect(ambiguous.ok ? '' : ambiguous.message).toContain('factur-x.xml, xrechnung.xml');
    const named = extractFacturX(
      await pdfWith({ attachments, xmp: facturXXmp('XRECHNUNG', 'xrechnung.xml') }),
    );
    expect(named).toMatchObject({
      ok: true,
      filename: 'xrechnung.xml',
      xml: INLINE_CII,
      conformanceLevel: 'XRECHNUNG',
    });
  });

  it('refuses bytes that are not a PDF', () => {
    expect(extractFacturX(encode(CII))).toMatchObject({ ok: false, rule: 'facturx.pdf.header' });
    expect(extractFacturX(encode('%PDF-1.7\nnothing here\n%%EOF'))).toMatchObject({
      ok: false,
      rule: 'facturx.pdf.malformed',
    });
  });

  it('refuses an encrypted PDF (PDF/A forbids /Encrypt), with or without a cross-reference stream', async () => {
    for (const useObjectStreams of [false, true]) {
      const pdf = await pdfWith({
        attachments: [{ name: 'factur-x.xml', data: encode(CII) }],
        encrypt: true,
        useObjectStreams,
      });
      expect(extractFacturX(pdf)).toMatchObject({ ok: false, rule: 'facturx.pdf.encrypted' });
    }
  });

  it('refuses an attachment whose /Params /Size is over the limit without decoding it', async () => {
    const pdf = await pdfWith({ attachments: [{ name: 'factur-x.xml', data: encode(CII) }] });
    const result = extractFacturX(pdf, { maxAttachmentBytes: 100 });
    expect(result).toMatchObject({ ok: false, rule: 'facturx.attachment.too-large' });
    expect(result.ok ? '' : result.message).toContain('(/Params /Size), more than the limit of 100');
    expect(extractFacturX(pdf, { maxAttachmentBytes: CII.length })).toMatchObject({ ok: true });
  });

  it('refuses a deflate bomb whose /Params /Size lies, after inflating about the limit, not the whole', async () => {
    const bomb = deflateBomb(400_000); // 650 KB inflating to 103 MB, in one deflate block
    const pdf = await pdfWith({
      raw: {
        name: 'factur-x.xml',
        dict: { Type: 'EmbeddedFile', Filter: 'FlateDecode', Params: { Size: 500 } },
        contents: bomb,
      },
    });
    const push = vi.spyOn(pako.Inflate.prototype, 'push');
    const result = extractFacturX(pdf, { maxAttachmentBytes: 1_000_000 });
    expect(result).toMatchObject({ ok: false, rule: 'facturx.attachment.too-large' });
    // 1 KiB of compressed data is pushed at a time: stopped after a few of the 635 slices.
    expect(push.mock.calls.length).toBeGreaterThan(0);
    expect(push.mock.calls.length).toBeLessThan(10);
  });

  it('refuses object streams that inflate beyond their budget (a bomb in the structure)', () => {
    const bomb = deflateBomb(20_000); // 32 KB inflating to 5 MB
    const head = `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${String(bomb.length)} >>\nstream\n`;
    const tail =
      '\nendstream\nendobj\n2 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 2 0 R >>\n%%EOF\n';
    const pdf = new Uint8Array([...encode(head), ...bomb, ...encode(tail)]);
    const result = extractFacturX(pdf, { maxObjectStreamBytes: 1_000_000 });
    expect(result).toMatchObject({ ok: false, rule: 'facturx.pdf.too-large' });
    expect(result.ok ? '' : result.message).toContain('object streams inflate to more than 1000000 bytes');
    // Within the (default, 10 MiB) budget the same file is read, and has no attachment.
    expect(extractFacturX(pdf)).toMatchObject({
      rule: 'facturx.attachment.missing',
    });
  });

  it('refuses an attachment that is not UTF-8, saying where', async () => {
    const prefix = '<?xml version="1.0" encoding="ISO-8859-1"?><a>M';
    const latin = new Uint8Array([...encode(prefix), 0xfc, ...encode('ller</a>')]);
    const result = extractFacturX(await pdfWith({ attachments: [{ name: 'factur-x.xml', data: latin }] }));
    expect(result).toMatchObject({ ok: false, rule: 'facturx.attachment.encoding' });
    expect(result.ok ? '' : result.message).toContain(`at byte ${String(prefix.length)}`);
  });

  it('refuses an attachment in a filter it does not decode, or with broken FlateDecode data', async () => {
    const jpeg = await pdfWith({
      raw: {
        name: 'factur-x.xml',
        dict: { Type: 'EmbeddedFile', Filter: 'DCTDecode' },
        contents: encode(CII),
      },
    });
    const refusal = extractFacturX(jpeg);
    expect(refusal).toMatchObject({ ok: false, rule: 'facturx.attachment.filter' });
    expect(refusal.ok ? '' : refusal.message).toContain('uses the DCTDecode filter');
    // A name the reader does not keep is not interned by pdf-lib: it is reported without its text.
    const custom = await pdfWith({
      raw: {
        name: 'factur-x.xml',
        dict: { Type: 'EmbeddedFile', Filter: 'VendorDecode' },
        contents: encode(CII),
      },
    });
    const customRefusal = extractFacturX(custom);
    expect(customRefusal.ok ? '' : customRefusal.message).toContain(
      'uses a filter, which fiscalkit does not decode',
    );
    const truncated = pako.deflate(encode(CII)).subarray(0, 40);
    const broken = await pdfWith({
      raw: {
        name: 'factur-x.xml',
        dict: { Type: 'EmbeddedFile', Filter: 'FlateDecode' },
        contents: truncated,
      },
    });
    expect(extractFacturX(broken)).toMatchObject({ ok: false, rule: 'facturx.attachment.corrupt' });
    const hex = await pdfWith({
      raw: {
        name: 'factur-x.xml',
        dict: { Type: 'EmbeddedFile', Filter: 'ASCIIHexDecode' },
        contents: encode(
          `${Array.from(encode(INLINE_CII), (byte) => byte.toString(16).padStart(2, '0')).join('')}>`,
        ),
      },
    });
    expect(extractFacturX(hex)).toMatchObject({ ok: true, xml: INLINE_CII });
  });

  it('gives up on hostile syntax in bounded work: unclosed strings everywhere, deep nesting', () => {
    // Every "1 0 obj (" starts a string that runs to the end: a naive recovery scan is quadratic.
    const strings = encode(`%PDF-1.7\n${'1 0 obj ('.repeat(200_000)}`);
    expect(extractFacturX(strings)).toMatchObject({ ok: false, rule: 'facturx.pdf.malformed' });
    const deep = extractFacturX(encode(`%PDF-1.7\n1 0 obj\n${'['.repeat(100_000)}`));
    expect(deep).toMatchObject({ ok: false, rule: 'facturx.pdf.malformed' });
    expect(deep.ok ? '' : deep.message).toContain('nests arrays or dictionaries more than 100 deep');
  });

  it('uses rule ids of the facturx source', () => {
    for (const rule of Object.values(FACTURX_RULES)) expect(isRuleId(rule), rule).toBe(true);
  });
});

describe('extractFacturX on real Factur-X PDFs (test/fixtures/einvoice/facturx/SOURCES.md)', () => {
  it('akretion/factur-x (PyPDF4, classic xref, a second attachment)', () => {
    const result = extractFacturX(
      new Uint8Array(readFileSync(join(FIXTURES, 'akretion-invoice_EN16931.pdf'))),
    );
    expect(result).toMatchObject({
      ok: true,
      filename: 'factur-x.xml',
      relationship: 'Source',
      conformanceLevel: 'EN 16931',
      documentFileName: 'factur-x.xml',
    });
    const xml = result.ok ? result.xml : '';
    expect(xml).toContain('<ram:ID>F20260023</ram:ID>');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  });

  it('mustangproject 103767 (Aspose, object streams and a cross-reference stream)', () => {
    const pdf = new Uint8Array(readFileSync(join(FIXTURES, 'mustang-103767-Invoice-2026-03-24-1.pdf')));
    expect(latin1(pdf)).toContain('/ObjStm');
    const result = extractFacturX(pdf);
    expect(result).toMatchObject({
      ok: true,
      filename: 'factur-x.xml',
      relationship: 'Unspecified',
      conformanceLevel: 'EN 16931',
    });
    expect(result.ok ? result.xml : '').toContain('<ram:ID>103767</ram:ID>');
  });
});

describe('inflateBounded and readFacturXMetadata', () => {
  it('inflates within the limit and refuses past it', () => {
    const small = deflateBomb(10);
    expect(inflateBounded(small, 10_000)).toEqual({ ok: true, bytes: new Uint8Array(2581) });
    expect(inflateBounded(small, 2580)).toMatchObject({ ok: false, reason: 'too-large' });
    expect(inflateBounded(encode('not zlib'), 10_000)).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('matches properties by namespace, not by prefix, and ignores the extension schema description', () => {
    const xmp = facturXXmp('EXTENDED').replaceAll('fx:', 'factur:').replace('xmlns:fx=', 'xmlns:factur=');
    expect(readFacturXMetadata(encode(xmp))).toEqual({
      conformanceLevel: 'EXTENDED',
      documentFileName: 'factur-x.xml',
    });
    const otherNamespace = facturXXmp('EN 16931').replaceAll('urn:factur-x:pdfa', 'urn:example');
    expect(readFacturXMetadata(encode(otherNamespace)).conformanceLevel).toBeNull();
    expect(readFacturXMetadata(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]))).toEqual({
      conformanceLevel: null,
      documentFileName: null,
    });
  });
});
