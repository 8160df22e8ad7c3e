import { z } from 'zod';
import { KEPT_DOCUMENT_FIELDS } from './keptDocument.js';

/**
 * One e-mail the sandbox mailbox kept instead of sending it (issue #23; **fiscalkit's** shape). It is
 * the mail the SMTP channel (`smtpChannel`) would have sent for the same document: the same `From`
 * display name and `To`, the same subject and body (`mailText`), the same attachment and the same
 * `Message-ID` (`<{key}@fiscalkit>`, RFC 5322 §3.6.4), so a host reading the sandbox mailbox sees what
 * its customer would get once `FISCALKIT_SMTP_URL` is set.
 *
 * - `key` is the delivery's key (`OutgoingDocument.key`): the mailbox holds one mail per key and
 *   account (`Repository.insert` with `{key}`), so a retried send keeps nothing twice.
 * - `from` is the address the mail would come from (`FISCALKIT_MAIL_FROM`'s role; default
 *   `sandbox@fiscalkit.invalid`, RFC 2606 `.invalid`: an address that can never be delivered to) and
 *   `from_name` its display name, the sender's name.
 * - The attachment: `filename`, `media_type`, `content` base64 (RFC 4648 §4), `size` in bytes and
 *   `sha256` in lower-case hex, so a reader can check the bytes without decoding them (the fields of
 *   every kept document, `KeptDocumentSchema`).
 */
export const SandboxMailSchema = z
  .object(KEPT_DOCUMENT_FIELDS.owner)
  .extend({
    from: z.string().min(1),
    from_name: z.string(),
    to: z.string().min(1),
    subject: z.string(),
    text: z.string(),
  })
  .extend(KEPT_DOCUMENT_FIELDS.document);

/** A mail of the sandbox mailbox. */
export type SandboxMail = z.output<typeof SandboxMailSchema>;

/** A mail as the HTTP routes list and show it: everything but the attachment's bytes. */
export type SandboxMailSummary = Omit<SandboxMail, 'content'>;
