/**
 * The routes of contacts and offices (spec §2.3, §4.5): GET, POST /accounts/{account}/contacts and
 * GET, PUT, PATCH, DELETE /contacts/{id}. Thin: read the request, call the use case, write the
 * answer in the caller's version.
 *
 * Contacts were clients before v2025-10-13 (spec §2.3 heading, §9: `/clients` became `/contacts`):
 * legacy paths are mapped by `app.ts`, legacy fields by the versions chain, and the body wrapper is
 * `client` / `clients` in the legacy version (requests and responses), as its resource was named.
 */
import { wrapperNames } from 'fiscalkit/http';
import type { Router } from '../state.js';
import { pageQuery, pathId, queryOf, type RouteContext, resourceBody, send, sendList } from '../wire.js';

/** The wrapper names of a contact in the caller's version (spec §2.3: "formerly client"). */
const names = (c: RouteContext) => wrapperNames(c.env.version, 'contact');

const contactOf = (c: RouteContext) => pathId(c, 'id', 'contact');

/**
 * Registers the contact routes.
 *
 * @example
 * ```ts
 * contactRoutes(router);
 * ```
 */
export function contactRoutes(router: Router): void {
  router.get('/accounts/:account/contacts', async (c) => {
    const page = pageQuery(c);
    const account_id = pathId(c, 'account', 'account');
    // The filters are the use case's (`name`, `is_client`, `is_provider`, `query`; issue #19).
    const found = await c.env.fiscalkit.contacts.list(c.env.caller, account_id, page, queryOf(c));
    // `sendList` writes the legacy wrapper (`clients`) and pagination of the caller's version.
    return sendList(c, 'contact', found.items, { total_count: found.total_count, ...page });
  });

  router.post('/accounts/:account/contacts', async (c) => {
    const account_id = pathId(c, 'account', 'account');
    const { singular } = names(c);
    const body = await resourceBody(c, 'contact', singular, 'create');
    const contact = await c.env.fiscalkit.contacts.create(c.env.caller, account_id, body);
    return send(c, 'contact', contact, 'created', {
      name: singular,
      location: `/contacts/${String(contact.id)}`,
    });
  });

  router.get('/contacts/:id', async (c) => {
    const contact = await c.env.fiscalkit.contacts.get(c.env.caller, contactOf(c));
    return send(c, 'contact', contact, 'read', { name: names(c).singular });
  });

  router.put('/contacts/:id', async (c) => {
    const id = contactOf(c);
    const { singular } = names(c);
    // PUT is a partial update like PATCH (issue #19; docs/http.md "PUT is a partial update"): read
    // as an update body, so the version upgrades give no create defaults and nothing is cleared.
    const body = await resourceBody(c, 'contact', singular, 'update');
    const contact = await c.env.fiscalkit.contacts.replace(c.env.caller, id, body);
    return send(c, 'contact', contact, 'write', { name: singular });
  });

  router.patch('/contacts/:id', async (c) => {
    const id = contactOf(c);
    const { singular } = names(c);
    const body = await resourceBody(c, 'contact', singular, 'update');
    const contact = await c.env.fiscalkit.contacts.update(c.env.caller, id, body);
    return send(c, 'contact', contact, 'write', { name: singular });
  });

  router.delete('/contacts/:id', async (c) => {
    const contact = await c.env.fiscalkit.contacts.remove(c.env.caller, contactOf(c));
    return send(c, 'contact', contact, 'write', { name: names(c).singular });
  });
}
