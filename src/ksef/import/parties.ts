/**
 * The party readers of the FA(3) importer: `Podmiot1` (seller), `Podmiot2` (buyer) and `Podmiot3`
 * (third parties), the inverse of the builder's party sections. Identification follows
 * `src/ksef/partyIdentification.ts` in reverse (ksef-fa3.md §6.1, §6.2, §6.3), so that a party imported here
 * is rebuilt with the same `DaneIdentyfikacyjne` element.
 *
 * @module
 */
import { splitAddressLine2 } from '../partyIdentification.js';
import type { Fa3Element, ImportContext, ReportDraft } from './xmlTree.js';

/** The report fields an `Adres` fills: country, street line, postcode, city. */
interface AddressFields {
  country: string;
  address: string;
  postalcode: string;
  city: string;
}

/**
 * Reads an `Adres` (`TAdres`: `KodKraju`, `AdresL1`, `AdresL2?`, `GLN?`): `AdresL2` is split into
 * postcode and city by `splitAddressLine2`, the rule `addressLines` rebuilds it with (ksef-fa3.md
 * §6.1). `GLN` has no field and goes to `ignored`. Returns the country code.
 */
function readAddress(address: Fa3Element, draft: ReportDraft, fields: AddressFields): string | null {
  const country = draft.requiredText(fields.country, address, 'KodKraju');
  draft.requiredText(fields.address, address, 'AdresL1');
  const line2 = address.text('AdresL2');
  const { postalcode, city } = splitAddressLine2(line2);
  draft.put(fields.postalcode, postalcode, address.pathOf('AdresL2'));
  draft.put(fields.city, city, address.pathOf('AdresL2'));
  return country;
}

/** Reads the first `DaneKontaktowe` (`Email`, `Telefon`); further blocks go to `ignored`. */
function readContact(party: Fa3Element, draft: ReportDraft, emailField: string, phoneField: string): void {
  const contact = party.child('DaneKontaktowe');
  if (contact === null) return;
  draft.text(emailField, contact, 'Email');
  draft.text(phoneField, contact, 'Telefon');
}

/**
 * Reads `Podmiot1`, the seller (ksef-fa3.md §6.1): `NIP` and `Nazwa`, `Adres`, the first
 * `DaneKontaktowe`, and `PrefiksPodatnika` (fixed `PL`) as `supplier_party_vat_prefix`. `NrEORI`,
 * `AdresKoresp` and `StatusInfoPodatnika` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readPodmiot1(root.requiredChild('Podmiot1'), report, context);
 * report.data.supplier_party_tax_id; // '9999999999'
 * ```
 */
export function readPodmiot1(podmiot1: Fa3Element | null, draft: ReportDraft, context: ImportContext): void {
  if (podmiot1 === null) return;
  if (podmiot1.has('PrefiksPodatnika')) {
    const prefix = podmiot1.text('PrefiksPodatnika');
    const path = podmiot1.pathOf('PrefiksPodatnika');
    if (prefix === 'PL') draft.put('supplier_party_vat_prefix', true, path);
    else
      context.invalid(path, `must be PL, the only value FA(3) allows, not ${JSON.stringify(prefix ?? '')}`);
  }
  const identification = podmiot1.requiredChild('DaneIdentyfikacyjne');
  if (identification !== null) {
    draft.requiredText('supplier_party_tax_id', identification, 'NIP');
    draft.requiredText('supplier_party_name', identification, 'Nazwa');
  }
  const address = podmiot1.requiredChild('Adres');
  if (address !== null) {
    readAddress(address, draft, {
      country: 'supplier_party_country',
      address: 'supplier_party_address',
      postalcode: 'supplier_party_postalcode',
      city: 'supplier_party_city',
    });
  }
  readContact(podmiot1, draft, 'supplier_contact_email', 'supplier_contact_phone');
}

/** A `DaneIdentyfikacyjne` choice as read: what kind of id, the report's tax id, and the id's country. */
interface Identification {
  kind: 'nip' | 'internal' | 'eu_vat' | 'other' | 'none';
  /** `NIP`, `IDWew`, `KodUE`+`NrVatUE` (`DE123456789`) or `NrID`; null for `BrakID`. */
  id: string | null;
  /** The element the id was read from. */
  source: string;
  /** `KodKraju` of an `other` id. */
  country: string | null;
}

