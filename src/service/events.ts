import { newWebhookDelivery } from '../lifecycle/webhookDelivery.js';
import { buildEvent, type EventCode, type EventDataByCode, type EventEnvelope } from '../model/event.js';
import type { Ports } from '../ports.js';
import { listAll } from './listAll.js';

/** The job kind of one webhook delivery attempt (see `webhookDeliveryHandler`). */
export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

/** Publishes events: stores them and schedules their webhook deliveries. */
export interface EventPublisher {
  /**
   * Publishes `code` with `data` for `account_id`, once per `key`: a publisher that runs again after
   * a crash (the job that finished a batch, re-run) gets the stored event back and schedules only the
   * deliveries that were not yet scheduled.
   */
  publish<C extends EventCode>(
    account_id: number,
    code: C,
    data: EventDataByCode[C],
    key: string,
  ): Promise<EventEnvelope>;
}

/**
 * The event publisher (spec §6; issue #7 "never loses an event when the receiver is down"). Publishing
 * is three idempotent steps, each safe to repeat:
 *
 * 1. append the event to the sink under `key` (it gets its id and keeps its first `triggered_at`);
 * 2. for every enabled subscription of the account that lists the code, insert a `pending` delivery
 *    under the key `{event id}:{subscription id}`;
 * 3. enqueue the job of its first attempt under the key `webhook_delivery:{delivery id}:0`.
 *
 * A crash between any two steps is repaired by publishing again, which the caller's own job does
 * when it is re-run; the event is in the sink from step 1 on, whatever happens to its deliveries.
 *
 * @example
 * ```ts
 * const events = createEventPublisher(ports);
 * await events.publish(9, 'tin_verification.finished', { id: 42, status: 'success' }, 'tin_verification:42');
 * ```
 */
export function createEventPublisher(ports: Ports): EventPublisher {
  return {
    async publish(account_id, code, data, key) {
      const now = ports.clock.now();
      // money-safe: Unix seconds from milliseconds (api-notes.md §5.1: `triggered_at` in seconds).
      const triggered_at = Math.floor(now / 1000);
      // A built event of code C is one of the envelope union; TypeScript cannot narrow a union by a generic.
      const built = buildEvent(code, data, { triggered_at }) as EventEnvelope;
      const { event } = await ports.events.append(account_id, built, key);
      const eventId = event.id;
      if (eventId === undefined) throw new TypeError('EventSink.append must assign the event an id');
      const subscriptions = await listAll(ports.store.webhookSubscriptions, account_id);
      for (const { value: subscription } of subscriptions) {
        if (!subscription.enabled || !subscription.events.includes(code)) continue;
        const delivery = await ports.store.webhookDeliveries.insert(
          newWebhookDelivery({
            id: await ports.ids.next('webhook_delivery'),
            account_id,
            event_id: eventId,
            event_code: code,
            web_hook_id: subscription.id,
            created_at: now,
          }),
          { key: `${String(eventId)}:${String(subscription.id)}` },
        );
        await ports.jobs.enqueue({
          kind: WEBHOOK_DELIVERY_JOB,
          payload: { account_id, delivery_id: delivery.value.id },
          key: `${WEBHOOK_DELIVERY_JOB}:${String(delivery.value.id)}:0`,
          run_at: now,
        });
      }
      return event;
    },
  };
}
