import { describe, expect, it } from 'vitest';
import { memoryCache } from '../../../src/adapters/memory/cache.js';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import { type CachedAnswer, describeCacheContract } from '../../contracts/cache.js';

describeCacheContract('memoryCache', () => {
  const clock = manualClock();
  return { cache: memoryCache<CachedAnswer>({ clock }), clock };
});

describe('memoryCache specifics', () => {
  it('evicts the oldest-written entries beyond max_entries; a rewrite makes a key the newest', async () => {
    const clock = manualClock();
    const cache = memoryCache<number>({ clock, max_entries: 3 });
    await cache.setMany(
      [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
      60_000,
    );
    await cache.setMany([['a', 10]], 60_000);
    await cache.setMany([['d', 4]], 60_000);
    expect(await cache.getMany(['a', 'b', 'c', 'd'])).toEqual([10, undefined, 3, 4]);
  });

  it('hands out frozen values', async () => {
    const cache = memoryCache<{ name: string }>({ clock: manualClock() });
    await cache.setMany([['a', { name: 'A' }]], 1_000);
    const [value] = await cache.getMany(['a']);
    expect(Object.isFrozen(value)).toBe(true);
  });

  it('stores nothing readable with a TTL of 0, and refuses a negative TTL or max_entries of 0', async () => {
    const cache = memoryCache<number>({ clock: manualClock() });
    await cache.setMany([['a', 1]], 0);
    expect(await cache.getMany(['a'])).toEqual([undefined]);
    await expect(cache.setMany([['a', 1]], -1)).rejects.toThrow(RangeError);
    expect(() => memoryCache({ clock: manualClock(), max_entries: 0 })).toThrow(RangeError);
  });
});
