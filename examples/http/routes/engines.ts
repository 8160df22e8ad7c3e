/**
 * The routes of the engines (issue #7) and of webhook subscriptions:
 *
 * - SII tax report batches (spec §4.1, §2.11; path api-notes.md §4): POST
 *   /accounts/{account}/tax_report_batches answers 202 `{batch_id, status_url}` (not wrapped: the
 *   spec's acceptance body); GET /accounts/{account}/tax_report_batches/{id} answers the status record
 *   wrapped as `{"tax_report_batch": {...}}`, like every other resource (issue #8), whose shape is
 *   fiscalkit's (`TaxReportBatchSchema`; spec §2.11 "not shown"). Without a version header nor a
 *   group version, these two default to 2026-06-26 (spec §4.1 rule 5; `app.ts` resolves it).
 * - TIN verifications (spec §4.3, §2.10): POST /tin_verifications?country=es with the bare array of
 *   pairs answers 202 with the bare `{id, status, results}`; GET /tin_verifications/{id}. Only from
 *   v2026-04-20 (spec §9), 404 `resource_missing` before.
 * - Webhook subscriptions (spec §2.12, §6; paths fiscalkit's, DESIGN.md): GET, POST
 *   /accounts/{account}/web_hooks; GET, PUT, PATCH, DELETE /web_hooks/{id}; and GET
 *   /accounts/{account}/web_hook_deliveries (fiscalkit's), the account's deliveries with every
 *   attempt, so a receiver that missed events can see what was sent and what it answered.
 */
import { type JsonObject, normalizeRequest, serialize } from 'fiscalkit';
import { listAll, ownedRecord, requireOwnedAccount } from 'fiscalkit/http';
import type { WebhookSubscription } from 'fiscalkit/model';
import type { Ports } from 'fiscalkit/ports';
import type { Router } from '../state.js';
import {
  isObject,
  listFilter,
  pathId,
  type RouteContext,
  readJson,
  requireEndpoint,
  send,
  sendJson,
  sendList,
} from '../wire.js';

/** Registers the routes of tax report batches, TIN verifications, webhook subscriptions. */
export function engineRoutes(router: Router): void {
  taxReportBatchRoutes(router);
  tinVerificationRoutes(router);
  webHookRoutes(router);
}

// ─── Tax report batches (spec §4.1) ─────────────────────────────────────────────────────────────────

function taxReportBatchRoutes(router: Router): void {
  router.post('/accounts/:account/tax_report_batches', async (c) => {
    requireEndpoint(c, 'tax_report_batches.create');
    const account = pathId(c, 'account', 'account');
    // The batch service checks that the account exists, not who owns it: the group's ownership is
    // checked first, so another tenant's account is 404 whatever the body holds.
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const body = await readJson(c);
    // The records are kept as sent and read in the request's version by the job (spec §4.1 rule 5).
    const accepted = await c.env.fiscalkit.taxReportBatches.create(account, body, {
      api_version: c.env.version,
    });
    return sendJson(c, 202, accepted);
  });

  router.get('/accounts/:account/tax_report_batches/:id', async (c) => {
    requireEndpoint(c, 'tax_report_batches.show');
    const account = pathId(c, 'account', 'account');
    const id = pathId(c, 'id', 'tax report batch');
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    return send(c, 'tax_report_batch', await c.env.fiscalkit.taxReportBatches.get(account, id));
  });
}

// ─── TIN verifications (spec §4.3) ──────────────────────────────────────────────────────────────────

