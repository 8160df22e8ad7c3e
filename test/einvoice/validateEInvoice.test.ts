/**
 * The e-invoice validator's orchestration (issue #21 "Layers"): the XML guards, the container, which
 * rule sets run and in what order, severities, `unavailable` rule sets, outcomes, and compiling each
 * rule set once. The first part runs on an engine double over in-memory artefacts (what the orchestration
 * decides, whatever the rules say); the second on the official artefacts of `../shared/en16931` with
 * fiscalkit's schematron engine and the XSD adapter (skipped with a message when they are absent).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artefactsFromDirectories } from '../../src/adapters/artefacts/directory.js';
import { createEInvoiceSchemas, type XsdEInvoiceSchemas } from '../../src/adapters/xsd/einvoiceSchemas.js';
import type { ArtefactSource } from '../../src/einvoice/artefacts.js';
import { isPdf } from '../../src/einvoice/facturx/extract.js';
import { RULE_SETS } from '../../src/einvoice/ruleSets.js';
import type { EInvoiceSchemas } from '../../src/einvoice/schemas.js';
import { judgeSpecification } from '../../src/einvoice/specification.js';
import {
  assembleEInvoiceValidator,
  createEInvoiceValidator,
  type EInvoiceValidatorOptions,
  type EInvoiceValidatorParts,
  loadFacturXReader,
  type PdfInvoiceReader,
  type SchematronCompiler,
} from '../../src/einvoice/validateEInvoice.js';
import type { EInvoiceValidator } from '../../src/einvoice/validator.js';
import type { SchematronFinding } from '../../src/schematron/finding.js';
import { PROJECT_ROOT, SHARED_DIR } from '../support/shared.js';

// ─── An engine double over in-memory artefacts ────────────────────────────────────────────────────

/** Every schematron file of the rule sets, present with placeholder text. */
function memoryArtefacts(except: readonly string[] = []): ArtefactSource & { files: Map<string, string> } {
  const files = new Map<string, string>();
  for (const set of RULE_SETS)
    for (const file of set.files) if (!except.includes(file)) files.set(file, `<schema id="${set.id}"/>`);
  return {
    files,
    description: 'memory artefacts',
    readText: (path) => files.get(path),
    readBytes: (path) => (files.has(path) ? new TextEncoder().encode(files.get(path)) : undefined),
  };
}

/** XSDs that always pass, and name no missing file. */
const PASSING_SCHEMAS: EInvoiceSchemas = {
  validate: () => ({ valid: true, errors: [] }),
  unavailable: () => null,
};

/** A compiler whose rule sets fire `findings[entry]` and count their compilations. */
function engineDouble(findings: Record<string, SchematronFinding[]> = {}) {
  const compiled: string[] = [];
  const compile: SchematronCompiler = (read, entry) => {
    if (read(entry) === undefined) throw new Error(`${entry} is missing`);
    compiled.push(entry);
    return { run: () => findings[entry] ?? [] };
  };
  return { compile, compiled };
}

const finding = (id: string, flag: string | null, line: number | null = 3): SchematronFinding => ({
  id,
  flag,
  kind: 'assert',
  message: `[${id}] message`,
  location: '/Invoice',
  line,
});

const EN_UBL = 'schematron/en16931/ubl/preprocessed/EN16931-UBL-validation-preprocessed.sch';
const PEPPOL_UBL = 'schematron/peppol/PEPPOL-EN16931-UBL.sch';

const ubl = (customization: string | null, body = '<cbc:ID>1</cbc:ID>') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  ${customization === null ? '' : `<cbc:CustomizationID>${customization}</cbc:CustomizationID>`}
  ${body}
