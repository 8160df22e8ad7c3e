/**
 * The sandbox mailbox over HTTP (issue #23): GET /accounts/{account}/sandbox_mailbox, GET
 * /sandbox_mailbox/{id}, GET /sandbox_mailbox/{id}/attachment, and another tenant's 404.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMailbox } from '../../src/adapters/sandbox/mailbox.js';
import { LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { LEGACY_API_VERSION } from '../../src/versions/resolveVersion.js';
import { outgoingDocument } from '../contracts/deliveryChannel.contract.js';
import { createAccount, KEY, OTHER_KEY, startService, type TestService } from './harness.js';

/** A PDF-looking attachment with bytes that are not text, so a text round trip would show. */
const PDF = Uint8Array.from([
  0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xe2, 0x00, 0xff, 0x80, 0x0d,
]);

describe('GET /accounts/{account}/sandbox_mailbox, /sandbox_mailbox/{id}[/attachment]', () => {
  let service: TestService;
  let account: number;
  let otherAccount: number;
  const ids: number[] = [];

  beforeAll(async () => {
    service = await startService();
    account = await createAccount(service);
    otherAccount = await createAccount(service, {}, { key: OTHER_KEY });
    const email = sandboxMailbox(service.ports);
    for (const n of [1, 2, 3]) {
      await email.send(
        outgoingDocument({
          account_id: account,
          invoice_id: n,
          invoice_number: `F-${String(n)}`,
          key: `invoice:${String(n)}:send:1`,
          document_type: 'pdf.invoice',
          filename: `F-${String(n)} Łódź.pdf`,
          media_type: 'application/pdf',
          content: PDF,
        }),
      );
    }
    await email.send(outgoingDocument({ account_id: otherAccount, key: 'other' }));
    const page = await service.ports.store.sandboxMail.list(account, { offset: 0, limit: 10 });
    ids.push(...page.items.map(({ value }) => value.id));
  });
  afterAll(() => service.close());

  it('lists the account’s mails, paged, with meta, without their bytes', async () => {
    const all = await service.request('GET', `/accounts/${String(account)}/sandbox_mailbox`);
    expect(all.status).toBe(200);
    expect(all.json.meta).toEqual({ total_count: 3, offset: 0, limit: 25, total: 3 });
    expect(all.json.sandbox_mailbox.map((mail: { id: number }) => mail.id)).toEqual(ids);
    for (const mail of all.json.sandbox_mailbox) expect(mail).not.toHaveProperty('content');
    expect(all.json.sandbox_mailbox[0]).toMatchObject({
      account_id: account,
      invoice_id: 1,
      key: 'invoice:1:send:1',
      from: 'sandbox@fiscalkit.invalid',
      from_name: 'ACME SL',
      to: 'ap@customer.example',
      subject: 'Invoice F-1 from ACME SL',
      text: 'Please find attached invoice F-1 from ACME SL.',
      size: PDF.byteLength,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      message_id: '<invoice%3A1%3Asend%3A1@fiscalkit>',
    });

    const page = await service.request(
      'GET',
      `/accounts/${String(account)}/sandbox_mailbox?offset=1&limit=1`,
    );
    expect(page.json.meta).toEqual({ total_count: 3, offset: 1, limit: 1, total: 3 });
    expect(page.json.sandbox_mailbox.map((mail: { id: number }) => mail.id)).toEqual([ids[1]]);
  });

  it('answers the list at /projects/{account}/sandbox_mailbox in the legacy version', async () => {
    const legacy = await service.request('GET', `/projects/${String(account)}/sandbox_mailbox`, {
      version: LEGACY_API_VERSION,
    });
    expect(legacy.status, JSON.stringify(legacy.json)).toBe(200);
    expect(legacy.json.sandbox_mailbox.map((mail: { id: number }) => mail.id)).toEqual(ids);
    expect(legacy.json.meta.total_count).toBe(3);
  });

  it('refuses a parameter it does not take', async () => {
    const response = await service.request('GET', `/accounts/${String(account)}/sandbox_mailbox?to=x`);
    expect(response.status).toBe(400);
  });

  it('shows one mail without its bytes', async () => {
    const response = await service.request('GET', `/sandbox_mailbox/${String(ids[1])}`);
    expect(response.status).toBe(200);
    expect(response.json.sandbox_mail).toMatchObject({ id: ids[1], invoice_id: 2, filename: 'F-2 Łódź.pdf' });
    expect(response.json.sandbox_mail).not.toHaveProperty('content');
  });

  it('answers the attachment byte for byte, with its media type and filename', async () => {
    const response = await fetch(`${service.url}/sandbox_mailbox/${String(ids[2])}/attachment`, {
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': LATEST_API_VERSION },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="F-3 __d_.pdf"; filename*=UTF-8''F-3%20%C5%81%C3%B3d%C5%BA.pdf`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
  });

  it('answers 404 resource_missing for another group’s account, mail and attachment', async () => {
    const other = { key: OTHER_KEY };
    const list = await service.request('GET', `/accounts/${String(account)}/sandbox_mailbox`, other);
    expect(list.status).toBe(404);
    expect(list.json.error.code).toBe('resource_missing');
    for (const path of [
      `/sandbox_mailbox/${String(ids[0])}`,
      `/sandbox_mailbox/${String(ids[0])}/attachment`,
    ]) {
      const response = await service.request('GET', path, other);
      expect(response.status).toBe(404);
      expect(response.json.error).toMatchObject({ code: 'resource_missing', param: 'id' });
    }
    // The other group sees its own mail, and only it.
    const own = await service.request('GET', `/accounts/${String(otherAccount)}/sandbox_mailbox`, other);
    expect(own.json.meta.total_count).toBe(1);
  });

  it('answers 404 for a mail that does not exist', async () => {
    const response = await service.request('GET', '/sandbox_mailbox/999999');
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe('resource_missing');
  });
});
