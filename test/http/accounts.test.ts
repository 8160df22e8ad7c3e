/**
 * Accounts over real HTTP (spec §2.2, §4.4, §9): every endpoint, its errors, the version differences
 * that show on the wire, and tenant isolation between key groups.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, KEY, OTHER_KEY, startService, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const LEGACY = '2025-01-01';

type Answer = Awaited<ReturnType<TestService['request']>>;
const failure = (response: Answer) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

/** A raw (non-JSON) request: the harness stringifies objects, so bytes go through fetch here. */
async function raw(
  method: string,
  path: string,
  body: string | Uint8Array | FormData,
  headers: Record<string, string>,
  key = KEY,
) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    body,
    headers: { 'X-B2B-API-Key': key, 'X-B2B-API-Version': '2026-06-26', ...headers },
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json:
      (response.headers.get('content-type') ?? '').includes('json') && text !== ''
        ? JSON.parse(text)
        : undefined,
  };
}

describe('POST /accounts', () => {
  it('creates an account with the spec’s defaults and answers it whole (201)', async () => {
    const response = await service.request('POST', '/accounts', {
      body: { account: { name: 'ACME SL', country: 'es', tin_scheme: '9920', tin_value: 'B12345674' } },
    });
    expect(response.status).toBe(201);
    const account = response.json.account;
    expect(account).toMatchObject({
      name: 'ACME SL',
      country: 'ES',
      tin_scheme: '9920',
      auto_remittance: false,
      apply_taxes_per_line: false,
      skip_line_taxable_base_rounding: false,
      rounding_method: 'half_up',
      round_before_sum: false,
      has_logo: false,
      archived: false,
    });
    expect(account.routing_codes).toEqual({
      cin1_value: null,
      cin1_scheme: null,
      cin2_value: null,
      cin2_scheme: null,
      cin3_value: null,
      cin3_scheme: null,
      cin4_value: null,
      cin4_scheme: null,
      cin5_value: null,
      cin5_scheme: null,
    });
    expect(account).not.toHaveProperty('logo_blob_id');
    const read = await service.request('GET', `/accounts/${account.id}`);
    expect([read.status, read.json.account]).toEqual([200, account]);
  });

  it('answers 201 from v2026-03-02, 200 in v2025-10-13 and 204 with the legacy Location in v2025-01-01', async () => {
    expect(
      (
        await service.request('POST', '/accounts', {
          version: '2026-03-02',
          body: { account: { name: 'A', country: 'ES' } },
        })
      ).status,
    ).toBe(201);
    const older = await service.request('POST', '/accounts', {
      version: '2025-10-13',
      body: { account: { name: 'B', country: 'ES' } },
    });
    expect([older.status, older.json.account.name]).toEqual([200, 'B']);
    const legacy = await service.request('POST', '/projects', {
      version: LEGACY,
      body: { account: { name: 'C', country: 'ES' } },
    });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    expect(legacy.headers.get('Location')).toMatch(new RegExp(`^${service.url}/projects/\\d+$`));
    const id = legacy.headers.get('Location')?.split('/').pop();
    const read = await service.request('GET', `/projects/${id}`, { version: LEGACY });
    expect([read.status, read.json.account.name, read.json.account.prefer_xslt_pdf]).toEqual([
      200,
      'C',
      false,
    ]);
  });

  it('answers 400 invalid_request_params for malformed JSON, a wrong wrapper and wrong types', async () => {
    const malformed = await service.request('POST', '/accounts', { body: '{"account": {"name": ' });
    expect(failure(malformed).slice(0, 2)).toEqual([400, 'invalid_request_params']);
    expect(
      failure(await service.request('POST', '/accounts', { body: { name: 'A', country: 'ES' } })),
    ).toEqual([400, 'invalid_request_params', 'account']);
    expect(failure(await service.request('POST', '/accounts', { body: { account: [] } }))).toEqual([
      400,
      'invalid_request_params',
      'account',
    ]);
    const wrongType = await service.request('POST', '/accounts', {
      body: { account: { name: 'A', country: 'ES', auto_remittance: 'yes' } },
    });
    expect(failure(wrongType)).toEqual([400, 'invalid_request_params', 'auto_remittance']);
    const wrongRouting = await service.request('POST', '/accounts', {
      body: { account: { name: 'A', country: 'ES', routing_codes: 'cin1' } },
    });
    expect(failure(wrongRouting)).toEqual([400, 'invalid_request_params', 'routing_codes']);
  });

  it('answers 422 with code and param for the routing code pairs, the rounding flag, a sixth slot and a blank name', async () => {
    const post = (account: object) => service.request('POST', '/accounts', { body: { account } });
    expect(failure(await post({ name: 'A', country: 'ES', routing_codes: { cin1_value: '123' } }))).toEqual([
      422,
      'parameter_blank',
      'routing_codes.cin1_scheme',
    ]);
    expect(failure(await post({ name: 'A', country: 'ES', routing_codes: { cin4_scheme: '0088' } }))).toEqual(
      [422, 'parameter_blank', 'routing_codes.cin4_value'],
    );
    expect(
      failure(
        await post({ name: 'A', country: 'ES', routing_codes: { cin6_value: 'x', cin6_scheme: '0088' } }),
      ),
    ).toEqual([422, 'parameter_invalid', 'routing_codes.cin6_value']);
    expect(failure(await post({ name: 'A', country: 'ES', skip_line_taxable_base_rounding: true }))).toEqual([
      422,
      'parameter_invalid',
      'skip_line_taxable_base_rounding',
    ]);
    expect(failure(await post({ name: '  ', country: 'ES' }))).toEqual([422, 'parameter_blank', 'name']);
    const ok = await post({
      name: 'A',
      country: 'ES',
      apply_taxes_per_line: true,
      skip_line_taxable_base_rounding: true,
    });
    expect(ok.status).toBe(201);
    expect((await service.request('GET', '/accounts')).json.meta.total_count).toBe(1);
  });
});

