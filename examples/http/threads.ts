/**
 * The worker threads of the reference server and worker (issue #24: no request may hold the event loop
 * for more than about 100 ms): imports, document validation, ledger messages and large JSON bodies are
 * computed on a small pool of threads (`fiscalkit/threads`), while the main thread goes on answering.
 */
import { availableParallelism } from 'node:os';
import { type ThreadCompute, threadCompute } from 'fiscalkit/threads';

/**
 * The thread pool named by `FISCALKIT_THREADS` (threads per process; default one less than the cores,
 * at least 1), or null for `FISCALKIT_THREADS=0`: the work then runs on the main thread, as an
 * embedded service runs it. With `einvoice`, each thread judges e-invoices with a validator of its own
 * over those artefact directories (the same as the server's `einvoice` port, issue #21).
 *
 * @example
 * ```ts
 * const compute = computeFromEnv(process.env);
 * if (compute !== null) ports.compute = compute;
 * // … on shutdown
 * await compute?.close();
 * ```
 */
export function computeFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  einvoice?: { directories: readonly string[] },
): ThreadCompute | null {
  const text = env.FISCALKIT_THREADS;
  const threads = text === undefined || text === '' ? Math.max(1, availableParallelism() - 1) : Number(text); // money-safe: a thread count
  if (!Number.isSafeInteger(threads) || threads < 0)
    throw new Error(`FISCALKIT_THREADS must be a whole number of threads, not ${String(text)}`);
  return threads === 0 ? null : threadCompute(einvoice === undefined ? { threads } : { threads, einvoice });
}
