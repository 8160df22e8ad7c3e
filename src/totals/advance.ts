import { divideAndRound } from '../money/divideAndRound.js';
import { pow10 } from '../money/fixedPoint.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { allocate } from './allocate.js';

/** A VAT group of the order an advance is split over. */
export interface OrderVatGroup {
  /** Group base and tax, units at the currency exponent. */
  base: bigint;
  tax: bigint;
  /** The VAT percent, units at `percentScale`. */
  percentUnits: bigint;
}

/** The advance part of one VAT group, units at the currency exponent. */
export interface AdvanceShare {
  gross: bigint;
  base: bigint;
  tax: bigint;
}

/**
 * Splits an advance payment (`total_amount_due` of a ZAL or KOR_ZAL invoice) over the order's VAT
 * groups (taxmath.md §3.9): shares in proportion to each group's gross, allocated by largest
 * remainder so they add up to the amount due exactly; then per group
 * `tax = R(share × p / (100 + p))` (art. 106f ust. 1 pkt 3 of the Polish VAT Act; MF samples 10–12)
 * and `base = share − tax`. Both divisions are rounded from their exact rational value.
 *
 * Returns `undefined` when the order's gross is zero: there is nothing to split in proportion to.
 *
 * @example
 * ```ts
 * // 5000.00 PLN advance on an order of 10000.00 + 23 % (vector V23):
 * splitAdvance(500000n, [{ base: 1000000n, tax: 230000n, percentUnits: 23n }], 0, 'half_up');
 * // [{ gross: 500000n, base: 406504n, tax: 93496n }]
 * ```
 */
export function splitAdvance(
  amountDue: bigint,
  groups: readonly OrderVatGroup[],
  percentScale: number,
  method: RoundingMethod,
): AdvanceShare[] | undefined {
  const hundredPercent = 100n * pow10(percentScale);
  const grosses = groups.map((group) => group.base + group.tax);
  const orderGross = grosses.reduce((sum, gross) => sum + gross, 0n);
  if (orderGross === 0n) return undefined;
  const shares = allocate(
    grosses.map((gross) => amountDue * gross),
    orderGross,
    amountDue,
    method,
  );
  return shares.map((gross, g) => {
    const percent = (groups[g] as OrderVatGroup).percentUnits;
    const tax = divideAndRound(gross * percent, hundredPercent + percent, method);
    return { gross, base: gross - tax, tax };
  });
}