/**
 * Reads the identification choice of `TPodmiot2` / `TPodmiot3` (ksef-fa3.md §5): `NIP` | `IDWew`
 * (Podmiot3 only) | `KodUE` + `NrVatUE` | `KodKraju?` + `NrID` | `BrakID=1`. Returns null (with an
 * issue) when none is there.
 */
function readIdentification(
  identification: Fa3Element,
  context: ImportContext,
  allowInternal: boolean,
): Identification | null {
  if (identification.has('NIP')) {
    return {
      kind: 'nip',
      id: identification.requiredText('NIP'),
      source: identification.pathOf('NIP'),
      country: null,
    };
  }
  if (allowInternal && identification.has('IDWew')) {
    return {
      kind: 'internal',
      id: identification.requiredText('IDWew'),
      source: identification.pathOf('IDWew'),
      country: null,
    };
  }
  if (identification.has('KodUE') || identification.has('NrVatUE')) {
    const code = identification.requiredText('KodUE');
    const number = identification.requiredText('NrVatUE');
    return {
      kind: 'eu_vat',
      // The report writes an EU VAT number with its prefix (ksef-fa3.md §6.2; `customerIdentification`
      // splits it again).
      id: code === null || number === null ? null : `${code}${number}`,
      source: identification.pathOf('NrVatUE'),
      country: null,
    };
  }
  if (identification.has('NrID')) {
    return {
      kind: 'other',
      id: identification.requiredText('NrID'),
      source: identification.pathOf('NrID'),
      country: identification.text('KodKraju'),
    };
  }
  if (identification.has('BrakID')) {
    identification.marker('BrakID');
    return { kind: 'none', id: null, source: identification.pathOf('BrakID'), country: null };
  }
  context.invalid(
    identification.path,
    allowInternal
      ? 'needs NIP, IDWew, KodUE with NrVatUE, NrID or BrakID'
      : 'needs NIP, KodUE with NrVatUE, NrID or BrakID',
  );
  return null;
}

/**
 * The country of an `other` id (`KodKraju` + `NrID`) is the party's country when there is no `Adres`;
 * with an `Adres` in another country it has no field of its own and goes to `ignored`.
 */
function placeIdCountry(
  identification: Fa3Element,
  id: Identification,
  addressCountry: string | null,
  draft: ReportDraft,
  countryField: string,
): void {
  if (id.kind !== 'other' || id.country === null) return;
  if (addressCountry === null) {
    draft.put(countryField, id.country, identification.pathOf('KodKraju'));
  } else if (addressCountry !== id.country) {
    identification.release('KodKraju');
  }
}

const CUSTOMER_ID_TYPE: Readonly<Record<Identification['kind'], string>> = {
  nip: 'nip',
  internal: 'other',
  eu_vat: 'eu_vat',
  other: 'other',
  none: 'none',
};

/** A `JST` / `GV` marker (`1` yes, `2` no; mandatory). */
function readBuyerMarker(podmiot2: Fa3Element, name: string, field: string, draft: ReportDraft): void {
  const value = podmiot2.requiredFlag(name);
  draft.put(field, value, podmiot2.pathOf(name));
}

/**
 * Reads `Podmiot2`, the buyer (ksef-fa3.md §6.2): the identification as `customer_party_id_type` +
 * `customer_party_tax_id` (`nip`: the NIP; `eu_vat`: `KodUE` + `NrVatUE`, e.g. `DE123456789`;
 * `other`: `NrID`, with its `KodKraju` as the country when there is no `Adres`; `none`: `BrakID`),
 * `Nazwa`, `Adres`, the first `DaneKontaktowe`, `NrKlienta`, and the mandatory `JST` / `GV` as true
 * (`1`) or false (`2`). `NrEORI`, `AdresKoresp` and `IDNabywcy` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readPodmiot2(root.requiredChild('Podmiot2'), report, context);
 * report.data.customer_party_id_type; // 'eu_vat' (MF sample 22)
 * report.data.customer_party_tax_id; // 'DE999999999'
 * ```
 */
