import { isSchemeCode } from '../codelists/schemes.js';
import { TIN_SCHEME_WORD_CODES, TIN_SCHEME_WORDS, type TinSchemeWord } from '../codelists/tinSchemeWords.js';

const SCHEME_DIGITS = /^[0-9]{1,4}$/;

/**
 * Zero-pads a scheme code written as 1 to 4 digits to the 4-character form the service uses
 * (spec §2.2: `7` → `0007`), after trimming; `null` when it is not 1–4 ASCII digits. Padding only:
 * whether the scheme exists is {@link schemeCode}'s question.
 *
 * @example
 * ```ts
 * padSchemeCode('7'); // '0007'
 * padSchemeCode(' 88 '); // '0088'
 * padSchemeCode('0001'); // '0001' (padded, not looked up)
 * padSchemeCode('12345'); // null: more than 4 digits
 * padSchemeCode('VAT'); // null
 * ```
 */
export function padSchemeCode(value: string): string | null {
  const trimmed = value.trim();
  return SCHEME_DIGITS.test(trimmed) ? trimmed.padStart(4, '0') : null;
}

/**
 * A scheme code as the service returns it (spec §2.2): zero-padded to 4 characters, or `null` when the
 * scheme is unknown. From v2026-03-02 an unknown scheme is `null` rather than the old placeholder
 * `"0001"` (api-notes.md §3.2). Known means listed in `SCHEMES` (GET /schemes).
 *
 * @example
 * ```ts
 * schemeCode('7'); // '0007'
 * schemeCode('9920'); // '9920'
 * schemeCode(' 88 '); // '0088'
 * schemeCode('0001'); // null: not an assigned scheme
 * schemeCode('VAT'); // null
 * schemeCode(undefined); // null
 * ```
 */
export function schemeCode(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const padded = padSchemeCode(value);
  return padded !== null && isSchemeCode(padded) ? padded : null;
}

/**
 * The scheme word (`VAT`, `TAX`, spec §2.3 "scheme (e.g. VAT, TAX)") `value` is, in any case and
 * after trimming, or `null` when it is not one (a code, or any other text).
 *
 * @example
 * ```ts
 * tinSchemeWord(' vat '); // 'VAT'
 * tinSchemeWord('TAX'); // 'TAX'
 * tinSchemeWord('9945'); // null: a code, not a word
 * tinSchemeWord('NIF'); // null: not a word the spec names
 * ```
 */
export function tinSchemeWord(value: string): TinSchemeWord | null {
  const word = value.trim().toUpperCase();
  return (TIN_SCHEME_WORDS as readonly string[]).includes(word) ? (word as TinSchemeWord) : null;
}

/**
 * The scheme code a `tin_scheme` stands for: a code as {@link schemeCode} gives it, or a scheme word
 * (`VAT`, `TAX`) read with the party's country as the code of that country's scheme
 * (`TIN_SCHEME_WORD_CODES`: `VAT` + `PL` is 9945, `VAT` + `ES` is 9920). `null` when it names no known
 * scheme: an unknown code, another word, or a word in a country without a code for it (or without a
 * country). The country is an ISO 3166-1 code, in any case.
 *
 * @example
 * ```ts
 * tinSchemeCode('VAT', 'PL'); // '9945'
 * tinSchemeCode('vat', 'es'); // '9920'
 * tinSchemeCode('TAX', 'IT'); // '0210' (codice fiscale)
 * tinSchemeCode('9920', null); // '9920': a code needs no country
 * tinSchemeCode('VAT', 'US'); // null: no US VAT scheme
 * tinSchemeCode('VAT', null); // null
 * ```
 */
export function tinSchemeCode(
  scheme: string | null | undefined,
  country: string | null | undefined,
): string | null {
  if (scheme === null || scheme === undefined) return null;
  const word = tinSchemeWord(scheme);
  if (word === null) return schemeCode(scheme);
  if (typeof country !== 'string') return null;
  const codes = TIN_SCHEME_WORD_CODES[word];
  const key = country.trim().toUpperCase();
  return Object.hasOwn(codes, key) ? (codes[key] ?? null) : null;
}
