/**
 * The e-mail delivery channel (issue #23 "What ships": "an SMTP adapter that works with any SMTP
 * server"), on nodemailer: one mail per document, the document attached, to the recipient's address.
 *
 * **At least once.** SMTP has no idempotency: a server that took the message and then lost the
 * connection before its `250` reached us, or a crash between the `250` and the sender recording it,
 * makes the next attempt send the mail again. So every mail of one delivery carries the same
 * `Message-ID` (`<{key}@fiscalkit>`, RFC 5322 §3.6.4, from `OutgoingDocument.key`), and a receiver —
 * a person's mail client or an inbound invoice robot — can tell a repeat from a new invoice.
 *
 * @module
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { type DeliveryChannel, DeliveryError, type OutgoingDocument } from '../../ports.js';
import { mailText } from './mailTexts.js';
import { smtpMessageId } from './messageId.js';

/** Where the SMTP server is: an `smtp://` or `smtps://` URL, or its parts. */
export type SmtpServer =
  | {
      /**
       * `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it, port 587 by default) or
       * `smtps://…` (TLS from the first byte, port 465 by default); user and password percent-encoded.
       */
      url: string;
    }
  | {
      host: string;
      /** Default 587, or 465 when `secure`. */
      port?: number;
      /** TLS from the first byte (port 465); default false: STARTTLS when the server offers it. */
      secure?: boolean;
      auth?: { user: string; pass: string };
    };

/** Options of `smtpChannel`. */
export type SmtpChannelOptions = SmtpServer & {
  /**
   * The address mails come from (`From` and the envelope's `MAIL FROM`). Its display name is the
   * sender's name of each document (`ACME SL <invoices@example.com>`); a display name given here is
   * replaced by it.
   */
  from: string;
  /** A `Reply-To` address for every mail (where the recipient's answers should go), if any. */
  replyTo?: string;
  /** Most milliseconds to wait for the connection, the greeting and each answer; default 30 000. */
  timeout_ms?: number;
  /** TLS options (e.g. `{ rejectUnauthorized: false }` for a development server's own certificate). */
  tls?: { rejectUnauthorized?: boolean; servername?: string };
};

/** The address of `from`, without a display name (`"Name" <a@b>` → `a@b`). */
function addressOf(from: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(from);
  return (angle?.[1] ?? from).trim();
}

// The Message-ID helper lives apart, without nodemailer, so the sandbox mailbox can write the same
// ids without loading nodemailer (an optional peer dependency).
export { smtpMessageId } from './messageId.js';

/** nodemailer's error fields that say what went wrong (`SMTPConnection` errors). */
interface MailerError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/**
 * nodemailer's codes of errors that sending again will not mend, when the server gave no SMTP code: the
 * mail or its envelope could not be made, or authentication cannot even start (no credentials, no
 * mechanism in common).
 */
const FINAL_ERRORS = new Set(['EENVELOPE', 'EMESSAGE', 'ESTREAM', 'EAUTH']);

/** nodemailer's codes of a server that could not be reached or stopped answering. */
const UNREACHABLE_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);

/**
 * The `DeliveryError` of a failed send: the server's `4xx` answers are temporary (RFC 5321
 * §4.2.1: "Transient Negative Completion reply", try again later), its `5xx` answers permanent (the
 * mail will not be taken as it is: an unknown mailbox, a refused sender, failed authentication), with
 * the code and the server's text. No SMTP answer (refused connection, timeout, TLS or DNS failure) is
 * retryable, with no code: the server said nothing; except a mail or envelope that could not be made
 * and authentication that cannot start, which no retry mends.
 */
function deliveryErrorOf(error: unknown): DeliveryError {
  const failure: MailerError = typeof error === 'object' && error !== null ? (error as MailerError) : {};
  const responseCode = failure.responseCode;
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode <= 599) {
    const permanent = responseCode >= 500;
    const said = failure.response ?? failure.message ?? '';
    const during = failure.command === undefined ? '' : ` to ${failure.command}`;
    return new DeliveryError(`the SMTP server answered${during}: ${said}`, !permanent, String(responseCode));
  }
  const message = error instanceof Error ? error.message : String(error);
  const code = failure.code;
  const suffix = code === undefined ? '' : ` (${code})`;
  if (code !== undefined && FINAL_ERRORS.has(code))
    return new DeliveryError(`the mail was not sent: ${message}${suffix}`, false);
  // Anything else (TLS refused, a dropped connection) may mend: retryable, and said as it was.
  const what =
    code !== undefined && UNREACHABLE_ERRORS.has(code)
      ? 'the SMTP server could not be reached'
      : 'the mail was not sent';
  return new DeliveryError(`${what}: ${message}${suffix}`, true);
}

/** nodemailer's transport options of a server. */
function transportOptions(options: SmtpChannelOptions): SMTPTransport.Options {
  const timeout = options.timeout_ms ?? 30_000;
  const common: SMTPTransport.Options = {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // The channel attaches bytes it was given; nothing may make nodemailer read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    ...(options.tls === undefined ? {} : { tls: { ...options.tls } }),
  };
  if ('url' in options) return { ...common, ...smtpUrlOptions(options.url) };
  const secure = options.secure === true;
  return {
    ...common,
    host: options.host,
    secure,
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.auth === undefined ? {} : { auth: { ...options.auth }, requireTLS: !secure }),
  };
}

