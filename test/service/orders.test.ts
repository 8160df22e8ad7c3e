/**
 * The order and despatch advice use cases on in-memory ports (spec §4.6; fields, states and rules
 * are fiscalkit's: src/model/order.ts, src/model/despatchAdvice.ts, src/lifecycle/orderState.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { DespatchAdviceSchema } from '../../src/model/despatchAdvice.js';
import { OrderSchema } from '../../src/model/order.js';
import type { Ports } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { orderBody, seedAccount, seedContact, seedTenants, type Tenants } from '../support/seedTenants.js';

const CALLER: Caller = { group_id: 1, api_version: '2026-04-20' };
const OTHER: Caller = { group_id: 2, api_version: '2026-04-20' };

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, param: error.param };
    throw error;
  }
  throw new Error('expected an ApiError');
}

let ports: Ports;
let fiscalkit: Fiscalkit;
let tenants: Tenants;
beforeEach(async () => {
  ports = memoryPorts();
  fiscalkit = createFiscalkit(ports);
  tenants = await seedTenants(ports);
});

describe('orders: create, get, list', () => {
  it('stores a new IssuedOrder with numbered lines, the account currency and the rounded total', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    expect(OrderSchema.parse(order)).toEqual(order);
    expect(order).toMatchObject({
      account_id: tenants.account,
      type: 'IssuedOrder',
      number: 'PO-2026-001',
      contact_id: tenants.contact,
      currency: 'EUR',
      state: 'new',
      state_reason: null,
      notes: null,
      total: '153.69',
    });
    expect(order.lines).toEqual([
      {
        line_number: 1,
        description: 'Paper A4, 500 sheets',
        quantity: '10',
        price: '3.35',
        unit: 'box',
        item_code: 'PA4-500',
      },
      { line_number: 2, description: 'Toner', quantity: '1.5', price: '80.125', unit: null, item_code: null },
    ]);
    expect(await fiscalkit.orders.get(CALLER, order.id)).toEqual(order);
    const page = await fiscalkit.orders.list(CALLER, tenants.account, { offset: 0, limit: 25 });
    expect(page).toEqual({ items: [order], total_count: 1 });
  });

  it('takes the currency sent, with its decimals, and the account rounding method', async () => {
    const truncating = await seedAccount(ports, 1, { rounding_method: 'truncate', currency: 'USD' });
    const contact = await seedContact(ports, truncating);
    const lines = [{ description: 'Bolts', quantity: '3', price: '0.335' }];
    const usd = await fiscalkit.orders.create(CALLER, truncating, orderBody(contact, { lines }));
    expect([usd.currency, usd.total]).toEqual(['USD', '1.00']);
    const kwd = await fiscalkit.orders.create(
      CALLER,
      tenants.account,
      orderBody(tenants.contact, { lines, currency: 'kwd' }),
    );
    expect([kwd.currency, kwd.total]).toEqual(['KWD', '1.005']);
  });

  it('records OrderEvent created and state_changed in the account events', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    await fiscalkit.orders.markAs(CALLER, order.id, { state: 'sent' });
    const events = await fiscalkit.accountEvents.list(CALLER, tenants.account, { offset: 0, limit: 25 });
    expect(
      events.items.map(({ type, name, resource_id, state }) => ({ type, name, resource_id, state })),
    ).toEqual([
      { type: 'OrderEvent', name: 'created', resource_id: order.id, state: 'new' },
      { type: 'OrderEvent', name: 'state_changed', resource_id: order.id, state: 'sent' },
    ]);
  });

  it('refuses a missing field, a bad line, a foreign contact, a written state, a taken number', async () => {
    const create = (body: Record<string, unknown>) =>
      rejection(fiscalkit.orders.create(CALLER, tenants.account, body));
    expect(await create(orderBody(tenants.contact, { number: ' ' }))).toEqual({
      code: 'parameter_blank',
      status: 422,
      param: 'number',
    });
    expect(await create(orderBody(tenants.contact, { lines: [] }))).toMatchObject({
      code: 'parameter_empty',
      param: 'lines',
    });
    expect(
      await create(orderBody(tenants.contact, { lines: [{ description: 'x', quantity: '0', price: '1' }] })),
    ).toMatchObject({ code: 'parameter_invalid', param: 'lines[0].quantity' });
    expect(
      await create(orderBody(tenants.contact, { lines: [{ description: 'x', quantity: 1, price: '1' }] })),
    ).toMatchObject({ code: 'invalid_request_params', status: 400, param: 'lines[0].quantity' });
    expect(await create(orderBody(tenants.otherContact))).toEqual({
      code: 'parameter_invalid',
      status: 422,
      param: 'contact_id',
    });
    expect(await create(orderBody(tenants.contact, { state: 'accepted' }))).toMatchObject({
      code: 'parameter_invalid',
      param: 'state',
    });
    expect(await create(orderBody(tenants.contact, { type: 'Order' }))).toMatchObject({
      code: 'parameter_inclusion',
      param: 'type',
    });
    await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    expect(await create(orderBody(tenants.contact))).toEqual({
      code: 'parameter_taken',
      status: 422,
      param: 'number',
    });
    expect((await fiscalkit.orders.list(CALLER, tenants.account, { offset: 0, limit: 25 })).total_count).toBe(
      1,
    );
  });

  it('numbers issued orders per account and type, received orders per customer', async () => {
    await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    // The same number as a received order from a customer: another series.
    await fiscalkit.orders.create(
      CALLER,
      tenants.account,
      orderBody(tenants.contact, { type: 'ReceivedOrder' }),
    );
    // Another customer may use the same number for its own order.
    await fiscalkit.orders.create(
      CALLER,
      tenants.account,
      orderBody(tenants.secondContact, { type: 'ReceivedOrder' }),
    );
    expect(
      await rejection(
        fiscalkit.orders.create(
          CALLER,
          tenants.account,
          orderBody(tenants.contact, { type: 'ReceivedOrder' }),
        ),
      ),
    ).toMatchObject({ code: 'parameter_taken', param: 'number' });
    // Another tenant's numbers are its own.
    await fiscalkit.orders.create(OTHER, tenants.otherAccount, orderBody(tenants.otherContact));
  });

  it('never shows or lets another group touch an account or its orders (404 resource_missing)', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    expect(await rejection(fiscalkit.orders.get(OTHER, order.id))).toEqual({
      code: 'resource_missing',
      status: 404,
      param: 'id',
    });
    expect(await rejection(fiscalkit.orders.markAs(OTHER, order.id, { state: 'sent' }))).toMatchObject({
      code: 'resource_missing',
    });
    expect(await rejection(fiscalkit.orders.list(OTHER, tenants.account, { offset: 0, limit: 25 }))).toEqual({
      code: 'resource_missing',
      status: 404,
      param: 'account',
    });
    expect(
      await rejection(
        fiscalkit.orders.create(OTHER, tenants.account, orderBody(tenants.contact, { number: 'X' })),
      ),
    ).toMatchObject({ code: 'resource_missing', param: 'account' });
    expect((await fiscalkit.orders.get(CALLER, order.id)).state).toBe('new');
  });
});

describe('orders: mark_as', () => {
  it('moves the state, keeps the reason, and answers a repeat with the order unchanged', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    const sent = await fiscalkit.orders.markAs(CALLER, order.id, { state: 'sent' });
    expect(sent).toEqual({ ...order, state: 'sent' });
    const refused = await fiscalkit.orders.markAs(CALLER, order.id, {
      state: 'refused',
      reason: 'Out of stock',
    });
    expect([refused.state, refused.state_reason]).toEqual(['refused', 'Out of stock']);
    expect(await fiscalkit.orders.markAs(CALLER, order.id, { state: 'refused' })).toEqual(refused);
    expect(await fiscalkit.orders.get(CALLER, order.id)).toEqual(refused);
  });

  it('answers 409 conflict for a forbidden move and 422 for a state outside the catalogue', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    await fiscalkit.orders.markAs(CALLER, order.id, { state: 'cancelled' });
    expect(await rejection(fiscalkit.orders.markAs(CALLER, order.id, { state: 'accepted' }))).toEqual({
      code: 'conflict',
      status: 409,
      param: 'state',
    });
    expect(await rejection(fiscalkit.orders.markAs(CALLER, order.id, { state: 'shipped' }))).toEqual({
      code: 'parameter_inclusion',
      status: 422,
      param: 'state',
    });
    expect(await rejection(fiscalkit.orders.markAs(CALLER, order.id, {}))).toMatchObject({
      code: 'parameter_blank',
      param: 'state',
    });
    expect(await rejection(fiscalkit.orders.markAs(CALLER, order.id, { state: 3 }))).toMatchObject({
      code: 'invalid_request_params',
      param: 'state',
    });
    expect((await fiscalkit.orders.get(CALLER, order.id)).state).toBe('cancelled');
  });

  /** Makes the next update of the order lose a race: another writer stores `state` first. */
  function raceOnce(state: 'sent' | 'refused') {
    const repository = ports.store.orders;
    const update = repository.update.bind(repository);
    let raced = false;
    repository.update = async (value, version) => {
      if (!raced) {
        raced = true;
        const current = await repository.get(value.account_id, value.id);
        if (current !== null) await update({ ...current.value, state }, current.version);
      }
      return update(value, version);
    };
  }

  it('judges the move again when another writer changed the order meanwhile (no lost update)', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    // Someone refused the order between our read and our write: accepting it is now a conflict.
    raceOnce('refused');
    expect(await rejection(fiscalkit.orders.markAs(CALLER, order.id, { state: 'accepted' }))).toMatchObject({
      code: 'conflict',
      status: 409,
    });
    expect((await fiscalkit.orders.get(CALLER, order.id)).state).toBe('refused');
  });

  it('applies the move on top of a concurrent change that still allows it', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    raceOnce('sent');
    const accepted = await fiscalkit.orders.markAs(CALLER, order.id, { state: 'accepted' });
    expect(accepted.state).toBe('accepted');
    expect((await ports.store.orders.get(tenants.account, order.id))?.version).toBe(3);
  });
});

