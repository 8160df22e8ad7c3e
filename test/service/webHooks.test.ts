/**
 * Webhook subscriptions and signed deliveries end to end on in-memory ports (spec §2.12, §6;
 * api-notes.md §5; issue #7 "Events and webhooks").
 */
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/errors/ApiError.js';
import { WEBHOOK_RETRY_WINDOW_MS } from '../../src/events/retrySchedule.js';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from '../../src/events/webhookSignature.js';
import { EventSchema } from '../../src/model/event.js';
import { WebhookDeliverySchema } from '../../src/model/webhookDelivery.js';
import { ACCOUNT, engines, OTHER_ACCOUNT } from '../support/engines.js';
import { expedidaF1 } from '../support/siiReports.js';

const URL = 'https://receiver.example.test/hooks';

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, param: error.param };
    throw error;
  }
  throw new Error('expected an ApiError');
}

async function withSubscription(events: string[] = ['sii_batch.finished', 'tin_verification.finished']) {
  const setup = await engines({ census: { entries: [{ nif: 'B12345674', name: 'ACME SL' }] } });
  const hook = await setup.fiscalkit.webHooks.create(ACCOUNT, { web_hook: { url: URL, events } });
  return { ...setup, hook };
}

describe('web hook subscriptions (/accounts/{account}/web_hooks, /web_hooks/{id})', () => {
  it('creates a subscription with a generated secret, reads, lists, updates and removes it', async () => {
    const { fiscalkit, hook } = await withSubscription(['sii_batch.finished', 'sii_batch.finished']);
    expect(hook).toMatchObject({
      account_id: ACCOUNT,
      url: URL,
      events: ['sii_batch.finished'],
      enabled: true,
    });
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const second = await fiscalkit.webHooks.create(ACCOUNT, {
      web_hook: { url: `${URL}/2`, events: ['tin_verification.finished'] },
    });
    expect(second.secret).not.toBe(hook.secret);
    expect(await fiscalkit.webHooks.get(ACCOUNT, hook.id)).toEqual(hook);
    expect(
      (await fiscalkit.webHooks.list(ACCOUNT, { offset: 0, limit: 25 })).items.map((item) => item.id),
    ).toEqual([hook.id, second.id]);
    const patched = await fiscalkit.webHooks.update(ACCOUNT, hook.id, { web_hook: { enabled: false } });
    expect(patched).toEqual({ ...hook, enabled: false });
    expect(
      await rejection(fiscalkit.webHooks.update(ACCOUNT, hook.id, { web_hook: { url: URL } }, 'create')),
    ).toEqual({
      code: 'parameter_blank',
      status: 422,
      param: 'events',
    });
    expect(await fiscalkit.webHooks.remove(ACCOUNT, hook.id)).toEqual(patched);
    expect(await rejection(fiscalkit.webHooks.get(ACCOUNT, hook.id))).toMatchObject({
      code: 'resource_missing',
    });
  });

  it('refuses bad bodies with the spec error shape', async () => {
    const { fiscalkit } = await engines();
    expect(await rejection(fiscalkit.webHooks.create(ACCOUNT, { url: URL }))).toEqual({
      code: 'parameter_blank',
      status: 422,
      param: 'web_hook',
    });
    expect(await rejection(fiscalkit.webHooks.create(ACCOUNT, []))).toEqual({
      code: 'invalid_request_params',
      status: 400,
      param: null,
    });
    expect(
      await rejection(
        fiscalkit.webHooks.create(ACCOUNT, { web_hook: { url: 'ftp://x', events: ['sii_batch.finished'] } }),
      ),
    ).toEqual({ code: 'parameter_invalid', status: 422, param: 'url' });
    expect(
      await rejection(
        fiscalkit.webHooks.create(ACCOUNT, {
          web_hook: { url: URL, events: ['sii_batch.finished', 'nope'] },
        }),
      ),
    ).toEqual({ code: 'parameter_inclusion', status: 422, param: 'events[1]' });
  });

  it('is tenant-scoped', async () => {
    const { fiscalkit, hook } = await withSubscription();
    expect(await rejection(fiscalkit.webHooks.get(OTHER_ACCOUNT, hook.id))).toMatchObject({
      code: 'resource_missing',
      status: 404,
    });
    expect(await rejection(fiscalkit.webHooks.remove(OTHER_ACCOUNT, hook.id))).toMatchObject({
      code: 'resource_missing',
    });
    expect((await fiscalkit.webHooks.list(OTHER_ACCOUNT, { offset: 0, limit: 25 })).total_count).toBe(0);
  });
});

