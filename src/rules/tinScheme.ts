import type { ValidationIssue } from '../errors/validationIssue.js';
import { tinSchemeCode, tinSchemeWord } from '../identifiers/schemeCode.js';
import { issueAt } from './issue.js';

/** The fields of a party (account, contact, inline contact) the rule reads. */
export interface TinSchemeParty {
  tin_scheme?: string | null | undefined;
  /** The party's country, ISO 3166-1: the one it will have once the request is applied. */
  country?: string | null | undefined;
}

/**
 * Spec §2.3 `tin_scheme` "scheme (e.g. VAT, TAX)": a scheme word names the scheme code of the party's
 * country (`TIN_SCHEME_WORD_CODES`: `VAT` + `PL` is 9945, `VAT` + `ES` is 9920). A word with no code in
 * that country (or with no country) names no known scheme, which is `parameter_inclusion` at
 * `tin_scheme` (spec §7.2 names the scheme as that code's example), as an unknown code is. A code is
 * judged by the field itself (`tinSchemeField`). `at` is where the party is (`['contact']` for an
 * invoice's inline contact). Pass the party as it will be (its country after the request). Rule
 * `api.3.2.tin-scheme-code`: the service keeps schemes as codes (api-notes.md §3.2), so a word must
 * name one.
 *
 * @example
 * ```ts
 * tinSchemeIssues({ tin_scheme: 'VAT', country: 'PL' }); // []: 9945
 * tinSchemeIssues({ tin_scheme: 'VAT', country: 'US' });
 * // [{ rule: 'api.3.2.tin-scheme-code', code: 'parameter_inclusion', param: 'tin_scheme', … }]
 * ```
 */
export function tinSchemeIssues(party: TinSchemeParty, at: readonly string[] = []): ValidationIssue[] {
  const scheme = party.tin_scheme;
  if (typeof scheme !== 'string') return [];
  const word = tinSchemeWord(scheme);
  if (word === null || tinSchemeCode(word, party.country) !== null) return [];
  const country = typeof party.country === 'string' ? party.country.trim().toUpperCase() : '';
  return [
    issueAt(
      'api.3.2.tin-scheme-code',
      'parameter_inclusion',
      [...at, 'tin_scheme'],
      country === ''
        ? `${word} names a scheme only with the party's country: send the country, or the scheme code (GET /schemes)`
        : `${word} names no known scheme in ${country}: send the scheme code (GET /schemes)`,
    ),
  ];
}

/**
 * The party with its `tin_scheme` written as the scheme code it stands for: a scheme word (spec §2.3
 * "e.g. VAT, TAX") becomes the code of the party's country, so that what is stored and returned is
 * the code the service returns (api-notes.md §3.2) and every rule and generator that keys on codes
 * (the office TIN comparison, KSeF's 9945, SII's 9920) reads one vocabulary. A word without a code is
 * left as it is, for {@link tinSchemeIssues} to refuse; a party without a word is returned as is.
 *
 * @example
 * ```ts
 * withTinSchemeCode({ tin_scheme: 'VAT', tin_value: '5260250274' }, 'PL');
 * // { tin_scheme: '9945', tin_value: '5260250274' }
 * ```
 */
export function withTinSchemeCode<T extends { tin_scheme?: string | null | undefined }>(
  party: T,
  country: string | null | undefined,
): T {
  const scheme = party.tin_scheme;
  if (typeof scheme !== 'string' || tinSchemeWord(scheme) === null) return party;
  const code = tinSchemeCode(scheme, country);
  return code === null ? party : { ...party, tin_scheme: code };
}
