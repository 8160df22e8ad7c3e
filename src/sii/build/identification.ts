import { EU_VAT_PREFIXES, isEuVatPrefix } from '../../codelists/euVatPrefixes.js';
/**
 * How a party of an SII record is identified (sii.md §3, §10): by a Spanish `NIF`, or by
 * `IDOtro{CodigoPais?, IDType, ID}`. The report names a party with four fields
 * (`<role>_party_name`, `_tax_id`, `_tax_scheme`, `_country`); `siiRecordIssues` checks them and the
 * section builders write them through {@link partyIdentification}, so both read them the same way.
 *
 * @module
 */
import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { siiText } from './formats.js';

/** The two parties a report can name: the customer (`customer_party_*`) and the supplier (`supplier_party_*`). */
export type SiiPartyRole = 'customer' | 'supplier';

/** The report fields of one party, by role. */
export interface SiiPartyFields {
  readonly name: 'customer_party_name' | 'supplier_party_name';
  readonly taxId: 'customer_party_tax_id' | 'supplier_party_tax_id';
  readonly scheme: 'customer_party_tax_scheme' | 'supplier_party_tax_scheme';
  readonly country: 'customer_party_country' | 'supplier_party_country';
}

/**
 * The field names of each party role.
 *
 * @example
 * ```ts
 * SII_PARTY_FIELDS.supplier.taxId; // 'supplier_party_tax_id'
 * ```
 */
export const SII_PARTY_FIELDS: Readonly<Record<SiiPartyRole, SiiPartyFields>> = {
  customer: {
    name: 'customer_party_name',
    taxId: 'customer_party_tax_id',
    scheme: 'customer_party_tax_scheme',
    country: 'customer_party_country',
  },
  supplier: {
    name: 'supplier_party_name',
    taxId: 'supplier_party_tax_id',
    scheme: 'supplier_party_tax_scheme',
    country: 'supplier_party_country',
  },
};

/** The EU member states as ISO 3166 codes (for the default scheme): the VAT prefixes with `GR`. */
const EU_COUNTRIES: ReadonlySet<string> = new Set([
  ...EU_VAT_PREFIXES.filter((code) => code !== 'EL' && code !== 'XI'),
  'GR',
]);

/**
 * An EU VAT number as `IDOtro/ID` with `IDType 02` must carry (sii.md §8: "the ID must match an EU
 * VAT format"): a VIES prefix, then 2 to 13 letters, digits, `+` or `*`.
 *
 * @example
 * ```ts
 * isEuVatNumber('DE123456789'); // true
 * isEuVatNumber('123456789'); // false: no prefix
 * ```
 */
export function isEuVatNumber(value: string): boolean {
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(value) && isEuVatPrefix(value.slice(0, 2));
}

/** A party's identification as SII writes it. */
export type SiiIdentification =
  | { readonly kind: 'nif'; readonly nif: string }
  | {
      readonly kind: 'other';
      /** `IDOtro/CodigoPais`, when known. */
      readonly country: string | undefined;
      /** `IDOtro/IDType`, `02`–`07`. */
      readonly idType: string;
      /** `IDOtro/ID`. */
      readonly id: string;
    };

/**
 * The identifier scheme of a party: the one given, or by default (sii.md §3, OCA's
 * `_get_sii_identifier`, **fiscalkit choice** for an absent scheme): `9920` (NIF) for a Spanish or
 * country-less party, `02` (EU VAT number) for another EU country, `04` (official ID of the country
 * of residence) elsewhere.
 *
 * @example
 * ```ts
 * partyScheme({ customer_party_country: 'FR' }, 'customer'); // '02'
 * partyScheme({ customer_party_tax_scheme: '06', customer_party_country: 'US' }, 'customer'); // '06'
 * ```
 */
export function partyScheme(report: Partial<SiiTaxReportCreate>, role: SiiPartyRole): string {
  const fields = SII_PARTY_FIELDS[role];
  const scheme = report[fields.scheme];
  if (typeof scheme === 'string' && scheme.trim() !== '') return scheme;
  const country = report[fields.country];
  if (typeof country !== 'string' || country === '' || country === 'ES') return '9920';
  return EU_COUNTRIES.has(country) ? '02' : '04';
}

/**
 * A party's identification (`NIF` or `IDOtro`) from its report fields, or null without a tax id.
 * The tax id is written trimmed; `siiRecordIssues` has checked its form.
 *
 * @example
 * ```ts
 * partyIdentification({ customer_party_tax_id: 'B12345674' }, 'customer');
 * // { kind: 'nif', nif: 'B12345674' }
 * partyIdentification({ customer_party_tax_id: 'DE123456789', customer_party_country: 'DE' }, 'customer');
 * // { kind: 'other', country: 'DE', idType: '02', id: 'DE123456789' }
 * ```
 */
export function partyIdentification(
  report: Partial<SiiTaxReportCreate>,
  role: SiiPartyRole,
): SiiIdentification | null {
  const fields = SII_PARTY_FIELDS[role];
  const taxId = siiText(report[fields.taxId]);
  if (taxId === undefined) return null;
  const scheme = partyScheme(report, role);
  if (scheme === '9920') return { kind: 'nif', nif: taxId };
  const country = report[fields.country];
  return {
    kind: 'other',
    country: typeof country === 'string' && country !== '' ? country : undefined,
    idType: scheme,
    id: taxId,
  };
}
