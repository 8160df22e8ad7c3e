import DecimalJs from 'decimal.js';

/**
 * fiscalkit's one Decimal constructor (decimal.js), for amount arithmetic outside the totals engine.
 *
 * Why a clone and not the global: decimal.js's default precision of 20 significant digits silently
 * truncates large products (taxmath.md §6: `9999999999.999999 × 12345678.12345678`). 100 digits hold
 * every product of the engine's input domain (16 integer digits, up to 8 decimals) exactly. The
 * exponent limits (decimal.js's maximum) keep `toString()` in plain notation, never `1e+21`. Rounding to a currency is
 * never done with decimal.js's own modes: use {@link round}, which goes through the one rounding rule.
 *
 * @example
 * ```ts
 * import { Decimal } from 'fiscalkit';
 * new Decimal('0.1').plus('0.2').toString(); // '0.3'
 * ```
 */
export const Decimal = DecimalJs.clone({
  precision: 100,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9_000_000_000_000_000,
  toExpPos: 9_000_000_000_000_000,
});

/** A value of fiscalkit's {@link Decimal} constructor. */
export type Decimal = InstanceType<typeof Decimal>;
