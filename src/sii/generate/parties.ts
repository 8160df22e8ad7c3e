import { euVatPrefixOf } from '../../codelists/euVatPrefixes.js';
import type { Validated } from '../../errors/validationIssue.js';
import { accountTaxId, invoiceParty, partyCountry, refused, taxIdPrefix } from '../../generate/parties.js';
import { checkSpanishTin } from '../../identifiers/spanishTin.js';
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import type { Invoice } from '../../model/invoice.js';
import { presentText } from '../../model/presentText.js';
import type { SII_PARTY_TAX_SCHEMES } from '../../model/siiCodes.js';
import type { SiiTitular } from '../message.js';

/** A counterparty identifier scheme of an SII report (`9920` → `NIF`, `02`–`07` → `IDOtro/IDType`). */
export type SiiPartyTaxScheme = (typeof SII_PARTY_TAX_SCHEMES)[number];

/** `NombreRazon` holds at most 120 characters (sii.md §3, `PersonaFisicaJuridicaType`). */
const NAME_LENGTH = 120;

/** The `IDOtro/ID` OCA sends for a foreign party without an identifier (sii.md §3). */
export const SII_NO_ID = 'NO_DISPONIBLE';

/**
 * The first `length` characters of a text, counted as Unicode code points (the XSD's characters), so
 * a surrogate pair is never cut in half.
 *
 * @example
 * ```ts
 * truncated('Distribuciones Norte SA', 14); // 'Distribuciones'
 * ```
 */
export function truncated(value: string, length: number): string {
  const chars = Array.from(value);
  return chars.length <= length ? value : chars.slice(0, length).join('');
}

/** The titular's NIF (sii.md §3: `Cabecera/Titular/NIF`; `NIFType`, sii.md §6; es-tin.md §2). */
const TITULAR_NIF = {
  rule: 'sii.3.titular-nif',
  check: checkSpanishTin,
  blank:
    'is required: the titular of the SII books is identified by its Spanish NIF (Cabecera/Titular/NIF, sii.md §3)',
  invalid:
    'must be a valid Spanish NIF (es-tin.md §2): the titular of the SII books is identified by one (NIFType, sii.md §6)',
};

/**
 * The titular of the SII books (`Cabecera/Titular`, sii.md §3): the account, by its name (cut to 120
 * characters as OCA does, `partner.name[0:120]`) and its Spanish NIF, written compact without the
 * `ES` prefix (`NIFType`, sii.md §6; `checkSpanishTin`, es-tin.md §1, §2). The titular is not a field
 * of the report (a message carries it, `SiiMessage.titular`), but no SII record exists without one:
 * an account without `tin_value` is `parameter_blank`, one whose `tin_value` is not a valid Spanish
 * NIF `parameter_invalid`, both at `account.tin_value`, rule `sii.3.titular-nif` (the shared
 * `accountTaxId`).
 *
 * @example
 * ```ts
 * siiTitular(storedAccount({ tin_value: 'ES B-12345674' }));
 * // { success: true, data: { name: 'ACME Servicios SL', nif: 'B12345674' } }
 * ```
 */
export function siiTitular(account: Pick<Account, 'name' | 'tin_value'>): Validated<SiiTitular> {
  const nif = accountTaxId(account, TITULAR_NIF);
  if (!nif.success) return nif;
  return { success: true, data: { name: truncated(account.name.trim(), NAME_LENGTH), nif: nif.data } };
}

/** The counterparty of an SII record, as the report's `customer_party_*` / `supplier_party_*` fields. */
export interface SiiCounterparty {
  name: string | null;
  tax_id: string | null;
  tax_scheme: SiiPartyTaxScheme;
  /** ISO 3166-1 alpha-2 (`IDOtro/CodigoPais`); null when unknown. */
  country: string | null;
  /** An EU member state other than Spain (intra-EU operations, `IDType 02`). */
  eu: boolean;
}

