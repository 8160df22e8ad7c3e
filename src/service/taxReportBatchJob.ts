/**
 * The background job of a tax report batch (spec §4.1; issue #7): every record judged on its own,
 * the accepted ones stored and attached in chunks (`taxReportBatchRun.ts`), the results checkpointed
 * in the status record, and `sii_batch.finished` published at the end.
 *
 * @module
 */
import type { ValidationIssue } from '../errors/validationIssue.js';
import { type TaxReportBatchEvent, transitionTaxReportBatch } from '../lifecycle/taxReportBatch.js';
import { instantFromMillis } from '../model/instant.js';
import {
  type BatchRecordError,
  type BatchRecordResult,
  batchRecordError,
  type TaxReportBatch,
} from '../model/taxReportBatch.js';
import type { Job, Ports, Versioned } from '../ports.js';
import { parseBatchRecord } from '../rules/taxReportBatchRecord.js';
import { type SiiTitular, siiTitularIssues } from '../sii/index.js';
import { type ApiVersion, LATEST_API_VERSION } from '../versions/apiVersion.js';
import { normalizeRequest } from '../versions/normalize.js';
import type { EventPublisher } from './events.js';
import { notStoredYet } from './jobNotReady.js';
import { type Accepted, BatchRun } from './taxReportBatchRun.js';
import { checkSiiRecord, schemaRefusal, withoutRecordPrefix } from './taxReportSii.js';
import { exponentialBackoff, type JobHandler } from './worker.js';
import { yieldingEvery } from './yielding.js';

/** The job kind of a tax report batch. */
export const TAX_REPORT_BATCH_JOB = 'tax_report_batch';

/**
 * Records per checkpoint: the job persists a chunk's tax reports, ledger attachments and results,
 * then moves on. A crash redoes at most one chunk's pure work; its writes are idempotent. 250 keeps
 * the status record's rewrites (20 for 5,000 records) and the redone work small.
 */
export const BATCH_CHUNK_SIZE = 250;

/** Most schema errors listed for one record: the first few say what is wrong; 500 would drown it. */
const MAX_SCHEMA_ERRORS_PER_RECORD = 10;

/** A record's verdict: accepted, or its errors. */
type Verdict = Accepted | { index: number; errors: BatchRecordError[] };

/** Issue params of a one-record message are `records[0].field`; a batch names the record's own field. */
function recordError(issue: ValidationIssue, index: number): BatchRecordError {
  const param = withoutRecordPrefix(issue.param);
  const suffix = ` (tax_reports[${String(index)}])`;
  const message = issue.message.endsWith(suffix) ? issue.message : `${issue.message}${suffix}`;
  return batchRecordError({ ...issue, param, message });
}

/**
 * An accepted record that names an `invoice_id` must name an invoice of the batch's account, as a
 * single POST /accounts/{account}/tax_reports must (`checkInvoiceLink`, taxReportGiveWay.ts): a report is
 * never linked to another tenant's invoice, nor to none. (The one-standing-report-per-invoice rule of
 * single reports is not applied here: a batch resumed after a crash re-judges records whose reports
 * the first run may already have stored, and would then refuse them against themselves.)
 */
async function linkedInvoiceChecked(ports: Ports, account_id: number, verdict: Verdict): Promise<Verdict> {
  if (!('report' in verdict)) return verdict;
  const invoice_id = verdict.report.invoice_id;
  if (invoice_id === null || invoice_id === undefined) return verdict;
  if ((await ports.store.invoices.get(account_id, invoice_id)) !== null) return verdict;
  return {
    index: verdict.index,
    errors: [
      recordError(
        {
          rule: 'fiscalkit.tax-report.invoice-link',
          code: 'parameter_invalid',
          param: 'invoice_id',
          message: `invoice_id ${String(invoice_id)} is not an invoice of this account`,
        },
        verdict.index,
      ),
    ],
  };
}

