/**
 * SII tax report batches over real HTTP (spec §4.1, §2.11; path api-notes.md §4): 202 acceptance,
 * the status record before and after the background job, per-record errors, the envelope errors,
 * the batch's default version (spec §4.1 rule 5), and tenant isolation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedInvoice } from '../support/fixtures.js';
import { seedAccount } from '../support/seedTenants.js';
import { expedidaF1 } from '../support/siiReports.js';
import { OTHER_KEY, startService, type TestResponse, type TestService } from './harness.js';

let service: TestService;
let account: number;
beforeEach(async () => {
  service = await startService();
  // The SII fixtures' titular (test/support/siiReports.ts).
  account = await seedAccount(service.ports, 1, {
    name: 'Test company',
    country: 'ES',
    tin_value: 'ESU2687761C',
  });
});
afterEach(async () => {
  await service.close();
});

const errorOf = (response: TestResponse) => ({
  status: response.status,
  code: response.json?.error?.code,
  param: response.json?.error?.param,
});

const batchPath = (id?: number, owner = account) =>
  `/accounts/${String(owner)}/tax_report_batches${id === undefined ? '' : `/${String(id)}`}`;

/** Three records: two valid Expedida ones and a Ksef one, which fails on its own (spec §4.1 rule 3). */
function records() {
  return [
    { ...expedidaF1(), invoice_number: 'B-00001' },
    { ...expedidaF1(), invoice_number: 'B-00002', type: 'Ksef' },
    { ...expedidaF1(), invoice_number: 'B-00003' },
  ];
}

describe('POST /accounts/{account}/tax_report_batches → GET status', () => {
  it('accepts at once (202 {batch_id, status_url}); the status is accepted, then finished with per-record results', async () => {
    const accepted = await service.request('POST', batchPath(), { body: { tax_reports: records() } });
    expect(accepted.status).toBe(202);
    expect(Object.keys(accepted.json).sort()).toEqual(['batch_id', 'status_url']);
    const id = accepted.json.batch_id as number;
    expect(accepted.json.status_url).toBe(`${service.url}${batchPath(id)}`);

    const before = await service.request('GET', batchPath(id));
    expect(before.status).toBe(200);
    expect(before.json.tax_report_batch).toMatchObject({
      id,
      account_id: account,
      status: 'accepted',
      total_count: 3,
      processed_count: 0,
      results: [],
      finished_at: null,
    });

    await service.fiscalkit.worker.drain();
    const after = await service.request('GET', accepted.json.status_url.slice(service.url.length));
    expect(after.status).toBe(200);
    const batch = after.json.tax_report_batch;
    expect(batch).toMatchObject({
      id,
      status: 'finished',
      total_count: 3,
      processed_count: 3,
      succeeded_count: 2,
      failed_count: 1,
    });
    expect(batch.finished_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(
      batch.results.map((result: { index: number; status: string }) => [result.index, result.status]),
    ).toEqual([
      [0, 'created'],
      [1, 'failed'],
      [2, 'created'],
    ]);
    expect(batch.results[1]).toMatchObject({
      tax_report_id: null,
      errors: [{ code: 'unsupported_type', param: 'type' }],
    });
    // The created records are tax reports of the account.
    const created = batch.results[0].tax_report_id as number;
    expect((await service.ports.store.taxReports.get(account, created))?.value).toMatchObject({
      type: 'SiiDocument',
      invoice_number: 'B-00001',
      state: 'processing',
    });
  });

  it('accepts an empty batch, which finishes with no results', async () => {
    const accepted = await service.request('POST', batchPath(), { body: { tax_reports: [] } });
    expect(accepted.status).toBe(202);
    await service.fiscalkit.worker.drain();
    const status = await service.request('GET', batchPath(accepted.json.batch_id));
    expect(status.json.tax_report_batch).toMatchObject({ status: 'finished', total_count: 0, results: [] });
  });

  it('checks only the envelope: 400 for a wrong type, 422 for none or more than 5000 records', async () => {
    const post = (body: unknown) => service.request('POST', batchPath(), { body });
    expect(errorOf(await post({ tax_reports: { type: 'SiiDocument' } }))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: 'tax_reports',
    });
    expect(errorOf(await post({ tax_reports: ['SiiDocument'] }))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: 'tax_reports[0]',
    });
    expect(errorOf(await post({}))).toEqual({ status: 422, code: 'parameter_blank', param: 'tax_reports' });
    expect(errorOf(await post('[1, 2'))).toMatchObject({ status: 400, code: 'invalid_request_params' });
    const tooMany = Array.from({ length: 5001 }, () => ({ type: 'SiiDocument' }));
    expect(errorOf(await post({ tax_reports: tooMany }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'tax_reports',
    });
    const atLimit = await post({
      tax_reports: Array.from({ length: 5000 }, () => ({ type: 'SiiDocument' })),
    });
    expect(atLimit.status).toBe(202);
    // Nothing was stored for the refused requests: only the batch at the limit exists.
    expect(
      (await service.ports.store.taxReportBatches.list(account, { offset: 0, limit: 10 })).total_count,
    ).toBe(1);
  });
});

