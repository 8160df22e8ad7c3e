/**
 * `Parties` (Facturae 3.2.2 `PartiesType`: `SellerParty`, `BuyerParty`, each a `BusinessType`): the
 * seller from the account, the buyer from the invoice's contact (a self-billed invoice, `AF`, the other
 * way round: the account issues it as the customer, art. 5 RD 1619/2012).
 *
 * - `TaxIdentification`: `PersonTypeCode` `F` for a Spanish NIF of a natural person (DNI, NIE, K/L/M),
 *   `J` for an entity's and for every foreign tax id (fiscalkit has no person flag, and foreign parties
 *   of Spanish e-invoices are overwhelmingly companies); `ResidenceTypeCode` `R` / `U` / `E` by country;
 *   `TaxIdentificationNumber` the compact NIF, or the foreign tax id with its EU VAT prefix for a party
 *   in another member state (the XSD annotation: "precedidas de las dos letras del país en el caso de
 *   operaciones intracomunitarias"). Facturae requires both parties' tax ids; a Spanish one must pass
 *   the NIF check, since FACe checks it (`facturae.write.tax-id`).
 * - `AdministrativeCentres` of a public-administration buyer (FACe's DIR3 units), one per invoice field:
 *   `accounting_unit` role `01` (oficina contable), `managing_unit` `02` (órgano gestor),
 *   `processing_unit` `03` (unidad tramitadora), `proponent_unit` `04` (órgano proponente), and
 *   `contract_unit` with no role (haltr's importer reads a centre without role as that field,
 *   src/versions/changes/v2025_10_13.ts), each at the buyer's address.
 * - `LegalEntity` (`J`) with `CorporateName`, or `Individual` (`F`) with the name split as Spanish names
 *   are written: the last two words the two surnames, the words before them the given name
 *   (**fiscalkit decision**; two words are name and first surname). The reader joins them back.
 * - The address: `AddressInSpain` for a Spanish party (a five-digit `PostCode`; `Province` the one
 *   given, else the province the postal code belongs to), else `OverseasAddress` (`PostCodeAndTown`
 *   joined; `Province` the one given, else the town — the element is required and many foreign addresses
 *   have none). `address2` is joined to `address` after a comma.
 * - `ContactDetails`: telephone (white space removed: `TextMax15Type`), web address, e-mail, contact
 *   person.
 *
 * @module
 */

import { euVatPrefixOf } from '../../../codelists/euVatPrefixes.js';
import { checkSpanishTin } from '../../../identifiers/spanishTin.js';
import { presentText } from '../../../model/presentText.js';
import type { XmlElement } from '../../../xml/write.js';
import { facturaeCountry, provinceOfPostCode, residenceTypeCode } from './codes.js';
import type { WriteContext } from './context.js';
import { refuse, textOf } from './values.js';

/** A party as this builder reads it: the fields an account and a contact share. */
interface PartyFields {
  readonly name: string;
  readonly tin_value?: string | null | undefined;
  readonly country: string;
  readonly address?: string | null | undefined;
  readonly address2?: string | null | undefined;
  readonly city?: string | null | undefined;
  readonly postalcode?: string | null | undefined;
  readonly province?: string | null | undefined;
  readonly email?: string | null | undefined;
  readonly phone?: string | null | undefined;
  readonly website?: string | null | undefined;
  readonly contact_person?: string | null | undefined;
}

/** The public-administration fields and their `RoleTypeCode` (module comment). */
const CENTRES = [
  ['accounting_unit', '01'],
  ['managing_unit', '02'],
  ['processing_unit', '03'],
  ['proponent_unit', '04'],
  ['contract_unit', undefined],
] as const;

/**
 * `PartiesType`: seller then buyer.
 *
 * @example
 * ```ts
 * parties(context);
 * // { SellerParty: { TaxIdentification: { PersonTypeCode: 'J', ResidenceTypeCode: 'R', TaxIdentificationNumber: 'B12345674' }, … }, BuyerParty: { … } }
 * ```
 */
export function parties(context: WriteContext): XmlElement {
  const selfBilled = context.invoice.type === 'IssuedSelfInvoice';
  const account = { fields: context.account as PartyFields, path: ['account'] as const };
  const contact = { fields: context.contact as PartyFields, path: ['contact'] as const };
  const [seller, buyer] = selfBilled ? [contact, account] : [account, contact];
  return {
    SellerParty: business(context, seller.fields, seller.path, false),
    BuyerParty: business(context, buyer.fields, buyer.path, true),
  };
}

