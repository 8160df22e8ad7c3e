/**
 * The background job queue in memory (ports.ts `JobQueue`): at-least-once delivery with leases,
 * due jobs in (`run_at`, id) order, and a lease that costs O(log n) however long the queue is.
 *
 * @module
 */
import {
  type Clock,
  type Job,
  type JobDraft,
  type JobQueue,
  type Lease,
  LeaseLostError,
  type LeaseOptions,
  type RetryOptions,
} from '../../ports.js';
import { MinHeap } from './heap.js';
import { snapshot } from './snapshot.js';

/** Options of {@link memoryJobQueue}. */
export interface MemoryJobQueueOptions {
  /** Gives `run_at` to a draft without one. */
  clock: Clock;
}

/** What the queue holds for one job. */
interface Slot {
  job: Job;
  /** The token of the live lease, or null when the job is not leased. */
  token: string | null;
  /** When the lease expires (meaningful while `job.status` is `leased`). */
  expires_at: number;
  /**
   * Bumped on every change of the job: an index entry made before the change is stale and skipped
   * (lazy deletion, instead of searching the heap for it).
   */
  generation: number;
}

/** An index entry: the job `id` is due at `at` (for a queued job its `run_at`). */
interface Due {
  readonly at: number;
  readonly id: number;
  readonly generation: number;
}

const earlier = (a: Due, b: Due) => a.at < b.at || (a.at === b.at && a.id < b.id);

