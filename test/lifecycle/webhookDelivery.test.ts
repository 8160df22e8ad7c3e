/**
 * The webhook delivery state machine (fiscalkit's; spec §6 rule 4 shows none): pending → delivered |
 * failed, each attempt recorded, retries by the schedule of `retrySchedule.ts` for 24 h.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_WINDOW_MS } from '../../src/events/retrySchedule.js';
import {
  newWebhookDelivery,
  transitionWebhookDelivery,
  type WebhookDeliveryEvent,
} from '../../src/lifecycle/webhookDelivery.js';
import { millisFromInstant } from '../../src/model/instant.js';
import { type WebhookDelivery, WebhookDeliverySchema } from '../../src/model/webhookDelivery.js';
import { deepFreeze } from './deepFreeze.js';

const T0 = 1_776_681_600_000; // 2026-04-20T10:40:00.000Z
const HOUR = 3_600_000;

function fresh(): WebhookDelivery {
  return deepFreeze(
    newWebhookDelivery({
      id: 1,
      account_id: 9,
      event_id: 5,
      event_code: 'tin_verification.finished',
      web_hook_id: 3,
      created_at: T0,
    }),
  );
}

function apply(state: WebhookDelivery, ...events: WebhookDeliveryEvent[]): WebhookDelivery {
  let current = state;
  for (const event of events) {
    const result = transitionWebhookDelivery(current, event);
    if (!result.accepted) throw new Error(`refused ${event.type}: ${result.reason}`);
    current = deepFreeze(result.state);
  }
  return current;
}

const down = (at: number): WebhookDeliveryEvent => ({ type: 'attempted', at, status_code: 503, error: null });

describe('newWebhookDelivery', () => {
  it('pending, no attempts, first attempt due at creation', () => {
    expect(fresh()).toEqual({
      id: 1,
      account_id: 9,
      event_id: 5,
      event_code: 'tin_verification.finished',
      web_hook_id: 3,
      status: 'pending',
      attempts: [],
      next_attempt_at: '2026-04-20T10:40:00.000Z',
      created_at: '2026-04-20T10:40:00.000Z',
      finished_at: null,
    });
    expect(WebhookDeliverySchema.safeParse(fresh()).success).toBe(true);
  });

  it('refuses a created_at that is not an instant in ms', () => {
    expect(() =>
      newWebhookDelivery({ ...fresh(), event_code: 'tin_verification.finished', created_at: -1 }),
    ).toThrow(RangeError);
  });
});

describe('attempted', () => {
  it('a 2xx delivers: attempt recorded without error, no next attempt, no effect', () => {
    for (const status_code of [200, 202, 204, 299]) {
      const result = transitionWebhookDelivery(fresh(), {
        type: 'attempted',
        at: T0 + 50,
        status_code,
        error: null,
        duration_ms: 48,
      });
      expect(result).toEqual({
        accepted: true,
        state: {
          ...fresh(),
          status: 'delivered',
          attempts: [{ attempted_at: '2026-04-20T10:40:00.050Z', status_code, error: null, duration_ms: 48 }],
          next_attempt_at: null,
          finished_at: '2026-04-20T10:40:00.050Z',
        },
        effects: [],
      });
      expect(WebhookDeliverySchema.safeParse(result.state).success).toBe(true);
    }
  });

  it('a non-2xx schedules a retry 30 s later, error synthesized as HTTP {status}', () => {
    const result = transitionWebhookDelivery(fresh(), down(T0));
    expect(result).toEqual({
      accepted: true,
      state: {
        ...fresh(),
        attempts: [
          {
            attempted_at: '2026-04-20T10:40:00.000Z',
            status_code: 503,
            error: 'HTTP 503',
            duration_ms: null,
          },
        ],
        next_attempt_at: '2026-04-20T10:40:30.000Z',
      },
      effects: [{ type: 'schedule', at: T0 + 30_000 }],
    });
  });

  it('no answer (status null) keeps the transport error; 3xx/4xx are failures too', () => {
    const refused = transitionWebhookDelivery(fresh(), {
      type: 'attempted',
      at: T0,
      status_code: null,
      error: 'connect ECONNREFUSED',
    });
    expect(refused.state.attempts).toEqual([
      {
        attempted_at: '2026-04-20T10:40:00.000Z',
        status_code: null,
        error: 'connect ECONNREFUSED',
        duration_ms: null,
      },
    ]);
    const silent = transitionWebhookDelivery(fresh(), {
      type: 'attempted',
      at: T0,
      status_code: null,
      error: null,
    });
    expect(silent.state.attempts[0]?.error).toBe('no answer');
    for (const status_code of [301, 404, 410])
      expect(
        transitionWebhookDelivery(fresh(), { type: 'attempted', at: T0, status_code, error: null }).state
          .status,
      ).toBe('pending');
  });

  it('a status that is no HTTP status is recorded as no answer, not lost', () => {
    const result = transitionWebhookDelivery(fresh(), {
      type: 'attempted',
      at: T0,
      status_code: 0,
      error: null,
    });
    expect(result.accepted).toBe(true);
    expect(result.state.attempts[0]).toEqual({
      attempted_at: '2026-04-20T10:40:00.000Z',
      status_code: null,
      error: 'no HTTP answer (the transport reported status 0)',
      duration_ms: null,
    });
    expect(WebhookDeliverySchema.safeParse(result.state).success).toBe(true);
  });

  it('records duration_ms as given, and as null when absent or not whole non-negative ms (issue #23)', () => {
    const attempt = (duration_ms: number | null | undefined) =>
      transitionWebhookDelivery(fresh(), {
        type: 'attempted',
        at: T0,
        status_code: 200,
        error: null,
        ...(duration_ms === undefined ? {} : { duration_ms }),
      }).state.attempts[0]?.duration_ms;
    expect(attempt(0)).toBe(0);
    expect(attempt(1234)).toBe(1234);
    expect(attempt(undefined)).toBeNull();
    expect(attempt(null)).toBeNull();
    expect(attempt(-1)).toBeNull();
    expect(attempt(1.5)).toBeNull();
  });

  it('an attempt stored before duration_ms existed still parses, as duration_ms null', () => {
    const parsed = WebhookDeliverySchema.parse({
      ...fresh(),
      status: 'delivered',
      attempts: [{ attempted_at: '2026-04-20T10:40:00.000Z', status_code: 200, error: null }],
      next_attempt_at: null,
      finished_at: '2026-04-20T10:40:00.000Z',
    });
    expect(parsed.attempts[0]?.duration_ms).toBeNull();
  });

  it('the delays double with every failure: 30 s, 1 min, 2 min', () => {
    const first = apply(fresh(), down(T0));
    const second = transitionWebhookDelivery(first, down(T0 + 30_000));
    expect(second.accepted && second.effects).toEqual([{ type: 'schedule', at: T0 + 90_000 }]);
    const third = transitionWebhookDelivery(deepFreeze(second.state), down(T0 + 90_000));
    expect(third.accepted && third.effects).toEqual([{ type: 'schedule', at: T0 + 210_000 }]);
    expect(third.state.attempts).toHaveLength(3);
  });

  it('a receiver down for 24 h: 30 attempts, then failed with nothing scheduled', () => {
    let state = fresh();
    let at = T0;
    for (;;) {
      const result = transitionWebhookDelivery(state, down(at));
      expect(result.accepted).toBe(true);
      state = deepFreeze(result.state);
      const schedule = result.accepted ? result.effects[0] : undefined;
      if (schedule === undefined) break;
      expect(millisFromInstant(state.next_attempt_at ?? '')).toBe(schedule.at);
      at = schedule.at;
    }
    expect(state.status).toBe('failed');
    expect(state.attempts).toHaveLength(30);
    expect(state.next_attempt_at).toBeNull();
    expect(state.finished_at).toBe(state.attempts.at(-1)?.attempted_at);
    expect(millisFromInstant(state.attempts.at(-1)?.attempted_at ?? '') - T0).toBeLessThanOrEqual(
      WEBHOOK_RETRY_WINDOW_MS,
    );
    expect(WebhookDeliverySchema.safeParse(state).success).toBe(true);
  });

  it('the window counts from the first attempt: a late failure gives up at once', () => {
    const first = apply(fresh(), down(T0));
    const result = transitionWebhookDelivery(first, down(T0 + 24 * HOUR));
    expect(result).toMatchObject({
      accepted: true,
      state: { status: 'failed', next_attempt_at: null },
      effects: [],
    });
    expect(result.state.attempts).toHaveLength(2);
  });

  it('a success after failures delivers', () => {
    const state = apply(fresh(), down(T0), down(T0 + 30_000), {
      type: 'attempted',
      at: T0 + 90_000,
      status_code: 200,
      error: null,
    });
    expect(state).toMatchObject({ status: 'delivered', next_attempt_at: null });
    expect(state.attempts.map((attempt) => attempt.status_code)).toEqual([503, 503, 200]);
  });

  it('refuses an `at` that is not an instant in ms', () => {
    for (const at of [-1, 1.5, Number.NaN, 253_402_300_800_000])
      expect(transitionWebhookDelivery(fresh(), down(at))).toMatchObject({ accepted: false, state: fresh() });
  });
});

describe('abandoned', () => {
  it('pending → failed without an attempt', () => {
    const state = apply(fresh(), down(T0));
    const result = transitionWebhookDelivery(state, {
      type: 'abandoned',
      at: T0 + 1000,
      reason: 'subscription deleted',
    });
    expect(result).toEqual({
      accepted: true,
      state: { ...state, status: 'failed', next_attempt_at: null, finished_at: '2026-04-20T10:40:01.000Z' },
      effects: [],
    });
    expect(WebhookDeliverySchema.safeParse(result.state).success).toBe(true);
  });
});

describe('terminal states', () => {
  it('delivered and failed refuse every event', () => {
    const delivered = apply(fresh(), { type: 'attempted', at: T0, status_code: 200, error: null });
    const failed = apply(fresh(), { type: 'abandoned', at: T0, reason: 'disabled' });
    for (const state of [delivered, failed])
      for (const event of [
        down(T0 + 1),
        { type: 'abandoned', at: T0 + 1, reason: 'x' },
      ] as WebhookDeliveryEvent[]) {
        const result = transitionWebhookDelivery(state, event);
        expect(result.accepted).toBe(false);
        expect(result.state).toBe(state);
      }
  });
});

describe('properties', () => {
  const event: fc.Arbitrary<{ delay: number; event: 'attempt' | 'abandon'; status: number | null }> =
    fc.record({
      delay: fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 6 * HOUR })),
      event: fc.oneof(
        { weight: 9, arbitrary: fc.constant('attempt' as const) },
        { weight: 1, arbitrary: fc.constant('abandon' as const) },
      ),
      status: fc.oneof(
        fc.constant(null),
        fc.constantFrom(200, 201, 204, 301, 400, 404, 500, 503),
        fc.integer({ min: -5, max: 700 }),
      ),
    });

  test.prop([fc.array(event, { maxLength: 40 })])(
    'the state always satisfies the schema, attempts only grow, delivered and failed never change',
    (steps) => {
      let state = fresh();
      let at = T0;
      for (const step of steps) {
        at += step.delay;
        const before = state;
        const result = transitionWebhookDelivery(
          before,
          step.event === 'abandon'
            ? { type: 'abandoned', at, reason: 'gone' }
            : { type: 'attempted', at, status_code: step.status, error: null },
        );
        expect(WebhookDeliverySchema.safeParse(result.state).success).toBe(true);
        expect(result.state.attempts.slice(0, before.attempts.length)).toEqual(before.attempts);
        expect(result.state.attempts.length - before.attempts.length).toBeLessThanOrEqual(1);
        if (before.status !== 'pending') {
          expect(result.accepted).toBe(false);
          expect(result.state).toBe(before);
        }
        if (result.accepted) {
          const pending = result.state.status === 'pending';
          expect(result.effects).toHaveLength(pending ? 1 : 0);
          for (const effect of result.effects) {
            expect(effect.at).toBe(millisFromInstant(result.state.next_attempt_at ?? ''));
            const first = millisFromInstant(result.state.attempts[0]?.attempted_at ?? '');
            expect(effect.at).toBeLessThanOrEqual(first + WEBHOOK_RETRY_WINDOW_MS);
            expect(effect.at).toBeGreaterThan(at);
          }
        }
        state = deepFreeze(result.state);
      }
    },
  );
});
