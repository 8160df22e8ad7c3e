/**
 * The prefixes of EU VAT numbers (VIES): the member states with Greece as `EL`, plus `XI` (Northern
 * Ireland). It is also FA(3)'s `TKodyKrajowUE` (`KodUE`, `PrefiksPodatnika`; ksef-fa3.md §2) and the
 * prefix an SII `IDOtro` with `IDType 02` must start with (sii.md §8): one list for both.
 */
export const EU_VAT_PREFIXES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
];

const PREFIXES: ReadonlySet<string> = new Set(EU_VAT_PREFIXES);

/**
 * Whether `code` is an EU VAT prefix ({@link EU_VAT_PREFIXES}), upper case as written.
 *
 * @example
 * ```ts
 * isEuVatPrefix('EL'); // true: Greece
 * isEuVatPrefix('GR'); // false: the ISO code, not the VAT prefix
 * ```
 */
export function isEuVatPrefix(code: string): boolean {
  return PREFIXES.has(code);
}

/**
 * The EU VAT prefix of an ISO 3166 country, or null outside the EU: ISO `GR` is `EL` in VAT numbers
 * (and in FA(3) `TKodyKrajowUE`); `XI` stays `XI`. The one mapping the FA(3) and the SII party
 * builders share (an FA(3) `KodUE`, an SII `IDOtro` with `IDType 02`, sii.md §3).
 *
 * @example
 * ```ts
 * euVatPrefixOf('GR'); // 'EL'
 * euVatPrefixOf('DE'); // 'DE'
 * euVatPrefixOf('US'); // null
 * ```
 */
export function euVatPrefixOf(country: string | null | undefined): string | null {
  if (country === null || country === undefined) return null;
  const code = country === 'GR' ? 'EL' : country;
  return PREFIXES.has(code) ? code : null;
}
