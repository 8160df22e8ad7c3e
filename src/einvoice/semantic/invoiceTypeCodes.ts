/**
 * The invoice type code BT-3 of an invoice (UNTDID 1001). The service treats `type_code` as a hint
 * "used when valid for the export format, otherwise assigned automatically" (api-notes.md §8.1:
 * `380` standard, `381` credit note), and fiscalkit does the same per specification, with the codes
 * each one allows as the data table {@link ALLOWED_TYPE_CODES}:
 *
 * - a credit note is one with `is_credit_note`, or whose `type_code` is a credit note code of
 *   EN 16931's `CreditNoteTypeCode` list (BR-CL-01: 81 83 261 262 296 308 381 396 420 458 502 503 532);
 *   its code is its `type_code` when the specification allows that credit note code, else `381`;
 * - any other invoice's code is its `type_code` when the specification allows that invoice code, else
 *   `380` (a KSeF `VAT`, a FatturaPA `TD01`, or a UNCL1001 code the specification does not take).
 *
 * @module
 */
import type { En16931Specification } from './en16931Specification.js';

/** The codes of one specification, for invoices and for credit notes. */
interface TypeCodes {
  readonly invoice: ReadonlySet<string>;
  readonly credit_note: ReadonlySet<string>;
}

const codes = (text: string): ReadonlySet<string> => new Set(text.split(' '));

/** EN 16931's credit note codes (BR-CL-01, UBL `CreditNoteTypeCode`). */
const EN16931_CREDIT_NOTES = codes('81 83 261 262 296 308 381 396 420 458 502 503 532');

/**
 * The codes each specification allows. Why each row:
 *
 * - `en16931`: BR-CL-01 of the CEN/TC 434 rules 1.3.16, the UBL `InvoiceTypeCode` and
 *   `CreditNoteTypeCode` lists;
 * - `peppol-bis3`: PEPPOL-EN16931-P0100 / P0101 (BIS Billing 3.0.19), without `326` and `384`, which
 *   P0112 allows only between two German parties (the German case is XRechnung's);
 * - `xrechnung-3.0`: BR-DE-17, the codes XRechnung names (326 partial, 380, 384 corrected, 389
 *   self-billed, 875–877 construction invoices; 381 credit note).
 */
export const ALLOWED_TYPE_CODES: Readonly<Record<En16931Specification, TypeCodes>> = {
  en16931: {
    invoice: codes(
      '71 80 81 82 84 102 130 202 203 204 211 218 219 295 325 326 331 380 382 383 384 385 386 387 388 389 390 393 394 395 456 457 471 472 473 500 501 527 553 575 623 633 751 780 817 870 875 876 877 935',
    ),
    credit_note: EN16931_CREDIT_NOTES,
  },
  'peppol-bis3': {
    invoice: codes(
      '71 80 82 84 102 218 219 331 380 382 383 386 388 393 395 553 575 623 780 817 870 875 876 877',
    ),
    credit_note: codes('381 396 81 83 532'),
  },
  'xrechnung-3.0': {
    invoice: codes('326 380 384 389 875 876 877'),
    credit_note: codes('381'),
  },
};

/** The code of an invoice (`380`) and of a credit note (`381`) when the `type_code` is not taken. */
export const DEFAULT_TYPE_CODES = { invoice: '380', credit_note: '381' } as const;

/**
 * Whether an invoice is a credit note in EN 16931 terms: `is_credit_note`, or a `type_code` of
 * EN 16931's credit note codes.
 *
 * @example
 * ```ts
 * isCreditNote({ is_credit_note: null, type_code: '381' }); // true
 * isCreditNote({ is_credit_note: false, type_code: '380' }); // false
 * ```
 */
export function isCreditNote(invoice: {
  readonly is_credit_note?: boolean | null | undefined;
  readonly type_code?: string | null | undefined;
}): boolean {
  return invoice.is_credit_note === true || EN16931_CREDIT_NOTES.has((invoice.type_code ?? '').trim());
}

/**
 * BT-3 of an invoice for a specification (module comment).
 *
 * @example
 * ```ts
 * invoiceTypeCode({ is_credit_note: true, type_code: null }, 'peppol-bis3'); // '381'
 * invoiceTypeCode({ is_credit_note: null, type_code: '386' }, 'peppol-bis3'); // '386'
 * invoiceTypeCode({ is_credit_note: null, type_code: '389' }, 'peppol-bis3'); // '380'
 * invoiceTypeCode({ is_credit_note: null, type_code: 'VAT' }, 'en16931'); // '380'
 * ```
 */
export function invoiceTypeCode(
  invoice: {
    readonly is_credit_note?: boolean | null | undefined;
    readonly type_code?: string | null | undefined;
  },
  specification: En16931Specification,
): string {
  const given = (invoice.type_code ?? '').trim();
  const kind = isCreditNote(invoice) ? 'credit_note' : 'invoice';
  return ALLOWED_TYPE_CODES[specification][kind].has(given) ? given : DEFAULT_TYPE_CODES[kind];
}
