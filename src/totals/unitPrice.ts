import { divideAndRound } from '../money/divideAndRound.js';
import { decimalPlaces, formatUnitsTrimmed, pow10, toUnits } from '../money/fixedPoint.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { isExact, powerOfTen, roundRemainder, unitsOf, writeTrimmed } from './exactNumbers.js';
import { PRICE_DECIMALS } from './scales.js';

/**
 * The unit price of a line whose `price` is quoted for `base_quantity` units (EN 16931 BT-146 item
 * net price per BT-149 item price base quantity; the service's `base_quantity`, api-notes.md §3.2):
 * `price / base_quantity`, rounded once to 8 decimals (`PRICE_DECIMALS`, KSeF `TKwotowy2`) with the
 * account's rounding method. That division is the only inexact step of a line (docs/totals.md §2.1);
 * the line gross is then `quantity × unit price`, exactly.
 *
 * Why 8 decimals and not an exact fraction: the versions before v2026-03-02 return this very value
 * as the line's `price` (api-notes.md §3.2), so an invoice read through an older version and
 * recomputed from its `quantity × price` gives the same totals; it is also what KSeF `P_9A` and a
 * Peppol BT-146 with base quantity 1 can carry. The error is at most half of 10^-8 per unit of
 * quantity (half methods), so it reaches half a cent only from a million units.
 *
 * The result is written with as few decimals as it needs (a base quantity of 1, however written,
 * gives the price itself: `7.770` → `7.77`). The inputs must be valid decimal strings with at most 8
 * (`price`) and 6 (`baseQuantity`, > 0) decimals.
 *
 * @example
 * ```ts
 * unitPrice('12.50', '1000', 'half_up'); // '0.0125'
 * unitPrice('10', '3', 'half_up'); // '3.33333333'
 * unitPrice('20', '3', 'half_up'); // '6.66666667'
 * unitPrice('20', '3', 'down'); // '6.66666666'
 * unitPrice('7.770', '1.000', 'half_up'); // '7.77'
 * ```
 */
export function unitPrice(price: string, baseQuantity: string, method: RoundingMethod): string {
  const fast = numberUnitPrice(price, baseQuantity, method);
  if (fast !== undefined) return fast;
  const places = decimalPlaces(baseQuantity);
  const base = toUnits(baseQuantity, places);
  const one = pow10(places);
  if (base === one) {
    const decimals = decimalPlaces(price);
    return formatUnitsTrimmed(toUnits(price, decimals), decimals);
  }
  if (base <= 0n) throw new RangeError(`unitPrice: base quantity ${baseQuantity} is not positive`);
  const units = divideAndRound(toUnits(price, PRICE_DECIMALS) * one, base, method);
  return formatUnitsTrimmed(units, PRICE_DECIMALS);
}

/** 2^52: a divisor below it keeps twice a remainder exact (roundRemainder). */
const MAX_DIVISOR = 4_503_599_627_370_496;

/**
 * {@link unitPrice} in exact integer numbers (exactNumbers.ts), for the common case; `undefined`
 * when a value might not be exact, and the bigint computation decides. The division is a long
 * division, one decimal of the base quantity at a time, so the dividend is never formed.
 */
function numberUnitPrice(price: string, baseQuantity: string, method: RoundingMethod): string | undefined {
  const places = decimalPlaces(baseQuantity);
  const base = unitsOf(baseQuantity);
  const units = unitsOf(price);
  const decimals = decimalPlaces(price);
  if (!(base > 0 && base < MAX_DIVISOR && isExact(units))) return undefined;
  if (base === powerOfTen(places)) {
    // A base quantity of 1: the price itself, written trimmed.
    const scale = powerOfTen(decimals);
    // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
    const rest = units % scale;
    // money-safe: as above.
    return writeTrimmed((units - rest) / scale, rest, decimals, 0);
  }
  // money-safe: the price at 8 decimals, checked exact.
  const dividend = units * powerOfTen(PRICE_DECIMALS - decimals);
  if (!isExact(dividend)) return undefined;
  // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
  let remainder = dividend % base;
  // money-safe: as above.
  let quotient = (dividend - remainder) / base;
  for (let digit = 0; digit < places; digit++) {
    // money-safe: below 10 × base < 2^56 only when checked exact.
    const next = remainder * 10;
    // money-safe: the remainder of exact integers.
    remainder = next % base;
    // money-safe: a decimal digit of the quotient, appended; checked exact.
    quotient = quotient * 10 + (next - remainder) / base;
    if (!(isExact(next) && isExact(quotient))) return undefined;
  }
  const rounded = roundRemainder(quotient, remainder, base, method);
  const scale = powerOfTen(PRICE_DECIMALS);
  // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
  const rest = rounded % scale;
  // money-safe: as above.
  return writeTrimmed((rounded - rest) / scale, rest, PRICE_DECIMALS, 0);
}
