/**
 * Transports (spec §2.8, §4.7), transport types and the directory lookup (spec §4.8):
 *
 * - GET, POST /accounts/{account}/transports — the list (`{transports: [...], meta}`) and create;
 * - PATCH, PUT /transports/{code} — in whichever account of the caller's group has the transport;
 *   when several have one with that code, the query `?account={id}` names the account (fiscalkit's:
 *   the spec's path cannot tell them apart; 422 `parameter_invalid` at `account` without it);
 * - DELETE /accounts/{account}/transports/{code} — from v2025-10-13 (spec §9); answers the transport
 *   as it was, its unpublication under way (`processing`);
 * - GET /transport_types — `{transport_types: [{code, name}], meta}` like the code lists (the legacy
 *   `GET /users/channels` is mapped here, and answers without `meta` as every legacy list);
 * - GET /directory/{country}/{identifier} — `{participant: {...}}` (`DirectoryParticipant`).
 *
 * A transport's wire shape per version comes from the versions chain (`serialize`): from v2026-04-20
 * `sml_status` and `peppol_directory_status`; before it `standard_documents` and
 * `pending_peppol_directory_publish` instead. A `standard_documents` sent is ignored in every version.
 */
import { ApiError } from 'fiscalkit';
import type { Router } from '../state.js';
import {
  listFilter,
  pathId,
  type RouteContext,
  requireEndpoint,
  resourceBody,
  send,
  sendJson,
  sendList,
} from '../wire.js';
import { sendCodeList } from './codeLists.js';

/** `?account={id}` of PATCH/PUT /transports/{code}: null when absent; not an id → 400. */
function accountQuery(c: RouteContext): number | null {
  const text = c.req.query('account');
  if (text === undefined || text === '') return null;
  // money-safe: an identifier of at most 15 digits, not an amount.
  const id = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id))
    throw new ApiError('invalid_request_params', 'account must be an account id (a positive integer)', {
      param: 'account',
    });
  return id;
}

/**
 * PATCH and PUT /transports/{code}: one partial update (issue #19), the body read as an update and
 * merged over the stored transport by the service.
 */
async function update(c: RouteContext): Promise<Response> {
  const { fiscalkit, caller } = c.env;
  const code = c.req.param('code') ?? '';
  const stored = await fiscalkit.transports.locate(caller, code, accountQuery(c));
  const body = await resourceBody(c, 'transport', 'transport', 'update', stored);
  const transport = await fiscalkit.transports.update(caller, code, body, {
    operation: 'update',
    account_id: stored.account_id,
  });
  return send(c, 'transport', transport, 'write');
}

/** Registers the routes of transports, transport types and the directory. */
export function transportRoutes(router: Router): void {
  router.get('/accounts/:account/transports', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Paging and `query` (issue #19); any other parameter is 400.
    const page = listFilter(c, 'transports');
    const found = await c.env.fiscalkit.transports.list(c.env.caller, account, page, page.conditions);
    return sendList(c, 'transport', found.items, {
      total_count: found.total_count,
      offset: page.offset,
      limit: page.limit,
    });
  });

  router.post('/accounts/:account/transports', async (c) => {
    const account = pathId(c, 'account', 'account');
    const body = await resourceBody(c, 'transport', 'transport', 'create');
    const transport = await c.env.fiscalkit.transports.create(c.env.caller, account, body);
    return send(c, 'transport', transport, 'created');
  });

  // PUT is a partial update like PATCH (issue #19; docs/http.md "PUT is a partial update"): no
  // field is required, the fields sent are merged over the stored transport and judged merged.
  router.patch('/transports/:code', update);
  router.put('/transports/:code', update);

  router.delete('/accounts/:account/transports/:code', async (c) => {
    requireEndpoint(c, 'transports.delete');
    const account = pathId(c, 'account', 'account');
    const transport = await c.env.fiscalkit.transports.remove(c.env.caller, account, c.req.param('code'));
    return send(c, 'transport', transport, 'write');
  });

  router.get('/transport_types', (c) => sendCodeList(c, 'transport_types'));

  router.get('/directory/:country/:identifier', async (c) => {
    const participant = await c.env.fiscalkit.directory.lookup(
      c.env.caller,
      c.req.param('country'),
      c.req.param('identifier'),
    );
    return sendJson(c, 200, { participant });
  });
}
