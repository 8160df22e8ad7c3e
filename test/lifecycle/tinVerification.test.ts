/**
 * The TIN verification state machine (spec §3.1): pending → success | failed, both terminal, each
 * firing `tin_verification.finished` with only `{id, status}` (spec §6).
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type TinVerificationEvent, transitionTinVerification } from '../../src/lifecycle/tinVerification.js';
import { TinVerificationFinishedDataSchema } from '../../src/model/event.js';
import {
  type StoredTinVerification,
  type TinOutcome,
  TinVerificationRecordSchema,
  tinOutcome,
} from '../../src/model/tinVerification.js';
import { deepFreeze } from './deepFreeze.js';

const AT = '2026-04-20T10:40:00.000Z';

function pending(pairs = 2): StoredTinVerification {
  return deepFreeze({
    id: 42,
    account_id: 9,
    status: 'pending',
    results: [],
    pairs: Array.from({ length: pairs }, (_, index) => ({
      tin: `B1234567${String(index)}`,
      name: `ACME ${String(index)}`,
    })),
    created_at: '2026-04-20T10:15:00.000Z',
    finished_at: null,
    failure: null,
  });
}

function outcomes(state: StoredTinVerification): TinOutcome[] {
  return state.pairs.map((pair) => tinOutcome(pair, { name: pair.name, result: 'IDENTIFICADO' }));
}

describe('transitionTinVerification (spec §3.1)', () => {
  it('pending + completed → success with the results, emits {id, status: success}', () => {
    const state = pending();
    const results = outcomes(state);
    const result = transitionTinVerification(state, { type: 'completed', results, at: AT });
    expect(result).toEqual({
      accepted: true,
      state: { ...state, status: 'success', results, finished_at: AT, failure: null },
      effects: [{ type: 'emit', code: 'tin_verification.finished', data: { id: 42, status: 'success' } }],
    });
    expect(result.state.results).not.toBe(results);
    expect(TinVerificationRecordSchema.safeParse(result.state).success).toBe(true);
  });

  it('pending + failed → failed, no results, the reason kept, emits {id, status: failed}', () => {
    const result = transitionTinVerification(pending(), {
      type: 'failed',
      reason: 'census unavailable',
      at: AT,
    });
    expect(result).toEqual({
      accepted: true,
      state: { ...pending(), status: 'failed', results: [], finished_at: AT, failure: 'census unavailable' },
      effects: [{ type: 'emit', code: 'tin_verification.finished', data: { id: 42, status: 'failed' } }],
    });
  });

  it('completed needs exactly one result per pair', () => {
    const state = pending(2);
    const results = outcomes(state);
    for (const wrong of [[], results.slice(0, 1), [...results, ...results]]) {
      const result = transitionTinVerification(state, { type: 'completed', results: wrong, at: AT });
      expect(result).toMatchObject({ accepted: false, state });
      if (!result.accepted) expect(result.reason).toMatch(/one result per pair/);
    }
  });

  it('refuses an `at` that is not a UTC instant', () => {
    expect(
      transitionTinVerification(pending(), { type: 'failed', reason: 'x', at: '2026-04-20' }).accepted,
    ).toBe(false);
  });

  it('success and failed are terminal: every event is refused, the state returned unchanged', () => {
    const state = pending();
    const success = transitionTinVerification(state, {
      type: 'completed',
      results: outcomes(state),
      at: AT,
    }).state;
    const failed = transitionTinVerification(state, { type: 'failed', reason: 'x', at: AT }).state;
    for (const terminal of [deepFreeze(success), deepFreeze(failed)])
      for (const event of [
        { type: 'completed', results: outcomes(state), at: AT },
        { type: 'failed', reason: 'again', at: AT },
      ] as TinVerificationEvent[]) {
        const result = transitionTinVerification(terminal, event);
        expect(result).toEqual({
          accepted: false,
          state: terminal,
          reason: 'success and failed are terminal (spec §3.1)',
        });
        expect(result.state).toBe(terminal);
      }
  });

  test.prop([
    fc.integer({ min: 0, max: 3 }),
    fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('completed' as const), count: fc.integer({ min: 0, max: 4 }) }),
        fc.record({ type: fc.constant('failed' as const), reason: fc.string() }),
      ),
      { maxLength: 8 },
    ),
  ])('terminal never changes and exactly one emit once terminal', (pairs, steps) => {
    let state = pending(pairs);
    const all = outcomes(pending(4));
    let emits = 0;
    for (const step of steps) {
      const event: TinVerificationEvent =
        step.type === 'completed'
          ? { type: 'completed', results: all.slice(0, step.count), at: AT }
          : { type: 'failed', reason: step.reason, at: AT };
      const before = state;
      const result = transitionTinVerification(before, event);
      if (before.status !== 'pending') expect(result).toMatchObject({ accepted: false, state: before });
      if (result.accepted) {
        expect(result.effects).toHaveLength(1);
        for (const effect of result.effects) {
          expect(effect.data).toEqual({ id: before.id, status: result.state.status });
          expect(TinVerificationFinishedDataSchema.safeParse(effect.data).success).toBe(true);
        }
        emits += result.effects.length;
      } else expect(result.state).toBe(before);
      expect(TinVerificationRecordSchema.safeParse(result.state).success).toBe(true);
      state = deepFreeze(result.state);
    }
    expect(emits).toBe(state.status === 'pending' ? 0 : 1);
  });
});
