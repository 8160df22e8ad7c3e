/**
 * The SSRF guard in the webhook services (issue #23): subscriptions naming loopback, private or
 * link-local destinations are refused with 422 `parameter_invalid` on `url` outside the sandbox,
 * accepted in it; a delivery re-checks the stored URL and records a refusal as a failed attempt.
 */
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import { storedAccount } from '../support/fixtures.js';

const ACCOUNT = 1;

async function setup(sandbox: boolean) {
  const ports = memoryPorts();
  await ports.store.accounts.insert(storedAccount({ id: ACCOUNT, name: 'Test company', country: 'ES' }));
  return { ports, fiscalkit: createFiscalkit(ports, { base_url: 'https://api.example.test', sandbox }) };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error))
      return { code: error.code, status: error.status, param: error.param, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
}

const body = (url: string) => ({ web_hook: { url, events: ['tin_verification.finished'] } });

const REFUSED = [
  'http://127.0.0.1:4000/hooks',
  'http://localhost:4000/hooks',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.7/admin',
  'http://[::1]/',
  'http://[::ffff:192.168.1.1]/',
  'http://100.64.0.1/',
];

describe('web hook subscriptions and the SSRF guard', () => {
  it('refuses loopback, private and link-local URLs outside the sandbox, at POST, PUT and PATCH', async () => {
    const { fiscalkit } = await setup(false);
    const hook = await fiscalkit.webHooks.create(ACCOUNT, body('https://hooks.example.com/x'));
    for (const url of REFUSED) {
      const created = await rejection(fiscalkit.webHooks.create(ACCOUNT, body(url)));
      expect(created).toMatchObject({ code: 'parameter_invalid', status: 422, param: 'url' });
      expect(created.message).toMatch(/^url is refused: .+ allowed in the sandbox alone$/);
      expect(await rejection(fiscalkit.webHooks.update(ACCOUNT, hook.id, body(url), 'create'))).toMatchObject(
        {
          code: 'parameter_invalid',
          param: 'url',
        },
      );
      expect(
        await rejection(fiscalkit.webHooks.update(ACCOUNT, hook.id, { web_hook: { url } })),
      ).toMatchObject({ code: 'parameter_invalid', param: 'url' });
    }
    expect(
      (await rejection(fiscalkit.webHooks.create(ACCOUNT, body('http://169.254.169.254/')))).message,
    ).toContain('169.254.169.254 is a link-local address');
    // Nothing refused was stored, and the good subscription is unchanged.
    const listed = await fiscalkit.webHooks.list(ACCOUNT, { offset: 0, limit: 25 });
    expect(listed.items).toEqual([hook]);
  });

  it('accepts the same URLs in the sandbox', async () => {
    const { fiscalkit } = await setup(true);
    for (const url of REFUSED) expect((await fiscalkit.webHooks.create(ACCOUNT, body(url))).url).toBe(url);
  });

  it('refuses credentials in the URL in the sandbox too', async () => {
    const { fiscalkit } = await setup(true);
    expect(
      await rejection(fiscalkit.webHooks.create(ACCOUNT, body('https://user:pw@hooks.example.com/'))),
    ).toMatchObject({ code: 'parameter_invalid', status: 422, param: 'url' });
  });

  it('re-checks a stored URL before posting: a refused one is a failed attempt, and nothing is posted', async () => {
    // Stored under the sandbox, then served by a fiscalkit that is not one (same ports).
    const { ports, fiscalkit: sandbox } = await setup(true);
    const hook = await sandbox.webHooks.create(ACCOUNT, body('http://127.0.0.1:4000/hooks'));
    const strict = createFiscalkit(ports, { base_url: 'https://api.example.test', sandbox: false });
    await strict.publisher.publish(
      ACCOUNT,
      'tin_verification.finished',
      { id: 1, status: 'success' },
      'tin:1',
    );
    await strict.worker.drain();
    expect(ports.webhooks.requests).toHaveLength(0);
    const [delivery] = (await strict.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
    expect(delivery).toMatchObject({ web_hook_id: hook.id, status: 'pending' });
    expect(delivery?.attempts).toEqual([
      {
        attempted_at: expect.any(String),
        status_code: null,
        error: 'not posted: the URL is refused by the SSRF guard (127.0.0.1 is a loopback address)',
        duration_ms: null,
      },
    ]);
  });

  it('posts to the same stored URL when the serving fiscalkit is a sandbox, and measures the attempt', async () => {
    const { ports, fiscalkit } = await setup(true);
    await fiscalkit.webHooks.create(ACCOUNT, body('http://127.0.0.1:4000/hooks'));
    await fiscalkit.publisher.publish(
      ACCOUNT,
      'tin_verification.finished',
      { id: 1, status: 'success' },
      'tin:1',
    );
    await fiscalkit.worker.drain();
    expect(ports.webhooks.requests).toHaveLength(1);
    const [delivery] = (await fiscalkit.webHooks.deliveries(ACCOUNT, { offset: 0, limit: 25 })).items;
    // The manual clock does not move during the memory post: zero is what it measured.
    expect(delivery?.attempts).toEqual([
      { attempted_at: expect.any(String), status_code: 200, error: null, duration_ms: 0 },
    ]);
  });
});
