/**
 * `tin_scheme` scheme words over real HTTP (spec §2.3 "scheme (e.g. VAT, TAX)"; issue #18 item 1):
 * accepted on accounts, contacts, offices and an invoice's inline contact, read with the party's
 * country as the scheme code (`VAT` + `PL` is 9945, `VAT` + `ES` is 9920), and stored and returned as
 * that code (docs/model-decisions.md, "Scheme words"). Unknown words, and words without a code in the
 * party's country, stay 422 `parameter_inclusion` at `tin_scheme`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TIN, CONTACT_TIN } from '../support/fixtures.js';
import { createAccount, startService, type TestService } from './harness.js';
import { invoiceBody } from './invoiceSupport.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

type Answer = Awaited<ReturnType<TestService['request']>>;
const failure = (response: Answer) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const POLISH_NIP = '5260250274';

describe('accounts', () => {
  it('POST with VAT + PL stores and answers 9945; GET reads the code back', async () => {
    const created = await service.request('POST', '/accounts', {
      body: {
        account: { name: 'Polska Sp. z o.o.', tin_scheme: 'VAT', country: 'PL', tin_value: POLISH_NIP },
      },
    });
    expect(created.status).toBe(201);
    expect(created.json.account.tin_scheme).toBe('9945');
    const read = await service.request('GET', `/accounts/${created.json.account.id}`);
    expect(read.json.account).toMatchObject({ tin_scheme: '9945', tin_value: POLISH_NIP });
  });

  it('reads the word in any case, and TAX too (TAX + ES is 9920)', async () => {
    const account = await createAccount(service, { tin_scheme: 'vat', country: 'es' });
    expect((await service.request('GET', `/accounts/${account}`)).json.account.tin_scheme).toBe('9920');
    const tax = await createAccount(service, { tin_scheme: 'TAX', country: 'ES', tin_value: ACCOUNT_TIN });
    expect((await service.request('GET', `/accounts/${tax}`)).json.account.tin_scheme).toBe('9920');
  });

  it('PUT reads the word with the country the account will have, sent or stored', async () => {
    const account = await createAccount(service);
    const put = (body: object) => service.request('PUT', `/accounts/${account}`, { body: { account: body } });
    const same = await put({ tin_scheme: 'VAT' });
    expect([same.status, same.json.account.tin_scheme]).toEqual([200, '9920']);
    const moved = await put({ tin_scheme: 'VAT', country: 'PL', tin_value: POLISH_NIP });
    expect([moved.status, moved.json.account.tin_scheme]).toEqual([200, '9945']);
  });

  it('refuses an unknown word, and a word without a code in the country, with 422 parameter_inclusion', async () => {
    const post = (account: object) =>
      service.request('POST', '/accounts', { body: { account: { name: 'X', ...account } } });
    expect(failure(await post({ tin_scheme: 'IVA', country: 'ES' }))).toEqual([
      422,
      'parameter_inclusion',
      'tin_scheme',
    ]);
    expect(failure(await post({ tin_scheme: 'VAT', country: 'US' }))).toEqual([
      422,
      'parameter_inclusion',
      'tin_scheme',
    ]);
    // A word is the party's tin_scheme only: cin_scheme stays a code.
    expect(failure(await post({ cin_scheme: 'VAT', country: 'PL' }))).toEqual([
      422,
      'parameter_inclusion',
      'cin_scheme',
    ]);
  });

  it('writes the code to older versions too (9945 needs no padding)', async () => {
    const created = await service.request('POST', '/accounts', {
      version: '2025-10-13',
      body: { account: { name: 'P', tin_scheme: 'VAT', country: 'PL', tin_value: POLISH_NIP } },
    });
    expect([created.status, created.json.account.tin_scheme]).toEqual([200, '9945']);
  });
});

describe('contacts and offices', () => {
  let account: number;
  beforeEach(async () => {
    account = await createAccount(service);
  });
  const create = (contact: object) =>
    service.request('POST', `/accounts/${account}/contacts`, { body: { contact } });

  it('POST, PUT and PATCH store the code of the contact’s country', async () => {
    const created = await create({
      name: 'Norte SA',
      country: 'ES',
      tin_scheme: 'VAT',
      tin_value: CONTACT_TIN,
    });
    expect([created.status, created.json.contact.tin_scheme]).toEqual([201, '9920']);
    const id = created.json.contact.id;
    const put = await service.request('PUT', `/contacts/${id}`, {
      body: { contact: { name: 'Polska', country: 'PL', tin_scheme: 'Vat', tin_value: POLISH_NIP } },
    });
    expect([put.status, put.json.contact.tin_scheme]).toEqual([200, '9945']);
    // PATCH without a country reads the word with the stored one (PL).
    const patch = await service.request('PATCH', `/contacts/${id}`, {
      body: { contact: { tin_scheme: 'TAX' } },
    });
    expect([patch.status, patch.json.contact.tin_scheme]).toEqual([200, '9945']);
    expect((await service.request('GET', `/contacts/${id}`)).json.contact.tin_scheme).toBe('9945');
    const refused = await service.request('PATCH', `/contacts/${id}`, {
      body: { contact: { tin_scheme: 'VAT', country: 'US' } },
    });
    expect(failure(refused)).toEqual([422, 'parameter_inclusion', 'tin_scheme']);
    expect(failure(await create({ name: 'X', country: 'ES', tin_scheme: 'GST' }))).toEqual([
      422,
      'parameter_inclusion',
      'tin_scheme',
    ]);
  });

  it('an office’s word is compared with its parent’s code as the code it names (spec §2.3 rule 1)', async () => {
    const parent = await create({
      name: 'Norte SA',
      country: 'ES',
      tin_scheme: '9920',
      tin_value: CONTACT_TIN,
    });
    const office = await create({
      name: 'Norte Sevilla',
      country: 'ES',
      parent_id: parent.json.contact.id,
      tin_scheme: 'VAT',
      tin_value: CONTACT_TIN,
    });
    expect([office.status, office.json.contact.tin_scheme]).toEqual([201, '9920']);
    // VAT in Poland is another scheme than the parent's 9920.
    const other = await create({
      name: 'Norte Warszawa',
      country: 'PL',
      parent_id: parent.json.contact.id,
      tin_scheme: 'VAT',
      tin_value: CONTACT_TIN,
    });
    expect(failure(other)).toEqual([422, 'parameter_invalid', 'tin_scheme']);
  });
});

describe('an invoice’s inline contact', () => {
  it('is stored with the code on the invoice and on the contact it creates', async () => {
    const account = await createAccount(service);
    const response = await service.request('POST', `/accounts/${account}/invoices`, {
      body: invoiceBody({
        contact: { name: 'Polska Sp. z o.o.', country: 'PL', tin_scheme: 'VAT', tin_value: POLISH_NIP },
      }),
    });
    expect(response.status).toBe(201);
    const invoice = response.json.invoice;
    expect(invoice.contact).toMatchObject({ tin_scheme: '9945', tin_value: POLISH_NIP });
    const contact = await service.request('GET', `/contacts/${invoice.contact_id}`);
    expect(contact.json.contact.tin_scheme).toBe('9945');
    const read = await service.request('GET', `/invoices/${invoice.id}`);
    expect(read.json.invoice.contact.tin_scheme).toBe('9945');
  });

  it('refuses a word without a code in its country, or without a country, at contact.tin_scheme', async () => {
    const account = await createAccount(service);
    const post = (contact: object) =>
      service.request('POST', `/accounts/${account}/invoices`, { body: invoiceBody({ contact }) });
    expect(
      failure(await post({ name: 'US Inc', country: 'US', tin_scheme: 'VAT', tin_value: '12-3456789' })),
    ).toEqual([422, 'parameter_inclusion', 'contact.tin_scheme']);
    expect(failure(await post({ tin_scheme: 'VAT', tin_value: CONTACT_TIN }))).toEqual([
      422,
      'parameter_inclusion',
      'contact.tin_scheme',
    ]);
    expect(
      failure(await post({ name: 'N', country: 'ES', tin_scheme: 'NIF', tin_value: CONTACT_TIN })),
    ).toEqual([422, 'parameter_inclusion', 'contact.tin_scheme']);
  });
});
