/**
 * What the sandbox delivery channels (the Peppol access point, the mailbox; issue #23) share when
 * they keep a document instead of sending it: the document's stored form (its owner fields; the
 * bytes base64 with their size and SHA-256) and the rule "kept once per key". One small file, so
 * that `peppolAccessPoint.ts` and `mailbox.ts` keep a document the same way and a fix to one is a
 * fix to both.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { KeptDocument } from '../../model/keptDocument.js';
import {
  DeliveryError,
  type Inserted,
  type OutgoingDocument,
  type Ports,
  type Repository,
} from '../../ports.js';

/** The fields of a kept document that name its owner and delivery (`KeptDocumentSchema`). */
export type KeptOwner = Pick<KeptDocument, 'id' | 'account_id' | 'invoice_id' | 'key'>;

/** The fields of a kept document that describe the document itself, bytes included. */
export type KeptFile = Pick<
  KeptDocument,
  'document_type' | 'filename' | 'media_type' | 'content' | 'size' | 'sha256'
>;

/** The owner fields of the record `id` keeping `document`: its account, invoice and delivery key. */
function keptOwner(document: OutgoingDocument, id: number): KeptOwner {
  return { id, account_id: document.account_id, invoice_id: document.invoice_id, key: document.key };
}

/**
 * The document as a kept document stores it: its type, filename and media type, the bytes base64
 * (RFC 4648 §4), their length and their SHA-256 in lower-case hex.
 */
function keptFile(document: OutgoingDocument): KeptFile {
  const bytes = document.content;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    document_type: document.document_type,
    filename: document.filename,
    media_type: document.media_type,
    content: buffer.toString('base64'),
    size: buffer.byteLength,
    sha256: createHash('sha256').update(buffer).digest('hex'),
  };
}

/** How one sandbox channel names itself, its store and its records in the errors of `keepOnce`. */
export interface KeptOnceNames {
  /** The channel, prefixing every message: `sandbox mailbox`. */
  channel: string;
  /** The store, in the "unavailable" message: `mailbox`, `outbox`. */
  store: string;
  /** What a key was used for, in the "key reused" message: `mail`, `document`. */
  document: string;
  /** A stored record, in the "key reused" message: `mail`, `entry`. */
  record: string;
  /** The channel's `DeliveryError.code` of a key used for another document (not retryable). */
  key_reused: string;
  /** The channel's `DeliveryError.code` of a store that failed (retryable). */
  unavailable: string;
}

/** What `keepOnce` needs of a channel besides its names. */
export interface KeepOnce<T extends KeptDocument> {
  /** Where the id of a new record comes from (`ports.ids`). */
  ids: Ports['ids'];
  /** The id kind of the channel's records (`IdGenerator.next`). */
  id_kind: string;
  /** The channel's store (`ports.store.peppolOutbox`, `ports.store.sandboxMail`). */
  store: Repository<T>;
  /** The record to keep, from its owner fields (`id`, `account_id`, `invoice_id`, `key`) and its file. */
  record: (owner: KeptOwner, file: KeptFile) => T;
  /** Whether a record stored under the key went to the same recipient (the bytes are compared too). */
  same_recipient: (stored: T) => boolean;
}

/**
 * Keeps `document` once per key: allocates an id, builds the record (`channel.record`) and inserts
 * it with the delivery's key as its idempotency key (`Repository.insert` with `{key}`); the same key
 * handed over again (a retried send, a crash between sending and recording) stores nothing and
 * answers the stored record.
 *
 * - A stored record with other bytes (SHA-256) or not `same_recipient` is a caller's error:
 *   `DeliveryError` with `names.key_reused`, not retryable.
 * - An id or an insert that fails is a channel that is down: `DeliveryError` with
 *   `names.unavailable`, retryable (the document may be kept on a retry).
 *
 * @example
 * ```ts
 * const mail = await keepOnce(names, document, {
 *   ids: ports.ids, id_kind: 'sandbox_mail', store: ports.store.sandboxMail,
 *   record: (owner, file) => ({ ...owner, from, from_name, to, subject, text, ...file, message_id, created_at }),
 *   same_recipient: (stored) => stored.to === to,
 * });
 * ```
 */
export async function keepOnce<T extends KeptDocument>(
  names: KeptOnceNames,
  document: OutgoingDocument,
  channel: KeepOnce<T>,
): Promise<T> {
  const file = keptFile(document);
  let stored: Inserted<T>;
  try {
    const id = await channel.ids.next(channel.id_kind);
    stored = await channel.store.insert(channel.record(keptOwner(document, id), file), {
      key: document.key,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new DeliveryError(
      `${names.channel}: the ${names.store} is unavailable (${reason})`,
      true,
      names.unavailable,
    );
  }
  const kept = stored.value;
  if (!stored.created && (kept.sha256 !== file.sha256 || !channel.same_recipient(kept)))
    throw new DeliveryError(
      `${names.channel}: the key ${JSON.stringify(document.key)} was used for another ${names.document} (${names.record} ${String(kept.id)})`,
      false,
      names.key_reused,
    );
  return kept;
}
