/**
 * The SII tax report batch (spec §4.1, §2.11): the request that accepts a batch and the status read
 * here; the job that processes it in `taxReportBatchJob.ts` (re-exported).
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import type { Account } from '../model/account.js';
import { instantFromMillis } from '../model/instant.js';
import {
  parseTaxReportBatch,
  type TaxReportBatch,
  type TaxReportBatchAccepted,
  type TaxReportBatchInput,
} from '../model/taxReportBatch.js';
import type { Ports } from '../ports.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { siiTitularOf } from './siiTitular.js';
import { TAX_REPORT_BATCH_JOB } from './taxReportBatchJob.js';

export { BATCH_CHUNK_SIZE, TAX_REPORT_BATCH_JOB, taxReportBatchHandler } from './taxReportBatchJob.js';

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

/** Options of `createTaxReportBatchService`. */
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