/**
 * The server of an `smtp://` or `smtps://` URL. Credentials over `smtp://` require STARTTLS
 * (`requireTLS`): a password is never sent in clear, whatever the server offers (**fiscalkit
 * decides**; nodemailer alone would send it in clear to a server that offers no STARTTLS).
 */
function smtpUrlOptions(text: string): SMTPTransport.Options {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError('the SMTP URL is not a URL (smtp://[user:pass@]host[:port] or smtps://…)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new TypeError(`the SMTP URL must be smtp:// or smtps://, not ${url.protocol}//`);
  if (url.hostname === '') throw new TypeError('the SMTP URL names no host');
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    // An IPv6 literal comes bracketed in a URL; a socket wants it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    secure,
    ...(url.port === '' ? {} : { port: Number.parseInt(url.port, 10) }),
    ...(user === '' ? {} : { auth: { user, pass }, requireTLS: !secure }),
  };
}

/**
 * The SMTP delivery channel (`email` of `DeliveryChannels`): each `send` is one mail, over a fresh
 * connection (nodemailer, no pool), with
 *
 * - `From`: the configured address with the document's sender name as display name; `To` (and the
 *   envelope's only recipient): the recipient's e-mail — a recipient without one is refused
 *   (`DeliveryError`, not retryable);
 * - a subject and a short plain-text body in `document.language` (`mailText`, English for a language
 *   fiscalkit has no text in);
 * - the document attached under its filename and media type, base64, so it arrives byte for byte;
 * - `Message-ID: <{key}@fiscalkit>` (`smtpMessageId`): the same for every attempt of a delivery,
 *   since SMTP is at least once (a repeat is possible after a crash or a lost `250`).
 *
 * It answers the Message-ID and the server's final answer (`250 …`). SMTP `4xx` and a server that
 * cannot be reached throw a retryable `DeliveryError`; `5xx` a final one, with the SMTP code as `code`
 * and the server's text in the message.
 *
 * @example
 * ```ts
 * const email = smtpChannel({ url: 'smtp://mail.example.com:587', from: 'invoices@example.com' });
 * const receipt = await email.send(document);
 * receipt.detail; // '250 2.0.0 Ok: queued as 4F2…'
 * ```
 */
export function smtpChannel(options: SmtpChannelOptions): DeliveryChannel {
  const transport = nodemailer.createTransport(transportOptions(options));
  const fromAddress = addressOf(options.from);
  if (fromAddress === '') throw new TypeError('smtpChannel: `from` names no address');
  return {
    async send(document: OutgoingDocument) {
      const to = document.recipient.email?.trim() ?? '';
      if (to === '')
        throw new DeliveryError(
          `the recipient ${JSON.stringify(document.recipient.name)} has no e-mail address`,
          false,
        );
      const text = mailText(document.language, {
        number: document.invoice_number,
        sender: document.sender.name,
      });
      const messageId = smtpMessageId(document.key);
      try {
        const info = await transport.sendMail({
          from: { name: document.sender.name, address: fromAddress },
          to,
          ...(options.replyTo === undefined ? {} : { replyTo: options.replyTo }),
          subject: text.subject,
          text: text.body,
          messageId,
          attachments: [
            {
              filename: document.filename,
              content: Buffer.from(
                document.content.buffer,
                document.content.byteOffset,
                document.content.byteLength,
              ),
              contentType: document.media_type,
              contentTransferEncoding: 'base64',
            },
          ],
        });
        return { message_id: info.messageId || messageId, detail: info.response };
      } catch (error) {
        throw deliveryErrorOf(error);
      }
    },
  };
}

/**
 * The SMTP channel the environment configures, or undefined when `FISCALKIT_SMTP_URL` is not set (no
 * e-mail channel; a send by e-mail then fails as unconfigured, never pretends). `FISCALKIT_SMTP_URL`
 * is `smtp://[user:pass@]host[:port]` or `smtps://…`; `FISCALKIT_MAIL_FROM` the sending address,
 * required with it (a URL without it throws: a half-configured mailer is a mistake to show at start,
 * not at the first send); `FISCALKIT_MAIL_REPLY_TO` an optional `Reply-To`.
 *
 * @example
 * ```ts
 * const email = smtpChannelFromEnv(process.env); // undefined without FISCALKIT_SMTP_URL
 * ```
 */
export function smtpChannelFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): DeliveryChannel | undefined {
  const url = env.FISCALKIT_SMTP_URL?.trim();
  if (url === undefined || url === '') return undefined;
  const from = env.FISCALKIT_MAIL_FROM?.trim();
  if (from === undefined || from === '')
    throw new TypeError(
      'FISCALKIT_SMTP_URL is set but FISCALKIT_MAIL_FROM is not: set the address mails come from',
    );
  const replyTo = env.FISCALKIT_MAIL_REPLY_TO?.trim();
  return smtpChannel({ url, from, ...(replyTo === undefined || replyTo === '' ? {} : { replyTo }) });
}
