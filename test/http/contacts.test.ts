/**
 * Contacts and offices over real HTTP (spec §2.3, §4.5, §9): every endpoint, its errors, the office
 * rules per version, the legacy clients, and tenant isolation between key groups.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_TIN, INVALID_IBAN, VALID_BIC, VALID_IBAN } from '../support/fixtures.js';
import { createAccount, OTHER_KEY, startService, type TestService } from './harness.js';

let service: TestService;
let account: number;
beforeEach(async () => {
  service = await startService();
  account = await createAccount(service);
});
afterEach(async () => {
  await service.close();
});

const LEGACY = '2025-01-01';
const OTHER_TIN = 'A58818501';

type Answer = Awaited<ReturnType<TestService['request']>>;
const failure = (response: Answer) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const CONTACT = {
  name: 'Distribuciones Norte SA',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: CONTACT_TIN,
  bank_account: { iban: VALID_IBAN, bic: VALID_BIC, bank_name: 'CaixaBank' },
  routing_codes: { cin1_value: '8498765432105', cin1_scheme: '0088' },
};

async function create(contact: object = CONTACT, options: { version?: string; key?: string } = {}) {
  return service.request('POST', `/accounts/${account}/contacts`, { body: { contact }, ...options });
}

async function createdId(contact: object = CONTACT): Promise<number> {
  const response = await create(contact);
  if (response.status !== 201) throw new Error(`contact create failed: ${response.status} ${response.text}`);
  return response.json.contact.id;
}

describe('POST /accounts/{account}/contacts', () => {
  it('creates a contact (201) with is_client and is_provider true and routing_codes always in its object', async () => {
    const response = await create();
    expect(response.status).toBe(201);
    expect(response.json.contact).toMatchObject({
      ...CONTACT,
      account_id: account,
      parent_id: null,
      is_client: true,
      is_provider: true,
      routing_codes: { cin1_value: '8498765432105', cin1_scheme: '0088', cin5_value: null },
    });
    const read = await service.request('GET', `/contacts/${response.json.contact.id}`);
    expect([read.status, read.json.contact]).toEqual([200, response.json.contact]);
  });

  it('answers 200 in v2025-10-13, where is_provider still defaults to false (api-notes.md §3.2)', async () => {
    const older = await create({ name: 'Sur SL', country: 'ES' }, { version: '2025-10-13' });
    expect([older.status, older.json.contact.is_provider]).toEqual([200, false]);
    const newer = await create({ name: 'Sur SL', country: 'ES' }, { version: '2026-03-02' });
    expect([newer.status, newer.json.contact.is_provider]).toEqual([201, true]);
  });

  it('answers 400 for malformed JSON, a wrong wrapper and wrong types', async () => {
    const path = `/accounts/${account}/contacts`;
    expect(failure(await service.request('POST', path, { body: '{"contact":' })).slice(0, 2)).toEqual([
      400,
      'invalid_request_params',
    ]);
    expect(failure(await service.request('POST', path, { body: { client: CONTACT } }))).toEqual([
      400,
      'invalid_request_params',
      'contact',
    ]);
    expect(failure(await create({ ...CONTACT, is_client: 'yes' }))).toEqual([
      400,
      'invalid_request_params',
      'is_client',
    ]);
    expect(failure(await create({ ...CONTACT, bank_account: 'ES91' }))).toEqual([
      400,
      'invalid_request_params',
      'bank_account',
    ]);
  });

  it('answers 422 at the field for a bad IBAN, a routing code without scheme, a blank name and an unknown scheme', async () => {
    expect(failure(await create({ ...CONTACT, bank_account: { iban: INVALID_IBAN } }))).toEqual([
      422,
      'parameter_invalid',
      'bank_account.iban',
    ]);
    expect(failure(await create({ ...CONTACT, bank_account: { iban: VALID_IBAN, bic: 'XX' } }))).toEqual([
      422,
      'parameter_invalid',
      'bank_account.bic',
    ]);
    expect(failure(await create({ ...CONTACT, routing_codes: { cin2_value: '1' } }))).toEqual([
      422,
      'parameter_blank',
      'routing_codes.cin2_scheme',
    ]);
    expect(failure(await create({ ...CONTACT, name: '' }))).toEqual([422, 'parameter_blank', 'name']);
    expect(failure(await create({ ...CONTACT, tin_scheme: '12345' }))[0]).toBe(422);
    expect((await service.request('GET', `/accounts/${account}/contacts`)).json.meta.total_count).toBe(0);
  });

  it('answers 404 for an unknown account', async () => {
    expect(
      failure(await service.request('POST', '/accounts/999/contacts', { body: { contact: CONTACT } })),
    ).toEqual([404, 'resource_missing', 'account']);
  });
});

describe('an archived account (DELETE /accounts/{account}) is read-only', () => {
  it('answers 409 conflict at account to a contact create or change, with the error body; reads stay', async () => {
    const created = await create();
    expect((await service.request('DELETE', `/accounts/${account}`)).status).toBe(200);
    const refused = await create({ name: 'Otra SL', country: 'ES' });
    expect(failure(refused)).toEqual([409, 'conflict', 'account']);
    expect(refused.json.error.message).toMatch(/archived: unarchive it first/);
    const id = created.json.contact.id;
    expect(
      failure(await service.request('PATCH', `/contacts/${id}`, { body: { contact: { name: 'X' } } })),
    ).toEqual([409, 'conflict', 'account']);
    expect((await service.request('GET', `/contacts/${id}`)).json.contact.name).toBe(CONTACT.name);
    await service.request('POST', `/accounts/${account}/unarchive`);
    expect((await create({ name: 'Otra SL', country: 'ES' })).status).toBe(201);
  });
});

describe('offices (spec §2.3 rules 1–2)', () => {
  it('inherit the parent’s TIN; a parent outside the account is 422 parameter_invalid at parent_id', async () => {
    const parent = await createdId();
    const office = await create({ name: 'Norte Sevilla', country: 'ES', parent_id: parent });
    expect(office.status).toBe(201);
    expect(office.json.contact).toMatchObject({
      parent_id: parent,
      tin_scheme: '9920',
      tin_value: CONTACT_TIN,
    });
    const second = await createAccount(service, { name: 'Second' });
    const elsewhere = await service.request('POST', `/accounts/${second}/contacts`, {
      body: { contact: { name: 'O', country: 'ES', parent_id: parent } },
    });
    expect(failure(elsewhere)).toEqual([422, 'parameter_invalid', 'parent_id']);
    expect(failure(await create({ name: 'O', country: 'ES', parent_id: 999 }))).toEqual([
      422,
      'parameter_invalid',
      'parent_id',
    ]);
    expect(failure(await create({ name: 'O', country: 'ES', parent_id: office.json.contact.id }))).toEqual([
      422,
      'parameter_invalid',
      'parent_id',
    ]);
  });

  it('refuse a TIN that differs from the parent’s from v2026-04-20, but not in v2026-03-02 (spec §2.3 rule 1)', async () => {
    const parent = await createdId();
    const office = { name: 'O', country: 'ES', parent_id: parent, tin_scheme: '9920', tin_value: OTHER_TIN };
    expect(failure(await create(office, { version: '2026-04-20' }))).toEqual([
      422,
      'parameter_invalid',
      'tin_value',
    ]);
    expect(failure(await create({ ...office, tin_value: CONTACT_TIN, tin_scheme: '0002' }))).toEqual([
      422,
      'parameter_invalid',
      'tin_scheme',
    ]);
    const older = await create(office, { version: '2026-03-02' });
    expect([older.status, older.json.contact.tin_value]).toEqual([201, OTHER_TIN]);
    // PATCH /contacts/{id} is judged the same way.
    const inherited = await createdId({ name: 'O2', country: 'ES', parent_id: parent });
    const patch = (version: string) =>
      service.request('PATCH', `/contacts/${inherited}`, {
        version,
        body: { contact: { tin_value: OTHER_TIN } },
      });
    expect(failure(await patch('2026-04-20'))).toEqual([422, 'parameter_invalid', 'tin_value']);
    const accepted = await patch('2026-03-02');
    expect([accepted.status, accepted.json.contact.tin_value]).toEqual([200, OTHER_TIN]);
  });

  it('keep their parent: changing parent_id is 422 parameter_cannot_change', async () => {
    const parent = await createdId();
    const other = await createdId({ name: 'Otro', country: 'ES' });
    const office = await createdId({ name: 'O', country: 'ES', parent_id: parent });
    const response = await service.request('PATCH', `/contacts/${office}`, {
      body: { contact: { parent_id: other } },
    });
    expect(failure(response)).toEqual([422, 'parameter_cannot_change', 'parent_id']);
  });
});

describe('GET /accounts/{account}/contacts and GET /contacts/{id}', () => {
  it('lists the account’s contacts with meta, paged', async () => {
    const ids = [
      await createdId(),
      await createdId({ name: 'B', country: 'ES' }),
      await createdId({ name: 'C', country: 'ES' }),
    ];
    const all = await service.request('GET', `/accounts/${account}/contacts`);
    expect(all.status).toBe(200);
    expect(all.json.contacts.map((contact: { id: number }) => contact.id)).toEqual(ids);
    expect(all.json.meta).toEqual({ total_count: 3, offset: 0, limit: 25, total: 3 });
    const page = await service.request('GET', `/accounts/${account}/contacts?offset=2&limit=5`);
    expect(page.json.contacts.map((contact: { id: number }) => contact.id)).toEqual([ids[2]]);
    expect(page.json.meta).toEqual({ total_count: 3, offset: 2, limit: 5, total: 3 });
    expect(failure(await service.request('GET', `/accounts/${account}/contacts?limit=0`))).toEqual([
      422,
      'parameter_invalid',
      'limit',
    ]);
  });

  it('answers 404 resource_missing for an unknown or malformed id', async () => {
    expect(failure(await service.request('GET', '/contacts/999'))).toEqual([404, 'resource_missing', 'id']);
    expect(failure(await service.request('GET', '/contacts/x1'))).toEqual([404, 'resource_missing', 'id']);
    expect(failure(await service.request('GET', '/accounts/999/contacts'))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
  });
});

describe('PUT, PATCH, DELETE /contacts/{id}', () => {
  it('PUT changes only what it sends, like PATCH (issue #19), and answers the whole contact', async () => {
    const id = await createdId({ ...CONTACT, phone: '+34 600 000 000' });
    const stored = (await service.request('GET', `/contacts/${id}`)).json.contact;
    const put = await service.request('PUT', `/contacts/${id}`, {
      body: { contact: { name: 'Norte Dos', country: 'PT' } },
    });
    expect(put.status).toBe(200);
    expect(put.json.contact).toEqual({ ...stored, name: 'Norte Dos', country: 'PT' });
    const renamed = await service.request('PUT', `/contacts/${id}`, { body: { contact: { name: 'X' } } });
    expect([renamed.status, renamed.json.contact.country]).toEqual([200, 'PT']);
    expect(
      failure(await service.request('PUT', `/contacts/${id}`, { body: { contact: { name: ' ' } } })),
    ).toEqual([422, 'parameter_blank', 'name']);
    expect(failure(await service.request('PUT', '/contacts/999', { body: { contact: CONTACT } }))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
  });

  it('PATCH changes only what it sends, inside bank_account and routing_codes too', async () => {
    const id = await createdId();
    const patch = await service.request('PATCH', `/contacts/${id}`, {
      body: {
        contact: {
          phone: '+34 611',
          bank_account: { bank_name: 'Otro banco' },
          routing_codes: { cin2_value: 'X', cin2_scheme: '0060' },
        },
      },
    });
    expect(patch.status).toBe(200);
    expect(patch.json.contact).toMatchObject({
      name: CONTACT.name,
      phone: '+34 611',
      bank_account: { iban: VALID_IBAN, bic: VALID_BIC, bank_name: 'Otro banco' },
      routing_codes: { cin1_value: '8498765432105', cin2_value: 'X', cin2_scheme: '0060' },
    });
    expect(
      failure(
        await service.request('PATCH', `/contacts/${id}`, {
          body: { contact: { bank_account: { iban: INVALID_IBAN } } },
        }),
      ),
    ).toEqual([422, 'parameter_invalid', 'bank_account.iban']);
    expect(
      failure(await service.request('PATCH', `/contacts/${id}`, { body: { contact: { phone: 7 } } })),
    ).toEqual([400, 'invalid_request_params', 'phone']);
    expect(failure(await service.request('PATCH', `/contacts/${id}`, { body: { phone: '1' } }))).toEqual([
      400,
      'invalid_request_params',
      'contact',
    ]);
  });

  it('DELETE answers the full contact; a contact with offices is 409 conflict until they are gone', async () => {
    const parent = await createdId();
    const office = await createdId({ name: 'O', country: 'ES', parent_id: parent });
    const refused = await service.request('DELETE', `/contacts/${parent}`);
    expect(failure(refused).slice(0, 2)).toEqual([409, 'conflict']);
    expect(refused.json.error.message).toContain('office');
    const removedOffice = await service.request('DELETE', `/contacts/${office}`);
    expect([
      removedOffice.status,
      removedOffice.json.contact.id,
      removedOffice.json.contact.parent_id,
    ]).toEqual([200, office, parent]);
    const removed = await service.request('DELETE', `/contacts/${parent}`);
    expect([removed.status, removed.json.contact.name]).toEqual([200, CONTACT.name]);
    expect(failure(await service.request('GET', `/contacts/${parent}`))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    expect(failure(await service.request('DELETE', `/contacts/${parent}`))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
  });
});

describe('legacy clients (v2025-01-01)', () => {
  it('creates with {client: …} in the legacy shape, answers 204 with Location, and reads {client: …} and {clients: […]}', async () => {
    const created = await service.request('POST', `/projects/${account}/clients`, {
      version: LEGACY,
      body: {
        client: {
          name: 'Norte',
          country: 'ES',
          taxcode: `9920:${CONTACT_TIN}`,
          iban: VALID_IBAN,
          cin1_value: '1',
          cin1_scheme: '88',
        },
      },
    });
    expect([created.status, created.text]).toEqual([204, '']);
    const location = created.headers.get('Location') ?? '';
    expect(location).toMatch(new RegExp(`^${service.url}/clients/\\d+$`));
    const id = Number(location.split('/').pop());
    const legacy = await service.request('GET', `/clients/${id}`, { version: LEGACY });
    expect(legacy.status).toBe(200);
    expect(legacy.json).not.toHaveProperty('contact');
    expect(legacy.json.client).toMatchObject({
      taxcode: `9920:${CONTACT_TIN}`,
      iban: VALID_IBAN,
      cin1_value: '1',
    });
    const list = await service.request('GET', `/projects/${account}/clients`, { version: LEGACY });
    expect(list.json.clients.map((client: { id: number }) => client.id)).toEqual([id]);
    expect(list.json).not.toHaveProperty('contacts');
    const current = await service.request('GET', `/contacts/${id}`);
    expect(current.json.contact).toMatchObject({
      tin_scheme: '9920',
      tin_value: CONTACT_TIN,
      bank_account: { iban: VALID_IBAN },
      routing_codes: { cin1_value: '1', cin1_scheme: '0088' },
    });
    const patched = await service.request('PATCH', `/clients/${id}`, {
      version: LEGACY,
      body: { client: { contact: 'Ana' } },
    });
    expect(patched.status).toBe(204);
    expect((await service.request('GET', `/contacts/${id}`)).json.contact.contact_person).toBe('Ana');
    expect((await service.request('DELETE', `/clients/${id}`, { version: LEGACY })).status).toBe(204);
  });

  it('reads the legacy wrapper only: {contact: …} is 400 at client in v2025-01-01', async () => {
    const response = await service.request('POST', `/projects/${account}/clients`, {
      version: LEGACY,
      body: { contact: CONTACT },
    });
    expect(failure(response)).toEqual([400, 'invalid_request_params', 'client']);
  });
});

describe('tenant isolation (spec §7.2 resource_missing)', () => {
  it('a key of another group gets 404 for the account’s contacts, reading and writing', async () => {
    const id = await createdId();
    const attempts: [string, string, object?][] = [
      ['GET', `/contacts/${id}`],
      ['PUT', `/contacts/${id}`, { contact: CONTACT }],
      ['PATCH', `/contacts/${id}`, { contact: { name: 'Stolen' } }],
      ['DELETE', `/contacts/${id}`],
    ];
    for (const [method, path, body] of attempts)
      expect(
        failure(await service.request(method, path, { key: OTHER_KEY, ...(body ? { body } : {}) })),
      ).toEqual([404, 'resource_missing', 'id']);
    for (const [method, body] of [['GET'], ['POST', { contact: CONTACT }]] as const)
      expect(
        failure(
          await service.request(method, `/accounts/${account}/contacts`, {
            key: OTHER_KEY,
            ...(body ? { body } : {}),
          }),
        ),
      ).toEqual([404, 'resource_missing', 'account']);
    // A group-2 office cannot hang from a group-1 contact either.
    const theirs = await createAccount(service, { name: 'Theirs' }, { key: OTHER_KEY });
    const office = await service.request('POST', `/accounts/${theirs}/contacts`, {
      key: OTHER_KEY,
      body: { contact: { name: 'O', country: 'ES', parent_id: id } },
    });
    expect(failure(office)).toEqual([422, 'parameter_invalid', 'parent_id']);
    const read = await service.request('GET', `/contacts/${id}`);
    expect(read.json.contact.name).toBe(CONTACT.name);
    expect((await service.request('GET', `/accounts/${account}/contacts`)).json.meta.total_count).toBe(1);
  });
});
