import type { SandboxMailSummary } from '../model/sandboxMail.js';
import type { PageRequest, Ports } from '../ports.js';
import type { Caller } from './caller.js';
import { keptDocumentReads } from './keptDocuments.js';
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
  const reads = keptDocumentReads(ports, ports.store.sandboxMail, {
    what: 'sandbox mail',
    bytes: 'attachment',
  });
  return { list: reads.list, get: reads.get, attachment: reads.file };
}
