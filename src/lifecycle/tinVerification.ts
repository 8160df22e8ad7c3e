import { isTimestamp } from '../model/timestamp.js';
import type { StoredTinVerification, TinOutcome } from '../model/tinVerification.js';
import type { EmitEffect, Transition } from './transition.js';

/**
 * What can happen to a TIN verification (spec §3.1): the background check `completed` with one
 * result per pair, or `failed` because it could not complete (es-tin.md §5: after the census retries
 * ran out, or at once when the census rejected the request). `at` is when, from the caller's clock,
 * as `instantFromMillis` writes it; `reason` is kept in `failure` and never shown on the wire.
 */
export type TinVerificationEvent =
  | { type: 'completed'; results: TinOutcome[]; at: string }
  | { type: 'failed'; reason: string; at: string };

/** The effect of finishing a verification: `tin_verification.finished` with `{id, status}` only (spec §6). */
export type TinVerificationEffect = EmitEffect<'tin_verification.finished'>;

const TERMINAL = 'success and failed are terminal (spec §3.1)';

function refuse(
  state: StoredTinVerification,
  reason: string,
): Transition<StoredTinVerification, TinVerificationEffect> {
  return { accepted: false, state, reason };
}

/**
 * The TIN verification state machine (spec §3.1): `pending` → `success` | `failed`, both terminal.
 *
 * - `pending` + `completed` → `success` with the results (exactly one per submitted pair, in the
 *   pairs' order, spec §2.10; any other count is refused), `finished_at` = `at`, `failure` null;
 * - `pending` + `failed` → `failed` with no results, `failure` = `reason`, `finished_at` = `at`;
 * - both emit `tin_verification.finished` with only `{id, status}` (spec §6);
 * - any event on `success` or `failed` is refused: terminal states never change.
 *
 * An `at` that is not a UTC instant (`isTimestamp`) is refused too. The input is never mutated.
 *
 * @example
 * ```ts
 * const { state, effects } = transitionTinVerification(pending, { type: 'failed', reason: 'census down', at: '2026-04-20T10:40:00.000Z' });
 * state.status; // 'failed'
 * effects; // [{ type: 'emit', code: 'tin_verification.finished', data: { id: pending.id, status: 'failed' } }]
 * ```
 */
export function transitionTinVerification(
  state: StoredTinVerification,
  event: TinVerificationEvent,
): Transition<StoredTinVerification, TinVerificationEffect> {
  if (state.status !== 'pending') return refuse(state, TERMINAL);
  if (!isTimestamp(event.at))
    return refuse(state, `at must be a UTC instant, got ${JSON.stringify(event.at)}`);
  if (event.type === 'completed') {
    if (event.results.length !== state.pairs.length)
      return refuse(
        state,
        `a completed verification has one result per pair: ${String(state.pairs.length)} pairs, ${String(event.results.length)} results`,
      );
    return {
      accepted: true,
      state: {
        ...state,
        status: 'success',
        results: [...event.results],
        finished_at: event.at,
        failure: null,
      },
      effects: [
        { type: 'emit', code: 'tin_verification.finished', data: { id: state.id, status: 'success' } },
      ],
    };
  }
  return {
    accepted: true,
    state: { ...state, status: 'failed', results: [], finished_at: event.at, failure: event.reason },
    effects: [{ type: 'emit', code: 'tin_verification.finished', data: { id: state.id, status: 'failed' } }],
  };
}
