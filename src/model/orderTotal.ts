import { currencyExponent } from '../money/currencies.js';
import { formatUnits, toUnits } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';

/** Decimals of a line's quantity and price (`OrderLineWriteSchema`): 6 and 8, so a product has 14. */
const QUANTITY_SCALE = 6;
const PRICE_SCALE = 8;

/**
 * The `total` of an order (fiscalkit's, see `OrderSchema`): Σ quantity × price over the lines, exact
 * in integer units, then rounded once to the currency's minor unit with `method` (the account's,
 * api-notes.md §10), and written with exactly the currency's decimals. Taxes are not included: an
 * order states what is ordered at what price (UBL `LineExtensionAmount`); the invoice computes taxes.
 * Quantities and prices are decimal strings already validated (at most 6 and 8 decimals).
 *
 * @example
 * ```ts
 * orderTotal([{ quantity: '3', price: '0.335' }, { quantity: '1', price: '10' }], 'EUR'); // '11.01'
 * orderTotal([{ quantity: '3', price: '0.335' }], 'EUR', 'down'); // '1.00'
 * orderTotal([{ quantity: '2', price: '150' }], 'JPY'); // '300'
 * ```
 */
export function orderTotal(
  lines: readonly { readonly quantity: string; readonly price: string }[],
  currency: string,
  method: RoundingMethod = 'half_up',
): string {
  let sum = 0n;
  for (const line of lines) sum += toUnits(line.quantity, QUANTITY_SCALE) * toUnits(line.price, PRICE_SCALE);
  const exponent = currencyExponent(currency);
  // money-safe: scales (counts of decimals), not amounts.
  return formatUnits(roundUnits(sum, QUANTITY_SCALE + PRICE_SCALE, exponent, method), exponent);
}
