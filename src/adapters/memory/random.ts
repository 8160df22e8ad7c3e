/**
 * Random bytes (ports.ts `RandomSource`): Web Crypto for a real service (webhook signing secrets must
 * be unguessable), and a seeded generator for tests that want the same secret on every run.
 *
 * @module
 */
import type { RandomSource } from '../../ports.js';

function checkLength(length: number): void {
  if (!Number.isSafeInteger(length) || length < 0)
    throw new RangeError(`a byte count is a non-negative integer, not ${String(length)}`);
}

/** Web Crypto fills at most 65,536 bytes a call. */
const MAX_WEB_CRYPTO_BYTES = 65_536;

/**
 * Cryptographically secure bytes from Web Crypto (`globalThis.crypto.getRandomValues`, present in
 * Node 20, browsers, Deno, Bun and workers): the default of `memoryPorts`, because a webhook secret
 * from a predictable source could be forged.
 *
 * @example
 * ```ts
 * webCryptoRandom().bytes(32); // Uint8Array(32) [ 93, 7, 201, … ]
 * ```
 */
export function webCryptoRandom(): RandomSource {
  return {
    bytes(length: number) {
      checkLength(length);
      const bytes = new Uint8Array(length);
      for (let start = 0; start < length; start += MAX_WEB_CRYPTO_BYTES)
        globalThis.crypto.getRandomValues(bytes.subarray(start, start + MAX_WEB_CRYPTO_BYTES));
      return bytes;
    },
  };
}

/**
 * Deterministic bytes from a 32-bit seed (the mulberry32 generator): the same seed gives the same
 * bytes on every run, so a test can predict a webhook secret. Not secure; never for a real service.
 *
 * @example
 * ```ts
 * const a = seededRandom(7).bytes(4);
 * const b = seededRandom(7).bytes(4);
 * a.join() === b.join(); // true
 * ```
 */
export function seededRandom(seed = 1): RandomSource {
  if (!Number.isSafeInteger(seed))
    throw new RangeError(`seededRandom: the seed must be an integer, not ${String(seed)}`);
  let state = seed >>> 0;
  /** The next 32 random bits (mulberry32, by Tommy Ettinger: integer mixing, no floats). */
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return (mixed ^ (mixed >>> 14)) >>> 0;
  };
  return {
    bytes(length: number) {
      checkLength(length);
      const bytes = new Uint8Array(length);
      for (let index = 0; index < length; index += 4) {
        const word = next();
        for (let shift = 0; shift < 4 && index + shift < length; shift += 1)
          bytes[index + shift] = (word >>> (shift << 3)) & 0xff;
      }
      return bytes;
    },
  };
}
