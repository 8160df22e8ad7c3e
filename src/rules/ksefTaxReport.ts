import type { ValidationIssue } from '../errors/validationIssue.js';
import type { KsefTaxReportUpdate } from '../model/ksefTaxReport.js';
import { ksefAdvanceAmountIssues } from './ksefAdvanceAmounts.js';
import { ksefBuyerUnitIssues } from './ksefBuyerUnit.js';
import { prepaymentReferenceIssues } from './prepaymentReferences.js';
import { supplierPartyKrsIssues } from './supplierPartyKrs.js';
import { supplierPartyRegonIssues } from './supplierPartyRegon.js';
import { thirdPartyCountryIssues } from './thirdPartyCountry.js';

/**
 * Every business rule of a Ksef tax report (spec §2.7, and the FA(3) buyer-unit rules of
 * ksef-fa3.md §6.3), run on the candidate report: the body of a create, or the stored report with an
 * update applied. Parse with `parseTaxReport` first; on update, also run `taxReportTypeChangeIssues`
 * on the stored report and the update. Issues come in field order of spec §2.7.
 *
 * @example
 * ```ts
 * ksefTaxReportIssues({ type: 'Ksef', invoice_type_code: 'VAT', supplier_party_krs: '123' });
 * // [{ code: 'parameter_invalid', param: 'supplier_party_krs', … }]
 * ```
 */
export function ksefTaxReportIssues(report: KsefTaxReportUpdate): ValidationIssue[] {
  return [
    ...ksefBuyerUnitIssues(report),
    ...supplierPartyKrsIssues(report),
    ...supplierPartyRegonIssues(report),
    ...ksefAdvanceAmountIssues(report),
    ...prepaymentReferenceIssues(report),
    ...thirdPartyCountryIssues(report),
  ];
}
