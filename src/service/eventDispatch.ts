/**
 * The repair of a state change's webhook deliveries (issue #24 item 4). A request that changes a state
 * (POST /invoices/{id}/mark_as, PATCH and DELETE of a tax report) writes the event with the change
 * (the outbox, `Repository.update(…, { events })`) and then schedules its deliveries itself
 * (`EventPublisher.dispatch`). A crash between the two would leave the event stored with no
 * delivery, and the request has no job to run it again. So before writing, the request queues this
 * job (`EventPublisher.guard`), due a minute later, which schedules the deliveries if they are not
 * scheduled yet — every step of that is idempotent, so finding them scheduled costs a few reads.
 *
 * Why a job queued first rather than a sweep of events without deliveries: it is how every service
 * here protects work that must survive a crash (docs/engines.md, "Every service queues a job before
 * storing the record it works on"), it needs no new state on events nor a periodic scan, and the job
 * queue already gives it at-least-once runs, leases and retries on every adapter.
 *
 * @module
 */
import type { Job, Ports, Repository, Store } from '../ports.js';
import { EVENT_DISPATCH_JOB, type EventPublisher } from './events.js';
import { notStoredYet } from './jobNotReady.js';
import { exponentialBackoff, type JobHandler } from './worker.js';

/** The payload of a repair job (`EventPublisher.guard`). */
interface DispatchJob {
  account_id: number;
  /** The event's key in the sink. */
  key: string;
  store: keyof Store;
  id: number;
  /** The version the guarded write gives the record. */
  version: number;
}

function dispatchJob(ports: Ports, job: Job): DispatchJob {
  const { account_id, key, store, id, version } = job.payload;
  if (
    typeof account_id !== 'number' ||
    typeof key !== 'string' ||
    typeof store !== 'string' ||
    !Object.hasOwn(ports.store, store) ||
    typeof id !== 'number' ||
    typeof version !== 'number'
  )
    throw Object.assign(new TypeError(`job ${String(job.id)}: not an event dispatch payload`), {
      retryable: false,
    });
  return { account_id, key, store: store as keyof Store, id, version };
}

/**
 * The handler of the repair jobs (`event_dispatch`, queued by `EventPublisher.guard`). A run reads
 * the record, then the event by its key (in that order: a record at the guarded version or later
 * means its write is done, and the outbox stored the event with it, so the event read after it sees
 * the event if the write was the guarded one):
 *
 * - the event is stored: its deliveries are scheduled (`EventPublisher.deliver`; those the request
 *   already scheduled are found, not doubled) — the repair of a crash between write and dispatch;
 * - no event, and the record is gone or past the guarded version: another write took that version
 *   (the request lost a race and retried, or failed), and there is nothing to deliver;
 * - no event and the record still before that version: the request is still on its way — looked at
 *   again soon without spending an attempt (`notStoredYet`), for up to five minutes after it queued
 *   the job, then the job ends (the request failed before its write).
 *
 * A store that fails is retried with backoff (1 s doubling to 5 minutes, 10 runs).
 *
 * @example
 * ```ts
 * const publisher = createEventPublisher(ports);
 * const worker = createWorker(ports, [eventDispatchHandler(ports, publisher), webhookDeliveryHandler(ports)]);
 * ```
 */
export function eventDispatchHandler(ports: Ports, publisher: EventPublisher): JobHandler {
  return {
    kind: EVENT_DISPATCH_JOB,
    max_attempts: 10,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, { base_ms: 1000, max_ms: 300_000 }),
    async run(job) {
      const { account_id, key, store, id, version } = dispatchJob(ports, job);
      const repository = ports.store[store] as Repository<{ readonly id: number }>;
      const record = await repository.get(account_id, id);
      const event = await ports.events.byKey(account_id, key);
      if (event !== null) {
        await publisher.deliver(account_id, event);
        return;
      }
      if (record === null || record.version >= version) return;
      throw notStoredYet(
        `version ${String(version)} of ${store} ${String(id)}`,
        job.payload.queued_at,
        ports.clock.now(),
      );
    },
    async giveUp() {
      // Nothing to fail: the event, if any, stays listed (GET /accounts/{account}/events).
    },
  };
}
