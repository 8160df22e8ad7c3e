import type { Invoice } from '../../model/invoice.js';
import type { KsefAdditionalInfo } from '../../model/ksefAdditionalInfo.js';

/**
 * The invoice fields without an FA(3) element that go to `Fa/DodatkowyOpis` as key/value notes
 * (ksef-fa3.md §6.4: "`buyer_accounting_reference`, public-administration unit fields, sales order
 * reference → no dedicated element; `Fa/DodatkowyOpis` key/value pairs"; §6.6: `exchange_date` has
 * no element, "fiscalkit choice: optional `DodatkowyOpis` entry"). The key is the field's name as the
 * service writes it (a **fiscalkit choice**: a stable key a reader or the importer can recognise;
 * the service's published mapping names the element, not the key).
 */
export const ADDITIONAL_INFO_FIELDS = [
  'sales_order_reference',
  'buyer_accounting_reference',
  'managing_unit',
  'accounting_unit',
  'proponent_unit',
  'contract_unit',
  'processing_unit',
  'exchange_date',
] as const;

/**
 * The `additional_info` entries of a report generated from an invoice, with the invoice field each
 * came from ({@link ADDITIONAL_INFO_FIELDS}, in that order). `exchange_date` only when the rate is
 * used (an invoice not in PLN): the date of the NBP table of `KursWaluty` is what it documents.
 *
 * @example
 * ```ts
 * additionalInfo({ sales_order_reference: 'SO-7', buyer_accounting_reference: null }, false);
 * // { entries: [{ key: 'sales_order_reference', value: 'SO-7' }], sources: ['sales_order_reference'] }
 * ```
 */
export function additionalInfo(
  invoice: Partial<Pick<Invoice, (typeof ADDITIONAL_INFO_FIELDS)[number]>>,
  foreignCurrency: boolean,
): { entries: KsefAdditionalInfo[]; sources: string[] } {
  const entries: KsefAdditionalInfo[] = [];
  const sources: string[] = [];
  for (const field of ADDITIONAL_INFO_FIELDS) {
    if (field === 'exchange_date' && !foreignCurrency) continue;
    const value = invoice[field]?.trim() ?? '';
    if (value === '') continue;
    entries.push({ key: field, value });
    sources.push(field);
  }
  return { entries, sources };
}
