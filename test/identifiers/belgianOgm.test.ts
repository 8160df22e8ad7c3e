/**
 * Belgian structured communication (shared/reference/es-tin.md §7): worked examples, the 0 → 97
 * rule, properties against python-stdnum's formula (test/support/identifiers.ts), and fiscalkit's
 * choice of base.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkBelgianOgm, createBelgianOgm, ogmBase } from '../../src/index.js';
import { digitsArb, referenceOgmCheck, singleDigitChanges } from '../support/identifiers.js';

describe('worked examples (es-tin.md §7)', () => {
  it('+++010/8068/17183+++ is valid (0108068171 mod 97 = 83)', () => {
    expect(referenceOgmCheck('0108068171')).toBe('83');
    expect(checkBelgianOgm('+++010/8068/17183+++')).toEqual({ valid: true, compact: '010806817183' });
  });

  it('010/8068/17180 is invalid', () => {
    expect(checkBelgianOgm('010/8068/17180')).toEqual({ valid: false, compact: '010806817180' });
  });

  it('base 1234567890 → +++123/4567/89002+++ (remainder 2, written 02)', () => {
    expect(createBelgianOgm('1234567890')).toBe('+++123/4567/89002+++');
  });

  it('base 0000000097 → +++000/0000/09797+++ (remainder 0, written 97)', () => {
    expect(createBelgianOgm('0000000097')).toBe('+++000/0000/09797+++');
    expect(checkBelgianOgm('+++000/0000/09797+++').valid).toBe(true);
    // 00 is never a check: a remainder of 0 is written 97.
    expect(checkBelgianOgm('+++000/0000/09700+++').valid).toBe(false);
    expect(checkBelgianOgm('000000000000').valid).toBe(false);
    expect(checkBelgianOgm('000000000097').valid).toBe(true);
  });
});

describe('checkBelgianOgm', () => {
  it.each([
    '+++010/8068/17183+++',
    '***010/8068/17183***',
    '+++ 010 / 8068 / 17183 +++',
    '010806817183',
    '010 8068 17183',
    '010/8068/17183',
    '\t+++010/8068/17183+++\n',
  ])('accepts %j with compact 010806817183', (value) => {
    expect(checkBelgianOgm(value)).toEqual({ valid: true, compact: '010806817183' });
  });

  it.each([
    ['01080681718', 'eleven digits'],
    ['0108068171830', 'thirteen digits'],
    ['+++010-8068-17183+++', 'dashes are not removed'],
    ['+++010/8068/1718A+++', 'a letter'],
    ['٠١٠٨٠٦٨١٧١٨٣', 'Arabic-Indic digits'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value) => {
    expect(checkBelgianOgm(value).valid).toBe(false);
  });

  test.prop([digitsArb(10)])('create → check round trip is always valid', (base) => {
    const ogm = createBelgianOgm(base);
    expect(ogm).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(checkBelgianOgm(ogm)).toEqual({ valid: true, compact: base + referenceOgmCheck(base) });
  });

  test.prop([digitsArb(10)])('every single-digit change of a valid OGM makes it invalid', (base) => {
    // 10^k is invertible mod 97 and a digit changes by less than 97, so a changed base has another
    // remainder; 0 → 97 keeps the written checks distinct; a changed check is another number.
    const compact = base + referenceOgmCheck(base);
    for (const { changed } of singleDigitChanges(compact)) {
      expect(checkBelgianOgm(changed).valid, changed).toBe(false);
    }
  });

  test.prop([digitsArb(12)])('agrees with the python-stdnum formula on any 12 digits', (digits) => {
    expect(checkBelgianOgm(digits).valid).toBe(digits.slice(10) === referenceOgmCheck(digits.slice(0, 10)));
  });
});

describe('createBelgianOgm', () => {
  it.each(['123456789', '12345678901', '123456789a', ' 1234567890', '123/4567/890', '١٢٣٤٥٦٧٨٩٠', ''])(
    'throws a TypeError for the base %j (a programmer error)',
    (base) => {
      expect(() => createBelgianOgm(base)).toThrow(TypeError);
    },
  );
});

describe('ogmBase (fiscalkit decision, es-tin.md §7)', () => {
  it.each([
    ['F-2024/0042', 7, '0020240042'],
    ['2024-000123', 7, '2024000123'],
    ['INV-123456789012', 7, '3456789012'],
    ['A1B2C3', 7, '0000000123'],
    ['0000000000', 7, '0000000000'],
    ['FAC/٢٠٢٤/12', 7, '0000000012'],
  ] as const)('takes the digits of the invoice number %j', (number, id, base) => {
    expect(ogmBase(number, id)).toBe(base);
  });

  it.each([
    ['ABC', 4711, '0000004711'],
    ['', 4711, '0000004711'],
    ['FACTURA', 12345678901234, '5678901234'],
    ['FACTURA', 'inv_00042', '0000000042'],
    ['FACTURA', 0, '0000000000'],
  ] as const)('falls back to the id when %j has no digit', (number, id, base) => {
    expect(ogmBase(number, id)).toBe(base);
  });

  it('throws a TypeError when the fallback is needed and unusable', () => {
    expect(() => ogmBase('ABC', 'inv_x')).toThrow(TypeError);
    expect(() => ogmBase('ABC', -1)).toThrow(TypeError);
    expect(() => ogmBase('ABC', 1.5)).toThrow(TypeError);
    expect(() => ogmBase('ABC', Number.NaN)).toThrow(TypeError);
    expect(() => ogmBase('ABC', 2 ** 60)).toThrow(TypeError);
  });

  test.prop([fc.string({ maxLength: 30 }), fc.nat()])(
    'is always 10 digits and, with a digit in the number, its last digits padded',
    (number, id) => {
      const base = ogmBase(number, id);
      expect(base).toMatch(/^\d{10}$/);
      const digits = number.replace(/[^0-9]/g, '');
      const expected = digits === '' ? String(id) : digits;
      expect(base).toBe(expected.slice(-10).padStart(10, '0'));
      expect(checkBelgianOgm(createBelgianOgm(base)).valid).toBe(true);
    },
  );
});
