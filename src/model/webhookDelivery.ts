import { z } from 'zod';
import { EVENT_CODES } from './event.js';
import { identifier, oneOf } from './fields.js';
import { timestamp } from './timestamp.js';

/**
 * The states of a webhook delivery (spec §6 rule 4: "delivery format, signing and retry of webhooks:
 * not shown"; **fiscalkit decides**):
 *
 * - `pending`: not yet accepted by the receiver; the next attempt is at `next_attempt_at`.
 * - `delivered`: the receiver answered 2xx (api-notes.md §5.1: "200 = received"). Terminal.
 * - `failed`: the retry window (24 hours from the first attempt, `WEBHOOK_RETRY_WINDOW_MS`) ran out,
 *   or the subscription was deleted or disabled before delivery. Terminal. The event itself stays in
 *   GET /accounts/{account}/events: a failed delivery never loses the event.
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** A delivery status. */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One attempt (issue #7: "records each attempt"): when, the receiver's HTTP status (null when no
 * answer came), what went wrong (null for a 2xx), and `duration_ms` (issue #23): how long the POST
 * took, in whole milliseconds, until the answer or the failure; null when nothing was posted (the
 * SSRF guard refused the URL) and in attempts recorded before the field existed, which still parse.
 */
export const WebhookAttemptSchema = z.object({
  attempted_at: timestamp(),
  status_code: z.number().int().min(100).max(599).nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().min(0).nullable().default(null),
});

/** One delivery attempt. */
export type WebhookAttempt = z.output<typeof WebhookAttemptSchema>;

/**
 * The delivery of one event to one subscription (**fiscalkit's** shape): `event_id` and
 * `event_code` of the event, `web_hook_id` of the subscription, the status, every attempt in order,
 * `next_attempt_at` (null once terminal), `created_at`, and `finished_at` (null while pending).
 */
export const WebhookDeliverySchema = z
  .object({
    id: identifier(),
    account_id: identifier(),
    event_id: identifier(),
    event_code: oneOf(EVENT_CODES),
    web_hook_id: identifier(),
    status: oneOf(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.array(WebhookAttemptSchema),
    next_attempt_at: timestamp().nullable(),
    created_at: timestamp(),
    finished_at: timestamp().nullable(),
  })
  .superRefine((delivery, context) => {
    const pending = delivery.status === 'pending';
    if (pending !== (delivery.next_attempt_at !== null))
      context.addIssue({
        code: 'custom',
        path: ['next_attempt_at'],
        message: pending ? 'is required while pending' : 'must be null once the delivery has ended',
      });
    if (pending === (delivery.finished_at !== null))
      context.addIssue({
        code: 'custom',
        path: ['finished_at'],
        message: pending ? 'must be null while pending' : 'is required once the delivery has ended',
      });
    if (delivery.status === 'delivered' && delivery.attempts.at(-1)?.error !== null)
      context.addIssue({
        code: 'custom',
        path: ['attempts'],
        message: 'a delivered delivery ends with a successful attempt',
      });
  });

/** A webhook delivery. */
export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;
