/**
 * The HTTP binding while the storage is away (issue #24): 503 `service_unavailable` with
 * `Retry-After`, in the error shape of spec §7.1 — never a 500 or a stack trace — whether the store
 * fails in a use case, while the request id is being given out, or only when the request log is
 * written (the answer then still goes out). test/scale/databaseRestart.test.ts does the same against a
 * real PostgreSQL that is stopped and started.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../../src/ports.js';
import { startService, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

const away = (retry_after_ms: number) => async () => {
  throw new StorageUnavailableError('PostgreSQL is unreachable (ECONNREFUSED)', retry_after_ms);
};

describe('a storage outage over HTTP', () => {
  it('answers 503 service_unavailable with Retry-After in whole seconds when a use case cannot reach the store', async () => {
    service.ports.store.accountGroups.list = away(2100);
    const response = await service.request('GET', '/accounts');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('3');
    expect(response.json).toEqual({
      error: {
        code: 'service_unavailable',
        message: expect.stringContaining('retry after Retry-After seconds'),
        param: null,
        // The log goes to the database that is away: the answer does not point at it.
        request_log_url: null,
        type: 'invalid_request_error',
      },
    });
    // Here the store of request logs still answers: the log is stored, and the header names it.
    expect(response.headers.get('X-B2B-API-Request-Id')).toMatch(/^\d+$/);
  });

  it('asks for at least a second, also when the storage names no wait', async () => {
    service.ports.store.accountGroups.list = away(0);
    const response = await service.request('GET', '/accounts');
    expect([response.status, response.headers.get('Retry-After')]).toEqual([503, '1']);
  });

  it('answers 503 without a request id when none can be given out', async () => {
    service.ports.ids.next = away(500);
    const response = await service.request('GET', '/accounts');
    expect(response.status).toBe(503);
    expect(response.json.error.code).toBe('service_unavailable');
    expect(response.json.error.request_log_url).toBeNull();
    expect(response.headers.get('X-B2B-API-Request-Id')).toBeNull();
  });

  it('still answers when only the request log cannot be stored, without naming the log it lost', async () => {
    service.ports.store.requestLogs.insert = away(500);
    const response = await service.request('GET', '/accounts');
    expect(response.status).toBe(200);
    expect(response.json.accounts).toEqual([]);
    // No header names a request log that was not stored.
    expect(response.headers.get('X-B2B-API-Request-Id')).toBeNull();
  });

  it('answers any other failure of the store as before: 500, no stack trace', async () => {
    service.ports.store.accountGroups.list = async () => {
      throw new Error('disk full');
    };
    const response = await service.request('GET', '/accounts');
    expect(response.status).toBe(500);
    expect(response.text).not.toContain('disk full');
  });
});
