/**
 * One standing report per invoice and type (**fiscalkit rule**: a second would report the same
 * invoice twice to the tax authority; AEAT refuses a duplicate IDFactura, sii.md §3), kept under
 * concurrent requests the way invoice numbers are kept unique (`invoices.ts`): checked before a
 * write, and checked again after it, when the later of two writers gives way — its insert is removed,
 * its re-link undone — and answers 409. Whatever the format: a report is linked to an invoice by the
 * common field `invoice_id` (spec §2.7).
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import type { TaxReport, TaxReportType } from '../model/taxReport.js';
import type { Ports, Versioned } from '../ports.js';
import type { EventPublisher } from './events.js';
import { writeReport } from './taxReportEvents.js';

/** The page the standing reports of an invoice are read with (usually one or none). */
const STANDING_PAGE = 100;

/**
 * The standing (not annulled) reports of `type` linked to `invoice_id` other than `except_id`,
 * lowest id first.
 */
async function standingReports(
  ports: Ports,
  account_id: number,
  invoice_id: number,
  type: TaxReportType,
  except_id: number | null,
): Promise<TaxReport[]> {
  const found: TaxReport[] = [];
  for (let offset = 0; ; offset += STANDING_PAGE) {
    const page = await ports.store.taxReports.find(
      account_id,
      { invoice_id, type },
      { offset, limit: STANDING_PAGE },
    );
    for (const { value } of page.items)
      if (value.state !== 'annulled' && value.id !== except_id) found.push(value);
    if (page.items.length < STANDING_PAGE) return found;
  }
}

/**
 * 409: the invoice already has a standing report of the type (the state of another resource
 * refuses the request, spec §7.2 `conflict`; no param, as the invoice may be named by the path of
 * generate or by `invoice_id` in a body alike — the message names it).
 */
function alreadyReported(invoice_id: number, type: string, standing: TaxReport): ApiError {
  return new ApiError(
    'conflict',
    `invoice ${String(invoice_id)} already has ${type} tax report ${String(standing.id)} (${standing.state}): annul it first (DELETE /tax_reports/${String(standing.id)})`,
    { param: null },
  );
}

/**
 * `invoice_id` (spec §2.7 common field) must name an invoice of the report's own account
 * (**fiscalkit rule**: a report linked to another tenant's invoice, or to none, would be a dangling
 * link that the `invoice_id` list filter then answers for), and one that has no standing report of
 * the same type besides `self_id` — whether the report is generated, created, imported or re-linked
 * by PATCH.
 *
 * @example
 * ```ts
 * await checkInvoiceLink(ports, 1, 7, 'Ksef'); // throws 409 conflict while Ksef report 3 of invoice 7 stands
 * ```
 */
export async function checkInvoiceLink(
  ports: Ports,
  account_id: number,
  invoice_id: number | null | undefined,
  type: TaxReportType,
  self_id: number | null = null,
): Promise<void> {
  if (invoice_id === null || invoice_id === undefined) return;
  if ((await ports.store.invoices.get(account_id, invoice_id)) === null)
    throw new ApiError(
      'parameter_invalid',
      `invoice_id ${String(invoice_id)} is not an invoice of this account`,
      {
        param: 'invoice_id',
      },
    );
  const [standing] = await standingReports(ports, account_id, invoice_id, type, self_id);
  if (standing !== undefined) throw alreadyReported(invoice_id, type, standing);
}

/**
 * The check of {@link checkInvoiceLink} again, once `report` is stored: two requests for one invoice
 * both pass the check before either is stored, so after its write each one looks again, and a
 * report that is not the only standing one of its invoice and type gives way. A new report
 * (`created`) gives way to a lower id, so that of two concurrent creates exactly one stays; a
 * re-linked report (PATCH) gives way to any other, since it is older than a report created
 * meanwhile. Answers the report that stands in the way, or null.
 */
async function rivalOf(ports: Ports, report: TaxReport, created: boolean): Promise<TaxReport | null> {
  if (report.invoice_id === null || report.invoice_id === undefined) return null;
  const others = await standingReports(ports, report.account_id, report.invoice_id, report.type, report.id);
  return others.find((other) => !created || other.id < report.id) ?? null;
}

/**
 * Inserts a new report, or answers 409 when a rival of its invoice won the race (see {@link rivalOf}):
 * the insert is removed again.
 *
 * @example
 * ```ts
 * await insertReport(ports, stored); // stored; or 409 conflict when a lower id of its invoice stands
 * ```
 */
export async function insertReport(ports: Ports, report: TaxReport): Promise<void> {
  const inserted = await ports.store.taxReports.insert(report);
  const rival = await rivalOf(ports, report, true);
  if (rival === null) return;
  await ports.store.taxReports.remove(report.account_id, report.id, inserted.version);
  throw alreadyReported(report.invoice_id as number, report.type, rival);
}

/**
 * After a PATCH re-linked a report to another invoice: when another standing report of that invoice
 * was stored meanwhile ({@link rivalOf}), the PATCH is undone (the report as it was, a write of its
 * own with its own state change event) and answered 409, as if the check before the write had seen it.
 *
 * @example
 * ```ts
 * const written = await writeReport(ports, publisher, stored, next);
 * await giveWayIfRivalled(ports, publisher, stored, written); // or 409, with `stored` written back
 * ```
 */
export async function giveWayIfRivalled(
  ports: Ports,
  publisher: EventPublisher,
  before: Versioned<TaxReport>,
  written: Versioned<TaxReport>,
): Promise<void> {
  const rival = await rivalOf(ports, written.value, false);
  if (rival === null) return;
  await writeReport(ports, publisher, written, before.value);
  throw alreadyReported(written.value.invoice_id as number, written.value.type, rival);
}
