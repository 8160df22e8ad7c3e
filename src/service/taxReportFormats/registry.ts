/**
 * The registry of tax report formats: report `type` (spec §2.7) → its {@link TaxReportFormat}. The
 * tax report service looks every report up here and never names a type itself. A third authority is
 * a new domain folder (`src/<authority>`, with an entry point), one file here beside `ksef.ts` and
 * `sii.ts`, its type in `TAX_REPORT_TYPES` (`src/model/taxReportCommon.ts`), and one line below: the
 * registry's type refuses to compile until every type has its format (docs/tax-report-formats.md).
 *
 * @module
 */
import type { TaxReportType } from '../../model/taxReport.js';
import type { TaxReportFormat } from './format.js';
import { ksefFormat } from './ksef.js';
import { siiFormat } from './sii.js';

/** Every report type's format, each registered under its own type. */
const FORMATS: { readonly [T in TaxReportType]: TaxReportFormat & { readonly type: T } } = {
  Ksef: ksefFormat as TaxReportFormat & { readonly type: 'Ksef' },
  SiiDocument: siiFormat as TaxReportFormat & { readonly type: 'SiiDocument' },
};

/**
 * The format of a report type. The service hands a format reports of its own type only (a stored
 * report's `type`, a body read by `parseTaxReport`), so the format's own report types hold.
 *
 * @example
 * ```ts
 * taxReportFormat('Ksef').document; // 'fa3'
 * await taxReportFormat(report.type).download(context, report);
 * ```
 */
export function taxReportFormat(type: TaxReportType): TaxReportFormat {
  return FORMATS[type];
}

/**
 * The format that reads an uploaded document of `document` (the `tax_report_import` compute task's
 * `format`: `fa3`, `sii`).
 *
 * @example
 * ```ts
 * formatOfDocument('sii').type; // 'SiiDocument'
 * ```
 */
export function formatOfDocument(document: TaxReportFormat['document']): TaxReportFormat {
  const format = Object.values(FORMATS).find((candidate) => candidate.document === document);
  if (format === undefined) throw new TypeError(`no tax report format reads ${document} documents`);
  return format;
}
