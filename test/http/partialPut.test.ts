/**
 * PUT is a partial update on every resource (issue #19), as on the real service, a Rails API whose
 * official client updates with `PUT /invoices/{id} {invoice: {extra_info: …}}` and `PUT /contacts/{id}
 * {contact: {name, phone}}`: the fields sent are merged over the stored resource, the others keep
 * their values, nested arrays keep their `id` / `_destroy` semantics, and the rules judge the merged
 * resource. One case per resource: a PUT with one field keeps the others; a PUT that breaks a rule on
 * the merged result is refused and changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VALID_BIC, VALID_IBAN } from '../support/fixtures.js';
import { seedAccount } from '../support/seedTenants.js';
import { createAccount, startService, type TestResponse, type TestService } from './harness.js';
import { createTestInvoice } from './invoiceSupport.js';
import { PEPPOL_TRANSPORT } from './transportSupport.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

const failure = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

/** The body of a 201 create, wrapped in `name`. */
async function created(path: string, name: string, resource: object): Promise<Record<string, unknown>> {
  const response = await service.request('POST', path, { body: { [name]: resource } });
  if (response.status !== 201) throw new Error(`${name} create failed: ${response.status} ${response.text}`);
  return response.json[name];
}

describe('PUT is a partial update (issue #19)', () => {
  it('accounts: one field changes, the others stay; a merged result that breaks a rule is refused', async () => {
    const id = await createAccount(service, { email: 'billing@acme.example', phone: '+34 600 000 000' });
    const put = await service.request('PUT', `/accounts/${id}`, { body: { account: { name: 'ACME Dos' } } });
    expect(put.status).toBe(200);
    expect(put.json.account).toMatchObject({
      name: 'ACME Dos',
      email: 'billing@acme.example',
      phone: '+34 600 000 000',
      tin_value: 'B12345674',
    });
    // A routing code value without its scheme, once merged over the stored codes (spec §2.2 rule 1).
    expect(
      failure(
        await service.request('PUT', `/accounts/${id}`, {
          body: { account: { routing_codes: { cin1_value: 'R1' } } },
        }),
      ),
    ).toEqual([422, 'parameter_blank', 'routing_codes.cin1_scheme']);
  });

  it('bank accounts: one field changes, the others stay; an IBAN another bank account has is refused', async () => {
    const account = await createAccount(service);
    const first = await created(`/accounts/${account}/bank_accounts`, 'bank_account', {
      iban: VALID_IBAN,
      bic: VALID_BIC,
      bank_name: 'First',
    });
    const second = await created(`/accounts/${account}/bank_accounts`, 'bank_account', {
      iban: 'BE68539007547034',
    });
    const put = await service.request('PUT', `/bank_accounts/${first.id}`, {
      body: { bank_account: { bank_name: 'Renamed' } },
    });
    expect(put.status).toBe(200);
    expect(put.json.bank_account).toMatchObject({ bank_name: 'Renamed', bic: VALID_BIC });
    expect(
      failure(
        await service.request('PUT', `/bank_accounts/${second.id}`, {
          body: { bank_account: { iban: VALID_IBAN } },
        }),
      ),
    ).toEqual([422, 'parameter_taken', 'iban']);
  });

  it('contacts: the official client’s PUT {name, phone} keeps country, email, address and TIN', async () => {
    const account = await createAccount(service);
    const contact = await created(`/accounts/${account}/contacts`, 'contact', {
      name: 'SDK Test Contact',
      email: 'sdk-test@example.com',
      tin_scheme: '9920',
      tin_value: 'B76543214',
      country: 'ES',
      address: 'Calle Test 1',
      city: 'Madrid',
      routing_codes: { cin1_value: 'R1', cin1_scheme: '0088' },
    });
    const put = await service.request('PUT', `/contacts/${contact.id}`, {
      body: { contact: { name: 'SDK Test Contact Updated', phone: '+34600000000' } },
    });
    expect(put.status).toBe(200);
    expect(put.json.contact).toMatchObject({
      name: 'SDK Test Contact Updated',
      phone: '+34600000000',
      country: 'ES',
      email: 'sdk-test@example.com',
      address: 'Calle Test 1',
      city: 'Madrid',
      tin_value: 'B76543214',
      routing_codes: { cin1_value: 'R1', cin1_scheme: '0088' },
    });
    // Clearing the stored scheme of a routing code whose value stays breaks the pair (spec §2.2 rule 1).
    expect(
      failure(
        await service.request('PUT', `/contacts/${contact.id}`, {
          body: { contact: { routing_codes: { cin1_scheme: null } } },
        }),
      ),
    ).toEqual([422, 'parameter_blank', 'routing_codes.cin1_scheme']);
    expect(
      (await service.request('GET', `/contacts/${contact.id}`)).json.contact.routing_codes,
    ).toMatchObject({
      cin1_scheme: '0088',
    });
  });

  it('invoices: the official client’s PUT of one field keeps number, lines and contact; rules judge the merged invoice', async () => {
    const account = await createAccount(service);
    const invoice = await createTestInvoice(service, account, { number: 'P-1', ponumber: 'PO-9' });
    await createTestInvoice(service, account, { number: 'P-2' });
    const path = `/invoices/${String(invoice.id)}`;
    // The official client's own update: one field the model does not keep (it is dropped, as on create).
    const extra = await service.request('PUT', path, {
      body: { invoice: { extra_info: 'Payment terms: 30 days' } },
    });
    expect([extra.status, extra.json.invoice.number, extra.json.invoice.lines.length]).toEqual([
      200,
      'P-1',
      2,
    ]);
    const put = await service.request('PUT', path, { body: { invoice: { notes: 'Paid by transfer' } } });
    expect(put.status).toBe(200);
    expect(put.json.invoice).toMatchObject({
      number: 'P-1',
      ponumber: 'PO-9',
      notes: 'Paid by transfer',
      total: 677.75,
      contact_id: invoice.contact_id,
    });
    expect(put.json.invoice.lines).toHaveLength(2);
    // Lines keep their id-based semantics: a new line is added, `_destroy` removes one.
    const [first, second] = invoice.lines;
    const lines = await service.request('PUT', path, {
      body: {
        invoice: {
          invoice_lines_attributes: [
            { id: first?.id, _destroy: true },
            { quantity: '1', price: '10', taxes_attributes: [{ name: 'IVA', percent: '21' }] },
          ],
        },
      },
    });
    expect(lines.status).toBe(200);
    expect(lines.json.invoice.lines.map((line: { id: number }) => line.id)[0]).toBe(second?.id);
    expect(lines.json.invoice.lines).toHaveLength(2);
    // The number is unique per account and type: judged on the invoice the PUT makes.
    expect(failure(await service.request('PUT', path, { body: { invoice: { number: 'P-2' } } }))).toEqual([
      422,
      'parameter_taken',
      'number',
    ]);
    // A sent invoice is frozen, whatever the PUT sends.
    await service.request('POST', `${path}/mark_as`, { body: { state: 'sent' } });
    expect(failure(await service.request('PUT', path, { body: { invoice: { notes: 'Late' } } }))).toEqual([
      409,
      'conflict',
      null,
    ]);
    expect((await service.request('GET', path)).json.invoice).toMatchObject({
      number: 'P-1',
      notes: 'Paid by transfer',
    });
  });

  it('transports: one field changes, the others stay; a Peppol participant left without its scheme is refused', async () => {
    const account = await seedAccount(service.ports, 1, {
      name: 'T',
      country: 'ES',
      tin_value: 'ESB12345674',
    });
    await created(`/accounts/${account}/transports`, 'transport', {
      transport_type_code: 'email',
      invoice: true,
    });
    const put = await service.request('PUT', '/transports/email', { body: { transport: { order: true } } });
    expect(put.status).toBe(200);
    expect(put.json.transport).toMatchObject({ transport_type_code: 'email', invoice: true, order: true });
    await created(`/accounts/${account}/transports`, 'transport', PEPPOL_TRANSPORT);
    const refused = await service.request('PUT', '/transports/peppol', {
      body: { transport: { pin_scheme: null } },
    });
    expect(failure(refused)).toEqual([422, 'parameter_blank', 'pin_scheme']);
  });

  it('web hooks: one field changes, the others stay; an event that does not exist is refused', async () => {
    const account = await seedAccount(service.ports, 1, {
      name: 'W',
      country: 'ES',
      tin_value: 'ESU2687761C',
    });
    const hook = await created(`/accounts/${account}/web_hooks`, 'web_hook', {
      url: 'https://receiver.example.test/hooks',
      events: ['sii_batch.finished'],
    });
    const put = await service.request('PUT', `/web_hooks/${hook.id}`, {
      body: { web_hook: { enabled: false } },
    });
    expect(put.status).toBe(200);
    expect(put.json.web_hook).toEqual({ ...hook, enabled: false });
    expect(
      failure(
        await service.request('PUT', `/web_hooks/${hook.id}`, {
          body: { web_hook: { events: ['no.such_event'] } },
        }),
      ),
    ).toEqual([422, 'parameter_inclusion', 'events[0]']);
  });
});
