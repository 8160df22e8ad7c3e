/**
 * The tax reports an account's settings require when an invoice is sent (issue #23 "tax reports on
 * send"; api-notes.md §9 `tax_report_setting`: `auto_generate`, `auto_send`, `start_date`). The
 * sending service calls {@link taxReportsOnSend} once the invoice is sent, and answers the ids it gets
 * as the send's `tax_report_ids`.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import type { Invoice } from '../model/invoice.js';
import type { TaxReport, TaxReportType } from '../model/taxReport.js';
import {
  TAX_REPORT_SETTING_CODES,
  TAX_REPORT_SETTING_COUNTRY,
  type TaxReportSetting,
} from '../model/taxReportSetting.js';
import type { Ports } from '../ports.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { findAll } from './listAll.js';
import { REPORT_TYPE_OF_SETTING, storedTaxReportSetting } from './taxReportSettings.js';
import { queueTaxReportSubmission } from './taxReportSubmission.js';
import { createTaxReportService } from './taxReports.js';
import { storedAccount } from './tenancy.js';

/** The invoice's standing (not annulled) reports of `type`, lowest id first. */
async function standingReports(ports: Ports, invoice: Invoice, type: TaxReportType): Promise<TaxReport[]> {
  const found = await findAll(ports.store.taxReports, invoice.account_id, { invoice_id: invoice.id, type });
  return found.map(({ value }) => value).filter((report) => report.state !== 'annulled');
}

/** Whether `setting` asks for a report of an invoice dated `date` (YYYY-MM-DD compare as text). */
function applies(setting: TaxReportSetting | null, date: string): setting is TaxReportSetting {
  if (setting === null) return false;
  return setting.auto_generate && setting.start_date <= date;
}

/**
 * Generates the tax reports the account's tax report settings require for a sent invoice and answers
 * their ids (issue #23). For each setting of the account's authority (`sii` for a Spanish account,
 * `ksef` for a Polish one) with `auto_generate` and `start_date` on or before the invoice date:
 *
 * - the report is made by the path of `POST /invoices/{id}/generate_tax_report` (same rules, same
 *   events, an SII record placed in its ledger), with the stored setting's SII defaults;
 * - **idempotent**: a standing (not annulled) report of that type for the invoice is kept and its id
 *   answered, never a second one — also when a concurrent call made it first (the generate path's
 *   409 is then read as "already there");
 * - with `auto_send`, its submission is queued (`tax_report_submission` job, keyed by the report so
 *   that a repeated call queues it once).
 *
 * An invoice the authority's report cannot be made from throws the generate path's `ApiError` (422
 * with the issues at the invoice's fields): **fiscalkit choice** — the caller (the sending service)
 * decides what a send whose report failed answers; nothing is hidden. No setting, a disabled one, or
 * an invoice dated before `start_date`: no report, `[]`.
 *
 * @example
 * ```ts
 * // account 1 is Spanish, with {code: 'sii', start_date: '2026-01-01', auto_generate: true, auto_send: true}
 * const ids = await taxReportsOnSend(ports, deps, caller, invoice); // [41]
 * await taxReportsOnSend(ports, deps, caller, invoice); // [41] again: nothing new
 * ```
 */
export async function taxReportsOnSend(
  ports: Ports,
  deps: ServiceDeps,
  caller: Caller,
  invoice: Invoice,
): Promise<number[]> {
  const account = await storedAccount(ports, invoice.account_id);
  const ids: number[] = [];
  for (const code of TAX_REPORT_SETTING_CODES) {
    const type = REPORT_TYPE_OF_SETTING[code];
    if (account.country !== TAX_REPORT_SETTING_COUNTRY[code]) continue;
    const setting = await storedTaxReportSetting(ports, account.id, code);
    if (!applies(setting, invoice.date)) continue;
    let reports = await standingReports(ports, invoice, type);
    if (reports.length === 0) {
      try {
        reports = [await createTaxReportService(ports, deps).generate(caller, invoice.id, { type })];
      } catch (error) {
        // A concurrent call generated it first (one standing report per invoice and type): keep it.
        if (!(error instanceof ApiError) || error.code !== 'conflict') throw error;
        reports = await standingReports(ports, invoice, type);
        if (reports.length === 0) throw error;
      }
    }
    for (const report of reports) {
      ids.push(report.id);
      if (setting.auto_send) await queueTaxReportSubmission(ports, report, 'auto_send');
    }
  }
  return ids;
}
