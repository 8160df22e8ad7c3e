import type { Clock, Job, JobQueue, Lease } from '../ports.js';
import { isStorageUnavailable, LeaseLostError, type StorageUnavailableError } from '../ports.js';
import { isJobNotReady } from './jobNotReady.js';

/** What a running job can ask of its worker. */
export interface JobContext {
  /**
   * Renews the job's lease (`JobQueue.extend`), so that no second worker takes over a long job; a long
   * handler calls it between steps. Throws `LeaseLostError` when the job was already taken over: the
   * handler should then stop.
   */
  renew(): Promise<void>;
}

/**
 * The code that runs one kind of job. `run` must be idempotent: the queue delivers at least once, so a
 * job whose worker crashed runs again (DESIGN.md "Background work is idempotent and resumable").
 */
export interface JobHandler {
  readonly kind: string;
  /** Runs allowed before giving up, the first included. */
  readonly max_attempts: number;
  run(job: Job, context: JobContext): Promise<void>;
  /** How long to wait after failed attempt number `attempts` (1-based) with `error`. */
  retryDelay(attempts: number, error: unknown): number;
  /**
   * Called once the job will not be retried (attempts exhausted, or an error that says retrying
   * cannot help): puts the resource in its failed state. If it throws, the job is left to be leased
   * again, so giving up is itself retried.
   */
  giveUp(job: Job, error: unknown): Promise<void>;
}

/** Runs due jobs of the queue with the handlers of their kinds. */
export interface Worker {
  /** Leases and runs one due job; false when none was due. */
  runNext(): Promise<boolean>;
  /**
   * Runs due jobs until none is due (or `max_jobs` ran); answers how many ran. Jobs scheduled in the
   * future wait: with a manual clock a test advances time and drains again.
   */
  drain(options?: { max_jobs?: number }): Promise<number>;
}

/** Options of `createWorker`. */
export interface WorkerOptions {
  /**
   * How long a lease holds before another worker may take the job over; default 30 seconds. The
   * worker renews it while the job runs ({@link WorkerOptions.heartbeat_ms}), so a long job keeps it
   * and a job whose worker died or lost its database is taken over within this time (issue #24).
   */
  lease_ms?: number;
  /**
   * How often the lease of the running job is renewed; default a third of `lease_ms` (two renewals
   * may fail before it expires); 0 renews only when the handler asks (`JobContext.renew`).
   */
  heartbeat_ms?: number;
  /**
   * How long the heartbeat keeps a job's lease; default 15 minutes. A handler stuck for longer (a call
   * that never returns) stops being renewed, its lease expires, and another worker takes the job over,
   * as before heartbeats; a handler that really runs longer renews by itself (`JobContext.renew`).
   */
  max_run_ms?: number;
  /**
   * Told of errors the worker cannot hand to anyone: the queue failing while a failed job is being
   * retried or given up (the job then runs again when its lease expires). Default: ignore.
   */
  onError?: (error: unknown, job: Job) => void;
}

/**
 * Extra runs a job gets when giving up on it fails (the store is down while its resource is being
 * failed): giving up is retried with the handler's backoff, then the job is failed regardless.
 */
const GIVE_UP_RUNS = 3;

/**
 * One short lease for every job, renewed by a heartbeat while it runs (issue #24: a job held by a
 * process that lost its connection waited out a 5-minute lease; it now resumes within 30 s).
 */
const DEFAULT_LEASE_MS = 30_000;

/**
 * The host's timers, where it has them (the core is typed without any runtime's, DESIGN.md): without
 * them the worker renews leases only when a handler asks, and does not wait between put-back attempts.
 */
const timers = globalThis as unknown as {
  setTimeout?: (callback: () => void, milliseconds: number) => unknown;
  setInterval?: (callback: () => void, milliseconds: number) => unknown;
  clearInterval?: (timer: unknown) => void;
};

/** How long a heartbeat keeps renewing the lease of one run (see `WorkerOptions.max_run_ms`). */
const DEFAULT_MAX_RUN_MS = 15 * 60_000; // money-safe: milliseconds

/** The scale of the waits while a job whose database was away is put back (see `putBack`). */
const STORAGE_RETRY_MS = 1000;

