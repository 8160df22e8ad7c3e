/**
 * What the legacy version v2025-01-01 serves and the later versions answer, over real HTTP (issue
 * #18 items 4 and 10; spec §9 "Changes in v2025-10-13"):
 *
 * - lists: `meta` only from v2025-10-13; the legacy page carries `total_count`, `offset`, `limit`
 *   beside the list (the public migration guide, api-notes.md §3.1);
 * - the old tax report endpoints: `as/{document_type_code}` serves the report's document in the
 *   legacy version, `send_tax_report` is an explicit 400 there; both, and GET /projects, are a 404
 *   naming v2025-10-13 in later versions;
 * - the invoice status filters: the `received_invoice_*` flags list in the legacy version and are
 *   400 in later ones; the deprecated ones are served in every version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatReport } from '../support/ksefReports.js';
import { asJson, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';
import { createAccount, OTHER_KEY, startService, type TestResponse, type TestService } from './harness.js';
import { invoiceBody } from './invoiceSupport.js';

const LEGACY = '2025-01-01';
const NEWER = ['2025-10-13', '2026-03-02', '2026-04-20', '2026-06-26'] as const;

const errorOf = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

describe('spec §9: list pagination via meta from v2025-10-13, beside the list in the legacy version', () => {
  let service: TestService;
  let account: number;
  beforeAll(async () => {
    service = await startService();
    account = await createAccount(service);
    await createAccount(service, { name: 'B' });
    await service.request('POST', `/accounts/${String(account)}/contacts`, {
      body: { contact: { name: 'Buyer SL', country: 'ES', tin_scheme: '9920', tin_value: 'B76543214' } },
    });
  });
  afterAll(() => service.close());

  it('GET /accounts: no meta in the legacy version, meta in the newest', async () => {
    const legacy = await service.request('GET', '/accounts?offset=1&limit=1', { version: LEGACY });
    expect(legacy.status).toBe(200);
    expect(legacy.json).not.toHaveProperty('meta');
    expect(Object.keys(legacy.json)).toEqual(['accounts', 'total_count', 'offset', 'limit']);
    expect(legacy.json).toMatchObject({ total_count: 2, offset: 1, limit: 1 });
    expect(legacy.json.accounts).toHaveLength(1);
    const newest = await service.request('GET', '/accounts?offset=1&limit=1');
    expect(Object.keys(newest.json)).toEqual(['accounts', 'meta']);
    expect(newest.json.meta).toEqual({ total_count: 2, offset: 1, limit: 1, total: 2 });
    for (const version of NEWER)
      expect((await service.request('GET', '/accounts', { version })).json.meta, version).toBeDefined();
  });

  it('the legacy paths and wrappers too: GET /projects, /projects/{account}/clients, /projects/{account}/invoices', async () => {
    const projects = await service.request('GET', '/projects', { version: LEGACY });
    expect(Object.keys(projects.json)).toEqual(['accounts', 'total_count', 'offset', 'limit']);
    const clients = await service.request('GET', `/projects/${String(account)}/clients`, { version: LEGACY });
    expect(Object.keys(clients.json)).toEqual(['clients', 'total_count', 'offset', 'limit']);
    expect(clients.json).toMatchObject({ total_count: 1, offset: 0, limit: 25 });
    const invoices = await service.request('GET', `/projects/${String(account)}/invoices`, {
      version: LEGACY,
    });
    expect(Object.keys(invoices.json)).toEqual(['invoices', 'total_count', 'offset', 'limit']);
    const contacts = await service.request('GET', `/accounts/${String(account)}/contacts`);
    expect(Object.keys(contacts.json)).toEqual(['contacts', 'meta']);
  });
});

describe('spec §9: the old tax report endpoints', () => {
  let service: TestService;
  let report: number;
  beforeAll(async () => {
    service = await startService();
    await seedWorld(service.ports);
    const created = await service.request('POST', `/accounts/${String(PL_ACCOUNT)}/tax_reports`, {
      body: { tax_report: asJson(vatReport()) },
    });
    expect(created.status).toBe(201);
    report = created.json.tax_report.id;
  });
  afterAll(() => service.close());

  it('legacy GET /api/v1/tax_reports/{id}/as/{document_type_code} serves the document the newer download answers', async () => {
    const download = await service.request('GET', `/tax_reports/${String(report)}/download`);
    expect(download.status).toBe(200);
    const legacy = await service.request('GET', `/api/v1/tax_reports/${String(report)}/as/xml.ksef.fa3`, {
      version: LEGACY,
    });
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('content-type')).toContain('application/xml');
    expect(legacy.headers.get('content-disposition')).toBe(download.headers.get('content-disposition'));
    expect(legacy.text).toContain('<Faktura');
    expect(legacy.text).toBe(download.text);
  });

  it('legacy: another code is 422 parameter_inclusion (no other rendering), another tenant’s report 404', async () => {
    const pdf = await service.request('GET', `/api/v1/tax_reports/${String(report)}/as/pdf.invoice`, {
      version: LEGACY,
    });
    expect(errorOf(pdf)).toEqual([422, 'parameter_inclusion', 'document_type_code']);
    expect(pdf.json.error.message).toContain('xml.ksef.fa3');
    const sii = await service.request('GET', `/api/v1/tax_reports/${String(report)}/as/xml.sii`, {
      version: LEGACY,
    });
    expect(errorOf(sii)).toEqual([422, 'parameter_inclusion', 'document_type_code']);
    const theirs = await service.request('GET', `/api/v1/tax_reports/${String(report)}/as/xml.ksef.fa3`, {
      version: LEGACY,
      key: OTHER_KEY,
    });
    expect(errorOf(theirs)).toEqual([404, 'resource_missing', 'id']);
  });

  it.each(NEWER)(
    '%s: as/{document_type_code} is a 404 that says it was removed in v2025-10-13',
    async (version) => {
      for (const path of [
        `/tax_reports/${String(report)}/as/xml.ksef.fa3`,
        `/api/v1/tax_reports/${String(report)}/as/xml.ksef.fa3`,
      ]) {
        const response = await service.request('GET', path, { version });
        expect(errorOf(response), path).toEqual([404, 'resource_missing', null]);
        expect(response.json.error.message).toContain('was removed in API version 2025-10-13');
        expect(response.json.error.message).toContain('/download');
      }
    },
  );

  it('legacy send_tax_report is an explicit 400 that says fiscalkit sends nothing on request, not a 404', async () => {
    for (const path of [
      '/api/v1/tax_reports/send_tax_report',
      `/api/v1/tax_reports/${String(report)}/send_tax_report`,
    ]) {
      const response = await service.request('POST', path, { version: LEGACY, body: {} });
      expect(errorOf(response), path).toEqual([400, 'invalid_request_params', null]);
      expect(response.json.error.message).toContain('send_tax_report is not served by fiscalkit');
    }
    // Nothing was sent: the report is as it was.
    const read = await service.request('GET', `/tax_reports/${String(report)}`);
    expect(read.json.tax_report.state).toBe('processing');
  });

  it.each(NEWER)(
    '%s: send_tax_report and GET /projects are 404s that name v2025-10-13 and the replacement',
    async (version) => {
      const send = await service.request('POST', `/tax_reports/${String(report)}/send_tax_report`, {
        version,
        body: {},
      });
      expect(errorOf(send)).toEqual([404, 'resource_missing', null]);
      expect(send.json.error.message).toContain('was removed in API version 2025-10-13');
      expect(send.json.error.message).toContain('POST /accounts/{account}/tax_reports');
      const projects = await service.request('GET', '/projects', { version });
      expect(errorOf(projects)).toEqual([404, 'resource_missing', null]);
      expect(projects.json.error.message).toContain('use GET /accounts');
      // An unknown path keeps the plain answer.
      const unknown = await service.request('GET', '/nothing_here', { version });
      expect(unknown.json.error.message).toBe('No such endpoint: GET /nothing_here');
    },
  );
});

describe('spec §9: the invoice status filters', () => {
  let service: TestService;
  let account: number;
  const received: Record<string, number> = {};
  beforeAll(async () => {
    service = await startService();
    account = await createAccount(service);
    const create = async (number: string) => {
      const response = await service.request('POST', `/accounts/${String(account)}/invoices`, {
        body: invoiceBody({ type: 'ReceivedInvoice', number }),
      });
      expect(response.status, response.text).toBe(201);
      return response.json.invoice.id as number;
    };
    received.fresh = await create('R-1');
    received.refused = await create('R-2');
    const refused = await service.request('POST', `/invoices/${String(received.refused)}/mark_as`, {
      body: { state: 'refused' },
    });
    expect(refused.status, refused.text).toBe(200);
    const issued = await service.request('POST', `/accounts/${String(account)}/invoices`, {
      body: invoiceBody(),
    });
    expect(issued.status).toBe(201);
  });
  afterAll(() => service.close());

  const listed = async (query: string, version: string = LEGACY) => {
    const response = await service.request(
      'GET',
      version === LEGACY
        ? `/projects/${String(account)}/invoices?${query}`
        : `/accounts/${String(account)}/invoices?${query}`,
      { version },
    );
    return response.status === 200
      ? response.json.invoices.map((invoice: { id: number }) => invoice.id)
      : errorOf(response);
  };

  it('legacy: received_invoice_<state>=1 lists the received invoices in that state; 0 filters nothing', async () => {
    expect(await listed('received_invoice_new=1')).toEqual([received.fresh]);
    expect(await listed('received_invoice_refused=true')).toEqual([received.refused]);
    expect(await listed('received_invoice_error=1')).toEqual([]);
    // `invalid` is no state fiscalkit gives an invoice: nothing, honestly, rather than something else.
    expect(await listed('received_invoice_invalid=1')).toEqual([]);
    const issuedOnly = await listed('');
    expect(await listed('received_invoice_new=0')).toEqual(issuedOnly);
    expect(issuedOnly).not.toContain(received.fresh);
  });

  it('legacy: a flag that is not a boolean is 400, two status filters at once 422', async () => {
    expect(await listed('received_invoice_new=maybe')).toEqual([
      400,
      'invalid_request_params',
      'received_invoice_new',
    ]);
    expect(await listed('received_invoice_new=1&received_invoice_refused=1')).toEqual([
      422,
      'parameter_invalid',
      'received_invoice_refused',
    ]);
  });

  it.each(NEWER)(
    '%s: the removed received_invoice_* filters are 400 naming v2025-10-13, never ignored',
    async (version) => {
      for (const name of [
        'received_invoice_new',
        'received_invoice_error',
        'received_invoice_refused',
        'received_invoice_annotated',
        'received_invoice_invalid',
      ]) {
        const response = await service.request('GET', `/accounts/${String(account)}/invoices?${name}=1`, {
          version,
        });
        expect(errorOf(response), name).toEqual([400, 'invalid_request_params', name]);
        expect(response.json.error.message).toContain('removed in API version 2025-10-13');
      }
    },
  );

  it.each(NEWER)(
    '%s: the deprecated received_invoice_discarded and discarded are still served',
    async (version) => {
      expect(await listed('received_invoice_discarded=1', version)).toEqual([]);
      expect(await listed('type=ReceivedInvoice&discarded=1', version)).toEqual([]);
      expect(await listed('type=ReceivedInvoice&discarded=0', version)).toEqual([
        received.fresh,
        received.refused,
      ]);
      expect(await listed('type=IssuedInvoice&received_invoice_discarded=1', version)).toEqual([
        422,
        'parameter_invalid',
        'received_invoice_discarded',
      ]);
    },
  );
});
