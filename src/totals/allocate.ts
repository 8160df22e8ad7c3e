import { divisor, roundQuotient } from '../money/divideAndRound.js';
import type { RoundingMethod } from '../money/roundingMethod.js';

/** Whether share `a` comes before share `b` when units move in direction `up`. */
function before(residuals: readonly bigint[], a: number, b: number, up: boolean): boolean {
  const ra = residuals[a] as bigint;
  const rb = residuals[b] as bigint;
  if (ra === rb) return a < b;
  return up ? ra > rb : ra < rb;
}

/**
 * The `count` shares that receive a unit first: largest residual in the direction of the
 * difference, ties by lower index. Only the first `count` are ranked (the difference is usually a
 * handful of units over thousands of lines), by insertion into a short sorted list.
 */
function firstInLine(residuals: readonly bigint[], count: number, up: boolean): number[] {
  if (count >= residuals.length) {
    return residuals.map((_, i) => i).sort((a, b) => (before(residuals, a, b, up) ? -1 : 1));
  }
  const chosen: number[] = [];
  for (let i = 0; i < residuals.length; i++) {
    if (chosen.length === count && !before(residuals, i, chosen[count - 1] as number, up)) continue;
    let at = chosen.length === count ? count - 1 : chosen.length;
    while (at > 0 && before(residuals, i, chosen[at - 1] as number, up)) {
      chosen[at] = chosen[at - 1] as number;
      at -= 1;
    }
    chosen[at] = i;
  }
  return chosen;
}

/**
 * Largest-remainder allocation (taxmath.md §3.7): rounds each exact share
 * `numerators[i] / denominator` with `method`, then moves single units so the rounded shares add up
 * to `target` exactly. Units go to the shares with the largest residual in the direction of the
 * difference (ties: lower index first), so the result is deterministic and no total changes.
 *
 * Used to print line amounts that add up to their group (BR-CO-10, BR-S-08) and to split an
 * advance payment over VAT groups (taxmath.md §3.9). Residuals are compared exactly: they are
 * integers over a common denominator.
 *
 * @example
 * ```ts
 * // Three lines of exact tax 2.323 (scale 3) must print to the group tax 6.97 (scale 2):
 * allocate([2323n, 2323n, 2323n], 10n, 697n, 'half_up'); // [233n, 232n, 232n]
 * ```
 */
export function allocate(
  numerators: readonly bigint[],
  denominator: bigint,
  target: bigint,
  method: RoundingMethod,
): bigint[] {
  if (denominator === 0n) throw new RangeError('allocate: division by zero');
  const flip = denominator < 0n;
  const d = flip ? -denominator : denominator;
  const count = numerators.length;
  const rounding = divisor(d);
  const shares = new Array<bigint>(count);
  // residual_i = numerator_i − share_i × d: what rounding left over, compared exactly below.
  const residuals = new Array<bigint>(count);
  let sum = 0n;
  for (let i = 0; i < count; i++) {
    const n = flip ? -(numerators[i] as bigint) : (numerators[i] as bigint);
    const quotient = n / d;
    const remainder = n % d;
    const share = roundQuotient(quotient, remainder, rounding, method);
    shares[i] = share;
    // Rounding moves the quotient by at most one unit, so the residual is the remainder ∓ d.
    residuals[i] = share === quotient ? remainder : share > quotient ? remainder - d : remainder + d;
    sum += share;
  }
  let delta = target - sum;
  if (delta === 0n || count === 0) return shares;

  const up = delta > 0n;
  const step = up ? 1n : -1n;
  const magnitude = up ? delta : -delta;
  // money-safe: a number of lines to receive a unit, smaller than the line count here.
  const order = firstInLine(residuals, magnitude < BigInt(count) ? Number(magnitude) : count, up);
  // One pass covers every difference that rounding to the nearest unit can leave; a target further
  // away keeps going round the same order, so units stay spread evenly.
  while (delta !== 0n) {
    for (const i of order) {
      if (delta === 0n) break;
      shares[i] = (shares[i] as bigint) + step;
      delta -= step;
    }
  }
  return shares;
}
