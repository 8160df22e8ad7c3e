/**
 * Webhooks that arrive (issue #23): `httpWebhookTransport` posting to real node:http receivers on
 * 127.0.0.1 — a fiscalkit delivering a signed event end to end, retries recorded honestly, a
 * receiver that never answers, a redirect that is not followed — and the connect-time SSRF guard.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  guardedLookup,
  httpWebhookTransport,
  WebhookAddressRefusedError,
  type WebhookResolver,
} from '../../../src/adapters/http/index.js';
import { memoryPorts } from '../../../src/adapters/memory/index.js';
import type { WebhookAttempt } from '../../../src/model/webhookDelivery.js';
import type { Clock, WebhookRequest } from '../../../src/ports.js';
import { createFiscalkit } from '../../../src/service/fiscalkit.js';
import { storedAccount } from '../../support/fixtures.js';
import { signedBy, startReceiver, type WebhookReceiver } from './receiver.js';

const ACCOUNT = 1;

/** Closed at the end of each test. */
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(...args: Parameters<typeof startReceiver>): Promise<WebhookReceiver> {
  const started = await startReceiver(...args);
  cleanups.push(() => started.close());
  return started;
}

function transport(options: Parameters<typeof httpWebhookTransport>[0] = {}) {
  const made = httpWebhookTransport(options);
  cleanups.push(() => made.close());
  return made;
}

/**
 * Real time plus whatever a test skips ahead: attempts take their real duration (so `duration_ms`
 * is measured, not made up), and the retry schedule's waits are skipped with `advance`.
 */
function skippingClock(): Clock & { advance(ms: number): void } {
  const start = Date.now();
  let skipped = 0;
  return {
    now: () => 1_776_681_600_000 + skipped + (Date.now() - start),
    advance(ms) {
      skipped += ms;
    },
  };
}

