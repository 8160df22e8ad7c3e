import type { XmlElement } from '../../../xml/write.js';
import type { En16931Address, En16931Invoice } from '../../semantic/en16931Invoice.js';
import { referencedDocument, tradeAddress } from './headerTradeAgreement.js';
import { optionalDate, present } from './values.js';

/**
 * `ram:ApplicableHeaderTradeDelivery` (HeaderTradeDeliveryType, in XSD order): the BG-13 deliver-to
 * party (`ram:ShipToTradeParty`, with its BG-15 address), BT-72 actual delivery date
 * (`ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime`), BT-16 despatch advice
 * (`ram:DespatchAdviceReferencedDocument`). The element is mandatory in CII even when it holds
 * nothing (SupplyChainTradeTransactionType), so it is written empty then — the one empty element
 * Peppol's PEPPOL-EN16931-R008 allows.
 *
 * @example
 * ```ts
 * headerTradeDelivery({ ...invoice, delivery_date: '2024-03-15' });
 * // { 'ram:ShipToTradeParty': undefined,
 * //   'ram:ActualDeliverySupplyChainEvent': { 'ram:OccurrenceDateTime': { 'udt:DateTimeString': … } },
 * //   'ram:DespatchAdviceReferencedDocument': undefined }
 * ```
 */
export function headerTradeDelivery(doc: En16931Invoice): XmlElement {
  const delivered = optionalDate(doc.delivery_date);
  const address = deliverToAddress(doc);
  return {
    'ram:ShipToTradeParty':
      address === undefined ? undefined : { 'ram:PostalTradeAddress': tradeAddress(address) },
    'ram:ActualDeliverySupplyChainEvent':
      delivered === undefined ? undefined : { 'ram:OccurrenceDateTime': delivered },
    'ram:DespatchAdviceReferencedDocument': referencedDocument(doc.despatch_advice_reference),
  };
}

/**
 * The BG-15 deliver-to address: `delivery_address`, or, when the invoice gives only the country
 * (`delivery_country`, BT-80, which an intra-community supply must state: BR-IC-12), an address of
 * that country alone. XRechnung then also wants its city and post code (BR-DE-10, BR-DE-11), which
 * only a full `delivery_address` gives.
 *
 * @example
 * ```ts
 * deliverToAddress({ ...invoice, delivery_country: 'AT' }); // { country: 'AT' }
 * ```
 */
export function deliverToAddress(doc: En16931Invoice): En16931Address | undefined {
  if (doc.delivery_address !== undefined) return doc.delivery_address;
  const country = present(doc.delivery_country);
  return country === undefined ? undefined : { country };
}
