import type { Validated } from '../errors/validationIssue.js';
import type { KsefTaxReportCreate } from '../model/ksefTaxReport.js';
import { type TaxReportFile, taxReportFile } from '../model/taxReportFile.js';
import { buildFa3 } from './build/buildFa3.js';

/**
 * The download of a stored Ksef tax report (spec §4.2 `GET /tax_reports/{id}/download`): its FA(3)
 * XML, built now, `DataWytworzeniaFa` from the injected clock (`now`). A report that cannot become
 * valid FA(3) gives the builder's issues (422 with the offending `param`), never a broken file.
 *
 * @example
 * ```ts
 * const file = downloadKsefTaxReport(report, { now: clock.now() });
 * file.success && file.data.filename; // 'FA3_FV_2026_02_1.xml'
 * ```
 */
export function downloadKsefTaxReport(
  report: KsefTaxReportCreate,
  options: { now: Date; system_info?: string },
): Validated<TaxReportFile> {
  const xml = buildFa3(report, options);
  if (!xml.success) return xml;
  return { success: true, data: taxReportFile('FA3', report.number ?? 'invoice', xml.data) };
}
