import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues, type ValidationIssue } from '../errors/validationIssue.js';
import { type TaxReportBatchEvent, transitionTaxReportBatch } from '../lifecycle/taxReportBatch.js';
import type { Account } from '../model/account.js';
import { instantFromMillis } from '../model/instant.js';
import type { Ledger } from '../model/ledger.js';
import type { SiiTaxReportCreate } from '../model/siiTaxReport.js';
import {
  type BatchRecordError,
  type BatchRecordResult,
  batchRecordError,
  parseTaxReportBatch,
  type TaxReportBatch,
  type TaxReportBatchAccepted,
  type TaxReportBatchInput,
} from '../model/taxReportBatch.js';
import { type Job, type Ports, VersionConflictError, type Versioned } from '../ports.js';
import { parseBatchRecord } from '../rules/taxReportBatchRecord.js';
import type { SiiTitular } from '../sii/message.js';
import { siiTitularIssues } from '../sii/recordIssues.js';
import { type ApiVersion, LATEST_API_VERSION } from '../versions/apiVersion.js';
import { normalizeRequest } from '../versions/normalize.js';
import type { EventPublisher } from './events.js';
import { notStoredYet } from './jobNotReady.js';
import { nextIds } from './nextIds.js';
import { siiTitularOf } from './siiTitular.js';
import {
  checkSiiRecord,
  type SiiLedgerFields,
  siiLedgerFields,
  siiLedgerKey,
  storedSiiTaxReport,
} from './taxReportSii.js';
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

/** Options of {@link TaxReportBatchService.create}. */
export interface BatchRequestOptions {
  /** The API version the request is written in (spec §4.1 rule 5); default the newest. */
  api_version?: ApiVersion;
}

/** The SII tax report batch (spec §4.1, §2.11). */
export interface TaxReportBatchService {
  /**
   * POST /accounts/{account}/tax_report_batches: validates the envelope only, stores the batch as
   * `accepted`, enqueues its job, and answers the 202 body.
   */
  create(account_id: number, body: unknown, options?: BatchRequestOptions): Promise<TaxReportBatchAccepted>;
  /** GET /accounts/{account}/tax_report_batches/{id}: the status record with per-record results. */
  get(account_id: number, id: number): Promise<TaxReportBatch>;
}

/** Options of {@link createTaxReportBatchService}. */
export interface TaxReportBatchServiceOptions {
  /** The service's base URL, for `status_url` (spec §2.11); default `http://localhost`. */
  base_url?: string;
}

async function requireAccount(ports: Ports, account_id: number): Promise<Account> {
  const account = await ports.store.accounts.get(account_id, account_id);
  if (account === null)
    throw new ApiError('resource_missing', `no account ${String(account_id)}`, { param: 'account' });
  return account.value;
}

/**
 * The tax report batch service (spec §4.1). `create` checks only the envelope — `tax_reports` an
 * array (400 `invalid_request_params` otherwise) of 0 to 5,000 objects (422 `parameter_invalid` at
 * `tax_reports` beyond) — and answers with the stored records untouched; everything else is the job's
 * ({@link taxReportBatchHandler}).
 *
 * @example
 * ```ts
 * const batches = createTaxReportBatchService(ports, { base_url: 'https://api.example.com' });
 * const accepted = await batches.create(9, { tax_reports: [record] });
 * accepted.status_url; // 'https://api.example.com/accounts/9/tax_report_batches/1'
 * ```
 */
export function createTaxReportBatchService(
  ports: Ports,
  options: TaxReportBatchServiceOptions = {},
): TaxReportBatchService {
  const base = (options.base_url ?? 'http://localhost').replace(/\/+$/, '');
  return {
    async create(account_id, body, requestOptions = {}) {
      const account = await requireAccount(ports, account_id);
      const parsed = parseTaxReportBatch(body);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      const id = await ports.ids.next('tax_report_batch');
      const input: TaxReportBatchInput = {
        id,
        account_id,
        tax_reports: parsed.data.tax_reports,
        api_version: requestOptions.api_version ?? null,
        // The titular as the batch was accepted: every record, including one redone after a crash,
        // is judged against the same header, whatever happens to the account meanwhile.
        titular: siiTitularOf(account),
      };
      // The job first, then the records: a crash in between leaves a job that finds no batch (and
      // ends), never an `accepted` batch that no job will ever process.
      // `queued_at`: how long a worker that finds no batch yet keeps looking (jobNotReady.ts).
      await ports.jobs.enqueue({
        kind: TAX_REPORT_BATCH_JOB,
        payload: { account_id, batch_id: id, queued_at: ports.clock.now() },
        key: `${TAX_REPORT_BATCH_JOB}:${String(id)}`,
      });
      await ports.store.taxReportBatchInputs.insert(input);
      await ports.store.taxReportBatches.insert({
        id,
        account_id,
        status: 'accepted',
        total_count: parsed.data.tax_reports.length,
        processed_count: 0,
        succeeded_count: 0,
        failed_count: 0,
        results: [],
        created_at: instantFromMillis(ports.clock.now()),
        finished_at: null,
      });
      return {
        batch_id: id,
        status_url: `${base}/accounts/${String(account_id)}/tax_report_batches/${String(id)}`,
      };
    },
    async get(account_id, id) {
      const batch = await ports.store.taxReportBatches.get(account_id, id);
      if (batch === null)
        throw new ApiError('resource_missing', `no tax report batch ${String(id)}`, { param: 'id' });
      return batch.value;
    },
  };
}

