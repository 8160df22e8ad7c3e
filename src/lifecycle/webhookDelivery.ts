import { nextWebhookAttempt } from '../events/retrySchedule.js';
import type { EventCode } from '../model/event.js';
import { instantFromMillis, millisFromInstant } from '../model/instant.js';
import type { WebhookAttempt, WebhookDelivery } from '../model/webhookDelivery.js';
import type { Transition } from './transition.js';

/**
 * What can happen to a webhook delivery (`WEBHOOK_DELIVERY_STATUSES`; fiscalkit's lifecycle, spec §6
 * rule 4 shows none):
 *
 * - `attempted`: one POST ended at `at` (ms since the epoch, from the `Clock` port) with the
 *   receiver's `status_code`, or null when no answer came, and `error` saying what went wrong (null
 *   for a 2xx); `duration_ms`, how long it took (null or absent when unknown or nothing was posted);
 * - `abandoned`: the delivery is given up without an attempt (the subscription was deleted or
 *   disabled, the event is gone). `reason` is for the caller's logs: the delivery has no field for it.
 */
export type WebhookDeliveryEvent =
  | {
      type: 'attempted';
      at: number;
      status_code: number | null;
      error: string | null;
      duration_ms?: number | null;
    }
  | { type: 'abandoned'; at: number; reason: string };

/** An effect asking the service to attempt the delivery again at `at` (ms since the epoch). */
export type ScheduleEffect = { type: 'schedule'; at: number };

type DeliveryTransition = Transition<WebhookDelivery, ScheduleEffect>;

function refuse(state: WebhookDelivery, reason: string): DeliveryTransition {
  return { accepted: false, state, reason };
}

/** The last instant `instantFromMillis` can write (9999-12-31T23:59:59.999Z). */
const LAST_INSTANT_MS = 253_402_300_799_999;

function isInstantMillis(at: number): boolean {
  return Number.isSafeInteger(at) && at >= 0 && at <= LAST_INSTANT_MS;
}

function isHttpStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 100 && status <= 599;
}

/**
 * The attempt as recorded (issue #7: "records each attempt"). A 2xx is a success and records no
 * error (api-notes.md §5.1: "200 = received"; any 2xx, as receivers answer 202 or 204 as well). Any
 * other answer is a failure that always says why: the caller's error, or `HTTP {status}`. A status
 * outside 100–599 cannot be an HTTP answer (a broken transport): it is recorded as no answer, with
 * that in the error, rather than refused, so the attempt and its retry are not lost.
 */
function attemptOf(
  at: number,
  status_code: number | null,
  error: string | null,
  duration: number | null | undefined,
): WebhookAttempt {
  const attempted_at = instantFromMillis(at);
  // A duration that is not whole non-negative milliseconds (a broken caller) is unknown, not a lie.
  const duration_ms =
    duration !== null && duration !== undefined && Number.isSafeInteger(duration) && duration >= 0
      ? duration
      : null;
  if (status_code !== null && !isHttpStatus(status_code))
    return {
      attempted_at,
      status_code: null,
      error: `${error ?? 'no HTTP answer'} (the transport reported status ${String(status_code)})`,
      duration_ms,
    };
  if (status_code !== null && status_code >= 200 && status_code <= 299)
    return { attempted_at, status_code, error: null, duration_ms };
  return {
    attempted_at,
    status_code,
    error: error ?? (status_code === null ? 'no answer' : `HTTP ${String(status_code)}`),
    duration_ms,
  };
}

