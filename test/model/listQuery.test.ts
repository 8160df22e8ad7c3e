import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  parseInvoiceInclude,
  parseInvoiceListQuery,
  parseListQuery,
} from '../../src/model/listQuery.js';

describe('parseListQuery (spec §2.1 offset and limit; api-notes.md §7 defaults)', () => {
  it('defaults to offset 0 and limit 25', () => {
    expect(parseListQuery({})).toEqual({ success: true, data: { offset: 0, limit: DEFAULT_PAGE_LIMIT } });
    expect(DEFAULT_PAGE_LIMIT).toBe(25);
  });

  it('reads query-string integers, and the boundaries 1 and 500 of limit', () => {
    expect(parseListQuery({ offset: '50', limit: '1' })).toEqual({
      success: true,
      data: { offset: 50, limit: 1 },
    });
    expect(parseListQuery({ limit: String(MAX_PAGE_LIMIT) })).toEqual({
      success: true,
      data: { offset: 0, limit: 500 },
    });
  });

  it.each(['0', '501', '-1', '1.5', 'ten', '1e2'])('limit %j → parameter_invalid at limit', (limit) => {
    const result = parseListQuery({ limit });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues.map((issue) => [issue.code, issue.param])).toEqual([['parameter_invalid', 'limit']]);
  });

  it('a negative offset → parameter_invalid at offset', () => {
    const result = parseListQuery({ offset: '-5' });
    expect(result.success ? [] : result.issues.map((issue) => issue.param)).toEqual(['offset']);
  });
});

describe('parseInvoiceListQuery (spec §2.4 rule 4: the type filter)', () => {
  it.each(['IssuedInvoice', 'ReceivedInvoice', 'IssuedSelfInvoice', 'IssuedSimplifiedInvoice'])(
    '§2.4 rule 4: type %s is accepted',
    (type) => {
      const result = parseInvoiceListQuery({ type });
      expect(result.success && result.data.type).toBe(type);
    },
  );

  it('defaults to IssuedInvoice (api-notes.md §7)', () => {
    const result = parseInvoiceListQuery({ limit: '10' });
    expect(result).toEqual({ success: true, data: { offset: 0, limit: 10, type: 'IssuedInvoice' } });
  });

  it('§2.4 rule 4: another type → parameter_inclusion at type', () => {
    const result = parseInvoiceListQuery({ type: 'Invoice' });
    expect(result.success ? [] : result.issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['parameter_inclusion', 'type'],
    ]);
  });
});

describe('parseInvoiceInclude (spec §2.5 rule 3: expandable fields)', () => {
  it('§2.5 rule 3: the three expandable fields, comma-separated, spaces ignored, duplicates once', () => {
    expect(
      parseInvoiceInclude(
        'apply_to_local_government_unit, apply_to_vat_group_member,third_party,third_party',
      ),
    ).toEqual({
      success: true,
      data: ['apply_to_local_government_unit', 'apply_to_vat_group_member', 'third_party'],
    });
  });

  it('no include → nothing expanded', () => {
    expect(parseInvoiceInclude(undefined)).toEqual({ success: true, data: [] });
    expect(parseInvoiceInclude('')).toEqual({ success: true, data: [] });
  });

  it('an unknown name → parameter_inclusion at include', () => {
    const result = parseInvoiceInclude('third_party,lines');
    expect(result.success ? [] : result.issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['parameter_inclusion', 'include'],
    ]);
  });

  it('a repeated include (an array) → invalid_request_params', () => {
    const result = parseInvoiceInclude(['third_party']);
    expect(result.success ? [] : result.issues.map((issue) => issue.code)).toEqual([
      'invalid_request_params',
    ]);
  });
});
