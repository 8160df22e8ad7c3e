/**
 * Issue #22: GET /invoices/{id}/as/{document_type} and GET /document_types over real HTTP. The route
 * answers the document with its content type and a `Content-Disposition` (the official PHP client's
 * `disposition` and `filename`), an unknown code or an invoice the type cannot carry is 422 naming
 * why, another tenant's invoice is 404 whatever the code. The documents themselves are judged by the
 * official rules in test/einvoice/documents*.test.ts.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSigningCertificate } from '../../src/adapters/xades/certificate.js';
import { createFacturaeSigner } from '../../src/adapters/xades/index.js';
import { HAS_OPENSSL, makeTestPki, OPENSSL_SKIPPED } from '../adapters/xades/testPki.js';
import { fatalFindings, HAS_JUDGE, judgeDocument } from '../support/einvoiceJudge.js';
import { hasShared } from '../support/shared.js';
import {
  ES_ACCOUNT,
  KSEF_INVOICE,
  OTHER_INVOICE,
  SII_INVOICE,
  seedWorld,
} from '../support/taxReportWorld.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';
import { startService, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
  await seedWorld(service.ports);
});
afterEach(async () => {
  await service.close();
});
afterAll(disposeSchemas);

describe('GET /document_types', () => {
  it('lists every code the as/ route writes, in code order, the service published ones unmarked', async () => {
    const response = await service.request('GET', '/document_types');
    expect(response.status).toBe(200);
    const types = response.json.document_types as {
      code: string;
      fiscalkit_code: boolean;
      content_type: string;
    }[];
    const codes = types.map((type) => type.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain('xml.ksef.fa3');
    expect(types.find((type) => type.code === 'xml.ksef.fa3')).toMatchObject({
      fiscalkit_code: true,
      content_type: 'application/xml; charset=utf-8',
    });
    for (const published of ['pdf.invoice', 'xml.ubl.invoice.bis3', 'xml.facturae.3.2.2'])
      if (codes.includes(published))
        expect(types.find((type) => type.code === published)?.fiscalkit_code).toBe(false);
    expect(response.json.meta.total_count).toBe(types.length);
  });
});

describe('GET /invoices/{id}/as/{document_type}', () => {
  it('writes the FA(3) of a Polish invoice as an attachment named by its number, schema-valid', async () => {
    const response = await service.request('GET', `/invoices/${String(KSEF_INVOICE)}/as/xml.ksef.fa3`);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[A-Za-z0-9._-]+\.xml"/,
    );
    expect(response.text).toContain('<Faktura');
    if (hasShared) {
      const result = validateXml('ksef-fa3', response.text);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    }
  });

  it('takes the PHP client’s disposition and filename', async () => {
    const response = await service.request(
      'GET',
      `/invoices/${String(KSEF_INVOICE)}/as/xml.ksef.fa3?disposition=inline&filename=faktura%20%C5%82.xml`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="faktura _.xml"; filename*=UTF-8''faktura%20%C5%82.xml`,
    );
  });

  it('refuses a disposition outside inline / attachment, a bad filename and an unknown parameter', async () => {
    const bad = await service.request(
      'GET',
      `/invoices/${String(KSEF_INVOICE)}/as/xml.ksef.fa3?disposition=download`,
    );
    expect([bad.status, bad.json.error.code, bad.json.error.param]).toEqual([
      422,
      'parameter_inclusion',
      'disposition',
    ]);
    const slash = await service.request(
      'GET',
      `/invoices/${String(KSEF_INVOICE)}/as/xml.ksef.fa3?filename=a%2Fb.xml`,
    );
    expect([slash.status, slash.json.error.param]).toEqual([422, 'filename']);
    const unknown = await service.request(
      'GET',
      `/invoices/${String(KSEF_INVOICE)}/as/xml.ksef.fa3?format=x`,
    );
    expect(unknown.status).toBe(400);
  });

  it('answers 422 parameter_inclusion at document_type for a code it does not write, listing the codes', async () => {
    const response = await service.request('GET', `/invoices/${String(KSEF_INVOICE)}/as/xml.nonexistent.9`);
    expect([response.status, response.json.error.code, response.json.error.param]).toEqual([
      422,
      'parameter_inclusion',
      'document_type',
    ]);
    expect(response.json.error.message).toContain('xml.ksef.fa3');
  });

  it('refuses FA(3) for a Spanish account with a clear 422, naming the account’s country', async () => {
    const response = await service.request('GET', `/invoices/${String(SII_INVOICE)}/as/xml.ksef.fa3`);
    expect([response.status, response.json.error.code, response.json.error.param]).toEqual([
      422,
      'parameter_inclusion',
      'document_type',
    ]);
    expect(response.json.error.message).toMatch(/PL.*ES/);
    expect(ES_ACCOUNT).toBe(1);
  });

  it("is 404 for another tenant's invoice, whatever the code", async () => {
    for (const code of ['xml.ksef.fa3', 'xml.nonexistent.9']) {
      const response = await service.request('GET', `/invoices/${String(OTHER_INVOICE)}/as/${code}`);
      expect([response.status, response.json.error.code]).toEqual([404, 'resource_missing']);
    }
  });

  it('answers the readable PDF of a Spanish invoice as application/pdf, and its Facturae as XML the official rules accept', async () => {
    const pdf = await service.request('GET', `/invoices/${String(SII_INVOICE)}/as/pdf.invoice`);
    expect(pdf.status, pdf.text.slice(0, 300)).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/\.pdf"/);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    const facturae = await service.request('GET', `/invoices/${String(SII_INVOICE)}/as/xml.facturae.3.2.2`);
    expect(facturae.status, facturae.text.slice(0, 500)).toBe(200);
    expect(facturae.text).toContain('<SchemaVersion>3.2.2</SchemaVersion>');
    if (HAS_JUDGE) expect(fatalFindings(await judgeDocument(facturae.text))).toEqual([]);
  });

  it('refuses the signed Facturae when the service has no signer, never serving it unsigned', async () => {
    const response = await service.request(
      'GET',
      `/invoices/${String(SII_INVOICE)}/as/xml.facturae.3.2.2.signed`,
    );
    expect([response.status, response.json.error.code, response.json.error.param]).toEqual([
      422,
      'parameter_inclusion',
      'document_type',
    ]);
    expect(response.json.error.message).toContain('FISCALKIT_FACTURAE_P12');
  });

  it.skipIf(!HAS_OPENSSL)(
    'signs the Facturae with the signer port: one XAdES-EPES signature the XSD accepts',
    async () => {
      if (!HAS_OPENSSL) return void OPENSSL_SKIPPED;
      const pki = makeTestPki();
      try {
        const { notBefore } = readSigningCertificate(pki.signerPem);
        service.ports.facturaeSigner = createFacturaeSigner({
          privateKey: pki.signerKeyPem,
          certificate: pki.signerPem,
          clock: { now: () => notBefore + 3_600_000 },
        });
        const response = await service.request(
          'GET',
          `/invoices/${String(SII_INVOICE)}/as/xml.facturae.3.2.2.signed`,
        );
        expect(response.status, response.text.slice(0, 500)).toBe(200);
        expect(response.text.match(/<ds:Signature[\s>]/g)).toHaveLength(1);
        expect(response.text).toContain('politica_de_firma_formato_facturae_v3_1.pdf');
        if (HAS_JUDGE) expect(fatalFindings(await judgeDocument(response.text))).toEqual([]);
      } finally {
        pki.dispose();
      }
    },
  );
});
