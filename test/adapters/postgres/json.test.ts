import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import {
  decodeJson,
  encodedKey,
  encodeFieldValue,
  encodeJson,
  escapeText,
  unescapeText,
} from '../../../src/adapters/postgres/json.js';

/** What PostgreSQL text and `jsonb` strings refuse: a NUL, or a surrogate that is not part of a pair. */
const REFUSED_BY_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether every string and key of a JSON text is one `jsonb` accepts. */
function jsonbSafe(text: string): boolean {
  let safe = true;
  JSON.parse(text, (key, value: unknown) => {
    if (REFUSED_BY_TEXT.test(key) || (typeof value === 'string' && REFUSED_BY_TEXT.test(value))) safe = false;
    return value;
  });
  return safe;
}

describe('postgres json encoding', () => {
  it('writes plain JSON data as JSON.stringify does', () => {
    const value = { id: 1, name: 'ACME', lines: [{ q: '1.50' }], ok: true, none: null };
    expect(encodeJson(value)).toBe(JSON.stringify(value));
    expect(decodeJson(encodeJson(value))).toEqual(value);
  });

  it('keeps lossless numbers as LosslessNumbers with their exact text, JS numbers as numbers', () => {
    const texts = ['12.50', '1e3', '-0', '1.0E+2', '123456789012345678901234567890.000', '0.1'];
    const value = { id: 7, amounts: texts.map((text) => new LosslessNumber(text)), plain: 0.1 };
    const back = decodeJson(encodeJson(value)) as typeof value;
    expect(back.id).toBe(7);
    expect(back.plain).toBe(0.1);
    for (const [index, amount] of back.amounts.entries()) {
      expect(amount).toBeInstanceOf(LosslessNumber);
      expect(amount.value).toBe(texts[index]);
    }
  });

  it('tags what jsonb refuses, and keys that look like tags, so that the text is valid jsonb', () => {
    const value = {
      nul: 'B12345674\u0000ACME',
      lone: 'a\ud800b',
      pair: 'emoji \ud83d\ude00',
      backslash: 'a\\u0000b',
      '~n': 'not a number',
      '~s': ['x'],
      '~': 1,
      'k\u0000ey': 2,
      nested: [{ '~~': 'x', deep: ['\u0000'] }],
    };
    const text = encodeJson(value);
    expect(jsonbSafe(text)).toBe(true);
    const back = decodeJson(text);
    expect(back).toEqual(value);
    // The key order is the writer's.
    expect(Object.keys(back as object)).toEqual(Object.keys(value));
  });

  it('keeps an own __proto__ key as data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "~x": {"__proto__": 1}}') as object;
    const back = decodeJson(encodeJson(value)) as Record<string, unknown>;
    expect(Object.hasOwn(back, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(JSON.stringify(back)).toBe(JSON.stringify(value));
  });

  it('drops undefined properties and writes undefined array items as null, as JSON does', () => {
    expect(decodeJson(encodeJson({ a: undefined, b: [undefined, new LosslessNumber('1')] }))).toEqual({
      b: [null, new LosslessNumber('1')],
    });
  });

  it('refuses what is not JSON data', () => {
    expect(() => encodeJson({ amount: Number.NaN })).toThrow(TypeError);
    expect(() => encodeJson({ amount: 10n })).toThrow(TypeError);
    expect(() => encodeJson({ at: new Date(0) })).toThrow(/Date/);
    expect(() => encodeJson(undefined)).toThrow(TypeError);
  });

  it('round-trips any JSON-like value with lossless numbers (property)', () => {
    const lossless = fc
      .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
      .map((number) => new LosslessNumber(String(number)));
    const leaf = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('~', '\\', 'u', '0', '\u0000', '\ud800', '\udc00', 'a') }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((number) => !Object.is(number, -0)),
      fc.boolean(),
      fc.constant(null),
      lossless,
    );
    const key = fc.oneof(fc.string(), fc.constantFrom('~n', '~s', '~', '~~n', 'a\u0000', '__proto__'));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    }));
    fc.assert(
      fc.property(value, (written) => {
        const text = encodeJson(written);
        expect(jsonbSafe(text)).toBe(true);
        expect(decodeJson(text)).toEqual(written);
      }),
      { numRuns: 500 },
    );
  });

  it('escapes text injectively and reversibly', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('\\', 'u', '0', '\u0000', '\ud800', '\udc00', 'a') }),
        fc.string({ unit: fc.constantFrom('\\', 'u', '0', '\u0000', '\ud800', '\udc00', 'a') }),
        (a, b) => {
          expect(unescapeText(escapeText(a))).toBe(a);
          expect(escapeText(a) === escapeText(b)).toBe(a === b);
          expect(escapeText(a)).not.toMatch(REFUSED_BY_TEXT);
        },
      ),
    );
  });

  it('writes field values as the body stores them', () => {
    expect(encodeFieldValue('F-1')).toBe('"F-1"');
    expect(encodeFieldValue(20)).toBe('20');
    expect(encodeFieldValue(true)).toBe('true');
    expect(encodeFieldValue(Number.POSITIVE_INFINITY)).toBeNull();
    expect(encodeFieldValue('a\u0000b')).toBe(encodeJson('a\u0000b'));
    expect(encodedKey('number')).toBe('number');
    expect(encodedKey('~n')).toBe('~~n');
  });
});
