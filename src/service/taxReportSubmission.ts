/**
 * The submission of tax reports to their authority by background jobs (issue #23 "Tax reports that
 * progress"; docs/tax-report-submission.md):
 *
 * - `tax_report_submission` ({@link taxReportSubmissionHandler}): queued by `POST
 *   /tax_reports/{id}/submit` ({@link createTaxReportSubmissionService}) and by `auto_send` on send
 *   (`taxReportOnSend.ts`). An SII report is a record of its ledger: the job submits that ledger with
 *   the existing ledger submission job (`ledgerSubmission.ts`), whose AEAT answer handling
 *   (`ledgerAnswers.ts`) moves the report — nothing of it is duplicated here. A Ksef report is sent
 *   on its own: its FA(3) XML (the download) goes to `ports.ksef.submit`;
 * - `ksef_status` ({@link ksefStatusHandler}): polls KSeF for an invoice it has not decided yet, on
 *   the worker's backoff (a pending status is a retryable failure of the run), until it is accepted
 *   (`registered`, with the KSeF number and the UPO in `authority`) or rejected (`error`, with
 *   KSeF's code and description). Every state change publishes `tax_report.state_change`
 *   (`writeReport`, the same outbox write every report's state change goes through).
 *
 * KSeF has no annulment (an FA(3) invoice accepted by KSeF stays; it is corrected by a corrective
 * invoice, ksef-fa3.md): DELETE of a Ksef report annuls it in fiscalkit only, and a Ksef report that
 * KSeF accepted is not submitted again.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { downloadKsefTaxReport } from '../ksef/index.js';
import { instantFromMillis } from '../model/instant.js';
import type { KsefTaxReport } from '../model/ksefTaxReport.js';
import type { SiiTaxReport } from '../model/siiTaxReport.js';
import type { TaxReport } from '../model/taxReport.js';
import type { TaxReportAuthority } from '../model/taxReportAuthority.js';
import type { Job, KsefStatus, KsefSubmission, KsefTransport, Ports, Versioned } from '../ports.js';
import type { Caller } from './caller.js';
import type { EventPublisher } from './events.js';
import { permanent } from './ledgerMessage.js';
import { createLedgerService } from './ledgers.js';
import { taxReportEvent, writeReport } from './taxReportEvents.js';
import { attachToOpenLedger, ledgerHolding } from './taxReportLedgers.js';
import { siiLedgerFields } from './taxReportSii.js';
import { activeRecord, storedAccount } from './tenancy.js';
import { exponentialBackoff, type JobHandler } from './worker.js';

/** The job kind of a tax report submission (see {@link taxReportSubmissionHandler}). */
export const TAX_REPORT_SUBMISSION_JOB = 'tax_report_submission';

/** The job kind of a KSeF status poll (see {@link ksefStatusHandler}). */
export const KSEF_STATUS_JOB = 'ksef_status';

/** Runs of a submission job before it gives up: the ledger job and the KSeF client retry on their own. */
const MAX_SUBMISSION_ATTEMPTS = 6;

/** Backoff between submission attempts: 5 s doubling to 10 minutes (as the ledger submission job). */
const SUBMISSION_BACKOFF = { base_ms: 5000, max_ms: 600_000 } as const;

/**
 * Polls of one KSeF invoice before the job stops: 2 s doubling to 5 minutes, 24 runs span about an
 * hour and a half. KSeF usually decides within seconds (status 100 / 150 meanwhile); a longer wait is
 * an outage, and the report is then left `processing` with that said in `authority.description` —
 * never `error`, since KSeF may still accept it — and `POST /tax_reports/{id}/submit` polls again.
 */
const MAX_STATUS_POLLS = 24;

/** Backoff between KSeF status polls. */
const STATUS_BACKOFF = { base_ms: 2000, max_ms: 300_000 } as const;

/** The 409 of a server without KSeF: a Ksef report is never pretended sent. */
function ksefNotConfigured(): ApiError {
  return new ApiError(
    'conflict',
    'KSeF is not configured on this server: a Ksef tax report cannot be submitted',
    {
      param: 'id',
    },
  );
}

interface ReportPayload {
  account_id: number;
  tax_report_id: number;
}

function payload(job: Job): ReportPayload | null {
  const { account_id, tax_report_id } = job.payload;
  return typeof account_id === 'number' && typeof tax_report_id === 'number'
    ? { account_id, tax_report_id }
    : null;
}

