import { describe, expect, it } from 'vitest';
import {
  SWIFT,
  TDATA,
  TDATA_T,
  TDATA_U,
  TILOSCI,
  TKWOTOWY,
  TKWOTOWY2,
  TNUMER_KSEF,
  TTEKSTOWY,
  TZNAKOWY,
} from '../../src/ksef/build/fa3Types.js';
import {
  fa3Decimal,
  fa3Percent,
  fa3TextLength,
  isFa3Date,
  isFa3Email,
  isForeignCurrency,
  isXmlText,
} from '../../src/ksef/build/fa3Values.js';
import { fa3DateTime } from '../../src/ksef/build/naglowek.js';

describe('fa3Types: decimals', () => {
  it('writes decimals canonically: no +, no leading zeros, the fraction as given', () => {
    expect(fa3Decimal('+0012.50', TKWOTOWY)).toBe('12.50');
    expect(fa3Decimal('-000.5', TKWOTOWY)).toBe('-0.5');
    expect(fa3Decimal('0', TKWOTOWY)).toBe('0');
    expect(fa3Decimal(' 7 ', TKWOTOWY)).toBe('7');
  });

  it('refuses what the patterns refuse: exponents, commas, a bare dot, too many digits', () => {
    for (const value of ['1e3', '1,5', '.5', '5.', '', '-', 'NaN', '12.345'])
      expect(fa3Decimal(value, TKWOTOWY)).toBeNull();
    expect(fa3Decimal(12.5, TKWOTOWY)).toBeNull();
    expect(fa3Decimal('1234567890123456', TKWOTOWY)).toBe('1234567890123456');
    expect(fa3Decimal('12345678901234567', TKWOTOWY)).toBeNull();
    expect(fa3Decimal('00012345678901234567', TKWOTOWY)).toBeNull();
    expect(fa3Decimal('00001234567890123456', TKWOTOWY)).toBe('1234567890123456');
    expect(fa3Decimal('12345678901234.12345678', TKWOTOWY2)).toBe('12345678901234.12345678');
    expect(fa3Decimal('123456789012345', TKWOTOWY2)).toBeNull();
    expect(fa3Decimal('1.123456', TILOSCI)).toBe('1.123456');
    expect(fa3Decimal('1.1234567', TILOSCI)).toBeNull();
  });

  it('TProcentowy is 0–100 with 6 decimals', () => {
    expect(fa3Percent('050')).toBe('50');
    expect(fa3Percent('100.000000')).toBe('100.000000');
    expect(fa3Percent('100.000001')).toBeNull();
    expect(fa3Percent('-1')).toBeNull();
    expect(fa3Percent('-0')).toBe('-0');
  });
});

describe('fa3Types: texts', () => {
  it('refuses the characters XML 1.0 cannot carry or discourages, accepts the rest', () => {
    for (const text of [
      '\u0000',
      '\u0008',
      '\u000B',
      '\u001F',
      '\u007F',
      '\u0084',
      '\u0086',
      '\u009F',
      '\uD800',
      '\uDFFF',
      '\uFDD0',
      '\uFFFE',
      '\uFFFF',
      '\u{1FFFE}',
      '\u{10FFFF}',
    ])
      expect(isXmlText(`a${text}b`), JSON.stringify(text)).toBe(false);
    for (const text of ['\t', '\n', '\r', '\u0085', '\u00A0', 'Żółć', '😀', '\u{10FFFD}', '&<>"\''])
      expect(isXmlText(`a${text}b`), JSON.stringify(text)).toBe(true);
  });

  it('measures tokens after collapsing white space, strings as written, in code points', () => {
    expect(fa3TextLength('  a \t\n b  ', TZNAKOWY)).toBe(3);
    expect(fa3TextLength('a  b', TTEKSTOWY)).toBe(4);
    expect(fa3TextLength('😀😀', TZNAKOWY)).toBe(2);
  });

  it('e-mail addresses: (.)+@(.)+, 3–255 characters', () => {
    expect(isFa3Email('a@b')).toBe(true);
    expect(isFa3Email('a@')).toBe(false);
    expect(isFa3Email(`${'a'.repeat(250)}@b.pl`)).toBe(true);
    expect(isFa3Email(`${'a'.repeat(251)}@b.pl`)).toBe(false);
  });
});

describe('fa3Types: dates, patterns, currency', () => {
  it('date ranges include both ends', () => {
    expect(isFa3Date('2006-01-01', TDATA_T)).toBe(true);
    expect(isFa3Date('2050-01-01', TDATA_T)).toBe(true);
    expect(isFa3Date('1990-01-01', TDATA_U)).toBe(true);
    expect(isFa3Date('2016-07-01', TDATA)).toBe(true);
    expect(isFa3Date('2016-06-30', TDATA)).toBe(false);
    expect(isFa3Date('2026-02-29', TDATA)).toBe(false);
  });

  it('TNumerKSeF: NIP, M + 9 digits or 3 letters + 7 digits; upper-case hex; the middle dash optional', () => {
    expect(TNUMER_KSEF.test('9999999999-20230908-8BEF280C8D35-4D')).toBe(true);
    expect(TNUMER_KSEF.test('9999999999-20230908-8BEF28-0C8D35-4D')).toBe(true);
    expect(TNUMER_KSEF.test('M123456789-20260101-ABCDEF-012345-FF')).toBe(true);
    expect(TNUMER_KSEF.test('ABC1234567-20260101-ABCDEF-012345-FF')).toBe(true);
    expect(TNUMER_KSEF.test('9999999999-20230908-8bef280c8d35-4d')).toBe(false);
    expect(TNUMER_KSEF.test('0999999999-20230908-8BEF280C8D35-4D')).toBe(false);
    expect(TNUMER_KSEF.test('9999999999-20191231-8BEF280C8D35-4D')).toBe(false);
  });

  it('SWIFT: 8 or 11 characters', () => {
    expect(SWIFT.test('WBKPPLPP')).toBe(true);
    expect(SWIFT.test('WBKPPLPPXXX')).toBe(true);
    expect(SWIFT.test('WBKPPLP')).toBe(false);
    expect(SWIFT.test('WBKPPLPPXX')).toBe(false);
  });

  it('only a currency other than PLN is foreign', () => {
    expect(isForeignCurrency('EUR')).toBe(true);
    expect(isForeignCurrency('PLN')).toBe(false);
    expect(isForeignCurrency(null)).toBe(false);
  });

  it('DataWytworzeniaFa: UTC to the second, inside 2025-09-01T00:00:00Z … 2050-01-01T23:59:59Z', () => {
    expect(fa3DateTime(new Date('2026-02-01T12:00:00.999Z'))).toBe('2026-02-01T12:00:00Z');
    expect(fa3DateTime(new Date('2025-09-01T00:00:00Z'))).toBe('2025-09-01T00:00:00Z');
    expect(fa3DateTime(new Date('2050-01-01T23:59:59.500Z'))).toBe('2050-01-01T23:59:59Z');
    expect(fa3DateTime(new Date('2050-01-02T00:00:00Z'))).toBeNull();
    expect(fa3DateTime(new Date(Number.NaN))).toBeNull();
  });
});