/** A sandbox fiscalkit on memory ports whose webhooks go over real HTTP, with a subscription to `url`. */
async function deliveringFiscalkit(url: string) {
  const clock = skippingClock();
  const ports = memoryPorts({ clock, webhooks: transport({ allowPrivate: true }) });
  await ports.store.accounts.insert(storedAccount({ id: ACCOUNT, name: 'Test company', country: 'ES' }));
  const fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test', sandbox: true });
  const hook = await fiscalkit.webHooks.create(ACCOUNT, {
    web_hook: { url, events: ['tin_verification.finished'] },
  });
  const publish = (id: number) =>
    fiscalkit.publisher.publish(
      ACCOUNT,
      'tin_verification.finished',
      { id, status: 'success' },
      `tin:${String(id)}`,
    );
  const deliveries = async () =>
    (await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
  return { clock, ports, fiscalkit, hook, publish, deliveries };
}

function expectMeasured(attempts: readonly WebhookAttempt[]) {
  for (const attempt of attempts) {
    expect(Number.isSafeInteger(attempt.duration_ms)).toBe(true);
    expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
  }
}

describe('httpWebhookTransport delivering for a fiscalkit', () => {
  it('posts the signed event to a real receiver, which verifies it with node:crypto; the log says delivered', async () => {
    const target = await receiver();
    const { fiscalkit, hook, publish, deliveries } = await deliveringFiscalkit(`${target.origin}/hooks?x=1`);
    const event = await publish(42);
    await fiscalkit.worker.drain();

    expect(target.requests).toHaveLength(1);
    const [request] = target.requests as [WebhookReceiver['requests'][number]];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/hooks?x=1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(request.body)));
    expect(signedBy(request.headers['x-b2brouter-signature'], request.body, hook.secret)).toBe(true);
    expect(signedBy(request.headers['x-b2brouter-signature'], request.body, `${hook.secret}x`)).toBe(false);
    expect(signedBy(request.headers['x-b2brouter-signature'], `${request.body} `, hook.secret)).toBe(false);
    expect(JSON.parse(request.body)).toMatchObject({
      id: event.id,
      code: 'tin_verification.finished',
      data: { id: 42, status: 'success' },
    });

    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ status_code: 200, error: null }] });
    expectMeasured(delivery?.attempts ?? []);
  });

  it('records every attempt of a receiver that answers 500, 500, then 200', async () => {
    const target = await receiver((_, response, index) => response.writeHead(index < 2 ? 500 : 200).end());
    const { clock, fiscalkit, publish, deliveries } = await deliveringFiscalkit(`${target.origin}/hooks`);
    await publish(7);
    await fiscalkit.worker.drain();
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', attempts: [{ status_code: 500 }] });
    // The retry schedule: 30 s after the first failure, 1 min after the second.
    clock.advance(30_000);
    await fiscalkit.worker.drain();
    clock.advance(60_000);
    await fiscalkit.worker.drain();

    expect(target.requests).toHaveLength(3);
    const [delivery] = await deliveries();
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((attempt) => [attempt.status_code, attempt.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [200, null],
    ]);
    expectMeasured(delivery?.attempts ?? []);
  });

  it('records a receiver that is down as a failed attempt with ECONNREFUSED, never as delivered', async () => {
    const closed = await receiver();
    const url = `${closed.origin}/hooks`;
    await closed.close();
    const { fiscalkit, publish, deliveries } = await deliveringFiscalkit(url);
    await publish(8);
    await fiscalkit.worker.drain();
    const [delivery] = await deliveries();
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts).toHaveLength(1);
    expect(delivery?.attempts[0]?.status_code).toBeNull();
    expect(delivery?.attempts[0]?.error).toMatch(/connection refused.*ECONNREFUSED/);
    expectMeasured(delivery?.attempts ?? []);
  });

  it('does not follow a redirect: the 302 is the answer and the attempt failed', async () => {
    const elsewhere = await receiver();
    const redirecting = await receiver((_, response) =>
      response.writeHead(302, { Location: `${elsewhere.origin}/stolen` }).end(),
    );
    const { fiscalkit, publish, deliveries } = await deliveringFiscalkit(`${redirecting.origin}/hooks`);
    await publish(9);
    await fiscalkit.worker.drain();
    expect(redirecting.requests).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
    expect((await deliveries())[0]).toMatchObject({
      status: 'pending',
      attempts: [{ status_code: 302, error: 'HTTP 302' }],
    });
  });
});

const request = (url: string, timeout_ms = 10_000): WebhookRequest => ({
  url,
  headers: { 'Content-Type': 'application/json', 'X-B2Brouter-Signature': 't=1,s=00' },
  body: '{"code":"tin_verification.finished"}',
  timeout_ms,
});

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the post to fail');
}