</Invoice>`;

const PEPPOL_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

function validator(
  options: Partial<Omit<EInvoiceValidatorOptions, 'pdf'> & EInvoiceValidatorParts> = {},
  findings: Record<string, SchematronFinding[]> = {},
) {
  const engine = engineDouble(findings);
  const { compile, facturae, pdf, ...rest } = options;
  const made = assembleEInvoiceValidator(
    { artefacts: memoryArtefacts(), schemas: PASSING_SCHEMAS, ...rest },
    { compile: compile ?? engine.compile, facturae, pdf },
  );
  return { validator: made, compiled: engine.compiled };
}

describe('which rule sets run, and the outcome', () => {
  it('a Peppol invoice: the UBL XSD, EN 16931, then Peppol; no finding is valid', () => {
    const { validator: v } = validator();
    const verdict = v.validate(ubl(PEPPOL_ID));
    expect(verdict).toMatchObject({
      syntax: 'ubl',
      documentType: 'Invoice',
      specification: PEPPOL_ID,
      syntaxVersion: '2.1',
      container: 'xml',
      outcome: 'valid',
      valid: true,
      unsupported: null,
      notJudged: null,
      findings: [],
    });
    expect(verdict.ruleSets).toEqual([
      { id: 'ubl-2.1-xsd', status: 'applied' },
      { id: 'en16931-ubl', status: 'applied' },
      { id: 'peppol-ubl', status: 'applied' },
    ]);
  });

  it('flags: warning and information are warnings; fatal, error, none and anything else are fatal', () => {
    const { validator: v } = validator(
      {},
      {
        [EN_UBL]: [
          finding('W', 'warning'),
          finding('I', 'information'),
          finding('N', null),
          finding('E', 'error'),
        ],
        [PEPPOL_UBL]: [finding('F', 'fatal'), finding('X', 'odd')],
      },
    );
    const verdict = v.validate(ubl(PEPPOL_ID));
    expect(verdict.findings.map((one) => [one.rule, one.severity, one.ruleSet])).toEqual([
      ['W', 'warning', 'en16931-ubl'],
      ['I', 'warning', 'en16931-ubl'],
      ['N', 'fatal', 'en16931-ubl'],
      ['E', 'fatal', 'en16931-ubl'],
      ['F', 'fatal', 'peppol-ubl'],
      ['X', 'fatal', 'peppol-ubl'],
    ]);
    expect(verdict.outcome).toBe('invalid');
    expect(verdict.findings[0]).toEqual({
      rule: 'W',
      severity: 'warning',
      ruleSet: 'en16931-ubl',
      message: '[W] message',
      location: '/Invoice',
      line: 3,
    });
  });

  it('warnings alone leave the document valid', () => {
    const { validator: v } = validator({}, { [EN_UBL]: [finding('UBL-CR-001', 'warning')] });
    expect(v.validate(ubl(PEPPOL_ID))).toMatchObject({ outcome: 'valid', valid: true });
  });

  it('findings of one rule set come in document order; rule sets in their order', () => {
    const { validator: v } = validator(
      {},
      {
        [EN_UBL]: [finding('B', null, 9), finding('A', null, 2), finding('C', null, null)],
        [PEPPOL_UBL]: [finding('P', null, 1)],
      },
    );
    expect(v.validate(ubl(PEPPOL_ID)).findings.map((one) => one.rule)).toEqual(['C', 'A', 'B', 'P']);
  });

  it('a finding without an id is named by its rule set', () => {
    const { validator: v } = validator({}, { [EN_UBL]: [finding('', null)] });
    expect(v.validate(ubl(null)).findings[0]?.rule).toBe('en16931-ubl');
  });

  it('XSD errors are fatal findings of the syntax (`en16931.ubl.xsd`), and EN 16931 runs all the same', () => {
    const schemas: EInvoiceSchemas = {
      validate: () => ({
        valid: false,
        errors: [{ path: '', line: 5, message: "Element 'IssueDate': not a date" }],
      }),
      unavailable: () => null,
    };
    const { validator: v } = validator({ schemas }, { [EN_UBL]: [finding('BR-02', 'fatal')] });
    const verdict = v.validate(ubl(null));
    expect(verdict.outcome).toBe('invalid');
    expect(verdict.findings).toEqual([
      {
        rule: 'en16931.ubl.xsd',
        severity: 'fatal',
        ruleSet: 'ubl-2.1-xsd',
        message: "Element 'IssueDate': not a date",
        location: '',
        line: 5,
      },
      expect.objectContaining({ rule: 'BR-02', ruleSet: 'en16931-ubl' }),
    ]);
  });
});

describe('unavailable rule sets: the document is never valid', () => {
  it('missing Peppol artefacts: Peppol unavailable with the file and the fetch command, outcome unsupported', () => {
    const { validator: v } = validator({ artefacts: memoryArtefacts([PEPPOL_UBL]) });
    const verdict = v.validate(ubl(PEPPOL_ID));
    expect(verdict.outcome).toBe('unsupported');
    expect(verdict.valid).toBe(false);
    expect(verdict.ruleSets[2]).toMatchObject({ id: 'peppol-ubl', status: 'unavailable' });
    expect(verdict.ruleSets[2]?.reason).toContain(`${PEPPOL_UBL} is not in memory artefacts`);
    expect(verdict.ruleSets[2]?.reason).toContain('npm run artefacts:fetch -- <dir>');
    expect(verdict.unsupported).toMatch(/^Peppol BIS Billing 3\.0\.19 \(UBL\) is unavailable/);
    expect(verdict.notJudged).toBe(verdict.unsupported);
  });

  it('a fatal finding of the rule sets that ran still makes it invalid (and says what was not judged)', () => {
    const { validator: v } = validator(
      { artefacts: memoryArtefacts([PEPPOL_UBL]) },
      { [EN_UBL]: [finding('BR-01', 'fatal')] },
    );
    const verdict = v.validate(ubl(PEPPOL_ID));
    expect(verdict).toMatchObject({ outcome: 'invalid', unsupported: null });
    expect(verdict.notJudged).toMatch(/Peppol BIS Billing 3\.0\.19 \(UBL\) is unavailable/);
  });

  it('no XSD processor: every XSD rule set is unavailable, saying how to get one', () => {
    const { validator: v } = validator({ schemas: undefined });
    const verdict = v.validate(ubl('urn:cen.eu:en16931:2017'));
    expect(verdict.outcome).toBe('unsupported');
    expect(verdict.ruleSets[0]).toMatchObject({ id: 'ubl-2.1-xsd', status: 'unavailable' });
    expect(verdict.ruleSets[0]?.reason).toMatch(/libxml2-wasm/);
    expect(verdict.ruleSets[1]).toEqual({ id: 'en16931-ubl', status: 'applied' });
  });

  it("an XSD the port cannot load is unavailable with the port's reason", () => {
    const schemas: EInvoiceSchemas = {
      validate: () => undefined,
      unavailable: () => 'xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd is not in /x',
    };
    const { validator: v } = validator({ schemas });
    expect(v.validate(ubl(null)).ruleSets[0]).toEqual({
      id: 'ubl-2.1-xsd',
      status: 'unavailable',
      reason: 'xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd is not in /x',
    });
  });

  it("a rule set the engine refuses to compile is unavailable, with the engine's message", () => {
    const compile: SchematronCompiler = (_read, entry) => {
      if (entry === PEPPOL_UBL) throw new Error('unsupported construct xsl:key');
      return { run: () => [] };
    };
    const v = assembleEInvoiceValidator(
      { artefacts: memoryArtefacts(), schemas: PASSING_SCHEMAS },
      { compile },
    );
    const verdict = v.validate(ubl(PEPPOL_ID));
    expect(verdict.outcome).toBe('unsupported');
    expect(verdict.ruleSets[2]?.reason).toMatch(/could not be compiled .*unsupported construct xsl:key/);
    expect(v.availability().find((one) => one.id === 'peppol-ubl')).toMatchObject({ status: 'unavailable' });
  });

  it('an engine failure on one document makes that rule set unavailable for it, never a throw', () => {
    const compile: SchematronCompiler = () => ({
      run: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    const v = assembleEInvoiceValidator(
      { artefacts: memoryArtefacts(), schemas: PASSING_SCHEMAS },
      { compile },
    );
    const verdict = v.validate(ubl(null));
    expect(verdict.outcome).toBe('unsupported');
    expect(verdict.ruleSets[1]?.reason).toMatch(/failed on this document: Maximum call stack/);
  });

  it('a specification fiscalkit has no rules for is unsupported even with no finding', () => {
    const { validator: v } = validator();
    const verdict = v.validate(ubl('urn:peppol:pint:billing-1@jp-1'));
    expect(verdict).toMatchObject({ outcome: 'unsupported', valid: false });
    expect(verdict.unsupported).toMatch(/PINT/);
    expect(verdict.ruleSets).toEqual([{ id: 'ubl-2.1-xsd', status: 'applied' }]);
  });
});

describe('compiling: once per validator, lazily, warm() ahead', () => {
  it('compiles each rule set on first use only, and keeps it', () => {
    const { validator: v, compiled } = validator();
    expect(compiled).toEqual([]);
    v.validate(ubl(PEPPOL_ID));
    v.validate(ubl(PEPPOL_ID));
    v.validate(ubl('urn:cen.eu:en16931:2017'));
    expect(compiled).toEqual([EN_UBL, PEPPOL_UBL]);
  });

  it('warm() compiles every schematron set present and answers the availability', () => {
    const artefacts = memoryArtefacts(['schematron/xrechnung/merged/common.sch']);
    const { compile, compiled } = engineDouble();
    const v = assembleEInvoiceValidator({ artefacts, schemas: PASSING_SCHEMAS }, { compile });
    const before = v.availability();
    expect(compiled).toEqual([]);
    const after = v.warm();
    expect(compiled).toHaveLength(4);
    expect(after).toEqual(before);
    expect(after.map((one) => one.id)).toEqual(RULE_SETS.map((set) => set.id));
    const xrechnung = after.find((one) => one.id === 'xrechnung-ubl');
    expect(xrechnung).toMatchObject({ status: 'unavailable', name: 'XRechnung 3.0.2 (UBL)' });
    expect(xrechnung?.reason).toContain('schematron/xrechnung/merged/common.sch is not in memory artefacts');
    expect(after.find((one) => one.id === 'facturae-rules')).toMatchObject({ status: 'available' });
    const without = assembleEInvoiceValidator(
      { artefacts, schemas: PASSING_SCHEMAS },
      { compile, facturae: null },
    );
    expect(without.availability().find((one) => one.id === 'facturae-rules')).toMatchObject({
      status: 'unavailable',
    });
    // Files the host adds later are found: a missing file is not remembered.
    artefacts.files.set('schematron/xrechnung/merged/common.sch', '<pattern/>');
    expect(v.availability().find((one) => one.id === 'xrechnung-ubl')?.status).toBe('available');
    v.validate(ubl('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'));
    expect(compiled).toContain('schematron/xrechnung/merged/ubl/XRechnung-UBL-validation.sch');
  });
});

describe('XML safety first: a document the guards refuse is judged by nothing else', () => {
  const { validator: v } = validator({ maxBytes: 4000 });
  const only = (input: string | Uint8Array) => {
    const verdict = v.validate(input);
    expect(verdict.ruleSets).toEqual([]);
    expect(verdict.outcome).toBe('invalid');
    expect(verdict.findings).toHaveLength(1);
    return verdict.findings[0];
  };

  it('DOCTYPE / ENTITY, a declared encoding other than UTF-8, bytes that are not UTF-8, a UTF-16 BOM', () => {
    expect(only(`<!DOCTYPE x [<!ENTITY a "b">]>${ubl(null)}`)).toMatchObject({
      rule: 'xml.doctype',
      ruleSet: 'xml',
      line: 1,
    });
    expect(only(ubl(null).replace('UTF-8', 'ISO-8859-1'))).toMatchObject({ rule: 'xml.encoding' });
    expect(
      only(
        Uint8Array.from([
          ...new TextEncoder().encode('<Invoice>'),
          0xf1,
          ...new TextEncoder().encode('</Invoice>'),
        ]),
      ),
    ).toMatchObject({
      rule: 'xml.utf-8',
    });
    expect(only(Uint8Array.of(0xff, 0xfe, 0x3c, 0x00))).toMatchObject({ rule: 'xml.bom' });
  });

  it('not well-formed: xml.well-formed with the line; an undeclared entity; too deep; too large', () => {
    const broken = v.validate(ubl(null).replace('</cbc:ID>', '</cbc:Id>'));
    expect(broken.findings[0]).toMatchObject({ rule: 'xml.well-formed', line: 6, location: '' });
    expect(broken.findings[0]?.message).toMatch(/^the document is not well-formed XML/);
    expect(broken.documentType).toBe('Invoice');
    expect(only(ubl(null, '<cbc:ID>&nbsp;</cbc:ID>'))).toMatchObject({ rule: 'xml.entity-reference' });
    expect(only(`<a>${'<b>'.repeat(300)}${'</b>'.repeat(300)}</a>`)).toMatchObject({
      rule: 'xml.schema-limits',
    });
    expect(only(ubl(null, `<cbc:Note>${'x'.repeat(5000)}</cbc:Note>`))).toMatchObject({
      rule: 'xml.max-size',
    });
    expect(only(42 as unknown as string)).toMatchObject({ rule: 'xml.input-type' });
  });

  it('a UTF-8 byte-order mark is allowed (XML 1.0 §4.3.3)', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(ubl(PEPPOL_ID))]);
    expect(v.validate(bytes)).toMatchObject({ outcome: 'valid', syntax: 'ubl' });
    expect(v.validate(`\uFEFF${ubl(PEPPOL_ID)}`)).toMatchObject({ outcome: 'valid' });
  });

  it('a root fiscalkit does not know is unsupported, named', () => {
    const verdict = v.validate('<Order xmlns="urn:example"/>');
    expect(verdict).toMatchObject({ syntax: null, outcome: 'unsupported', ruleSets: [], findings: [] });
    expect(verdict.unsupported).toMatch(/<Order> in urn:example is not an e-invoice format/);
  });
});

describe('PDF: Factur-X / ZUGFeRD', () => {
  const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
  const CII = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
</rsm:CrossIndustryInvoice>`;

  it('without a reader, a PDF is unsupported (not refused as non-UTF-8)', () => {
    const { validator: v } = validator({ pdf: null });
    const verdict = v.validate(pdfBytes);
    expect(verdict).toMatchObject({ container: 'pdf', outcome: 'unsupported', findings: [] });
    expect(verdict.unsupported).toMatch(/PDF/);
  });

  it('with a reader, the CII attachment is judged and the container said', () => {
    const pdf: PdfInvoiceReader = { isPdf, extract: () => ({ success: true, xml: CII }) };
    const { validator: v } = validator({ pdf });
    expect(v.validate(pdfBytes)).toMatchObject({
      container: 'pdf',
      syntax: 'cii',
      specification: 'urn:cen.eu:en16931:2017',
      outcome: 'valid',
      ruleSets: [
        { id: 'cii-d16b-xsd', status: 'applied' },
        { id: 'en16931-cii', status: 'applied' },
      ],
    });
  });

  it("a PDF without an invoice is invalid, with the reader's rule (layer pdf)", () => {
    const pdf: PdfInvoiceReader = {
      isPdf,
      extract: () => ({
        success: false,
        rule: 'facturx.no-attachment',
        message: 'the PDF has no factur-x.xml attachment',
      }),
    };
    const { validator: v } = validator({ pdf });
    expect(v.validate(pdfBytes)).toMatchObject({
      container: 'pdf',
      outcome: 'invalid',
      findings: [
        { rule: 'facturx.no-attachment', ruleSet: 'pdf', severity: 'fatal', location: '', line: null },
      ],
    });
  });
});

