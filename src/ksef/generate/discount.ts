import type { InvoiceLine } from '../../model/invoiceLine.js';
import { Decimal } from '../../money/decimal.js';
import { isDecimalString } from '../../money/fixedPoint.js';

/** `P_10` is `TKwotowy2`: at most 8 decimals (ksef-fa3.md §2). */
const UNIT_PRICE_DECIMALS = 8;

/** The FA(3) discount of a line and the invoice field it came from. */
export interface LineDiscount {
  /** `P_10`: the discount per unit. */
  discount: string;
  /** `discount_percent` or `discount_amount`, for params. */
  field: 'discount_percent' | 'discount_amount';
}

/**
 * FA(3) `P_10` of an invoice line, when it can be stated exactly. What `P_10` means: "kwoty wszelkich
 * opustów lub obniżek cen … o ile nie zostały one uwzględnione w cenie jednostkowej netto" (XSD
 * documentation: discounts not included in the net unit price `P_9A`), typed as a unit price
 * (`TKwotowy2`), and MF sample 4 states it **per unit**: `P_8B` 20, `P_9A` 1000, `P_10` 100,
 * `P_11` 18000, i.e. `P_11 = P_8B × (P_9A − P_10)`. fiscalkit prints `P_9A` = the line's `price`
 * (never rounded) and `P_11` = the line net after the discount, so the discount per unit is
 * `discount / quantity` with the line's exact discount (taxmath.md §3.3: `gross × percent / 100`, or
 * the fixed amount following the sign of the line).
 *
 * Null (no `P_10`) when the line has no discount, when the quotient does not end within 8 decimals
 * (a fixed discount of 10.00 on 3 units: `P_10` would have to be rounded, and a rounded `P_10` states
 * something the invoice does not), when the quantity is zero, or when the line also has a charge,
 * which FA(3) cannot show on a line, so `P_11 = P_8B × (P_9A − P_10)` would not hold anyway.
 *
 * @example
 * ```ts
 * lineDiscount({ id: 1, quantity: '20', price: '1000', discount_percent: '10', taxes_attributes: [] });
 * // { discount: '100', field: 'discount_percent' } — MF sample 4
 * lineDiscount({ id: 2, quantity: '3', price: '10', discount_amount: '10', taxes_attributes: [] }); // null
 * ```
 */
export function lineDiscount(line: InvoiceLine): LineDiscount | null {
  const percent = line.discount_percent?.trim() ?? '';
  const amount = line.discount_amount?.trim() ?? '';
  const charge = line.charge_amount?.trim() ?? '';
  if (!isDecimalString(line.quantity, 6) || !isDecimalString(line.price, 8)) return null;
  if (charge !== '' && (!isDecimalString(charge, 8) || !new Decimal(charge).isZero())) return null;
  const quantity = new Decimal(line.quantity);
  if (quantity.isZero()) return null;
  let perUnit: Decimal;
  let field: LineDiscount['field'];
  if (percent !== '' && isDecimalString(percent, 4)) {
    perUnit = new Decimal(line.price).times(percent).dividedBy(100);
    field = 'discount_percent';
  } else if (amount !== '' && isDecimalString(amount, 8)) {
    // The fixed amount follows the sign of the line (taxmath.md §3.3), so per unit it has the sign
    // of the price: quantity × price and the discount have the same sign.
    const gross = quantity.times(line.price);
    const signed = gross.isNegative() ? new Decimal(amount).abs().negated() : new Decimal(amount).abs();
    perUnit = signed.dividedBy(quantity);
    field = 'discount_amount';
  } else return null;
  if (perUnit.isZero()) return null;
  // A quotient that does not end is written with the Decimal's 100 digits, so it fails this too.
  if (perUnit.decimalPlaces() > UNIT_PRICE_DECIMALS) return null;
  return { discount: perUnit.toString(), field };
}
