/**
 * The routes of despatch advices: POST /accounts/{account}/despatch_advices (spec §4.6), and — as
 * fiscalkit's addition, since the spec lists only the create — GET /accounts/{account}/despatch_advices
 * and GET /despatch_advices/{id}, so that a despatch advice once created can be read back. Bodies wrap
 * it as `{"despatch_advice": {...}}`; a create answers 201 / 200 / 204 by version (spec §2.1).
 */
import { requireOwnedAccount } from 'fiscalkit/http';
import type { Router } from '../state.js';
import { listFilter, pathId, resourceBody, send, sendList } from '../wire.js';

/** Registers the routes of despatch advices. */
export function despatchAdviceRoutes(router: Router): void {
  router.get('/accounts/:account/despatch_advices', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Paging and `query` (issue #19); any other parameter is 400.
    const page = listFilter(c, 'despatch_advices');
    const found = await c.env.fiscalkit.despatchAdvices.list(c.env.caller, account, page, page.conditions);
    return sendList(c, 'despatch_advice', found.items, {
      total_count: found.total_count,
      offset: page.offset,
      limit: page.limit,
    });
  });

  router.post('/accounts/:account/despatch_advices', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Another tenant's account is 404 whatever the body holds (the body is read after this).
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const body = await resourceBody(c, 'despatch_advice', 'despatch_advice', 'create');
    const advice = await c.env.fiscalkit.despatchAdvices.create(c.env.caller, account, body);
    return send(c, 'despatch_advice', advice, 'created', {
      location: `/despatch_advices/${String(advice.id)}`,
    });
  });

  router.get('/despatch_advices/:id', async (c) => {
    const id = pathId(c, 'id', 'despatch advice');
    return send(c, 'despatch_advice', await c.env.fiscalkit.despatchAdvices.get(c.env.caller, id));
  });
}
