/**
 * The scheme words a `tin_scheme` may be written as, and the scheme code each names in a country.
 *
 * Spec §2.3 describes `tin_scheme` as "scheme (e.g. VAT, TAX)", while the service returns ISO 6523 /
 * Peppol EAS codes (spec §2.2, api-notes.md §3.2: zero-padded 4-character strings, `null` for an
 * unknown scheme) and its own SDK sends codes (`tin_scheme: "9920"`, api-notes.md §3.1, §9). So
 * fiscalkit accepts the two words the spec names, and reads each, with the party's country, as the
 * code of that country's scheme (docs/model-decisions.md, "Scheme words"). A word is only a way of
 * writing a code: it is stored and returned as the code.
 *
 * - `VAT`: the country's VAT identification number scheme: the Peppol EAS codes of
 *   `src/codelists/schemes.ts` whose published name says "VAT number" (or the same in the country's
 *   language: 9914 "Umsatzsteuer-Identifikationsnummer", 0211 "PARTITA IVA", 0248 "VATIN"), without
 *   the ones the Peppol list marks deprecated or removed (`DEPRECATED_SCHEMES`: 9906 IT, 9909 NO,
 *   9955 SE; Italy takes 0211, the replacement it names). Spain is 9920 (AEAT): the Spanish VAT number
 *   is the NIF with the `ES` prefix, and 9920 is the scheme the service and its SDK use for Spanish
 *   parties (api-notes.md §9: "`9920` (ES NIF, default)").
 * - `TAX`: the country's tax identification number scheme, where the catalogue has one named as such:
 *   9920 ES (the NIF, issued by AEAT), 0210 IT (CODICE FISCALE), 0219 LV (taxpayer registration code),
 *   0235 AE (UAE TIN), 0244 NG (Tax ID), 0245 SK (DIČ, tax identification number), and 9945 PL: the
 *   Polish VAT number is the NIP (Numer Identyfikacji Podatkowej, the tax identification number)
 *   itself, as KSeF reads scheme 9945 (`src/ksef/partyIdentification.ts`).
 *
 * A word in a country the table does not name has no code: it is refused as an unknown scheme
 * (`parameter_inclusion`), and the client sends the code (GET /schemes) instead.
 */

/** The scheme words `tin_scheme` accepts (spec §2.3 "e.g. VAT, TAX"), upper case. */
export const TIN_SCHEME_WORDS = ['VAT', 'TAX'] as const;

/** One of {@link TIN_SCHEME_WORDS}. */
export type TinSchemeWord = (typeof TIN_SCHEME_WORDS)[number];

const VAT: Readonly<Record<string, string>> = {
  AD: '9922',
  AL: '9923',
  AT: '9914',
  BA: '9924',
  BE: '9925',
  BG: '9926',
  CH: '9927',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  ES: '9920',
  FR: '9957',
  GB: '9932',
  GR: '9933',
  HR: '9934',
  HU: '9910',
  IE: '9935',
  IT: '0211',
  LI: '9936',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MC: '9940',
  ME: '9941',
  MK: '9942',
  MT: '9943',
  NL: '9944',
  OM: '0248',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  RS: '9948',
  SI: '9949',
  SK: '9950',
  SM: '9951',
  TR: '9952',
  VA: '9953',
};

const TAX: Readonly<Record<string, string>> = {
  AE: '0235',
  ES: '9920',
  IT: '0210',
  LV: '0219',
  NG: '0244',
  PL: '9945',
  SK: '0245',
};

/** The scheme code each word names, per ISO 3166-1 country (sources above). */
export const TIN_SCHEME_WORD_CODES: Readonly<Record<TinSchemeWord, Readonly<Record<string, string>>>> = {
  VAT,
  TAX,
};
