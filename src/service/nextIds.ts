import type { IdGenerator } from '../ports.js';

/**
 * `count` new ids of `kind`, increasing: from the generator's `nextMany` when it has one (one round
 * trip to a database sequence for all the lines of an invoice), else from `count` calls of `next`.
 *
 * @example
 * ```ts
 * const [first, second] = await nextIds(ports.ids, 'invoice_line', 2);
 * ```
 */
export async function nextIds(ids: IdGenerator, kind: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  if (ids.nextMany !== undefined) {
    const taken = await ids.nextMany(kind, count);
    if (taken.length !== count)
      throw new Error(`the id generator gave ${String(taken.length)} ids of ${kind}, not ${String(count)}`);
    return taken;
  }
  const taken: number[] = [];
  // money-safe: a counter.
  for (let index = 0; index < count; index += 1) taken.push(await ids.next(kind));
  return taken;
}