describe('httpWebhookTransport on its own', () => {
  it('aborts a request the receiver never answers once timeout_ms has passed', async () => {
    let arrived!: () => void;
    const hung = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server: Server = createServer(() => arrived());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const { port } = server.address() as AddressInfo;
    const error = await rejectionOf(
      transport({ allowPrivate: true }).post(request(`http://127.0.0.1:${String(port)}/`, 300)),
    );
    await hung;
    expect(error.message).toBe(`no answer from 127.0.0.1:${String(port)} within 300 ms (timed out)`);
  });

  it('answers the status of a 3xx without following it, and of a 4xx', async () => {
    const elsewhere = await receiver();
    for (const status of [301, 307, 308]) {
      const moved = await receiver((_, response) =>
        response.writeHead(status, { Location: `${elsewhere.origin}/x` }).end(),
      );
      expect(await transport({ allowPrivate: true }).post(request(`${moved.origin}/`))).toEqual({ status });
    }
    expect(elsewhere.requests).toHaveLength(0);
    const gone = await receiver((_, response) => response.writeHead(410).end());
    expect(await transport({ allowPrivate: true }).post(request(gone.origin))).toEqual({ status: 410 });
  });

  it('reads only a little of a large answer and still reports its status', async () => {
    const chatty = await receiver((_, response) => response.writeHead(200).end('x'.repeat(2_000_000)));
    const posting = transport({ allowPrivate: true, maxResponseBytes: 1024 });
    expect(await posting.post(request(chatty.origin))).toEqual({ status: 200 });
    // The connection was closed rather than read to the end; the next post still works.
    expect(await posting.post(request(chatty.origin))).toEqual({ status: 200 });
    expect(chatty.requests).toHaveLength(2);
  });

  it('refuses loopback, private and metadata addresses in the URL before connecting, unless allowPrivate', async () => {
    const target = await receiver();
    const guarded = transport({ allowPrivate: false });
    for (const url of [
      `${target.origin}/hooks`,
      `http://localhost:${String(target.port)}/hooks`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://10.0.0.1/',
      'file:///etc/passwd',
    ]) {
      const error = await rejectionOf(guarded.post(request(url)));
      expect(error).toBeInstanceOf(WebhookAddressRefusedError);
      expect(error.message).toMatch(/^address refused by the SSRF guard: /);
    }
    expect(target.requests).toHaveLength(0);
  });

  it('says ECONNREFUSED for a port nobody listens on', async () => {
    const closed = await receiver();
    await closed.close();
    const error = await rejectionOf(transport({ allowPrivate: true }).post(request(`${closed.origin}/`)));
    expect(error.message).toBe(`connection refused by 127.0.0.1:${String(closed.port)} (ECONNREFUSED)`);
  });
});

describe('the connect-time guard (guardedLookup)', () => {
  const resolvingTo =
    (...addresses: string[]): WebhookResolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a name that resolves to 127.0.0.1 (localhost, by the system resolver)', async () => {
    const lookup = guardedLookup({ allowPrivate: false });
    const error = await new Promise<Error | null>((resolve) =>
      lookup('localhost', { all: true }, (failure: Error | null) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(WebhookAddressRefusedError);
    expect(error?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1) is a loopback address/);
  });

  it('refuses a public-looking name that resolves to a private address (DNS rebinding), and never connects', async () => {
    const target = await receiver();
    for (const addresses of [['127.0.0.1'], ['93.184.215.14', '127.0.0.1'], ['::ffff:169.254.169.254']]) {
      const guarded = transport({ allowPrivate: false, resolve: resolvingTo(...addresses) });
      const error = await rejectionOf(
        guarded.post(request(`http://receiver.example.test:${String(target.port)}/hooks`)),
      );
      expect(error).toBeInstanceOf(WebhookAddressRefusedError);
      expect(error.message).toContain('receiver.example.test resolves to');
    }
    expect(target.requests).toHaveLength(0);
  });

  it('connects to the address it checked: a sandbox name resolving to 127.0.0.1 reaches the local receiver', async () => {
    const target = await receiver();
    const sandbox = transport({ allowPrivate: true, resolve: resolvingTo('127.0.0.1') });
    expect(await sandbox.post(request(`http://receiver.example.test:${String(target.port)}/hooks`))).toEqual({
      status: 200,
    });
    expect(target.requests[0]?.headers.host).toBe(`receiver.example.test:${String(target.port)}`);
  });

  it('answers the family asked for, and ENOTFOUND when the name has none', async () => {
    const lookup = guardedLookup({ allowPrivate: true, resolve: resolvingTo('127.0.0.1') });
    const one = await new Promise<unknown[]>((resolve) =>
      lookup('receiver.example.test', { family: 4 }, (...args: unknown[]) => resolve(args)),
    );
    expect(one).toEqual([null, '127.0.0.1', 4]);
    const none = await new Promise<Error | null>((resolve) =>
      lookup('receiver.example.test', { family: 6 }, (failure: Error | null) => resolve(failure)),
    );
    expect((none as NodeJS.ErrnoException | null)?.code).toBe('ENOTFOUND');
  });
});
