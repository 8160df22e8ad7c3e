/**
 * The PostgreSQL TIN cache (issue #10) against the Cache contract, judged by a manual clock, plus what
 * only a shared table shows: two processes (pools) seeing each other's entries, and the purge of
 * expired entries. One fresh schema for this file (`support.ts`), dropped at the end.
 */
import { LosslessNumber } from 'lossless-json';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import { postgresCache } from '../../../src/adapters/postgres/cache.js';
import { type CachedAnswer, describeCacheContract } from '../../contracts/cache.js';
import { DATABASE_URL, type PgTestContext, pgTestContext, schemaPool, suiteName } from './support.js';

let shared: Promise<PgTestContext> | undefined;
/** This file's schema, made on first use. */
const context = (): Promise<PgTestContext> => {
  shared ??= pgTestContext();
  return shared;
};

afterAll(async () => {
  if (shared !== undefined) await (await shared).cleanup();
});

/** The pool of this file's schema, its cache table emptied. */
async function emptied() {
  const { pool } = await context();
  await pool.query('delete from tin_cache');
  return pool;
}

const count = async () => {
  const { pool } = await context();
  const { rows } = await pool.query<{ n: number }>('select count(*)::integer as n from tin_cache');
  return rows[0]?.n;
};

describe.skipIf(DATABASE_URL === undefined)(suiteName('postgresCache'), () => {
  describeCacheContract('postgresCache', async () => {
    const pool = await emptied();
    const clock = manualClock();
    return { cache: postgresCache<CachedAnswer>(pool, { clock }), clock };
  });

  describe('postgresCache specifics', () => {
    it('is shared by every process on the table, each judging expiry by its clock', async () => {
      const { schema } = await context();
      await emptied();
      const other = schemaPool(schema);
      try {
        const clock = manualClock();
        const first = postgresCache<CachedAnswer>((await context()).pool, { clock });
        const second = postgresCache<CachedAnswer>(other, { clock });
        await first.setMany([['B12345674\u0000ACME SL', { name: 'ACME SL', result: 'IDENTIFICADO' }]], 1_000);
        expect(await second.getMany(['B12345674\u0000ACME SL'])).toEqual([
          { name: 'ACME SL', result: 'IDENTIFICADO' },
        ]);
        clock.advance(1_000);
        expect(await second.getMany(['B12345674\u0000ACME SL'])).toEqual([undefined]);
      } finally {
        await other.end();
      }
    });

    it('keeps the last of a key written twice in one call, and keys with odd characters apart', async () => {
      const pool = await emptied();
      const cache = postgresCache<number>(pool, { clock: manualClock() });
      await cache.setMany(
        [
          ['a', 1],
          ['a\u0000', 2],
          ['a\\u0000', 3],
          ['a', 4],
        ],
        60_000,
      );
      expect(await cache.getMany(['a', 'a\u0000', 'a\\u0000', 'a\ud800'])).toEqual([4, 2, 3, undefined]);
    });

    it('keeps lossless numbers, and answers fresh values on every read', async () => {
      const pool = await emptied();
      const cache = postgresCache<{ amount: LosslessNumber }>(pool, { clock: manualClock() });
      await cache.setMany([['a', { amount: new LosslessNumber('1.50') }]], 60_000);
      const [first] = await cache.getMany(['a']);
      const [second] = await cache.getMany(['a']);
      expect(first).not.toBe(second);
      expect(first?.amount).toBeInstanceOf(LosslessNumber);
      expect(first?.amount.value).toBe('1.50');
    });

    it('stores nothing readable with a TTL of 0, and refuses a negative TTL', async () => {
      const pool = await emptied();
      const cache = postgresCache<number>(pool, { clock: manualClock() });
      await cache.setMany([['a', 1]], 0);
      expect(await cache.getMany(['a'])).toEqual([undefined]);
      await expect(cache.setMany([['a', 1]], -1)).rejects.toThrow(RangeError);
      await expect(cache.setMany([['a', 1]], 1.5)).rejects.toThrow(RangeError);
      expect(() => postgresCache(pool, { clock: manualClock(), purge_every_ms: -1 })).toThrow(RangeError);
    });

    it('deletes expired entries on purge, and on a write once purge_every_ms has passed', async () => {
      const pool = await emptied();
      const clock = manualClock();
      const cache = postgresCache<number>(pool, { clock, purge_every_ms: 10_000 });
      await cache.setMany(
        [
          ['short', 1],
          ['other', 2],
        ],
        1_000,
      );
      await cache.setMany([['long', 3]], 60_000);
      clock.advance(1_000);
      expect(await cache.purge()).toBe(2);
      expect(await count()).toBe(1);
      await cache.setMany([['short', 1]], 1_000);
      clock.advance(5_000);
      // Not yet: the last purge was 5 s ago by the clock.
      await cache.setMany([['x', 1]], 60_000);
      expect(await count()).toBe(3);
      clock.advance(5_000);
      await cache.setMany([['y', 1]], 60_000);
      expect(await count()).toBe(3);
      expect(await cache.getMany(['short', 'long', 'x', 'y'])).toEqual([undefined, 3, 1, 1]);
    });
  });
});
