/**
 * The routes of accounts (spec §4.4), their logo, their bank accounts (spec §4.5) and their events
 * (spec §4.6 GET /accounts/{account}/events). Thin: read the request, call the use case, write the
 * answer in the caller's version (201/200/204 per version through `send`).
 *
 * Paths the spec does not show, added by fiscalkit: GET /accounts/{account}/logo (the stored image),
 * GET and POST /accounts/{account}/bank_accounts (the spec shows only PUT and DELETE
 * /bank_accounts/{id}, so without them a bank account could be neither created nor found) and GET
 * /bank_accounts/{id}.
 */
import { ApiError, type LogoUpload } from 'fiscalkit';
import type { Router } from '../state.js';
import {
  listFilter,
  pageQuery,
  pathId,
  queryOf,
  type RouteContext,
  readBytes,
  resourceBody,
  send,
  sendList,
} from '../wire.js';

/** The account of a `/accounts/{account}…` path (404 `resource_missing` at `account` when not an id). */
const accountOf = (c: RouteContext) => pathId(c, 'account', 'account');

/**
 * Registers the account, logo, bank account and account event routes.
 *
 * @example
 * ```ts
 * accountRoutes(router);
 * ```
 */
export function accountRoutes(router: Router): void {
  // ─── Accounts (spec §4.4) ────────────────────────────────────────────────────────────────────
  router.get('/accounts', async (c) => {
    const page = pageQuery(c);
    // `query` is the use case's (issue #19); any other parameter is 400 there.
    const found = await c.env.fiscalkit.accounts.list(c.env.caller, page, queryOf(c));
    return sendList(c, 'account', found.items, { total_count: found.total_count, ...page });
  });

  router.post('/accounts', async (c) => {
    const body = await resourceBody(c, 'account', 'account', 'create');
    const account = await c.env.fiscalkit.accounts.create(c.env.caller, body);
    return send(c, 'account', account, 'created', { location: `/accounts/${String(account.id)}` });
  });

  router.get('/accounts/:account', async (c) => {
    const account = await c.env.fiscalkit.accounts.get(c.env.caller, accountOf(c));
    return send(c, 'account', account);
  });

  router.put('/accounts/:account', async (c) => {
    const account_id = accountOf(c);
    const body = await resourceBody(c, 'account', 'account', 'update');
    return send(c, 'account', await c.env.fiscalkit.accounts.update(c.env.caller, account_id, body), 'write');
  });

  router.delete('/accounts/:account', async (c) => {
    return send(c, 'account', await c.env.fiscalkit.accounts.remove(c.env.caller, accountOf(c)), 'write');
  });

  router.post('/accounts/:account/unarchive', async (c) => {
    return send(c, 'account', await c.env.fiscalkit.accounts.unarchive(c.env.caller, accountOf(c)), 'write');
  });

  // ─── Logo (spec §4.4) ────────────────────────────────────────────────────────────────────────
  router.post('/accounts/:account/logo', async (c) => {
    const account_id = accountOf(c);
    const upload = await readLogo(c);
    return send(
      c,
      'account',
      await c.env.fiscalkit.accounts.setLogo(c.env.caller, account_id, upload),
      'write',
    );
  });

  router.delete('/accounts/:account/logo', async (c) => {
    return send(c, 'account', await c.env.fiscalkit.accounts.removeLogo(c.env.caller, accountOf(c)), 'write');
  });

  router.get('/accounts/:account/logo', async (c) => {
    const logo = await c.env.fiscalkit.accounts.logo(c.env.caller, accountOf(c));
    return c.body(logo.bytes.slice().buffer, 200, {
      'Content-Type': logo.content_type,
      'Content-Disposition': `inline; filename="${logo.filename.replace(/["\\\r\n]/g, '_')}"`,
    });
  });

  // ─── Bank accounts (spec §4.5) ───────────────────────────────────────────────────────────────
  router.get('/accounts/:account/bank_accounts', async (c) => {
    const page = listFilter(c, 'bank_accounts');
    const found = await c.env.fiscalkit.bankAccounts.list(c.env.caller, accountOf(c), page, page.conditions);
    return sendList(c, 'bank_account', found.items, { total_count: found.total_count, ...page });
  });

  router.post('/accounts/:account/bank_accounts', async (c) => {
    const account_id = accountOf(c);
    const body = await resourceBody(c, 'bank_account', 'bank_account', 'create');
    const bank = await c.env.fiscalkit.bankAccounts.create(c.env.caller, account_id, body);
    return send(c, 'bank_account', bank, 'created', { location: `/bank_accounts/${String(bank.id)}` });
  });

  router.get('/bank_accounts/:id', async (c) => {
    const bank = await c.env.fiscalkit.bankAccounts.get(c.env.caller, pathId(c, 'id', 'bank account'));
    return send(c, 'bank_account', bank);
  });

  router.put('/bank_accounts/:id', async (c) => {
    const id = pathId(c, 'id', 'bank account');
    const body = await resourceBody(c, 'bank_account', 'bank_account', 'update');
    return send(
      c,
      'bank_account',
      await c.env.fiscalkit.bankAccounts.update(c.env.caller, id, body),
      'write',
    );
  });

  router.delete('/bank_accounts/:id', async (c) => {
    const id = pathId(c, 'id', 'bank account');
    return send(c, 'bank_account', await c.env.fiscalkit.bankAccounts.remove(c.env.caller, id), 'write');
  });

  // ─── Account events (spec §4.6, §6 rule 3) ───────────────────────────────────────────────────
  router.get('/accounts/:account/events', async (c) => {
    const page = listFilter(c, 'account_events');
    const found = await c.env.fiscalkit.accountEvents.list(c.env.caller, accountOf(c), page, page.conditions);
    return sendList(c, 'account_event', found.items, { total_count: found.total_count, ...page });
  });
}

/**
 * The logo of POST /accounts/{account}/logo: the raw body with the image's `Content-Type`
 * (`image/png`, …), or `multipart/form-data` with the image in a `file` (or `logo`) part, as an HTML
 * form or `curl -F file=@logo.png` sends it. The body limit of every request applies (413).
 */
async function readLogo(c: RouteContext): Promise<LogoUpload> {
  const bytes = await readBytes(c);
  const content_type = c.req.header('content-type') ?? null;
  if (!/^\s*multipart\/form-data/i.test(content_type ?? '')) return { content_type, bytes };
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': content_type ?? '' } }).formData();
  } catch {
    throw new ApiError('invalid_request_params', 'the multipart/form-data body cannot be read', {
      param: 'logo',
    });
  }
  const part = form.get('file') ?? form.get('logo');
  if (part === null)
    throw new ApiError('parameter_blank', 'logo is required: send the image in a "file" part', {
      param: 'logo',
    });
  if (typeof part === 'string')
    throw new ApiError('invalid_request_params', 'logo must be a file part, not a text field', {
      param: 'logo',
    });
  return {
    content_type: part.type,
    bytes: new Uint8Array(await part.arrayBuffer()),
    filename: part.name,
  };
}
