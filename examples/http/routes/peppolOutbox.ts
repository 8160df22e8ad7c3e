/**
 * The sandbox Peppol access point's outbox (issue #23: "a Peppol port whose sandbox adapter keeps each
 * sent document in an outbox that `GET` can read"; paths and shapes **fiscalkit's**, the spec has
 * none; docs/delivery-channels.md):
 *
 * - GET /accounts/{account}/peppol_outbox: the account's entries, oldest first, paged (`offset`,
 *   `limit`, spec §2.1), as `{"peppol_outbox": [...], "meta": {total_count, offset, limit, total}}`;
 *   no entry carries its document's bytes (`content`), only their `size` and `sha256`.
 * - GET /peppol_outbox/{id}: one entry, `{"peppol_outbox_entry": {...}}`, without `content`.
 * - GET /peppol_outbox/{id}/document: the document exactly as the access point took it, with its
 *   media type and filename (`Content-Disposition: attachment`).
 *
 * Another group's account or entry is 404 `resource_missing`. The shape is the same in every API
 * version (the resource is fiscalkit's own and new), so the list always has its `meta`.
 */
import type { Router } from '../state.js';
import { pageQuery, pathId, refuseUnknownParams, sendJson } from '../wire.js';

/** `Content-Disposition` for a download (RFC 6266): an ASCII fallback and the UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Registers the outbox routes. */
export function peppolOutboxRoutes(router: Router): void {
  router.get('/accounts/:account/peppol_outbox', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Paging only: any other parameter is 400, as for the other lists without filters.
    refuseUnknownParams(c, []);
    const page = pageQuery(c);
    const found = await c.env.fiscalkit.peppolOutbox.list(c.env.caller, account, page);
    const meta = { total_count: found.total_count, offset: page.offset, limit: page.limit };
    // `total` beside `total_count`, as every list has it (the PHP client's `Collection` reads it).
    return sendJson(c, 200, { peppol_outbox: found.items, meta: { ...meta, total: meta.total_count } });
  });

  router.get('/peppol_outbox/:id', async (c) => {
    const id = pathId(c, 'id', 'peppol outbox entry');
    return sendJson(c, 200, {
      peppol_outbox_entry: await c.env.fiscalkit.peppolOutbox.get(c.env.caller, id),
    });
  });

  router.get('/peppol_outbox/:id/document', async (c) => {
    const id = pathId(c, 'id', 'peppol outbox entry');
    const document = await c.env.fiscalkit.peppolOutbox.document(c.env.caller, id);
    return c.body(document.bytes.slice().buffer, 200, {
      'Content-Type': document.media_type,
      'Content-Disposition': contentDisposition(document.filename),
      'Content-Length': String(document.bytes.byteLength),
    });
  });
}