export function readPodmiot2(podmiot2: Fa3Element | null, draft: ReportDraft, context: ImportContext): void {
  if (podmiot2 === null) return;
  const identification = podmiot2.requiredChild('DaneIdentyfikacyjne');
  const id = identification === null ? null : readIdentification(identification, context, false);
  if (id !== null) {
    draft.put('customer_party_id_type', CUSTOMER_ID_TYPE[id.kind], id.source);
    draft.put('customer_party_tax_id', id.id, id.source);
  }
  if (identification !== null) draft.text('customer_party_name', identification, 'Nazwa');
  const address = podmiot2.child('Adres');
  const country =
    address === null
      ? null
      : readAddress(address, draft, {
          country: 'customer_party_country',
          address: 'customer_party_address',
          postalcode: 'customer_party_postalcode',
          city: 'customer_party_city',
        });
  if (identification !== null && id !== null) {
    placeIdCountry(identification, id, country, draft, 'customer_party_country');
  }
  readContact(podmiot2, draft, 'customer_party_email', 'customer_party_phone');
  draft.text('customer_party_number', podmiot2, 'NrKlienta');
  readBuyerMarker(podmiot2, 'JST', 'customer_party_jst', draft);
  readBuyerMarker(podmiot2, 'GV', 'customer_party_gv', draft);
}

/** The `tax_scheme` / `scheme` each identification kind is written back with (`thirdPartyIdentification`). */
const THIRD_PARTY_SCHEME: Readonly<Record<Identification['kind'], string | null>> = {
  nip: 'NIP',
  internal: 'IDWew',
  eu_vat: 'VAT',
  other: 'OTHER',
  none: null,
};

/**
 * Reads one `Podmiot3` into `draft` under `prefix` (`third_party_` for the flat fields of the first,
 * `''` for an element of `additional_third_parties`; ksef-fa3.md §6.3). Identification, in reverse of
 * `thirdPartyIdentification`: `NIP` → `tax_id` + `tax_scheme` `NIP`; `IDWew` → `id` + `scheme`
 * `IDWew`; `KodUE` + `NrVatUE` → `tax_id` (with the prefix) + `tax_scheme` `VAT`; `NrID` → `tax_id` +
 * `tax_scheme` `OTHER` (its `KodKraju` the country when there is no `Adres`); `BrakID` → nothing.
 * Then `Nazwa`, `Adres`, `Rola` → `role`, `Udzial` → `share`. `IDNabywcy`, `NrEORI`, `AdresKoresp`,
 * `DaneKontaktowe`, `RolaInna` + `OpisRoli` and `NrKlienta` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readPodmiot3(root.children('Podmiot3')[0], report, 'third_party_', context);
 * report.data.third_party_role; // '8' (MF sample 9)
 * report.data.third_party_tax_scheme; // 'NIP'
 * ```
 */
export function readPodmiot3(
  podmiot3: Fa3Element,
  draft: ReportDraft,
  prefix: 'third_party_' | '',
  context: ImportContext,
): void {
  const identification = podmiot3.requiredChild('DaneIdentyfikacyjne');
  const id = identification === null ? null : readIdentification(identification, context, true);
  if (id !== null && id.kind !== 'none') {
    const scheme = THIRD_PARTY_SCHEME[id.kind];
    if (id.kind === 'internal') {
      draft.put(`${prefix}id`, id.id, id.source);
      draft.put(`${prefix}scheme`, scheme, id.source);
    } else {
      draft.put(`${prefix}tax_id`, id.id, id.source);
      draft.put(`${prefix}tax_scheme`, scheme, id.source);
    }
  }
  if (identification !== null) draft.text(`${prefix}name`, identification, 'Nazwa');
  const address = podmiot3.child('Adres');
  const country =
    address === null
      ? null
      : readAddress(address, draft, {
          country: `${prefix}country`,
          address: `${prefix}address`,
          postalcode: `${prefix}postalcode`,
          city: `${prefix}city`,
        });
  if (identification !== null && id !== null) {
    placeIdCountry(identification, id, country, draft, `${prefix}country`);
  }
  if (!podmiot3.has('Rola') && !podmiot3.has('RolaInna')) context.missing(podmiot3.pathOf('Rola'));
  draft.text(`${prefix}role`, podmiot3, 'Rola');
  draft.text(`${prefix}share`, podmiot3, 'Udzial');
}
