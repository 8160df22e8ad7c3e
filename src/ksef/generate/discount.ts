import type { InvoiceLine, LineAllowanceCharge } from '../../model/invoiceLine.js';
import { Decimal } from '../../money/decimal.js';
import { isDecimalString } from '../../money/fixedPoint.js';

/** `P_10` is `TKwotowy2`: at most 8 decimals (ksef-fa3.md §2). */
const UNIT_PRICE_DECIMALS = 8;

/** The FA(3) discount of a line and the invoice field it came from. */
export interface LineDiscount {
  /** `P_10`: the discount per unit. */
  discount: string;
  /**
   * The line field it came from, for params: `allowance_charges_attributes[j].percentage` (or
   * `.amount`) for one entry, `allowance_charges_attributes` for several; `discount_percent` /
   * `discount_amount` on a line stored before v2026-03-02's list.
   */
  field: string;
}

/** The flat fields of a line stored before the list replaced them (v2026-03-02). */
interface LegacyFlatLine {
  discount_percent?: string | null;
  discount_amount?: string | null;
  charge_amount?: string | null;
}

/** One allowance or charge, and the param it is answered at. */
interface Entry {
  entry: Pick<LineAllowanceCharge, 'allowance_charge_indicator' | 'percentage' | 'amount' | 'base_amount'>;
  field: string;
  /** A flat `discount_amount`: a magnitude that follows the sign of the line (taxmath.md §3.3). */
  followsLine?: true;
}

/** The line's entries: its list, or the flat fields of a line stored before the list existed. */
function entriesOf(line: InvoiceLine): Entry[] {
  const list = line.allowance_charges_attributes;
  if (list !== null && list !== undefined)
    return list.map((entry, index) => {
      const value = presentDecimal(entry.percentage) !== null ? 'percentage' : 'amount';
      return { entry, field: `allowance_charges_attributes[${String(index)}].${value}` };
    });
  const legacy = line as LegacyFlatLine;
  const entries: Entry[] = [];
  if (presentDecimal(legacy.discount_percent) !== null)
    entries.push({
      entry: { allowance_charge_indicator: 'allowance', percentage: legacy.discount_percent },
      field: 'discount_percent',
    });
  else if (presentDecimal(legacy.discount_amount) !== null)
    entries.push({
      entry: { allowance_charge_indicator: 'allowance', amount: legacy.discount_amount },
      field: 'discount_amount',
      followsLine: true,
    });
  if (presentDecimal(legacy.charge_amount) !== null)
    entries.push({
      entry: { allowance_charge_indicator: 'charge', amount: legacy.charge_amount },
      field: 'charge_amount',
    });
  return entries;
}

function presentDecimal(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text !== '' && isDecimalString(text, 8) ? text : null;
}

/**
 * FA(3) `P_10` of an invoice line, when it can be stated exactly. What `P_10` means: "kwoty wszelkich
 * opustów lub obniżek cen … o ile nie zostały one uwzględnione w cenie jednostkowej netto" (XSD
 * documentation: discounts not included in the net unit price `P_9A`), typed as a unit price
 * (`TKwotowy2`), and MF sample 4 states it **per unit**: `P_8B` 20, `P_9A` 1000, `P_10` 100,
 * `P_11` 18000, i.e. `P_11 = P_8B × (P_9A − P_10)`. fiscalkit prints `P_9A` = the line's unit price
 * (`price`, or `price / base_quantity` to 8 decimals as the totals engine used it, `unitPrice`) and
 * `P_11` = the line net after its allowances (issue #19: the line's `allowance_charges_attributes`,
 * docs/totals.md §2.2), so the discount per unit is `Σ allowances / quantity` with the line's exact
 * allowances (a percentage of its `base_amount` or of the gross `quantity × unit price`; an amount as
 * given; a flat `discount_amount` of an older line following the sign of the line).
 *
 * Null (no `P_10`) when the line has no allowance, when the quotient does not end within 8 decimals
 * (a fixed discount of 10.00 on 3 units: `P_10` would have to be rounded, and a rounded `P_10` states
 * something the invoice does not), when the quantity is zero, or when the line also has a charge that
 * is not zero, which FA(3) cannot show on a line, so `P_11 = P_8B × (P_9A − P_10)` would not hold
 * anyway. `P_11` carries the line's net in every case: nothing is lost, `P_10` only explains it.
 *
 * @example
 * ```ts
 * lineDiscount({ id: 1, quantity: '20', price: '1000', taxes_attributes: [],
 *   allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', percentage: '10' }] });
 * // { discount: '100', field: 'allowance_charges_attributes[0].percentage' } — MF sample 4
 * lineDiscount({ id: 2, quantity: '3', price: '10', taxes_attributes: [],
 *   allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', amount: '10' }] }); // null
 * ```
 */
export function lineDiscount(line: InvoiceLine, unitPrice: string = line.price): LineDiscount | null {
  if (!isDecimalString(line.quantity, 6) || !isDecimalString(unitPrice, 8)) return null;
  const quantity = new Decimal(line.quantity);
  if (quantity.isZero()) return null;
  const gross = quantity.times(unitPrice);
  const entries = entriesOf(line);
  let total = new Decimal(0);
  const fields: string[] = [];
  for (const { entry, field, followsLine } of entries) {
    const percentage = presentDecimal(entry.percentage);
    const amount = presentDecimal(entry.amount);
    let value: Decimal;
    if (percentage !== null)
      value = new Decimal(presentDecimal(entry.base_amount) ?? gross).times(percentage).dividedBy(100);
    else if (amount !== null)
      value =
        followsLine === true && gross.isNegative()
          ? new Decimal(amount).abs().negated()
          : new Decimal(amount);
    else return null;
    if (entry.allowance_charge_indicator === 'charge') {
      if (!value.isZero()) return null;
      continue;
    }
    total = total.plus(value);
    fields.push(field);
  }
  if (total.isZero()) return null;
  const perUnit = total.dividedBy(quantity);
  // A quotient that does not end is written with the Decimal's 100 digits, so it fails this too.
  if (perUnit.decimalPlaces() > UNIT_PRICE_DECIMALS) return null;
  const field = fields.length === 1 ? (fields[0] as string) : 'allowance_charges_attributes';
  return { discount: perUnit.toString(), field };
}
