/**
 * Long loops of a use case give the event loop back now and then (issue #24 item 1: "no request may
 * hold the event loop for more than about 100 ms at a time: stream or chunk long work"). Storing the
 * 4,400 reports of an imported ledger is 4,400 awaited writes, and over in-memory adapters an awaited
 * write never reaches the event loop: without a pause the whole loop is one block of hundreds of ms,
 * during which no other tenant's request is read.
 *
 * @module
 */

/** The host's timers, where it has them: the core is typed without any runtime's (DESIGN.md). */
const timers = globalThis as unknown as {
  setImmediate?: (callback: () => void) => unknown;
  setTimeout?: (callback: () => void, milliseconds: number) => unknown;
};

/**
 * Resolves once the event loop has had a turn (Node's `setImmediate`, else a zero `setTimeout`; at
 * once in a runtime with neither), so that I/O waiting meanwhile is served.
 *
 * @example
 * ```ts
 * await yieldToEventLoop(); // requests that arrived meanwhile have been read
 * ```
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (timers.setImmediate !== undefined) timers.setImmediate(resolve);
    else if (timers.setTimeout !== undefined) timers.setTimeout(resolve, 0);
    else resolve();
  });
}

/**
 * A step counter for a long loop: awaiting it yields to the event loop once every `every` steps
 * (default 100: about 10 ms of stored reports over in-memory adapters), and costs a resolved promise
 * otherwise.
 *
 * @example
 * ```ts
 * const step = yieldingEvery();
 * for (const record of records) {
 *   await step();
 *   await ports.store.taxReports.insert(record);
 * }
 * ```
 */
export function yieldingEvery(every = 100): () => Promise<void> {
  let steps = 0;
  return async () => {
    steps += 1;
    if (steps < every) return;
    steps = 0;
    await yieldToEventLoop();
  };
}
