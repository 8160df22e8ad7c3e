/**
 * The document classes of an invoice, its `type` (api-notes.md §8.1): the values of the list filter
 * `type` (spec §2.4 rule 4). Not to be confused with `type_code`, the document-type code below; the
 * spec lists `IssuedInvoice` and `ReceivedInvoice` among `type_code` values too, and fiscalkit
 * treats them as `type` values (api-notes.md §12).
 */
export const INVOICE_TYPES = [
  'IssuedInvoice',
  'ReceivedInvoice',
  'IssuedSelfInvoice',
  'IssuedSimplifiedInvoice',
] as const;

/** An invoice document class (`type`). */
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/**
 * Whether `value` is an invoice document class (`type`), case-sensitive as on the wire.
 *
 * @example
 * ```ts
 * isInvoiceType('IssuedSimplifiedInvoice'); // true
 * isInvoiceType('issuedinvoice'); // false
 * isInvoiceType('VAT'); // false: a type_code, not a type
 * ```
 */
export function isInvoiceType(value: string): value is InvoiceType {
  return (INVOICE_TYPES as readonly string[]).includes(value);
}

/** The KSeF invoice type codes of spec §2.9, in the spec's order. */
export const KSEF_TYPE_CODES = ['VAT', 'KOR', 'ZAL', 'ROZ', 'UPR', 'KOR_ZAL', 'KOR_ROZ'] as const;

/** A KSeF invoice type code (spec §2.9). */
export type KsefTypeCode = (typeof KSEF_TYPE_CODES)[number];

/**
 * The UNTDID 1001 document type codes EN 16931 allows in BT-3 "Invoice type code": the union of the
 * invoice and the credit note lists of rule BR-CL-01 in the CEN/TC 434 validation artefacts
 * (`ConnectingEurope/eInvoicing-EN16931`, `cii/schematron/codelist/EN16931-CII-codes.sch`, commit
 * 63762afb, which checks the union; the UBL rules split it into the 51 invoice codes of
 * `InvoiceTypeCode` and the 11 of `CreditNoteTypeCode`, 81 being in both). Sorted as strings.
 * The service uses them as `type_code` hints for Peppol and CII (380 commercial invoice, 381 credit
 * note, 389 self-billed invoice, …; api-notes.md §8.1).
 */
export const UNCL1001_INVOICE_TYPE_CODES: readonly string[] = (
  '71 80 81 82 83 84 102 130 202 203 204 211 218 219 261 262 295 296 308 325 326 331 380 381 382 383 ' +
  '384 385 386 387 388 389 390 393 394 395 396 420 456 457 458 471 472 473 500 501 502 503 527 532 553 ' +
  '575 623 633 751 780 817 870 875 876 877 935'
)
  .split(' ')
  .sort();

/**
 * The FatturaPA `TipoDocumento` codes (field 2.1.1.1 of the ordinary FatturaPA format, schema
 * 1.2.x): TD01–TD06 and TD16–TD29. TD28 (purchases from San Marino) came in 2022 and TD29 (notice of
 * omitted or irregular invoicing, art. 6 c. 8 D.Lgs. 471/97) with the technical specifications 1.9,
 * in force from 2025-04-01. TD07–TD15 are not document types of the ordinary format (TD07–TD09 are
 * those of the simplified one, FatturaPA semplificata), so they are not accepted.
 */
export const FATTURAPA_DOCUMENT_TYPES: readonly string[] = [
  'TD01',
  'TD02',
  'TD03',
  'TD04',
  'TD05',
  'TD06',
  ...Array.from({ length: 14 }, (_, i) => `TD${16 + i}`),
];

/**
 * Every accepted invoice `type_code` (the document-type code, api-notes.md §8.1): the KSeF codes
 * (spec §2.9), the UNTDID 1001 codes of EN 16931 BT-3 and the FatturaPA `TipoDocumento` codes.
 * Sorted as strings, no duplicates (the three families do not overlap).
 */
export const INVOICE_TYPE_CODES: readonly string[] = [
  ...KSEF_TYPE_CODES,
  ...UNCL1001_INVOICE_TYPE_CODES,
  ...FATTURAPA_DOCUMENT_TYPES,
].sort();

const TYPE_CODES: ReadonlySet<string> = new Set(INVOICE_TYPE_CODES);

/**
 * Whether `code` is an accepted invoice `type_code`: a KSeF code, an EN 16931 UNTDID 1001 invoice or
 * credit note code, or a FatturaPA `TipoDocumento`. Case-sensitive, as on the wire.
 *
 * @example
 * ```ts
 * isInvoiceTypeCode('380'); // true: commercial invoice
 * isInvoiceTypeCode('KOR_ZAL'); // true: KSeF correction of an advance invoice
 * isInvoiceTypeCode('TD01'); // true: FatturaPA invoice
 * isInvoiceTypeCode('IssuedInvoice'); // false: a document class (type), not a type_code
 * ```
 */
export function isInvoiceTypeCode(code: string): boolean {
  return TYPE_CODES.has(code);
}
