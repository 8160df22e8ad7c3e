import { currencyExponent } from './currencies.js';
import { Decimal } from './decimal.js';
import { divideAndRound, powerOfTenDivisor, roundQuotient } from './divideAndRound.js';
import { formatUnits, pow10, toUnits } from './fixedPoint.js';
import type { RoundingMethod } from './roundingMethod.js';

/**
 * Rounds an amount to a currency's minor unit (ISO 4217 exponent) with a rounding method
 * (`half_up` by default): the one rounding function for amounts held as {@link Decimal}s. The tie
 * rule itself lives in {@link divideAndRound}, which the totals engine uses too.
 *
 * `currency` is an ISO 4217 code or an exponent (number of decimals).
 *
 * @example
 * ```ts
 * round(new Decimal('163.725'), 'SAR').toString(); // '163.73'
 * round('-1446.375', 'EUR').toString(); // '-1446.38' (ties away from zero)
 * round('163.725', 'SAR', 'half_even').toString(); // '163.72'
 * round('100.5', 0, 'down').toString(); // '100'
 * ```
 */
export function round(
  amount: Decimal | string,
  currency: string | number,
  method: RoundingMethod = 'half_up',
): Decimal {
  const exponent = typeof currency === 'number' ? currency : currencyExponent(currency);
  const value = new Decimal(amount);
  if (!value.isFinite()) throw new RangeError(`round: not a finite amount: ${value.toString()}`);
  const scale = Math.max(value.decimalPlaces(), exponent);
  // The plain string of the value, read as units at its own scale: exact for any number of digits
  // (a multiplication would round to the Decimal precision), then one rounding division.
  const units = toUnits(value.toString(), scale);
  const rounded = divideAndRound(units, pow10(scale - exponent), method);
  return new Decimal(formatUnits(rounded, exponent));
}

/**
 * Rounds a fixed-point amount (`units × 10^-fromScale`) to `toScale` decimals, returning units at
 * `toScale`. The engine's form of {@link round}: the same tie rule, no conversion.
 *
 * @example
 * ```ts
 * roundUnits(18280668n, 4, 2, 'half_up'); // 182807n (1828.0668 → 1828.07)
 * roundUnits(-14463750n, 4, 2, 'half_up'); // -144638n (-1446.375 → -1446.38)
 * ```
 */
export function roundUnits(
  units: bigint,
  fromScale: number,
  toScale: number,
  method: RoundingMethod,
): bigint {
  if (fromScale <= toScale) return units * pow10(toScale - fromScale);
  const d = powerOfTenDivisor(fromScale - toScale);
  return roundQuotient(units / d.value, units % d.value, d, method);
}
