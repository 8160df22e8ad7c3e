import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { RATE_DECIMALS } from './scales.js';

/**
 * Converts an amount in the invoice currency (units at `exponent`) into the local currency (units at
 * `localExponent`) at `rateUnits` (local units per invoice unit, at `RATE_DECIMALS`), rounding once
 * with the account's method: `R_L(amount × rate)` (taxmath.md §3.10).
 *
 * Groups are converted from their **rounded** invoice-currency amounts, so KSeF `P_14_xW` and
 * Facturae `EquivalentInEuros` can be reproduced from printed numbers (MF sample 20:
 * 3118.80 EUR × 4.5005 = 14036.16 PLN).
 *
 * @example
 * ```ts
 * convertUnits(697n, 2, 428670000n, 2, 'half_up'); // 2988n (6.97 EUR × 4.2867 → 29.88 PLN)
 * ```
 */
export function convertUnits(
  units: bigint,
  exponent: number,
  rateUnits: bigint,
  localExponent: number,
  method: RoundingMethod,
): bigint {
  return roundUnits(units * rateUnits, exponent + RATE_DECIMALS, localExponent, method);
}
