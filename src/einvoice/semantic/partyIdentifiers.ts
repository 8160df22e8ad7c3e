/**
 * A party's identifiers in EN 16931 terms, from fiscalkit's `tin_scheme` / `tin_value` (the tax id)
 * and `cin_scheme` / `cin_value` (the company id, spec §2.2, §2.3):
 *
 * - **VAT identifier** (BT-31 / BT-48). fiscalkit never guesses that a tax id is a VAT number. It is one
 *   when its scheme is a VAT number scheme (the `VAT` row of `TIN_SCHEME_WORD_CODES`: 9920 ES, 9930 DE,
 *   0211 IT, 9945 PL, …), written with the scheme country's VAT prefix (BR-CO-09: an ISO 3166-1 prefix,
 *   `EL` for Greece) unless it already starts with it; or, without a scheme, when it already starts with
 *   the party's own country prefix, or with an EU VAT prefix followed by a digit (`DK12345678`,
 *   `ATU12345678`). Upper case, without spaces, dots and dashes (`ES B-12345674` → `ESB12345674`).
 * - **Other tax id** (a tax id that is not a VAT number: 0210 codice fiscale, 9959 US EIN, a tax id
 *   without scheme): the seller's tax registration identifier BT-32, the buyer's identifier BT-46
 *   (`parties.ts`).
 * - **Legal registration** (BT-30 / BT-47): the `cin`, with its scheme when it is an ISO 6523 ICD
 *   (BR-CL-11 allows no other).
 * - **Electronic address** (BT-34 / BT-49, the Peppol participant): the `cin` when its scheme is an EAS
 *   code (0208 Belgian enterprise number, 0088 GLN, 0192 Norwegian organisation number, 0204
 *   Leitweg-ID, …), else the tax id when its scheme is one (9920 with the Spanish VAT number, 9930, …;
 *   a VAT scheme's value is the prefixed VAT number, as the service writes `9920:ESB12345678`,
 *   api-notes.md §3.1), else none. The company id first because national registers are what
 *   Peppol participants register under where a country has one (0208 in Belgium, 0192 in Norway).
 *
 * Values are written in the form the rules check: a 0208 number as its ten digits (Peppol
 * PEPPOL-COMMON-R043 reads `^[0-9]{10}$`), everything without spaces.
 *
 * @module
 */
import { euVatPrefixOf, isEuVatPrefix } from '../../codelists/euVatPrefixes.js';
import { isSchemeCode } from '../../codelists/schemes.js';
import { TIN_SCHEME_WORD_CODES } from '../../codelists/tinSchemeWords.js';
import { schemeCode, tinSchemeCode } from '../../identifiers/schemeCode.js';
import { presentText } from '../../model/presentText.js';
import type { En16931Identifier } from './en16931Invoice.js';

/** A party's identity fields, as accounts and contacts (and an invoice's contact summary) have them. */
export interface PartyIds {
  readonly tin_scheme?: string | null | undefined;
  readonly tin_value?: string | null | undefined;
  readonly cin_scheme?: string | null | undefined;
  readonly cin_value?: string | null | undefined;
  readonly country?: string | null | undefined;
}

/** VAT number scheme → its country (the inverse of the `VAT` scheme words). */
const VAT_SCHEME_COUNTRIES: ReadonlyMap<string, string> = new Map(
  Object.entries(TIN_SCHEME_WORD_CODES.VAT).map(([country, code]) => [code, country]),
);

/**
 * The electronic address schemes fiscalkit derives an endpoint with: the EAS codes both EN 16931
 * (BR-CL-25) and Peppol BIS 3.0.19 (PEPPOL-EN16931-CL008) accept, so that a derived address is valid in
 * every specification.
 */
export const EAS_CODES: ReadonlySet<string> = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 ' +
    '0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 ' +
    '0212 0213 0215 0216 0217 0218 0221 0225 0230 0235 0240 9910 9913 9914 9915 9918 9919 9920 9922 9923 ' +
    '9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 ' +
    '9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959'
  ).split(' '),
);

/**
 * The EAS codes EN 16931 alone accepts beyond {@link EAS_CODES} (BR-CL-25 of release 1.3.16), for a
 * participant identifier the account gives itself in the `en16931` specification.
 */
const EN16931_ONLY_EAS: ReadonlySet<string> = new Set(
  '0219 0220 0242 0244 0245 0246 0248 AN AQ AS AU EM'.split(' '),
);

