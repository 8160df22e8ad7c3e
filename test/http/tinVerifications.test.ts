/**
 * TIN verifications over real HTTP (spec §4.3, §2.10, §3.1): POST /tin_verifications?country=es with
 * the bare array of pairs → 202 pending; the background check; GET /tin_verifications/{id}; the
 * limits; the version that introduced them (spec §9); the tenant being the key's group.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OTHER_KEY, startService, type TestResponse, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService({
    ports: { census: { entries: [{ nif: 'B12345674', name: 'ACME SOCIEDAD LIMITADA' }] } },
  });
});
afterEach(async () => {
  await service.close();
});

const errorOf = (response: TestResponse) => ({
  status: response.status,
  code: response.json?.error?.code,
  param: response.json?.error?.param,
});

const PAIRS = [
  { tin: 'ESB12345674', name: 'Acme' },
  { tin: '12345678A', name: 'Jon Perez' },
  { tin: 'b-12345674', name: 'acme sl' },
];

describe('POST /tin_verifications → GET /tin_verifications/{id}', () => {
  it('accepts pairs (202, bare {id, status: pending, results: []}), then answers the results in input order', async () => {
    const accepted = await service.request('POST', '/tin_verifications?country=es', { body: PAIRS });
    expect(accepted.status).toBe(202);
    expect(accepted.json).toEqual({ id: accepted.json.id, status: 'pending', results: [] });
    expect(accepted.json.id).toBeGreaterThan(0);
    const id = accepted.json.id as number;

    const pending = await service.request('GET', `/tin_verifications/${String(id)}`);
    expect([pending.status, pending.json]).toEqual([200, { id, status: 'pending', results: [] }]);

    await service.fiscalkit.worker.drain();
    const done = await service.request('GET', `/tin_verifications/${String(id)}`);
    expect(done.status).toBe(200);
    expect(done.json).toEqual({
      id,
      status: 'success',
      results: [
        {
          tin: 'ESB12345674',
          normalized_tin: 'ESB12345674',
          name: 'ACME SOCIEDAD LIMITADA',
          tin_format_valid: true,
          census_match: true,
        },
        {
          tin: '12345678A',
          normalized_tin: 'ES12345678A',
          name: 'Jon Perez',
          tin_format_valid: false,
          census_match: false,
        },
        {
          tin: 'b-12345674',
          normalized_tin: 'ESB12345674',
          name: 'ACME SOCIEDAD LIMITADA',
          tin_format_valid: true,
          census_match: true,
        },
      ],
    });
    // Only the format-valid NIF was asked, once for each distinct name.
    expect(service.ports.census.calls.flat().map((query) => query.nif)).toEqual(['B12345674', 'B12345674']);
  });

  it('takes the country in any case; refuses another country (parameter_inclusion) and none (parameter_blank)', async () => {
    expect((await service.request('POST', '/tin_verifications?country=ES', { body: PAIRS })).status).toBe(
      202,
    );
    expect(errorOf(await service.request('POST', '/tin_verifications?country=fr', { body: PAIRS }))).toEqual({
      status: 422,
      code: 'parameter_inclusion',
      param: 'country',
    });
    expect(errorOf(await service.request('POST', '/tin_verifications', { body: PAIRS }))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'country',
    });
  });

  it('takes 1 to 20,000 pairs: 1 is accepted, 0 and 20,001 are refused with 422', async () => {
    const one = await service.request('POST', '/tin_verifications?country=es', { body: [PAIRS[0]] });
    expect([one.status, one.json.status]).toEqual([202, 'pending']);
    expect(errorOf(await service.request('POST', '/tin_verifications?country=es', { body: [] }))).toEqual({
      status: 422,
      code: 'parameter_empty',
      param: null,
    });
    const tooMany = Array.from({ length: 20_001 }, (_, index) => ({
      tin: 'B12345674',
      name: `N${String(index)}`,
    }));
    const refused = await service.request('POST', '/tin_verifications?country=es', { body: tooMany });
    expect(errorOf(refused)).toEqual({ status: 422, code: 'parameter_invalid', param: null });
    expect(refused.json.error.message).toContain('20,000');
    const atLimit = await service.request('POST', '/tin_verifications?country=es', {
      body: tooMany.slice(1),
    });
    expect(atLimit.status).toBe(202);
  });

  it('refuses a body that is not the bare array (400), and bad pairs at their index (422)', async () => {
    const post = (body: unknown) => service.request('POST', '/tin_verifications?country=es', { body });
    expect(errorOf(await post({ tin_verifications: PAIRS }))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: null,
    });
    expect(errorOf(await post('not json'))).toMatchObject({ status: 400, code: 'invalid_request_params' });
    expect(errorOf(await post([PAIRS[0], { tin: 'B12345674' }]))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: '[1].name',
    });
    expect(errorOf(await post([PAIRS[0], { tin: 42, name: 'x' }]))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: '[1].tin',
    });
  });

  it('exists from v2026-04-20 only: v2026-03-02 gets 404 resource_missing on both endpoints', async () => {
    const accepted = await service.request('POST', '/tin_verifications?country=es', { body: PAIRS });
    const id = accepted.json.id as number;
    const old = await service.request('POST', '/tin_verifications?country=es', {
      version: '2026-03-02',
      body: PAIRS,
    });
    expect(errorOf(old)).toEqual({ status: 404, code: 'resource_missing', param: null });
    const oldGet = await service.request('GET', `/tin_verifications/${String(id)}`, {
      version: '2026-03-02',
    });
    expect(errorOf(oldGet)).toEqual({ status: 404, code: 'resource_missing', param: null });
    expect(
      (await service.request('GET', `/tin_verifications/${String(id)}`, { version: '2026-04-20' })).status,
    ).toBe(200);
  });
});

describe('tenancy: the verification belongs to the key’s group', () => {
  it('is read by any key of the group, and is 404 for another group', async () => {
    service.keys.addKey({ key: 'test_group1_second', environment: 'sandbox', group: 1, expires_at: null });
    const accepted = await service.request('POST', '/tin_verifications?country=es', { body: PAIRS });
    const id = accepted.json.id as number;
    await service.fiscalkit.worker.drain();
    const sameGroup = await service.request('GET', `/tin_verifications/${String(id)}`, {
      key: 'test_group1_second',
    });
    expect([sameGroup.status, sameGroup.json.status]).toEqual([200, 'success']);
    const other = await service.request('GET', `/tin_verifications/${String(id)}`, { key: OTHER_KEY });
    expect(errorOf(other)).toEqual({ status: 404, code: 'resource_missing', param: 'id' });
    // Group 2's own verification is likewise invisible to group 1.
    const theirs = await service.request('POST', '/tin_verifications?country=es', {
      key: OTHER_KEY,
      body: PAIRS,
    });
    expect(theirs.status).toBe(202);
    const mine = await service.request('GET', `/tin_verifications/${String(theirs.json.id)}`);
    expect(errorOf(mine)).toEqual({ status: 404, code: 'resource_missing', param: 'id' });
    expect(errorOf(await service.request('GET', '/tin_verifications/abc'))).toMatchObject({
      status: 404,
      code: 'resource_missing',
    });
  });
});
