/**
 * The sandbox Peppol outbox over HTTP (issue #23): GET /accounts/{account}/peppol_outbox, GET
 * /peppol_outbox/{id}, GET /peppol_outbox/{id}/document, and another tenant's 404.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPeppolAccessPoint } from '../../src/adapters/sandbox/peppolAccessPoint.js';
import { LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { outgoingDocument } from '../contracts/deliveryChannel.contract.js';
import { createAccount, KEY, OTHER_KEY, startService, type TestService } from './harness.js';

/** A UBL-looking document with a non-ASCII byte, so a text round trip would show. */
const XML = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><Invoice>Łódź €</Invoice>');

describe('GET /accounts/{account}/peppol_outbox, /peppol_outbox/{id}[/document]', () => {
  let service: TestService;
  let account: number;
  let otherAccount: number;
  const ids: number[] = [];

  beforeAll(async () => {
    service = await startService();
    account = await createAccount(service);
    otherAccount = await createAccount(service, {}, { key: OTHER_KEY });
    const peppol = sandboxPeppolAccessPoint(service.ports);
    for (const n of [1, 2, 3]) {
      const receipt = await peppol.send(
        outgoingDocument({
          account_id: account,
          invoice_id: n,
          key: `invoice:${String(n)}:send:1`,
          filename: `F-${String(n)} Łódź.xml`,
          content: XML,
        }),
      );
      ids.push(Number(receipt.message_id.replace('sandbox-', '')));
    }
    await peppol.send(outgoingDocument({ account_id: otherAccount, key: 'other' }));
  });
  afterAll(() => service.close());

  it('lists the account’s entries, paged, with meta, without their bytes', async () => {
    const all = await service.request('GET', `/accounts/${String(account)}/peppol_outbox`);
    expect(all.status).toBe(200);
    expect(all.json.meta).toEqual({ total_count: 3, offset: 0, limit: 25, total: 3 });
    expect(all.json.peppol_outbox.map((entry: { id: number }) => entry.id)).toEqual(ids);
    for (const entry of all.json.peppol_outbox) expect(entry).not.toHaveProperty('content');
    expect(all.json.peppol_outbox[0]).toMatchObject({
      account_id: account,
      invoice_id: 1,
      key: 'invoice:1:send:1',
      receiver_id: '0088:5790000436064',
      size: XML.byteLength,
      sha256: createHash('sha256').update(XML).digest('hex'),
      message_id: `sandbox-${String(ids[0])}`,
    });

    const page = await service.request('GET', `/accounts/${String(account)}/peppol_outbox?offset=1&limit=1`);
    expect(page.json.meta).toEqual({ total_count: 3, offset: 1, limit: 1, total: 3 });
    expect(page.json.peppol_outbox.map((entry: { id: number }) => entry.id)).toEqual([ids[1]]);
  });

  it('refuses a parameter it does not take', async () => {
    const response = await service.request('GET', `/accounts/${String(account)}/peppol_outbox?state=sent`);
    expect(response.status).toBe(400);
  });

  it('shows one entry without its bytes', async () => {
    const response = await service.request('GET', `/peppol_outbox/${String(ids[1])}`);
    expect(response.status).toBe(200);
    expect(response.json.peppol_outbox_entry).toMatchObject({
      id: ids[1],
      invoice_id: 2,
      filename: 'F-2 Łódź.xml',
    });
    expect(response.json.peppol_outbox_entry).not.toHaveProperty('content');
  });

  it('answers the document byte for byte, with its media type and filename', async () => {
    const response = await fetch(`${service.url}/peppol_outbox/${String(ids[2])}/document`, {
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': LATEST_API_VERSION },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="F-3 __d_.xml"; filename*=UTF-8''F-3%20%C5%81%C3%B3d%C5%BA.xml`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(XML))).toBe(true);
  });

  it('answers 404 resource_missing for another group’s account, entry and document', async () => {
    const other = { key: OTHER_KEY };
    const list = await service.request('GET', `/accounts/${String(account)}/peppol_outbox`, other);
    expect(list.status).toBe(404);
    expect(list.json.error.code).toBe('resource_missing');
    for (const path of [`/peppol_outbox/${String(ids[0])}`, `/peppol_outbox/${String(ids[0])}/document`]) {
      const response = await service.request('GET', path, other);
      expect(response.status).toBe(404);
      expect(response.json.error).toMatchObject({ code: 'resource_missing', param: 'id' });
    }
    // The other group sees its own entry, and only it.
    const own = await service.request('GET', `/accounts/${String(otherAccount)}/peppol_outbox`, other);
    expect(own.json.meta.total_count).toBe(1);
  });

  it('answers 404 for an entry that does not exist', async () => {
    const response = await service.request('GET', '/peppol_outbox/999999');
    expect(response.status).toBe(404);
    expect(response.json.error.code).toBe('resource_missing');
  });
});
