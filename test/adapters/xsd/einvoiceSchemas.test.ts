/**
 * The XSD layer of e-invoice validation (issue #21 "Layers" 2, 6, 7): `createEInvoiceSchemas` judges
 * the official examples of EN 16931 / Peppol / XRechnung (UBL 2.1, CII D16B, from `../shared/en16931`)
 * and the Facturae / FatturaPA samples of `test/fixtures/einvoice/` with the official schemas, rejects
 * their mutations with libxml2's message and line, and says which file is missing when a schema is not
 * there.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEInvoiceSchemas,
  EINVOICE_SCHEMA_FILES,
  type XsdEInvoiceSchemas,
} from '../../../src/adapters/xsd/index.js';
import type { EInvoiceSchemaId } from '../../../src/einvoice/schemas.js';
import { PROJECT_ROOT, SHARED_DIR } from '../../support/shared.js';

const ARTEFACTS = join(PROJECT_ROOT, 'artefacts');
const EN16931 = join(SHARED_DIR, 'en16931');
const hasEn16931 = existsSync(join(EN16931, 'xsd'));
const EN16931_MISSING = `shared/en16931/xsd not found in ${SHARED_DIR}: the UBL/CII XSD tests are skipped (set FISCALKIT_SHARED or put shared/ beside the checkout)`;
if (!hasEn16931) console.warn(`[fiscalkit tests] ${EN16931_MISSING}`);
const FIXTURES = join(PROJECT_ROOT, 'test', 'fixtures', 'einvoice');

const read = (...path: string[]) => readFileSync(join(...path), 'utf8');

/** The local name of the document's root element (after the XML declaration, comments, PIs). */
function rootName(xml: string): string {
  const match = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(
    xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (match?.[2] === undefined) throw new Error('no root element');
  return match[2];
}

/** Runs `use` with schemas over `directories`, disposed afterwards. */
async function withSchemas(directories: string[], use: (schemas: XsdEInvoiceSchemas) => void): Promise<void> {
  const created = await createEInvoiceSchemas({ directories });
  try {
    use(created);
  } finally {
    created.dispose();
  }
}

/** The 1-based line of the first `needle` in `xml`. */
const lineOf = (xml: string, needle: string) => xml.slice(0, xml.indexOf(needle)).split('\n').length;

const xmlFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.xml'))
    .sort();

let schemas: XsdEInvoiceSchemas;
beforeAll(async () => {
  schemas = await createEInvoiceSchemas({ directories: [ARTEFACTS, EN16931] });
});
afterAll(() => schemas.dispose());

describe.skipIf(!hasEn16931)('UBL 2.1 and CII D16B (shared/en16931)', () => {
  const judge = (dir: string, schema: EInvoiceSchemaId) =>
    xmlFiles(dir).map((name) => {
      const xml = read(dir, name);
      return { name, verdict: schemas.validate(schema, rootName(xml), null, xml) };
    });

  it('every official UBL example is XSD-valid', () => {
    const verdicts = judge(join(EN16931, 'examples', 'ubl'), 'ubl-2.1-xsd');
    expect(verdicts.length).toBeGreaterThan(10);
    expect(verdicts.filter(({ verdict }) => !verdict?.valid)).toEqual([]);
  });

  it('every official CII example is XSD-valid', () => {
    const verdicts = judge(join(EN16931, 'examples', 'cii'), 'cii-d16b-xsd');
    expect(verdicts.length).toBeGreaterThan(5);
    expect(verdicts.filter(({ verdict }) => !verdict?.valid)).toEqual([]);
  });

  it('the benchmark documents (10 and 1,000 lines) are XSD-valid', () => {
    const perf = join(EN16931, 'perf');
    const verdicts = xmlFiles(perf).map((name) => {
      const xml = read(perf, name);
      const schema = name.startsWith('cii-') ? 'cii-d16b-xsd' : 'ubl-2.1-xsd';
      return { name, verdict: schemas.validate(schema, rootName(xml), null, xml) };
    });
    expect(verdicts.map(({ name }) => name)).toContain('ubl-peppol-1000-lines.xml');
    expect(verdicts.filter(({ verdict }) => !verdict?.valid)).toEqual([]);
  });

  describe('the UBL invoice of issue #21: IssueDate "not-a-date", an unknown element, no ID', () => {
    const base = () => read(EN16931, 'examples', 'ubl', 'peppol--base-example.xml');
    const noId = (xml: string) => xml.replace(/\s*<cbc:ID>Snippet1<\/cbc:ID>/, '');
    const badDate = (xml: string) => xml.replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>not-a-date<');
    const unknown = (xml: string) =>
      xml.replace('<cbc:StreetName>Main street 1</cbc:StreetName>', '$&<cbc:Unknown>x</cbc:Unknown>');
    const errors = (xml: string) => schemas.validate('ubl-2.1-xsd', 'Invoice', null, xml)?.errors;

    it('is invalid; libxml2 stops judging the root at the missing ID, so that is the one error', () => {
      const verdict = schemas.validate('ubl-2.1-xsd', 'Invoice', null, noId(badDate(unknown(base()))));
      expect(verdict?.valid).toBe(false);
      expect(verdict?.errors).toEqual([
        {
          path: '',
          line: 7,
          message: expect.stringMatching(
            /^Element '\{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\}IssueDate': This element is not expected\. Expected is one of \( .*\}ProfileExecutionID, .*\}ID \)\.$/,
          ),
        },
      ]);
    });

    it('with the ID back, both the date and the unknown element are reported, each at its line', () => {
      const xml = badDate(unknown(base()));
      expect(errors(xml)).toEqual([
        {
          path: '',
          line: lineOf(xml, '<cbc:IssueDate>'),
          message:
            "Element '{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}IssueDate': 'not-a-date' is not a valid value of the atomic type 'xs:date'.",
        },
        {
          path: '',
          line: lineOf(xml, '<cbc:Unknown>'),
          message: expect.stringMatching(
            /^Element '\{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\}Unknown': This element is not expected\./,
          ),
        },
      ]);
    });

    it('the unmutated example is valid (the mutations, not the base, are what fails)', () => {
      expect(schemas.validate('ubl-2.1-xsd', 'Invoice', null, base())).toEqual({ valid: true, errors: [] });
    });
  });

  it('a credit note is judged by the CreditNote schema, not the Invoice one', () => {
    const xml = read(EN16931, 'examples', 'ubl', 'en16931--ubl-tc434-creditnote1.xml');
    expect(schemas.validate('ubl-2.1-xsd', 'CreditNote', null, xml)?.valid).toBe(true);
    expect(schemas.validate('ubl-2.1-xsd', 'Invoice', null, xml)?.errors[0]?.message).toMatch(
      /CreditNote': No matching global declaration available for the validation root/,
    );
  });

  it('a UBL root other than Invoice / CreditNote is refused by name', () => {
    expect(schemas.validate('ubl-2.1-xsd', 'Order', null, '<Order/>')).toEqual({
      valid: false,
      errors: [
        {
          path: '',
          line: null,
          message: 'UBL 2.1 has no schema here for the root element Order (Invoice, CreditNote)',
        },
      ],
    });
  });

  it('a CII invoice without its document ID and with a comma decimal is invalid, both reported', () => {
    const xml = read(EN16931, 'examples', 'cii', 'en16931--CII_example1.xml')
      .replace('<ram:ID>12115118</ram:ID>', '')
      .replace('<ram:LineTotalAmount>19.9<', '<ram:LineTotalAmount>19,90<');
    const verdict = schemas.validate('cii-d16b-xsd', 'CrossIndustryInvoice', null, xml);
    expect(verdict?.valid).toBe(false);
    expect(verdict?.errors.map(({ line }) => line)).toEqual([23, 56]);
    expect(verdict?.errors[0]?.message).toMatch(
      /\}TypeCode': This element is not expected\. Expected is \( .*\}ID \)/,
    );
    expect(verdict?.errors[1]?.message).toMatch(
      /\}LineTotalAmount': '19,90' is not a valid value of the atomic type 'xs:decimal'\./,
    );
  });

  it('malformed XML is an invalid verdict with the parser error and line', () => {
    const verdict = schemas.validate('cii-d16b-xsd', 'CrossIndustryInvoice', null, '<a>\n<b></a>');
    expect(verdict?.valid).toBe(false);
    expect(verdict?.errors[0]?.line).toBe(2);
  });
});

