/**
 * A cache in memory (ports.ts `Cache`), expiry judged by the injected clock so that a test moves
 * past a TTL by advancing the clock, not by waiting.
 *
 * @module
 */
import type { Cache, Clock } from '../../ports.js';
import { snapshot } from './snapshot.js';

/** Options of {@link memoryCache}. */
export interface MemoryCacheOptions {
  /** Judges expiry. */
  clock: Clock;
  /** Keep at most this many entries, evicting the oldest-written first; default no limit. */
  max_entries?: number;
}

interface CacheEntry<V> {
  readonly value: V;
  readonly expires_at: number;
}

/**
 * A cache in memory. An entry written at `t` with `ttl_ms` expires at `t + ttl_ms`: it is answered
 * while the clock reads less than that, and `undefined` from that instant on (so a TTL of 0 stores
 * nothing readable). Values are kept as {@link snapshot}s. With `max_entries`, writing beyond it evicts
 * the entries written longest ago (rewriting a key makes it the newest).
 *
 * @example
 * ```ts
 * const clock = manualClock();
 * const cache = memoryCache<CensusAnswer>({ clock });
 * await cache.setMany([['B12345674\u0000ACME SL', { name: 'ACME SL', result: 'IDENTIFICADO' }]], 86_400_000);
 * await cache.getMany(['B12345674\u0000ACME SL', 'other']); // [{ name: 'ACME SL', … }, undefined]
 * clock.advance(86_400_000);
 * await cache.getMany(['B12345674\u0000ACME SL']); // [undefined]
 * ```
 */
export function memoryCache<V>(options: MemoryCacheOptions): Cache<V> {
  const { clock, max_entries } = options;
  if (max_entries !== undefined && (!Number.isSafeInteger(max_entries) || max_entries < 1))
    throw new RangeError(`max_entries must be a positive integer, not ${String(max_entries)}`);
  /** In write order (a Map iterates in insertion order): the first entry is the oldest written. */
  const entries = new Map<string, CacheEntry<V>>();

  return {
    async getMany(keys: readonly string[]) {
      const now = clock.now();
      return keys.map((key) => {
        const entry = entries.get(key);
        if (entry === undefined) return undefined;
        if (now < entry.expires_at) return entry.value;
        entries.delete(key);
        return undefined;
      });
    },

    async setMany(written: readonly (readonly [string, V])[], ttl_ms: number) {
      if (!Number.isSafeInteger(ttl_ms) || ttl_ms < 0)
        throw new RangeError(`ttl_ms must be a non-negative integer, not ${String(ttl_ms)}`);
      const expires_at = clock.now() + ttl_ms;
      for (const [key, value] of written) {
        entries.delete(key);
        entries.set(key, { value: snapshot(value), expires_at });
      }
      if (max_entries === undefined) return;
      for (const key of entries.keys()) {
        if (entries.size <= max_entries) break;
        entries.delete(key);
      }
    },
  };
}
