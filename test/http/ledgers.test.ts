/**
 * Ledgers over real HTTP (spec §4.2): GET /ledgers/{id}, GET /ledgers/{id}/download (the SII
 * message), GET /ledgers/{id}/download_response (AEAT's answer, 404 until there is one) and POST
 * /accounts/{account}/ledgers/import — tenancy, errors with code and param, the legacy version
 * without them. Every XML the service answers is validated against the official schemas.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vatReport } from '../support/ksefReports.js';
import { hasShared } from '../support/shared.js';
import { builtSiiMessage } from '../support/siiMessages.js';
import { expedidaF1 } from '../support/siiReports.js';
import { asJson, ES_ACCOUNT, fa3Of, seedWorld } from '../support/taxReportWorld.js';
import {
  type CompiledSchema,
  compileSchema,
  disposeSchemas,
  formatXsdErrors,
  validateWith,
  validateXml,
} from '../support/xsd.js';
import {
  OTHER_KEY,
  type RequestOptions,
  startService,
  type TestResponse,
  type TestService,
} from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
  await seedWorld(service.ports);
});
afterEach(async () => {
  await service.close();
});

let responseSchema: CompiledSchema | undefined;
afterAll(() => {
  responseSchema?.dispose();
  disposeSchemas();
});

const errorOf = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const importPath = `/accounts/${String(ES_ACCOUNT)}/ledgers/import`;

const xmlBody = (xml: string, options: RequestOptions = {}): RequestOptions => ({
  ...options,
  body: xml,
  headers: { 'Content-Type': 'application/xml' },
});

/** Creates two SII reports of one period through the API: one pending ledger holds both. */
async function pendingLedger(): Promise<number> {
  for (const invoice_number of ['L-1', 'L-2']) {
    const created = await service.request('POST', `/accounts/${String(ES_ACCOUNT)}/tax_reports`, {
      body: { tax_report: asJson({ ...expedidaF1(), invoice_number }) },
    });
    expect(created.status).toBe(201);
  }
  const ledgers = await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 });
  const [ledger] = ledgers.items;
  if (ledgers.total_count !== 1 || ledger === undefined) throw new Error('expected one ledger');
  return ledger.value.id;
}

