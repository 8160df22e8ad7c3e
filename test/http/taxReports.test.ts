/**
 * Tax reports over real HTTP (spec §4.2, §2.7): POST /accounts/{account}/tax_reports, the import
 * (XML body or JSON base64), GET / PATCH / DELETE /tax_reports/{id}, the download, POST
 * /invoices/{id}/generate_tax_report and the list — bodies wrapped as `{"tax_report": …}`, statuses
 * per version, errors with code and param, the version differences of the §2.7 fields, tenancy, and
 * the legacy version without these endpoints. Every XML the service answers is validated against the
 * official schema.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedAccount, storedInvoice } from '../support/fixtures.js';
import { jstReport, vatReport } from '../support/ksefReports.js';
import { hasShared } from '../support/shared.js';
import { builtSiiMessage } from '../support/siiMessages.js';
import { expedidaF1 } from '../support/siiReports.js';
import {
  asJson,
  ES_ACCOUNT,
  fa3Of,
  JST_INVOICE,
  KSEF_INVOICE,
  OTHER_INVOICE,
  PL_ACCOUNT,
  SII_INVOICE,
  seedWorld,
} from '../support/taxReportWorld.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';
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
afterAll(disposeSchemas);

const errorOf = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const post = (path: string, body: unknown, options: RequestOptions = {}) =>
  service.request('POST', path, { ...options, body });

const createReport = (account: number, report: unknown, options: RequestOptions = {}) =>
  post(`/accounts/${String(account)}/tax_reports`, { tax_report: report }, options);

const xmlBody = (xml: string, headers: Record<string, string> = {}): RequestOptions => ({
  body: xml,
  headers: { 'Content-Type': 'application/xml', ...headers },
});

const importPath = (account: number, query = '') =>
  `/accounts/${String(account)}/tax_reports/import${query === '' ? '' : `?${query}`}`;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('POST /accounts/{account}/tax_reports', () => {
  it('creates a Ksef report (201, wrapped, amounts as JSON numbers) and reads it back', async () => {
    const created = await createReport(PL_ACCOUNT, asJson(vatReport()));
    expect(created.status).toBe(201);
    const report = created.json.tax_report;
    expect(report).toMatchObject({
      type: 'Ksef',
      account_id: PL_ACCOUNT,
      state: 'processing',
      invoice_type_code: 'VAT',
      supplier_party_krs: '0000099999',
      customer_party_jst: false,
      prepayment_references: [],
    });
    expect(created.text).toContain('"total_amount":2051');
    const read = await service.request('GET', `/tax_reports/${String(report.id)}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
  });

  it('creates an SII report in its ledger', async () => {
    const created = await createReport(ES_ACCOUNT, asJson(expedidaF1()));
    expect(created.status).toBe(201);
    expect(created.json.tax_report).toMatchObject({
      type: 'SiiDocument',
      book_type: 'Expedida',
      state: 'processing',
    });
    expect(created.text).toContain('"tax_inclusive_amount":1985.00');
    const ledgers = await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 });
    expect(ledgers.items.map((item) => item.value.tax_report_ids)).toEqual([[created.json.tax_report.id]]);
  });

  it.each([
    ['supplier_party_krs', { supplier_party_krs: '12345' }, 'parameter_invalid'],
    ['supplier_party_regon', { supplier_party_regon: '12345678' }, 'parameter_invalid'],
    ['third_party_country', { third_party_role: '2', third_party_name: 'Odbiorca' }, 'parameter_blank'],
  ])('answers 422 at %s (spec §2.7)', async (param, change, code) => {
    const response = await createReport(PL_ACCOUNT, asJson({ ...vatReport(), ...change }));
    expect(errorOf(response)).toEqual([422, code, param]);
    expect(response.json.error.type).toBe('invalid_request_error');
  });

  it('answers a spec rule before fiscalkit’s own: role 8 without country and tax id → third_party_country (spec §2.7 rule 1)', async () => {
    // Role 8 without a NIP or internal id also breaks fiscalkit's buyer-unit rule (third_party_tax_id,
    // ksef-fa3.md §6.3); the spec names the answer of this request, so its rule is reported first.
    const response = await createReport(
      PL_ACCOUNT,
      asJson({ ...vatReport(), third_party_role: '8', third_party_name: 'Gmina Bzdziszewo' }),
    );
    expect(errorOf(response)).toEqual([422, 'parameter_blank', 'third_party_country']);
    expect(response.json.error.type).toBe('invalid_request_error');
    // With the country given, fiscalkit's rule is what remains.
    const withCountry = await createReport(
      PL_ACCOUNT,
      asJson({
        ...vatReport(),
        third_party_role: '8',
        third_party_name: 'Gmina Bzdziszewo',
        third_party_country: 'PL',
      }),
    );
    expect(errorOf(withCountry)).toEqual([422, 'parameter_blank', 'third_party_tax_id']);
  });

  it('answers a bad type, a missing wrapper and malformed JSON', async () => {
    expect(errorOf(await createReport(PL_ACCOUNT, { type: 'Verifactu' }))).toEqual([
      422,
      'parameter_inclusion',
      'type',
    ]);
    expect(errorOf(await createReport(PL_ACCOUNT, { invoice_type_code: 'VAT' }))).toEqual([
      422,
      'parameter_blank',
      'type',
    ]);
    expect(errorOf(await post(`/accounts/${String(PL_ACCOUNT)}/tax_reports`, asJson(vatReport())))).toEqual([
      400,
      'invalid_request_params',
      'tax_report',
    ]);
    const malformed = await post(`/accounts/${String(PL_ACCOUNT)}/tax_reports`, '{"tax_report": {');
    expect(errorOf(malformed)[0]).toBe(400);
    expect(errorOf(malformed)[1]).toBe('invalid_request_params');
  });

  it('answers 404 for another group’s account (and creates nothing)', async () => {
    const response = await createReport(PL_ACCOUNT, asJson(vatReport()), { key: OTHER_KEY });
    expect(errorOf(response)).toEqual([404, 'resource_missing', 'account']);
    expect((await service.ports.store.taxReports.list(PL_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(
      0,
    );
  });

  it('before v2026-04-20 the §2.7 fields do not exist: dropped from the request and the response (spec §9)', async () => {
    // A KRS the rule would refuse is not read at all in v2026-03-02 …
    const old = await createReport(PL_ACCOUNT, asJson({ ...vatReport(), supplier_party_krs: '12345' }), {
      version: '2026-03-02',
    });
    expect(old.status).toBe(201);
    expect(old.json.tax_report).not.toHaveProperty('supplier_party_krs');
    expect(old.json.tax_report).not.toHaveProperty('customer_party_jst');
    // … so the stored report has none, as the newest version shows.
    const read = await service.request('GET', `/tax_reports/${String(old.json.tax_report.id)}`);
    expect(read.json.tax_report.supplier_party_krs).toBeNull();
    expect(read.json.tax_report.customer_party_jst).toBe(false);
    // v2025-10-13 answers a create with 200 (api-notes.md §3.2: 201 from v2026-03-02).
    const older = await createReport(PL_ACCOUNT, asJson({ ...vatReport(), number: 'FV/2' }), {
      version: '2025-10-13',
    });
    expect(older.status).toBe(200);
  });

  it('keeps a stored §2.7 field when an older version patches the report', async () => {
    const created = await createReport(PL_ACCOUNT, asJson(vatReport()));
    const id = created.json.tax_report.id;
    const patched = await service.request('PATCH', `/tax_reports/${String(id)}`, {
      body: { tax_report: { footer_text: 'Nowa stopka', supplier_party_krs: null } },
      version: '2026-03-02',
    });
    expect(patched.status).toBe(200);
    expect(patched.json.tax_report.footer_text).toBe('Nowa stopka');
    const read = await service.request('GET', `/tax_reports/${String(id)}`);
    expect(read.json.tax_report.supplier_party_krs).toBe('0000099999');
  });
});

describe('POST /accounts/{account}/tax_reports/import', () => {
  it('imports an FA(3) document sent as XML, with the flags as query parameters', async () => {
    const xml = fa3Of({ ...jstReport(), customer_party_jst: false });
    const imported = await service.request(
      'POST',
      importPath(PL_ACCOUNT, 'customer_party_jst=true'),
      xmlBody(xml),
    );
    expect(imported.status).toBe(201);
    expect(imported.json.tax_report).toMatchObject({
      type: 'Ksef',
      customer_party_jst: true,
      state: 'processing',
    });
    const text = await service.request('POST', importPath(PL_ACCOUNT), {
      ...xmlBody(fa3Of(vatReport()), { 'Content-Type': 'text/xml; charset=utf-8' }),
    });
    expect(text.status).toBe(201);
    expect(text.json.tax_report.number).toBe('FV2026/02/150');
  });

  it('imports a document sent as JSON {file: base64}, flags as JSON fields', async () => {
    const imported = await post(importPath(PL_ACCOUNT), {
      file: base64(fa3Of({ ...jstReport(), customer_party_jst: false })),
      filename: 'faktura.xml',
      customer_party_jst: true,
    });
    expect(imported.status).toBe(201);
    expect(imported.json.tax_report.customer_party_jst).toBe(true);
    const sii = await post(importPath(ES_ACCOUNT), { file: base64(builtSiiMessage('Expedida', 'alta', 1)) });
    expect(sii.status).toBe(201);
    expect(sii.json.tax_report).toMatchObject({ type: 'SiiDocument', book_type: 'Expedida' });
  });

  it('refuses DOCTYPE, unsupported XML, a two-record SII message: 422 at file, never a stack trace', async () => {
    const doctype = await service.request(
      'POST',
      importPath(PL_ACCOUNT),
      xmlBody('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><Faktura>&lol;</Faktura>'),
    );
    expect(errorOf(doctype)).toEqual([422, 'parameter_invalid', 'file']);
    expect(doctype.json.error.message).toMatch(/DOCTYPE|DTD/);
    expect(doctype.text).not.toMatch(/\bat .*\.ts:\d+/);
    const ubl = await service.request(
      'POST',
      importPath(PL_ACCOUNT),
      xmlBody('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
    );
    expect(errorOf(ubl)).toEqual([422, 'parameter_invalid', 'file']);
    expect(ubl.json.error.message).toMatch(/FA\(3\).*SII/);
    const two = await service.request(
      'POST',
      importPath(ES_ACCOUNT),
      xmlBody(builtSiiMessage('Expedida', 'alta', 2)),
    );
    expect(errorOf(two)).toEqual([422, 'parameter_invalid', 'file']);
  });

  it('answers a wrong media type, bad base64, an empty document, a bad flag and an oversize body', async () => {
    const plain = await service.request('POST', importPath(PL_ACCOUNT), {
      body: fa3Of(vatReport()),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(errorOf(plain)).toEqual([400, 'invalid_request_params', null]);
    expect(errorOf(await post(importPath(PL_ACCOUNT), { file: 'not base64!' }))).toEqual([
      400,
      'invalid_request_params',
      'file',
    ]);
    expect(errorOf(await post(importPath(PL_ACCOUNT), { file: '' }))).toEqual([
      422,
      'parameter_blank',
      'file',
    ]);
    expect(errorOf(await service.request('POST', importPath(PL_ACCOUNT), xmlBody('')))).toEqual([
      422,
      'parameter_blank',
      'file',
    ]);
    expect(
      errorOf(
        await service.request(
          'POST',
          importPath(PL_ACCOUNT, 'customer_party_gv=maybe'),
          xmlBody(fa3Of(vatReport())),
        ),
      ),
    ).toEqual([400, 'invalid_request_params', 'customer_party_gv']);
    const huge = await service.request(
      'POST',
      importPath(PL_ACCOUNT),
      xmlBody(`<a>${'x'.repeat(10_500_000)}</a>`),
    );
    expect(huge.status).toBe(413);
    expect(huge.json.error.message).toMatch(/larger than/);
  });

  it('answers 404 for another group’s account', async () => {
    const response = await service.request('POST', importPath(PL_ACCOUNT), {
      ...xmlBody(fa3Of(vatReport())),
      key: OTHER_KEY,
    });
    expect(errorOf(response)).toEqual([404, 'resource_missing', 'account']);
  });
});

describe('GET, PATCH, DELETE /tax_reports/{id}', () => {
  it('patches a report (200, full resource) with the §2.7 rules and the type rule', async () => {
    const id = (await createReport(PL_ACCOUNT, asJson(vatReport()))).json.tax_report.id;
    const path = `/tax_reports/${String(id)}`;
    const patched = await service.request('PATCH', path, {
      body: {
        tax_report: {
          supplier_party_regon: '12345678512345',
          third_party_role: '2',
          third_party_name: 'Magazyn',
          third_party_country: 'PL',
        },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.tax_report).toMatchObject({
      id,
      supplier_party_regon: '12345678512345',
      third_party_country: 'PL',
    });
    const bad = (change: Record<string, unknown>) =>
      service.request('PATCH', path, { body: { tax_report: change } });
    expect(errorOf(await bad({ supplier_party_krs: 'ABCDEFGHIJ' }))).toEqual([
      422,
      'parameter_invalid',
      'supplier_party_krs',
    ]);
    expect(errorOf(await bad({ third_party_country: null }))).toEqual([
      422,
      'parameter_blank',
      'third_party_country',
    ]);
    expect(errorOf(await bad({ type: 'SiiDocument' }))).toEqual([422, 'parameter_cannot_change', 'type']);
    expect(
      errorOf(await service.request('PATCH', path, { body: { tax_report: {} }, key: OTHER_KEY })),
    ).toEqual([404, 'resource_missing', 'id']);
  });

  it('annuls with DELETE (200, annulled); a second DELETE is 409; another group gets 404', async () => {
    const id = (await createReport(PL_ACCOUNT, asJson(vatReport()))).json.tax_report.id;
    const path = `/tax_reports/${String(id)}`;
    expect(errorOf(await service.request('DELETE', path, { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    const annulled = await service.request('DELETE', path);
    expect(annulled.status).toBe(200);
    expect(annulled.json.tax_report).toMatchObject({ id, state: 'annulled', number: 'FV2026/02/150' });
    expect(errorOf(await service.request('DELETE', path))).toEqual([409, 'conflict', null]);
    expect(
      errorOf(await service.request('PATCH', path, { body: { tax_report: { footer_text: 'x' } } })),
    ).toEqual([409, 'conflict', null]);
    expect(errorOf(await service.request('GET', path, { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    expect(errorOf(await service.request('GET', '/tax_reports/abc'))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
  });

  it('lists the account’s reports with meta and the invoice_id filter', async () => {
    const generated = await post(`/invoices/${String(KSEF_INVOICE)}/generate_tax_report`, undefined);
    await createReport(PL_ACCOUNT, asJson(vatReport()));
    const all = await service.request('GET', `/accounts/${String(PL_ACCOUNT)}/tax_reports?limit=1`);
    expect(all.status).toBe(200);
    expect(all.json.meta).toEqual({ total_count: 2, offset: 0, limit: 1, total: 2 });
    expect(all.json.tax_reports).toHaveLength(1);
    const filtered = await service.request(
      'GET',
      `/accounts/${String(PL_ACCOUNT)}/tax_reports?invoice_id=${String(KSEF_INVOICE)}`,
    );
    expect(filtered.json.tax_reports.map((report: { id: number }) => report.id)).toEqual([
      generated.json.tax_report.id,
    ]);
    expect(
      errorOf(await service.request('GET', `/accounts/${String(PL_ACCOUNT)}/tax_reports?invoice_id=x`)),
    ).toEqual([400, 'invalid_request_params', 'invoice_id']);
    expect(
      errorOf(
        await service.request('GET', `/accounts/${String(PL_ACCOUNT)}/tax_reports`, { key: OTHER_KEY }),
      ),
    ).toEqual([404, 'resource_missing', 'account']);
  });
});

describe('POST /invoices/{id}/generate_tax_report', () => {
  it('generates a Ksef report without a body (201) and refuses a second while it stands (409)', async () => {
    const path = `/invoices/${String(JST_INVOICE)}/generate_tax_report`;
    const generated = await post(path, { tax_report: { exemption_basis: 'art. 43 ust. 1 pkt 37' } });
    expect(generated.status).toBe(201);
    expect(generated.json.tax_report).toMatchObject({
      type: 'Ksef',
      invoice_id: JST_INVOICE,
      customer_party_jst: true,
      third_party_role: '8',
      supplier_party_krs: '0000099999',
    });
    expect(errorOf(await post(path, undefined))).toEqual([409, 'conflict', null]);
    const plain = await post(`/invoices/${String(KSEF_INVOICE)}/generate_tax_report`, undefined);
    expect(plain.status).toBe(201);
  });

  it('generates an SII report when asked, and answers bad types, the invoice’s problems and other tenants', async () => {
    const path = `/invoices/${String(SII_INVOICE)}/generate_tax_report`;
    expect(errorOf(await post(path, { type: 'Zatca' }))).toEqual([422, 'parameter_inclusion', 'type']);
    // A type asked for explicitly wins over the account's: a Spanish account cannot be an FA(3) seller.
    expect(errorOf(await post(path, { type: 'Ksef' }))).toEqual([
      422,
      'parameter_invalid',
      'account.tin_value',
    ]);
    const sii = await post(path, { type: 'SiiDocument' });
    expect(sii.status).toBe(201);
    expect(sii.json.tax_report).toMatchObject({
      type: 'SiiDocument',
      invoice_id: SII_INVOICE,
      book_type: 'Expedida',
    });
    expect(errorOf(await post(`/invoices/${String(OTHER_INVOICE)}/generate_tax_report`, undefined))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    expect(errorOf(await post(path, { type: 'SiiDocument' }, { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
  });
});

describe('POST /invoices/{id}/generate_tax_report without a type: the account’s tax authority decides (issue #18 item 2)', () => {
  /** A French account of group 1 with one invoice: France has no tax authority fiscalkit reports to. */
  const FR_ACCOUNT = 5;
  const FR_INVOICE = 500;
  const seedFrench = async () => {
    const { store } = service.ports;
    await store.accounts.insert(
      storedAccount({ id: FR_ACCOUNT, name: 'Société Test', country: 'FR', tin_value: 'FR40303265045' }),
    );
    await store.accountGroups.insert({ id: FR_ACCOUNT, group_id: 1 });
    await store.invoices.insert(storedInvoice({ id: FR_INVOICE, account_id: FR_ACCOUNT }));
  };
  const generate = (invoice: number, body: unknown) =>
    post(`/invoices/${String(invoice)}/generate_tax_report`, body);

  it('a Spanish account’s invoice gets an SiiDocument, with no body', async () => {
    const generated = await generate(SII_INVOICE, undefined);
    expect(generated.status).toBe(201);
    expect(generated.json.tax_report).toMatchObject({
      type: 'SiiDocument',
      invoice_id: SII_INVOICE,
      book_type: 'Expedida',
    });
  });

  it('a Spanish account’s invoice gets an SiiDocument with a body that names no type', async () => {
    const generated = await generate(SII_INVOICE, { tax_report: { period_year: 2026, period: '03' } });
    expect(generated.status).toBe(201);
    expect(generated.json.tax_report.type).toBe('SiiDocument');
  });

  it('a Polish account’s invoice gets a Ksef report, with no body or a body without a type', async () => {
    const plain = await generate(KSEF_INVOICE, undefined);
    expect(plain.status).toBe(201);
    expect(plain.json.tax_report).toMatchObject({ type: 'Ksef', invoice_id: KSEF_INVOICE });
    const flagged = await generate(JST_INVOICE, { exemption_basis: 'art. 43 ust. 1 pkt 37' });
    expect(flagged.status).toBe(201);
    expect(flagged.json.tax_report.type).toBe('Ksef');
  });

  it('an account of a country without a supported tax authority gets 422 at type, naming the countries', async () => {
    await seedFrench();
    const refused = await generate(FR_INVOICE, undefined);
    expect(errorOf(refused)).toEqual([422, 'parameter_inclusion', 'type']);
    expect(refused.json.error.type).toBe('invalid_request_error');
    expect(refused.json.error.message).toMatch(/^type .*FR.*ES \(SiiDocument\).*PL \(Ksef\)/);
    expect(errorOf(await generate(FR_INVOICE, { tax_report: {} }))).toEqual([
      422,
      'parameter_inclusion',
      'type',
    ]);
    expect((await service.ports.store.taxReports.list(FR_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(
      0,
    );
  });
});

describe('the legacy version has none of these endpoints (spec §9 v2025-10-13 "Added")', () => {
  it.each([
    ['POST', '/accounts/3/tax_reports'],
    ['POST', '/accounts/3/tax_reports/import'],
    ['GET', '/accounts/3/tax_reports'],
    ['GET', '/tax_reports/1'],
    ['PATCH', '/tax_reports/1'],
    ['DELETE', '/tax_reports/1'],
    ['GET', '/tax_reports/1/download'],
    ['POST', '/invoices/200/generate_tax_report'],
  ])('%s %s → 404 resource_missing', async (method, path) => {
    const response = await service.request(method, path, {
      version: '2025-01-01',
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: { tax_report: asJson(vatReport()) } }),
    });
    expect(errorOf(response)).toEqual([404, 'resource_missing', null]);
    expect(response.json.error.message).toMatch(/does not exist in API version 2025-01-01/);
    expect((await service.ports.store.taxReports.list(PL_ACCOUNT, { offset: 0, limit: 5 })).total_count).toBe(
      0,
    );
  });
});

