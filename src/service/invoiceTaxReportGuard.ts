import { ApiError } from '../errors/ApiError.js';
import type { Invoice } from '../model/invoice.js';
import type { TaxReport } from '../model/taxReport.js';
import type { Ports } from '../ports.js';

const PAGE_SIZE = 50;

/**
 * The first tax report generated from (or linked to, `invoice_id`, spec §2.7) the invoice that still
 * stands, i.e. is not `annulled`; null when there is none.
 *
 * @example
 * ```ts
 * const report = await standingTaxReport(ports, invoice); // { id: 900, state: 'registered', … } or null
 * ```
 */
export async function standingTaxReport(ports: Ports, invoice: Invoice): Promise<TaxReport | null> {
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await ports.store.taxReports.find(
      invoice.account_id,
      { invoice_id: invoice.id },
      { offset, limit: PAGE_SIZE },
    );
    const standing = page.items.find((item) => item.value.state !== 'annulled');
    if (standing !== undefined) return standing.value;
    // money-safe: counting records, not money.
    if (page.items.length < PAGE_SIZE || offset + PAGE_SIZE >= page.total_count) return null;
  }
}

/**
 * 409 `conflict` (param null) when a tax report that is not `annulled` points at the invoice: the
 * report is what the tax authority has (or will have) of the invoice, so changing or deleting the
 * invoice under it would leave the two telling different stories. The spec is silent; fiscalkit
 * decides, as a demanding user expects the invoice and its report to agree. Annulling the report
 * (DELETE /tax_reports/{id}) frees the invoice again.
 *
 * @example
 * ```ts
 * await refuseIfReported(ports, invoice, 'edited'); // throws while tax report 900 stands
 * ```
 */
export async function refuseIfReported(
  ports: Ports,
  invoice: Invoice,
  action: 'edited' | 'deleted',
): Promise<void> {
  const report = await standingTaxReport(ports, invoice);
  if (report === null) return;
  throw new ApiError(
    'conflict',
    `invoice ${String(invoice.id)} cannot be ${action}: tax report ${String(report.id)} (${report.state}) was generated from it; annul the report first (DELETE /tax_reports/${String(report.id)}) or issue a corrective invoice`,
    { param: null },
  );
}
