import { languages } from 'countries-list';

/**
 * Where fiscalkit departs from the `countries-list` languages (ISO 639-1 alpha-2). The package has
 * 185 codes; ISO 639-1 has 183 current codes. Checked code by code against the ISO 639-1 list (the
 * test pins all 183): the package keeps three deprecated codes and lacks one current code.
 */
const DEPRECATED: ReadonlyMap<string, string> = new Map([
  ['bh', 'Bihari languages: deprecated in ISO 639-1 in 2021 (ISO 639-2 `bih` remains)'],
  ['mo', 'Moldavian: deprecated in 2008 in favour of `ro`'],
  ['sh', 'Serbo-Croatian: deprecated in ISO 639-1 in favour of `bs`, `hr` and `sr`'],
]);
const MISSING = [{ code: 'ae', name: 'Avestan', native: 'avesta' }] as const;

/** One entry of GET /languages. */
export interface LanguageEntry {
  /** ISO 639-1 alpha-2 code, lower case, e.g. `es`. */
  readonly code: string;
  /** English name, e.g. `Spanish`. */
  readonly name: string;
  /** Name in the language itself, e.g. `Español`. */
  readonly native: string;
}

/**
 * The ISO 639-1 languages of GET /languages (spec §4.8), sorted by code. Derived from
 * `countries-list` (English and native names as that package gives them), without the deprecated
 * `bh`, `mo` and `sh` and with `ae` (Avestan), which the package lacks.
 */
export const LANGUAGES: readonly LanguageEntry[] = [
  ...Object.entries(languages)
    .filter(([code]) => !DEPRECATED.has(code))
    .map(([code, language]) => ({ code, name: language.name, native: language.native })),
  ...MISSING,
].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

const CODES: ReadonlySet<string> = new Set(LANGUAGES.map(({ code }) => code));

/**
 * Whether `code` is a current ISO 639-1 language code. Lower case only, as on the wire; callers
 * normalise.
 *
 * @example
 * ```ts
 * isLanguageCode('es'); // true
 * isLanguageCode('ES'); // false: normalise first
 * isLanguageCode('mo'); // false: deprecated, use 'ro'
 * ```
 */
export function isLanguageCode(code: string): boolean {
  return CODES.has(code);
}
