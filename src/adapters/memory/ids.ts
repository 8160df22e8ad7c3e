/**
 * Ids (ports.ts `IdGenerator`) from counters, one per kind, as a database sequence per table would
 * give them: deterministic, so that a test can name the id a create will get.
 *
 * @module
 */
import type { IdGenerator } from '../../ports.js';

/** A count of ids: a non-negative safe integer. */
function checkCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`a count of ids must be a non-negative integer, not ${String(count)}`);
}

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
 * await ids.nextMany('ledger', 3); // [3, 4, 5]
 * ```
 */
export function sequentialIds(start = 1): IdGenerator {
  if (!Number.isSafeInteger(start) || start < 1)
    throw new RangeError(`sequentialIds: start must be a positive safe integer, not ${String(start)}`);
  const next = new Map<string, number>();
  const take = (kind: string): number => {
    const id = next.get(kind) ?? start;
    if (!Number.isSafeInteger(id + 1))
      throw new RangeError(`sequentialIds: the ids of ${kind} are exhausted`);
    next.set(kind, id + 1);
    return id;
  };
  return {
    async next(kind: string) {
      return take(kind);
    },
    async nextMany(kind: string, count: number) {
      checkCount(count);
      return Array.from({ length: count }, () => take(kind));
    },
  };
}