describe('webhook delivery', () => {
  it('posts each subscribed event once, signed so that verifyWebhookSignature accepts it', async () => {
    const { ports, fiscalkit, hook } = await withSubscription();
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [expedidaF1()] });
    const tin = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [{ tin: 'B12345674', name: 'x' }],
    });
    await fiscalkit.worker.drain();

    const requests = ports.webhooks.requests;
    expect(requests).toHaveLength(2);
    const now = Math.floor(ports.clock.now() / 1000);
    const bodies = [];
    for (const request of requests) {
      expect(request.url).toBe(URL);
      expect(request.headers['Content-Type']).toBe('application/json');
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      expect(header).toMatch(/^t=\d+,s=[0-9a-f]{64}$/);
      expect(await verifyWebhookSignature(request.body, header, hook.secret, { now })).toEqual({
        valid: true,
        timestamp: now,
      });
      expect((await verifyWebhookSignature(`${request.body} `, header, hook.secret, { now })).valid).toBe(
        false,
      );
      expect((await verifyWebhookSignature(request.body, header, `${hook.secret}0`, { now })).valid).toBe(
        false,
      );
      const body = JSON.parse(request.body) as unknown;
      expect(EventSchema.safeParse(body).success).toBe(true);
      bodies.push(body);
    }
    expect(bodies).toEqual([
      {
        id: 1,
        code: 'sii_batch.finished',
        triggered_at: now,
        data: {
          batch_id,
          status: 'finished',
          total_count: 1,
          processed_count: 1,
          succeeded_count: 1,
          failed_count: 0,
        },
      },
      {
        id: 2,
        code: 'tin_verification.finished',
        triggered_at: now,
        data: { id: tin.id, status: 'success' },
      },
    ]);
    const deliveries = await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 });
    for (const delivery of deliveries.items) {
      expect(WebhookDeliverySchema.safeParse(delivery).success).toBe(true);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ status_code: 200, error: null }] });
    }
  });

  it('delivers only the codes a subscription lists, and nothing to disabled subscriptions', async () => {
    const { ports, fiscalkit } = await withSubscription(['tin_verification.finished']);
    await fiscalkit.webHooks.create(ACCOUNT, {
      web_hook: { url: `${URL}/off`, events: ['sii_batch.finished'], enabled: false },
    });
    await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    await fiscalkit.worker.drain();
    expect(ports.webhooks.requests).toHaveLength(0);
    expect((await ports.events.list(ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(1);
  });

  it('retries a receiver that is down with backoff, recording every attempt, until it answers', async () => {
    const { ports, fiscalkit } = await withSubscription();
    ports.webhooks.down(URL);
    await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    await fiscalkit.worker.drain();
    ports.clock.advance(30_000);
    await fiscalkit.worker.drain();
    ports.webhooks.respond(URL, 503);
    ports.webhooks.up(URL);
    ports.clock.advance(60_000);
    await fiscalkit.worker.drain();
    ports.clock.advance(119_999);
    await fiscalkit.worker.drain();
    ports.webhooks.respond(URL, 200);
    ports.clock.advance(1);
    await fiscalkit.worker.drain();

    const [delivery] = (await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((attempt) => [attempt.status_code, attempt.error])).toEqual([
      [null, 'connection refused'],
      [null, 'connection refused'],
      [503, 'HTTP 503'],
      [200, null],
    ]);
    // Every attempt carried the same event, signed afresh.
    const bodies = new Set(ports.webhooks.requests.map((request) => request.body));
    expect(bodies.size).toBe(1);
  });

  it('gives up after 24 hours of failures, and the event is still listed', async () => {
    const { ports, fiscalkit } = await withSubscription();
    ports.webhooks.down(URL);
    await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    const start = ports.clock.now();
    while (ports.clock.now() - start < WEBHOOK_RETRY_WINDOW_MS + 3_600_000) {
      await fiscalkit.worker.drain();
      ports.clock.advance(60_000);
    }
    const [delivery] = (await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
    expect(delivery?.status).toBe('failed');
    expect(WebhookDeliverySchema.safeParse(delivery).success).toBe(true);
    const attempts = delivery?.attempts ?? [];
    expect(attempts.length).toBeGreaterThan(20);
    const last = Date.parse(attempts.at(-1)?.attempted_at ?? '');
    const first = Date.parse(attempts[0]?.attempted_at ?? '');
    expect(last - first).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(ports.webhooks.requests).toHaveLength(attempts.length);
    expect(
      (await ports.events.list(ACCOUNT, { offset: 0, limit: 10 })).items.map((event) => event.code),
    ).toEqual(['sii_batch.finished']);
  });

  it('abandons a delivery whose subscription was deleted before it could be made', async () => {
    const { ports, fiscalkit, hook } = await withSubscription();
    ports.webhooks.down(URL);
    await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    await fiscalkit.worker.drain();
    await fiscalkit.webHooks.remove(ACCOUNT, hook.id);
    ports.clock.advance(30_000);
    await fiscalkit.worker.drain();
    const [delivery] = (await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
    expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(delivery?.attempts).toHaveLength(1);
    expect(ports.webhooks.requests).toHaveLength(1);
  });

  it('never loses an event: a crash while publishing is repaired when the job runs again', async () => {
    const { ports, fiscalkit } = await withSubscription();
    const enqueue = ports.jobs.enqueue.bind(ports.jobs);
    let failed = false;
    ports.jobs.enqueue = async (draft) => {
      if (draft.kind === 'webhook_delivery' && !failed) {
        failed = true;
        throw new Error('queue unavailable');
      }
      return enqueue(draft);
    };
    await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    await fiscalkit.worker.drain();
    expect(ports.webhooks.requests).toHaveLength(0);
    ports.clock.advance(60_000);
    await fiscalkit.worker.drain();
    expect(ports.webhooks.requests).toHaveLength(1);
    expect((await ports.events.list(ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(1);
    expect((await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).total_count).toBe(1);
  });
});

describe('deliveries against a failing world (review findings)', () => {
  it('a worker clock a little behind the queue does not strand a due attempt', async () => {
    const { ports, fiscalkit } = await withSubscription();
    ports.webhooks.down(URL);
    await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    await fiscalkit.worker.drain();
    ports.webhooks.up(URL);
    ports.clock.advance(30_000);
    // The queue leases at its now; the handler's clock reads 5 ms behind once.
    const now = ports.clock.now.bind(ports.clock);
    let reads = 0;
    ports.clock.now = () => {
      reads += 1;
      return reads === 2 ? now() - 5 : now();
    };
    await fiscalkit.worker.drain();
    const [delivery] = (await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
    expect(delivery?.status).toBe('delivered');
  });

  it('a store outage longer than the job retries hands over to a fresh job instead of stranding the delivery', async () => {
    const { ports, fiscalkit } = await withSubscription();
    const update = ports.store.webhookDeliveries.update.bind(ports.store.webhookDeliveries);
    let outage = true;
    ports.store.webhookDeliveries.update = async (...args) => {
      if (outage) throw new Error('store down');
      return update(...args);
    };
    await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    for (let i = 0; i < 30; i += 1) {
      await fiscalkit.worker.drain();
      ports.clock.advance(60_000);
    }
    outage = false;
    for (let i = 0; i < 30; i += 1) {
      await fiscalkit.worker.drain();
      ports.clock.advance(60_000);
    }
    const [delivery] = (await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
    expect(delivery?.status).toBe('delivered');
    // At least once: each run whose record failed posted again; receivers de-duplicate on the event id.
    expect(new Set(ports.webhooks.requests.map((request) => JSON.parse(request.body).id)).size).toBe(1);
  });
});
