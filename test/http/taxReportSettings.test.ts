/**
 * Tax report settings and submission over real HTTP (issue #23): the paths and keys the PHP client's
 * `TaxReportSettingService` uses, POST /tax_reports/{id}/submit (202) and POST /ledgers/{id}/submit,
 * and the 409 of a Ksef report on a server without KSeF.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expedidaF1 } from '../support/siiReports.js';
import { asJson, ES_ACCOUNT, KSEF_INVOICE, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';
import { OTHER_KEY, startService, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
  await seedWorld(service.ports);
});
afterEach(async () => {
  await service.close();
});

const settingsPath = `/accounts/${String(ES_ACCOUNT)}/tax_report_settings`;

describe('/accounts/{account}/tax_report_settings', () => {
  it('POST, GET, list, PUT, DELETE with the PHP client keys', async () => {
    const created = await service.request('POST', settingsPath, {
      body: { tax_report_setting: { code: 'sii', start_date: '2026-01-01', auto_send: true } },
    });
    expect(created.status).toBe(201);
    expect(created.json.tax_report_setting).toMatchObject({
      code: 'sii',
      auto_send: true,
      auto_generate: true,
    });

    const read = await service.request('GET', `${settingsPath}/sii`);
    expect(read.status).toBe(200);
    expect(read.json.tax_report_setting).toEqual(created.json.tax_report_setting);

    const listed = await service.request('GET', settingsPath);
    expect(listed.status).toBe(200);
    expect(listed.json.tax_report_settings).toHaveLength(1);
    expect(listed.json).toMatchObject({ total_count: 1, offset: 0, limit: 25, meta: { total_count: 1 } });

    const put = await service.request('PUT', `${settingsPath}/sii`, {
      body: { tax_report_setting: { special_regime_key: '05' } },
    });
    expect(put.status).toBe(200);
    expect(put.json.tax_report_setting).toMatchObject({ special_regime_key: '05', auto_send: true });

    const deleted = await service.request('DELETE', `${settingsPath}/sii`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.tax_report_setting.code).toBe('sii');
    const gone = await service.request('GET', `${settingsPath}/sii`);
    expect([gone.status, gone.json.error.code]).toEqual([404, 'resource_missing']);
  });

  it('422 for verifactu with a clear message; 400 without the wrapper; 404 for another group', async () => {
    const refused = await service.request('POST', settingsPath, {
      body: { tax_report_setting: { code: 'verifactu', start_date: '2026-01-01' } },
    });
    expect([refused.status, refused.json.error.code, refused.json.error.param]).toEqual([
      422,
      'parameter_inclusion',
      'code',
    ]);
    expect(refused.json.error.message).toContain('fiscalkit does not report to this tax authority');
    const bare = await service.request('POST', settingsPath, { body: { code: 'sii' } });
    expect(bare.status).toBe(400);
    const foreign = await service.request('GET', settingsPath, { key: OTHER_KEY });
    expect(foreign.status).toBe(404);
  });
});

describe('POST /tax_reports/{id}/submit and /ledgers/{id}/submit', () => {
  it('an SII report: 202 with the report, the worker registers it', async () => {
    const created = await service.request('POST', `/accounts/${String(ES_ACCOUNT)}/tax_reports`, {
      body: { tax_report: asJson(expedidaF1()) },
    });
    expect(created.status).toBe(201);
    const id = created.json.tax_report.id as number;
    const submitted = await service.request('POST', `/tax_reports/${String(id)}/submit`);
    expect(submitted.status).toBe(202);
    expect(submitted.json.tax_report).toMatchObject({ id, state: 'processing', authority: null });
    await service.fiscalkit.worker.drain();
    const read = await service.request('GET', `/tax_reports/${String(id)}`);
    expect(read.json.tax_report.state).toBe('registered');
    expect(read.json.tax_report.authority.csv).toMatch(/^MEM/);
    const again = await service.request('POST', `/tax_reports/${String(id)}/submit`);
    expect(again.status).toBe(409);
  });

  it('a ledger: 202 with the ledger, then accepted', async () => {
    await service.request('POST', `/accounts/${String(ES_ACCOUNT)}/tax_reports`, {
      body: { tax_report: asJson(expedidaF1()) },
    });
    const [ledger] = (await service.ports.store.ledgers.list(ES_ACCOUNT, { offset: 0, limit: 5 })).items;
    if (ledger === undefined) throw new Error('no ledger');
    const submitted = await service.request('POST', `/ledgers/${String(ledger.value.id)}/submit`);
    expect(submitted.status).toBe(202);
    expect(submitted.json.ledger).toMatchObject({ id: ledger.value.id, state: 'pending' });
    await service.fiscalkit.worker.drain();
    const read = await service.request('GET', `/ledgers/${String(ledger.value.id)}`);
    expect(read.json.ledger.state).toBe('accepted');
    const foreign = await service.request('POST', `/ledgers/${String(ledger.value.id)}/submit`, {
      key: OTHER_KEY,
    });
    expect(foreign.status).toBe(404);
  });

  it('a Ksef report without KSeF configured: 409, never a fake success', async () => {
    const generated = await service.request('POST', `/invoices/${String(KSEF_INVOICE)}/generate_tax_report`);
    expect(generated.status).toBe(201);
    const id = generated.json.tax_report.id as number;
    const refused = await service.request('POST', `/tax_reports/${String(id)}/submit`);
    expect([refused.status, refused.json.error.code]).toEqual([409, 'conflict']);
    expect(refused.json.error.message).toContain('KSeF is not configured on this server');
    expect(PL_ACCOUNT).toBe(3);
  });
});
