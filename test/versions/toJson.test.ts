import { fc, test } from '@fast-check/vitest';
import { LosslessNumber, parse, stringify } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/versions/serialize.js';

/** JSON values with lossless numbers, and strings that may hold the fast path's mark. */
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false),
    fc.string(),
    fc.constantFrom('\u0000\u001fnumber:1\u0000\u001fnumber:', 'a\u0000\u001fnumber:', '\u0000'),
    fc
      .stringMatching(/^-?(0|[1-9]\d{0,20})(\.\d{1,12})?([eE][+-]?\d{1,3})?$/)
      .map((text) => new LosslessNumber(text)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('toJson (the response writer)', () => {
  test.prop([jsonValue], { numRuns: 500 })(
    'writes exactly what lossless-json writes, digit for digit',
    (value) => {
      expect(toJson(value)).toBe(stringify(value));
    },
  );

  it('keeps amounts as written and tells a number from a string that looks like its mark', () => {
    const value = { total: new LosslessNumber('121.00'), note: '\u0000\u001fnumber:5\u0000\u001fnumber:' };
    const text = toJson(value);
    expect(text).toBe(stringify(value));
    expect((parse(text) as { total: LosslessNumber }).total.value).toBe('121.00');
    expect((parse(text) as { note: string }).note).toBe(value.note);
  });
});
