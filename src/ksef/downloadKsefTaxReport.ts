import type { Validated } from '../errors/validationIssue.js';
import type { KsefTaxReportCreate } from '../model/ksefTaxReport.js';
import { buildFa3 } from './build/buildFa3.js';

/** A tax report file as `GET /tax_reports/{id}/download` answers it. */
export interface TaxReportFile {
  /** A file name made of the report's number: `FA3_<number>.xml`, unsafe characters as `_`. */
  filename: string;
  /** `application/xml; charset=utf-8`: FA(3) is UTF-8 without a BOM (ksef-fa3.md §4). */
  content_type: string;
  /** The document. */
  body: string;
}

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
  const stem = (report.number ?? 'invoice').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return {
    success: true,
    data: { filename: `FA3_${stem}.xml`, content_type: 'application/xml; charset=utf-8', body: xml.data },
  };
}
