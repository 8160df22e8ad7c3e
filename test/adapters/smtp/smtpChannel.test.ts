/**
 * The SMTP channel against a real SMTP server on loopback (issue #23: "for tests, a real local SMTP
 * server (smtp-server, or an equivalent) that receives the mail"), the received mail parsed with
 * mailparser.
 */

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { mailText } from '../../../src/adapters/smtp/mailTexts.js';
import { smtpChannel, smtpChannelFromEnv, smtpMessageId } from '../../../src/adapters/smtp/smtpChannel.js';
import { DeliveryError } from '../../../src/ports.js';
import {
  describeDeliveryChannelContract,
  outgoingDocument,
} from '../../contracts/deliveryChannel.contract.js';

/** A local SMTP server that keeps every mail it takes. */
interface LocalSmtp {
  url: string;
  port: number;
  mails: ParsedMail[];
  close(): Promise<void>;
}

/**
 * Starts an SMTP server on 127.0.0.1, port 0, with no TLS and no authentication. `refuse` maps a
 * recipient address to the SMTP code its `RCPT TO` is answered with; `refuseData` is the code the end
 * of `DATA` is answered with, if any.
 */
async function localSmtp(
  options: { refuse?: Record<string, number>; refuseData?: number } = {},
): Promise<LocalSmtp> {
  const mails: ParsedMail[] = [];
  const refusal = (code: number) =>
    Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), {
      responseCode: code,
    });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.[address.address];
      callback(code === undefined ? null : refusal(code));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (options.refuseData !== undefined) return callback(refusal(options.refuseData));
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens at (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const FROM = 'invoices@fiscalkit.example';

describeDeliveryChannelContract('smtpChannel (smtp-server on loopback)', async () => {
  const smtp = await localSmtp({ refuse: { 'gone@customer.example': 550 } });
  return {
    channel: smtpChannel({ url: smtp.url, from: FROM }),
    once_per_key: false,
    async received() {
      return smtp.mails.map((mail) => {
        const [attachment] = mail.attachments;
        if (attachment === undefined) throw new Error('a mail without its attachment');
        return {
          message_id: mail.messageId ?? '',
          filename: attachment.filename ?? '',
          media_type: attachment.contentType,
          content: attachment.content,
        };
      });
    },
    refusedRecipient: (document) => ({
      ...document,
      recipient: { ...document.recipient, email: 'gone@customer.example' },
    }),
    unreachable: async () =>
      smtpChannel({ url: `smtp://127.0.0.1:${String(await closedPort())}`, from: FROM }),
    close: smtp.close,
  };
});

describe('smtpChannel', () => {
  const servers: LocalSmtp[] = [];
  const start = async (options?: Parameters<typeof localSmtp>[0]) => {
    const smtp = await localSmtp(options);
    servers.push(smtp);
    return smtp;
  };
  afterAll(async () => {
    await Promise.all(servers.map((smtp) => smtp.close()));
  });

  it('writes one mail: From with the sender’s name, To, Reply-To, Message-ID, a subject in the language', async () => {
    const smtp = await start();
    const channel = smtpChannel({
      host: '127.0.0.1',
      port: smtp.port,
      from: FROM,
      replyTo: 'ar@acme.example',
    });
    const document = outgoingDocument({ key: 'invoice:7:send:1', language: 'es', invoice_number: 'F-7' });
    const receipt = await channel.send(document);
    expect(receipt.message_id).toBe('<invoice%3A7%3Asend%3A1@fiscalkit>');
    expect(receipt.detail).toMatch(/^250 /);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails as [ParsedMail];
    expect(mail.messageId).toBe('<invoice%3A7%3Asend%3A1@fiscalkit>');
    expect(mail.from?.value).toEqual([{ name: 'ACME SL', address: FROM }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'ap@customer.example' }] });
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'ar@acme.example' }]);
    expect(mail.subject).toBe('Factura F-7 de ACME SL');
    expect(mail.text?.trim()).toBe('Le adjuntamos la factura F-7 de ACME SL.');
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['F-2026-001.xml']);
  });

  it.each([
    ['pl', 'Faktura F-1 od ACME SL'],
    ['de-AT', 'Rechnung F-1 von ACME SL'],
    ['CA', 'Factura F-1 de ACME SL'],
    ['fr', 'Facture F-1 de ACME SL'],
    ['it', 'Fattura F-1 da ACME SL'],
    ['ja', 'Invoice F-1 from ACME SL'],
    ['constructor', 'Invoice F-1 from ACME SL'],
  ])('writes the subject in %s (English without a text in it)', async (language, subject) => {
    const smtp = await start();
    await smtpChannel({ url: smtp.url, from: FROM }).send(
      outgoingDocument({ language, invoice_number: 'F-1' }),
    );
    expect(smtp.mails[0]?.subject).toBe(subject);
  });

  it('fills names with `$` in them literally', () => {
    expect(mailText('en', { number: '$1', sender: 'A $& B' }).subject).toBe('Invoice $1 from A $& B');
  });

  it('answers a 451 as a retryable DeliveryError with the code and the server’s text', async () => {
    const smtp = await start({ refuse: { 'ap@customer.example': 451 } });
    const failed = await smtpChannel({ url: smtp.url, from: FROM })
      .send(outgoingDocument())
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(DeliveryError);
    expect(failed).toMatchObject({ retryable: true, code: '451' });
    expect((failed as Error).message).toContain('try again later');
    expect(smtp.mails).toEqual([]);
  });

  it('answers a 550 as a final DeliveryError with the code and the server’s text', async () => {
    const smtp = await start({ refuse: { 'ap@customer.example': 550 } });
    const failed = await smtpChannel({ url: smtp.url, from: FROM })
      .send(outgoingDocument())
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toMatchObject({ name: 'DeliveryError', retryable: false, code: '550' });
    expect((failed as Error).message).toContain('mailbox unavailable');
  });

  it('reads the end of DATA the same way: 452 retryable, 554 final', async () => {
    for (const [code, retryable] of [
      [452, true],
      [554, false],
    ] as const) {
      const smtp = await start({ refuseData: code });
      const failed = await smtpChannel({ url: smtp.url, from: FROM })
        .send(outgoingDocument())
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failed).toMatchObject({ name: 'DeliveryError', retryable, code: String(code) });
    }
  });

  it('says a server that cannot be reached could not be reached, retryably, with no SMTP code', async () => {
    const channel = smtpChannel({ url: `smtp://127.0.0.1:${String(await closedPort())}`, from: FROM });
    const failed = await channel.send(outgoingDocument()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ name: 'DeliveryError', retryable: true, code: null });
    expect((failed as Error).message).toMatch(
      /^the SMTP server could not be reached: connect ECONNREFUSED .*\(ESOCKET\)$/,
    );
  });

  it('refuses a recipient without an e-mail address, for good, without connecting', async () => {
    const channel = smtpChannel({ url: `smtp://127.0.0.1:${String(await closedPort())}`, from: FROM });
    const document = outgoingDocument();
    const failed = await channel
      .send({ ...document, recipient: { ...document.recipient, email: null } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toMatchObject({ name: 'DeliveryError', retryable: false, code: null });
  });
});