/**
 * One record, on its own (spec §4.1 rule 2; sii.md §11): read in the request's version, checked as an
 * SII tax report (`unsupported_type` for another type, rule 3), built into its one-record message
 * (the SII rules, `siiRecordIssues`), and validated by the schema validator port. Pure apart from the
 * validator, so re-running it after a crash gives the same verdict.
 */
function judge(
  ports: Ports,
  record: unknown,
  index: number,
  version: ApiVersion,
  titular: SiiTitular,
  titularProblem: readonly string[],
): Verdict {
  const upgraded =
    version === LATEST_API_VERSION
      ? record
      : normalizeRequest('tax_report', record, { version, operation: 'create' });
  const parsed = parseBatchRecord(upgraded, index);
  if (!parsed.success) return { index, errors: parsed.issues.map((issue) => recordError(issue, index)) };
  if (titularProblem.length > 0)
    return {
      index,
      errors: titularProblem.map((message) => ({ code: 'parameter_invalid', param: null, message })),
    };
  const verdict = checkSiiRecord(ports, parsed.data, titular);
  if (verdict.kind === 'invalid')
    return { index, errors: verdict.issues.map((issue) => recordError(issue, index)) };
  if (verdict.kind === 'schema_invalid')
    return {
      index,
      errors: verdict.errors.slice(0, MAX_SCHEMA_ERRORS_PER_RECORD).map((error) => ({
        code: 'parameter_invalid',
        param: null,
        message: schemaRefusal(
          `the SII XML of tax_reports[${String(index)}]`,
          ports.schemaValidator.name,
          error,
        ),
      })),
    };
  return { index, report: parsed.data };
}

function batchKey(id: number): string {
  return `sii_batch.finished:${String(id)}`;
}

function payload(job: Job): { account_id: number; batch_id: number } {
  const { account_id, batch_id } = job.payload;
  if (typeof account_id !== 'number' || typeof batch_id !== 'number')
    throw Object.assign(new TypeError(`job ${String(job.id)}: not a tax report batch payload`), {
      retryable: false,
    });
  return { account_id, batch_id };
}

/** Applies a lifecycle event, stores the new state and publishes its events. */
async function apply(
  ports: Ports,
  events: EventPublisher,
  stored: Versioned<TaxReportBatch>,
  event: TaxReportBatchEvent,
): Promise<Versioned<TaxReportBatch>> {
  const transition = transitionTaxReportBatch(stored.value, event);
  if (!transition.accepted)
    throw new Error(`tax report batch ${String(stored.value.id)}: ${transition.reason}`);
  const next = await ports.store.taxReportBatches.update(transition.state, stored.version);
  for (const effect of transition.effects)
    await events.publish(stored.value.account_id, effect.code, effect.data, batchKey(stored.value.id));
  return next;
}

/** Publishes the event of a batch that has already ended (a re-run after a crash between the two). */
async function republish(events: EventPublisher, batch: TaxReportBatch): Promise<void> {
  if (batch.status !== 'finished' && batch.status !== 'failed') return;
  await events.publish(
    batch.account_id,
    'sii_batch.finished',
    {
      batch_id: batch.id,
      status: batch.status,
      total_count: batch.total_count,
      processed_count: batch.processed_count,
      succeeded_count: batch.succeeded_count,
      failed_count: batch.failed_count,
    },
    batchKey(batch.id),
  );
}

/**
 * The background job of a tax report batch (spec §4.1; issue #7). It moves the batch to `processing`,
 * then takes the records in order, in chunks of {@link BATCH_CHUNK_SIZE}, each record on its own:
 * type check (`unsupported_type` for non-SII), `book_type` and the SII fields, the build of its
 * one-record message, schema validation through the `SchemaValidator` port, and — when all pass — a
 * new `processing` SII tax report attached to its ledger (one per book, titular, operation and
 * period). A failing record is a per-record error and never stops the batch (rule 2). After each
 * chunk the results are stored in the status record; at the end the batch is `finished` and
 * `sii_batch.finished` is published with `{batch_id, status, counts}` (rule 4).
 *
 * Crash and resume: the next run starts after the last stored result. Everything a chunk writes
 * before its results are stored is keyed (`tax_report_batch:{id}:record:{index}`, the ledger per key,
 * ids appended only when missing), so redoing the chunk finds it instead of writing it twice: no
 * record is lost and none is stored twice. Store failures are retried with backoff (1 s doubling to a
 * minute) up to 5 runs; then the batch `failed` (the job could not run to the end) and the event says so.
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, [taxReportBatchHandler(ports, createEventPublisher(ports))]);
 * await worker.drain();
 * ```
 */
