/**
 * List filters over real HTTP (issue #19): the invoice list's `number`, date ranges, `updated_at`,
 * `contact_id`, customer TIN and CIN (`query` from v2026-03-02, `taxcode` before), state flags, `ack`
 * and `type`; the contacts' `name`, `is_client`, `is_provider` (the official PHP client's example) and
 * `query`; the accounts' `query` (api-notes.md §3.2 `country=es AND tin_scheme=9920`); `query` on the
 * other lists; and every list refusing a parameter it does not take with 400 `invalid_request_params`
 * naming it, instead of silently answering a wider list. Lists carry `meta.total` beside `total_count`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/adapters/memory/clock.js';
import { createAccount, startService, type TestResponse, type TestService } from './harness.js';
import { createTestInvoice, INLINE_CONTACT_TIN } from './invoiceSupport.js';

let service: TestService;
let account: number;
beforeEach(async () => {
  service = await startService();
  account = await createAccount(service);
});
afterEach(async () => {
  await service.close();
});

const failure = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const OTHER_TIN = 'A58818501';

describe('GET /accounts/{account}/invoices filters (issue #19)', () => {
  /** Three invoices: two for the inline contact, one for another customer, written at different times. */
  async function threeInvoices() {
    const clock = service.ports.clock as ManualClock;
    const first = await createTestInvoice(service, account, {
      number: 'F-1',
      date: '2026-03-01',
      due_date: '2026-03-31',
    });
    clock.advance(60_000);
    const second = await createTestInvoice(service, account, {
      number: 'F-2',
      date: '2026-04-10',
      due_date: '2026-05-10',
      contact: {
        name: 'Construcciones Sur SA',
        country: 'ES',
        tin_scheme: '9920',
        tin_value: OTHER_TIN,
        cin_scheme: '0002',
        cin_value: 'SUR-001',
      },
    });
    clock.advance(60_000);
    const third = await createTestInvoice(service, account, { number: 'F-3', date: '2026-04-20' });
    return { first, second, third };
  }

  const listed = async (query: string, version?: string) => {
    const response = await service.request('GET', `/accounts/${account}/invoices?${query}`, {
      ...(version === undefined ? {} : { version }),
    });
    if (response.status !== 200) return failure(response);
    return response.json.invoices.map((invoice: { number: string }) => invoice.number);
  };

  it('number, date and due date ranges (both ends included), contact_id', async () => {
    const { second } = await threeInvoices();
    expect(await listed('number=F-2')).toEqual(['F-2']);
    expect(await listed('number=F')).toEqual([]);
    expect(await listed('date_from=2026-04-10')).toEqual(['F-2', 'F-3']);
    expect(await listed('date_to=2026-04-10')).toEqual(['F-1', 'F-2']);
    expect(await listed('date_from=2026-04-01&date_to=2026-04-15')).toEqual(['F-2']);
    expect(await listed('due_date_from=2026-05-01&due_date_to=2026-05-15')).toEqual(['F-2']);
    expect(await listed('due_date_to=2026-03-31')).toEqual(['F-1']);
    expect(await listed(`contact_id=${String(second.contact_id)}`)).toEqual(['F-2']);
  });

  it('updated_at lists the invoices written later than it (a date, or an instant with Z or an offset)', async () => {
    await threeInvoices();
    // The manual clock starts at 2026-04-20T10:40:00Z; the invoices were written then, 1 and 2 minutes later.
    expect(await listed('updated_at=2026-04-20')).toEqual(['F-1', 'F-2', 'F-3']);
    expect(await listed('updated_at=2026-04-20T10:40:00Z')).toEqual(['F-2', 'F-3']);
    expect(await listed(`updated_at=${encodeURIComponent('2026-04-20T12:41:00+02:00')}`)).toEqual(['F-3']);
    // A PATCH is a write.
    const first = (await service.request('GET', `/accounts/${account}/invoices?number=F-1`)).json.invoices[0];
    (service.ports.clock as ManualClock).advance(60_000);
    await service.request('PATCH', `/invoices/${first.id}`, { body: { invoice: { notes: 'late' } } });
    expect(await listed('updated_at=2026-04-20T10:41:30Z')).toEqual(['F-1', 'F-3']);
  });

  it('the customer’s TIN and CIN: query from v2026-03-02, taxcode before it', async () => {
    await threeInvoices();
    expect(await listed(`query=tin_value=${OTHER_TIN}`)).toEqual(['F-2']);
    expect(
      await listed(`query=${encodeURIComponent(`tin_scheme=9920 AND tin_value=${INLINE_CONTACT_TIN}`)}`),
    ).toEqual(['F-1', 'F-3']);
    expect(await listed('query=cin_value=SUR-001')).toEqual(['F-2']);
    expect(await listed(`taxcode=9920:${OTHER_TIN}`, '2025-10-13')).toEqual(['F-2']);
    expect(await listed(`taxcode=${INLINE_CONTACT_TIN}`, '2025-10-13')).toEqual(['F-1', 'F-3']);
    expect(await listed(`taxcode=${OTHER_TIN}`, '2026-03-02')).toEqual([
      400,
      'invalid_request_params',
      'taxcode',
    ]);
    expect(await listed(`query=tin_value=${OTHER_TIN}`, '2025-10-13')).toEqual([
      400,
      'invalid_request_params',
      'query',
    ]);
    expect(await listed('query=name=ACME')).toEqual([400, 'invalid_request_params', 'query']);
    expect(await listed(`query=${encodeURIComponent('tin_value=X OR cin_value=Y')}`)).toEqual([
      400,
      'invalid_request_params',
      'query',
    ]);
  });

  it('state flags, ack and type', async () => {
    const { second } = await threeInvoices();
    await service.request('POST', `/invoices/${second.id}/mark_as`, { body: { state: 'sent' } });
    await service.request('POST', `/invoices/${second.id}/ack`);
    expect(await listed('sent=1')).toEqual(['F-2']);
    expect(await listed('new=true')).toEqual(['F-1', 'F-3']);
    expect(await listed('new=0')).toEqual(['F-1', 'F-2', 'F-3']);
    expect(await listed('ack=1')).toEqual(['F-2']);
    expect(await listed('ack=false&date_from=2026-04-01')).toEqual(['F-3']);
    expect(await listed('type=ReceivedInvoice')).toEqual([]);
    expect(await listed('new=1&sent=1')).toEqual([422, 'parameter_invalid', 'sent']);
    expect(await listed('paid=maybe')).toEqual([400, 'invalid_request_params', 'paid']);
  });

  it('a filter of the wrong type, or one the list does not take, is 400 invalid_request_params naming it', async () => {
    await threeInvoices();
    expect(await listed('date_from=yesterday')).toEqual([400, 'invalid_request_params', 'date_from']);
    expect(await listed('due_date_to=2026-02-30')).toEqual([400, 'invalid_request_params', 'due_date_to']);
    expect(await listed('updated_at=soon')).toEqual([400, 'invalid_request_params', 'updated_at']);
    expect(await listed('contact_id=abc')).toEqual([400, 'invalid_request_params', 'contact_id']);
    expect(await listed('number=F-1&number=F-2')).toEqual([400, 'invalid_request_params', 'number']);
    expect(await listed('colour=red')).toEqual([400, 'invalid_request_params', 'colour']);
    expect(await listed('allegedly_paid=1')).toEqual([400, 'invalid_request_params', 'allegedly_paid']);
    // Paging and the version's own filters stay accepted: the legacy `type` is ignored, as it was.
    expect(await listed('limit=1&offset=1')).toEqual(['F-2']);
    const legacy = await service.request('GET', `/projects/${account}/invoices.json?type=ReceivedInvoice`, {
      version: '2025-01-01',
    });
    expect(legacy.status).toBe(200);
  });
});

