import { pow10, toUnits } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import type { InvoiceScales } from './scales.js';
import type { NormalizedLine } from './validateTotalsInput.js';

/** The nets of every line, as fixed-point units, one array entry per line. */
export interface LineNets {
  /** `gross − discount + charge`, exact, at the net scale. */
  exact: bigint[];
  /** Component-rounded nets at the currency exponent (`accumulated`, `per_line`); empty otherwise. */
  rounded: bigint[];
}

/**
 * The line amounts of taxmath.md §3.3, for every line:
 *
 * - `gross = quantity × price`;
 * - the discount is `gross × discount_percent / 100`, or the fixed `discount_amount` with the sign
 *   of the gross (haltr #6514); the charge is `charge_amount`;
 * - the exact net is `gross − discount + charge`;
 * - with `componentRounding` (modes `accumulated` and `per_line`) the printed net is
 *   `R(gross) − R(discount) + R(charge)`, each component rounded on its own, so printed gross −
 *   printed discount + printed charge = printed net (fiscalkit's decision, taxmath.md §1; V17).
 *
 * Results go into two arrays rather than an object per line: this runs for every line of every
 * invoice, and per-line objects were measurable garbage on 10,000-line invoices.
 *
 * @example
 * ```ts
 * const line = { quantity: '1', price: '10.005', discount_percent: '10', taxes: [] };
 * const nets = lineNets([line], invoiceScales([line], 2), 2, 'half_up', true);
 * nets.exact; // [90045n]: 9.0045 at the net scale 4
 * nets.rounded; // [901n]: 10.01 − 1.00 = 9.01
 * ```
 */
export function lineNets(
  lines: readonly NormalizedLine[],
  scales: InvoiceScales,
  exponent: number,
  method: RoundingMethod,
  componentRounding: boolean,
): LineNets {
  const exact = new Array<bigint>(lines.length);
  const rounded = componentRounding ? new Array<bigint>(lines.length) : [];
  const grossToNet = pow10(scales.net - scales.gross);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as NormalizedLine;
    const gross = toUnits(line.quantity, scales.quantity) * toUnits(line.price, scales.price);
    let discount = 0n; // at the net scale
    if (line.discount_percent !== undefined) {
      // gross × percent / 100 is an integer at the gross scale + percent decimals + 2 (≤ the net scale).
      const exactScale = scales.gross + scales.discountPercent + 2;
      discount =
        gross * toUnits(line.discount_percent, scales.discountPercent) * pow10(scales.net - exactScale);
    } else if (line.discount_amount !== undefined) {
      const magnitude = toUnits(line.discount_amount, scales.net);
      discount = gross < 0n ? -magnitude : gross > 0n ? magnitude : 0n;
    }
    const charge = line.charge_amount === undefined ? 0n : toUnits(line.charge_amount, scales.net);
    const grossAtNet = scales.net === scales.gross ? gross : gross * grossToNet;
    exact[i] = discount === 0n && charge === 0n ? grossAtNet : grossAtNet - discount + charge;
    if (componentRounding) {
      let net = roundUnits(gross, scales.gross, exponent, method);
      if (discount !== 0n) net -= roundUnits(discount, scales.net, exponent, method);
      if (charge !== 0n) net += roundUnits(charge, scales.net, exponent, method);
      rounded[i] = net;
    }
  }
  return { exact, rounded };
}
