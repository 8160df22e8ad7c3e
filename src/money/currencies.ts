/**
 * ISO 4217 currency codes in use and their minor units (the exponent `e` of taxmath.md §3.2).
 *
 * Codes whose minor unit is "N.A." in ISO 4217 (precious metals XAU/XAG/XPT/XPD, XDR, XXX, XTS, …)
 * are left out on purpose: nothing can be invoiced in them, so they are rejected like unknown codes.
 * Source: ISO 4217 list one (SIX), with XCG (2025) and ZWG (2024). Withdrawn codes (HRK, SLL, ZWL,
 * CUC) are rejected; ANG is kept although XCG replaced it, because invoices issued in ANG before the
 * change are still corrected and reported.
 */
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';
const EXPONENT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS ' +
  'GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL ' +
  'MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK ' +
  'PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS ' +
  'TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG';

const EXPONENTS: ReadonlyMap<string, number> = new Map([
  ...EXPONENT_0.split(' ').map((code) => [code, 0] as const),
  ...EXPONENT_2.split(' ').map((code) => [code, 2] as const),
  ...EXPONENT_3.split(' ').map((code) => [code, 3] as const),
  ...EXPONENT_4.split(' ').map((code) => [code, 4] as const),
]);

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
