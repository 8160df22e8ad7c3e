import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../../src/adapters/memory/memoryPorts.js';
import {
  SANDBOX_MAIL_CODES,
  SANDBOX_MAIL_FROM,
  sandboxMailbox,
} from '../../../src/adapters/sandbox/mailbox.js';
import { mailText } from '../../../src/adapters/smtp/mailTexts.js';
import { smtpMessageId } from '../../../src/adapters/smtp/smtpChannel.js';
import { SandboxMailSchema } from '../../../src/model/sandboxMail.js';
import { DeliveryError, type Ports } from '../../../src/ports.js';
import {
  describeDeliveryChannelContract,
  outgoingDocument,
} from '../../contracts/deliveryChannel.contract.js';

/** The mails of an account, oldest first. */
async function mailsOf(ports: Pick<Ports, 'store'>, account_id = 1) {
  return (await ports.store.sandboxMail.list(account_id, { offset: 0, limit: 500 })).items.map(
    ({ value }) => value,
  );
}

/** Ports whose mailbox cannot be written: the mailbox is down. */
function brokenMailbox(): Ports {
  const ports = memoryPorts();
  const mailbox = ports.store.sandboxMail;
  return {
    ...ports,
    store: {
      ...ports.store,
      sandboxMail: { ...mailbox, insert: () => Promise.reject(new Error('connection refused')) },
    },
  };
}

describeDeliveryChannelContract('sandboxMailbox', () => {
  const ports = memoryPorts();
  return {
    channel: sandboxMailbox(ports),
    once_per_key: true,
    async received() {
      return (await mailsOf(ports)).map((mail) => ({
        message_id: mail.message_id,
        filename: mail.filename,
        media_type: mail.media_type,
        content: Buffer.from(mail.content, 'base64'),
      }));
    },
    refusedRecipient: (document) => ({ ...document, recipient: { ...document.recipient, email: null } }),
    unreachable: () => sandboxMailbox(brokenMailbox()),
  };
});

/** The code and retryability a send is refused with. */
async function refusal(send: Promise<unknown>): Promise<{ code: string | null; retryable: boolean }> {
  const error = await send.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DeliveryError)) throw new Error(`expected a DeliveryError, got ${String(error)}`);
  return { code: error.code, retryable: error.retryable };
}

describe('sandboxMailbox', () => {
  it('keeps the mail the SMTP channel would have sent: from, to, texts, attachment, Message-ID', async () => {
    const ports = memoryPorts();
    const document = outgoingDocument({
      account_id: 3,
      invoice_id: 42,
      key: 'invoice:42:send:1',
      language: 'es',
      invoice_number: 'F-42',
    });
    const receipt = await sandboxMailbox(ports).send(document);
    const [mail] = await mailsOf(ports, 3);
    expect(SandboxMailSchema.parse(mail)).toEqual(mail);
    const text = mailText('es', { number: 'F-42', sender: 'ACME SL' });
    expect(text.subject).toBe('Factura F-42 de ACME SL');
    expect(mail).toMatchObject({
      account_id: 3,
      invoice_id: 42,
      key: 'invoice:42:send:1',
      from: SANDBOX_MAIL_FROM,
      from_name: 'ACME SL',
      to: 'ap@customer.example',
      subject: text.subject,
      text: text.body,
      document_type: 'xml.ubl.invoice.bis3',
      filename: 'F-2026-001.xml',
      media_type: 'application/xml',
      size: document.content.byteLength,
      sha256: createHash('sha256').update(document.content).digest('hex'),
      message_id: '<invoice%3A42%3Asend%3A1@fiscalkit>',
      created_at: '2026-04-20T10:40:00.000Z',
    });
    expect(mail?.message_id).toBe(smtpMessageId(document.key));
    expect(Buffer.from(mail?.content ?? '', 'base64').equals(Buffer.from(document.content))).toBe(true);
    expect(receipt).toEqual({
      message_id: '<invoice%3A42%3Asend%3A1@fiscalkit>',
      detail: `kept in the sandbox mailbox as mail ${String(mail?.id)}; not sent to anyone (set FISCALKIT_SMTP_URL to send e-mail)`,
    });
    // Another account sees none of it.
    expect(await mailsOf(ports, 1)).toEqual([]);
  });

  it('writes the configured from address and trims the recipient’s', async () => {
    const ports = memoryPorts();
    const document = outgoingDocument({
      recipient: { name: 'B', email: '  b@customer.example ', peppol_id: null },
    });
    await sandboxMailbox(ports, { from: 'invoices@acme.example' }).send(document);
    expect(await mailsOf(ports)).toMatchObject([{ from: 'invoices@acme.example', to: 'b@customer.example' }]);
  });

  it('keeps one mail per key and account, and answers the first receipt again', async () => {
    const ports = memoryPorts();
    const email = sandboxMailbox(ports);
    const first = await email.send(outgoingDocument());
    expect(await email.send(outgoingDocument())).toEqual(first);
    expect(await mailsOf(ports)).toHaveLength(1);
    // The same key in another account is another delivery, kept apart (its Message-ID is the key's).
    await email.send(outgoingDocument({ account_id: 2 }));
    expect(await mailsOf(ports, 2)).toHaveLength(1);
    expect(await mailsOf(ports)).toHaveLength(1);
  });

  it('refuses the same key with another attachment or another recipient, storing nothing more', async () => {
    const ports = memoryPorts();
    const email = sandboxMailbox(ports);
    await email.send(outgoingDocument());
    expect(await refusal(email.send(outgoingDocument({ content: new Uint8Array([1, 2, 3]) })))).toEqual({
      code: SANDBOX_MAIL_CODES.key_reused,
      retryable: false,
    });
    const otherRecipient = outgoingDocument({
      recipient: { name: 'B', email: 'other@customer.example', peppol_id: null },
    });
    expect(await refusal(email.send(otherRecipient))).toEqual({
      code: 'SANDBOX-MAIL:KEY_REUSED',
      retryable: false,
    });
    expect(await mailsOf(ports)).toHaveLength(1);
  });

  it.each([null, '', '   '])(
    'refuses a recipient whose e-mail is %j, for good, storing nothing',
    async (email) => {
      const ports = memoryPorts();
      const document = outgoingDocument({ recipient: { name: 'B', email, peppol_id: '0088:5790000436064' } });
      expect(await refusal(sandboxMailbox(ports).send(document))).toEqual({
        code: 'SANDBOX-MAIL:RECIPIENT_MISSING',
        retryable: false,
      });
      expect(await mailsOf(ports)).toEqual([]);
    },
  );

  it('is unavailable, retryably, when its mailbox cannot be written', async () => {
    expect(await refusal(sandboxMailbox(brokenMailbox()).send(outgoingDocument()))).toEqual({
      code: 'SANDBOX-MAIL:UNAVAILABLE',
      retryable: true,
    });
  });
});
