/**
 * The sandbox mailbox (issue #23; paths and shapes **fiscalkit's**, the spec has none;
 * docs/delivery-channels.md "The sandbox mailbox"): the mails a sandbox server without SMTP kept
 * instead of sending them, read as the Peppol outbox is.
 *
 * - GET /accounts/{account}/sandbox_mailbox: the account's mails, oldest first, paged (`offset`,
 *   `limit`, spec §2.1), as `{"sandbox_mailbox": [...], "meta": {total_count, offset, limit, total}}`;
 *   no mail carries its attachment's bytes (`content`), only their `size` and `sha256`.
 * - GET /sandbox_mailbox/{id}: one mail, `{"sandbox_mail": {...}}`, without `content`.
 * - GET /sandbox_mailbox/{id}/attachment: the attachment exactly as the mail would have carried it,
 *   with its media type and filename (`Content-Disposition: attachment`).
 *
 * Another group's account or mail is 404 `resource_missing`. The shape is the same in every API
 * version (the resource is fiscalkit's own and new), so the list always has its `meta`.
 */
import type { Router } from '../state.js';
import { pageQuery, pathId, refuseUnknownParams, sendJson } from '../wire.js';

/** `Content-Disposition` for a download (RFC 6266): an ASCII fallback and the UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Registers the sandbox mailbox routes. */
export function sandboxMailboxRoutes(router: Router): void {
  router.get('/accounts/:account/sandbox_mailbox', async (c) => {
    const account = pathId(c, 'account', 'account');
    // Paging only: any other parameter is 400, as for the other lists without filters.
    refuseUnknownParams(c, []);
    const page = pageQuery(c);
    const found = await c.env.fiscalkit.sandboxMailbox.list(c.env.caller, account, page);
    const meta = { total_count: found.total_count, offset: page.offset, limit: page.limit };
    // `total` beside `total_count`, as every list has it (the PHP client's `Collection` reads it).
    return sendJson(c, 200, { sandbox_mailbox: found.items, meta: { ...meta, total: meta.total_count } });
  });

  router.get('/sandbox_mailbox/:id', async (c) => {
    const id = pathId(c, 'id', 'sandbox mail');
    return sendJson(c, 200, { sandbox_mail: await c.env.fiscalkit.sandboxMailbox.get(c.env.caller, id) });
  });

  router.get('/sandbox_mailbox/:id/attachment', async (c) => {
    const id = pathId(c, 'id', 'sandbox mail');
    const attachment = await c.env.fiscalkit.sandboxMailbox.attachment(c.env.caller, id);
    return c.body(attachment.bytes.slice().buffer, 200, {
      'Content-Type': attachment.media_type,
      'Content-Disposition': contentDisposition(attachment.filename),
      'Content-Length': String(attachment.bytes.byteLength),
    });
  });
}