/** `BusinessType`: tax identification, the buyer's centres, then the legal entity or individual. */
function business(
  context: WriteContext,
  party: PartyFields,
  path: readonly string[],
  buyer: boolean,
): XmlElement {
  const identification = taxIdentification(context, party, path);
  const address = partyAddress(context, party, path);
  const person = identification?.PersonTypeCode === 'F';
  return {
    TaxIdentification: identification,
    AdministrativeCentres: buyer ? administrativeCentres(context, address) : undefined,
    ...(person ? { Individual: individual(context, party, path, address) } : undefined),
    ...(person ? undefined : { LegalEntity: legalEntity(context, party, path, address) }),
  };
}

/**
 * `TaxIdentificationType` of a party (module comment), or undefined after recording the issue.
 *
 * @example
 * ```ts
 * taxIdentification(context, { name: 'ACME SL', country: 'ES', tin_value: 'ES-B12345674' }, ['account']);
 * // { PersonTypeCode: 'J', ResidenceTypeCode: 'R', TaxIdentificationNumber: 'B12345674' }
 * ```
 */
export function taxIdentification(
  context: Pick<WriteContext, 'issues'>,
  party: Pick<PartyFields, 'tin_value' | 'country'>,
  path: readonly string[],
): { PersonTypeCode: 'F' | 'J'; ResidenceTypeCode: string; TaxIdentificationNumber: string } | undefined {
  const at = [...path, 'tin_value'];
  const tin = presentText(party.tin_value);
  if (tin === null)
    return refuse(
      context,
      'facturae.write.tax-id',
      'parameter_blank',
      at,
      'is required: Facturae 3.2.2 identifies both parties by their tax id (TaxIdentification/TaxIdentificationNumber)',
    );
  const residence = residenceTypeCode(party.country);
  if (party.country === 'ES') {
    const checked = checkSpanishTin(tin);
    if (!checked.valid)
      return refuse(
        context,
        'facturae.write.tax-id',
        'parameter_invalid',
        at,
        `is not a valid Spanish NIF (es-tin.md §2); Facturae's TaxIdentificationNumber of a party in Spain is its NIF, which FACe checks`,
      );
    const person = checked.kind === 'dni' || checked.kind === 'nie' || checked.kind === 'nif_klm';
    return {
      PersonTypeCode: person ? 'F' : 'J',
      ResidenceTypeCode: residence,
      TaxIdentificationNumber: checked.compact,
    };
  }
  const compact = tin.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = euVatPrefixOf(party.country);
  const number = prefix !== null && !compact.startsWith(prefix) ? `${prefix}${compact}` : compact;
  if (number.length < 3 || number.length > 30)
    return refuse(
      context,
      'facturae.write.tax-id',
      'parameter_invalid',
      at,
      `is written as ${JSON.stringify(number)}, ${String(number.length)} characters; Facturae 3.2.2 takes 3 to 30 (TaxIdentificationNumber, TextMin3Max30Type)`,
    );
  return { PersonTypeCode: 'J', ResidenceTypeCode: residence, TaxIdentificationNumber: number };
}

/** `AddressType` or `OverseasAddressType` as one branch of the XSD's choice. */
type PartyAddress = { AddressInSpain: XmlElement } | { OverseasAddress: XmlElement } | undefined;

/** The party's address (module comment), or undefined after recording what is missing. */
function partyAddress(context: WriteContext, party: PartyFields, path: readonly string[]): PartyAddress {
  const at = (field: string) => [...path, field];
  const street = [presentText(party.address), presentText(party.address2)].filter((part) => part !== null);
  const address = textOf(context, street.length === 0 ? null : street.join(', '), at('address'), {
    max: 80,
    element: 'Address',
    required: true,
    why: ' in every party address',
  });
  const postCode = presentText(party.postalcode);
  const town = presentText(party.city);
  if (party.country === 'ES') {
    if (postCode === null || !/^\d{5}$/.test(postCode))
      refuse(
        context,
        postCode === null ? 'facturae.write.required' : 'facturae.write.post-code',
        postCode === null ? 'parameter_blank' : 'parameter_invalid',
        at('postalcode'),
        postCode === null
          ? 'is required: Facturae 3.2.2 requires the PostCode of an address in Spain'
          : `is ${JSON.stringify(postCode)}; Facturae 3.2.2 writes a Spanish PostCode as five digits (PostCodeType)`,
      );
    const townText = textOf(context, town, at('city'), {
      max: 50,
      element: 'Town',
      required: true,
      why: ' in an address in Spain',
    });
    const province = textOf(
      context,
      presentText(party.province) ?? (postCode === null ? null : provinceOfPostCode(postCode)),
      at('province'),
      { max: 20, element: 'Province', required: true, why: ' in an address in Spain' },
    );
    if (address === undefined || townText === undefined || province === undefined || postCode === null)
      return undefined;
    return {
      AddressInSpain: {
        Address: address,
        PostCode: postCode,
        Town: townText,
        Province: province,
        CountryCode: 'ESP',
      },
    };
  }
  const country = facturaeCountry(party.country);
  if (country === null)
    refuse(
      context,
      'facturae.write.country',
      'parameter_invalid',
      at('country'),
      `is ${party.country}, which the Facturae 3.2.2 XSD has no CountryCode for (its CountryType is ISO 3166-1 alpha-3 as of 2009)`,
    );
  const postCodeAndTown = textOf(
    context,
    [postCode, town].filter((part) => part !== null).join(' '),
    at('city'),
    { max: 50, element: 'PostCodeAndTown', required: true, why: ' in an address outside Spain' },
  );
  const province = textOf(context, presentText(party.province) ?? town, at('province'), {
    max: 20,
    element: 'Province',
    required: true,
    why: ' in an address outside Spain (the province, state or region; the town when there is none)',
  });
  if (address === undefined || postCodeAndTown === undefined || province === undefined || country === null)
    return undefined;
  return {
    OverseasAddress: {
      Address: address,
      PostCodeAndTown: postCodeAndTown,
      Province: province,
      CountryCode: country,
    },
  };
}

