import { WEBHOOK_TIMEOUT_MS } from '../events/retrySchedule.js';
import { webhookBody } from '../events/webhookBody.js';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../events/webhookSignature.js';
import { checkWebhookUrl } from '../events/webhookUrl.js';
import { transitionWebhookDelivery, type WebhookDeliveryEvent } from '../lifecycle/webhookDelivery.js';
import { millisFromInstant } from '../model/instant.js';
import type { WebhookDelivery } from '../model/webhookDelivery.js';
import type { Job, Ports, Versioned } from '../ports.js';
import type { ServiceDeps } from './deps.js';
import { WEBHOOK_DELIVERY_JOB } from './events.js';
import { exponentialBackoff, type JobHandler } from './worker.js';

/** The payload of a delivery job. */
interface DeliveryJob {
  account_id: number;
  delivery_id: number;
}

function deliveryJob(job: Job): DeliveryJob {
  const { account_id, delivery_id } = job.payload;
  if (typeof account_id !== 'number' || typeof delivery_id !== 'number')
    throw Object.assign(new TypeError(`job ${String(job.id)}: not a webhook delivery payload`), {
      retryable: false,
    });
  return { account_id, delivery_id };
}

/**
 * Makes sure the job of the delivery's next attempt is queued. One job per attempt (keyed by the
 * attempts made so far), so a job's own retry count stays about the store failing, never about the
 * receiver being down.
 */
async function scheduleNext(ports: Ports, delivery: WebhookDelivery): Promise<void> {
  if (delivery.status !== 'pending' || delivery.next_attempt_at === null) return;
  await ports.jobs.enqueue({
    kind: WEBHOOK_DELIVERY_JOB,
    payload: { account_id: delivery.account_id, delivery_id: delivery.id },
    key: `${WEBHOOK_DELIVERY_JOB}:${String(delivery.id)}:${String(delivery.attempts.length)}`,
    run_at: millisFromInstant(delivery.next_attempt_at),
  });
}

/** Applies one lifecycle event to a stored delivery, stores the result and queues its next attempt. */
async function record(
  ports: Ports,
  stored: Versioned<WebhookDelivery>,
  event: WebhookDeliveryEvent,
): Promise<void> {
  const transition = transitionWebhookDelivery(stored.value, event);
  if (!transition.accepted)
    throw Object.assign(new Error(`webhook delivery ${String(stored.value.id)}: ${transition.reason}`), {
      retryable: false,
    });
  await ports.store.webhookDeliveries.update(transition.state, stored.version);
  await scheduleNext(ports, transition.state);
}

