/**
 * The sandbox mailbox (issue #23): the e-mail channel a sandbox server runs when no SMTP server is
 * configured. The real service's sandbox delivers e-mail, and the official PHP client's `invoices.php`
 * sends an invoice to a contact with an e-mail address; refusing it (422 "e-mail delivery is not
 * configured") would break that example, and pretending to send would be a lie (issue #23: "a log that
 * reports a delivery that did not happen is a defect of honesty"). So, like the sandbox Peppol access
 * point, it is a **clearly named simulator**: it builds the mail the SMTP channel would have sent — the
 * same texts (`mailText`), the same attachment, the same Message-ID (`smtpMessageId`) — and keeps it in
 * the store's `sandboxMail`, where GET /accounts/{account}/sandbox_mailbox reads it. Nothing is sent
 * to anyone, and its receipts say so.
 *
 * @module
 */
import { instantFromMillis } from '../../model/instant.js';
import type { SandboxMail } from '../../model/sandboxMail.js';
import {
  type DeliveryChannel,
  DeliveryError,
  type DeliveryReceipt,
  type OutgoingDocument,
  type Ports,
} from '../../ports.js';
import { mailText } from '../smtp/mailTexts.js';
import { smtpMessageId } from '../smtp/messageId.js';
import { type KeptOnceNames, keepOnce } from './keptOnce.js';

/**
 * The codes the sandbox mailbox refuses with (`DeliveryError.code`), **fiscalkit's**, in the form of
 * the sandbox access point's (`SANDBOX_PEPPOL_CODES`). A recipient without an address and a key used
 * for another document are final (`retryable: false`): sending the same document again cannot
 * succeed. Only `SANDBOX-MAIL:UNAVAILABLE` (the mailbox could not be written) is worth a retry.
 */
export const SANDBOX_MAIL_CODES = {
  recipient_missing: 'SANDBOX-MAIL:RECIPIENT_MISSING',
  key_reused: 'SANDBOX-MAIL:KEY_REUSED',
  unavailable: 'SANDBOX-MAIL:UNAVAILABLE',
} as const;

/**
 * The address sandbox mails come from unless `SandboxMailboxOptions.from` says otherwise: under
 * `.invalid` (RFC 2606 §2, a name that can never resolve), so a mail copied out of the sandbox can
 * never be answered by mistake.
 */
export const SANDBOX_MAIL_FROM = 'sandbox@fiscalkit.invalid';

/** Options of `sandboxMailbox`. */
export interface SandboxMailboxOptions {
  /**
   * The address the mails would come from (a bare address, as `FISCALKIT_MAIL_FROM`'s); the display
   * name is each document's sender name, as the SMTP channel writes it. Default `SANDBOX_MAIL_FROM`.
   */
  from?: string;
}

/** The ports the sandbox mailbox writes with: the mailbox, ids, the time of each mail. */
export type SandboxMailboxPorts = Pick<Ports, 'store' | 'ids' | 'clock'>;

const ID_KIND = 'sandbox_mail';

function refuse(code: keyof typeof SANDBOX_MAIL_CODES, message: string): never {
  throw new DeliveryError(`sandbox mailbox: ${message}`, false, SANDBOX_MAIL_CODES[code]);
}

function receiptOf(mail: SandboxMail): DeliveryReceipt {
  return {
    message_id: mail.message_id,
    // Honest about what happened: kept in the sandbox mailbox, sent to no one.
    detail: `kept in the sandbox mailbox as mail ${String(mail.id)}; not sent to anyone (set FISCALKIT_SMTP_URL to send e-mail)`,
  };
}

const KEPT_ONCE: KeptOnceNames = {
  channel: 'sandbox mailbox',
  store: 'mailbox',
  document: 'mail',
  record: 'mail',
  key_reused: SANDBOX_MAIL_CODES.key_reused,
  unavailable: SANDBOX_MAIL_CODES.unavailable,
};

/**
 * The sandbox mailbox: a `DeliveryChannel` for `email` that keeps every mail it would send in
 * `ports.store.sandboxMail` instead of sending it.
 *
 * - A recipient without an e-mail address is refused (`DeliveryError`, not retryable,
 *   `SANDBOX-MAIL:RECIPIENT_MISSING`), as the SMTP channel refuses it.
 * - Otherwise the mail is stored as the SMTP channel would write it: `from` (`options.from`) with the
 *   sender's name as `from_name`, `to`, `subject` and `text` in `document.language` (`mailText`), the
 *   attachment (filename, media type, base64 content, size, SHA-256) and `message_id`
 *   `<{key}@fiscalkit>` (`smtpMessageId`); the receipt answers that id and says the mail was kept,
 *   not sent.
 * - **Once per key**: the mail is inserted with the document's `key` as its idempotency key, so the
 *   same key handed over again stores nothing and answers the stored mail's receipt. The same key
 *   with another document (other bytes or another recipient) is a caller's error:
 *   `SANDBOX-MAIL:KEY_REUSED`, not retryable.
 * - A store that fails is a mailbox that is down: `DeliveryError`, retryable,
 *   `SANDBOX-MAIL:UNAVAILABLE`.
 *
 * @example
 * ```ts
 * const ports = memoryPorts();
 * const email = sandboxMailbox(ports);
 * const receipt = await email.send(document); // { message_id: '<invoice%3A1…@fiscalkit>', detail: 'kept in …' }
 * (await ports.store.sandboxMail.list(document.account_id, { offset: 0, limit: 1 })).items[0]?.value.to;
 * ```
 */
export function sandboxMailbox(
  ports: SandboxMailboxPorts,
  options: SandboxMailboxOptions = {},
): DeliveryChannel {
  const from = options.from?.trim() || SANDBOX_MAIL_FROM;
  return {
    async send(document: OutgoingDocument) {
      const to = document.recipient.email?.trim() ?? '';
      if (to === '')
        refuse(
          'recipient_missing',
          `the recipient ${JSON.stringify(document.recipient.name)} has no e-mail address`,
        );
      const text = mailText(document.language, {
        number: document.invoice_number,
        sender: document.sender.name,
      });
      const mail = await keepOnce(KEPT_ONCE, document, {
        ids: ports.ids,
        id_kind: ID_KIND,
        store: ports.store.sandboxMail,
        record: (owner, file): SandboxMail => ({
          ...owner,
          from,
          from_name: document.sender.name,
          to,
          subject: text.subject,
          text: text.body,
          ...file,
          message_id: smtpMessageId(document.key),
          created_at: instantFromMillis(ports.clock.now()),
        }),
        same_recipient: (stored) => stored.to === to,
      });
      return receiptOf(mail);
    },
  };
}
