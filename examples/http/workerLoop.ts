/**
 * The reference server's background worker: runs jobs while there are any, then waits a little
 * before asking the queue again (jobs scheduled for later, such as webhook retries, become due).
 */
import type { Fiscalkit } from '../../src/index.js';

/**
 * Starts the worker loop; the answer stops it.
 *
 * @example
 * ```ts
 * const stop = runWorker(fiscalkit, { idle_ms: 50 });
 * // … later
 * stop();
 * ```
 */
export function runWorker(fiscalkit: Fiscalkit, options: { idle_ms?: number } = {}): () => void {
  const idle = options.idle_ms ?? 100;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loop = async () => {
    while (!stopped) {
      let ran = false;
      try {
        ran = await fiscalkit.worker.runNext();
      } catch (error) {
        console.error('fiscalkit worker:', error);
      }
      if (!ran) break;
    }
    if (!stopped) timer = setTimeout(loop, idle);
  };
  timer = setTimeout(loop, 0);
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
