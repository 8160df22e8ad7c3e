import { z } from 'zod';
import { isErrorCode } from '../errors/catalog.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { codeIn, httpUrl, identifier, oneOf } from './fields.js';
import { parseWith } from './parse.js';
import { timestamp } from './timestamp.js';

/** Spec §8: at most 5000 records per tax report batch (§4.1: "array of 0 to 5000 objects"). */
export const MAX_TAX_REPORTS_PER_BATCH = 5000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A record of a batch as accepted synchronously: any JSON object, validated later (spec §4.1 rule 1). */
const batchRecord = z.custom<Record<string, unknown>>(isPlainObject, {
  message: 'must be an object',
  params: { code: 'invalid_request_params' },
});

/**
 * Body of POST /accounts/{account}/tax_report_batches (spec §4.1; the path is api-notes.md §4):
 * `{"tax_reports": [...]}`. Only the envelope is validated synchronously (rule 1): `tax_reports` is
 * required (`parameter_blank`), an array (`invalid_request_params` otherwise) of at most 5000
 * records (`parameter_invalid` at `tax_reports` beyond, spec §8), each a JSON object
 * (`invalid_request_params` at `tax_reports[i]`: an element that is not an object is unexpected
 * structure, not a record that can fail on its own). An empty array is accepted (0 to 5000). What
 * is inside a record is checked in the background job, per record (`batchRecordIssues`, §4.1 rule 2, §4.1 rule 3).
 */
export const TaxReportBatchRequestSchema = z.object({
  tax_reports: z.array(batchRecord).max(MAX_TAX_REPORTS_PER_BATCH, {
    message: `must have at most ${String(MAX_TAX_REPORTS_PER_BATCH)} records (spec §8)`,
  }),
});

/** A batch request as accepted: the records untouched. */
export type TaxReportBatchRequest = z.output<typeof TaxReportBatchRequestSchema>;

/**
 * Parses the body of a tax report batch request: the envelope only (spec §4.1 rule 1). The records
 * come back as sent, to be validated one by one in the background (`batchRecordIssues`).
 *
 * @example
 * ```ts
 * parseTaxReportBatch({ tax_reports: [{ type: 'Ksef' }] }).success; // true: Ksef fails later, per record
 * parseTaxReportBatch({});
 * // { success: false, issues: [{ code: 'parameter_blank', param: 'tax_reports', … }] }
 * ```
 */
export function parseTaxReportBatch(input: unknown): Validated<TaxReportBatchRequest> {
  return parseWith(TaxReportBatchRequestSchema, input);
}

/**
 * The HTTP 202 answer to a batch request (spec §2.11): the new batch's id and the URL of its status,
 * GET /accounts/{account}/tax_report_batches/{id}.
 */
export const TaxReportBatchAcceptedSchema = z.object({
  batch_id: identifier(),
  status_url: httpUrl(),
});

/** The acceptance response of a batch. */
export type TaxReportBatchAccepted = z.output<typeof TaxReportBatchAcceptedSchema>;

/**
 * The `status` of a batch (spec §2.11 shows none; **fiscalkit decides**):
 *
 * - `accepted`: stored, the background job has not started; no record has a result.
 * - `processing`: the job is running; some records may have a result.
 * - `finished`: every record has a result (created or failed). A batch whose every record failed is
 *   still `finished`: record failures never fail the batch (spec §4.1 rule 2). Terminal; the event
 *   `sii_batch.finished` is emitted when a batch gets here (rule 4).
 * - `failed`: the job itself could not run to the end (for example the records could not be read
 *   back from storage); records without a result were not processed. Terminal. Never caused by
 *   records failing validation.
 */
export const TAX_REPORT_BATCH_STATUSES = ['accepted', 'processing', 'finished', 'failed'] as const;

/** A batch status. */
export type TaxReportBatchStatus = (typeof TAX_REPORT_BATCH_STATUSES)[number];

/**
 * The `status` of one record's result (**fiscalkit decides**): `created` when the record passed
 * validation and became a tax report (attached to its ledger, spec §4.1 rule 1), `failed` when it
 * did not. `created` is deliberately not `registered`: whether AEAT registers the report is that
 * report's own `state` (`processing` → `registered` …), which the batch does not wait for.
 */
export const BATCH_RECORD_STATUSES = ['created', 'failed'] as const;

/** A record result status. */
export type BatchRecordStatus = (typeof BATCH_RECORD_STATUSES)[number];

/**
 * One error of a failed record: the fields of the error object of spec §7.1 that make sense per
 * record (`code`, `message`, `param`; no `type` or `request_log_url`, which belong to the HTTP
 * answer). `param` is relative to the record (`book_type`, `tax_breakdowns[0].taxable_base`), null
 * when the error is about the whole record. Spec §7.2 rule 3 shows nothing beyond the code
 * `unsupported_type`; this shape is **fiscalkit's**.
 */
export const BatchRecordErrorSchema = z.object({
  code: codeIn(isErrorCode, 'an error code of the catalog (spec §7.2)'),
  message: z.string(),
  param: z.string().nullable(),
});

/** One error of a failed record. */
export type BatchRecordError = z.output<typeof BatchRecordErrorSchema>;

/**
 * The error a record lists for a validation issue: the same code and message, `param` null instead of
 * `''` for the whole record, as error bodies write it (spec §7.1).
 *
 * @example
 * ```ts
 * batchRecordError({ code: 'unsupported_type', param: 'type', message: 'type Ksef is not supported…' });
 * // { code: 'unsupported_type', message: 'type Ksef is not supported…', param: 'type' }
 * ```
 */
