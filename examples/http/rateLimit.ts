/**
 * A token bucket per API key (spec §8: "exceeding it returns HTTP 429; the threshold and window are
 * not shown"; api-notes.md §7: 429 with no code). `capacity` requests may come at once, refilled at
 * `per_second`; a request finding the bucket empty is refused and told when to retry.
 */

/** A rate limiter: `take(key)` answers 0 when the request may go, else the seconds to wait. */
export interface RateLimiter {
  take(key: string): number;
}

/**
 * A token bucket per key, in memory (one process; a fleet would keep the buckets in a shared store).
 *
 * @example
 * ```ts
 * const limiter = tokenBucket({ capacity: 2, per_second: 1 }, () => now);
 * limiter.take('k'); // 0
 * limiter.take('k'); // 0
 * limiter.take('k'); // 1: wait a second
 * ```
 */
export function tokenBucket(
  settings: { capacity: number; per_second: number },
  now: () => number,
): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: settings.capacity, at: time };
      // money-safe: token counts and seconds, not amounts.
      const tokens = Math.min(
        settings.capacity,
        bucket.tokens + ((time - bucket.at) / 1000) * settings.per_second,
      );
      if (tokens >= 1) {
        buckets.set(key, { tokens: tokens - 1, at: time });
        return 0;
      }
      buckets.set(key, { tokens, at: time });
      return Math.ceil((1 - tokens) / settings.per_second); // money-safe: seconds to wait
    },
  };
}
