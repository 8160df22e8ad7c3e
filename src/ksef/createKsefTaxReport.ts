import type { Validated } from '../errors/validationIssue.js';
import { type KsefTaxReportCreate, parseKsefTaxReport } from '../model/ksefTaxReport.js';
import { ksefTaxReportIssues } from '../rules/ksefTaxReport.js';
import { type ApiVersion, LATEST_API_VERSION } from '../versions/apiVersion.js';
import { fa3Issues } from './fa3Issues.js';

/** Options of {@link createKsefTaxReport}. */
export interface CreateKsefTaxReportOptions {
  /** The API version the body was written in (already upgraded to the newest shape). Default: latest. */
  version?: ApiVersion;
  /**
   * Whether the report must already be able to become FA(3) (default true). False accepts a report
   * that carries only some fields (the §2.7 ones, say) to be completed by PATCH; its download then
   * answers 422 until it is complete.
   */
  complete?: boolean;
}

/**
 * The "create directly" path of a Ksef tax report (spec §4.2 `POST /accounts/{account}/tax_reports`
 * with a `Ksef` body, §2.7): parse the body, apply the §2.7 rules (`ksefTaxReportIssues`), then, by
 * default, refuse what cannot become schema-valid FA(3) (`fa3Issues`) — a **fiscalkit choice**, so
 * that a report that was accepted can always be downloaded. Issues come in that order; the first is
 * the one the API answers with (422 and its `param`).
 *
 * @example
 * ```ts
 * const result = createKsefTaxReport({ type: 'Ksef', invoice_type_code: 'VAT', number: 'FV/1' });
 * result.success; // false: supplier_party_tax_id, date, … are missing
 * createKsefTaxReport({ type: 'Ksef', invoice_type_code: 'VAT' }, { complete: false }).success; // true
 * ```
 */
export function createKsefTaxReport(
  input: unknown,
  options: CreateKsefTaxReportOptions = {},
): Validated<KsefTaxReportCreate> {
  const parsed = parseKsefTaxReport(input, 'create');
  if (!parsed.success) return parsed;
  const issues = ksefTaxReportIssues(parsed.data, options.version ?? LATEST_API_VERSION);
  if (issues.length > 0) return { success: false, issues };
  if (options.complete !== false) {
    const incomplete = fa3Issues(parsed.data);
    if (incomplete.length > 0) return { success: false, issues: incomplete };
  }
  return parsed;
}
