/**
 * Ids (ports.ts `IdGenerator`) from counters, one per kind, as a database sequence per table would
 * give them: deterministic, so that a test can name the id a create will get.
 *
 * @module
 */
import type { IdGenerator } from '../../ports.js';

/**
 * Sequential ids: `start`, `start + 1`, … separately for each kind (`tax_report`, `ledger`, …), never
 * reused. `start` is a positive safe integer.
 *
 * @example
 * ```ts
 * const ids = sequentialIds();
 * await ids.next('ledger'); // 1
 * await ids.next('ledger'); // 2
 * await ids.next('tax_report'); // 1
 * ```
 */
export function sequentialIds(start = 1): IdGenerator {
  if (!Number.isSafeInteger(start) || start < 1)
    throw new RangeError(`sequentialIds: start must be a positive safe integer, not ${String(start)}`);
  const next = new Map<string, number>();
  return {
    async next(kind: string) {
      const id = next.get(kind) ?? start;
      if (!Number.isSafeInteger(id + 1))
        throw new RangeError(`sequentialIds: the ids of ${kind} are exhausted`);
      next.set(kind, id + 1);
      return id;
    },
  };
}
