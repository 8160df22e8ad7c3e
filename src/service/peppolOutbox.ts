import type { PeppolOutboxEntrySummary } from '../model/peppolOutboxEntry.js';
import type { PageRequest, Ports } from '../ports.js';
import type { Caller } from './caller.js';
import { keptDocumentReads } from './keptDocuments.js';
import type { ResourcePage } from './webHooks.js';

/** A document of the outbox, as GET /peppol_outbox/{id}/document answers it. */
export interface PeppolOutboxDocument {
  filename: string;
  media_type: string;
  bytes: Uint8Array;
}

/**
 * Reading the sandbox Peppol access point's outbox (issue #23: "a Peppol port whose sandbox adapter
 * keeps each sent document in an outbox that `GET` can read"; paths **fiscalkit's**, as the spec has
 * none). Every read is the caller's: another group's account or entry is 404 `resource_missing`,
 * never a leak (DESIGN.md "Tenancy").
 */
export interface PeppolOutboxService {
  /** GET /accounts/{account}/peppol_outbox: the account's entries, oldest first, without their bytes. */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
  ): Promise<ResourcePage<PeppolOutboxEntrySummary>>;
  /** GET /peppol_outbox/{id}: one entry without its bytes. */
  get(caller: Caller, id: number): Promise<PeppolOutboxEntrySummary>;
  /** GET /peppol_outbox/{id}/document: the document as the access point took it, byte for byte. */
  document(caller: Caller, id: number): Promise<PeppolOutboxDocument>;
}

/**
 * The outbox reads over `ports.store.peppolOutbox` (filled by `sandboxPeppolAccessPoint`).
 *
 * @example
 * ```ts
 * const outbox = createPeppolOutboxService(ports);
 * const { items, total_count } = await outbox.list(caller, 7, { offset: 0, limit: 25 });
 * const { bytes, media_type } = await outbox.document(caller, items[0].id);
 * ```
 */
export function createPeppolOutboxService(ports: Ports): PeppolOutboxService {
  const reads = keptDocumentReads(ports, ports.store.peppolOutbox, {
    what: 'peppol outbox entry',
    bytes: 'document',
  });
  return { list: reads.list, get: reads.get, document: reads.file };
}
