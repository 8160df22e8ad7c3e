import { data as ISO_4217_LIST_ONE } from 'currency-codes';

/**
 * One currency of ISO 4217 list one, in the shape the `currency-codes` package gives it: alphabetic
 * `code`, three-digit `number`, minor units `digits` and English name `currency`.
 */
export interface Iso4217Currency {
  readonly code: string;
  readonly number: string;
  readonly digits: number;
  readonly currency: string;
}

/**
 * Where fiscalkit departs from the `currency-codes` package (ISO 4217 list one as published on
 * 2024-06-25, the package's `publishDate`). Everything else comes from the package unchanged.
 *
 * - `exclude`: codes the package lists that fiscalkit rejects, each with the reason. The package
 *   writes `digits: 0` where ISO 4217 says the minor unit is "N.A." (checked against the
 *   `iso-4217-list-one.xml` the package ships: exactly these 13 codes), which would otherwise make
 *   gold or the SDR look like a currency with no decimals. Nothing can be invoiced in them, so they
 *   are rejected like unknown codes. CUC is still in that list but no longer circulates.
 * - `add`: currencies ISO 4217 added after the package's list. XCG (Caribbean guilder, Curaçao and
 *   Sint Maarten, numeric 532, 2 minor units) replaced ANG on 2025-03-31; the values agree with the
 *   `countries-list` currency data. ANG stays accepted (it comes from the package): invoices issued
 *   in ANG before the change are still corrected and reported. BGN likewise stays after Bulgaria's
 *   move to the euro.
 *
 * Withdrawn codes the package no longer lists (HRK, SLL, ZWL, …) are rejected because they are
 * absent. The test `test/money/currencyTable.test.ts` pins the resulting table, so a release of
 * `currency-codes` that changes it fails there instead of silently changing how amounts round.
 */
export const CURRENCY_OVERLAY: {
  readonly exclude: ReadonlyMap<string, string>;
  readonly add: readonly Iso4217Currency[];
} = {
  exclude: new Map([
    ['CUC', 'withdrawn: the Cuban convertible peso ceased to circulate with the 2021 monetary unification'],
    ['XAG', 'silver: ISO 4217 minor unit N.A.'],
    ['XAU', 'gold: ISO 4217 minor unit N.A.'],
    ['XBA', 'bond markets unit (EURCO): ISO 4217 minor unit N.A.'],
    ['XBB', 'bond markets unit (E.M.U.-6): ISO 4217 minor unit N.A.'],
    ['XBC', 'bond markets unit (E.U.A.-9): ISO 4217 minor unit N.A.'],
    ['XBD', 'bond markets unit (E.U.A.-17): ISO 4217 minor unit N.A.'],
    ['XDR', 'IMF special drawing right: ISO 4217 minor unit N.A.'],
    ['XPD', 'palladium: ISO 4217 minor unit N.A.'],
    ['XPT', 'platinum: ISO 4217 minor unit N.A.'],
    ['XSU', 'Sucre (ALBA unit of account): ISO 4217 minor unit N.A.'],
    ['XTS', 'reserved for testing: ISO 4217 minor unit N.A.'],
    ['XUA', 'ADB unit of account: ISO 4217 minor unit N.A.'],
    ['XXX', 'no currency involved: ISO 4217 minor unit N.A.'],
  ]),
  add: [{ code: 'XCG', number: '532', digits: 2, currency: 'Caribbean Guilder' }],
};

/** Every ISO 4217 currency fiscalkit accepts, sorted by code: the package's list plus the overlay. */
export const ISO_4217_CURRENCIES: readonly Iso4217Currency[] = [
  ...ISO_4217_LIST_ONE.filter((entry) => !CURRENCY_OVERLAY.exclude.has(entry.code)).map(
    ({ code, number, digits, currency }): Iso4217Currency => ({ code, number, digits, currency }),
  ),
  ...CURRENCY_OVERLAY.add,
].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

// Built once: currencyExponent is on the totals hot path.
const EXPONENTS: ReadonlyMap<string, number> = new Map(
  ISO_4217_CURRENCIES.map((entry) => [entry.code, entry.digits] as const),
);

/** Every ISO 4217 code fiscalkit accepts, sorted. */
export const CURRENCY_CODES: readonly string[] = [...EXPONENTS.keys()].sort();

/**
 * Whether `code` is an ISO 4217 currency fiscalkit can invoice in (upper case, as on the wire).
 *
 * @example
 * ```ts
 * isCurrencyCode('EUR'); // true
 * isCurrencyCode('eur'); // false: codes are upper case on the wire
 * isCurrencyCode('XAU'); // false: gold has no minor unit
 * ```
 */
export function isCurrencyCode(code: string): boolean {
  return EXPONENTS.has(code);
}

/**
 * The ISO 4217 minor units of a currency: how many decimals its amounts carry (0, 2, 3 or 4).
 * Throws a `TypeError` for an unknown code; validate input with {@link isCurrencyCode} first.
 *
 * @example
 * ```ts
 * currencyExponent('EUR'); // 2
 * currencyExponent('JPY'); // 0
 * currencyExponent('BHD'); // 3
 * currencyExponent('CLF'); // 4
 * ```
 */
export function currencyExponent(code: string): number {
  const exponent = EXPONENTS.get(code);
  if (exponent === undefined) throw new TypeError(`not an ISO 4217 currency with minor units: ${code}`);
  return exponent;
}
