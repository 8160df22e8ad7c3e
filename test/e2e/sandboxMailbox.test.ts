/**
 * Issue #23: a plain `npm start` (the sandbox, no `FISCALKIT_SMTP_URL`) delivers an invoice sent to an
 * e-mail contact into the sandbox mailbox, says so in its banner, and GET
 * /accounts/{account}/sandbox_mailbox shows the mail with its PDF attached: the real service's sandbox
 * delivers e-mail, and fiscalkit's sandbox does it with a named simulator that sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NpmStart, startNpmStart } from '../support/npmStart.js';

/** Generous: the send runs on the server's worker, on a busy machine. */
const DEADLINE_MS = 60_000;
const POLL_MS = 100;
const VERSION = '2026-03-02';

let server: NpmStart;

beforeAll(async () => {
  server = await startNpmStart();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'X-B2B-API-Key': server.key,
      'X-B2B-API-Version': VERSION,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON it was answered.
  const json: any = text === '' ? null : JSON.parse(text);
  return { status: response.status, json, text };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe('npm start without SMTP: e-mail goes to the sandbox mailbox (issue #23)', () => {
  it('says so at start', () => {
    expect(server.output()).toContain(
      'fiscalkit: e-mail → the sandbox mailbox (nothing is sent; GET /accounts/{account}/sandbox_mailbox; set FISCALKIT_SMTP_URL to send)',
    );
  });

  it('sends an invoice to an e-mail contact, and the mailbox keeps the mail with its PDF', async () => {
    const account = await call('POST', '/accounts', {
      account: { name: 'ACME Mailbox SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' },
    });
    expect(account.status, account.text).toBe(201);
    const accountId: number = account.json.account.id;
    const contact = await call('POST', `/accounts/${String(accountId)}/contacts`, {
      contact: {
        name: 'Distribuciones Norte SA',
        country: 'ES',
        tin_scheme: '9920',
        tin_value: 'B76543214',
        email: 'compras@norte.example',
        transport_type_code: 'email',
      },
    });
    expect(contact.status, contact.text).toBe(201);
    const invoice = await call('POST', `/accounts/${String(accountId)}/invoices`, {
      invoice: {
        type: 'IssuedInvoice',
        number: 'MB-1',
        date: '2026-04-20',
        currency: 'EUR',
        contact_id: contact.json.contact.id,
        invoice_lines_attributes: [
          {
            description: 'Consulting',
            quantity: '2',
            price: '50',
            taxes_attributes: [{ name: 'IVA', percent: '21' }],
          },
        ],
      },
    });
    expect(invoice.status, invoice.text).toBe(201);
    const id: number = invoice.json.invoice.id;
    const sent = await call('POST', `/invoices/send_invoice/${String(id)}`);
    expect(sent.status, sent.text).toBe(200);

    const state = await until('the invoice to leave sending', async () => {
      const answer = await call('GET', `/invoices/${String(id)}`);
      const now = answer.json?.invoice?.state;
      return now === 'sending' || now === 'new' ? undefined : { now, text: answer.text };
    });
    expect(state.now, state.text).toBe('sent');

    const mailbox = await call('GET', `/accounts/${String(accountId)}/sandbox_mailbox`);
    expect(mailbox.status, mailbox.text).toBe(200);
    expect(mailbox.json.sandbox_mailbox, mailbox.text).toMatchObject([
      {
        invoice_id: id,
        from: 'sandbox@fiscalkit.invalid',
        from_name: 'ACME Mailbox SL',
        to: 'compras@norte.example',
        media_type: 'application/pdf',
      },
    ]);
    const mail = mailbox.json.sandbox_mailbox[0];
    expect(mail.subject).toContain('MB-1');
    const deliveries = await call('GET', `/invoices/${String(id)}/deliveries`);
    expect(deliveries.json.deliveries, deliveries.text).toMatchObject([
      { status: 'delivered', transport: 'email', message_id: mail.message_id },
    ]);

    const attachment = await fetch(`${server.url}/sandbox_mailbox/${String(mail.id)}/attachment`, {
      headers: { 'X-B2B-API-Key': server.key, 'X-B2B-API-Version': VERSION },
    });
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await attachment.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.byteLength).toBe(mail.size);
  });
});
