/**
 * Despatch advices over real HTTP: POST /accounts/{account}/despatch_advices (spec §4.6), and
 * fiscalkit's GET /accounts/{account}/despatch_advices and GET /despatch_advices/{id}.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderBody, seedTenants, type Tenants } from '../support/seedTenants.js';
import { OTHER_KEY, startService, type TestResponse, type TestService } from './harness.js';

let service: TestService;
let tenants: Tenants;
let orderId: number;
beforeEach(async () => {
  service = await startService();
  tenants = await seedTenants(service.ports);
  const order = await service.request('POST', `/accounts/${String(tenants.account)}/orders`, {
    body: { order: orderBody(tenants.contact) },
  });
  orderId = order.json.order.id;
});
afterEach(async () => {
  await service.close();
});

const errorOf = (response: TestResponse) => ({
  status: response.status,
  code: response.json?.error?.code,
  param: response.json?.error?.param,
});

function advice(fields: Record<string, unknown> = {}) {
  return {
    despatch_advice: {
      number: 'DA-2026-001',
      date: '2026-04-22',
      delivery_date: '2026-04-23',
      order_id: orderId,
      delivery_address: 'Calle Mayor 1',
      delivery_city: 'Madrid',
      delivery_postalcode: '28001',
      delivery_country: 'ES',
      lines: [{ order_line_number: 1, quantity: '6' }],
      ...fields,
    },
  };
}

const post = (body: unknown, options: { key?: string; version?: string } = {}) =>
  service.request('POST', `/accounts/${String(tenants.account)}/despatch_advices`, { ...options, body });

describe('POST /accounts/{account}/despatch_advices', () => {
  it('creates a despatch advice against an order (201) and reads it back (GET, list)', async () => {
    const created = await post(advice());
    expect(created.status).toBe(201);
    expect(created.json.despatch_advice).toMatchObject({
      account_id: tenants.account,
      number: 'DA-2026-001',
      order_id: orderId,
      order_reference: 'PO-2026-001',
      contact_id: tenants.contact,
      delivery_country: 'ES',
      notes: null,
      lines: [
        {
          line_number: 1,
          description: 'Paper A4, 500 sheets',
          quantity: 6,
          unit: 'box',
          item_code: 'PA4-500',
          order_line_number: 1,
        },
      ],
    });
    const id = created.json.despatch_advice.id as number;
    const read = await service.request('GET', `/despatch_advices/${String(id)}`);
    expect([read.status, read.json]).toEqual([200, created.json]);
    const list = await service.request('GET', `/accounts/${String(tenants.account)}/despatch_advices`);
    expect(list.json).toEqual({
      despatch_advices: [created.json.despatch_advice],
      meta: { total_count: 1, offset: 0, limit: 25, total: 1 },
    });
  });

  it('answers the create status of each version: 200 in v2025-10-13, 204 + Location in the legacy one', async () => {
    const v2025 = await post(advice({ number: 'DA-A' }), { version: '2025-10-13' });
    expect([v2025.status, v2025.json.despatch_advice.number]).toEqual([200, 'DA-A']);
    const legacy = await post(advice({ number: 'DA-B' }), { version: '2025-01-01' });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    expect(legacy.headers.get('Location')).toMatch(new RegExp(`^${service.url}/despatch_advices/\\d+$`));
  });

  it('refuses what does not hold with code and param', async () => {
    expect(errorOf(await post({ advice: {} }))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: 'despatch_advice',
    });
    expect(errorOf(await post(advice({ lines: [] })))).toEqual({
      status: 422,
      code: 'parameter_empty',
      param: 'lines',
    });
    expect(errorOf(await post(advice({ lines: [{ order_line_number: 9, quantity: '1' }] })))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'lines[0].order_line_number',
    });
    expect(
      errorOf(await post(advice({ order_id: null, lines: [{ description: 'Box', quantity: '1' }] }))),
    ).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'contact_id',
    });
    expect(errorOf(await post(advice({ delivery_country: 'XX' })))).toEqual({
      status: 422,
      code: 'parameter_inclusion',
      param: 'delivery_country',
    });
    expect((await post(advice())).status).toBe(201);
    expect(errorOf(await post(advice()))).toEqual({ status: 422, code: 'parameter_taken', param: 'number' });
  });

  it('answers 409 conflict for goods despatched against a cancelled order', async () => {
    await service.request('POST', `/orders/${String(orderId)}/mark_as`, { body: { state: 'cancelled' } });
    expect(errorOf(await post(advice()))).toEqual({ status: 409, code: 'conflict', param: 'order_id' });
  });

  it('keeps tenants apart: 404 for another group, and another group’s order is no order of the account', async () => {
    const id = (await post(advice())).json.despatch_advice.id as number;
    expect(
      errorOf(await service.request('GET', `/despatch_advices/${String(id)}`, { key: OTHER_KEY })),
    ).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'id',
    });
    expect(
      errorOf(
        await service.request('GET', `/accounts/${String(tenants.account)}/despatch_advices`, {
          key: OTHER_KEY,
        }),
      ),
    ).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    expect(errorOf(await post(advice({ number: 'DA-X' }), { key: OTHER_KEY }))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'account',
    });
    // Group 2 naming group 1's order from its own account: the order is not one of its account's.
    const foreign = await service.request(
      'POST',
      `/accounts/${String(tenants.otherAccount)}/despatch_advices`,
      {
        key: OTHER_KEY,
        body: advice({ number: 'DA-X' }),
      },
    );
    expect(errorOf(foreign)).toEqual({ status: 422, code: 'parameter_invalid', param: 'order_id' });
    const listed = await service.request('GET', `/accounts/${String(tenants.account)}/despatch_advices`);
    expect(listed.json.meta.total_count).toBe(1);
  });
});
