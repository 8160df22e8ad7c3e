/**
 * The routes of orders (spec §4.6): GET and POST /accounts/{account}/orders, GET /orders/{id},
 * POST /orders/{id}/mark_as. Bodies wrap the order as `{"order": {...}}` (issue #8); the mark_as body
 * is the bare action `{"state": …, "reason": …}`. A create answers 201 from v2026-03-02, 200 in
 * v2025-10-13 and 204 with `Location` in the legacy version; mark_as 200, or 204 in the legacy
 * version (spec §2.1, api-notes.md §3.2).
 */
import { requireOwnedAccount } from 'fiscalkit/http';
import type { Router } from '../state.js';
import { listFilter, pathId, readJson, resourceBody, send, sendList } from '../wire.js';

/** Registers the routes of orders. */
export function orderRoutes(router: Router): void {
  router.get('/accounts/:account/orders', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Paging and `query` (issue #19); any other parameter is 400.
    const page = listFilter(c, 'orders');
    const found = await c.env.fiscalkit.orders.list(c.env.caller, account, page, page.conditions);
    return sendList(c, 'order', found.items, {
      total_count: found.total_count,
      offset: page.offset,
      limit: page.limit,
    });
  });

  router.post('/accounts/:account/orders', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Another tenant's account is 404 whatever the body holds (the body is read after this).
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const body = await resourceBody(c, 'order', 'order', 'create');
    const order = await c.env.fiscalkit.orders.create(c.env.caller, account, body);
    return send(c, 'order', order, 'created', { location: `/orders/${String(order.id)}` });
  });

  router.get('/orders/:id', async (c) => {
    const order = await c.env.fiscalkit.orders.get(c.env.caller, pathId(c, 'id', 'order'));
    return send(c, 'order', order);
  });

  router.post('/orders/:id/mark_as', async (c) => {
    const id = pathId(c, 'id', 'order');
    const order = await c.env.fiscalkit.orders.markAs(c.env.caller, id, await readJson(c));
    return send(c, 'order', order, 'write');
  });
}