describe('GET /accounts', () => {
  it('lists the group’s accounts with meta; list entries leave out auto_remittance (spec §2.2 rule 4)', async () => {
    const ids = [];
    for (const name of ['A', 'B', 'C']) ids.push(await createAccount(service, { name }));
    const all = await service.request('GET', '/accounts');
    expect(all.status).toBe(200);
    expect(all.json.meta).toEqual({ total_count: 3, offset: 0, limit: 25, total: 3 });
    expect(all.json.accounts.map((account: { id: number }) => account.id)).toEqual(ids);
    const entry = all.json.accounts[0];
    expect(entry).not.toHaveProperty('auto_remittance');
    expect(entry).toHaveProperty('routing_codes');
    expect(entry).toHaveProperty('skip_line_taxable_base_rounding', false);
    const page = await service.request('GET', '/accounts?offset=1&limit=1');
    expect(page.json.meta).toEqual({ total_count: 3, offset: 1, limit: 1, total: 3 });
    expect(page.json.accounts.map((account: { name: string }) => account.name)).toEqual(['B']);
    expect(failure(await service.request('GET', '/accounts?limit=501'))).toEqual([
      422,
      'parameter_invalid',
      'limit',
    ]);
    expect(failure(await service.request('GET', '/accounts?offset=-1'))).toEqual([
      422,
      'parameter_invalid',
      'offset',
    ]);
  });

  it('leaves out the v2026-04-20 account fields in older versions', async () => {
    const id = await createAccount(service, { auto_remittance: true });
    const older = await service.request('GET', `/accounts/${id}`, { version: '2026-03-02' });
    expect(older.status).toBe(200);
    for (const field of ['routing_codes', 'auto_remittance', 'skip_line_taxable_base_rounding'])
      expect(older.json.account).not.toHaveProperty(field);
    const newest = await service.request('GET', `/accounts/${id}`, { version: '2026-04-20' });
    expect(newest.json.account.auto_remittance).toBe(true);
    // An older request cannot send them: they are ignored, the stored values stay.
    const put = await service.request('PUT', `/accounts/${id}`, {
      version: '2026-03-02',
      body: { account: { auto_remittance: false, name: 'Renamed' } },
    });
    expect(put.status).toBe(200);
    expect((await service.request('GET', `/accounts/${id}`)).json.account).toMatchObject({
      name: 'Renamed',
      auto_remittance: true,
    });
  });
});

