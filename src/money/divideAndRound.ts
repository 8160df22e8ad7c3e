import type { RoundingMethod } from './roundingMethod.js';

/**
 * Rounds the exact quotient `numerator / denominator` to an integer with `method`: the one
 * implementation of the tie rules in fiscalkit. Every rounding of an amount, in the totals engine and
 * in {@link round}, ends here, so an account set to `half_up` can never get another tie rule by
 * accident (the haltr money-gem pitfall, taxmath.md §2.3).
 *
 * Working on a quotient of integers keeps divisions exact too: the advance-invoice tax
 * `gross × p / (100 + p)` and pro-rata shares are rounded from the true rational value, never from a
 * truncated decimal expansion.
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
  let n = numerator;
  let d = denominator;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const quotient = n / d; // truncates towards zero
  const remainder = n % d; // carries the sign of n
  if (remainder === 0n || method === 'down') return quotient;
  const away = n < 0n ? quotient - 1n : quotient + 1n;
  const twice = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twice > d) return away;
  if (twice < d) return quotient;
  switch (method) {
    case 'half_up':
      return away;
    case 'half_even':
      return quotient % 2n === 0n ? quotient : away;
    case 'half_ceil':
      return n > 0n ? away : quotient;
  }
}
