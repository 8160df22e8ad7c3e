/**
 * The account's primary company identifier `cin` over real HTTP (spec §2.2; issue #18 item 5):
 * accepted and returned rather than dropped as an unknown field, and kept as one identifier with
 * `cin_value` (docs/model-decisions.md, "The account's `cin`").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedAccount } from '../support/fixtures.js';
import { createAccount, startService, type TestService } from './harness.js';

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

const KRS = '0000123456';

describe('the account’s cin (spec §2.2)', () => {
  it('POST accepts cin and answers it, in the response and on GET and the list, as cin_value too', async () => {
    const created = await service.request('POST', '/accounts', {
      body: { account: { name: 'Polska Sp. z o.o.', country: 'PL', cin: KRS, cin_scheme: '8037' } },
    });
    expect(created.status).toBe(201);
    expect(created.json.account).toMatchObject({ cin: KRS, cin_value: KRS, cin_scheme: '8037' });
    const id = created.json.account.id;
    expect((await service.request('GET', `/accounts/${id}`)).json.account.cin).toBe(KRS);
    const list = await service.request('GET', '/accounts');
    expect(list.json.accounts.find((account: { id: number }) => account.id === id).cin).toBe(KRS);
  });

  it('PUT changes it under either name, keeps it when neither is sent, and clears it with null', async () => {
    const id = await createAccount(service, { cin: KRS });
    const put = (account: object) => service.request('PUT', `/accounts/${id}`, { body: { account } });
    const renamed = await put({ cin_value: '0000654321' });
    expect(renamed.json.account).toMatchObject({ cin: '0000654321', cin_value: '0000654321' });
    const kept = await put({ name: 'ACME Renamed' });
    expect(kept.json.account).toMatchObject({ cin: '0000654321', cin_value: '0000654321' });
    const cleared = await put({ cin: null });
    expect(cleared.json.account).toMatchObject({ cin: null, cin_value: null });
  });

  it('refuses cin and cin_value with different values (422 parameter_invalid at cin); the same value is one identifier', async () => {
    const post = (account: object) =>
      service.request('POST', '/accounts', { body: { account: { name: 'X', country: 'PL', ...account } } });
    expect(failure(await post({ cin: KRS, cin_value: '0000654321' }))).toEqual([
      422,
      'parameter_invalid',
      'cin',
    ]);
    const same = await post({ cin: KRS, cin_value: KRS });
    expect([same.status, same.json.account.cin]).toEqual([201, KRS]);
  });

  it('answers an account stored before cin was kept with its cin_value as cin', async () => {
    const id = await service.ports.ids.next('account');
    const { cin: _dropped, ...older } = storedAccount({ id, cin_value: KRS });
    await service.ports.store.accounts.insert(older);
    await service.ports.store.accountGroups.insert({ id, group_id: 1 });
    expect((await service.request('GET', `/accounts/${id}`)).json.account).toMatchObject({
      cin: KRS,
      cin_value: KRS,
    });
  });
});