describe('smtpMessageId', () => {
  it('keeps atext, escapes everything else, so different keys never share an id', () => {
    expect(smtpMessageId('abc-1_2')).toBe('<abc-1_2@fiscalkit>');
    expect(smtpMessageId('a.b')).toBe('<a%2Eb@fiscalkit>');
    expect(smtpMessageId('a%2Eb')).toBe('<a%252Eb@fiscalkit>');
    expect(smtpMessageId('a b<c>@')).toBe('<a%20b%3Cc%3E%40@fiscalkit>');
    expect(smtpMessageId('ł')).toBe('<%C5%82@fiscalkit>');
  });
});

describe('smtpChannelFromEnv', () => {
  it('is undefined without FISCALKIT_SMTP_URL', () => {
    expect(smtpChannelFromEnv({})).toBeUndefined();
    expect(smtpChannelFromEnv({ FISCALKIT_SMTP_URL: ' ', FISCALKIT_MAIL_FROM: FROM })).toBeUndefined();
  });

  it('refuses a URL without FISCALKIT_MAIL_FROM, and a URL that is not smtp:// or smtps://', () => {
    expect(() => smtpChannelFromEnv({ FISCALKIT_SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      /FISCALKIT_MAIL_FROM/,
    );
    expect(() =>
      smtpChannelFromEnv({ FISCALKIT_SMTP_URL: 'http://127.0.0.1:2525', FISCALKIT_MAIL_FROM: FROM }),
    ).toThrow(/smtp:\/\/ or smtps:\/\//);
  });

  it('sends through the server of the URL, from the address of FISCALKIT_MAIL_FROM', async () => {
    const smtp = await localSmtp();
    try {
      const channel = smtpChannelFromEnv({
        FISCALKIT_SMTP_URL: smtp.url,
        FISCALKIT_MAIL_FROM: `Billing <${FROM}>`,
      });
      await channel?.send(outgoingDocument());
      expect(smtp.mails[0]?.from?.value).toEqual([{ name: 'ACME SL', address: FROM }]);
    } finally {
      await smtp.close();
    }
  });
});
