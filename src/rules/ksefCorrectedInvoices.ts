import type { ValidationIssue } from '../errors/validationIssue.js';
import { issueAt } from './issue.js';

/** What the rule reads of a Ksef tax report. */
export interface KsefCorrectedInvoicesCandidate {
  invoice_type_code?: string | null | undefined;
  corrected_invoices?: readonly unknown[] | null | undefined;
}

/** The correction type codes (ksef-fa3.md §3 `TRodzajFaktury`). */
const CORRECTIONS: readonly string[] = ['KOR', 'KOR_ZAL', 'KOR_ROZ'];

/**
 * A correction names the invoice it corrects (art. 106j ust. 2 pkt 3 and 3a ustawy o VAT: its date
 * and number, and its KSeF number; FA(3) `Fa/DaneFaKorygowanej`, ksef-fa3.md §6.7): a `KOR`,
 * `KOR_ZAL` or `KOR_ROZ` report needs at least one element in `corrected_invoices`, else
 * `parameter_blank` at `corrected_invoices`. A **fiscalkit rule** (`fiscalkit.ksef.corrected-invoice`) for reports created directly or
 * generated: the correction block is optional in the XSD whatever the type, and KSeF checks no
 * correction references (ksef-fa3.md §4), so an imported correction without `DaneFaKorygowanej` is
 * recorded and written back as it is (issue #18 item 12).
 *
 * @example
 * ```ts
 * ksefCorrectedInvoicesIssues({ invoice_type_code: 'KOR', corrected_invoices: [{ date: '2026-02-15', number: 'FV/1' }] }); // []
 * ksefCorrectedInvoicesIssues({ invoice_type_code: 'KOR' });
 * // [{ rule: 'fiscalkit.ksef.corrected-invoice', code: 'parameter_blank', param: 'corrected_invoices', … }]
 * ```
 */
export function ksefCorrectedInvoicesIssues(report: KsefCorrectedInvoicesCandidate): ValidationIssue[] {
  const type = report.invoice_type_code;
  if (typeof type !== 'string' || !CORRECTIONS.includes(type)) return [];
  if (Array.isArray(report.corrected_invoices) && report.corrected_invoices.length > 0) return [];
  return [
    issueAt(
      'fiscalkit.ksef.corrected-invoice',
      'parameter_blank',
      ['corrected_invoices'],
      `must hold at least one corrected invoice on a ${type} invoice (art. 106j ust. 2 pkt 3 ustawy o VAT; FA(3) Fa/DaneFaKorygowanej)`,
    ),
  ];
}
