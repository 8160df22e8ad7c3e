/**
 * `fiscalkit/smtp`: the e-mail delivery channel over SMTP (issue #23), on nodemailer.
 *
 * @module
 */
export { MAIL_TEXTS, type MailText, mailText } from './mailTexts.js';
export {
  type SmtpChannelOptions,
  type SmtpServer,
  smtpChannel,
  smtpChannelFromEnv,
  smtpMessageId,
} from './smtpChannel.js';
