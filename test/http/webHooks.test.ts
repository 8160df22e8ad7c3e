/**
 * Webhook subscriptions over real HTTP (spec §2.12, §6; paths fiscalkit's: /accounts/{account}/web_hooks,
 * /web_hooks/{id}, /accounts/{account}/web_hook_deliveries), and the signed delivery of
 * `sii_batch.finished` end to end: subscribe, run a batch, and check what the receiver got.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '../../src/events/webhookSignature.js';
import { seedAccount } from '../support/seedTenants.js';
import { expedidaF1 } from '../support/siiReports.js';
import { OTHER_KEY, startService, type TestResponse, type TestService } from './harness.js';

const URL = 'https://receiver.example.test/hooks';

let service: TestService;
let account: number;
beforeEach(async () => {
  service = await startService();
  account = await seedAccount(service.ports, 1, {
    name: 'Test company',
    country: 'ES',
    tin_value: 'ESU2687761C',
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

const hooksPath = (owner = account) => `/accounts/${String(owner)}/web_hooks`;

async function subscribe(events: string[] = ['sii_batch.finished'], url = URL): Promise<TestResponse> {
  return service.request('POST', hooksPath(), { body: { web_hook: { url, events } } });
}

describe('web hook subscriptions', () => {
  it('creates (201, with its generated secret), reads, lists, patches, puts and deletes a subscription', async () => {
    const created = await subscribe(['sii_batch.finished', 'tin_verification.finished']);
    expect(created.status).toBe(201);
    const hook = created.json.web_hook;
    expect(hook).toMatchObject({
      account_id: account,
      url: URL,
      events: ['sii_batch.finished', 'tin_verification.finished'],
      enabled: true,
    });
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const path = `/web_hooks/${String(hook.id)}`;

    expect((await service.request('GET', path)).json).toEqual(created.json);
    const list = await service.request('GET', hooksPath());
    expect(list.json).toEqual({
      web_hooks: [hook],
      meta: { total_count: 1, offset: 0, limit: 25, total: 1 },
    });

    const patched = await service.request('PATCH', path, { body: { web_hook: { enabled: false } } });
    expect(patched.status).toBe(200);
    expect(patched.json.web_hook).toEqual({ ...hook, enabled: false });

    // PUT is a partial update like PATCH (issue #19): nothing is required, the fields left out stay.
    const urlOnly = await service.request('PUT', path, { body: { web_hook: { url: `${URL}/v2` } } });
    expect(urlOnly.json.web_hook).toEqual({ ...hook, url: `${URL}/v2`, enabled: false });
    const put = await service.request('PUT', path, {
      body: { web_hook: { url: `${URL}/v2`, events: ['tin_verification.finished'] } },
    });
    expect(put.json.web_hook).toEqual({
      ...hook,
      url: `${URL}/v2`,
      events: ['tin_verification.finished'],
      enabled: false,
    });

    const deleted = await service.request('DELETE', path);
    expect([deleted.status, deleted.json]).toEqual([200, put.json]);
    expect(errorOf(await service.request('GET', path))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'id',
    });
    expect((await service.request('GET', hooksPath())).json.meta.total_count).toBe(0);
  });

  it('refuses bad subscriptions with code and param', async () => {
    const post = (body: unknown) => service.request('POST', hooksPath(), { body });
    expect(errorOf(await post({ url: URL }))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'web_hook',
    });
    expect(errorOf(await post({ web_hook: 'x' }))).toEqual({
      status: 400,
      code: 'invalid_request_params',
      param: 'web_hook',
    });
    expect(
      errorOf(await post({ web_hook: { url: 'ftp://x.test', events: ['sii_batch.finished'] } })),
    ).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'url',
    });
    expect(
      errorOf(await post({ web_hook: { url: URL, events: ['sii_batch.finished', 'invoice.paid'] } })),
    ).toEqual({
      status: 422,
      code: 'parameter_inclusion',
      param: 'events[1]',
    });
    expect(errorOf(await post({ web_hook: { url: URL, events: [] } }))).toEqual({
      status: 422,
      code: 'parameter_empty',
      param: 'events',
    });
  });

  it('answers per version: 200 on create in v2025-10-13, without tin_verification.finished before v2026-04-20', async () => {
    const created = await subscribe(['sii_batch.finished', 'tin_verification.finished']);
    const path = `/web_hooks/${String(created.json.web_hook.id)}`;
    const old = await service.request('GET', path, { version: '2026-03-02' });
    expect(old.json.web_hook.events).toEqual(['sii_batch.finished']);
    // An older client's update keeps the event it cannot see.
    await service.request('PATCH', path, {
      version: '2026-03-02',
      body: { web_hook: { events: ['sii_batch.finished'] } },
    });
    expect((await service.request('GET', path)).json.web_hook.events).toEqual([
      'sii_batch.finished',
      'tin_verification.finished',
    ]);
    const v2025 = await service.request('POST', hooksPath(), {
      version: '2025-10-13',
      body: { web_hook: { url: URL, events: ['sii_batch.finished'] } },
    });
    expect([v2025.status, v2025.json.web_hook.url]).toEqual([200, URL]);
    // An older client subscribing only to the event its version lacks subscribes to nothing.
    const nothing = await service.request('POST', hooksPath(), {
      version: '2026-03-02',
      body: { web_hook: { url: URL, events: ['tin_verification.finished'] } },
    });
    expect(errorOf(nothing)).toEqual({ status: 422, code: 'parameter_empty', param: 'events' });
  });

  it('keeps tenants apart: 404 resource_missing for every route of another group', async () => {
    const hook = (await subscribe()).json.web_hook;
    const path = `/web_hooks/${String(hook.id)}`;
    const other = { key: OTHER_KEY };
    expect(errorOf(await service.request('GET', path, other))).toEqual({
      status: 404,
      code: 'resource_missing',
      param: 'id',
    });
    expect(
      errorOf(
        await service.request('PATCH', path, {
          ...other,
          body: { web_hook: { url: 'https://evil.test/x' } },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'resource_missing' });
    expect(
      errorOf(
        await service.request('PUT', path, {
          ...other,
          body: { web_hook: { url: 'https://evil.test/x', events: ['sii_batch.finished'] } },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'resource_missing' });
    expect(errorOf(await service.request('DELETE', path, other))).toMatchObject({
      status: 404,
      code: 'resource_missing',
    });
    for (const route of [hooksPath(), `/accounts/${String(account)}/web_hook_deliveries`])
      expect(errorOf(await service.request('GET', route, other))).toEqual({
        status: 404,
        code: 'resource_missing',
        param: 'account',
      });
    expect(
      errorOf(
        await service.request('POST', hooksPath(), {
          ...other,
          body: { web_hook: { url: URL, events: ['sii_batch.finished'] } },
        }),
      ),
    ).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    // Untouched.
    expect((await service.request('GET', path)).json.web_hook).toEqual(hook);
  });
});

describe('sii_batch.finished delivered end to end (spec §4.1 rule 4, §6)', () => {
  it('posts the event, signed with the subscription’s secret, and lists the delivery', async () => {
    const hook = (await subscribe(['sii_batch.finished'])).json.web_hook;
    const ignored = (await subscribe(['tin_verification.finished'], `${URL}/tin`)).json.web_hook;
    const accepted = await service.request('POST', `/accounts/${String(account)}/tax_report_batches`, {
      body: { tax_reports: [expedidaF1(), { ...expedidaF1(), invoice_number: 'K-1', type: 'Ksef' }] },
    });
    expect(accepted.status).toBe(202);
    expect(service.ports.webhooks.requests).toHaveLength(0);

    await service.fiscalkit.worker.drain();
    const received = service.ports.webhooks.requests;
    expect(received).toHaveLength(1);
    const [request] = received;
    if (request === undefined) throw new Error('no webhook request');
    expect(request.url).toBe(URL);
    expect(request.headers['Content-Type']).toBe('application/json');
    const now = Math.floor(service.ports.clock.now() / 1000);
    const check = await verifyWebhookSignature(
      request.body,
      request.headers[WEBHOOK_SIGNATURE_HEADER],
      hook.secret,
      { now },
    );
    expect(check.valid).toBe(true);
    // Another secret, or a changed body, does not verify.
    const forged = await verifyWebhookSignature(
      request.body,
      request.headers[WEBHOOK_SIGNATURE_HEADER],
      ignored.secret,
      {
        now,
      },
    );
    expect(forged.valid).toBe(false);
    const tampered = await verifyWebhookSignature(
      request.body.replace('"finished"', '"failed"'),
      request.headers[WEBHOOK_SIGNATURE_HEADER],
      hook.secret,
      { now },
    );
    expect(tampered.valid).toBe(false);
    const event = JSON.parse(request.body);
    expect(event).toMatchObject({
      code: 'sii_batch.finished',
      data: {
        batch_id: accepted.json.batch_id,
        status: 'finished',
        total_count: 2,
        processed_count: 2,
        succeeded_count: 1,
        failed_count: 1,
      },
    });
    expect(event.triggered_at).toBe(now);

    const deliveries = await service.request('GET', `/accounts/${String(account)}/web_hook_deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.json.meta).toEqual({ total_count: 1, offset: 0, limit: 25, total: 1 });
    expect(deliveries.json.web_hook_deliveries[0]).toMatchObject({
      account_id: account,
      event_id: event.id,
      event_code: 'sii_batch.finished',
      web_hook_id: hook.id,
      status: 'delivered',
      attempts: [{ status_code: 200, error: null }],
      next_attempt_at: null,
    });
  });

  it('retries a receiver that is down, and the deliveries list shows each attempt', async () => {
    await subscribe(['sii_batch.finished']);
    service.ports.webhooks.down(URL);
    await service.request('POST', `/accounts/${String(account)}/tax_report_batches`, {
      body: { tax_reports: [expedidaF1()] },
    });
    await service.fiscalkit.worker.drain();
    const failing = await service.request('GET', `/accounts/${String(account)}/web_hook_deliveries`);
    expect(failing.json.web_hook_deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: [{ status_code: null, error: 'connection refused' }],
    });
    service.ports.webhooks.up(URL);
    service.ports.clock.advance(60 * 60 * 1000);
    await service.fiscalkit.worker.drain();
    const delivered = await service.request('GET', `/accounts/${String(account)}/web_hook_deliveries`);
    const delivery = delivered.json.web_hook_deliveries[0];
    expect(delivery.status).toBe('delivered');
    expect(delivery.attempts.at(-1)).toMatchObject({ status_code: 200, error: null });
    expect(service.ports.webhooks.receivedBy(URL).length).toBe(delivery.attempts.length);
  });
});
