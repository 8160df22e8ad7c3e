/**
 * The code lists (spec §4.8): GET /countries, /currencies, /languages, /schemes, /invoice_states
 * (the legacy version's `/users/{list}` paths are mapped here by `resolveLegacyPath`). A list answers
 * `{<list>: [...], meta: {total_count, offset, limit}}` like every list (spec §2.1), whole unless the
 * query names `offset` or `limit` (a catalogue is read whole); the legacy version has no `meta`
 * (`listResponseHasMeta`).
 *
 * Entries: countries `{code, name}` (ISO 3166-1 alpha-2, upper case), currencies `{code, name,
 * numeric, minor_units}`, languages `{code, name, native}`, schemes `{code, name, country,
 * deprecation}` (codes zero-padded to 4 characters, spec §2.2), invoice states `{code, name}`,
 * transport types `{code, name}`, document types `{code, name, content_type, fiscalkit_code}`.
 */
import type { CodeListName } from 'fiscalkit';
import { listResponseHasMeta } from 'fiscalkit/http';
import type { Router } from '../state.js';
import { pageQuery, type RouteContext, refuseUnknownParams, sendJson } from '../wire.js';

/**
 * Answers code list `name` in the caller's version.
 *
 * @example
 * ```ts
 * router.get('/countries', (c) => sendCodeList(c, 'countries'));
 * ```
 */
export function sendCodeList(c: RouteContext, name: CodeListName): Response {
  // A code list takes paging only (issue #19): any other parameter is refused, not ignored.
  refuseUnknownParams(c, []);
  const query = c.req.query();
  const paged = query.offset !== undefined || query.limit !== undefined;
  const page = paged ? pageQuery(c) : undefined;
  const list = c.env.fiscalkit.codeLists.list(name, page);
  const meta = {
    total_count: list.total_count,
    offset: page?.offset ?? 0,
    limit: page?.limit ?? list.total_count,
    // What the official PHP client reads (`Collection::getTotal`), as every list's `meta` (issue #19).
    total: list.total_count,
  };
  return sendJson(c, 200, {
    [name]: list.items,
    ...(listResponseHasMeta(c.env.version) ? { meta } : {}),
  });
}

/**
 * Registers GET /countries, /currencies, /languages, /schemes, /invoice_states and /document_types (the
 * codes of GET /invoices/{id}/as/{document_type}, issue #22).
 */
export function codeListRoutes(router: Router): void {
  for (const name of [
    'countries',
    'currencies',
    'languages',
    'schemes',
    'invoice_states',
    'document_types',
  ] as const)
    router.get(`/${name}`, (c) => sendCodeList(c, name));
}
