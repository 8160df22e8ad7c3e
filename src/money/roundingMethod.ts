/**
 * How an amount is rounded to the currency's minor unit (taxmath.md §1, §3.2):
 *
 * - `half_up`: ties away from zero (the default; Polish and Spanish rule, Odoo HALF-UP).
 * - `half_even`: ties to the even neighbour (banker's rounding).
 * - `down`: towards zero (truncate).
 * - `half_ceil`: ties towards +∞, as XPath `round()` in EN 16931 schematrons does. Only for
 *   emulating validators (vector V14); it is not symmetric, so credit notes stop mirroring invoices.
 */
export type RoundingMethod = 'half_up' | 'half_even' | 'down' | 'half_ceil';

/** Every {@link RoundingMethod}, the default first. */
export const ROUNDING_METHODS: readonly RoundingMethod[] = ['half_up', 'half_even', 'down', 'half_ceil'];

/** The values of the service's account field `rounding_method` (api-notes.md §10). */
export type AccountRoundingMethod = 'half_up' | 'bankers' | 'truncate';

const FROM_ACCOUNT: Readonly<Record<AccountRoundingMethod, RoundingMethod>> = {
  half_up: 'half_up',
  bankers: 'half_even',
  truncate: 'down',
};

/**
 * Maps the account field `rounding_method` of the service (`half_up`, `bankers`, `truncate`, as in
 * haltr's `Company::ROUNDING_METHODS`) to the engine's rounding method.
 *
 * @example
 * ```ts
 * roundingMethodFromAccount('bankers'); // 'half_even'
 * roundingMethodFromAccount('truncate'); // 'down'
 * ```
 */
export function roundingMethodFromAccount(value: AccountRoundingMethod): RoundingMethod {
  return FROM_ACCOUNT[value];
}
