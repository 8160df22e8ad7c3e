/**
 * A {@link Cache} on a PostgreSQL table (issue #10: the TIN cache port), shared by every process of a
 * fleet: a census answer one worker got is there for the others for 24 hours (spec §4.3). Expiry is
 * judged by the injected clock, never the database's, so a test moves past a TTL by advancing its
 * clock, and every process agrees with the clock the services use.
 *
 * @module
 */
import type { Pool } from 'pg';
import type { Cache, Clock } from '../../ports.js';
import { decodeJson, encodeJson, escapeText } from './json.js';
import { statement } from './statements.js';
import { qualifiedName, TIN_CACHE_TABLE } from './tables.js';

/** Options of {@link postgresCache}. */
export interface PostgresCacheOptions {
  /** Judges expiry. */
  clock: Clock;
  /**
   * The table: `tin_cache` (created by `migrate`) by default, or another of its shape (`key text
   * collate "C" primary key, value text not null, expires_at bigint not null`) for another cache.
   */
  table?: string;
  /** The schema of the table; default the connection's `search_path`. */
  schema?: string;
  /**
   * How often (by the clock) a write also deletes the expired entries, which reads already ignore;
   * default an hour.
   */
  purge_every_ms?: number;
}

/** A {@link Cache} on PostgreSQL, with a way to delete the expired entries now. */
export interface PostgresCache<V> extends Cache<V> {
  /** Deletes the entries expired by the clock's now; answers how many. */
  purge(): Promise<number>;
}

const HOUR_MS = 3_600_000;

/**
 * A cache on PostgreSQL. An entry written at `t` with `ttl_ms` is stored with `expires_at = t +
 * ttl_ms` (milliseconds, `bigint`) and answered while the clock reads less than that, so a TTL of 0
 * stores nothing readable. Writing a key again replaces its value and expiry (an upsert, the last of
 * duplicates in one call winning). `getMany` and `setMany` are one statement each whatever the number
 * of keys (20,000 for a large TIN verification). Values are stored as `json.ts` encodes them and
 * decoded afresh on every read: a reader cannot change the cache through what it gets. Keys may hold
 * any character (census keys hold a NUL, `censusCacheKey`): they are escaped for PostgreSQL text.
 * Expired entries are deleted by a write at most every `purge_every_ms`, or by {@link PostgresCache.purge}.
 *
 * @example
 * ```ts
 * const cache = postgresCache<CensusAnswer>(pool, { clock: systemClock() });
 * await cache.setMany([['B12345674\u0000ACME SL', { name: 'ACME SL', result: 'IDENTIFICADO' }]], 86_400_000);
 * await cache.getMany(['B12345674\u0000ACME SL', 'other']); // [{ name: 'ACME SL', … }, undefined]
 * ```
 */
export function postgresCache<V>(pool: Pick<Pool, 'query'>, options: PostgresCacheOptions): PostgresCache<V> {
  const { clock } = options;
  const purgeEvery = options.purge_every_ms ?? HOUR_MS;
  if (!Number.isSafeInteger(purgeEvery) || purgeEvery < 0)
    throw new RangeError(`purge_every_ms must be a non-negative integer, not ${String(purgeEvery)}`);
  const table = qualifiedName(options.table ?? TIN_CACHE_TABLE, options.schema);
  const sql = {
    get: `select key, value from ${table} where key = any($1::text[]) and expires_at > $2`,
    set: `insert into ${table} (key, value, expires_at)
select key, value, $3 from unnest($1::text[], $2::text[]) as written (key, value)
on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
    purge: `delete from ${table} where expires_at <= $1`,
  };
  let purgedAt = clock.now();

  const purge = async (now: number): Promise<number> => {
    purgedAt = now;
    return (await pool.query(statement(sql.purge, [now]))).rowCount ?? 0;
  };

  return {
    async getMany(keys: readonly string[]): Promise<(V | undefined)[]> {
      if (keys.length === 0) return [];
      const escaped = keys.map(escapeText);
      const { rows } = await pool.query<{ key: string; value: string }>(
        statement(sql.get, [[...new Set(escaped)], clock.now()]),
      );
      const found = new Map<string, string>();
      for (const row of rows) found.set(row.key, row.value);
      return escaped.map((key) => {
        const value = found.get(key);
        return value === undefined ? undefined : (decodeJson(value) as V);
      });
    },

    async setMany(entries: readonly (readonly [string, V])[], ttl_ms: number): Promise<void> {
      if (!Number.isSafeInteger(ttl_ms) || ttl_ms < 0)
        throw new RangeError(`ttl_ms must be a non-negative integer, not ${String(ttl_ms)}`);
      const now = clock.now();
      if (entries.length > 0) {
        // One row per key, the last written winning: an upsert may not touch a row twice.
        const latest = new Map<string, string>();
        for (const [key, value] of entries) {
          const escaped = escapeText(key);
          latest.delete(escaped);
          latest.set(escaped, encodeJson(value));
        }
        // money-safe: milliseconds since the epoch plus a duration, both safe integers.
        const expires_at = now + ttl_ms;
        await pool.query(statement(sql.set, [[...latest.keys()], [...latest.values()], expires_at]));
      }
      // money-safe: milliseconds between two instants.
      if (now - purgedAt >= purgeEvery) await purge(now);
    },

    purge: () => purge(clock.now()),
  };
}
