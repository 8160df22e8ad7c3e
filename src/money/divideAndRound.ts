import { pow10 } from './fixedPoint.js';
import type { RoundingMethod } from './roundingMethod.js';

/**
 * A positive divisor with its half precomputed, so that deciding a rounding needs no extra bigint
 * allocation per call (the totals engine rounds several times per line).
 */
export interface Divisor {
  value: bigint;
  /** `⌊value / 2⌋`. */
  half: bigint;
  /** `−⌊value / 2⌋`. */
  negativeHalf: bigint;
  /** Whether `value` is even: only then can a remainder be an exact tie. */
  even: boolean;
}

const DIVISORS = new Map<bigint, Divisor>();

/**
 * The {@link Divisor} of a positive bigint (cached for the small set of divisors fiscalkit reuses:
 * powers of ten).
 *
 * @example
 * ```ts
 * divisor(100n); // { value: 100n, half: 50n, negativeHalf: -50n, even: true }
 * ```
 */
export function divisor(value: bigint): Divisor {
  let cached = DIVISORS.get(value);
  if (cached === undefined) {
    if (value <= 0n) throw new RangeError('divisor: must be positive');
    const half = value / 2n;
    cached = { value, half, negativeHalf: -half, even: value % 2n === 0n };
    if (DIVISORS.size < 256) DIVISORS.set(value, cached);
  }
  return cached;
}

const POWER_OF_TEN_DIVISORS: Divisor[] = [];

/**
 * The {@link Divisor} of `10^n`, cached by `n`. Rounding to a currency divides by a power of ten
 * once or twice per line, and an array index is cheaper than hashing a bigint key in
 * {@link divisor}'s map.
 *
 * @example
 * ```ts
 * powerOfTenDivisor(2); // { value: 100n, half: 50n, negativeHalf: -50n, even: true }
 * ```
 */
export function powerOfTenDivisor(n: number): Divisor {
  let cached = POWER_OF_TEN_DIVISORS[n];
  if (cached === undefined) {
    cached = divisor(pow10(n));
    POWER_OF_TEN_DIVISORS[n] = cached;
  }
  return cached;
}

/**
 * The tie rules, in one place: given the truncated quotient of `n / d` (towards zero), its
 * remainder (with the sign of `n`) and the positive divisor `d`, returns the rounded quotient.
 * Every rounding of an amount in fiscalkit ends here, through {@link divideAndRound} or the totals
 * allocation, so an account set to `half_up` can never get another tie rule by accident (the
 * haltr money-gem pitfall, taxmath.md §2.3).
 *
 * @example
 * ```ts
 * roundQuotient(100n, 5n, divisor(10n), 'half_up'); // 101n (100.5)
 * roundQuotient(100n, 5n, divisor(10n), 'half_even'); // 100n
 * ```
 */
export function roundQuotient(
  quotient: bigint,
  remainder: bigint,
  d: Divisor,
  method: RoundingMethod,
): bigint {
  if (remainder === 0n || method === 'down') return quotient;
  const negative = remainder < 0n;
  // |remainder| against d / 2: above → away from zero; below → stay; equal (even d only) → a tie.
  const above = negative ? remainder < d.negativeHalf : remainder > d.half;
  if (above) return negative ? quotient - 1n : quotient + 1n;
  const tie = d.even && remainder === (negative ? d.negativeHalf : d.half);
  if (!tie) return quotient;
  switch (method) {
    case 'half_up':
      return negative ? quotient - 1n : quotient + 1n;
    case 'half_even':
      return quotient % 2n === 0n ? quotient : negative ? quotient - 1n : quotient + 1n;
    case 'half_ceil':
      return negative ? quotient : quotient + 1n;
  }
}

/**
 * Rounds the exact quotient `numerator / denominator` to an integer with `method`.
 *
 * Working on a quotient of integers keeps divisions exact: the advance-invoice tax
 * `gross × p / (100 + p)` and pro-rata shares are rounded from their true rational value, never
 * from a truncated decimal expansion.
 *
 * @example
 * ```ts
 * divideAndRound(1005n, 10n, 'half_up'); // 101n   (100.5 → 101)
 * divideAndRound(-1005n, 10n, 'half_up'); // -101n (ties away from zero)
 * divideAndRound(1005n, 10n, 'half_even'); // 100n
 * divideAndRound(-1005n, 10n, 'half_ceil'); // -100n (XPath round)
 * divideAndRound(2n, 3n, 'down'); // 0n
 * ```
 */
export function divideAndRound(numerator: bigint, denominator: bigint, method: RoundingMethod): bigint {
  if (denominator === 0n) throw new RangeError('divideAndRound: division by zero');
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  return roundQuotient(n / d, n % d, divisor(d), method);
}