/**
 * Whether an electronic address scheme is accepted: Peppol's list for Peppol BIS 3 (its CL008),
 * EN 16931's (BR-CL-25) for the norm and for XRechnung, which takes Peppol's R010/R020 but not CL008
 * (its own test suite writes `EM` addresses).
 *
 * @example
 * ```ts
 * isEasCode('9920', true); // true
 * isEasCode('0244', true); // false: EN 16931 only
 * ```
 */
export function isEasCode(scheme: string, peppol: boolean): boolean {
  return EAS_CODES.has(scheme) || (!peppol && EN16931_ONLY_EAS.has(scheme));
}

/**
 * Whether a scheme code is an ISO 6523 ICD (the only schemes BR-CL-10 / BR-CL-11 allow for party
 * identifiers and legal registrations): a known scheme below 1000.
 *
 * @example
 * ```ts
 * isIcd('0208'); // true
 * isIcd('9920'); // false: a Peppol EAS code, not an ICD
 * ```
 */
export function isIcd(code: string): boolean {
  return /^0\d{3}$/.test(code) && isSchemeCode(code);
}

/**
 * An identifier as written: upper case, without spaces, dots and dashes.
 *
 * @example
 * ```ts
 * compactId('es b-12.345.674'); // 'ESB12345674'
 * ```
 */
