/**
 * A binary min-heap, the job queue's index of due work: leasing the next job is O(log n) however
 * many jobs wait (a batch of 30,000 records enqueues as many jobs).
 *
 * @module
 */

/**
 * A binary min-heap ordered by `before(a, b)` (true when `a` comes first).
 *
 * @example
 * ```ts
 * const heap = new MinHeap<number>((a, b) => a < b);
 * heap.push(3);
 * heap.push(1);
 * heap.peek(); // 1
 * heap.pop(); // 1
 * heap.size; // 1
 * ```
 */
export class MinHeap<T> {
  readonly #items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  /** How many items it holds. */
  get size(): number {
    return this.#items.length;
  }

  /** The first item, or undefined when empty. */
  peek(): T | undefined {
    return this.#items[0];
  }

  /** Adds an item. */
  push(item: T): void {
    const items = this.#items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      // money-safe: heap indices, not amounts.
      const parent = (index - 1) >>> 1;
      const above = items[parent] as T;
      if (!this.before(item, above)) break;
      items[index] = above;
      index = parent;
    }
    items[index] = item;
  }

  /** Removes and answers the first item, or undefined when empty. */
  pop(): T | undefined {
    const items = this.#items;
    const first = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return first;
    let index = 0;
    const length = items.length;
    for (;;) {
      // money-safe: heap indices, not amounts.
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && this.before(items[right] as T, items[left] as T) ? right : left;
      const below = items[child] as T;
      if (!this.before(below, last)) break;
      items[index] = below;
      index = child;
    }
    items[index] = last;
    return first;
  }
}
