/**
 * GET /accounts/{account}/events over real HTTP (spec §4.6, §6 rule 3): what the account, contact and
 * bank account use cases record, paging, the legacy `ClientEvent` name, and tenant isolation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VALID_IBAN } from '../support/fixtures.js';
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

type Event = { id: number; account_id: number; type: string; name: string; resource_id: number | null };

async function contactLifecycle(): Promise<number> {
  const created = await service.request('POST', `/accounts/${account}/contacts`, {
    body: { contact: { name: 'Norte', country: 'ES' } },
  });
  const id = created.json.contact.id as number;
  await service.request('PATCH', `/contacts/${id}`, { body: { contact: { phone: '1' } } });
  await service.request('DELETE', `/contacts/${id}`);
  return id;
}

describe('GET /accounts/{account}/events', () => {
  it('lists what happened to the account and its resources, oldest first, with meta', async () => {
    await service.request('PUT', `/accounts/${account}`, { body: { account: { name: 'Renamed' } } });
    const contact = await contactLifecycle();
    const bank = (
      await service.request('POST', `/accounts/${account}/bank_accounts`, {
        body: { bank_account: { iban: VALID_IBAN } },
      })
    ).json.bank_account.id;
    const response = await service.request('GET', `/accounts/${account}/events`);
    expect(response.status).toBe(200);
    expect(response.json.events.map((event: Event) => [event.type, event.name, event.resource_id])).toEqual([
      ['AccountEvent', 'created', account],
      ['AccountEvent', 'updated', account],
      ['ContactEvent', 'created', contact],
      ['ContactEvent', 'updated', contact],
      ['ContactEvent', 'deleted', contact],
      ['AccountEvent', 'bank_account_created', bank],
    ]);
    expect(response.json.events.every((event: Event) => event.account_id === account)).toBe(true);
    expect(response.json.events[0]).toHaveProperty('created_at');
    expect(response.json.events[0]).not.toHaveProperty('description');
    expect(response.json.meta).toEqual({ total_count: 6, offset: 0, limit: 25, total: 6 });
    const page = await service.request('GET', `/accounts/${account}/events?offset=2&limit=2`);
    expect(page.json.events.map((event: Event) => event.name)).toEqual(['created', 'updated']);
    expect(page.json.meta).toEqual({ total_count: 6, offset: 2, limit: 2, total: 6 });
  });

  it('names the contact event kind ClientEvent in the legacy version only (spec §6 rule 3)', async () => {
    await contactLifecycle();
    const kinds = async (version: string) =>
      new Set(
        (await service.request('GET', `/accounts/${account}/events`, { version })).json.events.map(
          (event: Event) => event.type,
        ),
      );
    expect(await kinds('2025-10-13')).toEqual(new Set(['AccountEvent', 'ContactEvent']));
    expect(await kinds('2026-06-26')).toEqual(new Set(['AccountEvent', 'ContactEvent']));
    const legacy = await service.request('GET', `/projects/${account}/events`, { version: '2025-01-01' });
    expect(legacy.status).toBe(200);
    expect(new Set(legacy.json.events.map((event: Event) => event.type))).toEqual(
      new Set(['AccountEvent', 'ClientEvent']),
    );
  });

  it('answers 404 resource_missing for an unknown account and for another group’s, 400 for a page that is not a number', async () => {
    const missing = await service.request('GET', '/accounts/999/events');
    expect([missing.status, missing.json.error.code, missing.json.error.param]).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
    const other = await service.request('GET', `/accounts/${account}/events`, { key: OTHER_KEY });
    expect([other.status, other.json.error.code, other.json.error.param]).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
    const theirs = await createAccount(service, {}, { key: OTHER_KEY });
    const own = await service.request('GET', `/accounts/${theirs}/events`, { key: OTHER_KEY });
    expect(own.json.events.map((event: Event) => event.account_id)).toEqual([theirs]);
    const bad = await service.request('GET', `/accounts/${account}/events?limit=x`);
    expect([bad.status, bad.json.error.code, bad.json.error.param]).toEqual([
      400,
      'invalid_request_params',
      'limit',
    ]);
  });
});