describe('Facturae 3.2 / 3.2.1 / 3.2.2 (artefacts/xsd/facturae)', () => {
  const FACTURAE = join(FIXTURES, 'facturae');
  const sample = () => read(FACTURAE, 'gobl-invoice-vat.xml');
  const NS_322 = 'http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml';
  const asVersion = (xml: string, namespace: string, version: string) =>
    xml.replace(NS_322, namespace).replace('<SchemaVersion>3.2.2<', `<SchemaVersion>${version}<`);

  it("the 3.2.2 samples (gobl.facturae's golden outputs) are valid", () => {
    const files = xmlFiles(FACTURAE).filter((name) => name.startsWith('gobl-'));
    expect(files).toEqual(['gobl-credit-note.xml', 'gobl-invoice-vat-irpf.xml', 'gobl-invoice-vat.xml']);
    for (const name of files)
      expect([name, schemas.validate('facturae-xsd', 'Facturae', '3.2.2', read(FACTURAE, name))]).toEqual([
        name,
        { valid: true, errors: [] },
      ]);
  });

  it('a currency outside the code list and a non-numeric tax rate are invalid, at their lines', () => {
    const xml = sample()
      .replace('<InvoiceCurrencyCode>EUR<', '<InvoiceCurrencyCode>EURO<')
      .replace('<TaxRate>21.0<', '<TaxRate>twenty-one<');
    const verdict = schemas.validate('facturae-xsd', 'Facturae', '3.2.2', xml);
    expect(verdict?.valid).toBe(false);
    expect(verdict?.errors.map(({ line }) => line)).toEqual([36, 100]);
    expect(verdict?.errors[0]?.message).toMatch(
      /^Element 'InvoiceCurrencyCode': \[facet 'enumeration'\] The value 'EURO' is not an element of the set/,
    );
    expect(verdict?.errors[1]?.message).toBe(
      `Element 'TaxRate': 'twenty-one' is not a valid value of the atomic type '{${NS_322}}DoubleUpToEightDecimalType'.`,
    );
  });

  it('each version is judged by its own schema: 3.2.1 accepts the sample, 3.2 wants two decimals', () => {
    const v321 = asVersion(sample(), 'http://www.facturae.es/Facturae/2014/v3.2.1/Facturae', '3.2.1');
    expect(schemas.validate('facturae-xsd', 'Facturae', '3.2.1', v321)).toEqual({ valid: true, errors: [] });
    const v32 = asVersion(sample(), 'http://www.facturae.es/Facturae/2009/v3.2/Facturae', '3.2');
    const verdict = schemas.validate('facturae-xsd', 'Facturae', '3.2', v32);
    expect(verdict?.valid).toBe(false);
    expect(verdict?.errors[0]).toEqual({
      path: '',
      line: 100,
      message: expect.stringContaining(
        "Element 'TaxRate': [facet 'pattern'] The value '21.0' is not accepted",
      ),
    });
    // The 3.2.2 document under the 3.2.1 schema: its namespace is not that schema's.
    expect(schemas.validate('facturae-xsd', 'Facturae', '3.2.1', sample())?.errors[0]?.message).toMatch(
      /No matching global declaration available for the validation root/,
    );
  });

  it('an extension fiscalkit has no schema of is invalid: Facturae declares Extensions strict', () => {
    const xml = sample().replace(
      '</AdditionalData>',
      '<Extensions><x:Foo xmlns:x="urn:example"/></Extensions></AdditionalData>',
    );
    expect(schemas.validate('facturae-xsd', 'Facturae', '3.2.2', xml)?.errors).toEqual([
      {
        path: '',
        line: lineOf(xml, '<Extensions>'),
        message:
          "Element '{urn:example}Foo': No matching global element declaration available, but demanded by the strict wildcard.",
      },
    ]);
  });

  it('a version fiscalkit has no schema of is refused by name', () => {
    expect(schemas.validate('facturae-xsd', 'Facturae', '3.3', sample())?.errors[0]?.message).toBe(
      'Facturae 3.3 is not a version fiscalkit has the schema of (3.2, 3.2.1, 3.2.2)',
    );
    expect(schemas.validate('facturae-xsd', 'Facturae', null, sample())?.valid).toBe(false);
  });
});