/**
 * Queues the submission of `report` (`tax_report_submission`). `reason` is part of the job key, so
 * one reason queues one job per report version (`auto_send` on a repeated send queues once; a
 * second `POST …/submit` of an unchanged report too).
 *
 * @example
 * ```ts
 * await queueTaxReportSubmission(ports, { value: report, version: 1 }, 'auto_send');
 * await worker.drain(); // the report's ledger (SII) or the report itself (KSeF) is submitted
 * ```
 */
export async function queueTaxReportSubmission(
  ports: Ports,
  report: TaxReport | Versioned<TaxReport>,
  reason: 'auto_send' | 'request',
): Promise<void> {
  const value = 'value' in report ? report.value : report;
  const version = 'value' in report ? report.version : 1;
  await ports.jobs.enqueue({
    kind: TAX_REPORT_SUBMISSION_JOB,
    payload: { account_id: value.account_id, tax_report_id: value.id },
    key: `${TAX_REPORT_SUBMISSION_JOB}:${String(value.id)}:${reason}:${String(version)}`,
  });
}

/** The seller's NIP a KSeF session is opened for: the report's seller, else the account's TIN (`PL` prefix off). */
async function sellerNip(ports: Ports, report: KsefTaxReport): Promise<string> {
  const tin = report.supplier_party_tax_id ?? (await storedAccount(ports, report.account_id)).tin_value ?? '';
  return tin.replace(/^PL/i, '').replace(/[\s-]/g, '');
}

/** The submission of a Ksef report: its FA(3) XML (the download), its seller's NIP, its key. */
async function ksefSubmission(ports: Ports, report: KsefTaxReport, version: number): Promise<KsefSubmission> {
  const file = downloadKsefTaxReport(report, { now: new Date(ports.clock.now()) });
  if (!file.success)
    throw permanent(
      `tax report ${String(report.id)} cannot be written as valid FA(3) XML: ${file.issues
        .map((issue) => issue.message)
        .join('; ')}`,
    );
  return {
    tax_report_id: report.id,
    account_id: report.account_id,
    nip: await sellerNip(ports, report),
    xml: file.data.body,
    // The report as it was submitted (its version): the same key is the same invoice at KSeF.
    key: `ksef:${String(report.account_id)}:${String(report.id)}:${String(version)}`,
  };
}

/** The report's `authority` after a KSeF status. */
function authorityOf(status: KsefStatus, at: string): TaxReportAuthority {
  return {
    code: String(status.code),
    description:
      status.state === 'rejected' && status.details.length > 0
        ? `${status.description}: ${status.details.join('; ')}`
        : status.description,
    reference: status.reference,
    ksef_number: status.state === 'accepted' ? status.ksef_number : null,
    csv: null,
    upo: status.state === 'accepted' ? status.upo : null,
    answered_at: at,
  };
}

/**
 * Writes what KSeF answered: `accepted` → `registered`, `rejected` → `error`, `pending` → still
 * `processing` with its reference (what the poll needs). The state change's event goes with the
 * write (`writeReport`). A report no longer `processing` (annulled meanwhile) is left as it is.
 */
async function applyKsefStatus(
  ports: Ports,
  publisher: EventPublisher,
  stored: Versioned<KsefTaxReport>,
  status: KsefStatus,
): Promise<Versioned<TaxReport>> {
  const state =
    status.state === 'accepted' ? 'registered' : status.state === 'rejected' ? 'error' : 'processing';
  const next: KsefTaxReport = {
    ...stored.value,
    state,
    authority: authorityOf(status, instantFromMillis(ports.clock.now())),
  };
  const written = await writeReport(ports, publisher, stored, next);
  if (state !== 'processing') await taxReportEvent(ports, written.value, state);
  return written;
}

async function queueStatusPoll(ports: Ports, report: Versioned<TaxReport>, reference: string): Promise<void> {
  await ports.jobs.enqueue({
    kind: KSEF_STATUS_JOB,
    payload: { account_id: report.value.account_id, tax_report_id: report.value.id },
    key: `${KSEF_STATUS_JOB}:${String(report.value.id)}:${reference}:${String(report.version)}`,
  });
}

/** A pending KSeF status: a retryable failure of the poll, so the worker waits its backoff. */
function stillPending(status: KsefStatus): Error {
  return Object.assign(
    new Error(`KSeF has not decided yet (status ${String(status.code)}: ${status.description})`),
    { retryable: true },
  );
}