/** Why a transport call failed, for the attempt record. */
function failure(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * The job that delivers one event to one subscription (issue #7 "Events and webhooks"). One run is
 * one attempt:
 *
 * - the delivery is read; a delivery no longer `pending` ends the job (a re-run after a crash);
 * - a subscription deleted or disabled since the event abandons the delivery (`failed`; the event
 *   stays listed in GET /accounts/{account}/events);
 * - otherwise the event is posted as `webhookBody(event)`, signed with the subscription's secret in
 *   `X-B2Brouter-Signature: t={now},s={hex HMAC-SHA256}` (api-notes.md §5.3), with
 *   `Content-Type: application/json`, waiting at most `WEBHOOK_TIMEOUT_MS`;
 * - before posting, the URL is checked again by the SSRF guard (`checkWebhookUrl`, loopback and
 *   private destinations allowed only when `deps.sandbox`): a subscription stored before the guard
 *   existed, or under the sandbox and now served outside it, is not posted to; the refusal is
 *   recorded as a failed attempt (no status, the reason as its error) and retried like any other
 *   failure, so the log says what happened and a corrected subscription is delivered to;
 * - the attempt is recorded (status code, or the transport's error, and `duration_ms`: how long the
 *   POST took by the `Clock` port, null when nothing was posted); a 2xx answer delivers, anything
 *   else schedules the next attempt by the retry schedule (`nextWebhookAttempt`: 30 s doubling to 1 h,
 *   for 24 h) as a job of its own; past the window the delivery `failed`.
 *
 * A crash after the POST and before the record means the receiver may get the same event twice:
 * deliveries are at least once, and receivers de-duplicate on the event's `id`.
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, [webhookDeliveryHandler(ports, { sandbox: false })]);
 * await worker.drain();
 * ```
 */
export function webhookDeliveryHandler(ports: Ports, deps: Pick<ServiceDeps, 'sandbox'> = {}): JobHandler {
  const allowPrivate = deps.sandbox === true;
  return {
    kind: WEBHOOK_DELIVERY_JOB,
    // Failures of the receiver are attempts, not job errors; a job error is the store or the sink
    // failing, retried a few times before the job gives up (and hands over to a fresh job).
    max_attempts: 8,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, { base_ms: 1000, max_ms: 300_000 }),
    // Job errors are the store or the sink failing, not the receiver. The delivery must not be
    // stranded `pending` with no job, so giving up queues a fresh job (its own key) five minutes on;
    // the 24-hour window still ends the delivery once attempts can be recorded again.
    async giveUp(job) {
      const { account_id, delivery_id } = deliveryJob(job);
      // money-safe: an instant in milliseconds.
      const run_at = ports.clock.now() + 300_000;
      await ports.jobs.enqueue({
        kind: WEBHOOK_DELIVERY_JOB,
        payload: { account_id, delivery_id },
        key: `${WEBHOOK_DELIVERY_JOB}:${String(delivery_id)}:after-job-${String(job.id)}`,
        run_at,
      });
    },
    async run(job) {
      const { account_id, delivery_id } = deliveryJob(job);
      const stored = await ports.store.webhookDeliveries.get(account_id, delivery_id);
      if (stored === null || stored.value.status !== 'pending') return;
      const delivery = stored.value;
      const now = ports.clock.now();
      // A job older than the delivery's next attempt repeats one whose follow-up job may not have been
      // queued (a crash between recording an attempt and queuing the next): queue it and stop. Judged
      // by the job's own `run_at`, not by this worker's clock, which may read a little behind the
      // queue's and must not make a due attempt look early.
      if (delivery.next_attempt_at !== null && millisFromInstant(delivery.next_attempt_at) > job.run_at)
        return scheduleNext(ports, delivery);
      const subscription = await ports.store.webhookSubscriptions.get(account_id, delivery.web_hook_id);
      if (subscription === null || !subscription.value.enabled)
        return record(ports, stored, {
          type: 'abandoned',
          at: now,
          reason: subscription === null ? 'the subscription was deleted' : 'the subscription is disabled',
        });
      const event = await ports.events.get(account_id, delivery.event_id);
      if (event === null)
        return record(ports, stored, { type: 'abandoned', at: now, reason: 'the event is not stored' });
      const body = webhookBody(event);
      // money-safe: Unix seconds from milliseconds.
      const signature = await signWebhook(body, subscription.value.secret, Math.floor(now / 1000));
      const guard = checkWebhookUrl(subscription.value.url, { allowPrivate });
      if (!guard.ok)
        return record(ports, stored, {
          type: 'attempted',
          at: now,
          status_code: null,
          error: `not posted: the URL is refused by the SSRF guard (${guard.reason})`,
          duration_ms: null,
        });
      let status_code: number | null = null;
      let error: string | null = null;
      const started = ports.clock.now();
      try {
        const answer = await ports.webhooks.post({
          url: subscription.value.url,
          headers: { 'Content-Type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
          body,
          timeout_ms: WEBHOOK_TIMEOUT_MS,
        });
        status_code = answer.status;
        // money-safe: HTTP status classes.
        if (status_code < 200 || status_code > 299) error = `HTTP ${String(status_code)}`;
      } catch (thrown) {
        error = failure(thrown);
      }
      const ended = ports.clock.now();
      // A clock set back during the POST cannot make a negative duration.
      const duration_ms = Math.max(0, ended - started);
      return record(ports, stored, { type: 'attempted', at: ended, status_code, error, duration_ms });
    },
  };
}