export function taxReportBatchHandler(ports: Ports, events: EventPublisher): JobHandler {
  return {
    kind: TAX_REPORT_BATCH_JOB,
    max_attempts: 5,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, { base_ms: 1000, max_ms: 60_000 }),
    async run(job, context) {
      const { account_id, batch_id } = payload(job);
      let batch = await ports.store.taxReportBatches.get(account_id, batch_id);
      // The job is queued before the batch is stored (see `create`): not there yet is looked at again
      // soon without spending an attempt, and a batch that never comes (the POST failed) ends the job.
      if (batch === null)
        throw notStoredYet(`tax report batch ${String(batch_id)}`, job.payload.queued_at, ports.clock.now());
      if (batch.value.status === 'finished' || batch.value.status === 'failed') {
        await republish(events, batch.value);
        return undefined;
      }
      const input = await ports.store.taxReportBatchInputs.get(account_id, batch_id);
      if (input === null)
        throw Object.assign(new Error(`the records of batch ${String(batch_id)} are not stored`), {
          retryable: false,
        });
      if (batch.value.status === 'accepted') batch = await apply(ports, events, batch, { type: 'start' });
      const version = (input.value.api_version as ApiVersion | null) ?? LATEST_API_VERSION;
      const titular = input.value.titular;
      // An account that cannot be the titular fails every SII record with the same reason.
      const titularProblem = siiTitularIssues(titular).map(
        (issue) => `the account cannot be the SII titular: ${issue.message}`,
      );
      const run = new BatchRun(ports, batch_id, account_id);
      const step = yieldingEvery(50);
      const records = input.value.tax_reports;
      const last = batch.value.results.at(-1);
      // money-safe: record indices.
      for (
        let start = last === undefined ? 0 : last.index + 1;
        start < records.length;
        start += BATCH_CHUNK_SIZE
      ) {
        const end = Math.min(start + BATCH_CHUNK_SIZE, records.length);
        const verdicts: Verdict[] = [];
        for (let index = start; index < end; index += 1) {
          // Over in-memory adapters nothing here reaches the event loop: without a turn now and then,
          // the whole batch is one block of seconds for the server it runs in (issue #24).
          await step();
          verdicts.push(
            await linkedInvoiceChecked(
              ports,
              account_id,
              judge(ports, records[index], index, version, titular, titularProblem),
            ),
          );
        }
        const ids = await run.persist(verdicts.filter((verdict): verdict is Accepted => 'report' in verdict));
        const results: BatchRecordResult[] = verdicts.map((verdict) =>
          'report' in verdict
            ? {
                index: verdict.index,
                status: 'created',
                tax_report_id: ids.get(verdict.index) ?? null,
                errors: [],
              }
            : { index: verdict.index, status: 'failed', tax_report_id: null, errors: verdict.errors },
        );
        batch = await apply(ports, events, batch, { type: 'record_results', results });
        // A checkpoint: keep the lease, so no second worker starts on this batch while it runs.
        await context.renew();
      }
      await apply(ports, events, batch, { type: 'finish', at: instantFromMillis(ports.clock.now()) });
      return undefined;
    },
    async giveUp(job, error) {
      const { account_id, batch_id } = payload(job);
      const batch = await ports.store.taxReportBatches.get(account_id, batch_id);
      if (batch === null) return;
      if (batch.value.status === 'finished' || batch.value.status === 'failed') {
        await republish(events, batch.value);
        return;
      }
      await apply(ports, events, batch, {
        type: 'abort',
        at: instantFromMillis(ports.clock.now()),
        reason: error instanceof Error ? error.message : String(error),
      });
    },
  };
}