/** The Ksef report of a job, or null when it is gone or not a Ksef report. */
async function ksefReport(ports: Ports, read: ReportPayload): Promise<Versioned<KsefTaxReport> | null> {
  const stored = await ports.store.taxReports.get(read.account_id, read.tax_report_id);
  if (stored === null || stored.value.type !== 'Ksef') return null;
  return stored as Versioned<KsefTaxReport>;
}

function requireKsef(ports: Ports): KsefTransport {
  if (ports.ksef === undefined)
    throw permanent(
      'KSeF is not configured on this server (ports.ksef): the Ksef tax report was not submitted',
    );
  return ports.ksef;
}

/**
 * The `tax_report_submission` job. A run, by the report's type:
 *
 * - `SiiDocument`: the ledger holding the report (its alta ledger, or the baja ledger of its
 *   annulment, issue #18 item 16) is submitted when it is `pending` (`LedgerService.submit`: the
 *   `ledger_submission` job, keyed by the ledger's version, so a ledger is sent once however many of
 *   its reports ask); a ledger already sent or answered is left to its job. The whole ledger goes:
 *   an SII message is one book, operation and period (sii.md §3), so the report's companions in it
 *   are submitted with it.
 * - `Ksef`: a `processing` report is sent (`ports.ksef.submit`, the FA(3) XML of its download) and
 *   KSeF's first status applied; while KSeF has not decided, a `ksef_status` poll is queued. A report
 *   already sent (its `authority.reference` set) is polled again instead of sent again. Without
 *   `ports.ksef` the job fails for good (the route refuses first, 409).
 *
 * A report that is gone, annulled, or already answered is done. Failures are retried on a 5 s
 * doubling backoff, six runs; `TaxAuthorityError` says whether retrying can help.
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, [taxReportSubmissionHandler(ports, publisher), ksefStatusHandler(ports, publisher)]);
 * await queueTaxReportSubmission(ports, report, 'request');
 * await worker.drain();
 * ```
 */
export function taxReportSubmissionHandler(ports: Ports, publisher: EventPublisher): JobHandler {
  const ledgers = createLedgerService(ports, publisher);
  return {
    kind: TAX_REPORT_SUBMISSION_JOB,
    max_attempts: MAX_SUBMISSION_ATTEMPTS,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, SUBMISSION_BACKOFF),
    async run(job) {
      const read = payload(job);
      if (read === null) throw permanent(`job ${String(job.id)}: not a tax report submission payload`);
      const stored = await ports.store.taxReports.get(read.account_id, read.tax_report_id);
      if (stored === null) return;
      if (stored.value.type === 'SiiDocument') {
        let ledger = await ledgerHolding(ports, read.account_id, read.tax_report_id);
        // A report that is in no ledger while `processing` was cut off between its insert and its
        // place in a ledger (a crash in the middle of a generate, issue #23's kill test): it is put in
        // the open ledger now, else it would stay `processing` for ever and never reach AEAT.
        if (ledger === null && stored.value.state === 'processing') {
          await attachToOpenLedger(
            ports,
            read.account_id,
            siiLedgerFields(stored.value as SiiTaxReport),
            read.tax_report_id,
          );
          ledger = await ledgerHolding(ports, read.account_id, read.tax_report_id);
        }
        if (ledger === null || ledger.value.state !== 'pending') return;
        try {
          await ledgers.submit(read.account_id, ledger.value.id);
        } catch (error) {
          // Submitted meanwhile by someone else (no longer pending): its job carries it on.
          if (!(error instanceof ApiError) || error.code !== 'conflict') throw error;
        }
        return;
      }
      const report = stored as Versioned<KsefTaxReport>;
      if (report.value.state !== 'processing') return;
      const ksef = requireKsef(ports);
      const reference = report.value.authority?.reference ?? null;
      if (reference !== null) {
        await queueStatusPoll(ports, report, reference);
        return;
      }
      const status = await ksef.submit(await ksefSubmission(ports, report.value, report.version));
      const written = await applyKsefStatus(ports, publisher, report, status);
      if (status.state === 'pending') await queueStatusPoll(ports, written, status.reference);
    },
    async giveUp() {
      // Nothing was changed that must be undone: an SII ledger not submitted stays `pending` (submit
      // it again), a Ksef report not sent stays `processing` without a reference (submit it again).
    },
  };
}

