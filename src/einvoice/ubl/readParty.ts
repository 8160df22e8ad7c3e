/**
 * Reads the seller's and the buyer's `cac:Party` (BG-4, BG-7) and postal addresses back into the
 * semantic model, as `./party.ts` writes them and EN 16931-3-2 binds them.
 *
 * @module
 */
import type {
  En16931Address,
  En16931Contact,
  En16931Identifier,
  En16931Party,
} from '../semantic/en16931Invoice.js';
import type { UblElement } from './readContext.js';

/** An identifier element (`cbc:ID`, `cbc:EndpointID`, `cbc:CompanyID`) with its `schemeID`. */
function identifierOf(element: UblElement | undefined): En16931Identifier | undefined {
  if (element === undefined) return undefined;
  const id = element.value;
  if (id === '') return undefined;
  const scheme = element.attribute('schemeID');
  return scheme === undefined || scheme === '' ? { id } : { id, scheme };
}

/**
 * A `cac:PostalAddress` / `cac:Address` (BG-5, BG-8, BG-15): street, additional street, city, post code,
 * subdivision and the country code, which EN 16931 requires (BT-40, BT-55, BT-80). An address line 3
 * (`cac:AddressLine`, BT-162 / BT-163 / BT-165) has no place in the model and is left out.
 *
 * @example
 * ```ts
 * readAddress(party.one('cac:PostalAddress'), party, 'cac:PostalAddress', 'the seller address (BG-5)');
 * // { line1: 'Main street 1', city: 'London', postal_code: 'GB 123 EW', country: 'GB', … }
 * ```
 */
export function readAddress(
  address: UblElement | undefined,
  parent: UblElement,
  name: string,
  term: string,
): En16931Address {
  if (address === undefined) {
    parent.missing(name, term);
    return { country: '' };
  }
  const country = address.one('cac:Country')?.text('cbc:IdentificationCode');
  if (country === undefined)
    address.missing('cac:Country/cbc:IdentificationCode', `the country code of ${term}`);
  return {
    line1: address.text('cbc:StreetName'),
    line2: address.text('cbc:AdditionalStreetName'),
    city: address.text('cbc:CityName'),
    postal_code: address.text('cbc:PostalZone'),
    subdivision: address.text('cbc:CountrySubentity'),
    country: country ?? '',
  };
}

/** `cac:Contact` (BG-6, BG-9); undefined when it says nothing. */
function readContact(contact: UblElement | undefined): En16931Contact | undefined {
  if (contact === undefined) return undefined;
  const value = {
    name: contact.text('cbc:Name'),
    phone: contact.text('cbc:Telephone'),
    email: contact.text('cbc:ElectronicMail'),
  };
  return value.name === undefined && value.phone === undefined && value.email === undefined
    ? undefined
    : value;
}

/**
 * The VAT identifier and (for the seller) the tax registration identifier from the
 * `cac:PartyTaxScheme` elements: scheme `VAT` (compared as the rules compare it, upper-cased and
 * trimmed: UBL-SR-12) is BT-31 / BT-48, any other scheme the seller's BT-32 (Peppol writes `TAX`,
 * XRechnung `FC`). A buyer's non-VAT scheme has no EN 16931 term and is left out.
 */
function readTaxSchemes(
  party: UblElement,
  role: 'seller' | 'buyer',
): { vat_identifier: string | undefined; tax_registration: string | undefined } {
  let vat: string | undefined;
  let registration: string | undefined;
  for (const scheme of party.all('cac:PartyTaxScheme')) {
    const schemeId = scheme.one('cac:TaxScheme')?.text('cbc:ID');
    const isVat = schemeId?.toUpperCase() === 'VAT';
    if (!isVat && role === 'buyer') {
      scheme.leaveOut();
      continue;
    }
    const companyId = scheme.requiredText(
      'cbc:CompanyID',
      isVat ? 'the VAT identifier (BT-31, BT-48)' : 'the tax registration identifier (BT-32)',
    );
    if (isVat) vat ??= companyId;
    else registration ??= companyId;
  }
  return { vat_identifier: vat, tax_registration: registration };
}

/**
 * The seller (`role` `seller`, BG-4) or buyer (BG-7) from its `cac:Party`: the legal name (BT-27 /
 * BT-44, `PartyLegalEntity/RegistrationName`, required), trading name (`PartyName`), identifiers
 * (`PartyIdentification`, several for the seller; a `SEPA` one is the bank assigned creditor identifier
 * BT-90, which travels as an identifier), legal registration (BT-30 / BT-47), VAT and tax
 * registration identifiers, additional legal information (BT-33, seller only), electronic address
 * (BT-34 / BT-49), address and contact.
 *
 * @example
 * ```ts
 * readParty(root.one('cac:AccountingSupplierParty')?.one('cac:Party'), root, 'seller').name; // 'SupplierOfficialName Ltd'
 * ```
 */
export function readParty(
  party: UblElement | undefined,
  parent: UblElement,
  role: 'seller' | 'buyer',
): En16931Party {
  const group = role === 'seller' ? 'the seller (BG-4)' : 'the buyer (BG-7)';
  if (party === undefined) {
    parent.missing('cac:Party', group);
    return { name: '', identifiers: [], address: { country: '' } };
  }
  const legal = party.one('cac:PartyLegalEntity');
  const name = legal?.text('cbc:RegistrationName');
  if (name === undefined)
    party.missing(
      'cac:PartyLegalEntity/cbc:RegistrationName',
      `the ${role} name (${role === 'seller' ? 'BT-27' : 'BT-44'})`,
    );
  const identifiers: En16931Identifier[] = [];
  for (const identification of party.all('cac:PartyIdentification')) {
    const id = identifierOf(identification.one('cbc:ID'));
    if (id !== undefined) identifiers.push(id);
  }
  const taxes = readTaxSchemes(party, role);
  return {
    name: name ?? '',
    trading_name: party.one('cac:PartyName')?.text('cbc:Name'),
    identifiers,
    legal_registration: identifierOf(legal?.one('cbc:CompanyID')),
    vat_identifier: taxes.vat_identifier,
    tax_registration: taxes.tax_registration,
    additional_legal_information: role === 'seller' ? legal?.text('cbc:CompanyLegalForm') : undefined,
    electronic_address: identifierOf(party.one('cbc:EndpointID')),
    address: readAddress(
      party.one('cac:PostalAddress'),
      party,
      'cac:PostalAddress',
      `the address of ${group}`,
    ),
    contact: readContact(party.one('cac:Contact')),
  };
}
