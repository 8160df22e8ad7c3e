import type { ValidationIssue } from '../errors/validationIssue.js';
import type { KsefTaxReportUpdate } from '../model/ksefTaxReport.js';
import { type ApiVersion, LATEST_API_VERSION } from '../versions/apiVersion.js';
import { versionHas } from '../versions/behaviours.js';
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
 * on the stored report and the update. Issues come in field order of spec §2.7. In a version before
 * v2026-04-20 the §2.7 fields do not exist (spec §9 "Added"; the request upgrade drops them), so none
 * of these rules applies there: a rule cannot require a field the client's version cannot send.
 *
 * @example
 * ```ts
 * ksefTaxReportIssues({ type: 'Ksef', invoice_type_code: 'VAT', supplier_party_krs: '123' });
 * // [{ code: 'parameter_invalid', param: 'supplier_party_krs', … }]
 * ```
 */
export function ksefTaxReportIssues(
  report: KsefTaxReportUpdate,
  version: ApiVersion = LATEST_API_VERSION,
): ValidationIssue[] {
  if (!versionHas(version, 'ksef_tax_report_fields')) return [];
  return [
    ...ksefBuyerUnitIssues(report),
    ...supplierPartyKrsIssues(report),
    ...supplierPartyRegonIssues(report),
    ...ksefAdvanceAmountIssues(report),
    ...prepaymentReferenceIssues(report),
    ...thirdPartyCountryIssues(report),
  ];
}