/**
 * The `ksef_status` job: asks KSeF where a sent invoice stands (`ports.ksef.status`) and applies the
 * answer (`accepted` → `registered`, `rejected` → `error`). A `pending` answer is a retryable failure
 * of the run, so the worker polls again on its backoff (2 s doubling to 5 minutes, 24 polls). When the
 * polls are spent the report stays `processing` and its `authority.description` says that KSeF had
 * not answered (honesty: not `error`, KSeF may still accept it); `POST /tax_reports/{id}/submit` polls
 * again (the invoice is not sent twice: the report keeps its reference).
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, [ksefStatusHandler(ports, publisher)]);
 * await worker.drain(); // polls due: the report registered or in error once KSeF decided
 * ```
 */
export function ksefStatusHandler(ports: Ports, publisher: EventPublisher): JobHandler {
  return {
    kind: KSEF_STATUS_JOB,
    max_attempts: MAX_STATUS_POLLS,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, STATUS_BACKOFF),
    async run(job) {
      const read = payload(job);
      if (read === null) throw permanent(`job ${String(job.id)}: not a KSeF status payload`);
      const report = await ksefReport(ports, read);
      if (report === null || report.value.state !== 'processing') return;
      const reference = report.value.authority?.reference ?? null;
      if (reference === null) return;
      const ksef = requireKsef(ports);
      const status = await ksef.status(await ksefSubmission(ports, report.value, report.version), reference);
      const same =
        status.state === 'pending' &&
        report.value.authority?.code === String(status.code) &&
        report.value.authority?.description === status.description;
      // A pending status already recorded is not written again (no version churn while polling).
      if (!same) await applyKsefStatus(ports, publisher, report, status);
      if (status.state === 'pending') throw stillPending(status);
    },
    async giveUp(job, error) {
      const read = payload(job);
      if (read === null) return;
      const report = await ksefReport(ports, read);
      if (report === null || report.value.state !== 'processing' || report.value.authority == null) return;
      const reason = error instanceof Error ? error.message : String(error);
      await writeReport(ports, publisher, report, {
        ...report.value,
        authority: {
          ...report.value.authority,
          description: `fiscalkit stopped polling KSeF after ${String(MAX_STATUS_POLLS)} attempts (${reason}); POST /tax_reports/${String(report.value.id)}/submit polls again`,
        },
      });
    },
  };
}

/** POST /tax_reports/{id}/submit. */
export interface TaxReportSubmissionService {
  /**
   * Queues the report's submission (the `tax_report_submission` job) and answers the report as it
   * stands (202). 404 for a report that is not the caller's; 409 for an annulled report, a report the
   * authority already answered (`registered`, `registered_with_errors`; an SII report in `error` is
   * corrected with PATCH, which puts it back in a ledger), an SII report in no pending ledger that
   * is not being sent, and a Ksef report on a server without KSeF.
   */
  submit(caller: Caller, id: number): Promise<TaxReport>;
}

/**
 * The submission requests (issue #23).
 *
 * @example
 * ```ts
 * const submissions = createTaxReportSubmissionService(ports);
 * (await submissions.submit(caller, 12)).state; // 'processing': the job sends it
 * ```
 */
export function createTaxReportSubmissionService(ports: Ports): TaxReportSubmissionService {
  return {
    async submit(caller, id) {
      const stored = await activeRecord(ports, caller, ports.store.taxReports, id, 'tax report');
      const report = stored.value;
      if (report.type === 'Ksef') {
        if (ports.ksef === undefined) throw ksefNotConfigured();
        if (report.state !== 'processing')
          throw new ApiError(
            'conflict',
            `tax report ${String(id)} is ${report.state}: only a processing Ksef report is submitted (KSeF has no annulment; an accepted invoice is corrected by a corrective invoice)`,
          );
      } else {
        const ledger = await ledgerHolding(ports, report.account_id, id);
        if (
          ledger === null ||
          ledger.value.state === 'accepted' ||
          ledger.value.state === 'rejected' ||
          ledger.value.state === 'partially_accepted'
        )
          throw new ApiError(
            'conflict',
            `tax report ${String(id)} is ${report.state} and in no ledger waiting to be sent: ${
              report.state === 'error'
                ? 'correct it with PATCH /tax_reports/{id}, which puts it back in a ledger'
                : 'there is nothing to submit'
            }`,
          );
      }
      await queueTaxReportSubmission(ports, stored, 'request');
      return report;
    },
  };
}