describe('GET, PUT /accounts/{account}', () => {
  it('answers 404 resource_missing for an unknown or malformed id', async () => {
    expect(failure(await service.request('GET', '/accounts/999'))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
    expect(failure(await service.request('GET', '/accounts/abc'))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
    expect(
      failure(await service.request('PUT', '/accounts/999', { body: { account: { name: 'X' } } })),
    ).toEqual([404, 'resource_missing', 'account']);
  });

  it('PUT changes the fields sent and answers the full account; rules are judged on the result', async () => {
    const id = await createAccount(service, {
      email: 'billing@acme.example',
      apply_taxes_per_line: true,
      skip_line_taxable_base_rounding: true,
      routing_codes: { cin1_value: '8412345678905', cin1_scheme: '0088' },
    });
    const put = await service.request('PUT', `/accounts/${id}`, {
      body: {
        account: { name: 'ACME Servicios', routing_codes: { cin2_value: 'B12345674', cin2_scheme: '9920' } },
      },
    });
    expect(put.status).toBe(200);
    expect(put.json.account).toMatchObject({
      id,
      name: 'ACME Servicios',
      email: 'billing@acme.example',
      skip_line_taxable_base_rounding: true,
      routing_codes: { cin1_value: '8412345678905', cin2_value: 'B12345674', cin2_scheme: '9920' },
    });
    expect(
      failure(
        await service.request('PUT', `/accounts/${id}`, {
          body: { account: { apply_taxes_per_line: false } },
        }),
      ),
    ).toEqual([422, 'parameter_invalid', 'skip_line_taxable_base_rounding']);
    expect(
      failure(
        await service.request('PUT', `/accounts/${id}`, {
          body: { account: { routing_codes: { cin1_scheme: null } } },
        }),
      ),
    ).toEqual([422, 'parameter_blank', 'routing_codes.cin1_scheme']);
    expect(
      failure(
        await service.request('PUT', `/accounts/${id}`, { body: { account: { rounding_method: 'up' } } }),
      ),
    ).toEqual([422, 'parameter_inclusion', 'rounding_method']);
    expect(failure(await service.request('PUT', `/accounts/${id}`, { body: '[' }))).toEqual([
      400,
      'invalid_request_params',
      null,
    ]);
    // The refused requests changed nothing.
    expect((await service.request('GET', `/accounts/${id}`)).json.account).toEqual(put.json.account);
    const legacy = await service.request('PUT', `/projects/${id}`, {
      version: LEGACY,
      body: { account: { name: 'Legacy name' } },
    });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    expect((await service.request('GET', `/accounts/${id}`)).json.account.name).toBe('Legacy name');
  });
});

describe('DELETE /accounts/{account} and POST /accounts/{account}/unarchive', () => {
  it('archives the account, answers it with archived true, keeps it readable, and unarchives it', async () => {
    const id = await createAccount(service);
    const deleted = await service.request('DELETE', `/accounts/${id}`);
    expect([deleted.status, deleted.json.account.id, deleted.json.account.archived]).toEqual([200, id, true]);
    expect((await service.request('GET', `/accounts/${id}`)).json.account.archived).toBe(true);
    expect((await service.request('GET', '/accounts')).json.accounts[0].archived).toBe(true);
    const restored = await service.request('POST', `/accounts/${id}/unarchive`);
    expect([restored.status, restored.json.account.archived]).toEqual([200, false]);
    const legacy = await service.request('DELETE', `/projects/${id}`, { version: LEGACY });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    expect((await service.request('POST', `/projects/${id}/unarchive`, { version: LEGACY })).status).toBe(
      204,
    );
    expect(failure(await service.request('POST', '/accounts/999/unarchive'))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
    expect(failure(await service.request('DELETE', '/accounts/999'))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
  });
});

describe('POST, DELETE /accounts/{account}/logo', () => {
  it('takes the image as the raw body, replaces it with the next one, and removes it', async () => {
    const id = await createAccount(service);
    const posted = await raw('POST', `/accounts/${id}/logo`, PNG, { 'Content-Type': 'image/png' });
    expect([posted.status, posted.json.account.has_logo]).toEqual([200, true]);
    const image = await fetch(`${service.url}/accounts/${id}/logo`, {
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': '2026-06-26' },
    });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    const replaced = await raw('POST', `/accounts/${id}/logo`, JPEG, { 'Content-Type': 'image/jpeg' });
    expect(replaced.status).toBe(200);
    const second = await fetch(`${service.url}/accounts/${id}/logo`, {
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': '2026-06-26' },
    });
    expect(Buffer.from(await second.arrayBuffer())).toEqual(JPEG);
    const removed = await service.request('DELETE', `/accounts/${id}/logo`);
    expect([removed.status, removed.json.account.has_logo]).toEqual([200, false]);
    expect(failure(await service.request('GET', `/accounts/${id}/logo`))).toEqual([
      404,
      'resource_missing',
      'logo',
    ]);
  });

  it('takes the image from a multipart form’s file part, and answers 204 in the legacy version', async () => {
    const id = await createAccount(service);
    const form = new FormData();
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'brand.png');
    const posted = await raw('POST', `/accounts/${id}/logo`, form, {});
    expect([posted.status, posted.json.account.has_logo]).toEqual([200, true]);
    const image = await fetch(`${service.url}/accounts/${id}/logo`, {
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': '2026-06-26' },
    });
    expect(image.headers.get('content-disposition')).toContain('brand.png');
    const legacy = await raw('POST', `/projects/${id}/logo`, JPEG, {
      'Content-Type': 'image/jpeg',
      'X-B2B-API-Version': LEGACY,
    });
    expect(legacy.status).toBe(204);
    expect((await service.request('DELETE', `/projects/${id}/logo`, { version: LEGACY })).status).toBe(204);
  });

  it('refuses an empty body, a type that is not an image, bytes that are not the declared image and a form without a file', async () => {
    const id = await createAccount(service);
    const path = `/accounts/${id}/logo`;
    expect(
      failure((await raw('POST', path, new Uint8Array(), { 'Content-Type': 'image/png' })) as Answer),
    ).toEqual([422, 'parameter_blank', 'logo']);
    expect(failure((await raw('POST', path, 'hello', { 'Content-Type': 'text/plain' })) as Answer)).toEqual([
      422,
      'parameter_invalid',
      'logo',
    ]);
    expect(failure((await raw('POST', path, JPEG, { 'Content-Type': 'image/png' })) as Answer)).toEqual([
      422,
      'parameter_invalid',
      'logo',
    ]);
    const form = new FormData();
    form.set('name', 'no file here');
    expect(failure((await raw('POST', path, form, {})) as Answer)).toEqual([422, 'parameter_blank', 'logo']);
    expect(
      failure(
        (await raw('POST', path, 'garbage', {
          'Content-Type': 'multipart/form-data; boundary=xyz',
        })) as Answer,
      ),
    ).toEqual([400, 'invalid_request_params', 'logo']);
    expect((await service.request('GET', `/accounts/${id}`)).json.account.has_logo).toBe(false);
  });
});

describe('tenant isolation (spec §7.2 resource_missing)', () => {
  it('a key of another group gets 404 for every account endpoint and lists only its own accounts', async () => {
    const id = await createAccount(service, { name: 'Group one' });
    const theirs = await createAccount(service, { name: 'Group two' }, { key: OTHER_KEY });
    const list = await service.request('GET', '/accounts', { key: OTHER_KEY });
    expect(list.json.accounts.map((account: { id: number }) => account.id)).toEqual([theirs]);
    expect(list.json.meta.total_count).toBe(1);
    const mine = await service.request('GET', '/accounts');
    expect(mine.json.accounts.map((account: { id: number }) => account.id)).toEqual([id]);
    const attempts: [string, string, object?][] = [
      ['GET', `/accounts/${id}`],
      ['PUT', `/accounts/${id}`, { account: { name: 'Stolen' } }],
      ['DELETE', `/accounts/${id}`],
      ['POST', `/accounts/${id}/unarchive`],
      ['DELETE', `/accounts/${id}/logo`],
      ['GET', `/accounts/${id}/logo`],
    ];
    for (const [method, path, body] of attempts)
      expect(
        failure(await service.request(method, path, { key: OTHER_KEY, ...(body ? { body } : {}) })),
      ).toEqual([404, 'resource_missing', 'account']);
    const logo = await raw('POST', `/accounts/${id}/logo`, PNG, { 'Content-Type': 'image/png' }, OTHER_KEY);
    expect(failure(logo as Answer)).toEqual([404, 'resource_missing', 'account']);
    expect((await service.request('GET', `/accounts/${id}`)).json.account).toMatchObject({
      name: 'Group one',
      archived: false,
      has_logo: false,
    });
  });
});
