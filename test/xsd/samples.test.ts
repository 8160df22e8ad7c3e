import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDocument } from 'libxml2-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import {
  compiledSchema,
  compileSchema,
  disposeSchemas,
  formatXsdErrors,
  resolveSchemaLocation,
  SCHEMA_ENTRIES,
  validateWith,
  validateXml,
  XSD_DIR,
  type XsdResult,
} from '../support/xsd.js';

// The official samples validated against the official schemas with libxml2-wasm, and broken copies
// rejected: this proves the helper that judges fiscalkit's own XML (issue #5) applies the real schema.

const KSEF_DIR = join(SHARED_DIR, 'samples', 'ksef');
const SII_DIR = join(SHARED_DIR, 'samples', 'sii');

/** Target namespace of SII `SuministroLR.xsd`: the root of a bare registration message. */
const SII_LR_NS =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroLR.xsd';

/**
 * The SII sample that is not schema-valid, per `shared/samples/sii/SOURCES.md` §2: OCA puts recargo de
 * equivalencia on services, whose `DetalleIVA` type has no recargo fields.
 */
const INVALID_SII_SAMPLE = 'oca-derived/sii_out_invoice_s_iva10b_s_req014_s_iva21s_s_req52.xml';

/** sha256 of the FA(3) schema as the MF publishes it (`shared/xsd/ksef-fa3/SOURCES.md` §3). */
const PUBLISHED_FA3_SHA256 = 'b646b6b525f51adf1bb2545f111fc8ca6e7aa6dd2f98948f1667d3695c06d958';

/** The `.xml` files under `dir`, as paths relative to it, sorted. */
function xmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.xml'))
    .sort();
}

function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), 'utf8');
}

/** `{namespace}localName` of the document element. */
function rootOf(xml: string): string {
  const doc = XmlDocument.fromString(xml);
  try {
    return `{${doc.root.namespaceUri}}${doc.root.name}`;
  } finally {
    doc.dispose();
  }
}

/** Replaces exactly one occurrence of `search` (so that a broken copy is broken where intended). */
function replaceOnce(xml: string, search: string | RegExp, replacement: string): string {
  const broken = xml.replace(search, replacement);
  expect(broken, `${String(search)} not found`).not.toBe(xml);
  return broken;
}

function expectValid(result: XsdResult, label: string): void {
  expect(result.valid, `${label} is not schema-valid:\n${formatXsdErrors(result)}`).toBe(true);
  expect(result.errors).toEqual([]);
}

function expectRejected(result: XsdResult, ...mentions: string[]): void {
  expect(result.valid).toBe(false);
  expect(result.errors.length).toBeGreaterThan(0);
  const text = formatXsdErrors(result);
  for (const mention of mentions) expect(text).toContain(mention);
}

afterAll(disposeSchemas);