/** The ISO country an EU VAT prefix stands for (`EL` is Greece, `GR`). */
function countryOfPrefix(tin: string): string | null {
  const prefix = taxIdPrefix(tin);
  if (!/^[A-Z]{2}$/.test(prefix)) return null;
  const country = prefix === 'EL' ? 'GR' : prefix;
  return euVatPrefixOf(country) === null ? null : country;
}

/** An EU VAT number with its country prefix (`NIF-IVA`, `IDType 02`): compact, upper case. */
function euVatNumber(tin: string, euCode: string): string {
  const compact = tin.replace(/[\s.-]/g, '').toUpperCase();
  return compact.startsWith(euCode) ? compact : `${euCode}${compact}`;
}

/**
 * The counterparty of an SII record (`Contraparte`; the issuer `IDEmisorFactura` of a received
 * invoice) from the invoice's contact — the stored contact, else the contact summary the invoice
 * keeps — following OCA's identifier logic (sii.md §3, `_get_sii_identifier`):
 *
 * - a Spanish party (country `ES`; without a country, scheme `9920` or a valid Spanish NIF) → scheme
 *   `9920` (`NIF`), the NIF compact without `ES` (`NIFType`, sii.md §6); a NIF that is not valid
 *   (es-tin.md §2) is `parameter_invalid` at `contact.tin_value`, rule `sii.3.counterparty-nif`
 *   (AEAT refuses it, sii.md §8 error 1117); a missing one is left to the rules (`Contraparte` is
 *   required for `F1`, sii.md §8);
 * - an EU party (another member state, `euVatPrefixOf`) → `02` (NIF-IVA) with the country prefix
 *   (`EL` for Greece), except on an export, which never uses `02` (AEAT error 1104, sii.md §3) → `04`;
 * - any other party → `04` (official ID of the country of residence);
 * - a foreign party without `tin_value` → `06` with ID `NO_DISPONIBLE` (sii.md §3).
 *
 * The name is cut to 120 characters (`NombreRazon`, as OCA does). Null when the invoice has no
 * contact at all (an anonymous simplified invoice).
 *
 * @example
 * ```ts
 * siiCounterparty(storedContact({ country: 'FR', tin_value: '40303265045' }), invoice, false);
 * // { success: true, data: { name: 'Distribuciones Norte SA', tax_id: 'FR40303265045', tax_scheme: '02', country: 'FR', eu: true } }
 * ```
 */
export function siiCounterparty(
  contact: Contact | null,
  invoice: Pick<Invoice, 'contact'>,
  exportSale: boolean,
): Validated<SiiCounterparty | null> {
  const party = invoiceParty(contact, invoice);
  if (party === null) return { success: true, data: null };
  const name = presentText(party.name);
  const tin = presentText(party.tin_value);
  const spanish = tin !== null && checkSpanishTin(tin).valid;
  const country =
    partyCountry(party) ??
    (tin === null ? null : countryOfPrefix(tin)) ??
    (party.tin_scheme === '9920' || spanish ? 'ES' : null);
  const base = { name: name === null ? null : truncated(name, NAME_LENGTH), country };
  if (country === 'ES') {
    if (tin === null)
      return { success: true, data: { ...base, tax_id: null, tax_scheme: '9920', eu: false } };
    const nif = checkSpanishTin(tin);
    if (!nif.valid)
      return refused(
        'sii.3.counterparty-nif',
        'parameter_invalid',
        ['contact', 'tin_value'],
        'must be a valid Spanish NIF (es-tin.md §2): a Spanish counterparty is identified by its NIF in the SII (NIFType, sii.md §3, §6)',
      );
    return { success: true, data: { ...base, tax_id: nif.compact, tax_scheme: '9920', eu: false } };
  }
  const euCode = euVatPrefixOf(country);
  const eu = euCode !== null;
  if (tin === null) return { success: true, data: { ...base, tax_id: SII_NO_ID, tax_scheme: '06', eu } };
  if (euCode !== null && !exportSale)
    return { success: true, data: { ...base, tax_id: euVatNumber(tin, euCode), tax_scheme: '02', eu } };
  return { success: true, data: { ...base, tax_id: tin.replace(/\s/g, ''), tax_scheme: '04', eu } };
}
