import { describe, expect, it } from 'vitest';
import { indexedEqualities, type RecordCondition } from '../../src/model/recordFilter.js';

describe('indexedEqualities: what Repository.search narrows through the indexes', () => {
  it('takes the first equality on each top-level field and leaves every other condition', () => {
    const conditions: RecordCondition[] = [
      { field: ['state'], op: 'eq', value: 'new' },
      { field: ['contact', 'tin_value'], op: 'eq', value: 'B12345674' },
      { field: ['state'], op: 'eq', value: 'sent' },
      { field: ['date'], op: 'gte', value: '2026-01-01' },
      { field: ['number'], op: 'eq', value: null },
    ];
    expect(indexedEqualities(conditions)).toEqual({
      where: { state: 'new', number: null },
      rest: [conditions[1], conditions[2], conditions[3]],
    });
  });

  it('answers nothing to narrow for no conditions', () => {
    expect(indexedEqualities([])).toEqual({ where: {}, rest: [] });
  });
});
