/**
 * `cac:Party` of the seller (BG-4) and the buyer (BG-7), in the order of UBL 2.1 `PartyType`
 * (`EndpointID`, `PartyIdentification`, `PartyName`, `PostalAddress`, `PartyTaxScheme`,
 * `PartyLegalEntity`, `Contact`), bound as EN 16931-3-2 binds each term.
 *
 * @module
 */
import { repeated, type XmlElement } from '../../xml/write.js';
import type { En16931Address, En16931Contact, En16931Party } from '../semantic/en16931Invoice.js';
import type { UblSpecification } from './specification.js';
import { identifier, VAT_SCHEME } from './values.js';

/**
 * The `cac:TaxScheme/cbc:ID` of the seller's tax registration identifier (BT-32), which EN 16931 only
 * asks to differ from `VAT` (UBL-SR-13 counts `PartyTaxScheme[TaxScheme/ID != 'VAT']`): Peppol's
 * examples and national rules use `TAX` (NO-R-002), XRechnung's `FC` (the German Steuernummer, KoSIT's
 * test instances). The reader takes any scheme other than `VAT` as BT-32.
 */
const TAX_REGISTRATION_SCHEMES: Readonly<Record<UblSpecification, string>> = {
  'peppol-bis3': 'TAX',
  'xrechnung-3.0': 'FC',
};

/**
 * `cac:PostalAddress` (BG-5 / BG-8): street (BT-35 / BT-50), additional street (BT-36 / BT-51), city,
 * post code, subdivision, then `cac:Country` (BT-40 / BT-55), in `AddressType` order.
 *
 * @example
 * ```ts
 * postalAddress({ line1: 'Rue Neuve 1', city: 'Bruxelles', postal_code: '1000', country: 'BE' });
 * // { 'cbc:StreetName': 'Rue Neuve 1', …, 'cac:Country': { 'cbc:IdentificationCode': 'BE' } }
 * ```
 */
export function postalAddress(address: En16931Address): XmlElement {
  return {
    'cbc:StreetName': address.line1,
    'cbc:AdditionalStreetName': address.line2,
    'cbc:CityName': address.city,
    'cbc:PostalZone': address.postal_code,
    'cbc:CountrySubentity': address.subdivision,
    'cac:Country': { 'cbc:IdentificationCode': address.country },
  };
}

/**
 * `cac:Contact` (BG-6 / BG-9): name, telephone, e-mail; `undefined` when the party has none of them
 * (PEPPOL-EN16931-R008: no empty elements).
 *
 * @example
 * ```ts
 * contact({ name: 'Jan', email: 'jan@example.be' }); // { 'cbc:Name': 'Jan', 'cbc:Telephone': undefined, 'cbc:ElectronicMail': 'jan@example.be' }
 * contact({}); // undefined
 * ```
 */
export function contact(value: En16931Contact | undefined): XmlElement | undefined {
  if (value === undefined) return undefined;
  if (value.name === undefined && value.phone === undefined && value.email === undefined) return undefined;
  return { 'cbc:Name': value.name, 'cbc:Telephone': value.phone, 'cbc:ElectronicMail': value.email };
}

/**
 * `cac:PartyTaxScheme` elements: the VAT identifier (BT-31 / BT-48) under scheme `VAT`, and for the
 * seller the tax registration identifier (BT-32) under the specification's other scheme
 * (`TAX_REGISTRATION_SCHEMES`); EN 16931 has no buyer tax registration, so a buyer's is not written.
 */
function partyTaxSchemes(
  party: En16931Party,
  role: 'seller' | 'buyer',
  specification: UblSpecification,
): XmlElement[] | undefined {
  const schemes: XmlElement[] = [];
  if (party.vat_identifier !== undefined)
    schemes.push({ 'cbc:CompanyID': party.vat_identifier, 'cac:TaxScheme': VAT_SCHEME });
  if (role === 'seller' && party.tax_registration !== undefined)
    schemes.push({
      'cbc:CompanyID': party.tax_registration,
      'cac:TaxScheme': { 'cbc:ID': TAX_REGISTRATION_SCHEMES[specification] },
    });
  return schemes.length === 0 ? undefined : schemes;
}

/**
 * `cac:Party` of the seller or the buyer: the electronic address (BT-34 / BT-49, `EndpointID` with its
 * EAS `schemeID`, which Peppol requires: PEPPOL-EN16931-R010, R020), identifiers (BT-29 / BT-46), trading
 * name (BT-28 / BT-45, `PartyName`), address, VAT and tax registration, legal entity (BT-27 / BT-44
 * `RegistrationName`, BT-30 / BT-47 `CompanyID`, BT-33 `CompanyLegalForm` for the seller only) and
 * contact.
 *
 * @example
 * ```ts
 * party(invoice.seller, 'seller', 'peppol-bis3')['cbc:EndpointID']; // { '@_schemeID': '0208', '#text': '0202239951' }
 * ```
 */
export function party(
  value: En16931Party,
  role: 'seller' | 'buyer',
  specification: UblSpecification,
): XmlElement {
  return {
    'cbc:EndpointID': identifier(value.electronic_address),
    'cac:PartyIdentification': repeated(value.identifiers, (id) => ({ 'cbc:ID': identifier(id) })),
    'cac:PartyName': value.trading_name === undefined ? undefined : { 'cbc:Name': value.trading_name },
    'cac:PostalAddress': postalAddress(value.address),
    'cac:PartyTaxScheme': partyTaxSchemes(value, role, specification),
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': value.name,
      'cbc:CompanyID': identifier(value.legal_registration),
      'cbc:CompanyLegalForm': role === 'seller' ? value.additional_legal_information : undefined,
    },
    'cac:Contact': contact(value.contact),
  };
}
