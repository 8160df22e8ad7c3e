import { decimalPlaces } from '../money/fixedPoint.js';
import type { NormalizedLine, NormalizedTax } from './normalized.js';

/**
 * Decimal limits of the engine's inputs (taxmath.md §3.1), and the fixed-point scales one invoice
 * is computed at. Because every input has a bounded number of decimals, every product has a known
 * scale and the arithmetic is exact: nothing is ever truncated to a working precision.
 */

/** Quantity: up to 6 decimals (KSeF `TIlosci`). */
export const QUANTITY_DECIMALS = 6;
/** Unit price: up to 8 decimals (KSeF `TKwotowy2`, Facturae 3.2.1+). */
export const PRICE_DECIMALS = 8;
/** Tax percent: up to 8 decimals. */
export const PERCENT_DECIMALS = 8;
/** Line discount percent: up to 4 decimals. */
export const DISCOUNT_PERCENT_DECIMALS = 4;
/** Allowance and charge percentages (line and document level, BT-94 / BT-138): up to 4 decimals. */
export const ALLOWANCE_PERCENT_DECIMALS = DISCOUNT_PERCENT_DECIMALS;
/** Base quantity (EN 16931 BT-149): up to 6 decimals, like the quantity. */
export const BASE_QUANTITY_DECIMALS = QUANTITY_DECIMALS;
/** Line discount and charge amounts: up to 8 decimals. */
export const LINE_AMOUNT_DECIMALS = 8;
/** Exchange rate: up to 8 decimals (NBP table A has 4, KSeF `KursWaluty` allows 6). */
export const RATE_DECIMALS = 8;

/**
 * The scales one invoice is computed at, from the decimals its inputs are actually written with.
 * A typical invoice (prices with 2 decimals, whole percents) then keeps every value in one 64-bit
 * bigint word, which is what lets 10,000 lines compute in a few milliseconds; an invoice that uses
 * the full limits gets the full scales. Either way every value is exact.
 */
export interface InvoiceScales {
  quantity: number;
  price: number;
  /** Decimals of tax percents. */
  percent: number;
  /** Decimals of line allowance and charge percentages (0 when no line has one). */
  discountPercent: number;
  /** Decimals of line allowance and charge amounts and base amounts. */
  lineAmount: number;
  /** Scale of `quantity × price`. */
  gross: number;
  /** Scale of exact line nets: gross, discounts, charges and the currency's minor unit all fit. */
  net: number;
  /** A net at scale s times a percent, divided by 100, is at scale `s + percentShift`. */
  percentShift: number;
}

/**
 * The scales an invoice needs, from its validated lines (and the taxes of its document-level
 * allowances and charges, whose percents join the percent scale).
 *
 * @example
 * ```ts
 * invoiceScales([{ quantity: '3', price: '10.10', taxes: [{ name: 'VAT', kind: 'vat', category: 'S', percent: '23' }] }], 2);
 * // { quantity: 0, price: 2, percent: 0, discountPercent: 0, lineAmount: 0, gross: 2, net: 2, percentShift: 2 }
 * ```
 */
export function invoiceScales(
  lines: readonly NormalizedLine[],
  exponent: number,
  documentTaxes: readonly (readonly NormalizedTax[])[] = [],
): InvoiceScales {
  let quantity = 0;
  let price = 0;
  let percent = 0;
  let discountPercent = 0;
  let percentOfGross = false;
  let percentOfBase = false;
  let lineAmount = 0;
  for (const line of lines) {
    quantity = Math.max(quantity, decimalPlaces(line.quantity));
    price = Math.max(price, decimalPlaces(line.price));
    const adjustments = line.adjustments;
    if (adjustments !== undefined) {
      for (const adjustment of adjustments) {
        if (adjustment.percentage !== undefined) {
          discountPercent = Math.max(discountPercent, decimalPlaces(adjustment.percentage));
          if (adjustment.base_amount === undefined) percentOfGross = true;
          else {
            percentOfBase = true;
            lineAmount = Math.max(lineAmount, decimalPlaces(adjustment.base_amount));
          }
        } else if (adjustment.amount !== undefined) {
          lineAmount = Math.max(lineAmount, decimalPlaces(adjustment.amount));
        }
      }
    }
    for (const tax of line.taxes) percent = Math.max(percent, decimalPlaces(tax.percent));
  }
  for (const taxes of documentTaxes) {
    for (const tax of taxes) percent = Math.max(percent, decimalPlaces(tax.percent));
  }
  const gross = quantity + price;
  // gross × percentage / 100 is exact at the gross scale + the percentage decimals + 2; a
  // percentage of a base amount at the base's scale + the percentage decimals + 2.
  const ofGross = percentOfGross ? gross + discountPercent + 2 : gross;
  const ofBase = percentOfBase ? lineAmount + discountPercent + 2 : 0;
  return {
    quantity,
    price,
    percent,
    discountPercent,
    lineAmount,
    gross,
    // Never below the currency exponent: rounding and allocation divide by 10^(net − exponent).
    net: Math.max(ofGross, ofBase, lineAmount, exponent),
    percentShift: percent + 2,
  };
}