describe('FatturaPA 1.2.2 (artefacts/xsd/fatturapa)', () => {
  const FATTURAPA = join(FIXTURES, 'fatturapa');

  it('the official examples FPA01-03, FPR01 and FPR03 are valid', () => {
    const files = xmlFiles(FATTURAPA);
    expect(files).toEqual([
      'IT01234567890_FPA01.xml',
      'IT01234567890_FPA02.xml',
      'IT01234567890_FPA03.xml',
      'IT01234567890_FPR01.xml',
      'IT01234567890_FPR03.xml',
    ]);
    for (const name of files) {
      const version = name.includes('FPA') ? 'FPA12' : 'FPR12';
      expect([
        name,
        schemas.validate('fatturapa-xsd', 'FatturaElettronica', version, read(FATTURAPA, name)),
      ]).toEqual([name, { valid: true, errors: [] }]);
    }
  });

  it('the official example FPR02 is rejected: its ContattiTrasmittente comes after PECDestinatario', () => {
    const xml = read(FATTURAPA, 'official-invalid', 'IT01234567890_FPR02.xml');
    expect(schemas.validate('fatturapa-xsd', 'FatturaElettronica', 'FPR12', xml)).toEqual({
      valid: false,
      errors: [
        { path: '', line: 16, message: "Element 'ContattiTrasmittente': This element is not expected." },
      ],
    });
  });

  it('an unknown versione and a date in the Italian style are invalid, both reported', () => {
    const xml = read(FATTURAPA, 'IT01234567890_FPR01.xml')
      .replace('versione="FPR12"', 'versione="FPR13"')
      .replace('<Data>2014-12-18</Data>', '<Data>18/12/2014</Data>');
    const verdict = schemas.validate('fatturapa-xsd', 'FatturaElettronica', 'FPR13', xml);
    expect(verdict?.valid).toBe(false);
    expect(verdict?.errors.map(({ message }) => message.replace(/\{[^}]*\}/g, '{…}'))).toEqual([
      "Element '{…}FatturaElettronica', attribute 'versione': [facet 'enumeration'] The value 'FPR13' is not an element of the set {…}.",
      "Element 'Data': '18/12/2014' is not a valid value of the atomic type '{…}DataFatturaType'.",
    ]);
    expect(verdict?.errors[1]?.line).toBe(57);
  });
});

