import { KSEF_TYPE_CODES, type KsefTypeCode } from '../../codelists/invoiceTypes.js';
import type { Validated } from '../../errors/validationIssue.js';
import type { Invoice } from '../../model/invoice.js';
import { issueAt } from '../../rules/issue.js';

/** What {@link ksefTypeCodeOf} reads of a stored invoice. */
export type TypeCodeSource = Pick<Invoice, 'type' | 'type_code' | 'is_credit_note' | 'invoice_references'>;

/**
 * The FA(3) `RodzajFaktury` of a stored invoice (spec §2.9; ksef-fa3.md §6.13 BT-3):
 *
 * - `type_code` when it is already a KSeF code (`VAT`, `KOR`, `ZAL`, `ROZ`, `UPR`, `KOR_ZAL`,
 *   `KOR_ROZ`);
 * - otherwise derived as the service's published mapping does: `KOR` when the invoice amends another
 *   (an `amend` reference) or is a credit note (KSeF has no separate credit-note type, ksef-fa3.md
 *   §6.7), `UPR` for a simplified invoice (`type` `IssuedSimplifiedInvoice`), else `VAT`. `ZAL` and
 *   the settlement types are never guessed: they change the whole document, so the invoice must say so.
 *
 * Only issued invoices become a Ksef report: a `ReceivedInvoice` was issued by the contact, and an
 * `IssuedSelfInvoice` (self-billing, `P_17`) has the contact as seller (`Podmiot1`), which a report
 * generated from the account cannot express. Both are `parameter_invalid` at `type` (**fiscalkit
 * rule**).
 *
 * @example
 * ```ts
 * ksefTypeCodeOf({ type: 'IssuedInvoice', type_code: '380', is_credit_note: true, invoice_references: [] });
 * // { success: true, data: 'KOR' }
 * ksefTypeCodeOf({ type: 'IssuedSimplifiedInvoice', type_code: null, invoice_references: [] });
 * // { success: true, data: 'UPR' }
 * ```
 */
export function ksefTypeCodeOf(invoice: TypeCodeSource): Validated<KsefTypeCode> {
  if (invoice.type === 'ReceivedInvoice' || invoice.type === 'IssuedSelfInvoice')
    return {
      success: false,
      issues: [
        issueAt(
          'fiscalkit.ksef.seller-invoice-type',
          'parameter_invalid',
          ['type'],
          `is ${invoice.type}: a Ksef tax report is generated from an invoice the account issues as seller (IssuedInvoice or IssuedSimplifiedInvoice)`,
        ),
      ],
    };
  const given = invoice.type_code;
  if (typeof given === 'string' && (KSEF_TYPE_CODES as readonly string[]).includes(given))
    return { success: true, data: given as KsefTypeCode };
  const amends = invoice.invoice_references.some((reference) => reference.reference_type === 'amend');
  if (amends || invoice.is_credit_note === true) return { success: true, data: 'KOR' };
  if (invoice.type === 'IssuedSimplifiedInvoice') return { success: true, data: 'UPR' };
  return { success: true, data: 'VAT' };
}

/** The type codes that correct another invoice and so carry `DaneFaKorygowanej` (ksef-fa3.md §6.7). */
export const CORRECTION_TYPE_CODES: readonly KsefTypeCode[] = ['KOR', 'KOR_ZAL', 'KOR_ROZ'];

/** The type codes whose invoice lines are an order (`Zamowienie`) rather than `FaWiersz` (ksef-fa3.md §6.8). */
export const ADVANCE_TYPE_CODES: readonly KsefTypeCode[] = ['ZAL', 'KOR_ZAL'];

/** The type codes that settle advances (`FakturaZaliczkowa`, ksef-fa3.md §6.9). */
export const SETTLEMENT_TYPE_CODES: readonly KsefTypeCode[] = ['ROZ', 'KOR_ROZ'];
