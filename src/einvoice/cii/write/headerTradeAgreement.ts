import type { XmlElement } from '../../../xml/write.js';
import type {
  En16931Address,
  En16931Contact,
  En16931Invoice,
  En16931Party,
} from '../../semantic/en16931Invoice.js';
import { optional, present, schemed } from './values.js';

/**
 * `ram:ApplicableHeaderTradeAgreement` (HeaderTradeAgreementType, in XSD order): BT-10
 * `ram:BuyerReference` (the XRechnung Leitweg-ID), BG-4 seller, BG-7 buyer, BT-14 sales order
 * (`ram:SellerOrderReferencedDocument`), BT-13 purchase order (`ram:BuyerOrderReferencedDocument`),
 * BT-12 contract (`ram:ContractReferencedDocument`), and BT-18 invoiced object
 * (`ram:AdditionalReferencedDocument` with `ram:TypeCode` 130, as EN 16931-3-3 binds it).
 *
 * @example
 * ```ts
 * headerTradeAgreement({ ...invoice, buyer_reference: '04011000-12345-03', purchase_order_reference: 'PO-7' });
 * // { 'ram:BuyerReference': '04011000-12345-03', 'ram:SellerTradeParty': …, 'ram:BuyerTradeParty': …,
 * //   'ram:SellerOrderReferencedDocument': undefined, 'ram:BuyerOrderReferencedDocument': { 'ram:IssuerAssignedID': 'PO-7' }, … }
 * ```
 */
export function headerTradeAgreement(doc: En16931Invoice): XmlElement {
  const invoicedObject = present(doc.invoiced_object);
  return {
    'ram:BuyerReference': present(doc.buyer_reference),
    'ram:SellerTradeParty': tradeParty(doc.seller, true),
    'ram:BuyerTradeParty': tradeParty(doc.buyer, false),
    'ram:SellerOrderReferencedDocument': referencedDocument(doc.sales_order_reference),
    'ram:BuyerOrderReferencedDocument': referencedDocument(doc.purchase_order_reference),
    'ram:ContractReferencedDocument': referencedDocument(doc.contract_reference),
    'ram:AdditionalReferencedDocument':
      invoicedObject === undefined
        ? undefined
        : { 'ram:IssuerAssignedID': invoicedObject, 'ram:TypeCode': INVOICED_OBJECT_TYPE_CODE },
  };
}

/** UNTDID 1001 `130` "Invoicing data sheet": the type code that marks BT-18 among the additional documents. */
export const INVOICED_OBJECT_TYPE_CODE = '130';

/**
 * A `ram:…ReferencedDocument` holding one document identifier (`ram:IssuerAssignedID`), or `undefined`.
 *
 * @example
 * ```ts
 * referencedDocument('PO-7'); // { 'ram:IssuerAssignedID': 'PO-7' }
 * ```
 */
export function referencedDocument(id: string | undefined): XmlElement | undefined {
  const value = present(id);
  return value === undefined ? undefined : { 'ram:IssuerAssignedID': value };
}

/**
 * A seller (BG-4) or buyer (BG-7) as `ram:SellerTradeParty` / `ram:BuyerTradeParty` (TradePartyType,
 * in XSD order):
 *
 * - BT-29 / BT-46 identifiers: without a scheme as `ram:ID`, with one as `ram:GlobalID/@schemeID`
 *   (CII-SR-046: a `GlobalID` needs its scheme), so all scheme-less ones come first;
 * - BT-27 / BT-44 `ram:Name`; BT-33 `ram:Description` (seller only);
 * - `ram:SpecifiedLegalOrganization`: BT-30 / BT-47 `ram:ID/@schemeID`, BT-28 / BT-45
 *   `ram:TradingBusinessName`;
 * - BG-6 / BG-9 `ram:DefinedTradeContact` (at most one, CII-SR-455 and CII-SR-456);
 * - BG-5 / BG-8 `ram:PostalTradeAddress`;
 * - BT-34 / BT-49 `ram:URIUniversalCommunication/ram:URIID/@schemeID` (the EAS scheme);
 * - BT-31 / BT-48 `ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`, and BT-32 (seller only)
 *   with `schemeID="FC"`.
 *
 * @example
 * ```ts
 * tradeParty({ name: 'Seller AG', identifiers: [], vat_identifier: 'DE123456789', address: { country: 'DE' } }, true);
 * // { 'ram:ID': undefined, 'ram:GlobalID': undefined, 'ram:Name': 'Seller AG', …,
 * //   'ram:SpecifiedTaxRegistration': [{ 'ram:ID': { '@_schemeID': 'VA', '#text': 'DE123456789' } }] }
 * ```
 */
