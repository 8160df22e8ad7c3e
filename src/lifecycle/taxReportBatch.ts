import {
  type BatchRecordResult,
  BatchRecordResultSchema,
  type TaxReportBatch,
} from '../model/taxReportBatch.js';
import { isTimestamp } from '../model/timestamp.js';
import type { EmitEffect, Transition } from './transition.js';

/**
 * What can happen to a tax report batch (spec §4.1; the statuses are fiscalkit's,
 * `TAX_REPORT_BATCH_STATUSES`):
 *
 * - `start`: the background job begins (or resumes after a crash);
 * - `record_results`: the job stored the results of the next records (a chunk at a time, so a job
 *   that crashes resumes after the last recorded index and processes no record twice);
 * - `finish`: every record has a result;
 * - `abort`: the job itself cannot run to the end (the records cannot be read back, say). `reason`
 *   is for the caller's logs: the batch status record has no field for it (spec §2.11 shows none).
 *
 * `at` is when, from the caller's clock, as `instantFromMillis` writes it.
 */
export type TaxReportBatchEvent =
  | { type: 'start' }
  | { type: 'record_results'; results: readonly BatchRecordResult[] }
  | { type: 'finish'; at: string }
  | { type: 'abort'; at: string; reason: string };

/** The effect of ending a batch: `sii_batch.finished` (spec §4.1 rule 4, §6; `SiiBatchFinishedDataSchema`). */
export type TaxReportBatchEffect = EmitEffect<'sii_batch.finished'>;

type BatchTransition = Transition<TaxReportBatch, TaxReportBatchEffect>;

function refuse(state: TaxReportBatch, reason: string): BatchTransition {
  return { accepted: false, state, reason };
}

function accept(state: TaxReportBatch, effects: TaxReportBatchEffect[] = []): BatchTransition {
  return { accepted: true, state, effects };
}

/** The batch ended as `status`: the terminal state and its event, with the counts as they stand. */
function end(state: TaxReportBatch, status: 'finished' | 'failed', at: string): BatchTransition {
  const ended: TaxReportBatch = { ...state, status, finished_at: at };
  return accept(ended, [
    {
      type: 'emit',
      code: 'sii_batch.finished',
      data: {
        batch_id: state.id,
        status,
        total_count: state.total_count,
        processed_count: state.processed_count,
        succeeded_count: state.succeeded_count,
        failed_count: state.failed_count,
      },
    },
  ]);
}

/**
 * Appends the results of the next records. They must continue the ascending index sequence of the
 * status record (`TaxReportBatchSchema`: ascending, each index once, below `total_count`) and each be
 * a valid `BatchRecordResultSchema`; otherwise the whole call is refused and nothing is recorded. The
 * work is linear in the results already recorded plus the new ones (one array copy), so 5,000
 * results recorded in 50 chunks cost about 125,000 element copies, not a re-validation of the batch.
 */
function recordResults(state: TaxReportBatch, results: readonly BatchRecordResult[]): BatchTransition {
  const appended: BatchRecordResult[] = [];
  let last = state.results.at(-1)?.index ?? -1;
  let created = 0;
  for (const [position, candidate] of results.entries()) {
    const parsed = BatchRecordResultSchema.safeParse(candidate);
    if (!parsed.success)
      return refuse(
        state,
        `results[${String(position)}] is not a record result: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      );
    const result = parsed.data;
    if (result.index <= last)
      return refuse(
        state,
        `results[${String(position)}].index ${String(result.index)} does not follow the last recorded index ${String(last)}`,
      );
    if (result.index >= state.total_count)
      return refuse(
        state,
        `results[${String(position)}].index ${String(result.index)} is not below total_count ${String(state.total_count)}`,
      );
    last = result.index;
    if (result.status === 'created') created++;
    appended.push(result);
  }
  return accept({
    ...state,
    results: state.results.concat(appended),
    processed_count: state.processed_count + appended.length,
    succeeded_count: state.succeeded_count + created,
    failed_count: state.failed_count + appended.length - created,
  });
}

/**
 * The tax report batch state machine (statuses: `TAX_REPORT_BATCH_STATUSES`):
 * `accepted` → `processing` → `finished` | `failed`, and `accepted` → `failed`.
 *
 * - `start`: `accepted` → `processing`; on `processing` it is accepted with no change and no effect,
 *   so a job resumed after a crash can always call it;
 * - `record_results` (only while `processing`): appends results that continue the index sequence and
 *   updates `processed_count`, `succeeded_count`, `failed_count`;
 * - `finish` (only while `processing`, and only once every record has a result,
 *   `processed_count = total_count`): → `finished`;
 * - `abort` (`accepted` or `processing`): → `failed`, keeping the results recorded so far;
 * - `finished` and `failed` are terminal and refuse every event.
 *
 * Reaching `finished` or `failed` sets `finished_at` = `at` and emits `sii_batch.finished` with
 * `{batch_id, status, total_count, processed_count, succeeded_count, failed_count}` (spec §4.1 rule
 * 4); it is the only effect, so the event is emitted exactly once per batch. Refused events (and an
 * `at` that is not a UTC instant) leave the state as it is and say why. The input is never mutated.
 *
 * @example
 * ```ts
 * let { state } = transitionTaxReportBatch(accepted, { type: 'start' });
 * ({ state } = transitionTaxReportBatch(state, { type: 'record_results', results }));
 * const done = transitionTaxReportBatch(state, { type: 'finish', at: '2026-04-20T10:40:00.000Z' });
 * done.accepted && done.effects[0]?.data.status; // 'finished'
 * ```
 */
export function transitionTaxReportBatch(state: TaxReportBatch, event: TaxReportBatchEvent): BatchTransition {
  if (state.status === 'finished' || state.status === 'failed')
    return refuse(state, `the batch is ${state.status}, which is terminal`);
  switch (event.type) {
    case 'start':
      return accept(state.status === 'accepted' ? { ...state, status: 'processing' } : { ...state });
    case 'record_results':
      if (state.status !== 'processing')
        return refuse(state, `results are recorded only while processing, the batch is ${state.status}`);
      return recordResults(state, event.results);
    case 'finish':
      if (state.status !== 'processing')
        return refuse(state, `only a processing batch finishes, the batch is ${state.status}`);
      if (state.processed_count !== state.total_count)
        return refuse(
          state,
          `${String(state.total_count - state.processed_count)} of ${String(state.total_count)} records have no result yet`,
        );
      if (!isTimestamp(event.at))
        return refuse(state, `at must be a UTC instant, got ${JSON.stringify(event.at)}`);
      return end(state, 'finished', event.at);
    case 'abort':
      if (!isTimestamp(event.at))
        return refuse(state, `at must be a UTC instant, got ${JSON.stringify(event.at)}`);
      return end(state, 'failed', event.at);
  }
}
