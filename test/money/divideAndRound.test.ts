import { describe, expect, it } from 'vitest';
import { divideAndRound, ROUNDING_METHODS, type RoundingMethod } from '../../src/index.js';
import { divisor, roundQuotient } from '../../src/money/divideAndRound.js';

/** Expected results per method, for `numerator / denominator`. */
type Row = [numerator: bigint, denominator: bigint, expected: Record<RoundingMethod, bigint>];

const row = (
  numerator: bigint,
  denominator: bigint,
  half_up: bigint,
  half_even: bigint,
  down: bigint,
  half_ceil: bigint,
): Row => [numerator, denominator, { half_up, half_even, down, half_ceil }];

describe('divideAndRound', () => {
  const ties: Row[] = [
    //          n      d   half_up half_even down half_ceil
    row(1005n, 10n, 101n, 100n, 100n, 101n), // 100.5
    row(1015n, 10n, 102n, 102n, 101n, 102n), // 101.5: the even neighbour is above
    row(-1005n, 10n, -101n, -100n, -100n, -100n), // -100.5
    row(-1015n, 10n, -102n, -102n, -101n, -101n), // -101.5
    row(5n, 10n, 1n, 0n, 0n, 1n), // 0.5
    row(-5n, 10n, -1n, 0n, 0n, 0n), // -0.5
    row(25n, 10n, 3n, 2n, 2n, 3n), // 2.5
    row(-25n, 10n, -3n, -2n, -2n, -2n), // -2.5
    row(-35n, 10n, -4n, -4n, -3n, -3n), // -3.5: the even neighbour is away from zero
    row(1n, 2n, 1n, 0n, 0n, 1n), // 0.5 with the smallest even divisor
  ];
  const nonTies: Row[] = [
    row(1004n, 10n, 100n, 100n, 100n, 100n), // 100.4
    row(1006n, 10n, 101n, 101n, 100n, 101n), // 100.6
    row(-1004n, 10n, -100n, -100n, -100n, -100n),
    row(-1006n, 10n, -101n, -101n, -100n, -101n),
    row(14999n, 100n, 150n, 150n, 149n, 150n), // 149.99
    row(-10049n, 100n, -100n, -100n, -100n, -100n), // -100.49: just below the tie
    row(-10051n, 100n, -101n, -101n, -100n, -101n), // -100.51: just above the tie
  ];
  const exact: Row[] = [
    row(1000n, 10n, 100n, 100n, 100n, 100n),
    row(-1000n, 10n, -100n, -100n, -100n, -100n),
    row(0n, 7n, 0n, 0n, 0n, 0n),
    row(42n, 1n, 42n, 42n, 42n, 42n),
  ];
  const negativeDenominators: Row[] = [
    row(1005n, -10n, -101n, -100n, -100n, -100n), // -100.5
    row(-1005n, -10n, 101n, 100n, 100n, 101n), // 100.5
    row(1006n, -10n, -101n, -101n, -100n, -101n), // -100.6
    row(-1000n, -10n, 100n, 100n, 100n, 100n),
  ];
  // An odd denominator can never produce an exact half: every method but `down` goes to the nearest.
  const oddDenominators: Row[] = [
    row(1n, 3n, 0n, 0n, 0n, 0n), // 0.333…
    row(2n, 3n, 1n, 1n, 0n, 1n), // 0.666…
    row(-2n, 3n, -1n, -1n, 0n, -1n),
    row(-1n, 3n, 0n, 0n, 0n, 0n),
    row(7n, 5n, 1n, 1n, 1n, 1n), // 1.4
    row(8n, 5n, 2n, 2n, 1n, 2n), // 1.6
    row(-8n, 5n, -2n, -2n, -1n, -2n),
    row(50n, 101n, 0n, 0n, 0n, 0n), // 0.495…
    row(51n, 101n, 1n, 1n, 0n, 1n), // 0.504…
    row(-51n, 101n, -1n, -1n, 0n, -1n),
  ];

  const groups: [string, Row[]][] = [
    ['ties', ties],
    ['non-ties', nonTies],
    ['exact divisions', exact],
    ['negative denominators', negativeDenominators],
    ['odd denominators (no ties possible)', oddDenominators],
  ];
  for (const [title, rows] of groups) {
    describe(title, () => {
      for (const method of ROUNDING_METHODS) {
        it.each(rows)(`${method}: %s / %s`, (numerator, denominator, expected) => {
          expect(divideAndRound(numerator, denominator, method)).toBe(expected[method]);
        });
      }
    });
  }

  it('keeps exact results of numbers beyond 2^53', () => {
    // 12345678901234567890.5 → ties away from zero / to even
    expect(divideAndRound(123456789012345678905n, 10n, 'half_up')).toBe(12345678901234567891n);
    expect(divideAndRound(123456789012345678905n, 10n, 'half_even')).toBe(12345678901234567890n);
  });

  it('throws a RangeError on division by zero, for every method', () => {
    for (const method of ROUNDING_METHODS) {
      expect(() => divideAndRound(1n, 0n, method)).toThrow(RangeError);
      expect(() => divideAndRound(0n, 0n, method)).toThrow(/division by zero/);
    }
  });
});

