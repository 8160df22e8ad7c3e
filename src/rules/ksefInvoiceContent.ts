import type { ValidationIssue } from '../errors/validationIssue.js';
import type { KsefTaxReportCreate } from '../model/ksefTaxReport.js';
import { ksefCorrectedInvoicesIssues } from './ksefCorrectedInvoices.js';
import { ksefExemptionBasisIssues } from './ksefExemptionBasis.js';
import { ksefForeignCurrencyIssues } from './ksefForeignCurrency.js';

/**
 * What the VAT act asks of an invoice's content beyond what FA(3)'s schema and KSeF check (issue #18
 * item 12): the legal basis of an exemption (`ksefExemptionBasisIssues`), the invoice a correction
 * corrects (`ksefCorrectedInvoicesIssues`), the PLN conversion of a foreign-currency invoice
 * (`ksefForeignCurrencyIssues`), in document order. **fiscalkit rules**: a report created directly
 * (`createKsefTaxReport`, when complete) or generated from an invoice is held to them; an imported
 * document is not (KSeF accepts it without them, ksef-fa3.md §4), and the builder writes what the
 * report has, so an imported document always comes back out (docs/ksef.md "Import and download agree").
 *
 * @example
 * ```ts
 * ksefInvoiceContentIssues({ type: 'Ksef', invoice_type_code: 'KOR', currency: 'PLN' }).map((issue) => issue.param);
 * // ['corrected_invoices']
 * ```
 */
export function ksefInvoiceContentIssues(report: KsefTaxReportCreate): ValidationIssue[] {
  return [
    ...ksefForeignCurrencyIssues(report),
    ...ksefExemptionBasisIssues(report),
    ...ksefCorrectedInvoicesIssues(report),
  ];
}
