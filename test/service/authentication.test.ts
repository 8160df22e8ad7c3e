/**
 * Authentication of spec §5 as a service use case (src/service/authentication.ts): the key and group
 * of a request, or the wire error that refuses it, read from the key store port alone. The HTTP
 * binding's answers to the same requests are tested in test/http/pipeline.test.ts and accounts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { memoryKeyStore } from '../../src/adapters/memory/index.js';
import type { AccountGroup, ApiKeyRecord, KeyStore } from '../../src/ports.js';
import { API_KEY_HEADER, type Authentication, authenticateApiKey } from '../../src/service/authentication.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const GROUP: AccountGroup = { id: 1, api_version: '2026-04-20' };
const VALID: ApiKeyRecord = { key: 'test_valid', environment: 'sandbox', group: 1, expires_at: null };

/** A key store of `keys` and `groups`, also keys naming groups it does not have (a stale store). */
function keyStore(keys: readonly ApiKeyRecord[], groups: readonly AccountGroup[] = [GROUP]): KeyStore {
  return {
    key: async (key) => keys.find((record) => record.key === key) ?? null,
    group: async (id) => groups.find((group) => group.id === id) ?? null,
  };
}

/** The wire code and HTTP status of a refusal, and the key it names. */
function refusal(answer: Authentication): { code: string; status: number; key: string | null } {
  if (answer.success) throw new Error('expected a refusal');
  return { code: answer.error.code, status: answer.error.status, key: answer.key?.key ?? null };
}

describe('authenticateApiKey (spec §5)', () => {
  it('names the header of spec §5 rule 1', () => {
    expect(API_KEY_HEADER).toBe('X-B2B-API-Key');
  });

  it('answers the key and its group', async () => {
    const answer = await authenticateApiKey(keyStore([VALID]), 'test_valid', {
      environment: 'sandbox',
      now: NOW,
    });
    expect(answer).toEqual({ success: true, key: VALID, group: GROUP });
  });

  it('reads the key as sent around blanks', async () => {
    const answer = await authenticateApiKey(keyStore([VALID]), '  test_valid ', {
      environment: 'sandbox',
      now: NOW,
    });
    expect(answer.success).toBe(true);
  });

  it('refuses a missing or blank key with 401 missing_api_key (rule 4)', async () => {
    for (const header of [null, undefined, '', '   ']) {
      const answer = await authenticateApiKey(keyStore([VALID]), header, {
        environment: 'sandbox',
        now: NOW,
      });
      expect(refusal(answer)).toEqual({ code: 'missing_api_key', status: 401, key: null });
      if (!answer.success) expect(answer.error.message).toBe('Send your API key in the X-B2B-API-Key header');
    }
  });

  it('refuses an unknown key with 401 invalid_api_key (rule 4)', async () => {
    const answer = await authenticateApiKey(keyStore([VALID]), 'test_other', {
      environment: 'sandbox',
      now: NOW,
    });
    expect(refusal(answer)).toEqual({ code: 'invalid_api_key', status: 401, key: null });
  });

  it('refuses a key at or past its expires_at with 401 expired_api_key (rule 4), naming the key', async () => {
    const expires_at = '2026-05-01T12:00:00Z';
    const keys = keyStore([{ ...VALID, expires_at }]);
    const atExpiry = await authenticateApiKey(keys, 'test_valid', { environment: 'sandbox', now: NOW });
    expect(refusal(atExpiry)).toEqual({ code: 'expired_api_key', status: 401, key: 'test_valid' });
    if (!atExpiry.success) expect(atExpiry.error.message).toBe(`This API key expired at ${expires_at}`);
    const before = await authenticateApiKey(keys, 'test_valid', { environment: 'sandbox', now: NOW - 1 });
    expect(before.success).toBe(true);
  });

  it('refuses a key of another environment with 401 unauthorized (rule 2), naming the key', async () => {
    const keys = keyStore([{ ...VALID, key: 'live_key', environment: 'production' }]);
    const answer = await authenticateApiKey(keys, 'live_key', { environment: 'sandbox', now: NOW });
    expect(refusal(answer)).toEqual({ code: 'unauthorized', status: 401, key: 'live_key' });
    if (!answer.success)
      expect(answer.error.message).toBe('This is a production key; this server is the sandbox environment');
  });

  it('checks expiry before the environment (both refuse with the key named)', async () => {
    const keys = keyStore([{ ...VALID, environment: 'staging', expires_at: '2026-01-01T00:00:00Z' }]);
    const answer = await authenticateApiKey(keys, 'test_valid', { environment: 'sandbox', now: NOW });
    expect(refusal(answer).code).toBe('expired_api_key');
  });

  it('refuses a key without a group, or with a group the store lacks, with 403 no_account_group (rule 3)', async () => {
    const keys = keyStore([
      { ...VALID, key: 'test_groupless', group: null },
      { ...VALID, key: 'test_stale', group: 99 },
    ]);
    for (const key of ['test_groupless', 'test_stale']) {
      const answer = await authenticateApiKey(keys, key, { environment: 'sandbox', now: NOW });
      // No group to log the refused request under: the key is not named.
      expect(refusal(answer)).toEqual({ code: 'no_account_group', status: 403, key: null });
    }
  });

  it('works over the memory key store a host seeds', async () => {
    const keys = memoryKeyStore({ groups: [GROUP], keys: [VALID] });
    const answer = await authenticateApiKey(keys, 'test_valid', { environment: 'sandbox', now: NOW });
    expect(answer.success && answer.group.id).toBe(1);
  });
});
