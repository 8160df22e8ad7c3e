import { EU_VAT_PREFIXES, euVatPrefixOf } from '../codelists/euVatPrefixes.js';
import { checkPolishNip } from '../identifiers/polishNip.js';
import { presentText } from '../model/presentText.js';
import { TNIP_ID_WEW } from './build/fa3Types.js';

/**
 * How a party is identified in FA(3) `DaneIdentyfikacyjne` (ksef-fa3.md §5, §6.2, §6.3): by a Polish
 * `NIP`; by an EU VAT number (`KodUE` + `NrVatUE`, the number without its prefix); by an internal id
 * `IDWew` (`NIP-NNNNN`, Podmiot3 only); by another id (`KodKraju?` + `NrID`); or by nothing
 * (`BrakID=1`). The builder writes it, the importer reads it back into the same report fields.
 */
export type Fa3Identification =
  | { kind: 'nip'; nip: string }
  | { kind: 'eu_vat'; country: string; number: string }
  | { kind: 'internal'; id: string }
  | { kind: 'other'; country: string | null; id: string }
  | { kind: 'none' };

/**
 * The EU codes of FA(3) `TKodyKrajowUE`: the EU VAT prefixes (`EU_VAT_PREFIXES`), Greece as `EL`,
 * plus `XI` (Northern Ireland). The prefix of an EU VAT number is one of them.
 */
export const FA3_EU_CODES: readonly string[] = EU_VAT_PREFIXES;

/**
 * The FA(3) EU code of an ISO country, or null outside the EU: ISO `GR` is `EL` in VAT numbers (and
 * in `TKodyKrajowUE`); `XI` stays `XI`.
 *
 * @example
 * ```ts
 * euCodeOf('GR'); // 'EL'
 * euCodeOf('US'); // null
 * ```
 */
export function euCodeOf(country: string | null | undefined): string | null {
  // One mapping for both formats (`FA3_EU_CODES` is `EU_VAT_PREFIXES`): `src/codelists/euVatPrefixes.ts`.
  return euVatPrefixOf(country);
}

/**
 * Whether a tax id is shaped as a Polish NIP: 10 digits once a `PL` prefix, spaces and dashes are
 * dropped (`checkPolishNip`'s compact form), with the country Poland or none. The shape, not the
 * check digit: a tax id of this shape is written as `NIP` (ksef-fa3.md §6.2, §6.3), so its check
 * digit must then hold (KSeF checks it, ksef-fa3.md §4). The one test the buyer's derivation
 * ({@link customerIdentification}) and the report generator (`src/ksef/generate/parties.ts`) share.
 *
 * @example
 * ```ts
 * looksLikePolishNip('PL 111-111-11-12', null); // true: the shape of a NIP (its check digit is wrong)
 * looksLikePolishNip('1111111111', 'DE'); // false: a German party
 * ```
 */
export function looksLikePolishNip(taxId: string, country: string | null | undefined): boolean {
  return (
    (country === null || country === undefined || country === 'PL') &&
    /^\d{10}$/.test(checkPolishNip(taxId).compact)
  );
}

/** `DE123456789` → `{DE, 123456789}` when the prefix is an FA(3) EU code, else null. */
function splitEuVat(
  value: string,
  country: string | null | undefined,
): { country: string; number: string } | null {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = compact.slice(0, 2);
  if (/^[A-Z]{2}$/.test(prefix) && FA3_EU_CODES.includes(prefix))
    return { country: prefix, number: compact.slice(2) };
  const code = euCodeOf(country);
  return code === null ? null : { country: code, number: compact };
}

/** What {@link customerIdentification} reads of a Ksef tax report. */
export interface CustomerPartyFields {
  customer_party_id_type?: 'nip' | 'eu_vat' | 'other' | 'none' | null | undefined;
  customer_party_tax_id?: string | null | undefined;
  customer_party_country?: string | null | undefined;
}

/**
 * The buyer's FA(3) identification (`Podmiot2/DaneIdentyfikacyjne`, ksef-fa3.md §6.2) from
 * `customer_party_id_type`, or, when that is null, derived (a **fiscalkit rule**): no tax id is
 * `none`; a 10-digit NIP (a `PL` prefix and dashes allowed) with the country Poland or none is `nip`;
 * a number of another EU country is `eu_vat` (the prefix of the number, else the country, gives
 * `KodUE`); anything else is `other` (`KodKraju` from the country). Returns null when the declared
 * type cannot be written (`eu_vat` without an EU prefix or country; `nip`/`eu_vat`/`other` without a
 * tax id): `fa3Issues` reports it.
 *
 * @example
 * ```ts
 * customerIdentification({ customer_party_tax_id: 'PL 111-111-11-11' }); // { kind: 'nip', nip: '1111111111' }
 * customerIdentification({ customer_party_tax_id: 'DE123456789', customer_party_country: 'DE' });
 * // { kind: 'eu_vat', country: 'DE', number: '123456789' }
 * ```
 */