describe('schemas the host does not have', () => {
  const temporary: string[] = [];
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'fiscalkit-einvoice-xsd-'));
    temporary.push(dir);
    return dir;
  };
  const place = (dir: string, path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  afterAll(() => {
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  });

  it('an empty directory: every schema answers undefined and unavailable() names its entry file', async () => {
    const empty = scratch();
    await withSchemas([empty], (none) => {
      expect(none.validate('ubl-2.1-xsd', 'Invoice', null, '<Invoice/>')).toBeUndefined();
      expect(none.validate('cii-d16b-xsd', 'CrossIndustryInvoice', null, '<x/>')).toBeUndefined();
      expect(none.validate('facturae-xsd', 'Facturae', '3.2.2', '<x/>')).toBeUndefined();
      expect(none.validate('fatturapa-xsd', 'FatturaElettronica', 'FPR12', '<x/>')).toBeUndefined();
      expect(none.unavailable('ubl-2.1-xsd')).toBe(
        `xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd is not in ${empty}`,
      );
      expect(none.unavailable('cii-d16b-xsd')).toBe(
        `xsd/cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd is not in ${empty}`,
      );
      expect(none.unavailable('facturae-xsd')).toBe(`xsd/facturae/Facturaev3_2.xml is not in ${empty}`);
      expect(none.unavailable('fatturapa-xsd')).toBe(
        `xsd/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.xsd is not in ${empty}`,
      );
    });
  });

  it('the available schemas answer null, and EINVOICE_SCHEMA_FILES lists what the repository ships', () => {
    expect(schemas.unavailable('facturae-xsd')).toBeNull();
    expect(schemas.unavailable('fatturapa-xsd')).toBeNull();
    for (const path of [...EINVOICE_SCHEMA_FILES['facturae-xsd'], ...EINVOICE_SCHEMA_FILES['fatturapa-xsd']])
      expect(existsSync(join(ARTEFACTS, path)), path).toBe(true);
  });

  it('a Facturae schema without the XML Signature schema beside it is unavailable, naming that file', async () => {
    const dir = scratch();
    place(dir, 'xsd/facturae/Facturaev3_2_2.xml', read(ARTEFACTS, 'xsd', 'facturae', 'Facturaev3_2_2.xml'));
    await withSchemas([dir], (partial) => {
      expect(
        partial.validate(
          'facturae-xsd',
          'Facturae',
          '3.2.2',
          read(FIXTURES, 'facturae', 'gobl-invoice-vat.xml'),
        ),
      ).toBeUndefined();
      expect(partial.unavailable('facturae-xsd')).toBe(`xsd/facturae/Facturaev3_2.xml is not in ${dir}`);
      place(dir, 'xsd/facturae/Facturaev3_2.xml', read(ARTEFACTS, 'xsd', 'facturae', 'Facturaev3_2.xml'));
      place(dir, 'xsd/facturae/Facturaev3_2_1.xml', read(ARTEFACTS, 'xsd', 'facturae', 'Facturaev3_2_1.xml'));
      expect(partial.unavailable('facturae-xsd')).toBe(
        `xsd/facturae/xmldsig-core-schema.xsd is not in ${dir} (xsd/facturae/Facturaev3_2.xml imports it)`,
      );
    });
  });

  it('the first directory holding a schema wins, and a schema that does not compile is unavailable with libxml2 saying why', async () => {
    const broken = scratch();
    place(
      broken,
      'xsd/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.xsd',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="a" type="xs:nope"/></xs:schema>',
    );
    place(
      broken,
      'xsd/fatturapa/xmldsig-core-schema.xsd',
      read(ARTEFACTS, 'xsd', 'fatturapa', 'xmldsig-core-schema.xsd'),
    );
    const xml = read(FIXTURES, 'fatturapa', 'IT01234567890_FPR01.xml');

    await withSchemas([broken, ARTEFACTS], (first) => {
      expect(first.unavailable('fatturapa-xsd')).toBeNull(); // the files are there: not known broken yet
      expect(first.validate('fatturapa-xsd', 'FatturaElettronica', 'FPR12', xml)).toBeUndefined();
      expect(first.unavailable('fatturapa-xsd')).toMatch(
        new RegExp(
          `^fiscalkit/xsd: xsd/fatturapa/Schema_del_file_xml_FatturaPA_v1\\.2\\.2\\.xsd in ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} do not compile\\n.*XMLSchema\\}nope' does not resolve`,
        ),
      );
    });

    await withSchemas([scratch(), ARTEFACTS, broken], (second) => {
      expect(second.validate('fatturapa-xsd', 'FatturaElettronica', 'FPR12', xml)).toEqual({
        valid: true,
        errors: [],
      });
    });
  });

  it('imports are served from the schema folder only: a CII schema reaching outside it does not compile', async () => {
    const dir = scratch();
    place(
      dir,
      'outside.xsd',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="CrossIndustryInvoice"/></xs:schema>',
    );
    place(
      dir,
      'xsd/cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:include schemaLocation="../../../../../../outside.xsd"/></xs:schema>',
    );
    await withSchemas([dir], (escaping) => {
      expect(
        escaping.validate('cii-d16b-xsd', 'CrossIndustryInvoice', null, '<CrossIndustryInvoice/>'),
      ).toBeUndefined();
      expect(escaping.unavailable('cii-d16b-xsd')).toMatch(/do not compile\n.*outside\.xsd/);
    });
  });

  it('validating after dispose() throws', async () => {
    const disposable = await createEInvoiceSchemas({ directories: [ARTEFACTS] });
    disposable.dispose();
    disposable.dispose();
    expect(() => disposable.validate('fatturapa-xsd', 'FatturaElettronica', 'FPR12', '<x/>')).toThrow(
      /disposed/,
    );
  });
});