describe('versions (spec §4.1 rule 5, §9)', () => {
  it('defaults to 2026-06-26 on the batch endpoints without a version header or group version', async () => {
    const accepted = await service.request('POST', batchPath(), {
      version: null,
      body: { tax_reports: records() },
    });
    expect(accepted.status).toBe(202);
    const status = await service.request('GET', batchPath(accepted.json.batch_id), { version: null });
    expect(status.status).toBe(200);
    expect(status.json.tax_report_batch.status).toBe('accepted');
    // Every other endpoint still needs a version (spec §9 rule 1).
    const elsewhere = await service.request('GET', `/accounts/${String(account)}/web_hooks`, {
      version: null,
    });
    expect(errorOf(elsewhere)).toEqual({ status: 400, code: 'missing_api_version', param: null });
  });

  it('reads the records in the version of the request, and is absent from the legacy version', async () => {
    const older = await service.request('POST', batchPath(), {
      version: '2025-10-13',
      body: { tax_reports: records() },
    });
    expect(older.status).toBe(202);
    const legacy = await service.request('POST', `/projects/${String(account)}/tax_report_batches`, {
      version: '2025-01-01',
      body: { tax_reports: records() },
    });
    expect(errorOf(legacy)).toEqual({ status: 404, code: 'resource_missing', param: null });
  });
});

describe('tenant isolation', () => {
  it('never links a record to another tenant’s invoice, or to none: a per-record parameter_invalid', async () => {
    const theirs = await seedAccount(service.ports, 2, { name: 'Other company', country: 'ES' });
    const foreign = storedInvoice({ id: 900, account_id: theirs, number: 'T-1' });
    await service.ports.store.invoices.insert(foreign);
    const own = storedInvoice({ id: 901, account_id: account, number: 'O-1' });
    await service.ports.store.invoices.insert(own);
    const accepted = await service.request('POST', batchPath(), {
      body: {
        tax_reports: [
          { ...expedidaF1(), invoice_number: 'B-1', invoice_id: 900 },
          { ...expedidaF1(), invoice_number: 'B-2', invoice_id: 999_999 },
          { ...expedidaF1(), invoice_number: 'B-3', invoice_id: 901 },
        ],
      },
    });
    await service.fiscalkit.worker.drain();
    const status = await service.request('GET', batchPath(accepted.json.batch_id));
    const results = status.json.tax_report_batch.results as {
      status: string;
      errors: { code: string; param: string }[];
    }[];
    expect(results.map((result) => result.status)).toEqual(['failed', 'failed', 'created']);
    for (const result of results.slice(0, 2))
      expect(result.errors).toEqual([
        expect.objectContaining({ code: 'parameter_invalid', param: 'invoice_id' }),
      ]);
    const linked = await service.ports.store.taxReports.find(
      theirs,
      { invoice_id: 900 },
      { offset: 0, limit: 5 },
    );
    const mine = await service.ports.store.taxReports.find(
      account,
      { invoice_id: 900 },
      { offset: 0, limit: 5 },
    );
    expect([linked.total_count, mine.total_count]).toEqual([0, 0]);
  });

  it('another group can neither submit to nor read an account’s batches (404 resource_missing)', async () => {
    const accepted = await service.request('POST', batchPath(), { body: { tax_reports: records() } });
    const id = accepted.json.batch_id as number;
    const submitted = await service.request('POST', batchPath(), {
      key: OTHER_KEY,
      body: { tax_reports: records() },
    });
    expect(errorOf(submitted)).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    // Even a malformed body answers 404 first: the account is not the caller's.
    const malformed = await service.request('POST', batchPath(), {
      key: OTHER_KEY,
      body: { tax_reports: 'x' },
    });
    expect(errorOf(malformed)).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    expect(errorOf(await service.request('GET', batchPath(id), { key: OTHER_KEY }))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'account',
    });
    // The batch is only found under its own account, even for the group that owns both.
    const second = await seedAccount(service.ports, 1, { name: 'Second company' });
    expect(errorOf(await service.request('GET', batchPath(id, second)))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'id',
    });
    expect(
      (await service.ports.store.taxReportBatches.list(account, { offset: 0, limit: 10 })).total_count,
    ).toBe(1);
  });
});
