/**
 * How requests are read, over real HTTP (issue #18 items 7, 9 and 11):
 *
 * - a query parameter of the wrong type is 400 `invalid_request_params` (spec §7.2 "wrong types"), a
 *   well-typed value out of range stays 422 `parameter_invalid`, on every list;
 * - `_destroy` takes the Rails forms (`true`, `"true"`, `1`, `"1"` remove; `false`, `"false"`, `0`,
 *   `"0"` keep) on invoice lines, invoice references and prepayment references;
 * - an issue of a `prepayment_references` element merged on PATCH names the element's index in the
 *   request, not in the merged list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rozReport } from '../support/ksefReports.js';
import { asJson, ES_ACCOUNT, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';
import { startService, type TestResponse, type TestService } from './harness.js';
import { createTestInvoice } from './invoiceSupport.js';

const errorOf = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

let service: TestService;
let account: number;
beforeAll(async () => {
  service = await startService();
  await seedWorld(service.ports);
  // The seeded Spanish account (the world's ids are taken, so no account is created here).
  account = ES_ACCOUNT;
});
afterAll(() => service.close());

describe('spec §7.2: a query parameter of the wrong type is 400, like a body', () => {
  const lists = () => [
    '/accounts',
    `/accounts/${String(account)}/contacts`,
    `/accounts/${String(account)}/invoices`,
    `/accounts/${String(account)}/events`,
    `/accounts/${String(PL_ACCOUNT)}/tax_reports`,
    `/accounts/${String(account)}/transports`,
  ];

  it.each(['limit=abc', 'limit=2.5', 'offset=x', 'offset=1e3', 'limit=ten'])(
    '%s: not a whole number → 400 invalid_request_params at the parameter',
    async (query) => {
      const [param] = query.split('=');
      for (const path of lists())
        expect(errorOf(await service.request('GET', `${path}?${query}`)), path).toEqual([
          400,
          'invalid_request_params',
          param,
        ]);
    },
  );

  it.each(['offset=-1', 'limit=0', 'limit=501'])(
    '%s: a whole number out of range stays 422 parameter_invalid',
    async (query) => {
      const [param] = query.split('=');
      for (const path of lists())
        expect(errorOf(await service.request('GET', `${path}?${query}`)), path).toEqual([
          422,
          'parameter_invalid',
          param,
        ]);
    },
  );

  it('the legacy version reads its queries the same way; a blank value is the default', async () => {
    expect(errorOf(await service.request('GET', '/projects?limit=abc', { version: '2025-01-01' }))).toEqual([
      400,
      'invalid_request_params',
      'limit',
    ]);
    const blank = await service.request('GET', '/accounts?limit=&offset=%20');
    expect(blank.json.meta).toMatchObject({ offset: 0, limit: 25 });
  });

  it('filters: ack and invoice_id that are not a boolean / an id are 400 too', async () => {
    expect(
      errorOf(await service.request('GET', `/accounts/${String(account)}/invoices?ack=perhaps`)),
    ).toEqual([400, 'invalid_request_params', 'ack']);
    expect(
      errorOf(await service.request('GET', `/accounts/${String(PL_ACCOUNT)}/tax_reports?invoice_id=abc`)),
    ).toEqual([400, 'invalid_request_params', 'invoice_id']);
  });
});

describe('_destroy takes the Rails forms wherever it is accepted', () => {
  const patchLines = async (invoice: { id: number }, destroy: unknown, lineId: number) =>
    service.request('PATCH', `/invoices/${String(invoice.id)}`, {
      body: { invoice: { invoice_lines_attributes: [{ id: lineId, _destroy: destroy }] } },
    });

  it.each([true, 'true', 1, '1', 'TRUE'])('invoice line _destroy %j removes the line', async (destroy) => {
    const invoice = await createTestInvoice(service, account);
    const [, second] = invoice.lines;
    const response = await patchLines(invoice, destroy, second?.id as number);
    expect(response.status, response.text).toBe(200);
    expect(response.json.invoice.lines.map((line: { id: number }) => line.id)).toEqual([
      invoice.lines[0]?.id,
    ]);
  });

  it.each([false, 'false', 0, '0', null])('invoice line _destroy %j keeps the line', async (destroy) => {
    const invoice = await createTestInvoice(service, account);
    const [, second] = invoice.lines;
    const response = await patchLines(invoice, destroy, second?.id as number);
    expect(response.status, response.text).toBe(200);
    expect(response.json.invoice.lines).toHaveLength(2);
  });

  it.each(['yes', 2, 'on', { value: 1 }])(
    'invoice line _destroy %j is not a boolean: 400',
    async (destroy) => {
      const invoice = await createTestInvoice(service, account);
      const response = await patchLines(invoice, destroy, invoice.lines[1]?.id as number);
      expect(errorOf(response)).toEqual([
        400,
        'invalid_request_params',
        'invoice_lines_attributes[0]._destroy',
      ]);
    },
  );

  it('invoice_references: _destroy "1" removes the reference, "0" keeps it', async () => {
    const invoice = await createTestInvoice(service, account, {
      invoice_references: [{ reference_type: 'amend', number: 'F-1' }],
    });
    const [reference] = invoice.invoice_references as { id: number }[];
    const patch = (destroy: unknown) =>
      service.request('PATCH', `/invoices/${String(invoice.id)}`, {
        body: { invoice: { invoice_references: [{ id: reference?.id, _destroy: destroy }] } },
      });
    const kept = await patch('0');
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.invoice.invoice_references).toHaveLength(1);
    const removed = await patch('1');
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.invoice.invoice_references).toEqual([]);
  });

  it('prepayment_references: _destroy 1 removes the element, "false" keeps it', async () => {
    const created = await service.request('POST', `/accounts/${String(PL_ACCOUNT)}/tax_reports`, {
      body: { tax_report: asJson(rozReport()) },
    });
    expect(created.status, created.text).toBe(201);
    const { id, prepayment_references } = created.json.tax_report;
    const [first, second] = prepayment_references as { id: number }[];
    const patch = (elements: unknown[]) =>
      service.request('PATCH', `/tax_reports/${String(id)}`, {
        body: { tax_report: { prepayment_references: elements } },
      });
    const kept = await patch([{ id: first?.id, _destroy: 'false' }]);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.tax_report.prepayment_references).toHaveLength(2);
    const removed = await patch([{ id: first?.id, _destroy: 1 }]);
    expect(removed.status, removed.text).toBe(200);
    expect(
      removed.json.tax_report.prepayment_references.map((element: { id: number }) => element.id),
    ).toEqual([second?.id]);
  });
});

describe('prepayment_references: an issue names the element of the request, not of the merged list', () => {
  let report: number;
  let stored: { id: number }[];
  beforeAll(async () => {
    const created = await service.request('POST', `/accounts/${String(PL_ACCOUNT)}/tax_reports`, {
      body: { tax_report: asJson({ ...rozReport(), number: 'FV2026/08/99' }) },
    });
    expect(created.status, created.text).toBe(201);
    report = created.json.tax_report.id;
    stored = created.json.tax_report.prepayment_references;
    expect(stored).toHaveLength(2);
  });

  const patch = (elements: unknown[]) =>
    service.request('PATCH', `/tax_reports/${String(report)}`, {
      body: { tax_report: { prepayment_references: elements } },
    });

  it('element 0 of the request with _destroy and no id: prepayment_references[0].id (not [2].id)', async () => {
    const response = await patch([{ _destroy: true }]);
    expect(errorOf(response)).toEqual([422, 'parameter_blank', 'prepayment_references[0].id']);
    expect(response.json.error.message).toMatch(/^prepayment_references\[0\]\.id /);
  });

  it('a new element after one that names a stored element keeps its request index', async () => {
    const response = await patch([{ id: stored[0]?.id, number: 'FZ/9' }, { number: null }]);
    expect(errorOf(response)).toEqual([422, 'parameter_blank', 'prepayment_references[1].number']);
  });

  it('a stored element changed by the request is named by the request index', async () => {
    const response = await patch([{ id: stored[1]?.id, number: null, registration_code: null }]);
    expect(errorOf(response)).toEqual([422, 'parameter_blank', 'prepayment_references[0].number']);
  });
});