describe('GET /ledgers/{id}', () => {
  it('answers the ledger wrapped as {ledger}, and 404 to another group or an unknown id', async () => {
    const id = await pendingLedger();
    const read = await service.request('GET', `/ledgers/${String(id)}`);
    expect(read.status).toBe(200);
    expect(read.json.ledger).toMatchObject({
      id,
      account_id: ES_ACCOUNT,
      book_type: 'Expedida',
      communication_type: 'A0',
      period_year: 2026,
      period: '03',
      state: 'pending',
      csv: null,
      sent_at: null,
    });
    expect(read.json.ledger.tax_report_ids).toHaveLength(2);
    expect(errorOf(await service.request('GET', `/ledgers/${String(id)}`, { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    expect(errorOf(await service.request('GET', '/ledgers/99999'))).toEqual([404, 'resource_missing', 'id']);
  });
});

describe('POST /accounts/{account}/ledgers/import', () => {
  it('imports an SII message sent as XML: 201 with the pending ledger and its processing reports', async () => {
    const imported = await service.request(
      'POST',
      importPath,
      xmlBody(builtSiiMessage('Expedida', 'alta', 3)),
    );
    expect(imported.status).toBe(201);
    const ledger = imported.json.ledger;
    expect(ledger).toMatchObject({ book_type: 'Expedida', state: 'pending', account_id: ES_ACCOUNT });
    expect(ledger.tax_report_ids).toHaveLength(3);
    for (const id of ledger.tax_report_ids) {
      const report = await service.request('GET', `/tax_reports/${String(id)}`);
      expect(report.json.tax_report).toMatchObject({ type: 'SiiDocument', state: 'processing' });
    }
  });

  it('imports a message sent as JSON {file: base64}', async () => {
    const file = Buffer.from(builtSiiMessage('Recibida', 'alta', 2), 'utf8').toString('base64');
    const imported = await service.request('POST', importPath, { body: { file } });
    expect(imported.status).toBe(201);
    expect(imported.json.ledger).toMatchObject({ book_type: 'Recibida' });
  });

  it('refuses FA(3), DOCTYPE; 404 for another group; creates nothing', async () => {
    const fa3 = await service.request('POST', importPath, xmlBody(fa3Of(vatReport())));
    expect(errorOf(fa3)).toEqual([422, 'parameter_invalid', 'file']);
    expect(fa3.json.error.message).toMatch(/tax_reports\/import/);
    const doctype = await service.request(
      'POST',
      importPath,
      xmlBody('<!DOCTYPE x SYSTEM "file:///etc/passwd"><siiLR:SuministroLRFacturasEmitidas/>'),
    );
    expect(errorOf(doctype)).toEqual([422, 'parameter_invalid', 'file']);
    const other = await service.request(
      'POST',
      importPath,
      xmlBody(builtSiiMessage('Expedida', 'alta', 1), { key: OTHER_KEY }),
    );
    expect(errorOf(other)).toEqual([404, 'resource_missing', 'account']);
    expect((await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(0);
  });
});

describe('SII messages the import refuses (issue #18 items 15 and 18)', () => {
  it('an older IDVersionSii (0.6, 0.7, 1.0) is refused naming the version, not one of its elements', async () => {
    const xml = builtSiiMessage('Expedida', 'alta', 1);
    for (const version of ['0.6', '0.7', '1.0']) {
      // Before 1.1 the record's period was sii:PeriodoImpositivo; the namespaces were the same.
      const older = xml
        .replace('<sii:IDVersionSii>1.1<', `<sii:IDVersionSii>${version}<`)
        .replace(/PeriodoLiquidacion>/g, 'PeriodoImpositivo>');
      for (const path of [importPath, `/accounts/${String(ES_ACCOUNT)}/tax_reports/import`]) {
        const refused = await service.request('POST', path, xmlBody(older));
        expect(errorOf(refused)).toEqual([422, 'parameter_invalid', 'Cabecera/IDVersionSii']);
        expect(refused.json.error.message).toContain(
          `IDVersionSii ${version} is not supported; fiscalkit reads and writes SII 1.1`,
        );
      }
    }
    expect((await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(0);
  });

  it('a CobrosEmitidas / PagosRecibidas / baja header carrying TipoComunicacion is refused, as the XSD refuses it', async () => {
    for (const [book, kind] of [
      ['CobrosEmitidas', 'alta'],
      ['PagosRecibidas', 'alta'],
      ['Expedida', 'baja'],
    ] as const) {
      const xml = builtSiiMessage(book, kind, 1).replace(
        '</sii:Titular>',
        '</sii:Titular>\n<sii:TipoComunicacion>A0</sii:TipoComunicacion>',
      );
      const refused = await service.request('POST', importPath, xmlBody(xml));
      expect(errorOf(refused), book).toEqual([422, 'parameter_invalid', 'Cabecera/TipoComunicacion']);
      if (hasShared) expect(validateXml('sii', xml).valid).toBe(false);
    }
    expect((await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(0);
  });
});

describe.skipIf(!hasShared)('annulment (baja) ledgers over HTTP (issue #18 item 16)', () => {
  it('imports a BajaLRFacturasEmitidas / …Recibidas message as a baja ledger that downloads XSD-valid with the same ids', async () => {
    for (const [book, root] of [
      ['Expedida', 'BajaLRFacturasEmitidas'],
      ['Recibida', 'BajaLRFacturasRecibidas'],
    ] as const) {
      const xml = builtSiiMessage(book, 'baja', 3);
      const imported = await service.request('POST', importPath, xmlBody(xml));
      expect(imported.status).toBe(201);
      const ledger = imported.json.ledger;
      expect(ledger).toMatchObject({
        book_type: book,
        kind: 'baja',
        communication_type: null,
        period_year: 2026,
        period: '03',
        state: 'pending',
      });
      expect(ledger.tax_report_ids).toHaveLength(3);
      const file = await service.request('GET', `/ledgers/${String(ledger.id)}/download`);
      expect(file.status).toBe(200);
      expect(file.text).toContain(`<siiLR:${root} `);
      const result = validateXml('sii', file.text);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
      // The same records: every IDFactura (issuer, number, date) and period, in order.
      const ids = (text: string) =>
        [...text.matchAll(/<siiLR:IDFactura>[\s\S]*?<\/siiLR:IDFactura>/g)].map(String);
      expect(ids(file.text)).toEqual(ids(xml));
      expect(ids(xml)).toHaveLength(3);
      expect(file.text).toBe(xml);
    }
  });

  it('DELETE of a registered report: a baja ledger, submitted like any other; annulled once AEAT accepts it', async () => {
    const id = await pendingLedger();
    await service.fiscalkit.ledgers.submit(ES_ACCOUNT, id);
    await service.fiscalkit.worker.drain();
    const [reportId] = (await service.request('GET', `/ledgers/${String(id)}`)).json.ledger.tax_report_ids;
    const deleted = await service.request('DELETE', `/tax_reports/${String(reportId)}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.tax_report).toMatchObject({ id: reportId, state: 'registered' });
    const ledgers = await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 });
    const baja = ledgers.items.find((ledger) => ledger.value.kind === 'baja')?.value;
    expect(baja).toMatchObject({ state: 'pending', tax_report_ids: [reportId] });
    const bajaId = baja?.id as number;
    const file = await service.request('GET', `/ledgers/${String(bajaId)}/download`);
    const result = validateXml('sii', file.text);
    expect(result.valid, formatXsdErrors(result)).toBe(true);
    expect((await service.request('GET', `/tax_reports/${String(reportId)}`)).json.tax_report.state).toBe(
      'registered',
    );
    await service.fiscalkit.ledgers.submit(ES_ACCOUNT, bajaId);
    await service.fiscalkit.worker.drain();
    expect((await service.request('GET', `/ledgers/${String(bajaId)}`)).json.ledger.state).toBe('accepted');
    expect(service.ports.taxAuthority.submissions.at(-1)?.xml).toBe(file.text);
    expect((await service.request('GET', `/tax_reports/${String(reportId)}`)).json.tax_report.state).toBe(
      'annulled',
    );
    const response = await service.request('GET', `/ledgers/${String(bajaId)}/download_response`);
    expect(response.text).toMatch(/RespuestaLRBajaFacturasEmitidas/);
  });
});

describe('the legacy version has none of these endpoints (spec §9 v2025-10-13 "Added")', () => {
  it.each([
    ['GET', '/ledgers/1'],
    ['GET', '/ledgers/1/download'],
    ['GET', '/ledgers/1/download_response'],
    ['POST', '/accounts/1/ledgers/import'],
  ])('%s %s → 404 resource_missing', async (method, path) => {
    const options = method === 'POST' ? xmlBody(builtSiiMessage('Expedida', 'alta', 1)) : {};
    const response = await service.request(method, path, { ...options, version: '2025-01-01' });
    expect(errorOf(response)).toEqual([404, 'resource_missing', null]);
    expect((await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(0);
  });
});

describe.skipIf(!hasShared)(
  'GET /ledgers/{id}/download and /download_response (validated against the official XSDs)',
  () => {
    it('downloads the ledger message as an XML attachment', async () => {
      const id = await pendingLedger();
      const file = await service.request('GET', `/ledgers/${String(id)}/download`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="SII_ledger_${String(id)}.xml"`,
      );
      expect(file.text.match(/<siiLR:RegistroLRFacturasEmitidas>/g)).toHaveLength(2);
      const result = validateXml('sii', file.text);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
      expect(
        errorOf(await service.request('GET', `/ledgers/${String(id)}/download`, { key: OTHER_KEY })),
      ).toEqual([404, 'resource_missing', 'id']);
    });

    it('answers 404 for the response until AEAT answered, then the response as received', async () => {
      const id = await pendingLedger();
      const path = `/ledgers/${String(id)}/download_response`;
      expect(errorOf(await service.request('GET', path))).toEqual([404, 'resource_missing', 'id']);
      await service.fiscalkit.ledgers.submit(ES_ACCOUNT, id);
      await service.fiscalkit.worker.drain();
      const answered = await service.request('GET', `/ledgers/${String(id)}`);
      expect(answered.json.ledger).toMatchObject({ state: 'accepted', sent_at: '2026-04-20T10:40:00.000Z' });
      const response = await service.request('GET', path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="SII_ledger_${String(id)}_response.xml"`,
      );
      expect(response.text).toMatch(/<siiR:EstadoEnvio>Correcto<\/siiR:EstadoEnvio>/);
      responseSchema ??= compileSchema('sii/RespuestaSuministro.xsd');
      const result = validateWith(responseSchema, response.text);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
      expect(errorOf(await service.request('GET', path, { key: OTHER_KEY }))).toEqual([
        404,
        'resource_missing',
        'id',
      ]);
      // The reports took the states of their records (sii.md §7).
      for (const reportId of answered.json.ledger.tax_report_ids) {
        const report = await service.request('GET', `/tax_reports/${String(reportId)}`);
        expect(report.json.tax_report.state).toBe('registered');
      }
    });

    it('the imported ledger downloads as the message it was imported from', async () => {
      const xml = builtSiiMessage('Expedida', 'alta', 3);
      const result = validateXml('sii', xml);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
      const imported = await service.request('POST', importPath, xmlBody(xml));
      const file = await service.request('GET', `/ledgers/${String(imported.json.ledger.id)}/download`);
      expect(file.text).toBe(xml);
      for (const message of [
        builtSiiMessage('Recibida', 'alta', 2),
        builtSiiMessage('Expedida', 'alta', 1),
      ]) {
        const verdict = validateXml('sii', message);
        expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
      }
    });
  },
);
