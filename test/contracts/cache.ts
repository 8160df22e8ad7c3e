/**
 * The contract of the `Cache` port (ports.ts "Cache"): bulk reads in key order, expiry at exactly
 * `ttl_ms` by the adapter's clock, snapshots. Register it from a `*.test.ts` file with a factory that
 * gives a fresh, empty cache and the clock it judges expiry by.
 */
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../src/ports.js';

/** The values the contract caches (census answers have this shape). */
export interface CachedAnswer {
  name: string;
  result: string;
}

/** A cache under test and its controllable clock. */
export interface CacheSubject {
  /** Empty. */
  cache: Cache<CachedAnswer>;
  /** The clock the cache judges expiry by. */
  clock: { now(): number; advance(ms: number): void };
}

const answer = (name: string): CachedAnswer => ({ name, result: 'IDENTIFICADO' });

/**
 * Registers the cache contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeCacheContract('memoryCache', () => {
 *   const clock = manualClock();
 *   return { cache: memoryCache({ clock }), clock };
 * });
 * ```
 */
export function describeCacheContract(name: string, make: () => CacheSubject | Promise<CacheSubject>): void {
  describe(`Cache contract: ${name}`, () => {
    it('answers the values of the keys in order, undefined for the absent ones', async () => {
      const { cache } = await make();
      expect(await cache.getMany([])).toEqual([]);
      expect(await cache.getMany(['a'])).toEqual([undefined]);
      await cache.setMany(
        [
          ['a', answer('A')],
          ['b\u0000name', answer('B')],
        ],
        60_000,
      );
      expect(await cache.getMany(['b\u0000name', 'missing', 'a', 'a'])).toEqual([
        answer('B'),
        undefined,
        answer('A'),
        answer('A'),
      ]);
    });

    it('expires an entry exactly ttl_ms after it was written, by the clock', async () => {
      const { cache, clock } = await make();
      await cache.setMany([['a', answer('A')]], 1_000);
      clock.advance(400);
      await cache.setMany([['b', answer('B')]], 1_000);
      clock.advance(599);
      expect(await cache.getMany(['a', 'b'])).toEqual([answer('A'), answer('B')]);
      clock.advance(1);
      expect(await cache.getMany(['a', 'b'])).toEqual([undefined, answer('B')]);
      clock.advance(399);
      expect(await cache.getMany(['b'])).toEqual([answer('B')]);
      clock.advance(1);
      expect(await cache.getMany(['a', 'b'])).toEqual([undefined, undefined]);
    });

    it('replaces a key’s value and expiry when it is written again', async () => {
      const { cache, clock } = await make();
      await cache.setMany([['a', answer('old')]], 1_000);
      clock.advance(900);
      await cache.setMany([['a', answer('new')]], 1_000);
      clock.advance(900);
      expect(await cache.getMany(['a'])).toEqual([answer('new')]);
      clock.advance(100);
      expect(await cache.getMany(['a'])).toEqual([undefined]);
    });

    it('keeps a snapshot: changing a written or read value changes nothing cached', async () => {
      const { cache } = await make();
      const value = answer('A');
      await cache.setMany([['a', value]], 60_000);
      value.name = 'changed';
      const [read] = await cache.getMany(['a']);
      try {
        if (read !== undefined) read.name = 'changed again';
      } catch {
        // Frozen: also fine.
      }
      expect(await cache.getMany(['a'])).toEqual([answer('A')]);
    });

    it('takes many keys at once', async () => {
      const { cache } = await make();
      const keys = Array.from(
        { length: 20_000 },
        (_, index) => `B${String(index).padStart(8, '0')}\u0000name`,
      );
      await cache.setMany(
        keys.map((key) => [key, answer(key)] as const),
        86_400_000,
      );
      const read = await cache.getMany([...keys].reverse());
      expect(read).toHaveLength(20_000);
      expect(read[0]).toEqual(answer(keys[19_999] as string));
      expect(read[19_999]).toEqual(answer(keys[0] as string));
    });
  });
}
