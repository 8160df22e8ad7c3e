/**
 * The `Ksef` format (spec §2.7; Polish KSeF, FA(3): `src/ksef`, reached through its entry point). A
 * Ksef report stands on its own: it is accepted only when it can become FA(3) (`createKsefTaxReport`'s
 * default), so the make-steps judge it and `validate` has nothing left to do; it sits in no ledger;
 * it is annulled at once; it is downloaded as its FA(3) XML.
 *
 * @module
 */
import { ApiError } from '../../errors/ApiError.js';
import { createKsefTaxReport, downloadKsefTaxReport, generateKsefTaxReport } from '../../ksef/index.js';
import type { KsefTaxReport, KsefTaxReportCreate, KsefTaxReportUpdate } from '../../model/ksefTaxReport.js';
import {
  mergeKsefUpdate,
  requestIndexedIssues,
  storedKsefTaxReport,
  withAccountSupplier,
  withoutReferenceIds,
} from '../taxReportKsef.js';
import { fail } from '../taxReportRequests.js';
import { type TaxReportFormat, unwritableReport } from './format.js';

/**
 * 409 for a report KSeF holds or is deciding on (issue #23): it was sent (`authority.reference`) and
 * KSeF has not rejected it. KSeF has no annulment and keeps what it accepted (an accepted invoice is
 * corrected by a corrective invoice, `KOR`, ksef-fa3.md); changing or annulling the report here would
 * make it say something KSeF does not hold. A report KSeF rejected (`error`) may be changed or annulled.
 */
function refuseSentToKsef(report: KsefTaxReport, what: 'changed' | 'annulled'): void {
  if (report.authority?.reference == null || report.state === 'error' || report.state === 'annulled') return;
  throw new ApiError(
    'conflict',
    `tax report ${String(report.id)} was sent to KSeF (${report.state}, reference ${report.authority.reference}) and cannot be ${what}: KSeF has no annulment, an accepted invoice is corrected by a corrective invoice (KOR)`,
  );
}

/**
 * The Ksef format: the account is the seller of a report created without one (`withAccountSupplier`),
 * the §2.7 rules are those of the caller's version, and a PATCH is merged element by element
 * (`mergeKsefUpdate`) and judged like a create, its issues named by the request's element indexes.
 *
 * @example
 * ```ts
 * taxReportFormat('Ksef') === ksefFormat; // true
 * ksefFormat.document; // 'fa3'
 * ```
 */
export const ksefFormat: TaxReportFormat<KsefTaxReport, KsefTaxReportCreate, KsefTaxReportUpdate> = {
  type: 'Ksef',
  document: 'fa3',

  create(caller, account, body) {
    const created = createKsefTaxReport(withAccountSupplier(body, account), { version: caller.api_version });
    if (!created.success) fail(created.issues);
    return created.data;
  },

  import(_account, read) {
    if (read.format !== 'fa3') throw new TypeError(`the Ksef format reads FA(3) uploads, not ${read.format}`);
    if (!read.created.success) fail(read.created.issues);
    return read.created.data;
  },

  generate({ invoice, account, contact }, options) {
    const generated = generateKsefTaxReport({
      invoice,
      account,
      contact,
      exemption_basis: options.exemption_basis ?? null,
    });
    if (!generated.success) fail(generated.issues);
    return generated.data;
  },

  validate() {
    // Judged where it was made: `createKsefTaxReport` and `generateKsefTaxReport` answer only
    // FA(3)-complete reports (`fa3Issues`).
  },

  build(context, report, fields) {
    return storedKsefTaxReport(context.ports, withoutReferenceIds(report), fields);
  },

  async place() {
    // A Ksef report is sent on its own: there is no ledger to join.
  },

  async update(context, caller, stored, update) {
    refuseSentToKsef(stored.value, 'changed');
    const merged = mergeKsefUpdate(stored.value, update);
    if (!merged.success) fail(merged.issues);
    // The rules judge the merged list; a `prepayment_references[i]` issue names the request's element.
    const created = createKsefTaxReport(merged.candidate, { version: caller.api_version });
    if (!created.success)
      fail(
        requestIndexedIssues(created.issues, merged.reference_origins, stored.value.prepayment_references),
      );
    const report = created.data;
    const relinked = report.invoice_id !== stored.value.invoice_id;
    if (relinked)
      await context.checkInvoiceLink(stored.value.account_id, report.invoice_id, 'Ksef', stored.value.id);
    const next = await storedKsefTaxReport(context.ports, report, {
      id: stored.value.id,
      account_id: stored.value.account_id,
      state: stored.value.state,
    });
    const written = await context.write(stored, next);
    if (relinked) await context.giveWayIfRivalled(stored, written);
    return written;
  },

  annul(_context, stored, write) {
    refuseSentToKsef(stored.value, 'annulled');
    return write();
  },

  async download(context, report) {
    // `DataWytworzeniaFa` (ksef-fa3.md §6.11) is the injected clock's now, never the system clock.
    const file = downloadKsefTaxReport(report, { now: new Date(context.ports.clock.now()) });
    if (!file.success) throw unwritableReport(report.id, file.issues, 'FA(3) XML');
    return file.data;
  },
};