/** `ContactDetailsType` of a party, undefined when it has none of them. */
function contactDetails(
  context: WriteContext,
  party: PartyFields,
  path: readonly string[],
): XmlElement | undefined {
  const phone = presentText(party.phone)?.replace(/\s+/g, '') ?? null;
  const details = {
    Telephone: textOf(context, phone, [...path, 'phone'], { max: 15, element: 'Telephone' }),
    WebAddress: textOf(context, party.website, [...path, 'website'], { max: 60, element: 'WebAddress' }),
    ElectronicMail: textOf(context, party.email, [...path, 'email'], { max: 60, element: 'ElectronicMail' }),
    ContactPersons: textOf(context, party.contact_person, [...path, 'contact_person'], {
      max: 40,
      element: 'ContactPersons',
    }),
  };
  return Object.values(details).some((value) => value !== undefined) ? details : undefined;
}

/** `LegalEntityType`. */
function legalEntity(
  context: WriteContext,
  party: PartyFields,
  path: readonly string[],
  address: PartyAddress,
): XmlElement {
  return {
    CorporateName: textOf(context, party.name, [...path, 'name'], {
      max: 80,
      element: 'CorporateName',
      required: true,
    }),
    ...address,
    ContactDetails: contactDetails(context, party, path),
  };
}

/**
 * A natural person's name as Facturae's `Name`, `FirstSurname`, `SecondSurname` (module comment).
 *
 * @example
 * ```ts
 * splitPersonName('María José García López'); // { name: 'María José', first: 'García', second: 'López' }
 * splitPersonName('Ana Pons'); // { name: 'Ana', first: 'Pons', second: undefined }
 * ```
 */
export function splitPersonName(full: string): { name: string; first: string; second: string | undefined } {
  const words = full.trim().split(/\s+/);
  if (words.length >= 3)
    return {
      name: words.slice(0, -2).join(' '),
      first: words[words.length - 2] ?? '',
      second: words[words.length - 1],
    };
  return { name: words[0] ?? '', first: words[1] ?? '', second: undefined };
}

/** `IndividualType`. */
function individual(
  context: WriteContext,
  party: PartyFields,
  path: readonly string[],
  address: PartyAddress,
): XmlElement {
  const at = [...path, 'name'];
  const { name, first, second } = splitPersonName(party.name);
  return {
    Name: textOf(context, name, at, { max: 40, element: 'Individual/Name', required: true }),
    FirstSurname: first === '' ? '' : textOf(context, first, at, { max: 40, element: 'FirstSurname' }),
    SecondSurname: textOf(context, second, at, { max: 40, element: 'SecondSurname' }),
    ...address,
    ContactDetails: contactDetails(context, party, path),
  };
}

/** `AdministrativeCentresType` of the buyer, from the invoice's public-administration fields. */
function administrativeCentres(context: WriteContext, address: PartyAddress): XmlElement | undefined {
  const centres: XmlElement[] = [];
  for (const [field, role] of CENTRES) {
    const code = textOf(context, context.invoice[field], [field], { max: 10, element: 'CentreCode' });
    if (code === undefined) continue;
    centres.push({ CentreCode: code, RoleTypeCode: role, ...address });
  }
  return centres.length === 0 ? undefined : { AdministrativeCentre: centres };
}