export function tradeParty(party: En16931Party, seller: boolean): XmlElement {
  const local: string[] = [];
  const global: XmlElement[] = [];
  for (const identifier of party.identifiers) {
    if (present(identifier.scheme) === undefined) local.push(identifier.id);
    else global.push(schemed(identifier) as XmlElement);
  }
  const legal = party.legal_registration;
  const endpoint = party.electronic_address;
  const vat = present(party.vat_identifier);
  const taxRegistration = seller ? present(party.tax_registration) : undefined;
  const registrations: XmlElement[] = [];
  if (vat !== undefined) registrations.push({ 'ram:ID': { '@_schemeID': 'VA', '#text': vat } });
  if (taxRegistration !== undefined)
    registrations.push({ 'ram:ID': { '@_schemeID': 'FC', '#text': taxRegistration } });
  return {
    'ram:ID': local.length === 0 ? undefined : local,
    'ram:GlobalID': global.length === 0 ? undefined : global,
    'ram:Name': party.name,
    'ram:Description': seller ? present(party.additional_legal_information) : undefined,
    'ram:SpecifiedLegalOrganization': optional({
      'ram:ID': legal === undefined ? undefined : schemed(legal),
      'ram:TradingBusinessName': present(party.trading_name),
    }),
    'ram:DefinedTradeContact': tradeContact(party.contact),
    'ram:PostalTradeAddress': tradeAddress(party.address),
    'ram:URIUniversalCommunication': endpoint === undefined ? undefined : { 'ram:URIID': schemed(endpoint) },
    'ram:SpecifiedTaxRegistration': registrations.length === 0 ? undefined : registrations,
  };
}

/**
 * BG-6 / BG-9 as `ram:DefinedTradeContact` (TradeContactType order): BT-41 / BT-56 `ram:PersonName`,
 * BT-42 / BT-57 `ram:TelephoneUniversalCommunication/ram:CompleteNumber`, BT-43 / BT-58
 * `ram:EmailURIUniversalCommunication/ram:URIID`; `undefined` when the contact has none of them.
 *
 * @example
 * ```ts
 * tradeContact({ name: 'Jane', email: 'jane@example.com' });
 * // { 'ram:PersonName': 'Jane', 'ram:TelephoneUniversalCommunication': undefined,
 * //   'ram:EmailURIUniversalCommunication': { 'ram:URIID': 'jane@example.com' } }
 * ```
 */
export function tradeContact(contact: En16931Contact | undefined): XmlElement | undefined {
  if (contact === undefined) return undefined;
  const phone = present(contact.phone);
  const email = present(contact.email);
  return optional({
    'ram:PersonName': present(contact.name),
    'ram:TelephoneUniversalCommunication': phone === undefined ? undefined : { 'ram:CompleteNumber': phone },
    'ram:EmailURIUniversalCommunication': email === undefined ? undefined : { 'ram:URIID': email },
  });
}

/**
 * A postal address (BG-5, BG-8, BG-15) as `ram:PostalTradeAddress` (TradeAddressType order):
 * `ram:PostcodeCode`, `ram:LineOne`, `ram:LineTwo`, `ram:CityName`, `ram:CountryID`,
 * `ram:CountrySubDivisionName`.
 *
 * @example
 * ```ts
 * tradeAddress({ line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' });
 * // { 'ram:PostcodeCode': '10115', 'ram:LineOne': 'Hauptstr. 1', 'ram:LineTwo': undefined,
 * //   'ram:CityName': 'Berlin', 'ram:CountryID': 'DE', 'ram:CountrySubDivisionName': undefined }
 * ```
 */
export function tradeAddress(address: En16931Address): XmlElement {
  return {
    'ram:PostcodeCode': present(address.postal_code),
    'ram:LineOne': present(address.line1),
    'ram:LineTwo': present(address.line2),
    'ram:CityName': present(address.city),
    'ram:CountryID': address.country,
    'ram:CountrySubDivisionName': present(address.subdivision),
  };
}
