import { divideAndRound } from '../money/divideAndRound.js';
import type { RoundingMethod } from '../money/roundingMethod.js';

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
  const flip = denominator < 0n;
  const d = flip ? -denominator : denominator;
  const count = numerators.length;
  const shares = new Array<bigint>(count);
  let sum = 0n;
  for (let i = 0; i < count; i++) {
    const share = divideAndRound(numerators[i] as bigint, denominator, method);
    shares[i] = share;
    sum += share;
  }
  let delta = target - sum;
  if (delta === 0n || count === 0) return shares;

  const step = delta > 0n ? 1n : -1n;
  const residual = (i: number) => {
    const n = numerators[i] as bigint;
    return (flip ? -n : n) - (shares[i] as bigint) * d;
  };
  const residuals = numerators.map((_, i) => residual(i));
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((a, b) => {
    const ra = residuals[a] as bigint;
    const rb = residuals[b] as bigint;
    if (ra === rb) return a - b;
    // delta > 0: largest residual first; delta < 0: most negative residual first.
    return ra > rb === step > 0n ? -1 : 1;
  });
  // One pass is enough whenever the shares were rounded to the nearest unit; more passes only happen
  // for a target far from the sum of shares, and they keep spreading evenly.
  while (delta !== 0n) {
    for (const i of order) {
      if (delta === 0n) break;
      shares[i] = (shares[i] as bigint) + step;
      delta -= step;
    }
  }
  return shares;
}
