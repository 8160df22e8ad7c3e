/** Instants from and to milliseconds by calendar arithmetic (src/model/instant.ts), held to the platform's Date. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantFromMillis, millisFromInstant } from '../../src/model/instant.js';
import { isTimestamp } from '../../src/model/timestamp.js';

const LAST_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z

describe('instantFromMillis / millisFromInstant', () => {
  it('writes the documented examples and the edges of the range', () => {
    expect(instantFromMillis(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(instantFromMillis(1_776_681_600_000)).toBe('2026-04-20T10:40:00.000Z');
    expect(instantFromMillis(951_782_400_000)).toBe('2000-02-29T00:00:00.000Z');
    expect(instantFromMillis(LAST_MS)).toBe('9999-12-31T23:59:59.999Z');
    expect(() => instantFromMillis(LAST_MS + 1)).toThrow(RangeError);
    expect(() => instantFromMillis(-1)).toThrow(RangeError);
    expect(() => instantFromMillis(1.5)).toThrow(RangeError);
  });

  it('reads instants with no fraction, milliseconds, or microseconds (truncated)', () => {
    expect(millisFromInstant('2026-04-20T10:40:00Z')).toBe(1_776_681_600_000);
    expect(millisFromInstant('2026-04-20T10:40:00.5Z')).toBe(1_776_681_600_500);
    expect(millisFromInstant('2026-04-20T10:40:00.123456Z')).toBe(1_776_681_600_123);
    expect(() => millisFromInstant('2026-02-30T00:00:00Z')).toThrow(RangeError);
    expect(() => millisFromInstant('2026-04-20T10:40:00+02:00')).toThrow(RangeError);
  });

  it('property: agrees with Date for every instant of 1970–9999, and the two are inverse', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LAST_MS }), (ms) => {
        const written = instantFromMillis(ms);
        expect(written).toBe(new Date(ms).toISOString());
        expect(isTimestamp(written)).toBe(true);
        expect(millisFromInstant(written)).toBe(ms);
      }),
      { numRuns: 2000 },
    );
  });
});