/**
 * The webhook delivery state machine: `pending` → `delivered` | `failed`, both terminal.
 *
 * - `pending` + `attempted`: the attempt is appended. A 2xx → `delivered`. Anything else schedules
 *   the next attempt by the retry schedule (`nextWebhookAttempt`: 30 s doubling to 1 h, for 24 h from
 *   the first attempt), counting every failed attempt so far including this one: the delivery stays
 *   `pending` with `next_attempt_at` and the effect `{type: 'schedule', at}`; past the window it is
 *   `failed`, and nothing is scheduled.
 * - `pending` + `abandoned` → `failed`, no attempt recorded.
 * - `delivered` and `failed` refuse every event; so does an `at` that is not an instant in ms.
 *
 * Ending sets `finished_at` and clears `next_attempt_at` (`WebhookDeliverySchema`). The input is
 * never mutated.
 *
 * @example
 * ```ts
 * const t = transitionWebhookDelivery(delivery, { type: 'attempted', at: 1776681600000, status_code: 503, error: null });
 * t.accepted && t.effects; // [{ type: 'schedule', at: 1776681630000 }] (first failure: 30 s)
 * t.state.attempts.at(-1); // { attempted_at: '2026-04-20T10:40:00.000Z', status_code: 503, error: 'HTTP 503', duration_ms: null }
 * ```
 */
export function transitionWebhookDelivery(
  state: WebhookDelivery,
  event: WebhookDeliveryEvent,
): DeliveryTransition {
  if (state.status !== 'pending') return refuse(state, `the delivery is ${state.status}, which is terminal`);
  if (!isInstantMillis(event.at))
    return refuse(state, `at must be milliseconds since the epoch, got ${String(event.at)}`);
  const finished_at = instantFromMillis(event.at);
  if (event.type === 'abandoned')
    return {
      accepted: true,
      state: { ...state, status: 'failed', next_attempt_at: null, finished_at },
      effects: [],
    };

  const attempt = attemptOf(event.at, event.status_code, event.error, event.duration_ms);
  const attempts = [...state.attempts, attempt];
  if (attempt.error === null)
    return {
      accepted: true,
      state: { ...state, status: 'delivered', attempts, next_attempt_at: null, finished_at },
      effects: [],
    };
  const first = attempts[0] ?? attempt;
  const failedAttempts = attempts.filter((recorded) => recorded.error !== null).length;
  const next = nextWebhookAttempt(millisFromInstant(first.attempted_at), failedAttempts, event.at);
  if (next === null || next > LAST_INSTANT_MS)
    return {
      accepted: true,
      state: { ...state, status: 'failed', attempts, next_attempt_at: null, finished_at },
      effects: [],
    };
  return {
    accepted: true,
    state: { ...state, attempts, next_attempt_at: instantFromMillis(next) },
    effects: [{ type: 'schedule', at: next }],
  };
}

/** What a new delivery needs: ids from the caller, and `created_at` in ms from its clock. */
export interface NewWebhookDelivery {
  id: number;
  account_id: number;
  event_id: number;
  event_code: EventCode;
  web_hook_id: number;
  /** Now, in ms since the epoch (the `Clock` port). */
  created_at: number;
}

/**
 * A new delivery of one event to one subscription: `pending`, no attempts, first attempt due at once
 * (`next_attempt_at` = `created_at`). A `created_at` that is not an instant in ms is a programmer
 * error and throws a `RangeError` (`instantFromMillis`).
 *
 * @example
 * ```ts
 * newWebhookDelivery({ id: 1, account_id: 9, event_id: 5, event_code: 'tin_verification.finished', web_hook_id: 3, created_at: 1776681600000 });
 * // { …, status: 'pending', attempts: [], next_attempt_at: '2026-04-20T10:40:00.000Z',
 * //   created_at: '2026-04-20T10:40:00.000Z', finished_at: null }
 * ```
 */
export function newWebhookDelivery(fields: NewWebhookDelivery): WebhookDelivery {
  const created_at = instantFromMillis(fields.created_at);
  return {
    id: fields.id,
    account_id: fields.account_id,
    event_id: fields.event_id,
    event_code: fields.event_code,
    web_hook_id: fields.web_hook_id,
    status: 'pending',
    attempts: [],
    next_attempt_at: created_at,
    created_at,
    finished_at: null,
  };
}
