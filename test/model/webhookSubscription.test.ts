import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  applyWebhookSubscriptionUpdate,
  createWebhookSubscription,
  isWebhookSecret,
  parseWebhookSubscription,
  WebhookSubscriptionSchema,
  webhookSecret,
} from '../../src/model/webhookSubscription.js';

const HOOK_URL = 'https://example.com/hooks';
const SECRET = webhookSecret(new Uint8Array(32).fill(0xab));

function issuesOf(input: unknown, operation: 'create' | 'update' = 'create') {
  const result = parseWebhookSubscription(input, operation);
  if (result.success) throw new Error('expected the body to be refused');
  return result.issues.map(({ code, param }) => ({ code, param }));
}

describe('parseWebhookSubscription (spec §2.12, §6 rule 1)', () => {
  it('§2.12: accepts {url, events} and defaults nothing at parse time', () => {
    expect(
      parseWebhookSubscription({ url: HOOK_URL, events: ['tin_verification.finished'] }, 'create'),
    ).toEqual({
      success: true,
      data: { url: HOOK_URL, events: ['tin_verification.finished'] },
    });
  });

  it('§2.12: every documented event code is accepted (api-notes §5.2)', () => {
    const events = [
      'sii_batch.finished',
      'tin_verification.finished',
      'issued_invoice.state_change',
      'tax_report.state_change',
    ];
    const result = parseWebhookSubscription({ url: HOOK_URL, events }, 'create');
    expect(result.success && result.data.events).toEqual(events);
  });

  it('§2.12: a missing, null or empty url → parameter_blank at url', () => {
    expect(issuesOf({ events: ['sii_batch.finished'] })).toEqual([{ code: 'parameter_blank', param: 'url' }]);
    expect(issuesOf({ url: null, events: ['sii_batch.finished'] })).toEqual([
      { code: 'parameter_blank', param: 'url' },
    ]);
    expect(issuesOf({ url: '', events: ['sii_batch.finished'] })).toEqual([
      { code: 'parameter_blank', param: 'url' },
    ]);
  });

  it('§2.12: a url that is not an absolute http(s) HOOK_URL → parameter_invalid at url', () => {
    for (const url of ['ftp://example.com/hooks', 'example.com/hooks', 'https://', 'https://exa mple.com']) {
      expect(issuesOf({ url, events: ['sii_batch.finished'] })).toEqual([
        { code: 'parameter_invalid', param: 'url' },
      ]);
    }
  });

  it('§7.2: a url of the wrong JSON type → invalid_request_params at url', () => {
    expect(issuesOf({ url: 42, events: ['sii_batch.finished'] })).toEqual([
      { code: 'invalid_request_params', param: 'url' },
    ]);
  });

  it('§2.12: missing events → parameter_blank; an empty list → parameter_empty at events', () => {
    expect(issuesOf({ url: HOOK_URL })).toEqual([{ code: 'parameter_blank', param: 'events' }]);
    expect(issuesOf({ url: HOOK_URL, events: [] })).toEqual([{ code: 'parameter_empty', param: 'events' }]);
  });

  it('§6: an unknown event code → parameter_inclusion at events[i]', () => {
    expect(issuesOf({ url: HOOK_URL, events: ['sii_batch.finished', 'tax_report.state_changed'] })).toEqual([
      { code: 'parameter_inclusion', param: 'events[1]' },
    ]);
    expect(issuesOf({ url: HOOK_URL, events: ['TIN_VERIFICATION.FINISHED'] })).toEqual([
      { code: 'parameter_inclusion', param: 'events[0]' },
    ]);
  });

  it('§7.2: events of the wrong JSON type → invalid_request_params (the list, or one element)', () => {
    expect(issuesOf({ url: HOOK_URL, events: 'sii_batch.finished' })).toEqual([
      { code: 'invalid_request_params', param: 'events' },
    ]);
    expect(issuesOf({ url: HOOK_URL, events: ['sii_batch.finished', 8] })).toEqual([
      { code: 'invalid_request_params', param: 'events[1]' },
    ]);
  });

  it('a repeated event code is kept once, in the order first sent', () => {
    const result = parseWebhookSubscription(
      { url: HOOK_URL, events: ['tax_report.state_change', 'sii_batch.finished', 'tax_report.state_change'] },
      'create',
    );
    expect(result.success && result.data.events).toEqual(['tax_report.state_change', 'sii_batch.finished']);
  });

  it('update: any subset is accepted, but events when sent must still be non-empty', () => {
    expect(parseWebhookSubscription({ enabled: false }, 'update')).toEqual({
      success: true,
      data: { enabled: false },
    });
    expect(issuesOf({ events: [] }, 'update')).toEqual([{ code: 'parameter_empty', param: 'events' }]);
    expect(issuesOf({ url: '' }, 'update')).toEqual([{ code: 'parameter_blank', param: 'url' }]);
  });

  it('drops fields the client may not set (id, secret, account_id)', () => {
    const result = parseWebhookSubscription(
      { url: HOOK_URL, events: ['sii_batch.finished'], secret: 'mine', id: 3 },
      'create',
    );
    expect(result).toEqual({ success: true, data: { url: HOOK_URL, events: ['sii_batch.finished'] } });
  });
});

