/**
 * batchRecordIssues: per-record validation of a tax report batch (spec §4.1 rules 2–3, §7.2 rule 3):
 * `unsupported_type` for non-SII types, then the SII schema and rules, params relative to the record.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SII_BOOK_TYPES } from '../../src/model/siiTaxReport.js';
import { batchRecordError } from '../../src/model/taxReportBatch.js';
import { batchRecordIssues } from '../../src/rules/taxReportBatchRecord.js';
import { validKsefBody, validSiiBody } from '../support/taxReportFixtures.js';

const codes = (record: unknown, index = 0) =>
  batchRecordIssues(record, index).map(({ code, param }) => ({ code, param }));

describe('batchRecordIssues (spec §4.1)', () => {
  it.each(SII_BOOK_TYPES)('§4.1: a valid %s record has no issues', (book) => {
    expect(batchRecordIssues(validSiiBody(book), 0)).toEqual([]);
  });

  it('§4.1 rule 3: a Ksef record → one unsupported_type at type, nothing else checked', () => {
    expect(codes(validKsefBody())).toEqual([{ code: 'unsupported_type', param: 'type' }]);
    expect(codes({ type: 'Ksef' })).toEqual([{ code: 'unsupported_type', param: 'type' }]);
  });

  it.each(['Verifactu', 'TicketBai', 'siidocument', 'KSeF'])(
    '§4.1 rule 3: any non-SII type (%j) → unsupported_type at type',
    (type) => {
      expect(codes({ ...validSiiBody(), type })).toEqual([{ code: 'unsupported_type', param: 'type' }]);
    },
  );

  it('§4.1: a missing type → parameter_blank at type', () => {
    const { type: _, ...record } = validSiiBody();
    expect(codes(record)).toEqual([{ code: 'parameter_blank', param: 'type' }]);
    expect(codes({ ...validSiiBody(), type: null })).toEqual([{ code: 'parameter_blank', param: 'type' }]);
  });

  it('§7.2: a type of the wrong JSON type → invalid_request_params at type', () => {
    expect(codes({ ...validSiiBody(), type: 1 })).toEqual([
      { code: 'invalid_request_params', param: 'type' },
    ]);
  });

  it('§4.1 rule 2: a bad book_type is a per-record parameter_inclusion at book_type', () => {
    expect(codes({ ...validSiiBody(), book_type: 'Libro' })).toEqual([
      { code: 'parameter_inclusion', param: 'book_type' },
    ]);
  });

  it('§4.1 rule 2: a missing book_type → parameter_blank at book_type', () => {
    expect(codes({ type: 'SiiDocument' })).toEqual([{ code: 'parameter_blank', param: 'book_type' }]);
  });

  it('§4.1 rule 2: field errors are relative to the record', () => {
    const record = { ...validSiiBody(), tax_breakdowns: [{ percent: '21.00' }] };
    expect(codes(record, 1234)).toEqual([
      { code: 'parameter_blank', param: 'tax_breakdowns[0].taxable_base' },
    ]);
  });

  it('§4.1 rule 2: the SII rules run on a record that parses', () => {
    const { payments: _, ...record } = validSiiBody('CobrosEmitidas');
    expect(codes(record)).toEqual([{ code: 'parameter_blank', param: 'payments' }]);
  });

  it('§4.1: JS numbers are refused for amounts in a record too', () => {
    expect(codes({ ...validSiiBody('Metalico'), tax_inclusive_amount: 7500 })).toEqual([
      { code: 'invalid_request_params', param: 'tax_inclusive_amount' },
    ]);
  });

  it('a record that is not an object → invalid_request_params for the whole record', () => {
    expect(codes('x')).toEqual([{ code: 'invalid_request_params', param: '' }]);
    expect(
      batchRecordError(
        batchRecordIssues(null, 2)[0] ?? { rule: 'fiscalkit.x', code: 'conflict', param: 'x', message: '' },
      ).param,
    ).toBeNull();
  });

  it('messages name the record by its index', () => {
    expect(batchRecordIssues({ type: 'Ksef' }, 3)[0]?.message).toBe(
      'type "Ksef" is not supported in a tax report batch, only SiiDocument (tax_reports[3])',
    );
  });

  test.prop([fc.anything(), fc.nat(4999)])(
    'never throws, and every issue names its record',
    (record, index) => {
      for (const issue of batchRecordIssues(record, index))
        expect(issue.message).toContain(`(tax_reports[${index}])`);
    },
  );
});

describe('rule ids (issue #20 §4): the batch record rules name themselves', () => {
  it('§4.1: an object, a type, SiiDocument only (rule 3), then the SII schema and rules', () => {
    expect(batchRecordIssues('x', 0)[0]).toMatchObject({ rule: 'spec.4.1.record-object', param: '' });
    expect(batchRecordIssues({}, 0)[0]).toMatchObject({
      rule: 'spec.4.1.record-type',
      code: 'parameter_blank',
    });
    expect(batchRecordIssues({ type: 1 }, 0)[0]).toMatchObject({
      rule: 'spec.4.1.record-type',
      code: 'invalid_request_params',
    });
    expect(batchRecordIssues(validKsefBody(), 3)[0]).toMatchObject({
      rule: 'spec.4.1.3',
      code: 'unsupported_type',
    });
    expect(batchRecordIssues({ ...validSiiBody(), book_type: 'Libro' }, 0)[0]).toMatchObject({
      rule: 'fiscalkit.schema.enum',
      code: 'parameter_inclusion',
      param: 'book_type',
    });
  });

  it('the wire error of a record carries no rule: the spec shape is {code, message, param}', () => {
    const [issue] = batchRecordIssues(validKsefBody(), 0);
    if (issue === undefined) throw new Error('expected an issue');
    expect(Object.keys(batchRecordError(issue)).sort()).toEqual(['code', 'message', 'param']);
  });
});
