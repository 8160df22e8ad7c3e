/**
 * `nextIds` (src/service/nextIds.ts): a generator's `nextMany` when it has one, `next` one by one
 * otherwise, and a generator that answers the wrong count refused.
 */
import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../../src/adapters/memory/ids.js';
import type { IdGenerator } from '../../src/ports.js';
import { nextIds } from '../../src/service/nextIds.js';

describe('nextIds', () => {
  it('asks nextMany once when the generator has it', async () => {
    const calls: string[] = [];
    const inner = sequentialIds();
    const ids: IdGenerator = {
      next: (kind) => {
        calls.push(`next ${kind}`);
        return inner.next(kind);
      },
      nextMany: (kind, count) => {
        calls.push(`nextMany ${kind} ${String(count)}`);
        return inner.nextMany?.(kind, count) ?? Promise.resolve([]);
      },
    };
    expect(await nextIds(ids, 'invoice_line', 3)).toEqual([1, 2, 3]);
    expect(await nextIds(ids, 'invoice_line', 0)).toEqual([]);
    expect(calls).toEqual(['nextMany invoice_line 3']);
  });

  it('falls back to next, in order, for a generator without nextMany', async () => {
    let n = 100;
    const ids: IdGenerator = { next: async () => ++n };
    expect(await nextIds(ids, 'invoice_line', 4)).toEqual([101, 102, 103, 104]);
  });

  it('refuses a generator that answers another count', async () => {
    const ids: IdGenerator = { next: async () => 1, nextMany: async () => [1] };
    await expect(nextIds(ids, 'invoice_line', 2)).rejects.toThrow('gave 1 ids of invoice_line, not 2');
  });
});
