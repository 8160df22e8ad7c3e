import type { XmlElement } from '../../../xml/write.js';
import type { En16931Invoice } from '../../semantic/en16931Invoice.js';
import { CII_GUIDELINES, type CiiSpecification, XRECHNUNG_BUSINESS_PROCESS } from '../specification.js';
import { dateTime, present } from './values.js';

/**
 * `rsm:ExchangedDocumentContext` (ExchangedDocumentContextType, in XSD order): BT-23 business process
 * (XRechnung only, see `XRECHNUNG_BUSINESS_PROCESS`) and BT-24 specification identifier, which
 * CII-SR-009 requires exactly once.
 *
 * @example
 * ```ts
 * exchangedDocumentContext('en16931');
 * // { 'ram:BusinessProcessSpecifiedDocumentContextParameter': undefined,
 * //   'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': 'urn:cen.eu:en16931:2017' } }
 * ```
 */
export function exchangedDocumentContext(specification: CiiSpecification): XmlElement {
  return {
    'ram:BusinessProcessSpecifiedDocumentContextParameter':
      specification === 'xrechnung-3.0' ? { 'ram:ID': XRECHNUNG_BUSINESS_PROCESS } : undefined,
    'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': CII_GUIDELINES[specification] },
  };
}

/**
 * `rsm:ExchangedDocument` (ExchangedDocumentType): BT-1 `ram:ID`, BT-3 `ram:TypeCode`, BT-2
 * `ram:IssueDateTime`, and one `ram:IncludedNote/ram:Content` per BG-1 note (BT-22; the model keeps no
 * BT-21 subject code).
 *
 * @example
 * ```ts
 * exchangedDocument({ ...invoice, number: 'F-1', type_code: '380', issue_date: '2024-03-31', notes: ['Thanks'] });
 * // { 'ram:ID': 'F-1', 'ram:TypeCode': '380', 'ram:IssueDateTime': { 'udt:DateTimeString': … },
 * //   'ram:IncludedNote': [{ 'ram:Content': 'Thanks' }] }
 * ```
 */
export function exchangedDocument(doc: En16931Invoice): XmlElement {
  const notes = doc.notes.filter((note) => present(note) !== undefined);
  return {
    'ram:ID': doc.number,
    'ram:TypeCode': doc.type_code,
    'ram:IssueDateTime': dateTime(doc.issue_date),
    'ram:IncludedNote': notes.length === 0 ? undefined : notes.map((note) => ({ 'ram:Content': note })),
  };
}
