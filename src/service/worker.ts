import type { Clock, Job, JobQueue, Lease } from '../ports.js';
import { LeaseLostError } from '../ports.js';
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

/** Options of {@link createWorker}. */
export interface WorkerOptions {
  /** How long a lease holds before another worker may take the job over; default 5 minutes. */
  lease_ms?: number;
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

const DEFAULT_LEASE_MS = 300_000;

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
    try {
      await handler.run(lease.job, context);
      await ports.jobs.complete(lease);
    } catch (error) {
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
