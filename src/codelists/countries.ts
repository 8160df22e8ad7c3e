import { countries } from 'countries-list';

/**
 * Codes `countries-list` carries that are not officially assigned ISO 3166-1 alpha-2 codes, with the
 * reason they are left out. The package has 252 entries; ISO 3166-1 assigns 249 codes, and the other
 * 249 entries match them exactly (the test pins the complete list).
 */
const NOT_ASSIGNED: ReadonlyMap<string, string> = new Map([
  ['AC', 'Ascension Island: exceptionally reserved (at the request of the UPU), not assigned; part of SH'],
  ['TA', 'Tristan da Cunha: exceptionally reserved (at the request of the UPU), not assigned; part of SH'],
  ['XK', 'Kosovo: a user-assigned code (X*) used by some organisations, not assigned by ISO 3166-1'],
]);

/**
 * The ISO 3166-1 alpha-2 countries (spec §2.1 "Country"), sorted by code, with English short names:
 * the data of GET /countries (spec §4.8). Derived from `countries-list` (names as that package gives
 * them, e.g. "Ivory Coast", "Türkiye"), keeping only the 249 officially assigned codes.
 */
export const COUNTRIES: readonly { readonly code: string; readonly name: string }[] = Object.entries(
  countries,
)
  .filter(([code]) => !NOT_ASSIGNED.has(code))
  .map(([code, country]) => ({ code, name: country.name }))
  .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map(({ code, name }) => [code, name]));

/**
 * Whether `code` is an assigned ISO 3166-1 alpha-2 code. Upper case only, as on the wire; callers
 * normalise (the directory path of spec §4.8 uses lower case).
 *
 * @example
 * ```ts
 * isCountryCode('ES'); // true
 * isCountryCode('es'); // false: normalise first
 * isCountryCode('XK'); // false: Kosovo's code is user-assigned, not ISO 3166-1
 * ```
 */
export function isCountryCode(code: string): boolean {
  return NAMES.has(code);
}

/**
 * The English short name of an ISO 3166-1 alpha-2 country, or `null` for a code that is not
 * assigned (upper case only, like {@link isCountryCode}).
 *
 * @example
 * ```ts
 * countryName('PL'); // 'Poland'
 * countryName('AC'); // null
 * ```
 */
export function countryName(code: string): string | null {
  return NAMES.get(code) ?? null;
}
