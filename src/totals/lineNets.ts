import { pow10, toUnits } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import type { NormalizedLine, NormalizedLineAllowanceCharge } from './normalized.js';
import type { InvoiceScales } from './scales.js';

/** The nets of every line, as fixed-point units, one array entry per line. */
export interface LineNets {
  /** `gross − allowances + charges`, exact, at the net scale. */
  exact: bigint[];
  /** Component-rounded nets at the currency exponent (`accumulated`, `per_line`); empty otherwise. */
  rounded: bigint[];
  /**
   * The amount of every line allowance and charge rounded to the currency exponent (`R(x_j)`), as
   * computed (an allowance's not negated): the entries of line 0, then of line 1, and so on, so a
   * line's are found by walking the lines with a running offset. One flat array rather than one per
   * line, for the reason below.
   */
  adjustments: bigint[];
}

/**
 * The line amounts of taxmath.md §3.3 and docs/totals.md §2.2, for every line:
 *
 * - `gross = quantity × price`, where `price` is already the unit price `price / base_quantity`
 *   (see `unitPrice`);
 * - each allowance or charge `x_j` is `base × percentage / 100` (base: its `base_amount`, else the
 *   exact gross), or its amount as given; the flat `discount_amount` is a magnitude with the sign
 *   of the gross (haltr #6514);
 * - the exact net is `gross − Σ allowances + Σ charges`;
 * - with `componentRounding` (modes `accumulated` and `per_line`) the printed net is
 *   `R(gross) − Σ R(allowance) + Σ R(charge)`, each component rounded on its own, so the printed
 *   components add up to the printed net (fiscalkit's decision, taxmath.md §1; V17).
 *
 * Results go into arrays rather than an object per line: this runs for every line of every
 * invoice, and per-line objects were measurable garbage on 10,000-line invoices.
 *
 * @example
 * ```ts
 * const line = { quantity: '1', price: '10.005', adjustments: [{ allowance_charge_indicator: 'allowance', percentage: '10' }], taxes: [] };
 * const nets = lineNets([line], invoiceScales([line], 2), 2, 'half_up', true);
 * nets.exact; // [90045n]: 9.0045 at the net scale 4
 * nets.rounded; // [901n]: 10.01 − 1.00 = 9.01
 * nets.adjustments; // [100n]: R(1.0005)
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
  const adjustments: bigint[] = [];
  const grossToNet = pow10(scales.net - scales.gross);
  // A percentage of the gross is exact at the gross scale + its decimals + 2; of a base amount, at
  // the base's scale + its decimals + 2. Both fit the net scale (invoiceScales).
  const ofGross = pow10(Math.max(0, scales.net - (scales.gross + scales.discountPercent + 2)));
  const ofBase = pow10(Math.max(0, scales.net - (scales.lineAmount + scales.discountPercent + 2)));
  // Entries repeat across lines: their decimal strings are read into units once per invoice.
  const percents = new Map<string, bigint>();
  const amounts = new Map<string, bigint>();
  const bases = new Map<string, bigint>();
  const unitsOf = (cache: Map<string, bigint>, value: string, scale: number) => {
    let units = cache.get(value);
    if (units === undefined) {
      units = toUnits(value, scale);
      cache.set(value, units);
    }
    return units;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as NormalizedLine;
    const gross = toUnits(line.quantity, scales.quantity) * toUnits(line.price, scales.price);
    const grossAtNet = scales.net === scales.gross ? gross : gross * grossToNet;
    const entries = line.adjustments;
    if (entries === undefined) {
      exact[i] = grossAtNet;
      if (componentRounding) rounded[i] = roundUnits(gross, scales.gross, exponent, method);
      continue;
    }
    let net = grossAtNet;
    let printed = componentRounding ? roundUnits(gross, scales.gross, exponent, method) : 0n;
    for (let j = 0; j < entries.length; j++) {
      const entry = entries[j] as NormalizedLineAllowanceCharge;
      let x: bigint; // at the net scale
      if (entry.percentage !== undefined) {
        const percent = unitsOf(percents, entry.percentage, scales.discountPercent);
        // (A multiplication by 1n still allocates a bigint: skipped when the scales meet.)
        if (entry.base_amount === undefined) {
          x = ofGross === 1n ? gross * percent : gross * percent * ofGross;
        } else {
          const base = unitsOf(bases, entry.base_amount, scales.lineAmount) * percent;
          x = ofBase === 1n ? base : base * ofBase;
        }
      } else if (entry.follows_gross_sign === true) {
        const magnitude = unitsOf(amounts, entry.amount as string, scales.net);
        x = gross < 0n ? -magnitude : gross > 0n ? magnitude : 0n;
      } else {
        x = unitsOf(amounts, entry.amount as string, scales.net);
      }
      const xRounded = roundUnits(x, scales.net, exponent, method);
      adjustments.push(xRounded);
      if (entry.allowance_charge_indicator === 'allowance') {
        net -= x;
        printed -= xRounded;
      } else {
        net += x;
        printed += xRounded;
      }
    }
    exact[i] = net;
    if (componentRounding) rounded[i] = printed;
  }
  return { exact, rounded, adjustments };
}
