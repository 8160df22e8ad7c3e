import type { Invoice } from '../model/invoice.js';
import type { InvoiceReference } from '../model/invoiceReference.js';
import { presentText } from '../model/presentText.js';

/**
 * The number a tax report prints for an invoice: `number` and `series_code` in one string (KSeF
 * `P_2`, `NrFaKorygowanej`, ksef-fa3.md §6.4 "`number` (+ `series_code`)"; SII
 * `NumSerieFacturaEmisor`, "Número + Serie", sii.md §3). fiscalkit keeps them apart elsewhere and
 * both tax authorities have one element, which must be unique per issuer (KSeF duplicates are status
 * 440; AEAT's uniqueness key is issuer NIF + number + date, sii.md §3), so the series is written in
 * front of the number, without a separator, unless the number already starts with it (a **fiscalkit
 * choice**: series `FV` + number `2026/02/150` is MF sample 1's `FV2026/02/150`; the stored fixture
 * `F-2026/0001` with series `F` stays as it is). Null when there is no number.
 *
 * @example
 * ```ts
 * documentNumber('2026/02/150', 'FV'); // 'FV2026/02/150'
 * documentNumber('F-2026/0001', 'F'); // 'F-2026/0001'
 * documentNumber('FV/7', null); // 'FV/7'
 * ```
 */
export function documentNumber(
  number: string | null | undefined,
  series_code: string | null | undefined,
): string | null {
  const base = presentText(number);
  if (base === null) return null;
  const series = presentText(series_code);
  return series === null || base.startsWith(series) ? base : `${series}${base}`;
}

/** A reference of the invoice with its index in `invoice_references` (for params). */
export interface IndexedReference {
  reference: InvoiceReference;
  index: number;
}

/**
 * The invoice's `amend` reference (spec §2.6: at most one), with its index: the corrected invoice of
 * a KSeF `KOR` (`DaneFaKorygowanej`) and of an SII rectificativa (`FacturasRectificadas`).
 *
 * @example
 * ```ts
 * amendReferenceOf(invoice)?.reference.number; // 'FZ2026/02/150'
 * ```
 */
export function amendReferenceOf(invoice: Pick<Invoice, 'invoice_references'>): IndexedReference | undefined {
  const index = invoice.invoice_references.findIndex((reference) => reference.reference_type === 'amend');
  const reference = invoice.invoice_references[index];
  return reference === undefined ? undefined : { reference, index };
}