/** Whether an error says that another attempt cannot help (a `retryable: false` property). */
function retryable(error: unknown): boolean {
  return !(
    typeof error === 'object' &&
    error !== null &&
    (error as { retryable?: unknown }).retryable === false
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * A worker over `jobs` (issue #7: "job queue (enqueue, lease, complete, retry with backoff;
 * at-least-once)"). Each run: lease a due job, run its handler, then complete it, or — when the
 * handler threw — retry it after the handler's backoff, or give up (`giveUp`, then `fail`) when the
 * attempts are spent or the error is not retryable. A run that found its job not ready
 * (`JobNotReadyError`: the resource not stored yet) is put back for the error's short wait without
 * spending an attempt. A lease lost to another worker (this one was too
 * slow) drops the result silently: the other worker owns the job. `runNext` never rejects because a
 * job failed; only a queue that cannot lease makes it reject.
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, [tinVerificationHandler(ports)]);
 * await worker.drain(); // runs every due job
 * ```
 */
export function createWorker(
  ports: { jobs: JobQueue; clock: Clock },
  handlers: readonly JobHandler[],
  options: WorkerOptions = {},
): Worker {
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  const kinds = [...byKind.keys()];
  const lease_ms = options.lease_ms ?? DEFAULT_LEASE_MS;
  // money-safe: milliseconds.
  const heartbeat_ms = options.heartbeat_ms ?? Math.max(1, Math.floor(lease_ms / 3));
  const max_run_ms = options.max_run_ms ?? DEFAULT_MAX_RUN_MS;

  /**
   * After the handler threw: retry with backoff, or give up. Giving up first renews the lease, which
   * proves this worker still holds the job — a worker that lost it must not fail a resource another
   * worker is finishing. When giving up itself fails, it is retried a few runs later.
   */
  async function afterFailure(lease: Lease, handler: JobHandler, error: unknown): Promise<void> {
    const now = ports.clock.now();
    try {
      if (isJobNotReady(error)) {
        // The job came before its resource (jobNotReady.ts): look again soon, spending no attempt.
        // money-safe: an instant in milliseconds.
        const soon = now + error.retry_in_ms;
        await ports.jobs.retry(lease, { run_at: soon, error: describe(error), counted: false });
        return;
      }
      if (isStorageUnavailable(error)) {
        await putBack(lease, error);
        return;
      }
      // money-safe: instants and delays in milliseconds.
      const later = now + handler.retryDelay(lease.job.attempts, error);
      if (lease.job.attempts < handler.max_attempts && retryable(error)) {
        await ports.jobs.retry(lease, { run_at: later, error: describe(error) });
        return;
      }
      const held = await ports.jobs.extend(lease, { now, lease_ms });
      try {
        await handler.giveUp(held.job, error);
      } catch (giveUpError) {
        // money-safe: a run counter.
        if (held.job.attempts < handler.max_attempts + GIVE_UP_RUNS) {
          await ports.jobs.retry(held, {
            run_at: later,
            error: `giving up failed: ${describe(giveUpError)}`,
          });
          return;
        }
      }
      await ports.jobs.fail(held, { error: describe(error) });
    } catch (queueError) {
      // Lost lease: another worker owns the job. Anything else: the lease expires and the job runs again.
      if (!(queueError instanceof LeaseLostError)) options.onError?.(queueError, lease.job);
    }
  }

  /**
   * A job that failed because the database was away (issue #24) is not at fault and spends no
   * attempt: it is put back, due at once. Putting it back needs the database too, so it is tried
   * again with backoff (250 ms doubling to 2 s) for most of the lease — the worker could run nothing
   * else meanwhile — and the job runs again as soon as the database answers, not a lease later. A
   * longer outage leaves the job to its lease, which expires and lets any worker take it over.
   */
  async function putBack(lease: Lease, error: StorageUnavailableError): Promise<void> {
    let waited = 0;
    // Bounded twice: by the waits (a frozen test clock) and by the lease (each attempt may itself take
    // a while, being the storage's probe).
    const until = lease.expires_at - lease_ms * 0.2; // money-safe: an instant in milliseconds
    let wait = STORAGE_RETRY_MS / 4; // money-safe: milliseconds
    for (;;) {
      try {
        await ports.jobs.retry(lease, { run_at: ports.clock.now(), error: describe(error), counted: false });
        return;
      } catch (queueError) {
        const overBudget = waited + wait > lease_ms * 0.8; // money-safe: milliseconds
        const pastLease = ports.clock.now() + wait > until; // money-safe: milliseconds
        if (!isStorageUnavailable(queueError) || overBudget || pastLease) throw queueError;
        await sleep(wait);
        waited += wait; // money-safe: milliseconds
        wait = Math.min(wait * 2, 2 * STORAGE_RETRY_MS); // money-safe: milliseconds
      }
    }
  }

  async function runNext(): Promise<boolean> {
    let lease = await ports.jobs.lease({ now: ports.clock.now(), lease_ms, kinds });
    if (lease === null) return false;
    const handler = byKind.get(lease.job.kind);
    if (handler === undefined) {
      await ports.jobs.fail(lease, { error: `no handler for job kind ${lease.job.kind}` });
      return true;
    }
    const context: JobContext = {
      async renew() {
        if (lease === null) return;
        lease = await ports.jobs.extend(lease, { now: ports.clock.now(), lease_ms });
      },
    };
    const stopHeartbeat = heartbeat(context, heartbeat_ms, max_run_ms);
    try {
      await handler.run(lease.job, context);
      stopHeartbeat();
      await ports.jobs.complete(lease);
    } catch (error) {
      stopHeartbeat();
      if (!(error instanceof LeaseLostError)) await afterFailure(lease, handler, error);
    }
    return true;
  }

  return {
    runNext,
    async drain({ max_jobs = Number.POSITIVE_INFINITY } = {}) {
      let ran = 0;
      // money-safe: a job counter.
      while (ran < max_jobs && (await runNext())) ran += 1;
      return ran;
    },
  };
}

/**
 * Renews the running job's lease every `every_ms` until the answer is called (0: never), for at most
 * `max_run_ms`. A renewal that fails is let be: the next one tries again; a lease lost for good
 * (`LeaseLostError`) stops the heartbeat, and the job's `complete` then fails the same way, which
 * drops its result as before. The timer does not keep a process alive.
 */
function heartbeat(context: JobContext, every_ms: number, max_run_ms: number): () => void {
  const { setInterval, clearInterval } = timers;
  if (every_ms <= 0 || setInterval === undefined || clearInterval === undefined) return () => undefined;
  let beats = 0;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    beats += 1;
    // money-safe: milliseconds.
    if (beats * every_ms > max_run_ms) return stop();
    context.renew().catch((error: unknown) => {
      // Lost for good: another worker holds the job; renewing again cannot help.
      if (error instanceof LeaseLostError) stop();
    });
  }, every_ms);
  (timer as { unref?: () => void }).unref?.();
  return stop;
}

/** Waits `ms` milliseconds where the host has timers; at once where it has none. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (timers.setTimeout !== undefined) timers.setTimeout(resolve, ms);
    else resolve();
  });
}

/**
 * Exponential backoff for a failed job: `base_ms` after the first failure, doubling each time, at
 * most `max_ms`; a `retry_after_ms` the failing party asked for (an HTTP 429's Retry-After, carried
 * by `CensusError`) wins when it is longer.
 *
 * @example
 * ```ts
 * exponentialBackoff(3, null, { base_ms: 1000, max_ms: 60_000 }); // 4000
 * exponentialBackoff(1, { retry_after_ms: 30_000 }, { base_ms: 1000, max_ms: 60_000 }); // 30000
 * ```
 */
export function exponentialBackoff(
  attempts: number,
  error: unknown,
  limits: { base_ms: number; max_ms: number },
): number {
  // money-safe: delays in milliseconds.
  const delay = Math.min(limits.base_ms * 2 ** Math.max(0, attempts - 1), limits.max_ms);
  const asked =
    typeof error === 'object' && error !== null
      ? (error as { retry_after_ms?: unknown }).retry_after_ms
      : null;
  return typeof asked === 'number' && asked > delay ? asked : delay;
}
