/**
 * Bank accounts over real HTTP (spec §4.5: PUT, DELETE /bank_accounts/{id}; fiscalkit's GET, POST
 * /accounts/{account}/bank_accounts and GET /bank_accounts/{id}): every endpoint, its errors, the
 * default bank account, versions and tenant isolation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_IBAN, VALID_BIC, VALID_IBAN } from '../support/fixtures.js';
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

const BE_IBAN = 'BE68539007547034';
type Answer = Awaited<ReturnType<TestService['request']>>;
const failure = (response: Answer) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

const post = (bank_account: object, options: { version?: string; key?: string } = {}) =>
  service.request('POST', `/accounts/${account}/bank_accounts`, { body: { bank_account }, ...options });

describe('POST, GET /accounts/{account}/bank_accounts', () => {
  it('creates bank accounts (201), the first one the default, and lists them with meta', async () => {
    const first = await post({
      iban: 'ES91 2100 0418 4502 0005 1332',
      bic: VALID_BIC,
      bank_name: 'CaixaBank',
    });
    expect(first.status).toBe(201);
    expect(first.json.bank_account).toEqual({
      iban: VALID_IBAN,
      bic: VALID_BIC,
      bank_name: 'CaixaBank',
      number: null,
      is_default: true,
      id: first.json.bank_account.id,
      account_id: account,
    });
    const second = await post({ iban: BE_IBAN, is_default: true });
    expect(second.json.bank_account.is_default).toBe(true);
    const list = await service.request('GET', `/accounts/${account}/bank_accounts`);
    expect(list.status).toBe(200);
    expect(
      list.json.bank_accounts.map((bank: { id: number; is_default: boolean }) => [bank.id, bank.is_default]),
    ).toEqual([
      [first.json.bank_account.id, false],
      [second.json.bank_account.id, true],
    ]);
    expect(list.json.meta).toEqual({ total_count: 2, offset: 0, limit: 25, total: 2 });
    const read = await service.request('GET', `/bank_accounts/${second.json.bank_account.id}`);
    expect([read.status, read.json.bank_account]).toEqual([200, second.json.bank_account]);
  });

  it('answers 200 in v2025-10-13 and 204 with Location in the legacy version', async () => {
    expect((await post({ iban: VALID_IBAN }, { version: '2025-10-13' })).status).toBe(200);
    const legacy = await service.request('POST', `/projects/${account}/bank_accounts`, {
      version: '2025-01-01',
      body: { bank_account: { iban: BE_IBAN } },
    });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    expect(legacy.headers.get('Location')).toMatch(new RegExp(`^${service.url}/bank_accounts/\\d+$`));
  });

  it('answers 400 for malformed JSON, a wrong wrapper or wrong types, and 422 at the field for bad values', async () => {
    const path = `/accounts/${account}/bank_accounts`;
    expect(failure(await service.request('POST', path, { body: 'nope' })).slice(0, 2)).toEqual([
      400,
      'invalid_request_params',
    ]);
    expect(failure(await service.request('POST', path, { body: { iban: VALID_IBAN } }))).toEqual([
      400,
      'invalid_request_params',
      'bank_account',
    ]);
    expect(failure(await post({ iban: VALID_IBAN, is_default: 'yes' }))).toEqual([
      400,
      'invalid_request_params',
      'is_default',
    ]);
    expect(failure(await post({ iban: INVALID_IBAN }))).toEqual([422, 'parameter_invalid', 'iban']);
    expect(failure(await post({ iban: VALID_IBAN, bic: 'CAIX' }))).toEqual([422, 'parameter_invalid', 'bic']);
    expect(failure(await post({ bank_name: 'No account' }))).toEqual([422, 'parameter_blank', 'iban']);
    expect((await post({ iban: VALID_IBAN })).status).toBe(201);
    expect(failure(await post({ iban: VALID_IBAN }))).toEqual([422, 'parameter_taken', 'iban']);
    expect(
      failure(
        await service.request('POST', '/accounts/999/bank_accounts', {
          body: { bank_account: { iban: BE_IBAN } },
        }),
      ),
    ).toEqual([404, 'resource_missing', 'account']);
  });
});

describe('PUT, DELETE /bank_accounts/{id} (spec §4.5: full representation)', () => {
  it('PUT answers the full bank account; is_default moves the default and cannot be dropped from it', async () => {
    const first = (await post({ iban: VALID_IBAN })).json.bank_account;
    const second = (await post({ iban: BE_IBAN })).json.bank_account;
    const renamed = await service.request('PUT', `/bank_accounts/${first.id}`, {
      body: { bank_account: { bank_name: 'Caixa' } },
    });
    expect([renamed.status, renamed.json.bank_account]).toEqual([200, { ...first, bank_name: 'Caixa' }]);
    expect(
      failure(
        await service.request('PUT', `/bank_accounts/${first.id}`, {
          body: { bank_account: { is_default: false } },
        }),
      ),
    ).toEqual([422, 'parameter_invalid', 'is_default']);
    const moved = await service.request('PUT', `/bank_accounts/${second.id}`, {
      body: { bank_account: { is_default: true } },
    });
    expect(moved.json.bank_account.is_default).toBe(true);
    expect((await service.request('GET', `/bank_accounts/${first.id}`)).json.bank_account.is_default).toBe(
      false,
    );
    expect(
      failure(
        await service.request('PUT', `/bank_accounts/${second.id}`, {
          body: { bank_account: { iban: INVALID_IBAN } },
        }),
      ),
    ).toEqual([422, 'parameter_invalid', 'iban']);
    expect(
      failure(await service.request('PUT', '/bank_accounts/999', { body: { bank_account: {} } })),
    ).toEqual([404, 'resource_missing', 'id']);
    const legacy = await service.request('PUT', `/bank_accounts/${second.id}`, {
      version: '2025-01-01',
      body: { bank_account: { bank_name: 'Legacy' } },
    });
    expect(legacy.status).toBe(204);
  });

  it('DELETE answers the removed bank account and the oldest remaining one becomes the default', async () => {
    const first = (await post({ iban: VALID_IBAN })).json.bank_account;
    const second = (await post({ iban: BE_IBAN })).json.bank_account;
    const removed = await service.request('DELETE', `/bank_accounts/${first.id}`);
    expect([removed.status, removed.json.bank_account]).toEqual([200, first]);
    expect(failure(await service.request('GET', `/bank_accounts/${first.id}`))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    expect((await service.request('GET', `/bank_accounts/${second.id}`)).json.bank_account.is_default).toBe(
      true,
    );
    expect(failure(await service.request('DELETE', `/bank_accounts/${first.id}`))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
  });
});

describe('tenant isolation (spec §7.2 resource_missing)', () => {
  it('a key of another group gets 404 for the account’s bank accounts, reading and writing', async () => {
    const bank = (await post({ iban: VALID_IBAN })).json.bank_account;
    const attempts: [string, string, object?][] = [
      ['GET', `/bank_accounts/${bank.id}`],
      ['PUT', `/bank_accounts/${bank.id}`, { bank_account: { bank_name: 'Stolen' } }],
      ['DELETE', `/bank_accounts/${bank.id}`],
    ];
    for (const [method, path, body] of attempts)
      expect(
        failure(await service.request(method, path, { key: OTHER_KEY, ...(body ? { body } : {}) })),
      ).toEqual([404, 'resource_missing', 'id']);
    expect(
      failure(await service.request('GET', `/accounts/${account}/bank_accounts`, { key: OTHER_KEY })),
    ).toEqual([404, 'resource_missing', 'account']);
    expect(failure(await post({ iban: BE_IBAN }, { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
    expect((await service.request('GET', `/bank_accounts/${bank.id}`)).json.bank_account).toEqual(bank);
  });
});
