/**
 * The small values every CII section builder writes: texts that are left out when blank, the
 * `udt:DateTimeString format="102"` dates, and identifiers with their scheme attribute.
 *
 * @module
 */
import type { XmlElement } from '../../../xml/write.js';
import type { En16931Identifier } from '../../semantic/en16931Invoice.js';

/**
 * A text element's content, or `undefined` (element left out) when absent or blank: an optional BT
 * is omitted, never written empty (Peppol's PEPPOL-EN16931-R008, part of the XRechnung rules, refuses
 * empty elements). The text itself is written as given, not trimmed: the XRechnung skonto lines of
 * BT-20 (BR-DE-18) end with a line break that must stay.
 *
 * @example
 * ```ts
 * present('Net 30'); // 'Net 30'
 * present('  '); // undefined
 * ```
 */
export function present(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return value;
  }
  return undefined;
}

/**
 * An ISO date (`2024-03-31`) as CII writes it: `udt:DateTimeString` with `format="102"` (CCYYMMDD),
 * the only format EN 16931-3-3 allows for a date (CII-DT-097), inside the element the caller names.
 *
 * @example
 * ```ts
 * dateTime('2024-03-31'); // { 'udt:DateTimeString': { '@_format': '102', '#text': '20240331' } }
 * ```
 */
export function dateTime(iso: string): XmlElement {
  return { 'udt:DateTimeString': { '@_format': '102', '#text': date102(iso) } };
}

/**
 * An ISO date as `CCYYMMDD` (UNTDID 2379 format 102).
 *
 * @example
 * ```ts
 * date102('2024-03-31'); // '20240331'
 * ```
 */
export function date102(iso: string): string {
  return iso.length === 10 ? iso.slice(0, 4) + iso.slice(5, 7) + iso.slice(8, 10) : iso.replace(/-/g, '');
}

/**
 * An optional date element: `undefined` when the date is absent.
 *
 * @example
 * ```ts
 * optionalDate(undefined); // undefined
 * ```
 */
export function optionalDate(iso: string | undefined): XmlElement | undefined {
  return present(iso) === undefined ? undefined : dateTime(iso as string);
}

/**
 * An identifier with its scheme in the attribute CII gives it (`schemeID`; `listID` for an item
 * classification), or the bare text when it has none.
 *
 * @example
 * ```ts
 * schemed({ id: '4000001123452', scheme: '0088' }); // { '@_schemeID': '0088', '#text': '4000001123452' }
 * schemed({ id: 'K-1' }); // 'K-1'
 * ```
 */
export function schemed(identifier: En16931Identifier, attribute = '@_schemeID'): XmlElement | string {
  const scheme = present(identifier.scheme);
  return scheme === undefined ? identifier.id : { [attribute]: scheme, '#text': identifier.id };
}

/**
 * An optional container: `undefined` when none of its children has content, so that no empty
 * element is written.
 *
 * @example
 * ```ts
 * optional({ 'ram:ID': undefined }); // undefined
 * optional({ 'ram:ID': 'A' }); // { 'ram:ID': 'A' }
 * ```
 */
export function optional(element: XmlElement): XmlElement | undefined {
  for (const key in element) if (element[key] !== undefined) return element;
  return undefined;
}

/**
 * The VAT `ram:TypeCode`: EN 16931 CII knows one tax, VAT (CII-DT-037: "TypeCode shall be 'VAT'").
 */
export const VAT = 'VAT';

/**
 * A `udt:Indicator` (`ram:ChargeIndicator` of an allowance or charge): `true` for a charge.
 *
 * @example
 * ```ts
 * indicator(true); // { 'udt:Indicator': 'true' }
 * ```
 */
export function indicator(value: boolean): XmlElement {
  return value ? CHARGE : ALLOWANCE;
}

const CHARGE: XmlElement = { 'udt:Indicator': 'true' };
const ALLOWANCE: XmlElement = { 'udt:Indicator': 'false' };
