/**
 * POST /documents/validate over real HTTP (spec §4.8, §9): format detection for FA(3), SII, UBL, CII,
 * Facturae and FatturaPA; what each is checked for, said in the answer; the refusals (DOCTYPE,
 * encoding, unknown formats, oversize); the body forms (raw XML, JSON text, JSON base64, a PDF,
 * multipart). Without an e-invoice validator UBL, CII and Facturae are judged for well-formedness
 * only; with one (issue #21: the official artefacts of ../shared/en16931), against the XSDs, EN 16931,
 * Peppol BIS 3, XRechnung, Facturae's rules, and Factur-X PDFs.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DirectoryEInvoiceValidator,
  einvoiceValidatorFromDirectories,
} from '../../src/adapters/artefacts/validator.js';
import { hasShared, PROJECT_ROOT, SHARED_DIR, SHARED_MISSING } from '../support/shared.js';
import { KEY as KEY_FOR_FETCH, startService, type TestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});

const XML = { 'Content-Type': 'application/xml' };

async function validate(document: string | Uint8Array, headers: Record<string, string> = XML) {
  const body = typeof document === 'string' ? document : new TextDecoder().decode(document);
  return service.request('POST', '/documents/validate', { body, headers });
}

const error = (response: {
  status: number;
  json: { error: { code: string | null; param: string | null } };
}) => [response.status, response.json.error.code, response.json.error.param];

const UBL_INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ID>F-2026-001</cbc:ID>
  <cbc:IssueDate>2026-04-20</cbc:IssueDate>
</Invoice>`;

const UBL_CREDIT_NOTE = `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>CN-1</cbc:ID></CreditNote>`;

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter>
      <ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:basic</ram:ID>
    </ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>FX-1</ram:ID></rsm:ExchangedDocument>
</rsm:CrossIndustryInvoice>`;

const facturae = (namespace: string) =>
  `<fe:Facturae xmlns:fe="${namespace}"><FileHeader><SchemaVersion>3.2.2</SchemaVersion></FileHeader></fe:Facturae>`;

describe('UBL, CII and Facturae without an e-invoice validator: well-formedness only, never valid, and the answer says so', () => {
  it('UBL Invoice: well-formed but not judged (valid false, unsupported says why), with its version and CustomizationID', async () => {
    const response = await validate(UBL_INVOICE);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      valid: false,
      format: 'ubl',
      document_type: 'Invoice',
      version: '2.1',
      profile: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      validation_level: 'well_formedness',
      errors: [],
      unchecked_elements: [],
    });
    expect(response.json.checks).toMatch(/^UBL: well-formedness only/);
    expect(response.json.checks).toMatch(/does NOT validate UBL against the UBL 2\.1 schema/);
    expect(response.json.unsupported).toMatch(/^this service has no e-invoice validator/);
  });

  it('UBL CreditNote, CII (with its guideline) and Facturae 3.2.1 / 3.2.2 are recognised', async () => {
    expect((await validate(UBL_CREDIT_NOTE)).json).toMatchObject({
      valid: false,
      format: 'ubl',
      document_type: 'CreditNote',
      profile: null,
    });
    const cii = await validate(CII);
    expect(cii.json).toMatchObject({
      valid: false,
      format: 'cii',
      document_type: 'CrossIndustryInvoice',
      profile: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:basic',
      validation_level: 'well_formedness',
    });
    expect(cii.json.checks).toMatch(/^CII: well-formedness only/);
    for (const [namespace, version] of [
      ['http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml', '3.2.2'],
      ['http://www.facturae.es/Facturae/2014/v3.2.1/Facturae', '3.2.1'],
    ]) {
      const response = await validate(facturae(namespace as string));
      expect(response.json).toMatchObject({
        valid: false,
        format: 'facturae',
        version,
        validation_level: 'well_formedness',
      });
      expect(response.json.checks).toMatch(/^Facturae: well-formedness only/);
    }
  });

  it('a document that is not well-formed is invalid, with the line of the error', async () => {
    const broken = UBL_INVOICE.replace('</cbc:ID>', '</cbc:Id>');
    const response = await validate(broken);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ valid: false, format: 'ubl' });
    expect(response.json.errors).toEqual([
      {
        rule: expect.stringMatching(/^xml\./),
        path: '',
        line: 6,
        message: expect.stringMatching(/not well-formed XML.*line 6/),
        severity: 'fatal',
      },
    ]);
    const entity = await validate(CII.replace('FX-1', 'FX&nbsp;1'));
    expect(entity.json).toMatchObject({ valid: false, format: 'cii' });
    expect(entity.json.errors[0].message).toMatch(/&nbsp; is not declared/);
  });

  it('a UTF-8 byte-order mark is allowed for these formats (XML 1.0 §4.3.3)', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(UBL_INVOICE)]);
    const response = await service.request('POST', '/documents/validate', {
      body: { file: Buffer.from(withBom).toString('base64') },
    });
    expect(response.json).toMatchObject({ valid: false, format: 'ubl' });
  });
});

describe.skipIf(!hasShared)(
  'KSeF FA(3) and SII: checked against their schema rules (samples from shared/)',
  () => {
    if (!hasShared) it.skip(SHARED_MISSING, () => undefined);
    const sample = (...path: string[]) => readFileSync(join(SHARED_DIR, 'samples', ...path));
    const FA3 = ['ksef', 'official-mf', 'FA_3_Przykład_1.xml'];
    const SII = ['sii', 'oca-derived', 'sii_out_invoice_s_iva10b.xml'];

    it('an official FA(3) sample is valid, with what was checked and what was not', async () => {
      const response = await validate(sample(...FA3));
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({
        valid: true,
        format: 'ksef_fa3',
        document_type: 'Faktura',
        version: 'FA (3) 1-0E',
        validation_level: 'schema_and_rules',
        errors: [],
        unchecked_elements: ['Naglowek/DataWytworzeniaFa', 'Naglowek/SystemInfo'],
      });
      expect(response.json.checks).toMatch(/^KSeF FA\(3\)/);
      expect(response.json.checks).toMatch(/Not validated against the official XSD file itself/);
    });

    it('an FA(3) document without a mandatory element, or with a byte-order mark, is invalid', async () => {
      const text = sample(...FA3).toString('utf8');
      const missing = await validate(text.replace(/<P_2>[^<]*<\/P_2>/, ''));
      expect(missing.json).toMatchObject({ valid: false, format: 'ksef_fa3' });
      expect(missing.json.errors).toEqual([
        // Each error names its rule (issue #20 §4): here, an element the schema requires is missing.
        {
          rule: 'xml.schema.required-element',
          path: 'Fa/P_2',
          line: null,
          message: expect.stringContaining('Fa/P_2'),
          severity: 'fatal',
        },
      ]);
      const withBom = await service.request('POST', '/documents/validate', {
        body: { file: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), sample(...FA3)]).toString('base64') },
      });
      expect(withBom.json).toMatchObject({ valid: false, format: 'ksef_fa3' });
      expect(withBom.json.errors[0]).toMatchObject({
        path: '',
        message: expect.stringMatching(/byte-order mark/),
      });
    });

    it('an SII message is validated by the schema validator port, bare or in a SOAP envelope', async () => {
      const text = sample(...SII).toString('utf8');
      const bare = await validate(text);
      expect(bare.json).toMatchObject({
        valid: true,
        format: 'sii',
        document_type: 'SuministroLRFacturasEmitidas',
        validation_level: 'schema',
        errors: [],
      });
      expect(bare.json.checks).toContain('"structural" schema validator');
      const broken = text.replace('<sii:TipoFactura>F1</sii:TipoFactura>', '');
      const invalid = await validate(broken);
      expect(invalid.json.valid).toBe(false);
      expect(invalid.json.errors).toEqual([
        {
          rule: 'sii.xsd',
          path: 'FacturaExpedida',
          line: 25,
          message: expect.stringContaining('expected TipoFactura'),
          severity: 'fatal',
        },
      ]);
      const envelope = (message: string) =>
        '<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">\n' +
        `<soapenv:Header/>\n<soapenv:Body>\n${message.replace(/^<\?xml[^>]*>\s*/, '')}\n</soapenv:Body>\n</soapenv:Envelope>`;
      const wrapped = await validate(envelope(text));
      expect(wrapped.json).toMatchObject({ valid: true, format: 'sii' });
      expect(wrapped.json.checks).toContain('SOAP 1.1 envelope');
      // Lines are the envelope's: the message starts 3 lines further down than in the bare file.
      const wrappedInvalid = await validate(envelope(broken));
      expect(wrappedInvalid.json.errors).toEqual([
        expect.objectContaining({ path: 'FacturaExpedida', line: 28 }),
      ]);
    });
  },
);

describe('refusals: 422 parameter_invalid, never a verdict', () => {
  it('refuses a DOCTYPE or an ENTITY declaration, never expanding it', async () => {
    const doctype = await validate(
      `<!DOCTYPE Invoice [<!ENTITY x "y">]>${UBL_INVOICE.replace(/^<\?xml[^>]*>/, '')}`,
    );
    expect(error(doctype)).toEqual([422, 'parameter_invalid', 'document']);
    expect(doctype.json.error.message).toMatch(/DOCTYPE declaration .*refused, never expanded/);
    const bomb = await service.request('POST', '/documents/validate', {
      body: {
        document: `<?xml version="1.0"?><!ENTITY lol "lol"><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>`,
      },
    });
    expect(error(bomb)).toEqual([422, 'parameter_invalid', 'document']);
  });

  it('refuses what is not UTF-8, or declares another encoding', async () => {
    const latin1 = await service.request('POST', '/documents/validate', {
      body: { file: Buffer.from(UBL_INVOICE.replace('F-2026-001', 'F-ñ'), 'latin1').toString('base64') },
    });
    expect(error(latin1)).toEqual([422, 'parameter_invalid', 'file']);
    expect(latin1.json.error.message).toMatch(/is not UTF-8/);
    const declared = await validate(UBL_INVOICE.replace('UTF-8', 'ISO-8859-1'));
    expect(error(declared)).toEqual([422, 'parameter_invalid', 'document']);
  });

  it('refuses formats it does not know, naming FA(2) when it is one', async () => {
    const unknown = await validate('<Invoice xmlns="urn:example:invoice"/>');
    expect(error(unknown)).toEqual([422, 'parameter_invalid', 'document']);
    expect(unknown.json.error.message).toMatch(
      /not a format fiscalkit validates: the formats validated are KSeF FA\(3\)/,
    );
    const fa2 = await validate('<Faktura xmlns="http://crd.gov.pl/wzor/2023/06/29/12648/"/>');
    expect(fa2.json.error.message).toMatch(/KSeF FA\(2\) document/);
    const text = await validate('just text', { 'Content-Type': 'text/xml' });
    expect(error(text)).toEqual([422, 'parameter_invalid', 'document']);
    const soapOther = await validate(
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${UBL_CREDIT_NOTE}</s:Body></s:Envelope>`,
    );
    expect(soapOther.json.error.message).toMatch(/only SII messages are validated inside a SOAP envelope/);
  });
});

