/**
 * A job that arrives before its resource. The services that start background work enqueue the job
 * first and store the resource second (a crash in between leaves a job that finds nothing and ends,
 * never a resource no job will finish: DESIGN.md "Background work is idempotent and resumable"). On
 * one process the worker runs after the request, but with workers on other processes (issue #10) a
 * worker can lease the job in the few milliseconds between the two writes. That run is not a failure
 * of the job: it is retried soon, without spending one of the handler's attempts, for as long as the
 * resource could still be on its way.
 *
 * @module
 */

/** How long after its job was queued a resource may still arrive: 5 minutes, far beyond any request. */
export const NOT_STORED_GRACE_MS = 300_000;

/** The first wait of a job that found nothing; later waits grow with the time already waited. */
const FIRST_WAIT_MS = 10;

/** The longest wait between two looks for a resource not stored yet. */
const LONGEST_WAIT_MS = 5_000;

/**
 * Thrown by a handler whose job came before the resource it works on: the worker puts the job back
 * for `retry_in_ms` later with `retry(…, {counted: false})`, so the run spends no attempt.
 * Recognized by its `not_ready` property rather than by class, so that a copy of fiscalkit loaded
 * twice (ESM and CJS) still agrees.
 *
 * @example
 * ```ts
 * throw new JobNotReadyError('TIN verification 7 is not stored yet', 40);
 * ```
 */
export class JobNotReadyError extends Error {
  readonly not_ready = true;
  constructor(
    message: string,
    readonly retry_in_ms: number,
  ) {
    super(message);
    this.name = 'JobNotReadyError';
  }
}

/**
 * Whether `error` says the job is not ready yet ({@link JobNotReadyError}, judged by shape).
 *
 * @example
 * ```ts
 * isJobNotReady(new JobNotReadyError('not yet', 10)); // true
 * isJobNotReady(new Error('census down')); // false
 * ```
 */
export function isJobNotReady(error: unknown): error is JobNotReadyError {
  if (typeof error !== 'object' || error === null) return false;
  const { not_ready, retry_in_ms } = error as { not_ready?: unknown; retry_in_ms?: unknown };
  return not_ready === true && typeof retry_in_ms === 'number' && Number.isSafeInteger(retry_in_ms);
}

/**
 * The error a handler throws when the resource `what` of its job is not stored. `queued_at` is the
 * instant the job's payload says it was queued; `now` the worker's clock.
 *
 * - Within {@link NOT_STORED_GRACE_MS} of `queued_at`: a {@link JobNotReadyError} to look again after
 *   half the time already waited (10 ms at first, at most 5 s) — a handful of quick looks cover the
 *   usual gap of milliseconds, and a slow request costs one cheap read every few seconds.
 * - Later: an error that is not retryable (`retryable: false`) — the request that queued the job
 *   failed before storing it, and the job ends (its handler's `giveUp` finds nothing to fail).
 * - No `queued_at` (a job queued by a version of fiscalkit that did not record it): a plain error,
 *   retried with the handler's own backoff and attempts, as those versions did.
 *
 * Clocks of different processes are assumed to agree to well within the grace, as the job queue's
 * `run_at` and lease expiries already assume.
 *
 * @example
 * ```ts
 * const stored = await ports.store.tinVerifications.get(account_id, id);
 * if (stored === null) throw notStoredYet(`TIN verification ${id}`, job.payload.queued_at, ports.clock.now());
 * ```
 */
export function notStoredYet(what: string, queued_at: unknown, now: number): Error {
  if (typeof queued_at !== 'number' || !Number.isSafeInteger(queued_at))
    return new Error(`${what} is not stored (yet)`);
  // money-safe: instants and delays in milliseconds.
  const waited = now - queued_at;
  if (waited >= NOT_STORED_GRACE_MS)
    return Object.assign(
      new Error(`${what} was never stored: the request that queued this job failed before storing it`),
      { retryable: false },
    );
  // money-safe: a delay in milliseconds.
  const wait = Math.min(Math.max(Math.floor(waited / 2), FIRST_WAIT_MS), LONGEST_WAIT_MS);
  return new JobNotReadyError(`${what} is not stored yet`, wait);
}