function checkInstant(what: string, value: number): void {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${what} must be a safe integer (ms), not ${String(value)}`);
}

/**
 * A job queue in memory. Semantics (the contract of `test/contracts/jobQueue.ts`):
 *
 * - `enqueue` gives ids 1, 2, 3…, status `queued`, `attempts` 0, `run_at` the draft's or the clock's
 *   now; a `key` seen before (ever) creates nothing and answers that job as it is now, `created: false`.
 * - `lease` takes the due job with the smallest `run_at`, then the smallest id: a `queued` job with
 *   `run_at ≤ now`, or a `leased` one whose lease expired (`expires_at ≤ now`: its worker is presumed
 *   dead). The job becomes `leased`, `attempts` + 1, with a new token, until `now + lease_ms`.
 * - `complete` (→ `done`), `retry` (→ `queued` at `run_at`, with `last_error`; `counted: false`
 *   gives the attempt back) and `fail` (→ `dead`,
 *   never leased again) need the job's current lease: with any other (taken over after expiry, or
 *   already used) they throw {@link LeaseLostError}. A lease that expired but was not taken over still
 *   holds.
 *
 * Jobs are indexed per kind in heaps keyed by (`run_at`, id), and live leases in a heap keyed by
 * their expiry; stale entries are skipped when met.
 *
 * @example
 * ```ts
 * const clock = manualClock();
 * const jobs = memoryJobQueue({ clock });
 * await jobs.enqueue({ kind: 'deliver_webhook', payload: { delivery_id: 7 }, key: 'delivery-7' });
 * const lease = await jobs.lease({ now: clock.now(), lease_ms: 30_000 });
 * if (lease) await jobs.complete(lease); // the job is done
 * ```
 */
export function memoryJobQueue(options: MemoryJobQueueOptions): JobQueue {
  const clock = options.clock;
  const slots = new Map<number, Slot>();
  const keys = new Map<string, number>();
  /** Queued jobs, and leased ones whose lease expired, per kind by (`run_at`, id). */
  const ready = new Map<string, MinHeap<Due>>();
  /** Live leases by (`expires_at`, id). */
  const leases = new MinHeap<Due>(earlier);
  let lastId = 0;
  let lastToken = 0;

  const readyHeap = (kind: string): MinHeap<Due> => {
    let heap = ready.get(kind);
    if (heap === undefined) {
      heap = new MinHeap<Due>(earlier);
      ready.set(kind, heap);
    }
    return heap;
  };

  const makeReady = (slot: Slot) =>
    readyHeap(slot.job.kind).push({ at: slot.job.run_at, id: slot.job.id, generation: slot.generation });

  /** Moves the leases that expired by `now` to the ready heaps (they can be leased again). */
  const releaseExpired = (now: number) => {
    for (let top = leases.peek(); top !== undefined && top.at <= now; top = leases.peek()) {
      leases.pop();
      const slot = slots.get(top.id);
      if (slot !== undefined && slot.generation === top.generation) makeReady(slot);
    }
  };

  /**
   * The first entry of `heap` due at `now`, left in the heap. Stale entries are dropped on the way. A
   * leased job whose lease is still live at this `now` (a caller whose now is behind the one that
   * released it) is set aside and put back, so that it does not hide the due jobs behind it.
   */
  const firstDue = (heap: MinHeap<Due>, now: number): Due | undefined => {
    const aside: Due[] = [];
    let found: Due | undefined;
    for (let top = heap.peek(); top !== undefined; top = heap.peek()) {
      const slot = slots.get(top.id);
      if (slot === undefined || slot.generation !== top.generation) {
        heap.pop();
        continue;
      }
      if (slot.job.status === 'queued') {
        if (top.at <= now) found = top;
        break;
      }
      if (slot.job.status === 'leased' && slot.expires_at <= now) {
        found = top;
        break;
      }
      if (slot.job.status === 'leased') aside.push(heap.pop() as Due);
      else heap.pop();
    }
    for (const entry of aside) heap.push(entry);
    return found;
  };

  /** The slot `lease` holds, or LeaseLostError. */
  const held = (lease: Lease): Slot => {
    const slot = slots.get(lease.job.id);
    if (slot === undefined || slot.token === null || slot.token !== lease.token)
      throw new LeaseLostError(lease.job.id);
    return slot;
  };

  /** Ends the lease on `slot` with the job's new state. */
  const settle = (slot: Slot, job: Job) => {
    slot.job = Object.freeze(job);
    slot.token = null;
    slot.generation += 1;
  };

  return {
    async enqueue(draft: JobDraft) {
      if (draft.key !== undefined) {
        const existing = slots.get(keys.get(draft.key) ?? Number.NaN);
        if (existing !== undefined) return { job: existing.job, created: false };
      }
      const run_at = draft.run_at ?? clock.now();
      checkInstant('run_at', run_at);
      lastId += 1;
      const job: Job = Object.freeze({
        id: lastId,
        kind: draft.kind,
        payload: snapshot(draft.payload),
        key: draft.key ?? null,
        status: 'queued',
        attempts: 0,
        run_at,
        last_error: null,
      });
      const slot: Slot = { job, token: null, expires_at: 0, generation: 0 };
      slots.set(job.id, slot);
      if (draft.key !== undefined) keys.set(draft.key, job.id);
      makeReady(slot);
      return { job, created: true };
    },

    async lease(leaseOptions: LeaseOptions) {
      const { now, lease_ms } = leaseOptions;
      checkInstant('now', now);
      if (!Number.isSafeInteger(lease_ms) || lease_ms <= 0)
        throw new RangeError(`lease_ms must be a positive integer, not ${String(lease_ms)}`);
      releaseExpired(now);
      const heaps =
        leaseOptions.kinds === undefined
          ? [...ready.values()]
          : leaseOptions.kinds.flatMap((kind) => ready.get(kind) ?? []);
      let best: Due | undefined;
      for (const heap of heaps) {
        const due = firstDue(heap, now);
        if (due !== undefined && (best === undefined || earlier(due, best))) best = due;
      }
      if (best === undefined) return null;
      const slot = slots.get(best.id) as Slot;
      lastToken += 1;
      const token = `lease-${String(slot.job.id)}-${String(lastToken)}`;
      slot.job = Object.freeze({ ...slot.job, status: 'leased', attempts: slot.job.attempts + 1 });
      slot.token = token;
      slot.expires_at = now + lease_ms;
      // The ready entry just used is stale from now on; the lease is indexed by its expiry.
      slot.generation += 1;
      leases.push({ at: slot.expires_at, id: slot.job.id, generation: slot.generation });
      return Object.freeze({ job: slot.job, token, expires_at: slot.expires_at });
    },

    async extend(lease: Lease, extendOptions: { now: number; lease_ms: number }) {
      checkInstant('now', extendOptions.now);
      if (!Number.isSafeInteger(extendOptions.lease_ms) || extendOptions.lease_ms <= 0)
        throw new RangeError(`lease_ms must be a positive integer, not ${String(extendOptions.lease_ms)}`);
      const slot = held(lease);
      // money-safe: an instant in milliseconds.
      slot.expires_at = extendOptions.now + extendOptions.lease_ms;
      // The old expiry entry is stale from now on; the lease is indexed by its new expiry.
      slot.generation += 1;
      leases.push({ at: slot.expires_at, id: slot.job.id, generation: slot.generation });
      return Object.freeze({ job: slot.job, token: lease.token, expires_at: slot.expires_at });
    },

    async complete(lease: Lease) {
      const slot = held(lease);
      settle(slot, { ...slot.job, status: 'done' });
    },

    async retry(lease: Lease, retryOptions: RetryOptions) {
      checkInstant('run_at', retryOptions.run_at);
      const slot = held(lease);
      settle(slot, {
        ...slot.job,
        status: 'queued',
        run_at: retryOptions.run_at,
        last_error: retryOptions.error,
        // money-safe: a run counter.
        attempts: retryOptions.counted === false ? slot.job.attempts - 1 : slot.job.attempts,
      });
      makeReady(slot);
    },

    async fail(lease: Lease, failOptions: { error: string }) {
      const slot = held(lease);
      settle(slot, { ...slot.job, status: 'dead', last_error: failOptions.error });
    },

    async get(id: number) {
      return slots.get(id)?.job ?? null;
    },
  };
}
