/**
 * The UBL 2.1 data types the section builders write (UBL-UnqualifiedDataTypes-2.1): an amount with its
 * `currencyID`, a quantity with its `unitCode`, an identifier with its `schemeID`, a code with its
 * `listID`. Values are the semantic model's strings, written as they are: the model already holds every
 * amount with the currency's decimals (`src/einvoice/semantic/en16931Invoice.ts`), so nothing here
 * formats or rounds.
 *
 * @module
 */
import { decimalPlaces, formatUnits, toUnits } from '../../money/fixedPoint.js';
import type { XmlElement } from '../../xml/write.js';
import type { En16931Identifier } from '../semantic/en16931Invoice.js';

/**
 * A `cbc:…Amount` (UBL `AmountType`): the value and its mandatory `currencyID` (EN 16931-3-2 binds every
 * amount's currency to it; PEPPOL-EN16931-R051 wants the document currency on all but BT-111).
 * `undefined` when the amount is absent, so that the element is left out.
 *
 * @example
 * ```ts
 * amount('1210.00', 'EUR'); // { '@_currencyID': 'EUR', '#text': '1210.00' }
 * amount(undefined, 'EUR'); // undefined
 * ```
 */
export function amount(value: string | undefined, currency: string): XmlElement | undefined {
  return value === undefined ? undefined : { '@_currencyID': currency, '#text': value };
}

/**
 * A `cbc:…Quantity` (UBL `QuantityType`) with its `unitCode` (UN/ECE Recommendation 20 / 21, BT-130).
 *
 * @example
 * ```ts
 * quantity('3', 'HUR'); // { '@_unitCode': 'HUR', '#text': '3' }
 * ```
 */
export function quantity(value: string, unit: string): XmlElement {
  return { '@_unitCode': unit, '#text': value };
}

/**
 * A `cbc:ID` / `cbc:EndpointID` / `cbc:CompanyID` (UBL `IdentifierType`) with its optional `schemeID`
 * (ISO 6523 ICD, or the EAS code of an endpoint). `undefined` for an absent identifier.
 *
 * @example
 * ```ts
 * identifier({ id: '0202239951', scheme: '0208' }); // { '@_schemeID': '0208', '#text': '0202239951' }
 * identifier({ id: 'X' }); // { '#text': 'X' }
 * ```
 */
export function identifier(value: En16931Identifier | undefined): XmlElement | undefined {
  if (value === undefined) return undefined;
  return value.scheme === undefined
    ? { '#text': value.id }
    : { '@_schemeID': value.scheme, '#text': value.id };
}

/**
 * `cac:TaxScheme` with `cbc:ID` `VAT`: every tax category of EN 16931 is a VAT category (the syntax
 * binding's `[cac:TaxScheme/cbc:ID = 'VAT']` predicates, BR-S-02 and the like).
 *
 * @example
 * ```ts
 * VAT_SCHEME; // { 'cbc:ID': 'VAT' }
 * ```
 */
export const VAT_SCHEME: XmlElement = { 'cbc:ID': 'VAT' };

/**
 * BT-147, the item price discount, as the price-level `cac:AllowanceCharge/cbc:Amount`: the gross price
 * (BT-148) less the net price (BT-146), exactly, with as many decimals as the more precise of the two
 * (PEPPOL-EN16931-R046 wants net = gross − discount to the digit). The model holds the gross and net
 * prices; the discount is derived here rather than stored twice.
 *
 * @example
 * ```ts
 * priceDiscount('12.50', '10'); // '2.50'
 * priceDiscount('10', '10'); // '0'
 * ```
 */
export function priceDiscount(gross: string, net: string): string {
  const scale = Math.max(decimalPlaces(gross), decimalPlaces(net));
  return formatUnits(toUnits(gross, scale) - toUnits(net, scale), scale);
}