export function customerIdentification(report: CustomerPartyFields): Fa3Identification | null {
  const taxId = presentText(report.customer_party_tax_id);
  const country = report.customer_party_country ?? null;
  const type = report.customer_party_id_type ?? deriveType(taxId, country);
  switch (type) {
    case 'none':
      return { kind: 'none' };
    case 'nip':
      return taxId === null ? null : { kind: 'nip', nip: checkPolishNip(taxId).compact };
    case 'eu_vat': {
      const split = taxId === null ? null : splitEuVat(taxId, country);
      return split === null ? null : { kind: 'eu_vat', ...split };
    }
    case 'other':
      return taxId === null ? null : { kind: 'other', country, id: taxId };
  }
}

/** The derived identification type of a tax id and a country (see {@link customerIdentification}). */
function deriveType(taxId: string | null, country: string | null): 'nip' | 'eu_vat' | 'other' | 'none' {
  if (taxId === null) return 'none';
  if (looksLikePolishNip(taxId, country)) return 'nip';
  if (country !== 'PL' && euCodeOf(country) !== null) return 'eu_vat';
  return 'other';
}

/** What {@link thirdPartyIdentification} reads: the flat `third_party_*` fields without their prefix. */
export interface ThirdPartyIdFields {
  id?: string | null | undefined;
  scheme?: string | null | undefined;
  tax_id?: string | null | undefined;
  tax_scheme?: string | null | undefined;
  country?: string | null | undefined;
}

/**
 * A third party's FA(3) identification (`Podmiot3/DaneIdentyfikacyjne`, ksef-fa3.md §6.3), a
 * **fiscalkit rule** over the spec's free-text schemes:
 *
 * - a `tax_id` with `tax_scheme` `NIP` (or a Polish VAT scheme code `9945`) is `NIP`; with `VAT` an EU
 *   VAT number (`KodUE` + `NrVatUE`); with no scheme it is derived as for the buyer; with any other
 *   scheme it is `NrID` (with `KodKraju` from the country);
 * - otherwise an `id` of the form `NIP-NNNNN` (or with scheme `IDWew`) is the internal id `IDWew`,
 *   any other `id` is `NrID`;
 * - otherwise `BrakID=1`.
 *
 * Returns null when an EU VAT number has neither an EU prefix nor an EU country.
 *
 * @example
 * ```ts
 * thirdPartyIdentification({ tax_id: '3333333333', tax_scheme: 'NIP' }); // { kind: 'nip', nip: '3333333333' }
 * thirdPartyIdentification({ id: '3333333333-00001' }); // { kind: 'internal', id: '3333333333-00001' }
 * ```
 */
export function thirdPartyIdentification(party: ThirdPartyIdFields): Fa3Identification | null {
  const taxId = presentText(party.tax_id);
  const country = party.country ?? null;
  if (taxId !== null) {
    const scheme = presentText(party.tax_scheme)?.toUpperCase() ?? null;
    if (scheme === 'NIP' || scheme === '9945') return { kind: 'nip', nip: checkPolishNip(taxId).compact };
    if (scheme === 'VAT') {
      const split = splitEuVat(taxId, country);
      return split === null ? null : { kind: 'eu_vat', ...split };
    }
    if (scheme === null)
      return customerIdentification({ customer_party_tax_id: taxId, customer_party_country: country });
    return { kind: 'other', country, id: taxId };
  }
  const id = presentText(party.id);
  if (id !== null) {
    if (TNIP_ID_WEW.test(id) || presentText(party.scheme)?.toUpperCase() === 'IDWEW')
      return { kind: 'internal', id };
    return { kind: 'other', country, id };
  }
  return { kind: 'none' };
}

/**
 * The two FA(3) address lines of a party (`Adres/AdresL1`, `AdresL2`; ksef-fa3.md §6.1): the street
 * line, then "postcode city" as the MF samples write it. `AdresL2` is null when both are blank.
 *
 * @example
 * ```ts
 * addressLines('ul. Kwiatowa 1 m. 2', '00-001', 'Warszawa'); // ['ul. Kwiatowa 1 m. 2', '00-001 Warszawa']
 * ```
 */
export function addressLines(
  address: string | null | undefined,
  postalcode: string | null | undefined,
  city: string | null | undefined,
): [string | null, string | null] {
  const second = [presentText(postalcode), presentText(city)].filter((part) => part !== null).join(' ');
  return [presentText(address), second === '' ? null : second];
}

/**
 * Reads `AdresL2` back into postcode and city: a Polish postcode `NN-NNN` at the start is the
 * postcode, the rest the city; anything else is all city (a **fiscalkit rule**, so that
 * `addressLines` rebuilds the same line).
 *
 * @example
 * ```ts
 * splitAddressLine2('00-001 Warszawa'); // { postalcode: '00-001', city: 'Warszawa' }
 * splitAddressLine2('Berlin'); // { postalcode: null, city: 'Berlin' }
 * ```
 */
export function splitAddressLine2(line: string | null | undefined): {
  postalcode: string | null;
  city: string | null;
} {
  const text = presentText(line);
  if (text === null) return { postalcode: null, city: null };
  const match = /^(\d{2}-\d{3})\s+(\S.*)$/.exec(text);
  return match === null
    ? { postalcode: null, city: text }
    : { postalcode: match[1] ?? null, city: match[2] ?? null };
}