describe('signing secret (api-notes §5.3, §5.4)', () => {
  it('is whsec_ + 64 lower-case hex digits of the 32 given bytes', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i * 8);
    expect(webhookSecret(bytes)).toBe(
      `whsec_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`,
    );
    expect(webhookSecret(new Uint8Array(32))).toBe(`whsec_${'0'.repeat(64)}`);
  });

  it('throws on another number of bytes', () => {
    expect(() => webhookSecret(new Uint8Array(16))).toThrow(TypeError);
    expect(() => webhookSecret(new Uint8Array(33))).toThrow(TypeError);
  });

  test.prop([fc.uint8Array({ minLength: 32, maxLength: 32 })])(
    'every secret it writes has the secret form',
    (bytes) => {
      const secret = webhookSecret(bytes);
      expect(isWebhookSecret(secret)).toBe(true);
      expect(secret).toHaveLength(6 + 64);
    },
  );

  it('isWebhookSecret refuses other forms', () => {
    expect(isWebhookSecret('secret')).toBe(false);
    expect(isWebhookSecret(`whsec_${'A'.repeat(64)}`)).toBe(false);
    expect(isWebhookSecret(`whsec_${'0'.repeat(63)}`)).toBe(false);
  });
});

describe('the stored subscription', () => {
  const generated = { id: 1, account_id: 9, secret: SECRET, created_at: '2026-04-20T10:15:00Z' };

  it('createWebhookSubscription: enabled defaults to true; id, owner, secret and time are the caller’s', () => {
    const subscription = createWebhookSubscription(
      { url: HOOK_URL, events: ['tin_verification.finished'] },
      generated,
    );
    expect(subscription).toEqual({
      id: 1,
      account_id: 9,
      url: HOOK_URL,
      events: ['tin_verification.finished'],
      secret: SECRET,
      enabled: true,
      created_at: '2026-04-20T10:15:00Z',
    });
    expect(WebhookSubscriptionSchema.safeParse(subscription).success).toBe(true);
    expect(
      createWebhookSubscription({ url: HOOK_URL, events: ['sii_batch.finished'], enabled: false }, generated)
        .enabled,
    ).toBe(false);
  });

  it('createWebhookSubscription throws on a secret not made by webhookSecret', () => {
    expect(() =>
      createWebhookSubscription(
        { url: HOOK_URL, events: ['sii_batch.finished'] },
        { ...generated, secret: 'x' },
      ),
    ).toThrow(TypeError);
  });

  it('the schema refuses a created_at that is not a UTC instant', () => {
    const subscription = createWebhookSubscription(
      { url: HOOK_URL, events: ['sii_batch.finished'] },
      generated,
    );
    expect(WebhookSubscriptionSchema.safeParse({ ...subscription, created_at: '2026-04-20' }).success).toBe(
      false,
    );
    expect(
      WebhookSubscriptionSchema.safeParse({ ...subscription, created_at: '2026-02-30T00:00:00Z' }).success,
    ).toBe(false);
  });

  it('applyWebhookSubscriptionUpdate replaces the fields sent and keeps the rest', () => {
    const stored = createWebhookSubscription({ url: HOOK_URL, events: ['sii_batch.finished'] }, generated);
    expect(applyWebhookSubscriptionUpdate(stored, { enabled: false })).toEqual({ ...stored, enabled: false });
    expect(
      applyWebhookSubscriptionUpdate(stored, { events: ['tax_report.state_change'], enabled: null }),
    ).toEqual({
      ...stored,
      events: ['tax_report.state_change'],
    });
    expect(applyWebhookSubscriptionUpdate(stored, { url: 'http://hooks.example.org/x' }).url).toBe(
      'http://hooks.example.org/x',
    );
  });
});
