import type { XdmElement } from '../../../xpath/document.js';
import type {
  En16931Address,
  En16931Contact,
  En16931Identifier,
  En16931Party,
} from '../../semantic/en16931Invoice.js';
import type { CiiTree } from './tree.js';

/** The terms of a party, for the messages (`the seller name (BT-27)`). */
export interface PartyTerms {
  readonly name: string;
  readonly address: string;
  readonly country: string;
}

const SELLER: PartyTerms = {
  name: 'the seller name (BT-27)',
  address: 'the seller postal address (BG-5)',
  country: 'the seller country code (BT-40)',
};
const BUYER: PartyTerms = {
  name: 'the buyer name (BT-44)',
  address: 'the buyer postal address (BG-8)',
  country: 'the buyer country code (BT-55)',
};

/**
 * A `ram:SellerTradeParty` (BG-4, `seller` true) or `ram:BuyerTradeParty` (BG-7) back into the model:
 * the inverse of the writer's `tradeParty`. `ram:ID` are the identifiers without a scheme,
 * `ram:GlobalID` those with one (BT-29 / BT-46); `ram:SpecifiedTaxRegistration/ram:ID` with
 * `schemeID` `VA` is the VAT identifier (BT-31 / BT-48), with `FC` the seller's tax registration
 * (BT-32). Left out (no amount): roles, a second contact, `ram:LineThree` (BT-162, which the model
 * does not keep), any other tax registration scheme.
 *
 * @example
 * ```ts
 * readParty(tree, agreement, 'SellerTradeParty', true);
 * // { name: 'Muster GmbH', identifiers: [], vat_identifier: 'DE123456789', address: { country: 'DE', … }, … }
 * ```
 */
export function readParty(
  tree: CiiTree,
  parent: XdmElement,
  name: 'SellerTradeParty' | 'BuyerTradeParty',
  seller: boolean,
): En16931Party | undefined {
  const terms = seller ? SELLER : BUYER;
  const party = tree.child(parent, name);
  if (party === undefined) {
    tree.missing(parent, name, seller ? 'the seller (BG-4)' : 'the buyer (BG-7)');
    return undefined;
  }
  const identifiers: En16931Identifier[] = [];
  for (const element of tree.children(party, 'ID')) {
    const id = element.stringValue.trim();
    if (id !== '') identifiers.push({ id });
  }
  for (const element of tree.children(party, 'GlobalID')) {
    const id = element.stringValue.trim();
    if (id !== '') identifiers.push({ id, scheme: tree.attribute(element, 'schemeID') });
  }
  const partyName = tree.requiredText(party, 'Name', terms.name);
  const legal = tree.child(party, 'SpecifiedLegalOrganization');
  const legalId = tree.child(legal, 'ID');
  const legalText = legalId?.stringValue.trim();
  const endpoint = tree.child(tree.child(party, 'URIUniversalCommunication'), 'URIID');
  const endpointId = endpoint?.stringValue.trim();
  let vat: string | undefined;
  let taxRegistration: string | undefined;
  for (const registration of party.children) {
    if (registration.kind !== 'element' || registration.local !== 'SpecifiedTaxRegistration') continue;
    const id = tree.peek(registration, 'ID');
    if (id === undefined) continue;
    const scheme = tree.attribute(id, 'schemeID');
    const value = id.stringValue.trim();
    // Any other scheme (or a second VAT id) has no EN 16931 term: not taken, so listed as left out.
    const isVat = scheme === 'VA' && vat === undefined && value !== '';
    const isTaxNumber = scheme === 'FC' && seller && taxRegistration === undefined && value !== '';
    if (!isVat && !isTaxNumber) continue;
    tree.take(registration);
    tree.take(id);
    if (isVat) vat = value;
    else taxRegistration = value;
  }
  const address = readAddress(tree, party, terms);
  if (partyName === undefined || address === undefined) return undefined;
  return {
    name: partyName,
    trading_name: tree.text(legal, 'TradingBusinessName'),
    identifiers,
    legal_registration:
      legalId === undefined || legalText === undefined || legalText === ''
        ? undefined
        : { id: legalText, scheme: tree.attribute(legalId, 'schemeID') },
    vat_identifier: vat,
    tax_registration: taxRegistration,
    additional_legal_information: seller ? tree.text(party, 'Description') : undefined,
    electronic_address:
      endpoint === undefined || endpointId === undefined || endpointId === ''
        ? undefined
        : { id: endpointId, scheme: tree.attribute(endpoint, 'schemeID') },
    address,
    contact: readContact(tree, party),
  };
}

/**
 * BG-6 / BG-9 from the first `ram:DefinedTradeContact`: BT-41 / BT-56 from `ram:PersonName`, or
 * `ram:DepartmentName` when no person is named (EN 16931-3-3 binds the contact point to either).
 *
 * @example
 * ```ts
 * readContact(tree, party); // { name: 'Jane', phone: '+49 30 1234567', email: 'jane@example.com' }
 * ```
 */
export function readContact(tree: CiiTree, party: XdmElement): En16931Contact | undefined {
  const contact = tree.child(party, 'DefinedTradeContact');
  if (contact === undefined) return undefined;
  const person = tree.text(contact, 'PersonName');
  const name = person ?? tree.text(contact, 'DepartmentName');
  const phone = tree.text(tree.child(contact, 'TelephoneUniversalCommunication'), 'CompleteNumber');
  const email = tree.text(tree.child(contact, 'EmailURIUniversalCommunication'), 'URIID');
  if (name === undefined && phone === undefined && email === undefined) return undefined;
  return { name, phone, email };
}

/**
 * A `ram:PostalTradeAddress` (BG-5, BG-8, BG-15), its country (BT-40, BT-55, BT-80) required.
 *
 * @example
 * ```ts
 * readAddress(tree, party, terms); // { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' }
 * ```
 */
export function readAddress(tree: CiiTree, party: XdmElement, terms: PartyTerms): En16931Address | undefined {
  const address = tree.child(party, 'PostalTradeAddress');
  if (address === undefined) {
    tree.missing(party, 'PostalTradeAddress', terms.address);
    return undefined;
  }
  const country = tree.requiredToken(address, 'CountryID', terms.country);
  if (country === undefined) return undefined;
  return {
    line1: tree.text(address, 'LineOne'),
    line2: tree.text(address, 'LineTwo'),
    city: tree.text(address, 'CityName'),
    postal_code: tree.token(address, 'PostcodeCode'),
    subdivision: tree.text(address, 'CountrySubDivisionName'),
    country,
  };
}

const DELIVER_TO: PartyTerms = {
  name: 'the deliver-to party name (BT-70)',
  address: 'the deliver-to address (BG-15)',
  country: 'the deliver-to country code (BT-80)',
};

/**
 * BG-15 from `ram:ShipToTradeParty/ram:PostalTradeAddress`, its country (BT-80) required when the
 * address is there. The deliver-to party's name (BT-70) and location (BT-71) have no field in the
 * model and are left out (no amount).
 *
 * @example
 * ```ts
 * readDeliverTo(tree, delivery); // { line1: 'Lagerstraße 5', city: 'Wien', postal_code: '1110', country: 'AT' }
 * ```
 */
export function readDeliverTo(tree: CiiTree, delivery: XdmElement | undefined): En16931Address | undefined {
  const party = tree.peek(delivery, 'ShipToTradeParty');
  if (party === undefined || tree.peek(party, 'PostalTradeAddress') === undefined) return undefined;
  tree.take(party);
  return readAddress(tree, party, DELIVER_TO);
}
