import { newWebhookDelivery } from '../lifecycle/webhookDelivery.js';
import { buildEvent, type EventCode, type EventDataByCode, type EventEnvelope } from '../model/event.js';
import { millisFromInstant } from '../model/instant.js';
import type { OutboxEvent, Ports, Store } from '../ports.js';
import { listAll } from './listAll.js';

/** The job kind of one webhook delivery attempt (see `webhookDeliveryHandler`). */
export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

/** The job kind of the repair of a state change's deliveries (see `eventDispatchHandler`). */
export const EVENT_DISPATCH_JOB = 'event_dispatch';

/**
 * How long after a request's state change its repair job runs: far beyond the time a request takes
 * between its write and scheduling the deliveries itself, so that the job normally finds them
 * scheduled, yet soon enough that a crash delays the webhooks by a minute, not more.
 */
export const EVENT_DISPATCH_DELAY_MS = 60_000;

/** The record a state change writes, as its repair job finds it again (see {@link EventPublisher.guard}). */
export interface GuardedWrite {
  /** The {@link Store} member holding it (`invoices`, `taxReports`). */
  store: keyof Store;
  id: number;
  /** The version the write gives it (the version read + 1). */
  version: number;
}

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
  /**
   * The event of a state change, built and stamped now, to be written with the change
   * (`Repository.update(…, { events })`, the outbox of issue #24 item 4) and then dispatched.
   */
  prepare<C extends EventCode>(
    account_id: number,
    code: C,
    data: EventDataByCode[C],
    key: string,
  ): OutboxEvent;
  /**
   * Queues the repair of a state change that a request makes, before it writes it: a job (key
   * `event_dispatch:{event key}:{16 random hex digits}`, one per call) that runs
   * `EVENT_DISPATCH_DELAY_MS` later and schedules the event's deliveries if the request could
   * not (it crashed between its write and `dispatch`). A change made by a job needs none: the job
   * runs again after a crash and dispatches then.
   */
  guard(event: OutboxEvent, write: GuardedWrite): Promise<void>;
  /**
   * Schedules the deliveries of events written with a state change: `stored` is what the update
   * answered (`Updated.events`); when the store keeps no outbox (it answered none) the events are
   * appended now, as before issue #24. Idempotent like `publish`. Answers the stored events.
   */
  dispatch(
    events: readonly OutboxEvent[],
    stored: readonly EventEnvelope[] | undefined,
  ): Promise<EventEnvelope[]>;
  /**
   * Schedules the deliveries of an event already stored (the repair job's step); idempotent. Only to
   * subscriptions that existed when the event happened (step 2 of `createEventPublisher`).
   */
  deliver(account_id: number, event: EventEnvelope): Promise<void>;
}

/**
 * The event publisher (spec §6; issue #7 "never loses an event when the receiver is down"). Publishing
 * is three idempotent steps, each safe to repeat:
 *
 * 1. append the event to the sink under `key` (it gets its id and keeps its first `triggered_at`);
 * 2. for every enabled subscription of the account that lists the code and was created no later than
 *    the event's `triggered_at` second, insert a `pending` delivery under the key
 *    `{event id}:{subscription id}`;
 * 3. enqueue the job of its first attempt under the key `webhook_delivery:{delivery id}:0`.
 *
 * A crash between any two steps is repaired by publishing again, which the caller's own job does
 * when it is re-run; the event is in the sink from step 1 on, whatever happens to its deliveries.
 *
 * A state change (`issued_invoice.state_change`, `tax_report.state_change`) does step 1 with its write
 * instead (issue #24 item 4: events delivered in another order than the changes): `prepare` builds the
 * event, the write stores it in the same transaction (`Repository.update(…, { events })`, the outbox),
 * and `dispatch` does steps 2 and 3. So the event exists exactly when the change does, and its id
 * follows the record's versions. A request that changes a state first `guard`s it: a job, queued
 * before the write, that schedules the deliveries a minute later if the request crashed before it
 * could (`eventDispatchHandler`).
 *
 * @example
 * ```ts
 * const events = createEventPublisher(ports);
 * await events.publish(9, 'tin_verification.finished', { id: 42, status: 'success' }, 'tin_verification:42');
 * ```
 */
export function createEventPublisher(ports: Ports): EventPublisher {
  const build = <C extends EventCode>(code: C, data: EventDataByCode[C], now: number): EventEnvelope => {
    // money-safe: Unix seconds from milliseconds (api-notes.md §5.1: `triggered_at` in seconds).
    const triggered_at = Math.floor(now / 1000);
    // A built event of code C is one of the envelope union; TypeScript cannot narrow a union by a generic.
    return buildEvent(code, data, { triggered_at }) as EventEnvelope;
  };

  /**
   * Steps 2 and 3: a delivery per enabled subscription listing the code, and its first job. A
   * subscription created after the event happened (in a later second than its `triggered_at`, the
   * event's only clock) is not given it: a repair or a re-run may deliver long after the event, and a
   * receiver subscribes to what happens from then on. A subscription records no time it was enabled,
   * so one paused when the event happened and enabled since is given it: what it is now decides.
   */
  const deliver = async (
    account_id: number,
    event: EventEnvelope,
    now = ports.clock.now(),
  ): Promise<void> => {
    const eventId = event.id;
    if (eventId === undefined) throw new TypeError('EventSink.append must assign the event an id');
    const subscriptions = await listAll(ports.store.webhookSubscriptions, account_id);
    for (const { value: subscription } of subscriptions) {
      if (!subscription.enabled || !subscription.events.includes(event.code)) continue;
      // money-safe: Unix seconds from milliseconds, as `triggered_at` is written.
      if (Math.floor(millisFromInstant(subscription.created_at) / 1000) > event.triggered_at) continue;
      const delivery = await ports.store.webhookDeliveries.insert(
        newWebhookDelivery({
          id: await ports.ids.next('webhook_delivery'),
          account_id,
          event_id: eventId,
          event_code: event.code,
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
  };

  return {
    async publish(account_id, code, data, key) {
      const now = ports.clock.now();
      const { event } = await ports.events.append(account_id, build(code, data, now), key);
      await deliver(account_id, event, now);
      return event;
    },

    prepare(account_id, code, data, key) {
      return { account_id, event: build(code, data, ports.clock.now()), key };
    },

    async guard(event, write) {
      const now = ports.clock.now();
      // A key of its own per guard: enqueue keys dedupe for ever, so under the event's key alone, a
      // request making the same change again after an earlier attempt failed (the same version, so the
      // same event key) would get the earlier, ended job back and no repair. `deliver` is idempotent,
      // so two guards of one change cost a second short run.
      const attempt = Array.from(ports.random.bytes(8), (byte) => byte.toString(16).padStart(2, '0'));
      await ports.jobs.enqueue({
        kind: EVENT_DISPATCH_JOB,
        payload: {
          account_id: event.account_id,
          key: event.key,
          store: write.store,
          id: write.id,
          version: write.version,
          queued_at: now,
        },
        key: `${EVENT_DISPATCH_JOB}:${event.key}:${attempt.join('')}`,
        // money-safe: an instant in milliseconds.
        run_at: now + EVENT_DISPATCH_DELAY_MS,
      });
    },

    async dispatch(events, stored) {
      const dispatched: EventEnvelope[] = [];
      for (const [index, item] of events.entries()) {
        const event =
          stored?.[index] ?? (await ports.events.append(item.account_id, item.event, item.key)).event;
        await deliver(item.account_id, event);
        dispatched.push(event);
      }
      return dispatched;
    },

    deliver,
  };
}