// ─── The job ───────────────────────────────────────────────────────────────────────────────────────

/** A record that passed every check, ready to store. */
interface Accepted {
  index: number;
  report: SiiTaxReportCreate;
}

/** A record's verdict: accepted, or its errors. */
type Verdict = Accepted | { index: number; errors: BatchRecordError[] };

/** Issue params of a one-record message are `records[0].field`; a batch names the record's own field. */
function recordError(issue: ValidationIssue, index: number): BatchRecordError {
  const param = issue.param.replace(/^records\[\d+\]\.?/, '');
  const suffix = ` (tax_reports[${String(index)}])`;
  const message = issue.message.endsWith(suffix) ? issue.message : `${issue.message}${suffix}`;
  return batchRecordError({ ...issue, param, message });
}

/**
 * An accepted record that names an `invoice_id` must name an invoice of the batch's account, as a
 * single POST /accounts/{account}/tax_reports must (`checkInvoiceLink` in taxReports.ts): a report is
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
        message: `the SII XML of tax_reports[${String(index)}] is not valid against the AEAT schema (${ports.schemaValidator.name} validator)${error.path === '' ? '' : ` at ${error.path}`}: ${error.message}`,
      })),
    };
  return { index, report: parsed.data };
}

/** The batch job's view of one run. */
class BatchRun {
  /** Ledger ids by `{key}:{generation}`, as this run has seen them. */
  private readonly ledgers = new Map<string, number>();

  constructor(
    private readonly ports: Ports,
    private readonly batch_id: number,
    private readonly account_id: number,
  ) {}

  /** Stores the accepted records of a chunk (idempotent by key) and attaches them to their ledgers. */
  async persist(accepted: readonly Accepted[]): Promise<Map<number, number>> {
    const ids = new Map<number, number>();
    const byLedger = new Map<string, { fields: SiiLedgerFields; ids: number[] }>();
    // The chunk's ids in one go, and its inserts made together: a database-backed store serves
    // them in a few round trips (postgresIds, the repository's coalescing) instead of two per record.
    // Each insert is keyed by its record, so a re-run after a crash finds what was stored (and the
    // ids it took this time go unused, as ids of a failed insert always do).
    const fresh = await nextIds(this.ports.ids, 'tax_report', accepted.length);
    const inserted = await Promise.all(
      accepted.map(({ index, report }, position) =>
        this.ports.store.taxReports.insert(
          storedSiiTaxReport(report, fresh[position] as number, this.account_id),
          { key: `tax_report_batch:${String(this.batch_id)}:record:${String(index)}` },
        ),
      ),
    );
    for (const [position, { index, report }] of accepted.entries()) {
      const stored = inserted[position] as (typeof inserted)[number];
      ids.set(index, stored.value.id);
      const fields = siiLedgerFields(report);
      const key = siiLedgerKey(fields);
      const group = byLedger.get(key) ?? { fields, ids: [] };
      group.ids.push(stored.value.id);
      byLedger.set(key, group);
    }
    for (const [key, group] of byLedger) await this.attach(key, group.fields, group.ids);
    return ids;
  }

  /**
   * Generation `generation` of the batch's ledger for `key`, created on first use (idempotent by key,
   * so a re-run finds it). A generation is sent once submitted; the next one takes the later records.
   */
  private async ledger(key: string, generation: number, fields: SiiLedgerFields): Promise<Versioned<Ledger>> {
    const known = this.ledgers.get(`${key}:${String(generation)}`);
    if (known !== undefined) {
      const current = await this.ports.store.ledgers.get(this.account_id, known);
      if (current === null) throw new Error(`ledger ${String(known)} disappeared`);
      return current;
    }
    const inserted = await this.ports.store.ledgers.insert(
      {
        id: await this.ports.ids.next('ledger'),
        account_id: this.account_id,
        ...fields,
        state: 'pending',
        tax_report_ids: [],
        csv: null,
        created_at: instantFromMillis(this.ports.clock.now()),
        sent_at: null,
      },
      { key: `tax_report_batch:${String(this.batch_id)}:ledger:${key}:${String(generation)}` },
    );
    this.ledgers.set(`${key}:${String(generation)}`, inserted.value.id);
    return inserted;
  }

  /**
   * Appends the ids none of the key's ledgers holds yet (idempotent) to its first `pending` ledger:
   * a ledger submitted while the batch runs (`sent` or answered) takes no more records — they go to
   * the next generation, which is submitted on its own. Optimistic concurrency: on a version
   * conflict (another writer attached first, or the ledger was just submitted) it reads again.
   */
  private async attach(key: string, fields: SiiLedgerFields, ids: readonly number[]): Promise<void> {
    for (;;) {
      const held = new Set<number>();
      let open: Versioned<Ledger> | null = null;
      for (let generation = 0; open === null; generation += 1) {
        const ledger = await this.ledger(key, generation, fields);
        for (const id of ledger.value.tax_report_ids) held.add(id);
        if (ledger.value.state === 'pending') open = ledger;
      }
      const missing = ids.filter((id) => !held.has(id));
      if (missing.length === 0) return;
      try {
        await this.ports.store.ledgers.update(
          { ...open.value, tax_report_ids: [...open.value.tax_report_ids, ...missing] },
          open.version,
        );
        return;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
  }
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