describe('GET /accounts/{account}/contacts filters (issue #19, the official PHP client’s example)', () => {
  const post = (contact: object) =>
    service.request('POST', `/accounts/${account}/contacts`, { body: { contact } });
  const listed = async (query: string, version?: string) => {
    const response = await service.request('GET', `/accounts/${account}/contacts?${query}`, {
      ...(version === undefined ? {} : { version }),
    });
    if (response.status !== 200) return failure(response);
    expect(response.json.meta.total).toBe(response.json.meta.total_count);
    return response.json.contacts.map((contact: { name: string }) => contact.name);
  };

  it('name searches name, address and TIN; is_client and is_provider are flags; query compares fields', async () => {
    await post({
      name: 'Example Trading SL',
      country: 'ES',
      tin_value: INLINE_CONTACT_TIN,
      is_provider: false,
    });
    await post({ name: 'Norte SA', country: 'ES', address: 'Calle EXAMPLE 3', is_client: false });
    await post({ name: 'Sur SL', country: 'PT', tin_scheme: '9946', tin_value: '123456789' });
    expect(await listed('name=example')).toEqual(['Example Trading SL', 'Norte SA']);
    expect(await listed('name=B7654')).toEqual(['Example Trading SL']);
    expect(await listed('is_client=1')).toEqual(['Example Trading SL', 'Sur SL']);
    expect(await listed('is_provider=true&is_client=false')).toEqual(['Norte SA']);
    expect(await listed('query=country=pt')).toEqual(['Sur SL']);
    expect(
      await listed(`query=${encodeURIComponent(`country=ES AND tin_value=${INLINE_CONTACT_TIN}`)}`),
    ).toEqual(['Example Trading SL']);
    expect(await listed('is_client=perhaps')).toEqual([400, 'invalid_request_params', 'is_client']);
    expect(await listed('integration_code=ERP-1')).toEqual([
      400,
      'invalid_request_params',
      'integration_code',
    ]);
    expect(await listed('query=email=x@y.example')).toEqual([400, 'invalid_request_params', 'query']);
    expect(await listed('query=country=ES', '2025-10-13')).toEqual([400, 'invalid_request_params', 'query']);
  });
});