describe('despatch advices', () => {
  it('delivers against an order: contact, reference and line details taken from it', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    const advice = await fiscalkit.despatchAdvices.create(CALLER, tenants.account, {
      number: 'DA-1',
      date: '2026-04-22',
      order_id: order.id,
      delivery_country: 'es',
      lines: [
        { order_line_number: 1, quantity: '6' },
        { order_line_number: 2, quantity: '1.5', description: 'Toner cartridge (black)' },
        { description: 'Free sample', quantity: '1' },
      ],
    });
    expect(DespatchAdviceSchema.parse(advice)).toEqual(advice);
    expect(advice).toMatchObject({
      order_id: order.id,
      order_reference: 'PO-2026-001',
      contact_id: tenants.contact,
      delivery_country: 'ES',
      delivery_date: null,
    });
    expect(advice.lines).toEqual([
      {
        line_number: 1,
        description: 'Paper A4, 500 sheets',
        quantity: '6',
        unit: 'box',
        item_code: 'PA4-500',
        order_line_number: 1,
      },
      {
        line_number: 2,
        description: 'Toner cartridge (black)',
        quantity: '1.5',
        unit: null,
        item_code: null,
        order_line_number: 2,
      },
      {
        line_number: 3,
        description: 'Free sample',
        quantity: '1',
        unit: null,
        item_code: null,
        order_line_number: null,
      },
    ]);
    expect(await fiscalkit.despatchAdvices.get(CALLER, advice.id)).toEqual(advice);
    const events = await fiscalkit.accountEvents.list(CALLER, tenants.account, { offset: 0, limit: 25 });
    expect(events.items.at(-1)).toMatchObject({
      type: 'DespatchAdviceEvent',
      name: 'created',
      resource_id: advice.id,
    });
  });

  it('delivers without an order in fiscalkit, naming the buyer’s order as text', async () => {
    const advice = await fiscalkit.despatchAdvices.create(CALLER, tenants.account, {
      number: 'DA-2',
      date: '2026-04-22',
      order_reference: 'EXT-PO-77',
      contact_id: tenants.contact,
      lines: [{ description: 'Pallet', quantity: '2', unit: 'pc' }],
    });
    expect([advice.order_id, advice.order_reference, advice.contact_id]).toEqual([
      null,
      'EXT-PO-77',
      tenants.contact,
    ]);
  });

  it('refuses references that do not hold, each at its param', async () => {
    const order = await fiscalkit.orders.create(CALLER, tenants.account, orderBody(tenants.contact));
    const foreign = await fiscalkit.orders.create(
      OTHER,
      tenants.otherAccount,
      orderBody(tenants.otherContact),
    );
    const base = { number: 'DA-9', date: '2026-04-22', lines: [{ order_line_number: 1, quantity: '1' }] };
    const create = (body: Record<string, unknown>) =>
      rejection(fiscalkit.despatchAdvices.create(CALLER, tenants.account, body));
    expect(await create({ ...base, order_id: foreign.id })).toEqual({
      code: 'parameter_invalid',
      status: 422,
      param: 'order_id',
    });
    expect(await create({ ...base, contact_id: tenants.contact })).toMatchObject({
      code: 'parameter_invalid',
      param: 'lines[0].order_line_number',
    });
    expect(
      await create({ ...base, order_id: order.id, lines: [{ order_line_number: 3, quantity: '1' }] }),
    ).toMatchObject({
      code: 'parameter_invalid',
      param: 'lines[0].order_line_number',
    });
    expect(await create({ ...base, lines: [{ quantity: '1' }], contact_id: tenants.contact })).toMatchObject({
      code: 'parameter_blank',
      param: 'lines[0].description',
    });
    expect(await create({ ...base, lines: [{ description: 'x', quantity: '1' }] })).toMatchObject({
      code: 'parameter_blank',
      param: 'contact_id',
    });
    expect(await create({ ...base, order_id: order.id, contact_id: tenants.secondContact })).toMatchObject({
      code: 'parameter_invalid',
      param: 'contact_id',
    });
    expect(await create({ ...base, order_id: order.id, order_reference: 'PO-OTHER' })).toMatchObject({
      code: 'parameter_invalid',
      param: 'order_reference',
    });
    expect(
      await create({
        ...base,
        lines: [{ description: 'x', quantity: '1' }],
        contact_id: tenants.otherContact,
      }),
    ).toMatchObject({ code: 'parameter_invalid', param: 'contact_id' });
    expect(
      await create({ ...base, order_id: order.id, lines: [{ order_line_number: 1, quantity: '-1' }] }),
    ).toMatchObject({ code: 'parameter_invalid', param: 'lines[0].quantity' });
    await fiscalkit.orders.markAs(CALLER, order.id, { state: 'refused' });
    expect(await create({ ...base, order_id: order.id })).toEqual({
      code: 'conflict',
      status: 409,
      param: 'order_id',
    });
    expect(
      (await fiscalkit.despatchAdvices.list(CALLER, tenants.account, { offset: 0, limit: 25 })).total_count,
    ).toBe(0);
  });

  it('refuses a number already used in the account (parameter_taken), not in another', async () => {
    const body = {
      number: 'DA-1',
      date: '2026-04-22',
      contact_id: tenants.contact,
      lines: [{ description: 'x', quantity: '1' }],
    };
    await fiscalkit.despatchAdvices.create(CALLER, tenants.account, body);
    expect(await rejection(fiscalkit.despatchAdvices.create(CALLER, tenants.account, body))).toEqual({
      code: 'parameter_taken',
      status: 422,
      param: 'number',
    });
    await fiscalkit.despatchAdvices.create(OTHER, tenants.otherAccount, {
      ...body,
      contact_id: tenants.otherContact,
    });
  });

  it('keeps tenants apart (404 resource_missing)', async () => {
    const advice = await fiscalkit.despatchAdvices.create(CALLER, tenants.account, {
      number: 'DA-1',
      date: '2026-04-22',
      contact_id: tenants.contact,
      lines: [{ description: 'x', quantity: '1' }],
    });
    expect(await rejection(fiscalkit.despatchAdvices.get(OTHER, advice.id))).toMatchObject({
      code: 'resource_missing',
      status: 404,
    });
    expect(
      await rejection(fiscalkit.despatchAdvices.list(OTHER, tenants.account, { offset: 0, limit: 25 })),
    ).toMatchObject({
      code: 'resource_missing',
      param: 'account',
    });
  });
});
