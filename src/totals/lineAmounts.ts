import { pow10, toUnits } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import {
  DISCOUNT_PERCENT_DECIMALS,
  GROSS_SCALE,
  LINE_AMOUNT_DECIMALS,
  NET_SCALE,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
} from './scales.js';
import type { NormalizedLine } from './validateTotalsInput.js';

/** The exact amounts of one line (taxmath.md §3.3), as fixed-point units. */
export interface LineAmounts {
  /** `quantity × price`, at `GROSS_SCALE`. */
  gross: bigint;
  /** The discount, at `NET_SCALE`, with the sign of the gross. */
  discount: bigint;
  /** The charge, at `NET_SCALE`, as given. */
  charge: bigint;
  /** `gross − discount + charge`, exact, at `NET_SCALE`. */
  netExact: bigint;
}

const CHARGE_SHIFT = pow10(NET_SCALE - LINE_AMOUNT_DECIMALS);
const GROSS_SHIFT = pow10(NET_SCALE - GROSS_SCALE);

/**
 * The exact gross, discount, charge and net of a line (taxmath.md §3.3):
 * `gross = quantity × price`; the discount is `gross × discount_percent / 100`, or the fixed
 * `discount_amount` with the sign of the gross (haltr #6514); `net = gross − discount + charge`.
 *
 * @example
 * ```ts
 * lineAmounts({ quantity: '1', price: '10.005', discount_percent: '10', taxes: [] }).netExact;
 * // 9.0045 at NET_SCALE
 * ```
 */
export function lineAmounts(line: NormalizedLine): LineAmounts {
  const gross = toUnits(line.quantity, QUANTITY_DECIMALS) * toUnits(line.price, PRICE_DECIMALS);
  let discount = 0n;
  if (line.discount_percent !== undefined) {
    // gross (scale 14) × percent (scale 4) / 100 is exactly an integer at scale 14 + 4 + 2.
    discount = gross * toUnits(line.discount_percent, DISCOUNT_PERCENT_DECIMALS);
  } else if (line.discount_amount !== undefined) {
    const magnitude = toUnits(line.discount_amount, LINE_AMOUNT_DECIMALS) * CHARGE_SHIFT;
    discount = gross < 0n ? -magnitude : gross > 0n ? magnitude : 0n;
  }
  const charge =
    line.charge_amount === undefined ? 0n : toUnits(line.charge_amount, LINE_AMOUNT_DECIMALS) * CHARGE_SHIFT;
  return { gross, discount, charge, netExact: gross * GROSS_SHIFT - discount + charge };
}

/**
 * The printed net of a line in `accumulated` and `per_line`: each component rounded on its own,
 * `R(gross) − R(discount) + R(charge)`, so printed gross − printed discount + printed charge =
 * printed net (fiscalkit's component rounding, taxmath.md §1 and §3.3; vector V17).
 *
 * @example
 * ```ts
 * componentRoundedNet(lineAmounts(line), 2, 'half_up'); // 901n for 10.005 with 10 % off
 * ```
 */
export function componentRoundedNet(amounts: LineAmounts, exponent: number, method: RoundingMethod): bigint {
  return (
    roundUnits(amounts.gross, GROSS_SCALE, exponent, method) -
    roundUnits(amounts.discount, NET_SCALE, exponent, method) +
    roundUnits(amounts.charge, NET_SCALE, exponent, method)
  );
}