describe.skipIf(!hasShared)('KSeF FA(3) samples against schemat_FA(3)_v1-0E.xsd', () => {
  const files = hasShared ? xmlFiles(KSEF_DIR) : [];
  const sample = 'official-mf/FA_3_Przykład_1.xml';

  it('finds the 40 samples of ksef-fa3.md §11 (26 MF, 12 ksef2, 2 GOBL)', () => {
    expect(files).toHaveLength(40);
    expect(files.filter((file) => file.startsWith('official-mf/'))).toHaveLength(26);
    expect(files.filter((file) => file.startsWith('third-party-ksef2/'))).toHaveLength(12);
    expect(files.filter((file) => file.startsWith('third-party-gobl/'))).toHaveLength(2);
  });

  it.each(files)('%s validates', (file) => {
    expectValid(validateXml('ksef-fa3', read(KSEF_DIR, file)), file);
  });

  it('compiles the schema once', () => {
    expect(compiledSchema('ksef-fa3')).toBe(compiledSchema('ksef-fa3'));
  });

  it('rejects RodzajFaktury XXX, naming the element and the enumeration', () => {
    const xml = replaceOnce(
      read(KSEF_DIR, sample),
      '<RodzajFaktury>VAT</RodzajFaktury>',
      '<RodzajFaktury>XXX</RodzajFaktury>',
    );
    const result = validateXml('ksef-fa3', xml);
    expectRejected(result, 'RodzajFaktury', "'XXX'", 'enumeration');
    expect(result.errors[0]?.line).toBe(70);
  });

  it('rejects a missing required element (P_2, the invoice number), naming it as expected', () => {
    const xml = replaceOnce(read(KSEF_DIR, sample), /\s*<P_2>[^<]*<\/P_2>/, '');
    expectRejected(validateXml('ksef-fa3', xml), 'This element is not expected', 'P_2');
  });

  it('rejects kodSystemowy "FA(3)" without the space (a fixed attribute)', () => {
    const xml = replaceOnce(read(KSEF_DIR, sample), 'kodSystemowy="FA (3)"', 'kodSystemowy="FA(3)"');
    expectRejected(validateXml('ksef-fa3', xml), 'kodSystemowy');
  });

  it('reports malformed XML as invalid with the parse error, without throwing', () => {
    const xml = replaceOnce(read(KSEF_DIR, sample), '</Faktura>', '</Faktur>');
    const result = validateXml('ksef-fa3', xml);
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it('resolves the crd.gov.pl import of the schema as published, offline, to the same base files', () => {
    const local = readFileSync(join(XSD_DIR, SCHEMA_ENTRIES['ksef-fa3']), 'utf8');
    const published = replaceOnce(
      local,
      'schemaLocation="bazowe/StrukturyDanych_v10-0E.xsd"',
      'schemaLocation="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/StrukturyDanych_v10-0E.xsd"',
    );
    expect(createHash('sha256').update(published).digest('hex')).toBe(PUBLISHED_FA3_SHA256);

    const schema = compileSchema(SCHEMA_ENTRIES['ksef-fa3'], new TextEncoder().encode(published));
    try {
      expectValid(validateWith(schema, read(KSEF_DIR, sample)), sample);
      const broken = replaceOnce(
        read(KSEF_DIR, sample),
        '<KodKraju>PL</KodKraju>',
        '<KodKraju>pl</KodKraju>',
      );
      expectRejected(validateWith(schema, broken), 'KodKraju');
    } finally {
      schema.dispose();
    }
  });

  it('serves only files under shared/xsd', () => {
    expect(resolveSchemaLocation('fiscalkit-xsd:///ksef-fa3/bazowe/KodyKrajow_v10-0E.xsd')).toBe(
      join(XSD_DIR, 'ksef-fa3', 'bazowe', 'KodyKrajow_v10-0E.xsd'),
    );
    expect(resolveSchemaLocation('fiscalkit-xsd:///../samples/ksef/SOURCES.md')).toBeUndefined();
    expect(resolveSchemaLocation('fiscalkit-xsd:///ksef-fa3/missing.xsd')).toBeUndefined();
    expect(resolveSchemaLocation('http://www.w3.org/2001/xml.xsd')).toBeUndefined();
  });
});

describe.skipIf(!hasShared)('SII samples against SuministroLR.xsd', () => {
  const files = hasShared ? xmlFiles(SII_DIR) : [];
  const roots = new Map(files.map((file) => [file, rootOf(read(SII_DIR, file))]));
  const bare = files.filter((file) => roots.get(file)?.startsWith(`{${SII_LR_NS}}SuministroLR`));
  const sample = 'oca-derived/sii_out_invoice_s_iva10b.xml';

  it('tells the 18 bare SuministroLR messages from the SOAP-wrapped response (SOURCES.md §1)', () => {
    expect(bare).toHaveLength(18);
    expect(bare.every((file) => file.startsWith('oca-derived/'))).toBe(true);
    expect(files.filter((file) => !bare.includes(file))).toEqual([
      'responses/respuesta_emitidas_parcialmente_correcto.xml',
    ]);
    expect(roots.get('responses/respuesta_emitidas_parcialmente_correcto.xml')).toBe(
      '{http://schemas.xmlsoap.org/soap/envelope/}Envelope',
    );
  });

  it.each(bare.filter((file) => file !== INVALID_SII_SAMPLE))('%s validates', (file) => {
    expectValid(validateXml('sii', read(SII_DIR, file)), file);
  });

  it(`rejects ${INVALID_SII_SAMPLE} (recargo de equivalencia on services, SOURCES.md §2)`, () => {
    expectRejected(
      validateXml('sii', read(SII_DIR, INVALID_SII_SAMPLE)),
      'RecargoEquivalencia',
      'not expected',
    );
  });

  it('rejects TipoFactura F9, naming the element', () => {
    const xml = replaceOnce(
      read(SII_DIR, sample),
      '<sii:TipoFactura>F1</sii:TipoFactura>',
      '<sii:TipoFactura>F9</sii:TipoFactura>',
    );
    expectRejected(validateXml('sii', xml), 'TipoFactura', "'F9'");
  });

  it('rejects a missing required element (IDVersionSii), naming it as expected', () => {
    const xml = replaceOnce(read(SII_DIR, sample), /\s*<sii:IDVersionSii>[^<]*<\/sii:IDVersionSii>/, '');
    expectRejected(validateXml('sii', xml), 'IDVersionSii');
  });

  it('rejects a SOAP envelope: SuministroLR.xsd judges bare messages only', () => {
    const file = 'responses/respuesta_emitidas_parcialmente_correcto.xml';
    expectRejected(validateXml('sii', read(SII_DIR, file)), 'Envelope');
  });
});