describe.skipIf(!hasShared)('GET /tax_reports/{id}/download (validated against the official XSDs)', () => {
  it('answers FA(3) as an XML attachment for a Ksef report', async () => {
    const id = (await createReport(PL_ACCOUNT, asJson(vatReport()))).json.tax_report.id;
    const file = await service.request('GET', `/tax_reports/${String(id)}/download`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="FA3_FV2026_02_150.xml"');
    const result = validateXml('ksef-fa3', file.text);
    expect(result.valid, formatXsdErrors(result)).toBe(true);
    expect(
      errorOf(await service.request('GET', `/tax_reports/${String(id)}/download`, { key: OTHER_KEY })),
    ).toEqual([404, 'resource_missing', 'id']);
  });

  it('answers the SII message of an SII report, and its baja once annulled', async () => {
    const id = (await createReport(ES_ACCOUNT, asJson(expedidaF1()))).json.tax_report.id;
    const alta = await service.request('GET', `/tax_reports/${String(id)}/download`);
    expect(alta.headers.get('content-disposition')).toMatch(/^attachment; filename="SII_Expedida_.*\.xml"$/);
    expect(alta.text).toMatch(/SuministroLRFacturasEmitidas/);
    await service.request('DELETE', `/tax_reports/${String(id)}`);
    const baja = await service.request('GET', `/tax_reports/${String(id)}/download`);
    expect(baja.text).toMatch(/BajaLRFacturasEmitidas/);
    for (const xml of [alta.text, baja.text]) {
      const result = validateXml('sii', xml);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    }
  });

  it('the documents these tests upload are valid too', () => {
    for (const xml of [fa3Of(vatReport()), fa3Of({ ...jstReport(), customer_party_jst: false })]) {
      const result = validateXml('ksef-fa3', xml);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    }
    for (const count of [1, 2]) {
      const result = validateXml('sii', builtSiiMessage('Expedida', 'alta', count));
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    }
  });
});
