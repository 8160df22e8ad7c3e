/**
 * The request pipeline of the HTTP binding, before any route: authentication (spec §5), versions
 * (spec §9), request ids and logs (spec §7.1), unknown routes, the rate limit (spec §7.2 429).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY, OTHER_KEY, startService, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

const errorOf = (response: { json: { error: { code: string | null } } }) => response.json.error.code;

describe('authentication (spec §5)', () => {
  it('answers 401 missing_api_key without the header, and invalid_api_key for an unknown key', async () => {
    const missing = await service.request('GET', '/request_logs/1', { key: null });
    expect(missing.status).toBe(401);
    expect(errorOf(missing)).toBe('missing_api_key');
    expect(missing.json.error.type).toBe('invalid_request_error');
    const unknown = await service.request('GET', '/request_logs/1', { key: 'test_nobody' });
    expect([unknown.status, errorOf(unknown)]).toEqual([401, 'invalid_api_key']);
  });

  it('answers 401 expired_api_key once a key expired, and not before', async () => {
    const now = service.ports.clock.now();
    service.keys.addKey({
      key: 'test_expiring',
      environment: 'sandbox',
      group: 1,
      expires_at: '2026-04-20T10:41:00Z',
    });
    expect(now).toBeLessThan(Date.parse('2026-04-20T10:41:00Z'));
    const before = await service.request('GET', '/request_logs/999', { key: 'test_expiring' });
    expect(before.status).toBe(404);
    service.ports.clock.advance(60_000);
    const after = await service.request('GET', '/request_logs/999', { key: 'test_expiring' });
    expect([after.status, errorOf(after)]).toEqual([401, 'expired_api_key']);
  });

  it('answers 401 unauthorized for a key of another environment, 403 no_account_group without a group', async () => {
    service.keys.addKey({ key: 'live_production1', environment: 'production', group: 1, expires_at: null });
    const other = await service.request('GET', '/request_logs/1', { key: 'live_production1' });
    expect([other.status, errorOf(other)]).toEqual([401, 'unauthorized']);
    service.keys.addKey({ key: 'test_groupless', environment: 'sandbox', group: null, expires_at: null });
    const groupless = await service.request('GET', '/request_logs/1', { key: 'test_groupless' });
    expect([groupless.status, errorOf(groupless)]).toEqual([403, 'no_account_group']);
  });
});

describe('versions (spec §9)', () => {
  it('answers 400 missing_api_version without header or group version, invalid_api_version for an unknown one', async () => {
    const missing = await service.request('GET', '/request_logs/1', { version: null });
    expect([missing.status, errorOf(missing)]).toEqual([400, 'missing_api_version']);
    const invalid = await service.request('GET', '/request_logs/1', { version: '2024-01-01' });
    expect([invalid.status, errorOf(invalid)]).toEqual([400, 'invalid_api_version']);
  });

  it('takes the group’s version when no header is sent', async () => {
    service.keys.addGroup({ id: 3, api_version: '2026-04-20' });
    service.keys.addKey({ key: 'test_group3', environment: 'sandbox', group: 3, expires_at: null });
    const response = await service.request('GET', '/request_logs/999', { key: 'test_group3', version: null });
    expect([response.status, errorOf(response)]).toEqual([404, 'resource_missing']);
  });

  it('answers 400 api_version_subdomain_mismatch for the legacy version on the API host', async () => {
    const response = await service.request('GET', '/request_logs/1', {
      version: '2025-01-01',
      headers: { 'X-Forwarded-Host': 'api.b2brouter.net' },
    });
    expect([response.status, errorOf(response)]).toEqual([400, 'api_version_subdomain_mismatch']);
  });
});

describe('request ids and logs (spec §7.1)', () => {
  it('puts X-B2B-API-Request-Id on every response and links the error body to a readable log', async () => {
    const failed = await service.request('GET', '/no/such/route');
    expect([failed.status, errorOf(failed)]).toEqual([404, 'resource_missing']);
    const id = failed.headers.get('X-B2B-API-Request-Id');
    expect(id).toMatch(/^\d+$/);
    expect(failed.json.error.request_log_url).toBe(`${service.url}/request_logs/${id}`);
    const log = await service.request('GET', `/request_logs/${id}`);
    expect(log.status).toBe(200);
    expect(log.json.request_log).toMatchObject({
      id: Number(id),
      method: 'GET',
      path: '/no/such/route',
      status: 404,
      error_code: 'resource_missing',
    });
    // Another group cannot read it.
    const other = await service.request('GET', `/request_logs/${id}`, { key: OTHER_KEY });
    expect(other.status).toBe(404);
    // Unauthenticated requests have ids and logs too.
    const anonymous = await service.request('GET', '/accounts', { key: null });
    expect(anonymous.headers.get('X-B2B-API-Request-Id')).toMatch(/^\d+$/);
  });

  it('writes X-Request-Id as well for versions before v2026-03-02 (api-notes.md §11)', async () => {
    const old = await service.request('GET', '/no/such/route', { version: '2025-10-13' });
    expect(old.headers.get('X-Request-Id')).toBe(old.headers.get('X-B2B-API-Request-Id'));
    const current = await service.request('GET', '/no/such/route');
    expect(current.headers.get('X-Request-Id')).toBeNull();
  });
});

describe('rate limit (spec §7.2: 429 with no code)', () => {
  it('refuses a key over its bucket with 429, no code and Retry-After; other keys go on', async () => {
    const limited = await startService({ http: { rate_limit: { capacity: 2, per_second: 0.001 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await limited.request('GET', '/request_logs/999')).status);
      expect(statuses).toEqual([404, 404, 429]);
      const refused = await limited.request('GET', '/request_logs/999');
      expect(refused.json.error.code).toBeNull();
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await limited.request('GET', '/request_logs/999', { key: OTHER_KEY })).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

it('keeps KEY and OTHER_KEY apart', () => {
  expect(KEY).not.toBe(OTHER_KEY);
});

describe('request logs belong to the group that made the request', () => {
  it('never serves the log of a request no key identified; a refused known key’s log is its group’s', async () => {
    const anonymous = await service.request('GET', '/accounts/1/invoices', { key: 'test_mistyped' });
    expect(anonymous.status).toBe(401);
    const anonymousId = anonymous.headers.get('X-B2B-API-Request-Id');
    for (const key of [KEY, OTHER_KEY])
      expect((await service.request('GET', `/request_logs/${anonymousId}`, { key })).status).toBe(404);
    service.keys.addKey({ key: 'live_group1_key', environment: 'production', group: 1, expires_at: null });
    const refused = await service.request('GET', '/accounts', { key: 'live_group1_key' });
    expect(refused.status).toBe(401);
    const refusedId = refused.headers.get('X-B2B-API-Request-Id');
    expect((await service.request('GET', `/request_logs/${refusedId}`)).json.request_log.error_code).toBe(
      'unauthorized',
    );
    expect((await service.request('GET', `/request_logs/${refusedId}`, { key: OTHER_KEY })).status).toBe(404);
  });
});

describe('request bodies over the limit (issue #8: 413)', () => {
  it('answers 413 request_too_large with or without Content-Length, before any handler holds it all', async () => {
    const small = await startService({ http: { max_body_bytes: 1000 } });
    try {
      const body = JSON.stringify({ account: { name: 'x'.repeat(2000), country: 'ES' } });
      const declared = await small.request('POST', '/accounts', { body });
      expect([declared.status, declared.json.error.code]).toEqual([413, 'request_too_large']);
      // Chunked: no Content-Length, the stream itself is capped.
      const bytes = new TextEncoder().encode(body);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 300) controller.enqueue(bytes.slice(at, at + 300));
          controller.close();
        },
      });
      const chunked = await fetch(`${small.url}/accounts`, {
        method: 'POST',
        headers: {
          'X-B2B-API-Key': KEY,
          'X-B2B-API-Version': '2026-04-20',
          'Content-Type': 'application/json',
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(((await chunked.json()) as { error: { code: string } }).error.code).toBe('request_too_large');
      // Under the limit, the same route works.
      const fits = await small.request('POST', '/accounts', {
        body: { account: { name: 'ACME', country: 'ES' } },
      });
      expect(fits.status).toBe(201);
    } finally {
      await small.close();
    }
  });
});

it('tells browsers never to sniff or run what it serves (downloads are the clients’ own bytes)', async () => {
  const response = await service.request('GET', '/no/such/route');
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
});
