/**
 * Coalescing of concurrent calls into one statement, for the PostgreSQL adapters (issue #10). On a
 * busy service most of the cost of a statement is its round trip — a write to the socket, a wake-up
 * of the server process, a read — not the rows it touches, so the calls of many requests in flight
 * (each inserting its request log, reading its account) are cheaper served together.
 *
 * @module
 */

/** A call waiting for the next batch. */
interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * A function that serves each call through `serve`, called with every call made in the same turn of
 * the event loop and every call that arrived while the previous batch was being served — one batch
 * in flight at a time. `serve` answers one outcome per input, in order: an error for one input fails
 * that call alone; a thrown error fails the whole batch.
 *
 * A call is never served by a batch sent before it was made, so a caller that awaited a write and
 * then reads sees its write, as it would with one statement per call; calls of different callers
 * that run at the same time had no order to keep. `max_batch` bounds a batch (the rest wait for the
 * next).
 *
 * @example
 * ```ts
 * const get = coalesce<number, Row | null>(async (ids) => {
 *   const rows = await readMany(ids);
 *   return ids.map((id) => rows.get(id) ?? null);
 * });
 * const [a, b] = await Promise.all([get(1), get(2)]); // one statement
 * ```
 */
export function coalesce<I, O>(
  serve: (inputs: readonly I[]) => Promise<readonly (O | Failed)[]>,
  max_batch = 500,
): (input: I) => Promise<O> {
  let waiting: Waiting<I, O>[] = [];
  let busy = false;

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, max_batch);
        waiting = waiting.slice(batch.length);
        try {
          const outcomes = await serve(batch.map((call) => call.input));
          batch.forEach((call, index) => {
            const outcome = outcomes[index];
            if (outcome instanceof Failed) call.reject(outcome.error);
            else if (index < outcomes.length) call.resolve(outcome as O);
            else
              call.reject(
                new Error(`a batch of ${String(batch.length)} was answered ${String(outcomes.length)} times`),
              );
          });
        } catch (error) {
          for (const call of batch) call.reject(error);
        }
      }
    } finally {
      busy = false;
    }
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!busy) {
        busy = true;
        queueMicrotask(() => void drain());
      }
    });
}

/**
 * The outcome of one call of a batch that failed on its own ({@link coalesce}).
 *
 * @example
 * ```ts
 * return ids.map((id) => (rows.has(id) ? rows.get(id) : new Failed(new RecordMissingError(id))));
 * ```
 */
export class Failed {
  constructor(readonly error: unknown) {}
}

/**
 * Whether PostgreSQL refused a statement (a `DatabaseError` carries a five-character SQLSTATE): it
 * then took no effect, and its calls may be made again one by one. A connection lost mid-statement
 * may have committed it: its calls fail with that error, as each would alone.
 *
 * @example
 * ```ts
 * refusedByServer(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })); // true
 * refusedByServer(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })); // false
 * ```
 */
export function refusedByServer(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Serves a batch of writes in call order: cut into runs in which no `identity` (a key, an id; null is
 * none) comes twice, each run served together through `together` (or alone, for a run of one), one
 * run after another — so a call that names what an earlier one named meets what that one did, as one
 * by one. A run the server refuses is served one call at a time; a run that fails otherwise (the
 * connection lost) fails its calls and the later runs' calls, while the earlier runs keep their answers.
 *
 * @example
 * ```ts
 * const outcomes = await inRuns(calls, (call) => String(call.id), updateOne, async (run) =>
 *   (await updateAll(run)).map((result) => Promise.resolve(result)),
 * );
 * ```
 */
export async function inRuns<C, O>(
  calls: readonly C[],
  identity: (call: C) => string | null,
  alone: (call: C) => Promise<O>,
  together: (run: readonly C[]) => Promise<Promise<O | Failed>[]>,
): Promise<(O | Failed)[]> {
  const runs: C[][] = [];
  let current: C[] = [];
  let seen = new Set<string>();
  for (const call of calls) {
    const name = identity(call);
    if (name !== null && seen.has(name)) {
      runs.push(current);
      current = [];
      seen = new Set();
    }
    if (name !== null) seen.add(name);
    current.push(call);
  }
  runs.push(current);
  const outcomes: (O | Failed)[] = [];
  for (const [index, run] of runs.entries()) {
    if (run.length === 1) {
      outcomes.push(await settled(alone(run[0] as C)));
      continue;
    }
    let answers: Promise<O | Failed>[] | null = null;
    try {
      answers = await together(run);
    } catch (error) {
      if (!refusedByServer(error)) {
        // A lost connection (issue #24): the earlier runs are done and answer what they did; this run
        // and the later ones fail with the error, as each call would alone.
        for (const rest of runs.slice(index)) for (const _call of rest) outcomes.push(new Failed(error));
        return outcomes;
      }
    }
    if (answers !== null) outcomes.push(...(await Promise.all(answers)));
    else for (const call of run) outcomes.push(await settled(alone(call)));
  }
  return outcomes;
}

/**
 * The outcome of a call as a batch answers it: its value, or its own error ({@link Failed}).
 *
 * @example
 * ```ts
 * const outcome = await settled(insertOne(call)); // the Inserted, or a Failed holding the error
 * ```
 */
export function settled<O>(promise: Promise<O>): Promise<O | Failed> {
  return promise.catch((error: unknown) => new Failed(error));
}
