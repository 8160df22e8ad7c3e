/**
 * The contract of the `Clock` port (ports.ts "Clock and ids"): milliseconds since the epoch as a
 * non-negative safe integer, never running back between two reads.
 */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/ports.js';

/**
 * Registers the clock contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeClockContract('systemClock', () => systemClock());
 * ```
 */
export function describeClockContract(name: string, make: () => Clock): void {
  describe(`Clock contract: ${name}`, () => {
    it('reads milliseconds since the epoch as a non-negative safe integer that never runs back', () => {
      const clock = make();
      let previous = clock.now();
      for (let index = 0; index < 1_000; index += 1) {
        const now = clock.now();
        expect(Number.isSafeInteger(now) && now >= 0).toBe(true);
        expect(now).toBeGreaterThanOrEqual(previous);
        previous = now;
      }
    });
  });
}
