import { z } from 'zod';
import { KEPT_DOCUMENT_FIELDS } from './keptDocument.js';

/**
 * A Peppol participant identifier as the sandbox access point takes it: `{scheme}:{value}`, the
 * scheme an ISO 6523 ICD of four digits (Peppol Policy for use of Identifiers 4.x, POLICY 1 and 7:
 * the participant identifier value is `ICD:identifier`, e.g. `0088:5790000436064`), the value 1 to 50
 * characters without blanks or control characters (the policy's length limit for the identifier part).
 */
export const PEPPOL_PARTICIPANT_ID = /^\d{4}:[^\s:\p{Cc}][^\s\p{Cc}]{0,49}$/u;

/**
 * One document the sandbox Peppol access point took (issue #23 "What ships": "a Peppol port whose
 * sandbox adapter keeps each sent document in an outbox that `GET` can read"; **fiscalkit's** shape).
 * It is what a real access point's submission API would have put into an SBDH envelope and sent over
 * AS4 (Peppol BIS 3 §3, Peppol Envelope Specification 2.0): the sender and receiver participant ids,
 * the document type and process ids, and the document itself (the fields of every kept document,
 * `KeptDocumentSchema`, in the order the outbox always listed them).
 *
 * - `key` is the delivery's key (`OutgoingDocument.key`): the outbox holds one entry per key and
 *   account (a document handed over twice is stored once, `Repository.insert` with `{key}`).
 * - `content` is the document, base64 (RFC 4648 §4); `size` its length in bytes and `sha256` its
 *   SHA-256 in lower-case hex, so a reader can check the bytes without decoding them.
 * - `message_id` is what the access point answers as the message's id: `sandbox-{id}`, deterministic,
 *   so the same key always answers the same id.
 */
export const PeppolOutboxEntrySchema = z
  .object(KEPT_DOCUMENT_FIELDS.owner)
  .extend({
    sender_id: z.string().regex(PEPPOL_PARTICIPANT_ID),
    receiver_id: z.string().regex(PEPPOL_PARTICIPANT_ID),
    document_type_id: z.string().min(1),
    process_id: z.string().min(1),
  })
  .extend(KEPT_DOCUMENT_FIELDS.document);

/** An entry of the sandbox Peppol outbox. */
export type PeppolOutboxEntry = z.output<typeof PeppolOutboxEntrySchema>;

/** An outbox entry as the HTTP routes list and show it: everything but the document's bytes. */
export type PeppolOutboxEntrySummary = Omit<PeppolOutboxEntry, 'content'>;
