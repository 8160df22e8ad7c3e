import Decimal from 'decimal.js';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { snapshot } from '../../../src/adapters/memory/snapshot.js';

describe('snapshot', () => {
  it('copies plain objects and arrays deeply and freezes them; primitives are themselves', () => {
    const value = { a: 1, b: 'x', c: null, d: [1, { e: true }], f: { g: [[2]] } };
    const copy = snapshot(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect(copy.d).not.toBe(value.d);
    expect(copy.f.g[0]).not.toBe(value.f.g[0]);
    for (const part of [copy, copy.d, copy.d[1], copy.f, copy.f.g, copy.f.g[0]])
      expect(Object.isFrozen(part)).toBe(true);
    value.f.g[0]?.push(3);
    expect(copy.f.g).toEqual([[2]]);
    for (const primitive of [1, 'x', null, undefined, true, 10n]) expect(snapshot(primitive)).toBe(primitive);
  });

  it('keeps value objects (class instances) by reference', () => {
    const amount = new LosslessNumber('12.50');
    const rate = new Decimal('0.21');
    const copy = snapshot({ amount, rates: [rate] });
    expect(copy.amount).toBe(amount);
    expect(copy.rates[0]).toBe(rate);
    expect(Object.isFrozen(amount)).toBe(false);
  });

  it('answers a snapshot as is, and reuses snapshots inside a new value', () => {
    const first = snapshot({ lines: [{ n: 1 }], name: 'a' });
    expect(snapshot(first)).toBe(first);
    const next = snapshot({ ...first, name: 'b' });
    expect(next.lines).toBe(first.lines);
  });

  it('copies an own __proto__ key as data, without changing the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = snapshot(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('copies 5,000 records of 30 fields (a large batch) whole', () => {
    const records = Array.from({ length: 5_000 }, (_, index) => {
      const record: Record<string, unknown> = { id: index, lines: [{ amount: new LosslessNumber('1.00') }] };
      for (let field = 0; field < 28; field += 1) record[`field_${String(field)}`] = `value ${String(field)}`;
      return record;
    });
    const copy = snapshot(records);
    expect(copy).toHaveLength(5_000);
    expect(copy[4_999]).toEqual(records[4_999]);
    expect(Object.isFrozen(copy[4_999])).toBe(true);
  });
});

describe('snapshot of frozen values', () => {
  it('copies a frozen object or array whose parts can still change', () => {
    const inner = { n: 1 };
    const outer = Object.freeze({ inner, list: Object.freeze([inner]) });
    const copy = snapshot(outer);
    expect(copy).not.toBe(outer);
    expect(copy.list).not.toBe(outer.list);
    inner.n = 2;
    expect(copy.inner.n).toBe(1);
    expect(copy.list[0]?.n).toBe(1);
  });

  it('keeps a frozen object whose parts are all immutable', () => {
    const frozen = Object.freeze({ a: 1, list: Object.freeze(['x']), amount: new LosslessNumber('1') });
    expect(snapshot(frozen)).toBe(frozen);
  });
});
