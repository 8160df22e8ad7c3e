/**
 * Issue #23: no runnable entry point delivers webhooks with the in-memory transport, whose log says
 * `delivered`, 200 for URLs nobody answered. Checked three ways: the sources of the entry points do
 * not name it; the ports `portsFromEnv` builds post for real (a closed port is ECONNREFUSED, a
 * loopback URL outside the sandbox is refused by the SSRF guard); and `npm start` itself delivers a
 * signed `sii_batch.finished` to a real receiver and logs the attempt as it happened.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryKeyStore } from '../../src/adapters/memory/index.js';
import type { WebhookTransport } from '../../src/ports.js';
import { signedBy, startReceiver, type WebhookReceiver } from '../adapters/http/receiver.js';
import { type NpmStart, startNpmStart } from '../support/npmStart.js';
import { PROJECT_ROOT } from '../support/shared.js';
import { expedidaF1 } from '../support/siiReports.js';

function sources(directory: string): string[] {
  return readdirSync(join(PROJECT_ROOT, directory)).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(join(PROJECT_ROOT, path)).isDirectory()) return sources(path);
    return /\.(?:ts|mts|cts|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** The memory transport, recognised by its controls (a real transport has none of them). */
function isMemoryTransport(transport: WebhookTransport): boolean {
  const controls = transport as unknown as Record<string, unknown>;
  return ['requests', 'respond', 'down', 'receivedBy'].some((control) => control in controls);
}

const request = (url: string) => ({ url, headers: {}, body: '{}', timeout_ms: 10_000 });

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'answered';
}

describe('no runnable entry point uses the in-memory webhook transport', () => {
  it('examples/http, src/entries and src/adapters/postgres do not name memoryWebhookTransport', () => {
    const files = [
      ...sources('examples/http'),
      ...sources('src/entries'),
      ...sources('src/adapters/postgres'),
    ];
    expect(files.length).toBeGreaterThan(10);
    const naming = files.filter((file) =>
      readFileSync(join(PROJECT_ROOT, file), 'utf8').includes('memoryWebhookTransport'),
    );
    expect(naming).toEqual([]);
  });

  it('portsFromEnv (memory, as npm start without DATABASE_URL) posts over real HTTP, guarded outside the sandbox', async () => {
    const { portsFromEnv } = await import('../../examples/http/portsFromEnv.js');
    const closed = await startReceiver();
    await closed.close();
    const sandbox = await portsFromEnv({ FISCALKIT_ENV: 'sandbox' }, memoryKeyStore());
    const production = await portsFromEnv({ FISCALKIT_ENV: 'production' }, memoryKeyStore());
    try {
      expect(sandbox.kind).toBe('memory');
      expect(isMemoryTransport(sandbox.ports.webhooks)).toBe(false);
      expect(isMemoryTransport(production.ports.webhooks)).toBe(false);
      // The memory transport would answer 200 here.
      expect(await failureOf(sandbox.ports.webhooks.post(request(`${closed.origin}/hooks`)))).toMatch(
        /ECONNREFUSED/,
      );
      expect(await failureOf(production.ports.webhooks.post(request(`${closed.origin}/hooks`)))).toMatch(
        /^address refused by the SSRF guard: 127\.0\.0\.1 is a loopback address$/,
      );
    } finally {
      await sandbox.close();
      await production.close();
    }
  });
});

describe('postgresPorts() without a webhooks option', () => {
  it('defaults to the HTTP transport, refusing loopback receivers (no sandbox unless the host says so)', async () => {
    const { postgresPorts } = await import('../../src/adapters/postgres/postgresPorts.js');
    const { default: pg } = await import('pg');
    // Never connected: building the ports does not touch the database.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:9/none' });
    try {
      const ports = postgresPorts({ pool });
      expect(isMemoryTransport(ports.webhooks)).toBe(false);
      expect(await failureOf(ports.webhooks.post(request('http://127.0.0.1:9/hooks')))).toBe(
        'address refused by the SSRF guard: 127.0.0.1 is a loopback address',
      );
    } finally {
      await pool.end();
    }
  });
});

describe('npm start delivers webhooks for real', () => {
  let server: NpmStart;
  let receiver: WebhookReceiver;
  const version = '2026-03-02';

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startNpmStart();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'X-B2B-API-Key': server.key,
        'X-B2B-API-Version': version,
        'Content-Type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? null : JSON.parse(text) };
  }

  it('posts a signed sii_batch.finished to a local receiver (the sandbox allows loopback) and logs it delivered', async () => {
    const account = await call('POST', '/accounts', {
      account: { name: 'Webhook test company', country: 'ES', tin_scheme: '9920', tin_value: 'U2687761C' },
    });
    expect(account.status).toBe(201);
    const accountId = account.json.account.id as number;
    const hook = await call('POST', `/accounts/${String(accountId)}/web_hooks`, {
      web_hook: { url: `${receiver.origin}/hooks`, events: ['sii_batch.finished'] },
    });
    expect(hook.status).toBe(201);
    const batch = await call('POST', `/accounts/${String(accountId)}/tax_report_batches`, {
      tax_reports: [expedidaF1()],
    });
    expect(batch.status).toBe(202);

    // npm start runs its own worker: wait for the delivery to arrive (an event, not a timer).
    await receiver.received(1);
    const [delivered] = receiver.requests;
    expect(
      signedBy(delivered?.headers['x-b2brouter-signature'], delivered?.body ?? '', hook.json.web_hook.secret),
    ).toBe(true);
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({ code: 'sii_batch.finished' });

    // The attempt is recorded just after the answer: poll the log until it is there.
    let deliveries: {
      status: string;
      attempts: { status_code: number; error: null; duration_ms: number }[];
    }[] = [];
    for (let tries = 0; tries < 1200; tries += 1) {
      deliveries = (await call('GET', `/accounts/${String(accountId)}/web_hook_deliveries`)).json
        .web_hook_deliveries;
      if (deliveries[0]?.status !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: [{ status_code: 200, error: null }],
    });
    expect(Number.isSafeInteger(deliveries[0]?.attempts[0]?.duration_ms)).toBe(true);
  });
});
