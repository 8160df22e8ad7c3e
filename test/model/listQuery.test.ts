import { describe, expect, it } from 'vitest';
import { destroyFlag } from '../../src/model/fields.js';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  parseInvoiceInclude,
  parseInvoiceListQuery,
  parseListQuery,
  parseQueryFlag,
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

  it.each(['0', '501', '-1'])(
    'limit %j: a whole number out of range → parameter_invalid at limit',
    (limit) => {
      const result = parseListQuery({ limit });
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.issues.map((issue) => [issue.code, issue.param])).toEqual([
        ['parameter_invalid', 'limit'],
      ]);
    },
  );

  // Spec §7.2 "wrong types": a query value not written as a whole number is 400, like a body's.
  it.each(['1.5', 'ten', '1e2', '[]'])(
    'limit %j: not a whole number → invalid_request_params at limit',
    (limit) => {
      const result = parseListQuery({ limit });
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.issues.map((issue) => [issue.code, issue.param])).toEqual([
        ['invalid_request_params', 'limit'],
      ]);
    },
  );

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

describe('parseQueryFlag (a boolean query filter; spec §7.2 wrong types → 400)', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
    ['', null],
    [undefined, null],
  ] as const)('%j → %j', (value, expected) => {
    expect(parseQueryFlag(value, 'ack')).toEqual({ success: true, data: expected });
  });

  it.each(['maybe', '2', 'yes'])('%j is not a boolean: invalid_request_params at the flag', (value) => {
    const result = parseQueryFlag(value, 'ack');
    expect(result.success ? [] : result.issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['invalid_request_params', 'ack'],
    ]);
  });
});

describe('destroyFlag (the Rails forms of _destroy; issue #18 item 11)', () => {
  it.each([true, 'true', '1', 'True', ' 1 '])('%j removes', (value) => {
    expect(destroyFlag().parse(value)).toBe(true);
  });

  it.each([false, 'false', '0', 0])('%j keeps', (value) => {
    expect(destroyFlag().parse(value)).toBe(false);
  });

  it('1 as a JS number removes; absent and null keep', () => {
    expect(destroyFlag().parse(1)).toBe(true);
    expect(destroyFlag().parse(undefined)).toBeUndefined();
    expect(destroyFlag().parse(null)).toBeNull();
  });

  it.each(['yes', 2, 'on', {}])('%j is not a boolean', (value) => {
    expect(destroyFlag().safeParse(value).success).toBe(false);
  });
});
