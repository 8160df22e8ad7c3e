import type { ValidationIssue } from '../errors/validationIssue.js';
import type { SiiTaxReportUpdate } from '../model/siiTaxReport.js';
import { siiAnnualPeriodIssues } from './siiAnnualPeriod.js';
import { siiBookRequirementIssues } from './siiBookRequirements.js';
import { siiCorrectiveIssues } from './siiCorrective.js';
import { siiCounterpartyIssues } from './siiCounterparty.js';
import { siiTaxBreakdownIssues } from './siiTaxBreakdowns.js';

/**
 * Every business rule of an SII tax report, run on the candidate report (the body of a create or of
 * one batch record, or the stored report with an update applied; parse with `parseTaxReport`
 * first): the fields its book requires (sii.md §2, §3), the annual period of `Metalico`, the
 * customer of issued invoices (sii.md §8), corrective invoices (§4.2) and the breakdown rows (§4.6,
 * §5). On update, also run `taxReportTypeChangeIssues`.
 *
 * @example
 * ```ts
 * siiTaxReportIssues({ type: 'SiiDocument', book_type: 'Metalico', period_year: 2026, period: '0A' });
 * // [{ code: 'parameter_blank', param: 'communication_type', … }, …customer_party_name, …]
 * ```
 */
export function siiTaxReportIssues(report: SiiTaxReportUpdate): ValidationIssue[] {
  return [
    ...siiBookRequirementIssues(report),
    ...siiAnnualPeriodIssues(report),
    ...siiCounterpartyIssues(report),
    ...siiCorrectiveIssues(report),
    ...siiTaxBreakdownIssues(report),
  ];
}
