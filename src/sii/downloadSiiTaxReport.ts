import type { Validated } from '../errors/validationIssue.js';
import type { SiiTaxReportCreate } from '../model/siiTaxReport.js';
import { type TaxReportFile, taxReportFile } from '../model/taxReportFile.js';
import { buildSiiMessage } from './build/buildSiiMessage.js';
import { groupSiiMessages } from './build/groupSiiMessages.js';
import type { SiiMessageKind, SiiTitular } from './message.js';

/**
 * The download of a stored SII tax report (spec §4.2 `GET /tax_reports/{id}/download`): the report as
 * the one-record message it is submitted in (sii.md §11) — its book's `SuministroLR…` root with the
 * account as titular, or `BajaLR…` for an annulled report. A record that cannot become valid SII XML
 * gives `siiRecordIssues`' issues (422 with the offending `param`), never a broken file.
 *
 * @example
 * ```ts
 * const file = downloadSiiTaxReport(report, { name: 'Test company', nif: 'U2687761C' });
 * file.success && file.data.filename; // 'SII_Expedida_2026-A-000123.xml'
 * ```
 */
export function downloadSiiTaxReport(
  report: SiiTaxReportCreate,
  titular: SiiTitular,
  kind: SiiMessageKind = 'alta',
): Validated<TaxReportFile> {
  // The same header as the report's real message: one record grouped exactly as a ledger groups it.
  const [message] = groupSiiMessages([{ report, titular, kind }]);
  if (message === undefined) throw new TypeError('downloadSiiTaxReport: grouping one record gave no message');
  const xml = buildSiiMessage(message);
  if (!xml.success) return xml;
  const name = `${report.book_type}_${report.invoice_number ?? report.invoice_date ?? 'record'}`;
  return { success: true, data: taxReportFile('SII', name, xml.data) };
}
