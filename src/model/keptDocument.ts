import { z } from 'zod';
import { identifier } from './fields.js';
import { timestamp } from './timestamp.js';

/**
 * What every document a sandbox delivery channel keeps instead of sending has (issue #23; **fiscalkit's**
 * shape): the sandbox Peppol access point's outbox entries (`PeppolOutboxEntrySchema`) and the
 * sandbox mailbox's mails (`SandboxMailSchema`) extend it with what their channel adds (participant
 * ids; addresses and texts). One schema, so that the two stores keep a document the same way and the
 * services that read them (`service/keptDocuments.ts`) serve both.
 *
 * - `key` is the delivery's key (`OutgoingDocument.key`): a store holds one document per key and
 *   account (`Repository.insert` with `{key}`), so a retried send keeps nothing twice.
 * - `document_type` is the document type code of GET /document_types (e.g. `xml.ubl.invoice.bis3`,
 *   `pdf.invoice`).
 * - `content` is the document, base64 (RFC 4648 §4); `size` its length in bytes and `sha256` its
 *   SHA-256 in lower-case hex, so a reader can check the bytes without decoding them.
 * - `message_id` is the id the channel answered for the message (its receipt's).
 */
export const KeptDocumentSchema = z.object({
  id: identifier(),
  account_id: identifier(),
  invoice_id: identifier(),
  key: z.string().min(1),
  /** The document type code of GET /document_types (e.g. `xml.ubl.invoice.bis3`, `pdf.invoice`). */
  document_type: z.string().min(1),
  filename: z.string().min(1),
  media_type: z.string().min(1),
  content: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  message_id: z.string().min(1),
  created_at: timestamp(),
});

/** A document a sandbox delivery channel kept (an outbox entry, a mail). */
export type KeptDocument = z.output<typeof KeptDocumentSchema>;

const { id, account_id, invoice_id, key, ...document } = KeptDocumentSchema.shape;

/**
 * `KeptDocumentSchema`'s fields in two parts, so that a schema that extends it can put its own
 * fields between them and keep the order its OpenAPI description and API report always listed:
 * `owner` (who and which: `id`, `account_id`, `invoice_id`, `key`) first, then the channel's own
 * fields, then `document` (`document_type` … `created_at`).
 * `z.object(KEPT_DOCUMENT_FIELDS.owner).extend(own).extend(KEPT_DOCUMENT_FIELDS.document)` has exactly
 * `KeptDocumentSchema`'s fields plus `own` (chained `extend`s, not spreads, so that the declared
 * type lists them in that order too).
 */
export const KEPT_DOCUMENT_FIELDS = { owner: { id, account_id, invoice_id, key }, document } as const;
