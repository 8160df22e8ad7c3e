import { decimalPlaces } from '../money/fixedPoint.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import {
  isExact,
  MAX_SPLIT_DIGITS,
  powerOfTen,
  roundSplit,
  split,
  splitProduct,
  splitScaled,
  unitsOf,
} from './exactNumbers.js';
import type { NormalizedLine, NormalizedLineAllowanceCharge } from './normalized.js';

/**
 * The line amounts of `lineNets` (docs/totals.md §2.2, taxmath.md §3.3) held in numbers: one typed
 * array entry per line, nothing allocated per line. Each line is computed at its **own** scale
 * (its quantity's and unit price's decimals, and its allowances'), not at one scale for the whole
 * invoice: its exact net is kept split as `netWhole × 10^k + netRest` (whole minor units and the
 * remainder with `k = netDigits` more decimals, see exactNumbers.ts), so most lines never need a
 * bigint.
 */
export interface NumberLineNets {
  /** Exact net, whole minor units (truncated towards zero). */
  netWhole: Float64Array;
  /** Exact net, the rest below a minor unit, with `netDigits[i]` decimals more than the currency. */
  netRest: Float64Array;
  /** Decimals of `netRest` per line (the line's scale minus the currency exponent), ≤ 15. */
  netDigits: Uint8Array;
  /** The largest of `netDigits`. */
  maxDigits: number;
  /** Component-rounded net `R(gross) − Σ R(allowances) + Σ R(charges)` (modes A and B). */
  rounded: Float64Array;
  /** Largest |rounded| (bounds every sum of printed nets). */
  maxRounded: number;
  /** Each allowance's and charge's `R(x)`, line after line, as in `LineNets.adjustments`. */
  adjustments: number[];
}

/** Decimals of an entry's percentage (+ 2 for the division by 100), or −1 for an amount. */
function percentDigits(entry: NormalizedLineAllowanceCharge): number {
  return entry.percentage === undefined ? -1 : decimalPlaces(entry.percentage) + 2;
}

/**
 * The exact and printed nets of every line, as `lineNets` computes them (same definitions, same
 * rounding), in numbers; `undefined` as soon as a value would not be exact in a number (more than
 * 15 significant digits in an input, more than 15 decimals below the minor unit on a line, amounts
 * beyond 2^53 minor units), so that the caller computes the invoice with bigints instead.
 *
 * @example
 * ```ts
 * const line = { quantity: '7', price: '3.33333333', taxes: [] };
 * const nets = numberLineNets([line], 2, 'half_up');
 * nets?.netWhole[0]; // 2333
 * nets?.netRest[0]; // 333331 (netDigits[0] = 6): 23.33333331
 * nets?.rounded[0]; // 2333
 * ```
 */
export function numberLineNets(
  lines: readonly NormalizedLine[],
  exponent: number,
  method: RoundingMethod,
): NumberLineNets | undefined {
  const count = lines.length;
  const netWhole = new Float64Array(count);
  const netRest = new Float64Array(count);
  const netDigits = new Uint8Array(count);
  const rounded = new Float64Array(count);
  const adjustments: number[] = [];
  let maxDigits = 0;
  let maxRounded = 0;
  for (let i = 0; i < count; i++) {
    const line = lines[i] as NormalizedLine;
    const quantity = unitsOf(line.quantity);
    const price = unitsOf(line.price);
    // Digits of the gross below the minor unit (negative: the gross is whole minor units).
    const grossDigits = decimalPlaces(line.quantity) + decimalPlaces(line.price) - exponent;
    if (!splitProduct(quantity, price, grossDigits)) return undefined;
    const grossWhole = split[0] as number;
    const grossRest = split[1] as number;
    const grossK = grossDigits > 0 ? grossDigits : 0;
    const grossRounded = roundSplit(grossWhole, grossRest, grossK, method);
    const entries = line.adjustments;
    let whole = grossWhole;
    let rest = grossRest;
    let printed = grossRounded;
    let k = grossK;
    if (entries !== undefined) {
      // The line's scale: every allowance and charge of it is exact at it (taxmath.md §3.1).
      for (let j = 0; j < entries.length; j++) {
        const entry = entries[j] as NormalizedLineAllowanceCharge;
        const m = percentDigits(entry);
        let digits: number;
        if (m < 0) digits = decimalPlaces(entry.amount as string) - exponent;
        else if (entry.base_amount === undefined) digits = grossK + m;
        else digits = decimalPlaces(entry.base_amount) + m - exponent;
        if (digits > k) k = digits;
      }
      if (k > MAX_SPLIT_DIGITS) return undefined;
      const scale = powerOfTen(k);
      // money-safe: a remainder below 10^grossK times 10^(k − grossK) stays below 10^k ≤ 10^15.
      rest = grossRest * powerOfTen(k - grossK);
      for (let j = 0; j < entries.length; j++) {
        const entry = entries[j] as NormalizedLineAllowanceCharge;
        const m = percentDigits(entry);
        let ok: boolean;
        let digits: number;
        if (m >= 0 && entry.base_amount === undefined) {
          // A percentage of the exact gross.
          digits = grossK + m;
          ok = splitScaled(grossWhole, grossRest, grossK, unitsOf(entry.percentage as string), m);
        } else if (m >= 0) {
          const base = entry.base_amount as string;
          digits = decimalPlaces(base) + m - exponent;
          ok = splitProduct(unitsOf(base), unitsOf(entry.percentage as string), digits);
        } else {
          const amount = entry.amount as string;
          digits = decimalPlaces(amount) - exponent;
          let units = unitsOf(amount);
          // The flat discount_amount is a magnitude with the sign of the gross (taxmath.md §3.3).
          if (entry.follows_gross_sign === true) {
            const sign = grossWhole !== 0 ? grossWhole : grossRest;
            units = sign < 0 ? -units : sign > 0 ? units : 0;
          }
          ok = splitProduct(units, 1, digits);
        }
        if (!ok) return undefined;
        const xK = digits > 0 ? digits : 0;
        const xWhole = split[0] as number;
        const xRounded = roundSplit(xWhole, split[1] as number, xK, method);
        // money-safe: a remainder below 10^xK times 10^(k − xK) stays below 10^k ≤ 10^15.
        const xRest = (split[1] as number) * powerOfTen(k - xK);
        adjustments.push(xRounded);
        if (entry.allowance_charge_indicator === 'allowance') {
          whole -= xWhole;
          rest -= xRest;
          printed -= xRounded;
        } else {
          whole += xWhole;
          rest += xRest;
          printed += xRounded;
        }
        // Keep |rest| < 10^k: two remainders add up to less than 2 × 10^15, exactly.
        if (rest >= scale) {
          rest -= scale;
          whole += 1;
        } else if (rest <= -scale) {
          rest += scale;
          whole -= 1;
        }
        if (!(isExact(whole) && isExact(printed))) return undefined;
      }
      // A truncated split again: the remainder takes the sign of the whole.
      if (whole > 0 && rest < 0) {
        whole -= 1;
        rest += scale;
      } else if (whole < 0 && rest > 0) {
        whole += 1;
        rest -= scale;
      }
    }
    if (!isExact(printed)) return undefined;
    netWhole[i] = whole;
    netRest[i] = rest;
    netDigits[i] = k;
    rounded[i] = printed;
    if (k > maxDigits) maxDigits = k;
    const magnitude = printed < 0 ? -printed : printed;
    if (magnitude > maxRounded) maxRounded = magnitude;
  }
  return { netWhole, netRest, netDigits, maxDigits, rounded, maxRounded, adjustments };
}
