/**
 * The result without the fields docs/totals.md adds for inputs that use its fields (docs/totals.md
 * §1, "Result"): what an input of an older version gets. Used to compare a flat-field input with its
 * `flatToAllowanceCharges` mapping, which uses the list and so gets the extended result.
 */
import type { Totals, TotalsLine, TotalsResult } from '../../src/index.js';

/** The totals without the EN 16931 names of docs/totals.md §3.3. */
export function legacyTotals(totals: Totals): Totals {
  const {
    subtotal: _subtotal,
    allowance_total_amount: _allowances,
    charge_total_amount: _charges,
    tax_exclusive_amount: _exclusive,
    tax_inclusive_amount: _inclusive,
    ...legacy
  } = totals;
  return legacy;
}

/** The result without the EN 16931 totals and the line fields of docs/totals.md. */
export function legacyView(result: TotalsResult): TotalsResult {
  return {
    ...result,
    totals: legacyTotals(result.totals),
    lines: result.lines.map(
      ({ amount: _amount, allowance_charges: _entries, unit_price: _price, ...line }): TotalsLine => line,
    ),
  };
}
