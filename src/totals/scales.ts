/**
 * Decimal limits of the engine's inputs (taxmath.md §3.1) and the fixed scales the engine computes
 * at. Because every input has a maximum number of decimals, every product has a known scale and the
 * arithmetic is exact: nothing is ever truncated to a working precision.
 */

/** Quantity: up to 6 decimals (KSeF `TIlosci`). */
export const QUANTITY_DECIMALS = 6;
/** Unit price: up to 8 decimals (KSeF `TKwotowy2`, Facturae 3.2.1+). */
export const PRICE_DECIMALS = 8;
/** Tax percent: up to 8 decimals. */
export const PERCENT_DECIMALS = 8;
/** Line discount percent: up to 4 decimals. */
export const DISCOUNT_PERCENT_DECIMALS = 4;
/** Line discount and charge amounts: up to 8 decimals. */
export const LINE_AMOUNT_DECIMALS = 8;
/** Exchange rate: up to 8 decimals (NBP table A has 4, KSeF `KursWaluty` allows 6). */
export const RATE_DECIMALS = 8;

/** Scale of `quantity × price`. */
export const GROSS_SCALE = QUANTITY_DECIMALS + PRICE_DECIMALS;
/**
 * Scale of exact line nets: `gross × discount_percent / 100` needs the gross scale plus the
 * discount-percent decimals plus 2 for the division by 100.
 */
export const NET_SCALE = GROSS_SCALE + DISCOUNT_PERCENT_DECIMALS + 2;
/** A net at scale s times a percent, divided by 100, is at scale `s + PERCENT_SHIFT`. */
export const PERCENT_SHIFT = PERCENT_DECIMALS + 2;