export function batchRecordError(issue: ValidationIssue): BatchRecordError {
  // The issue's `rule` is dropped on purpose: a per-record error (spec §4.1 rule 2) is a wire shape,
  // the error fields of spec §7.1 and nothing more.
  return { code: issue.code, message: issue.message, param: issue.param === '' ? null : issue.param };
}

/**
 * The result of one record (**fiscalkit's** shape): `index` is the record's position in the request's
 * `tax_reports` (0-based); a `created` record has its `tax_report_id` and no errors, a `failed` one
 * has `tax_report_id` null and at least one error.
 */
export const BatchRecordResultSchema = z
  .object({
    index: z
      .number()
      .int()
      .min(0)
      .max(MAX_TAX_REPORTS_PER_BATCH - 1),
    status: oneOf(BATCH_RECORD_STATUSES),
    tax_report_id: identifier().nullable(),
    errors: z.array(BatchRecordErrorSchema),
  })
  .superRefine((result, context) => {
    const created = result.status === 'created';
    if (created !== (result.tax_report_id !== null))
      context.addIssue({
        code: 'custom',
        path: ['tax_report_id'],
        message: created ? 'is required for a created record' : 'must be null for a failed record',
        params: { code: 'parameter_invalid' },
      });
    if (created !== (result.errors.length === 0))
      context.addIssue({
        code: 'custom',
        path: ['errors'],
        message: created ? 'must be empty for a created record' : 'must list why the record failed',
        params: { code: 'parameter_invalid' },
      });
  });

/** The result of one record. */
export type BatchRecordResult = z.output<typeof BatchRecordResultSchema>;

/**
 * The batch status record, GET /accounts/{account}/tax_report_batches/{id} (spec §2.11: "not shown
 * … it carries a status and a per-record error list"; **fiscalkit's** shape):
 *
 * - `id`, `account_id`: the batch (the `batch_id` of the acceptance) and its account.
 * - `status`: see {@link TAX_REPORT_BATCH_STATUSES}.
 * - `total_count`: records in the request (0–5000).
 * - `processed_count`: records with a result; `succeeded_count` of them `created`, `failed_count`
 *   `failed`, so `succeeded_count + failed_count = processed_count ≤ total_count`.
 * - `results`: one entry per processed record, ascending `index`, each index once; records not yet
 *   processed have no entry. `results.length = processed_count`.
 * - `created_at`: when the batch was accepted; `finished_at`: when it became `finished` or `failed`,
 *   null before. Instants in UTC (`timestamp()`).
 *
 * `finished` means `processed_count = total_count`; `accepted` means `processed_count = 0`. The
 * schema checks these invariants (`parameter_invalid` at the offending count), so adapters and
 * services can be held to them in contract tests.
 */
export const TaxReportBatchSchema = z
  .object({
    id: identifier(),
    account_id: identifier(),
    status: oneOf(TAX_REPORT_BATCH_STATUSES),
    total_count: z.number().int().min(0).max(MAX_TAX_REPORTS_PER_BATCH),
    processed_count: z.number().int().min(0),
    succeeded_count: z.number().int().min(0),
    failed_count: z.number().int().min(0),
    results: z.array(BatchRecordResultSchema),
    created_at: timestamp(),
    finished_at: timestamp().nullable(),
  })
  .superRefine((batch, context) => {
    const fail = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message, params: { code: 'parameter_invalid' } });
    if (batch.succeeded_count + batch.failed_count !== batch.processed_count)
      fail('processed_count', 'must equal succeeded_count + failed_count');
    if (batch.processed_count > batch.total_count) fail('processed_count', 'cannot exceed total_count');
    if (batch.results.length !== batch.processed_count)
      fail('results', 'must hold one entry per processed record');
    const created = batch.results.filter((result) => result.status === 'created').length;
    if (created !== batch.succeeded_count) fail('succeeded_count', 'must count the created results');
    let previous = -1;
    for (const result of batch.results) {
      if (result.index <= previous || result.index >= batch.total_count) {
        fail('results', 'must be in ascending index order, each index once and below total_count');
        break;
      }
      previous = result.index;
    }
    if (batch.status === 'accepted' && batch.processed_count !== 0)
      fail('processed_count', 'must be 0 while the batch is accepted');
    if (batch.status === 'finished' && batch.processed_count !== batch.total_count)
      fail('processed_count', 'must equal total_count when the batch is finished');
    const terminal = batch.status === 'finished' || batch.status === 'failed';
    if (terminal !== (batch.finished_at !== null))
      fail(
        'finished_at',
        terminal ? 'is required once the batch has ended' : 'must be null until the batch ends',
      );
  });

/** A batch status record. */
export type TaxReportBatch = z.output<typeof TaxReportBatchSchema>;

/**
 * A batch's records as accepted (issue #7), stored apart from the status record: written once on
 * POST, read by the background job, never changed. `id` is the batch's id. `tax_reports` are the
 * request's records untouched (amounts still lossless numbers), validated one by one later (spec §4.1
 * rule 1). `api_version` is the version the request was read in (spec §4.1 rule 5), for reading the
 * records the way the client wrote them; `titular` the account as SII titular at acceptance.
 */
export interface TaxReportBatchInput {
  id: number;
  account_id: number;
  tax_reports: readonly Readonly<Record<string, unknown>>[];
  api_version: string | null;
  /**
   * The SII titular (`Cabecera/Titular`, sii.md §3: the account's name and NIF in compact form) as
   * the batch was accepted, so every record — also one redone after a crash — is judged against the
   * same header, whatever happens to the account while the job runs.
   */
  titular: { name: string; nif: string };
}