describe('query on the other lists (issue #19, api-notes.md §3.2)', () => {
  it('accounts: query=country=es AND tin_scheme=9920', async () => {
    await createAccount(service, {
      name: 'Polska',
      country: 'PL',
      tin_scheme: '9945',
      tin_value: '5260250274',
    });
    const found = await service.request(
      'GET',
      `/accounts?query=${encodeURIComponent('country=es AND tin_scheme=9920')}`,
    );
    expect(found.status).toBe(200);
    expect(found.json.accounts.map((item: { id: number }) => item.id)).toEqual([account]);
    expect(found.json.meta).toEqual({ total_count: 1, offset: 0, limit: 25, total: 1 });
    expect(failure(await service.request('GET', '/accounts?query=country'))).toEqual([
      400,
      'invalid_request_params',
      'query',
    ]);
    expect(failure(await service.request('GET', '/accounts?country=ES'))).toEqual([
      400,
      'invalid_request_params',
      'country',
    ]);
  });

  it('transports, web hooks and the rest take query over their fields, and refuse other parameters', async () => {
    await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'email', invoice: true } },
    });
    const transports = await service.request(
      'GET',
      `/accounts/${account}/transports?query=transport_type_code=email`,
    );
    expect([transports.status, transports.json.meta.total]).toEqual([200, 1]);
    const none = await service.request(
      'GET',
      `/accounts/${account}/transports?query=transport_type_code=peppol`,
    );
    expect(none.json.meta.total).toBe(0);
    for (const path of [
      `/accounts/${account}/transports?type=email`,
      `/accounts/${account}/bank_accounts?default=1`,
      `/accounts/${account}/events?since=2026-01-01`,
      `/accounts/${account}/orders?state=new`,
      `/accounts/${account}/despatch_advices?number=1`,
      `/accounts/${account}/web_hooks?enabled=1`,
      `/accounts/${account}/web_hook_deliveries?status=failed`,
      `/accounts/${account}/tax_reports?sent_at_from=2026-01-01`,
      '/countries?locale=es',
    ]) {
      const response = await service.request('GET', path);
      const name = path.slice(path.indexOf('?') + 1).split('=')[0];
      expect([path, ...failure(response)]).toEqual([path, 400, 'invalid_request_params', name]);
    }
    const web_hooks = await service.request('GET', `/accounts/${account}/web_hooks?query=enabled=1`);
    expect([web_hooks.status, web_hooks.json.meta]).toEqual([
      200,
      { total_count: 0, offset: 0, limit: 25, total: 0 },
    ]);
  });
});