describe('the request', () => {
  it('takes JSON {document} and {file} (base64) as well as the raw body, and sniffs a body without Content-Type', async () => {
    const asText = await service.request('POST', '/documents/validate', { body: { document: UBL_INVOICE } });
    expect(asText.json).toMatchObject({ valid: false, format: 'ubl' });
    const asFile = await service.request('POST', '/documents/validate', {
      body: { file: Buffer.from(CII).toString('base64') },
    });
    expect(asFile.json).toMatchObject({ valid: false, format: 'cii' });
    const octets = await validate(UBL_CREDIT_NOTE, { 'Content-Type': 'application/octet-stream' });
    expect(octets.json.format).toBe('ubl');
    const sniffedXml = await validate(UBL_CREDIT_NOTE, { 'Content-Type': '' });
    expect(sniffedXml.json.format).toBe('ubl');
    const sniffedJson = await validate(JSON.stringify({ document: UBL_CREDIT_NOTE }), { 'Content-Type': '' });
    expect(sniffedJson.json.format).toBe('ubl');
  });

  it('answers the body errors with their codes', async () => {
    const post = (body: unknown) => service.request('POST', '/documents/validate', { body });
    expect(error(await post({}))).toEqual([422, 'parameter_blank', 'document']);
    expect(error(await post({ document: '   ' }))).toEqual([422, 'parameter_blank', 'document']);
    expect(error(await post({ document: 42 }))).toEqual([400, 'invalid_request_params', 'document']);
    expect(error(await post({ file: 'not base64!' }))).toEqual([422, 'parameter_invalid', 'file']);
    expect(error(await post({ document: UBL_INVOICE, file: 'PGEvPg==' }))).toEqual([
      400,
      'invalid_request_params',
      'file',
    ]);
    expect(error(await post([UBL_INVOICE]))).toEqual([400, 'invalid_request_params', null]);
    expect(error(await validate(UBL_INVOICE, { 'Content-Type': 'text/plain' }))).toEqual([
      400,
      'invalid_request_params',
      null,
    ]);
    expect(error(await validate('', XML))).toEqual([422, 'parameter_blank', 'document']);
  });

  it('exists from v2025-10-13 only (spec §9)', async () => {
    const legacy = await service.request('POST', '/documents/validate', {
      version: '2025-01-01',
      body: { document: UBL_INVOICE },
    });
    expect(error(legacy)).toEqual([404, 'resource_missing', null]);
    const first = await service.request('POST', '/documents/validate', {
      version: '2025-10-13',
      body: { document: UBL_INVOICE },
    });
    expect(first.status).toBe(200);
  });

  it('answers 413 with an error body over the body limit', async () => {
    const small = await startService({ http: { max_body_bytes: 512 } });
    try {
      const big = UBL_INVOICE.replace('F-2026-001', 'F'.repeat(600));
      const response = await small.request('POST', '/documents/validate', { body: big, headers: XML });
      expect(error(response)).toEqual([413, 'request_too_large', null]);
    } finally {
      await small.close();
    }
  });
});

