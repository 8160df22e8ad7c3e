import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Compute, ComputeTask, ComputeTasks } from '../../ports.js';
import { artefactsFromDirectories } from '../artefacts/directory.js';
import type { XsdSchemaValidatorOptions } from '../xsd/xsdSchemaValidator.js';
import type { ThreadAnswer, ThreadTask } from './worker.js';

/** Options of {@link threadCompute}. */
export interface ThreadComputeOptions {
  /** The most worker threads; default one less than the machine's cores, at least 1. */
  threads?: number;
  /**
   * A task still running after this long is given up: its thread is stopped (another takes its
   * place) and the call rejects. Default 120 s — far beyond any import up to the body limits, so only a
   * task that can never end meets it.
   */
  task_timeout_ms?: number;
  /**
   * The heap of each thread, in MiB: a task that needs more stops its thread and rejects, instead of
   * taking the process's memory. Default: Node's own limit.
   */
  max_heap_mb?: number;
  /** Threads idle this long are stopped, and started again when needed; default 60 s. */
  idle_timeout_ms?: number;
  /**
   * The schema the threads judge SII XML with: fiscalkit's structural validator (the default), or the
   * official XSDs of `fiscalkit/xsd` (libxml2-wasm, compiled once in each thread) — the same as the
   * `schemaValidator` port of the service they serve (`createFiscalkit` checks it).
   */
  xsd?: XsdSchemaValidatorOptions;
  /**
   * The e-invoice validator of the threads (issue #21): each thread makes its own over these artefact
   * directories (`einvoiceValidatorFromDirectories` of `fiscalkit/validate`, with libxml2-wasm when
   * installed) — the same directories as the service's `einvoice` port (`createFiscalkit` checks it).
   * Without it the threads judge e-invoices for well-formedness only.
   */
  einvoice?: { directories: readonly string[] };
}

/** A {@link Compute} on worker threads: `close()` stops them. */
export interface ThreadCompute extends Compute {
  /** The most threads the pool runs. */
  readonly threads: number;
  /** Stops the threads once the tasks running have ended; a call after it rejects. Safe to call twice. */
  close(): Promise<void>;
}

/** The default: one less than the cores (the main thread keeps one), at least 1. */
function defaultThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * The worker script beside this module: `threads-worker.js` (or `.cjs`) in the built package, and
 * `worker.ts` in the source, which a thread can only load with tsx's loader (`npm start`, the tests).
 */
function workerScript(): { filename: string; execArgv: string[] | undefined } {
  const here = import.meta.url;
  if (/\.[cm]?ts$/.test(new URL(here).pathname)) {
    const execArgv = process.execArgv.some((argument) => argument.includes('tsx'))
      ? undefined
      : [...process.execArgv, '--import', 'tsx'];
    return { filename: fileURLToPath(new URL('./worker.ts', here)), execArgv };
  }
  const extension = new URL(here).pathname.endsWith('.cjs') ? 'cjs' : 'js';
  return { filename: fileURLToPath(new URL(`./threads-worker.${extension}`, here)), execArgv: undefined };
}

/** The error a failed task rejects with: which task, and why, with the thread's error as its cause. */
function taskError(task: ComputeTask, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`fiscalkit/threads: task ${task} failed: ${reason}`, { cause: error });
}

/**
 * The `Compute` port on a pool of worker threads (issue #24 item 1: "no request may hold the event loop
 * for more than about 100 ms at a time … move it to a worker thread"), with
 * [piscina](https://github.com/piscinajs/piscina) (an optional peer dependency). Each thread runs the
 * same task table as `inlineCompute`; inputs cross by structured clone, answers as JSON text (faster
 * to read on the main thread; every answer is JSON data). A task that throws,
 * a thread that runs out of heap or dies, and a task past `task_timeout_ms` reject the call with an
 * error naming the task; the pool replaces the thread. Tasks beyond the threads wait in the pool's
 * queue, first in first out.
 *
 * @example
 * ```ts
 * import { threadCompute } from 'fiscalkit/threads';
 * const compute = threadCompute({ threads: 2 });
 * const fiscalkit = createFiscalkit({ ...memoryPorts(), compute });
 * // … on shutdown
 * await compute.close();
 * ```
 */
export function threadCompute(options: ThreadComputeOptions = {}): ThreadCompute {
  const threads = options.threads ?? defaultThreads();
  if (!Number.isSafeInteger(threads) || threads < 1)
    throw new TypeError(`fiscalkit/threads: threads must be a positive integer, not ${String(threads)}`);
  const timeout = options.task_timeout_ms ?? 120_000;
  const { filename, execArgv } = workerScript();
  const pool = new Piscina<ThreadTask, ThreadAnswer>({
    filename,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idle_timeout_ms ?? 60_000,
    ...(execArgv === undefined ? {} : { execArgv }),
    ...(options.max_heap_mb === undefined
      ? {}
      : { resourceLimits: { maxOldGenerationSizeMb: options.max_heap_mb } }),
    workerData: {
      xsd: options.xsd ?? null,
      einvoice: options.einvoice === undefined ? null : { directories: [...options.einvoice.directories] },
    },
  });
  let closing: Promise<void> | null = null;
  return {
    inline: false,
    schemaValidator: options.xsd === undefined ? 'structural' : 'xsd',
    einvoice:
      options.einvoice === undefined
        ? null
        : artefactsFromDirectories(options.einvoice.directories).description,
    threads,
    async run<T extends ComputeTask>(task: T, input: ComputeTasks[T]['input']) {
      if (closing !== null) throw new Error(`fiscalkit/threads: task ${task} refused: the pool is closed`);
      let answer: ThreadAnswer;
      try {
        answer = (await pool.run({ task, input }, { signal: AbortSignal.timeout(timeout) })) as ThreadAnswer;
      } catch (error) {
        throw taskError(task, error);
      }
      return ('json' in answer ? JSON.parse(answer.json) : answer.value) as ComputeTasks[T]['output'];
    },
    close() {
      closing ??= pool.close().catch(() => pool.destroy());
      return closing;
    },
  };
}
