import { decodeBase64 } from '../documents/base64.js';
import type { KeptDocument } from '../model/keptDocument.js';
import type { PageRequest, Ports, Repository } from '../ports.js';
import type { Caller } from './caller.js';
import { ownedRecord, requireOwnedAccount } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/** A kept document's bytes with the name and media type its download answers. */
export interface KeptDocumentFile {
  filename: string;
  media_type: string;
  bytes: Uint8Array;
}

/**
 * The reads of a store of kept documents (the sandbox Peppol outbox, the sandbox mailbox; issue #23,
 * paths **fiscalkit's**). Every read is the caller's: another group's account or document is 404
 * `resource_missing`, never a leak (DESIGN.md "Tenancy").
 */
export interface KeptDocumentReads<T extends KeptDocument> {
  /** The account's documents, oldest first, without their bytes. */
  list(caller: Caller, account_id: number, page: PageRequest): Promise<ResourcePage<Omit<T, 'content'>>>;
  /** One document without its bytes. */
  get(caller: Caller, id: number): Promise<Omit<T, 'content'>>;
  /** The document as the channel took it, byte for byte. */
  file(caller: Caller, id: number): Promise<KeptDocumentFile>;
}

/** What a store of kept documents calls its records and their bytes, for 404s and corruption errors. */
export interface KeptDocumentNames {
  /** The record, as a 404 names it (`No {what} with id …`): `peppol outbox entry`, `sandbox mail`. */
  what: string;
  /** The bytes, as a corrupt store's error names them: `document`, `attachment`. */
  bytes: string;
}

/** A document without its content (the list and the document's JSON; the bytes have their own path). */
function summary<T extends KeptDocument>(document: T): Omit<T, 'content'> {
  const { content: _content, ...rest } = document;
  return rest;
}

/**
 * The reads of the kept documents in `repository`, each checked against the caller's tenancy
 * (`requireOwnedAccount`, `ownedRecord`). The bytes are the stored base64 decoded; a content that
 * does not decode to `size` bytes is a corrupt store (the channel wrote it itself), an `Error`, not a
 * client error.
 *
 * @example
 * ```ts
 * const outbox = keptDocumentReads(ports, ports.store.peppolOutbox, { what: 'peppol outbox entry', bytes: 'document' });
 * const { items } = await outbox.list(caller, 7, { offset: 0, limit: 25 });
 * const { bytes, media_type } = await outbox.file(caller, items[0].id);
 * ```
 */
export function keptDocumentReads<T extends KeptDocument>(
  ports: Ports,
  repository: Repository<T>,
  names: KeptDocumentNames,
): KeptDocumentReads<T> {
  return {
    async list(caller, account_id, page) {
      await requireOwnedAccount(ports, caller, account_id);
      const found = await repository.list(account_id, page);
      return { items: found.items.map(({ value }) => summary(value)), total_count: found.total_count };
    },
    async get(caller, id) {
      return summary((await ownedRecord(ports, caller, repository, id, names.what)).value);
    },
    async file(caller, id) {
      const { value: document } = await ownedRecord(ports, caller, repository, id, names.what);
      const bytes = decodeBase64(document.content);
      // The channel wrote this base64 itself: anything else is a corrupt store, not a client error.
      if (bytes === null || bytes.byteLength !== document.size)
        throw new Error(`${names.what} ${String(document.id)}: the stored ${names.bytes} is corrupt`);
      return { filename: document.filename, media_type: document.media_type, bytes };
    },
  };
}