describe('the body forms of a PDF, without an e-invoice validator', () => {
  const FACTURX = join(
    PROJECT_ROOT,
    'test',
    'fixtures',
    'einvoice',
    'facturx',
    'akretion-invoice_EN16931.pdf',
  );

  it('a PDF (raw, base64 in JSON, multipart) is refused as a PDF fiscalkit cannot judge here, not as "not UTF-8"', async () => {
    const pdf = readFileSync(FACTURX);
    const raw = await fetch(`${service.url}/documents/validate`, {
      method: 'POST',
      headers: {
        'X-B2B-API-Key': KEY_FOR_FETCH,
        'X-B2B-API-Version': '2026-04-20',
        'Content-Type': 'application/pdf',
      },
      body: new Uint8Array(pdf),
    });
    const asJson = await service.request('POST', '/documents/validate', {
      body: { file: pdf.toString('base64') },
    });
    expect(error(asJson)).toEqual([422, 'parameter_invalid', 'file']);
    expect(asJson.json.error.message).toMatch(
      /is a PDF; fiscalkit judges Factur-X \/ ZUGFeRD PDFs .* only when the service has an e-invoice validator/,
    );
    expect(raw.status).toBe(422);
    expect(((await raw.json()) as { error: { param: string; message: string } }).error).toMatchObject({
      param: 'document',
      message: expect.stringMatching(/^document is a PDF/),
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'invoice.pdf');
    const multipart = await fetch(`${service.url}/documents/validate`, {
      method: 'POST',
      headers: { 'X-B2B-API-Key': KEY_FOR_FETCH, 'X-B2B-API-Version': '2026-04-20' },
      body: form,
    });
    expect(multipart.status).toBe(422);
    expect(((await multipart.json()) as { error: { message: string } }).error.message).toMatch(/is a PDF/);
  });

  it('multipart/form-data with the XML in a "file" part is read as the raw body is', async () => {
    const form = new FormData();
    form.append('file', new Blob([UBL_INVOICE], { type: 'application/xml' }), 'invoice.xml');
    const response = await fetch(`${service.url}/documents/validate`, {
      method: 'POST',
      headers: { 'X-B2B-API-Key': KEY_FOR_FETCH, 'X-B2B-API-Version': '2026-04-20' },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      valid: false,
      format: 'ubl',
      container: 'xml',
      rule_sets: [],
    });
    const empty = await fetch(`${service.url}/documents/validate`, {
      method: 'POST',
      headers: { 'X-B2B-API-Key': KEY_FOR_FETCH, 'X-B2B-API-Version': '2026-04-20' },
      body: new FormData(),
    });
    expect(empty.status).toBe(422);
  });

  it('a format the e-invoice tables name but fiscalkit cannot judge is refused with its name (ZUGFeRD 1.0)', async () => {
    const response = await validate(
      '<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>',
    );
    expect(error(response)).toEqual([422, 'parameter_invalid', 'document']);
    expect(response.json.error.message).toMatch(/ZUGFeRD 1\.0 predates EN 16931/);
  });
});

const EN16931_DIR = join(SHARED_DIR, 'en16931');
const hasArtefacts = (() => {
  try {
    return statSync(join(EN16931_DIR, 'schematron', 'peppol')).isDirectory();
  } catch {
    return false;
  }
})();

describe.skipIf(!hasArtefacts)('with an e-invoice validator over the official artefacts (issue #21)', () => {
  if (!hasArtefacts) it.skip(`../shared/en16931 not found at ${EN16931_DIR}`, () => undefined);
  let judged: TestService;
  let validator: DirectoryEInvoiceValidator;
  beforeAll(async () => {
    validator = await einvoiceValidatorFromDirectories([EN16931_DIR, join(PROJECT_ROOT, 'artefacts')]);
    judged = await startService();
    judged.ports.einvoice = validator;
  });
  afterAll(async () => {
    await judged?.close();
    validator?.dispose();
  });
  const post = (body: unknown, headers?: Record<string, string>) =>
    judged.request('POST', '/documents/validate', headers === undefined ? { body } : { body, headers });
  const example = (path: string) => readFileSync(join(EN16931_DIR, path), 'utf8');

  it('a Peppol BIS 3 invoice: valid, judged by the UBL XSD, EN 16931 and Peppol', async () => {
    const response = await post(example('examples/ubl/peppol--base-example.xml'), XML);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      valid: true,
      format: 'ubl',
      document_type: 'Invoice',
      profile: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      validation_level: 'schema_and_rules',
      errors: [],
      warnings: [],
      unsupported: null,
      container: 'xml',
      rule_sets: [
        { id: 'ubl-2.1-xsd', status: 'applied' },
        { id: 'en16931-ubl', status: 'applied' },
        { id: 'peppol-ubl', status: 'applied' },
      ],
    });
    expect(response.json.checks).toMatch(
      /judged against UBL 2\.1 XSD .*EN 16931 1\.3\.16 \(UBL\) and Peppol BIS Billing 3\.0\.19 \(UBL\)/,
    );
  });

  it('the issue\'s invoice (IssueDate "not-a-date", an unknown element, no ID) is invalid, each error with its rule id', async () => {
    const broken = example('examples/ubl/peppol--base-example.xml')
      .replace(
        /<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/,
        '<cbc:IssueDate>not-a-date</cbc:IssueDate><cbc:Unknown>x</cbc:Unknown>',
      )
      .replace('<cbc:ID>Snippet1</cbc:ID>', '');
    const response = await post({ document: broken });
    expect(response.json.valid).toBe(false);
    const rules = (response.json.errors as { rule: string }[]).map((one) => one.rule);
    expect(rules).toEqual(expect.arrayContaining(['en16931.ubl.xsd', 'BR-02', 'PEPPOL-EN16931-F001']));
    expect(response.json.errors).toContainEqual({
      rule: 'BR-02',
      path: '/Invoice',
      line: expect.any(Number),
      message: '[BR-02]-An Invoice shall have an Invoice number (BT-1).',
      severity: 'fatal',
    });
    expect(response.json.errors).toContainEqual(
      expect.objectContaining({ rule: 'PEPPOL-EN16931-F001', path: '/Invoice/cbc:IssueDate' }),
    );
  });

  it('XRechnung CII: warnings apart from errors (BR-DE-TMP-32 is flagged information)', async () => {
    const xrechnung = example('examples/ubl/peppol--vat-category-E.xml').replace(
      /<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/,
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>',
    );
    const response = await post(xrechnung, XML);
    expect(response.json.valid).toBe(false);
    expect(response.json.warnings).toContainEqual(
      expect.objectContaining({ rule: 'BR-DE-TMP-32', severity: 'warning' }),
    );
    expect(response.json.errors).toContainEqual(
      expect.objectContaining({ rule: 'BR-DE-2', severity: 'fatal' }),
    );
    const valid = await post(example('examples/cii/xrechnung--01.02a-INVOICE_uncefact.xml'), XML);
    expect(valid.json).toMatchObject({ valid: true, format: 'cii', validation_level: 'schema_and_rules' });
  });

  it('a specification fiscalkit has no rules for (Peppol PINT) is never valid, and says why', async () => {
    const pint = example('examples/ubl/peppol--base-example.xml').replace(
      /<cbc:CustomizationID>[^<]*<\/cbc:CustomizationID>/,
      '<cbc:CustomizationID>urn:peppol:pint:billing-1@jp-1</cbc:CustomizationID>',
    );
    const response = await post(pint, XML);
    expect(response.json).toMatchObject({
      valid: false,
      format: 'ubl',
      rule_sets: [{ id: 'ubl-2.1-xsd', status: 'applied' }],
    });
    expect(response.json.unsupported).toMatch(/Peppol PINT/);
    expect(response.json.checks).toMatch(/Not judged: .*PINT/);
  });

  it('FatturaPA: valid against its XSD (validation_level schema); Facturae: XSD and rules', async () => {
    const fatturapa = readFileSync(
      join(SHARED_DIR, 'einvoice-xsd', 'samples', 'fatturapa', 'IT01234567890_FPA01.xml'),
    );
    const response = await post({ file: fatturapa.toString('base64') });
    expect(response.json).toMatchObject({
      valid: true,
      format: 'fatturapa',
      document_type: 'FatturaElettronica',
      version: 'FPA12',
      validation_level: 'schema',
      rule_sets: [{ id: 'fatturapa-xsd', status: 'applied' }],
    });
    const facturae = readFileSync(
      join(SHARED_DIR, 'einvoice-xsd', 'samples', 'facturae', 'gobl-invoice-vat.xml'),
    );
    const judgedFacturae = await post({ file: facturae.toString('base64') });
    expect(judgedFacturae.json).toMatchObject({
      valid: true,
      format: 'facturae',
      version: '3.2.2',
      validation_level: 'schema_and_rules',
    });
    expect(judgedFacturae.json.checks).toMatch(/XAdES signature is NOT verified/);
  });

  it('a Factur-X PDF (base64 in JSON, or multipart): its CII invoice is judged, container pdf', async () => {
    const pdf = readFileSync(
      join(PROJECT_ROOT, 'test', 'fixtures', 'einvoice', 'facturx', 'akretion-invoice_EN16931.pdf'),
    );
    const response = await post({ file: pdf.toString('base64') });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      format: 'cii',
      document_type: 'CrossIndustryInvoice',
      container: 'pdf',
    });
    expect((response.json.rule_sets as { id: string }[]).map((one) => one.id)).toEqual([
      'cii-d16b-xsd',
      'en16931-cii',
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'invoice.pdf');
    const multipart = await fetch(`${judged.url}/documents/validate`, {
      method: 'POST',
      headers: { 'X-B2B-API-Key': KEY_FOR_FETCH, 'X-B2B-API-Version': '2026-04-20' },
      body: form,
    });
    expect(await multipart.json()).toMatchObject({
      format: 'cii',
      container: 'pdf',
      valid: response.json.valid,
    });
    const noInvoice = await post({ file: Buffer.from('%PDF-1.7\n%%EOF\n').toString('base64') });
    expect(error(noInvoice)).toEqual([422, 'parameter_invalid', 'file']);
    expect(noInvoice.json.error.message).toMatch(/is a PDF without a Factur-X \/ ZUGFeRD invoice/);
  });
});