describe('divisor', () => {
  it('precomputes the half and whether the divisor is even', () => {
    expect(divisor(100n)).toEqual({ value: 100n, half: 50n, negativeHalf: -50n, even: true });
    expect(divisor(7n)).toEqual({ value: 7n, half: 3n, negativeHalf: -3n, even: false });
    expect(divisor(1n)).toEqual({ value: 1n, half: 0n, negativeHalf: -0n, even: false });
  });

  it('returns the same cached object for a repeated divisor', () => {
    expect(divisor(1000n)).toBe(divisor(1000n));
  });

  it('rejects zero and negative divisors with a RangeError', () => {
    expect(() => divisor(0n)).toThrow(RangeError);
    expect(() => divisor(-10n)).toThrow(/must be positive/);
  });
});

describe('roundQuotient', () => {
  // quotient and remainder are those of truncating division (remainder carries the numerator's sign).
  it('rounds 100.5 (quotient 100, remainder 5 of 10) per method', () => {
    const d = divisor(10n);
    expect(roundQuotient(100n, 5n, d, 'half_up')).toBe(101n);
    expect(roundQuotient(100n, 5n, d, 'half_even')).toBe(100n);
    expect(roundQuotient(100n, 5n, d, 'down')).toBe(100n);
    expect(roundQuotient(100n, 5n, d, 'half_ceil')).toBe(101n);
  });

  it('rounds -100.5 (quotient -100, remainder -5 of 10) per method', () => {
    const d = divisor(10n);
    expect(roundQuotient(-100n, -5n, d, 'half_up')).toBe(-101n);
    expect(roundQuotient(-100n, -5n, d, 'half_even')).toBe(-100n);
    expect(roundQuotient(-100n, -5n, d, 'down')).toBe(-100n);
    expect(roundQuotient(-100n, -5n, d, 'half_ceil')).toBe(-100n);
  });

  it('goes away from zero above the half and stays below it', () => {
    const d = divisor(10n);
    for (const method of ['half_up', 'half_even', 'half_ceil'] as const) {
      expect(roundQuotient(3n, 6n, d, method)).toBe(4n);
      expect(roundQuotient(-3n, -6n, d, method)).toBe(-4n);
      expect(roundQuotient(3n, 4n, d, method)).toBe(3n);
      expect(roundQuotient(-3n, -4n, d, method)).toBe(-3n);
    }
  });

  it('never treats a remainder as a tie for an odd divisor', () => {
    const d = divisor(5n);
    // remainder 2 of 5 is 0.4: below the half for every method.
    expect(roundQuotient(0n, 2n, d, 'half_up')).toBe(0n);
    expect(roundQuotient(0n, 2n, d, 'half_ceil')).toBe(0n);
    expect(roundQuotient(0n, -2n, d, 'half_up')).toBe(0n);
    // remainder 3 of 5 is 0.6: above.
    expect(roundQuotient(0n, 3n, d, 'half_even')).toBe(1n);
    expect(roundQuotient(0n, -3n, d, 'half_even')).toBe(-1n);
  });

  it('returns the quotient unchanged for a zero remainder', () => {
    const d = divisor(10n);
    for (const method of ROUNDING_METHODS) expect(roundQuotient(-7n, 0n, d, method)).toBe(-7n);
  });
});

describe('divideAndRound against a floating-point oracle (small exact quotients)', () => {
  // For |n| ≤ 60 and d ≤ 8, n / d is computed exactly enough in binary floating point that the
  // nearest-integer decisions below are reliable; exact halves are representable.
  const oracle: Record<RoundingMethod, (x: number) => number> = {
    half_up: (x) => Math.sign(x) * Math.floor(Math.abs(x) + 0.5),
    half_even: (x) => {
      const floor = Math.floor(x);
      const diff = x - floor;
      if (diff < 0.5) return floor;
      if (diff > 0.5) return floor + 1;
      return floor % 2 === 0 ? floor : floor + 1;
    },
    down: (x) => Math.trunc(x),
    half_ceil: (x) => Math.floor(x + 0.5),
  };
  for (const method of ROUNDING_METHODS) {
    it(`${method} matches for n in -60..60 and d in ±1..8`, () => {
      for (let n = -60; n <= 60; n++) {
        for (let d = 1; d <= 8; d++) {
          for (const sign of [1, -1]) {
            const expected = oracle[method](n / (sign * d)) + 0; // + 0 turns -0 into 0
            expect(divideAndRound(BigInt(n), BigInt(sign * d), method), `${n} / ${sign * d}`).toBe(
              BigInt(expected),
            );
          }
        }
      }
    });
  }
});
