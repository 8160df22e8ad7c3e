/**
 * Orders over real HTTP (spec §4.6: GET, POST /accounts/{account}/orders; GET /orders/{id}; POST
 * /orders/{id}/mark_as): bodies wrapped as `{"order": …}`, amounts as JSON numbers, the create
 * status of each version, mark_as conflicts, errors with code and param, tenant isolation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderBody, seedTenants, type Tenants } from '../support/seedTenants.js';
import { OTHER_KEY, startService, type TestResponse, type TestService } from './harness.js';

let service: TestService;
let tenants: Tenants;
beforeEach(async () => {
  service = await startService();
  tenants = await seedTenants(service.ports);
});
afterEach(async () => {
  await service.close();
});

const errorOf = (response: TestResponse) => ({
  status: response.status,
  code: response.json?.error?.code,
  param: response.json?.error?.param,
});

async function createOrder(fields: Record<string, unknown> = {}): Promise<TestResponse> {
  return service.request('POST', `/accounts/${String(tenants.account)}/orders`, {
    body: { order: orderBody(tenants.contact, fields) },
  });
}

describe('POST /accounts/{account}/orders, GET /orders/{id}, GET /accounts/{account}/orders', () => {
  it('creates an order (201), answers it wrapped with amounts as JSON numbers, and reads it back', async () => {
    const created = await createOrder();
    expect(created.status).toBe(201);
    const order = created.json.order;
    expect(order).toMatchObject({
      account_id: tenants.account,
      type: 'IssuedOrder',
      number: 'PO-2026-001',
      date: '2026-04-20',
      delivery_date: '2026-04-30',
      contact_id: tenants.contact,
      currency: 'EUR',
      buyer_reference: 'DEPT-7',
      notes: null,
      state: 'new',
      state_reason: null,
    });
    // Exact decimals on the wire: the total with the currency's two decimals, prices as given.
    expect(created.text).toContain('"total":153.69');
    expect(created.text).toContain('"price":80.125');
    expect(created.text).toContain('"quantity":1.5');
    expect(order.lines.map((line: { line_number: number }) => line.line_number)).toEqual([1, 2]);
    expect(created.headers.get('X-B2B-API-Request-Id')).toMatch(/^\d+$/);

    const read = await service.request('GET', `/orders/${String(order.id)}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);

    await createOrder({ number: 'PO-2026-002' });
    const list = await service.request('GET', `/accounts/${String(tenants.account)}/orders?limit=1&offset=1`);
    expect(list.status).toBe(200);
    expect(Object.keys(list.json)).toEqual(['orders', 'meta']);
    expect(list.json.meta).toEqual({ total_count: 2, offset: 1, limit: 1, total: 2 });
    expect(list.json.orders.map((entry: { number: string }) => entry.number)).toEqual(['PO-2026-002']);
  });

  it('accepts amounts sent as JSON numbers without losing digits', async () => {
    const response = await service.request('POST', `/accounts/${String(tenants.account)}/orders`, {
      body: `{"order": {"number": "PO-N", "date": "2026-04-20", "contact_id": ${String(tenants.contact)},
        "lines": [{"description": "Screws", "quantity": 3, "price": 0.33333333}]}}`,
    });
    expect(response.status).toBe(201);
    expect(response.text).toContain('"price":0.33333333');
    expect(response.text).toContain('"total":1.00');
  });

  it('answers the create status of each version: 201 (v2026-03-02), 200 (v2025-10-13), 204 + Location (legacy)', async () => {
    expect(
      (
        await service.request('POST', `/accounts/${String(tenants.account)}/orders`, {
          version: '2026-03-02',
          body: { order: orderBody(tenants.contact, { number: 'V-1' }) },
        })
      ).status,
    ).toBe(201);
    const v2025 = await service.request('POST', `/accounts/${String(tenants.account)}/orders`, {
      version: '2025-10-13',
      body: { order: orderBody(tenants.contact, { number: 'V-2' }) },
    });
    expect(v2025.status).toBe(200);
    expect(v2025.json.order.number).toBe('V-2');
    const legacy = await service.request('POST', `/projects/${String(tenants.account)}/orders.json`, {
      version: '2025-01-01',
      body: { order: orderBody(tenants.contact, { number: 'V-3' }) },
    });
    expect(legacy.status).toBe(204);
    expect(legacy.text).toBe('');
    const location = legacy.headers.get('Location') ?? '';
    expect(location).toMatch(new RegExp(`^${service.url}/orders/\\d+$`));
    const read = await service.request('GET', location.slice(service.url.length));
    expect(read.json.order.number).toBe('V-3');
  });

  it('refuses bad bodies with 400 or 422, code and param', async () => {
    const post = (body: unknown) =>
      service.request('POST', `/accounts/${String(tenants.account)}/orders`, { body });
    expect(errorOf(await post(orderBody(tenants.contact)))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: 'order',
    });
    expect(errorOf(await post('{"order": {'))).toMatchObject({ status: 400, code: 'invalid_request_params' });
    expect(errorOf(await post({ order: orderBody(tenants.contact, { date: '20-04-2026' }) }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'date',
    });
    expect(errorOf(await post({ order: orderBody(tenants.contact, { contact_id: null }) }))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'contact_id',
    });
    expect(
      errorOf(
        await post({
          order: orderBody(tenants.contact, { lines: [{ description: 'x', quantity: true, price: '1' }] }),
        }),
      ),
    ).toEqual({ status: 400, code: 'invalid_request_params', param: 'lines[0].quantity' });
    expect(errorOf(await post({ order: orderBody(tenants.otherContact) }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'contact_id',
    });
    expect(errorOf(await post({ order: orderBody(tenants.contact, { state: 'accepted' }) }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'state',
    });
    expect((await post({ order: orderBody(tenants.contact) })).status).toBe(201);
    const taken = await post({ order: orderBody(tenants.contact) });
    expect(errorOf(taken)).toEqual({ status: 422, code: 'parameter_taken', param: 'number' });
    expect(taken.json.error.type).toBe('invalid_request_error');
    expect(taken.json.error.request_log_url).toBe(
      `${service.url}/request_logs/${String(taken.headers.get('X-B2B-API-Request-Id'))}`,
    );
  });

  it('answers 404 resource_missing for an id that cannot exist or does not', async () => {
    expect(errorOf(await service.request('GET', '/orders/abc'))).toMatchObject({
      status: 404,
      code: 'resource_missing',
    });
    expect(errorOf(await service.request('GET', '/orders/999999'))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'id',
    });
    expect(errorOf(await service.request('GET', '/accounts/999999/orders'))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'account',
    });
  });
});

describe('POST /orders/{id}/mark_as', () => {
  it('moves the order and answers it (200); a repeat answers the same order', async () => {
    const id = (await createOrder()).json.order.id as number;
    const sent = await service.request('POST', `/orders/${String(id)}/mark_as`, { body: { state: 'sent' } });
    expect(sent.status).toBe(200);
    expect(sent.json.order).toMatchObject({ id, state: 'sent', state_reason: null });
    const refused = await service.request('POST', `/orders/${String(id)}/mark_as`, {
      body: { state: 'refused', reason: 'Prices changed' },
    });
    expect(refused.json.order).toMatchObject({ state: 'refused', state_reason: 'Prices changed' });
    const again = await service.request('POST', `/orders/${String(id)}/mark_as`, {
      body: { state: 'refused' },
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(refused.json);
  });

  it('answers 409 conflict for a forbidden move, 422 for an unknown state, 400 without a body', async () => {
    const id = (await createOrder()).json.order.id as number;
    const markAs = (body?: unknown) =>
      service.request('POST', `/orders/${String(id)}/mark_as`, body === undefined ? {} : { body });
    expect((await markAs({ state: 'accepted' })).status).toBe(200);
    const conflict = await markAs({ state: 'sent' });
    expect(errorOf(conflict)).toEqual({ status: 409, code: 'conflict', param: 'state' });
    expect(conflict.json.error.message).toBe(
      'an order that is accepted can be marked as closed, cancelled, not sent',
    );
    expect(errorOf(await markAs({ state: 'paid' }))).toEqual({
      status: 422,
      code: 'parameter_inclusion',
      param: 'state',
    });
    expect(errorOf(await markAs({ state: '' }))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'state',
    });
    expect(errorOf(await markAs())).toMatchObject({ status: 400, code: 'invalid_request_params' });
    expect((await service.request('GET', `/orders/${String(id)}`)).json.order.state).toBe('accepted');
  });

  it('answers 204 with no body in the legacy version', async () => {
    const id = (await createOrder()).json.order.id as number;
    const legacy = await service.request('POST', `/orders/${String(id)}/mark_as`, {
      version: '2025-01-01',
      body: { state: 'sent' },
    });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    expect((await service.request('GET', `/orders/${String(id)}`)).json.order.state).toBe('sent');
  });
});

describe('tenant isolation (another group’s key)', () => {
  it('never reads, lists, creates in or moves another group’s orders: 404 resource_missing', async () => {
    const id = (await createOrder()).json.order.id as number;
    const other = { key: OTHER_KEY };
    expect(errorOf(await service.request('GET', `/orders/${String(id)}`, other))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'id',
    });
    expect(
      errorOf(await service.request('GET', `/accounts/${String(tenants.account)}/orders`, other)),
    ).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'account',
    });
    expect(
      errorOf(
        await service.request('POST', `/accounts/${String(tenants.account)}/orders`, {
          ...other,
          body: { order: orderBody(tenants.contact, { number: 'INTRUDER' }) },
        }),
      ),
    ).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    // Whatever the body holds: the account is checked before the body is read.
    const malformed = await service.request('POST', `/accounts/${String(tenants.account)}/orders`, {
      ...other,
      body: '{"order": ',
    });
    expect(errorOf(malformed)).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    expect(
      errorOf(
        await service.request('POST', `/orders/${String(id)}/mark_as`, {
          ...other,
          body: { state: 'cancelled' },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'resource_missing' });
    const mine = await service.request('GET', `/accounts/${String(tenants.account)}/orders`);
    expect(
      mine.json.orders.map((order: { number: string; state: string }) => [order.number, order.state]),
    ).toEqual([['PO-2026-001', 'new']]);
    // The other group sees its own account's (empty) list.
    const theirs = await service.request('GET', `/accounts/${String(tenants.otherAccount)}/orders`, other);
    expect([theirs.status, theirs.json.meta.total_count]).toEqual([200, 0]);
  });
});
