/**
 * The tax report batch envelope, acceptance and status record (spec §2.11, §4.1, §8; api-notes.md §4):
 * only the envelope is validated synchronously (0 to 5000 objects); the status record's invariants
 * (fiscalkit's shape).
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import {
  BATCH_RECORD_STATUSES,
  BatchRecordResultSchema,
  batchRecordError,
  MAX_TAX_REPORTS_PER_BATCH,
  parseTaxReportBatch,
  TAX_REPORT_BATCH_STATUSES,
  TaxReportBatchAcceptedSchema,
  TaxReportBatchSchema,
} from '../../src/model/taxReportBatch.js';
import { validSiiBody } from '../support/taxReportFixtures.js';

function issuesOf(result: ReturnType<typeof parseTaxReportBatch>) {
  if (result.success) throw new Error(`expected a failure, got ${result.data.tax_reports.length} records`);
  return result.issues.map(({ code, param }) => ({ code, param }));
}

function dataOf(result: ReturnType<typeof parseTaxReportBatch>) {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

const records = (n: number) =>
  Array.from({ length: n }, () => ({ type: 'SiiDocument', book_type: 'Expedida' }));

describe('parseTaxReportBatch: the envelope (spec §4.1 rule 1)', () => {
  it('§8: the limit is 5000 records', () => {
    expect(MAX_TAX_REPORTS_PER_BATCH).toBe(5000);
  });

  it('§4.1: 0 records is accepted', () => {
    expect(dataOf(parseTaxReportBatch({ tax_reports: [] })).tax_reports).toEqual([]);
  });

  it('§4.1: 5000 records is accepted', () => {
    expect(dataOf(parseTaxReportBatch({ tax_reports: records(5000) })).tax_reports).toHaveLength(5000);
  });

  it('§4.1, §8: 5001 records → parameter_invalid at tax_reports (422)', () => {
    const result = parseTaxReportBatch({ tax_reports: records(5001) });
    expect(issuesOf(result)).toEqual([{ code: 'parameter_invalid', param: 'tax_reports' }]);
    if (!result.success) expect(apiErrorFromIssues(result.issues).status).toBe(422);
  });

  it.each([
    ['absent', {}],
    ['null', { tax_reports: null }],
  ])('§4.1: tax_reports %s → parameter_blank at tax_reports', (_, body) => {
    expect(issuesOf(parseTaxReportBatch(body))).toEqual([{ code: 'parameter_blank', param: 'tax_reports' }]);
  });

  it.each([{ type: 'SiiDocument' }, 'records', 3, true])(
    '§7.2: tax_reports %j is not an array → invalid_request_params (400)',
    (value) => {
      const result = parseTaxReportBatch({ tax_reports: value });
      expect(issuesOf(result)).toEqual([{ code: 'invalid_request_params', param: 'tax_reports' }]);
      if (!result.success) expect(apiErrorFromIssues(result.issues).status).toBe(400);
    },
  );

  it('§4.1: an element that is not an object → invalid_request_params at that element', () => {
    expect(issuesOf(parseTaxReportBatch({ tax_reports: [{}, 'x', null, [], 7] }))).toEqual([
      { code: 'invalid_request_params', param: 'tax_reports[1]' },
      { code: 'invalid_request_params', param: 'tax_reports[2]' },
      { code: 'invalid_request_params', param: 'tax_reports[3]' },
      { code: 'invalid_request_params', param: 'tax_reports[4]' },
    ]);
  });

  it('§4.1 rule 1: records are not validated synchronously; they come back as sent', () => {
    const sent = [
      { type: 'Ksef', invoice_type_code: 'VAT' },
      { type: 'SiiDocument', book_type: 'Libro' },
      {},
      validSiiBody(),
    ];
    expect(dataOf(parseTaxReportBatch({ tax_reports: sent })).tax_reports).toEqual(sent);
  });

  it('the body must be an object', () => {
    expect(issuesOf(parseTaxReportBatch([records(1)]))).toEqual([
      { code: 'invalid_request_params', param: '' },
    ]);
  });

  test.prop([fc.anything()])('never throws', (body) => {
    expect(typeof parseTaxReportBatch(body).success).toBe('boolean');
  });

  test.prop([fc.array(fc.object(), { maxLength: 20 })])(
    'any list of objects within the limit is accepted',
    (list) => {
      expect(dataOf(parseTaxReportBatch({ tax_reports: list })).tax_reports).toHaveLength(list.length);
    },
  );
});

describe('TaxReportBatchAcceptedSchema (spec §2.11)', () => {
  it('carries batch_id and status_url', () => {
    const accepted = { batch_id: 17, status_url: 'https://api.example.com/accounts/5/tax_report_batches/17' };
    expect(TaxReportBatchAcceptedSchema.parse(accepted)).toEqual(accepted);
    expect(
      TaxReportBatchAcceptedSchema.safeParse({ ...accepted, status_url: 'tax_report_batches/17' }).success,
    ).toBe(false);
  });
});

const created = (index: number, id: number) => ({ index, status: 'created', tax_report_id: id, errors: [] });
const failed = (index: number) => ({
  index,
  status: 'failed',
  tax_report_id: null,
  errors: [{ code: 'unsupported_type', message: 'type "Ksef" is not supported …', param: 'type' }],
});

function batch(overrides: Record<string, unknown> = {}) {
  return {
    id: 17,
    account_id: 5,
    status: 'finished',
    total_count: 3,
    processed_count: 3,
    succeeded_count: 2,
    failed_count: 1,
    results: [created(0, 100), failed(1), created(2, 101)],
    created_at: '2026-04-20T10:00:00Z',
    finished_at: '2026-04-20T10:00:02.5Z',
    ...overrides,
  };
}

function invalidParams(value: unknown): string[] {
  const result = TaxReportBatchSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('TaxReportBatchSchema: the status record (spec §2.11 "not shown"; fiscalkit shape)', () => {
  it('statuses: accepted, processing, finished, failed; record statuses created, failed', () => {
    expect(TAX_REPORT_BATCH_STATUSES).toEqual(['accepted', 'processing', 'finished', 'failed']);
    expect(BATCH_RECORD_STATUSES).toEqual(['created', 'failed']);
  });

  it('accepts a consistent finished batch', () => {
    expect(invalidParams(batch())).toEqual([]);
  });

  it('a batch whose every record failed is still finished (record failures never fail the batch)', () => {
    expect(
      invalidParams(
        batch({ succeeded_count: 0, failed_count: 3, results: [failed(0), failed(1), failed(2)] }),
      ),
    ).toEqual([]);
  });

  it('a freshly accepted batch has no results and no finished_at', () => {
    expect(
      invalidParams(
        batch({
          status: 'accepted',
          processed_count: 0,
          succeeded_count: 0,
          failed_count: 0,
          results: [],
          finished_at: null,
        }),
      ),
    ).toEqual([]);
    expect(invalidParams(batch({ status: 'accepted', finished_at: null }))).toEqual(['processed_count']);
  });

  it('a processing batch has partial results and no finished_at', () => {
    const partial = {
      status: 'processing',
      processed_count: 1,
      succeeded_count: 1,
      failed_count: 0,
      results: [created(0, 100)],
    };
    expect(invalidParams(batch({ ...partial, finished_at: null }))).toEqual([]);
    expect(invalidParams(batch(partial))).toEqual(['finished_at']);
  });

  it('finished means every record has a result', () => {
    expect(invalidParams(batch({ total_count: 4 }))).toEqual(['processed_count']);
  });

  it('failed (the job could not run) may leave records without a result', () => {
    const partial = {
      status: 'failed',
      processed_count: 1,
      succeeded_count: 1,
      failed_count: 0,
      results: [created(0, 100)],
    };
    expect(invalidParams(batch(partial))).toEqual([]);
  });

  it('the counts add up', () => {
    expect(invalidParams(batch({ failed_count: 2 }))).toContain('processed_count');
    expect(invalidParams(batch({ succeeded_count: 1, failed_count: 2 }))).toEqual(['succeeded_count']);
    expect(invalidParams(batch({ results: [created(0, 100), failed(1)] }))).toContain('results');
  });

  it('results are in ascending index order, each once, below total_count', () => {
    expect(invalidParams(batch({ results: [created(0, 100), created(2, 101), failed(1)] }))).toEqual([
      'results',
    ]);
    expect(invalidParams(batch({ results: [created(0, 100), failed(1), created(3, 101)] }))).toEqual([
      'results',
    ]);
  });

  it('§8: total_count is at most 5000', () => {
    expect(invalidParams(batch({ total_count: 5001 }))).toContain('total_count');
  });

  it('timestamps are UTC instants', () => {
    expect(invalidParams(batch({ created_at: '2026-04-20 10:00:00' }))).toEqual(['created_at']);
  });
});

describe('per-record results and errors', () => {
  it('a created record has its tax_report_id and no errors; a failed one no id and some errors', () => {
    expect(BatchRecordResultSchema.safeParse(created(0, 1)).success).toBe(true);
    expect(BatchRecordResultSchema.safeParse(failed(0)).success).toBe(true);
    expect(BatchRecordResultSchema.safeParse({ ...created(0, 1), tax_report_id: null }).success).toBe(false);
    expect(BatchRecordResultSchema.safeParse({ ...failed(0), errors: [] }).success).toBe(false);
    expect(
      BatchRecordResultSchema.safeParse({
        ...failed(0),
        errors: [{ code: 'teapot', message: 'x', param: null }],
      }).success,
    ).toBe(false);
  });

  it('§7.1: batchRecordError writes a whole-record param as null', () => {
    expect(
      batchRecordError({ rule: 'spec.4.1.3', code: 'unsupported_type', param: 'type', message: 'm' }),
    ).toEqual({
      code: 'unsupported_type',
      message: 'm',
      param: 'type',
    });
    expect(
      batchRecordError({
        rule: 'spec.4.1.record-object',
        code: 'invalid_request_params',
        param: '',
        message: 'm',
      }).param,
    ).toBeNull();
  });
});
