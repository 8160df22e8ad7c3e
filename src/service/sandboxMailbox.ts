import { decodeBase64 } from '../documents/base64.js';
import type { SandboxMail, SandboxMailSummary } from '../model/sandboxMail.js';
import type { PageRequest, Ports } from '../ports.js';
import type { Caller } from './caller.js';
import { ownedRecord, requireOwnedAccount } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/** A mail's attachment, as GET /sandbox_mailbox/{id}/attachment answers it. */
export interface SandboxMailAttachment {
  filename: string;
  media_type: string;
  bytes: Uint8Array;
}

/**
 * Reading the sandbox mailbox (issue #23; paths **fiscalkit's**, as the spec has none; the twin of
 * `PeppolOutboxService`). Every read is the caller's: another group's account or mail is 404
 * `resource_missing`, never a leak (DESIGN.md "Tenancy").
 */
export interface SandboxMailboxService {
  /** GET /accounts/{account}/sandbox_mailbox: the account's mails, oldest first, without their bytes. */
  list(caller: Caller, account_id: number, page: PageRequest): Promise<ResourcePage<SandboxMailSummary>>;
  /** GET /sandbox_mailbox/{id}: one mail without its attachment's bytes. */
  get(caller: Caller, id: number): Promise<SandboxMailSummary>;
  /** GET /sandbox_mailbox/{id}/attachment: the attachment as the mail would have carried it. */
  attachment(caller: Caller, id: number): Promise<SandboxMailAttachment>;
}

/** A mail without its content (the list and the mail's JSON; the bytes have their own path). */
function summary(mail: SandboxMail): SandboxMailSummary {
  const { content: _content, ...rest } = mail;
  return rest;
}

const WHAT = 'sandbox mail';

/**
 * The mailbox reads over `ports.store.sandboxMail` (filled by `sandboxMailbox`).
 *
 * @example
 * ```ts
 * const mailbox = createSandboxMailboxService(ports);
 * const { items, total_count } = await mailbox.list(caller, 7, { offset: 0, limit: 25 });
 * const { bytes, media_type } = await mailbox.attachment(caller, items[0].id);
 * ```
 */
export function createSandboxMailboxService(ports: Ports): SandboxMailboxService {
  const repository = ports.store.sandboxMail;
  return {
    async list(caller, account_id, page) {
      await requireOwnedAccount(ports, caller, account_id);
      const found = await repository.list(account_id, page);
      return { items: found.items.map(({ value }) => summary(value)), total_count: found.total_count };
    },
    async get(caller, id) {
      return summary((await ownedRecord(ports, caller, repository, id, WHAT)).value);
    },
    async attachment(caller, id) {
      const { value: mail } = await ownedRecord(ports, caller, repository, id, WHAT);
      const bytes = decodeBase64(mail.content);
      // The mailbox wrote this base64 itself: anything else is a corrupt store, not a client error.
      if (bytes === null || bytes.byteLength !== mail.size)
        throw new Error(`sandbox mail ${String(mail.id)}: the stored attachment is corrupt`);
      return { filename: mail.filename, media_type: mail.media_type, bytes };
    },
  };
}
