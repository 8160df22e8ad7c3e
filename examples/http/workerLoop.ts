/**
 * The reference server's background worker: runs jobs while there are any, then waits a little
 * before asking the queue again (jobs scheduled for later, such as webhook retries, become due).
 * While the queue cannot be reached (issue #24: the database restarting) it waits longer each time,
 * up to `max_backoff_ms`, and says so once per outage instead of once per attempt.
 */
import { type Fiscalkit, isStorageUnavailable } from 'fiscalkit';

/** Options of {@link runWorker}. */
export interface WorkerLoopOptions {
  /** The wait before asking an empty queue again; default 100 ms. */
  idle_ms?: number;
  /** The longest wait between attempts while the queue cannot be reached; default 5 s. */
  max_backoff_ms?: number;
  /** Where the loop reports (default the console). */
  log?: (message: string, error?: unknown) => void;
}

/**
 * Starts the worker loop; the answer stops it, and resolves once the job it was running (if any) ends.
 *
 * @example
 * ```ts
 * const stop = runWorker(fiscalkit, { idle_ms: 50 });
 * // … later
 * await stop();
 * ```
 */
export function runWorker(fiscalkit: Fiscalkit, options: WorkerLoopOptions = {}): () => Promise<void> {
  const idle = options.idle_ms ?? 100;
  const maxBackoff = options.max_backoff_ms ?? 5000;
  const log =
    options.log ?? ((message, error) => console.error(message, ...(error === undefined ? [] : [error])));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The job being run, if any: stopping waits for it, so that it does not lose its database. */
  let running: Promise<unknown> = Promise.resolve();
  /** The wait after the last failure to reach the queue; 0 while it answers. */
  let backoff = 0;
  const loop = async () => {
    let failed = false;
    while (!stopped) {
      let ran = false;
      try {
        const next = fiscalkit.worker.runNext();
        running = next.catch(() => undefined);
        ran = await next;
        if (backoff > 0) {
          log('fiscalkit worker: the job queue answers again');
          backoff = 0;
        }
      } catch (error) {
        failed = true;
        // An outage is said once (and its end); any other error is a bug and is said every time.
        if (!isStorageUnavailable(error)) log('fiscalkit worker:', error);
        else if (backoff === 0) log('fiscalkit worker: the database is unreachable; retrying with backoff');
        // money-safe: milliseconds.
        backoff = Math.min(Math.max(backoff * 2, idle), maxBackoff);
      }
      if (!ran) break;
    }
    if (!stopped) timer = setTimeout(loop, failed ? backoff : idle);
  };
  timer = setTimeout(loop, 0);
  return async () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    await running;
  };
}
