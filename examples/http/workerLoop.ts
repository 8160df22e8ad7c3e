/**
 * The reference server's background worker: runs jobs while there are any, then waits a little
 * before asking the queue again (jobs scheduled for later, such as webhook retries, become due).
 */
import type { Fiscalkit } from '../../src/index.js';

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
export function runWorker(fiscalkit: Fiscalkit, options: { idle_ms?: number } = {}): () => Promise<void> {
  const idle = options.idle_ms ?? 100;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The job being run, if any: stopping waits for it, so that it does not lose its database. */
  let running: Promise<unknown> = Promise.resolve();
  const loop = async () => {
    while (!stopped) {
      let ran = false;
      try {
        const next = fiscalkit.worker.runNext();
        running = next.catch(() => undefined);
        ran = await next;
      } catch (error) {
        console.error('fiscalkit worker:', error);
      }
      if (!ran) break;
    }
    if (!stopped) timer = setTimeout(loop, idle);
  };
  timer = setTimeout(loop, 0);
  return async () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    await running;
  };
}