export function compactId(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/**
 * The VAT prefix of a country (BR-CO-09): the EU prefix (`EL` for Greece), else the ISO code itself.
 *
 * @example
 * ```ts
 * vatPrefix('GR'); // 'EL'
 * vatPrefix('CH'); // 'CH'
 * ```
 */
export function vatPrefix(country: string): string {
  return euVatPrefixOf(country) ?? country;
}

/**
 * The party's VAT identifier (BT-31 / BT-48; module comment), or undefined when its tax id is not a
 * VAT number.
 *
 * @example
 * ```ts
 * vatIdentifierOf({ tin_scheme: '9920', tin_value: 'B12345674', country: 'ES' }); // 'ESB12345674'
 * vatIdentifierOf({ tin_scheme: null, tin_value: 'DE 123 456 789', country: 'DE' }); // 'DE123456789'
 * vatIdentifierOf({ tin_scheme: null, tin_value: 'B12345674', country: 'ES' }); // undefined: no scheme, no prefix
 * vatIdentifierOf({ tin_scheme: '0210', tin_value: 'RSSMRA85T10A562S', country: 'IT' }); // undefined
 * ```
 */
export function vatIdentifierOf(party: PartyIds): string | undefined {
  const tin = presentText(party.tin_value);
  if (tin === null) return undefined;
  const value = compactId(tin);
  const country = presentText(party.country)?.toUpperCase() ?? null;
  const scheme = tinSchemeCode(party.tin_scheme, country);
  if (scheme !== null) {
    const schemeCountry = VAT_SCHEME_COUNTRIES.get(scheme);
    if (schemeCountry === undefined) return undefined;
    const prefix = vatPrefix(schemeCountry);
    return value.startsWith(prefix) ? value : `${prefix}${value}`;
  }
  if (presentText(party.tin_scheme) !== null) return undefined; // a scheme fiscalkit does not know
  if (country !== null && value.startsWith(vatPrefix(country)) && value.length > 2) return value;
  return isEuVatPrefix(value.slice(0, 2)) && /^[A-Z]{2}[0-9A-Z][0-9]/.test(value) ? value : undefined;
}

/**
 * The party's tax id when it is not a VAT number (BT-32 for the seller, BT-46 for the buyer): the value
 * without whitespace (as its electronic address has it), with its scheme code when fiscalkit knows it.
 *
 * @example
 * ```ts
 * otherTaxIdOf({ tin_scheme: '9959', tin_value: '12-3456789', country: 'US' }); // { id: '12-3456789', scheme: '9959' }
 * otherTaxIdOf({ tin_scheme: '9920', tin_value: 'B12345674', country: 'ES' }); // undefined: a VAT number
 * ```
 */
export function otherTaxIdOf(party: PartyIds): En16931Identifier | undefined {
  const tin = presentText(party.tin_value);
  if (tin === null || vatIdentifierOf(party) !== undefined) return undefined;
  const scheme = tinSchemeCode(party.tin_scheme, presentText(party.country)?.toUpperCase() ?? null);
  return { id: identifierValue(scheme ?? undefined, tin), scheme: scheme ?? undefined };
}

/**
 * An identifier's value in the form the rules check for its scheme: a Belgian enterprise number (0208)
 * as its ten digits (PEPPOL-COMMON-R043), any other without whitespace.
 *
 * @example
 * ```ts
 * identifierValue('0208', 'BE 0123.456.749'); // '0123456749'
 * identifierValue('0088', ' 5790000435975 '); // '5790000435975'
 * ```
 */
export function identifierValue(scheme: string | undefined, value: string): string {
  const compact = value.replace(/\s+/g, '');
  return scheme === '0208' ? compact.replace(/\D+/g, '') : compact;
}

/**
 * The party's legal registration identifier (BT-30 / BT-47) from its `cin`, with the scheme when it is
 * an ICD.
 *
 * @example
 * ```ts
 * legalRegistrationOf({ cin_scheme: '208', cin_value: '0123.456.749' }); // { id: '0123456749', scheme: '0208' }
 * legalRegistrationOf({ cin_scheme: '9920', cin_value: 'B1' }); // { id: 'B1', scheme: undefined }
 * ```
 */
export function legalRegistrationOf(party: PartyIds): En16931Identifier | undefined {
  const cin = presentText(party.cin_value);
  if (cin === null) return undefined;
  const code = schemeCode(party.cin_scheme);
  const scheme = code !== null && isIcd(code) ? code : undefined;
  return { id: identifierValue(code ?? undefined, cin), scheme };
}

/**
 * The party's electronic address (BT-34 / BT-49; module comment), or undefined.
 *
 * @example
 * ```ts
 * endpointOf({ cin_scheme: '0208', cin_value: '0123456749', country: 'BE' }); // { id: '0123456749', scheme: '0208' }
 * endpointOf({ tin_scheme: '9920', tin_value: 'B12345674', country: 'ES' }); // { id: 'ESB12345674', scheme: '9920' }
 * ```
 */
export function endpointOf(party: PartyIds): En16931Identifier | undefined {
  const cin = presentText(party.cin_value);
  const cinScheme = schemeCode(party.cin_scheme);
  if (cin !== null && cinScheme !== null && EAS_CODES.has(cinScheme))
    return { id: identifierValue(cinScheme, cin), scheme: cinScheme };
  const tin = presentText(party.tin_value);
  if (tin === null) return undefined;
  const country = presentText(party.country)?.toUpperCase() ?? null;
  const vat = vatIdentifierOf(party);
  const tinScheme = tinSchemeCode(party.tin_scheme, country);
  if (vat !== undefined) {
    const scheme = tinScheme ?? vatSchemeOf(vat);
    return scheme !== undefined && EAS_CODES.has(scheme) ? { id: vat, scheme } : undefined;
  }
  return tinScheme !== null && EAS_CODES.has(tinScheme)
    ? { id: identifierValue(tinScheme, tin), scheme: tinScheme }
    : undefined;
}

/**
 * The VAT number scheme of a VAT identifier, from its prefix (`ESB…` → 9920, `EL…` → 9933), or
 * undefined when fiscalkit has none for that country (Denmark, Finland, Sweden have no current one).
 *
 * @example
 * ```ts
 * vatSchemeOf('ESB12345674'); // '9920'
 * vatSchemeOf('DK12345678'); // undefined
 * ```
 */
export function vatSchemeOf(vat: string): string | undefined {
  const prefix = vat.slice(0, 2).toUpperCase();
  const country = prefix === 'EL' ? 'GR' : prefix;
  return Object.hasOwn(TIN_SCHEME_WORD_CODES.VAT, country) ? TIN_SCHEME_WORD_CODES.VAT[country] : undefined;
}

/**
 * A VAT identifier read back as a tax id (the readers' inverse of {@link vatIdentifierOf}): the VAT
 * scheme of its prefix with the prefix dropped (`ESB12345674` → 9920 `B12345674`), or, for a prefix
 * without a scheme, the whole value without scheme (which {@link vatIdentifierOf} recognises again by
 * its prefix).
 *
 * @example
 * ```ts
 * tinOfVatIdentifier('ESB12345674'); // { tin_scheme: '9920', tin_value: 'B12345674' }
 * tinOfVatIdentifier('DK12345678'); // { tin_scheme: null, tin_value: 'DK12345678' }
 * ```
 */
export function tinOfVatIdentifier(vat: string): { tin_scheme: string | null; tin_value: string } {
  const value = compactId(vat);
  const scheme = vatSchemeOf(value);
  return scheme === undefined
    ? { tin_scheme: null, tin_value: value }
    : { tin_scheme: scheme, tin_value: value.slice(2) };
}
