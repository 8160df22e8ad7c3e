import type { Validated } from '../errors/validationIssue.js';
import { type KsefTaxReportCreate, parseKsefTaxReport } from '../model/ksefTaxReport.js';
import { ksefInvoiceContentIssues } from '../rules/ksefInvoiceContent.js';
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
  /**
   * `create` (the default): the body of POST /tax_reports (or a PATCH's candidate); `import`: the
   * report of an imported FA(3) document (`importFa3`), which is recorded as the document is
   * (issue #18 items 6 and 12): the buyer-unit rule keeps only the flags' exclusivity, and the
   * content rules of the VAT act (`ksefInvoiceContentIssues`) do not apply — KSeF accepts the document
   * without them, and the builder writes it back as it was.
   */
  origin?: 'create' | 'import';
}

/**
 * The "create directly" path of a Ksef tax report (spec §4.2 `POST /accounts/{account}/tax_reports`
 * with a `Ksef` body, §2.7): parse the body, apply the §2.7 rules (`ksefTaxReportIssues`), then, by
 * default, refuse what cannot become schema-valid FA(3) (`fa3Issues`) and what the VAT act asks of
 * the invoice's content (`ksefInvoiceContentIssues`, not for an import: `options.origin`) — a
 * **fiscalkit choice**, so that a report that was accepted can always be downloaded. Issues come in
 * that order; the first is the one the API answers with (422 and its `param`).
 *
 * @example
 * ```ts
 * const result = createKsefTaxReport({ type: 'Ksef', invoice_type_code: 'VAT', number: 'FV/1' });
 * result.success; // false: supplier_party_tax_id, date, … are missing
 * createKsefTaxReport({ type: 'Ksef', invoice_type_code: 'VAT' }, { complete: false }).success; // true
 * createKsefTaxReport(importFa3(xml).data.report, { origin: 'import' }); // the §2.7 rules as on import
 * ```
 */
export function createKsefTaxReport(
  input: unknown,
  options: CreateKsefTaxReportOptions = {},
): Validated<KsefTaxReportCreate> {
  const parsed = parseKsefTaxReport(input, 'create');
  if (!parsed.success) return parsed;
  const imported = options.origin === 'import';
  const issues = ksefTaxReportIssues(parsed.data, options.version ?? LATEST_API_VERSION, {
    origin: options.origin ?? 'create',
  });
  if (issues.length > 0) return { success: false, issues };
  if (options.complete !== false) {
    const incomplete = [
      ...fa3Issues(parsed.data),
      ...(imported ? [] : ksefInvoiceContentIssues(parsed.data)),
    ];
    if (incomplete.length > 0) return { success: false, issues: incomplete };
  }
  return parsed;
}