// ─── The official artefacts, fiscalkit's engine, the XSD adapter ──────────────────────────────────

const EN16931_DIR = join(SHARED_DIR, 'en16931');
const hasArtefacts = (() => {
  try {
    return statSync(join(EN16931_DIR, 'schematron', 'peppol')).isDirectory();
  } catch {
    return false;
  }
})();
const SKIPPED = `../shared/en16931 not found at ${EN16931_DIR}: the official rule sets are skipped`;

describe.skipIf(!hasArtefacts)('with the official artefacts of ../shared/en16931', () => {
  if (!hasArtefacts) it.skip(SKIPPED, () => undefined);
  const directories = [EN16931_DIR, join(PROJECT_ROOT, 'artefacts')];
  let schemas: XsdEInvoiceSchemas;
  let v: EInvoiceValidator;
  beforeAll(async () => {
    schemas = await createEInvoiceSchemas({ directories });
    v = createEInvoiceValidator({
      artefacts: artefactsFromDirectories(directories),
      schemas,
      pdf: await loadFacturXReader(),
    });
  });
  afterAll(() => schemas?.dispose());
  const example = (path: string) => readFileSync(join(EN16931_DIR, path));

  it('every schematron rule set compiles and is available', () => {
    const availability = v.warm();
    for (const id of [
      'en16931-ubl',
      'en16931-cii',
      'peppol-ubl',
      'peppol-cii',
      'xrechnung-ubl',
      'xrechnung-cii',
      'ubl-2.1-xsd',
      'cii-d16b-xsd',
    ])
      expect(
        availability.find((one) => one.id === id),
        id,
      ).toMatchObject({ status: 'available' });
  });

  it('every official example Saxon-HE judges error-free under the rule sets it declares is valid here', () => {
    const manifest = JSON.parse(readFileSync(join(EN16931_DIR, 'examples', 'manifest.json'), 'utf8')) as {
      file: string;
      reference_saxon_he: Record<string, string>;
    }[];
    const NAMES: Record<string, string> = {
      'en16931-ubl': 'EN16931-UBL',
      'en16931-cii': 'EN16931-CII',
      'peppol-ubl': 'PEPPOL-UBL',
      'peppol-cii': 'PEPPOL-CII',
      'xrechnung-ubl': 'XR-UBL',
      'xrechnung-cii': 'XR-CII',
    };
    let judged = 0;
    for (const entry of manifest) {
      const verdict = v.validate(example(entry.file));
      const schematron = verdict.ruleSets
        .filter((one) => one.id in NAMES)
        .map((one) => NAMES[one.id] as string);
      expect(schematron.length, entry.file).toBeGreaterThan(0);
      const saxonValid = schematron.every((name) => entry.reference_saxon_he[name] === 'valid');
      if (!saxonValid) continue;
      judged += 1;
      expect(
        verdict.findings.filter((one) => one.severity === 'fatal'),
        entry.file,
      ).toEqual([]);
      expect(verdict.outcome, entry.file).toBe('valid');
    }
    expect(judged).toBeGreaterThanOrEqual(25);
  });

  it('the issue\'s UBL invoice (IssueDate "not-a-date", an unknown element, no ID) is invalid, with the rule ids', () => {
    const text = example('examples/ubl/peppol--base-example.xml')
      .toString('utf8')
      .replace(
        /<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/,
        '<cbc:IssueDate>not-a-date</cbc:IssueDate><cbc:Unknown>x</cbc:Unknown>',
      )
      .replace('<cbc:ID>Snippet1</cbc:ID>', '');
    const verdict = v.validate(text);
    expect(verdict.outcome).toBe('invalid');
    const rules = verdict.findings.map((one) => one.rule);
    expect(rules).toContain('en16931.ubl.xsd');
    expect(rules).toContain('BR-02');
    expect(rules).toContain('PEPPOL-EN16931-F001');
    expect(verdict.findings.find((one) => one.rule === 'BR-02')).toMatchObject({
      severity: 'fatal',
      ruleSet: 'en16931-ubl',
      location: '/Invoice',
    });
  });

  it('XRechnung: BR-DE-TMP-32 (flag information) is a warning, BR-DE-2 (fatal) an error; Peppol does not run beside it', () => {
    const text = example('examples/ubl/peppol--vat-category-E.xml')
      .toString('utf8')
      .replace(
        /<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/,
        '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>',
      );
    const verdict = v.validate(text);
    expect(verdict.ruleSets.map((one) => one.id)).toEqual(['ubl-2.1-xsd', 'en16931-ubl', 'xrechnung-ubl']);
    expect(verdict.findings.find((one) => one.rule === 'BR-DE-TMP-32')).toMatchObject({
      severity: 'warning',
      ruleSet: 'xrechnung-ubl',
    });
    expect(verdict.findings.find((one) => one.rule === 'BR-DE-2')).toMatchObject({ severity: 'fatal' });
    expect(verdict.outcome).toBe('invalid');
  });

  it('a changed total is caught with its rule id (BR-CO-15), with the line of the node', () => {
    const text = example('examples/ubl/en16931--ubl-tc434-example1.xml')
      .toString('utf8')
      .replace(
        /<cbc:TaxInclusiveAmount currencyID="([A-Z]+)">([^<]*)</,
        '<cbc:TaxInclusiveAmount currencyID="$1">1.00<',
      );
    const verdict = v.validate(text);
    expect(
      judgeSpecification({
        root: { name: 'Invoice', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2' },
        declared: verdict.specification,
        version: null,
      }).unsupported,
    ).toBeNull();
    const rule = verdict.findings.find((one) => one.rule === 'BR-CO-15');
    expect(rule).toMatchObject({ severity: 'fatal', ruleSet: 'en16931-ubl' });
    expect(rule?.line).toBeGreaterThan(1);
    expect(verdict.outcome).toBe('invalid');
  });

  it('a CII invoice (the XRechnung test suite) and the Peppol benchmark invoice are valid', () => {
    expect(v.validate(example('examples/cii/xrechnung--01.02a-INVOICE_uncefact.xml')).outcome).toBe('valid');
    expect(v.validate(example('perf/ubl-peppol-10-lines.xml')).outcome).toBe('valid');
  });

  it('Facturae: the XSD and the Facturae rules run; a changed total is caught by the rules', () => {
    const sample = readFileSync(
      join(SHARED_DIR, 'einvoice-xsd', 'samples', 'facturae', 'gobl-invoice-vat.xml'),
      'utf8',
    );
    expect(v.validate(sample)).toMatchObject({
      syntax: 'facturae',
      syntaxVersion: '3.2.2',
      outcome: 'valid',
      ruleSets: [
        { id: 'facturae-xsd', status: 'applied' },
        { id: 'facturae-rules', status: 'applied' },
      ],
    });
    const changed = sample.replace(
      /<InvoiceTotal>([0-9.]+)</,
      (_, total: string) => `<InvoiceTotal>${total}9<`,
    );
    const verdict = v.validate(changed);
    expect(verdict.outcome).toBe('invalid');
    expect(verdict.findings.some((one) => one.ruleSet === 'facturae-rules')).toBe(true);
  });

  it('Factur-X: the CII invoice attached to the PDF is judged (container pdf)', () => {
    const pdf = readFileSync(
      join(PROJECT_ROOT, 'test', 'fixtures', 'einvoice', 'facturx', 'akretion-invoice_EN16931.pdf'),
    );
    const verdict = v.validate(new Uint8Array(pdf));
    expect(verdict).toMatchObject({ container: 'pdf', syntax: 'cii', documentType: 'CrossIndustryInvoice' });
    expect(verdict.ruleSets.map((one) => one.id)).toEqual(['cii-d16b-xsd', 'en16931-cii']);
  });

  it('FatturaPA: the official examples are valid against the XSD', () => {
    const samples = join(SHARED_DIR, 'einvoice-xsd', 'samples', 'fatturapa');
    for (const name of ['IT01234567890_FPA01.xml', 'IT01234567890_FPR01.xml']) {
      const verdict = v.validate(readFileSync(join(samples, name)));
      expect(verdict, name).toMatchObject({
        syntax: 'fatturapa',
        outcome: 'valid',
        ruleSets: [{ id: 'fatturapa-xsd', status: 'applied' }],
      });
    }
  });
});