/** The `country` query parameter as sent: absent, one value, or every value when repeated. */
function countryQuery(c: RouteContext): unknown {
  const values = c.req.queries('country');
  if (values === undefined || values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}

/** The accounts of a group (its memberships), to be told of a verification's result (spec §6). */
async function groupAccounts(ports: Ports, group_id: number): Promise<number[]> {
  return (await listAll(ports.store.accountGroups, group_id)).map((membership) => membership.value.id);
}

function tinVerificationRoutes(router: Router): void {
  // POST /tin_verifications names no account (spec §4.3): the tenant of a verification is the API
  // key's GROUP, passed to the service as its `account_id`. So a verification is read back by any
  // key of the same group, and is 404 for every other group (DESIGN.md "Tenancy"). Its
  // `tin_verification.finished` event (spec §6) is published to the accounts the group owns when the
  // verification is accepted, whose webhook subscriptions hear it.
  router.post('/tin_verifications', async (c) => {
    requireEndpoint(c, 'tin_verifications.create');
    const body = await readJson(c);
    const { fiscalkit, caller } = c.env;
    const verification = await fiscalkit.tinVerifications.create(
      caller.group_id,
      { country: countryQuery(c), body },
      { notify_account_ids: await groupAccounts(fiscalkit.ports, caller.group_id) },
    );
    return sendJson(c, 202, serialize('tin_verification', verification, { version: c.env.version }));
  });

  router.get('/tin_verifications/:id', async (c) => {
    requireEndpoint(c, 'tin_verifications.show');
    const id = pathId(c, 'id', 'TIN verification');
    const verification = await c.env.fiscalkit.tinVerifications.get(c.env.caller.group_id, id);
    return sendJson(c, 200, serialize('tin_verification', verification, { version: c.env.version }));
  });
}

// ─── Webhook subscriptions (spec §2.12, §6) ─────────────────────────────────────────────────────────

/**
 * The request body with its `web_hook` object upgraded from the caller's version (spec §9: an older
 * version cannot name `tin_verification.finished`, and keeps a stored subscription to it on update).
 * A body without a `web_hook` object is passed on as it is: the service answers it (`parameter_blank`
 * for a missing `web_hook`, `invalid_request_params` for one that is not an object).
 */
async function webHookBody(
  c: RouteContext,
  operation: 'create' | 'update',
  stored: WebhookSubscription | null,
): Promise<unknown> {
  const body = await readJson(c);
  if (!isObject(body) || !isObject(body.web_hook)) return body;
  const upgraded = normalizeRequest('web_hook', body.web_hook, {
    version: c.env.version,
    operation,
    stored: stored as unknown as JsonObject | null,
  });
  return { ...body, web_hook: upgraded };
}

function webHookRoutes(router: Router): void {
  router.get('/accounts/:account/web_hooks', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Paging and `query` (issue #19); any other parameter is 400.
    const page = listFilter(c, 'web_hooks');
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const found = await c.env.fiscalkit.webHooks.list(account, page, page.conditions);
    return sendList(c, 'web_hook', found.items, {
      total_count: found.total_count,
      offset: page.offset,
      limit: page.limit,
    });
  });

  router.post('/accounts/:account/web_hooks', async (c) => {
    const account = pathId(c, 'account', 'account');
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const hook = await c.env.fiscalkit.webHooks.create(account, await webHookBody(c, 'create', null));
    return send(c, 'web_hook', hook, 'created', { location: `/web_hooks/${String(hook.id)}` });
  });

  router.get('/accounts/:account/web_hook_deliveries', async (c) => {
    const account = pathId(c, 'account', 'account');
    const page = listFilter(c, 'web_hook_deliveries');
    await requireOwnedAccount(c.env.fiscalkit.ports, c.env.caller, account);
    const found = await c.env.fiscalkit.webHooks.deliveries(account, page, page.conditions);
    return sendList(c, 'web_hook_delivery', found.items, {
      total_count: found.total_count,
      offset: page.offset,
      limit: page.limit,
    });
  });

  /** The subscription of the path, when the caller's group owns its account; else 404. */
  const owned = (c: RouteContext) =>
    ownedRecord(
      c.env.fiscalkit.ports,
      c.env.caller,
      c.env.fiscalkit.ports.store.webhookSubscriptions,
      pathId(c, 'id', 'web hook'),
      'web hook',
    );

  router.get('/web_hooks/:id', async (c) => send(c, 'web_hook', (await owned(c)).value));

  // PUT is a partial update like PATCH (issue #19; docs/http.md "PUT is a partial update"): it
  // changes what it names and requires nothing.
  for (const method of ['put', 'patch'] as const) {
    router[method]('/web_hooks/:id', async (c) => {
      const { value: stored } = await owned(c);
      const body = await webHookBody(c, 'update', stored);
      const hook = await c.env.fiscalkit.webHooks.update(stored.account_id, stored.id, body, 'update');
      return send(c, 'web_hook', hook, 'write');
    });
  }

  router.delete('/web_hooks/:id', async (c) => {
    const { value: stored } = await owned(c);
    return send(c, 'web_hook', await c.env.fiscalkit.webHooks.remove(stored.account_id, stored.id), 'write');
  });
}
