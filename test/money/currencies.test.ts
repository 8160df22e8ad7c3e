import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyExponent, isCurrencyCode } from '../../src/index.js';

// The table of taxmath.md §3.2.
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' ');
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND'.split(' ');
const EXPONENT_4 = 'CLF UYW'.split(' ');
// "every other ISO 4217 code": a sample, including the codes fiscalkit's formats use and the recent ones.
const EXPONENT_2_SAMPLE = 'EUR PLN USD GBP CHF SEK CZK HUF MXN BRL CNY INR SAR ANG XCG ZWG SLE VES'.split(
  ' ',
);

describe('currencyExponent (taxmath.md §3.2)', () => {
  it.each(EXPONENT_0)('%s has 0 decimals', (code) => {
    expect(currencyExponent(code)).toBe(0);
  });
  it.each(EXPONENT_3)('%s has 3 decimals', (code) => {
    expect(currencyExponent(code)).toBe(3);
  });
  it.each(EXPONENT_4)('%s has 4 decimals', (code) => {
    expect(currencyExponent(code)).toBe(4);
  });
  it.each(EXPONENT_2_SAMPLE)('%s has 2 decimals', (code) => {
    expect(currencyExponent(code)).toBe(2);
  });

  it('gives 2 to every accepted code outside the 0, 3 and 4 rows', () => {
    const special = new Set([...EXPONENT_0, ...EXPONENT_3, ...EXPONENT_4]);
    const others = CURRENCY_CODES.filter((code) => !special.has(code));
    expect(others.length).toBeGreaterThan(100);
    for (const code of others) expect(currencyExponent(code), code).toBe(2);
  });

  it('throws a TypeError for an unknown code', () => {
    expect(() => currencyExponent('XAU')).toThrow(TypeError);
    expect(() => currencyExponent('eur')).toThrow(/not an ISO 4217 currency with minor units: eur/);
  });
});

describe('isCurrencyCode', () => {
  it('accepts upper-case codes of every exponent', () => {
    for (const code of ['EUR', 'JPY', 'BHD', 'CLF', 'PLN']) expect(isCurrencyCode(code), code).toBe(true);
  });

  it.each([
    ['eur', 'lower case'],
    ['Eur', 'mixed case'],
    ['XAU', 'gold: no minor unit'],
    ['XAG', 'silver: no minor unit'],
    ['XDR', 'SDR: no minor unit'],
    ['XXX', 'no currency'],
    ['XTS', 'testing code'],
    ['HRK', 'withdrawn (euro since 2023)'],
    ['SLL', 'withdrawn'],
    ['ZWL', 'withdrawn'],
    ['CUC', 'withdrawn'],
    ['', 'empty'],
    ['EURO', 'four letters'],
    [' EUR', 'leading space'],
  ])('rejects %j (%s)', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });

  it('accepts ANG although XCG replaced it', () => {
    expect(isCurrencyCode('ANG')).toBe(true);
    expect(isCurrencyCode('XCG')).toBe(true);
  });

  it('does not accept inherited object keys', () => {
    expect(isCurrencyCode('constructor')).toBe(false);
    expect(isCurrencyCode('__proto__')).toBe(false);
  });
});

describe('CURRENCY_CODES', () => {
  it('is sorted and has no duplicates', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (let i = 1; i < CURRENCY_CODES.length; i++) {
      expect((CURRENCY_CODES[i - 1] as string) < (CURRENCY_CODES[i] as string)).toBe(true);
    }
  });

  it('holds only three-letter upper-case codes, each accepted by isCurrencyCode', () => {
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(isCurrencyCode(code)).toBe(true);
    }
  });

  it('holds every code of the §3.2 table and none of the rejected ones', () => {
    for (const code of [...EXPONENT_0, ...EXPONENT_3, ...EXPONENT_4, ...EXPONENT_2_SAMPLE]) {
      expect(CURRENCY_CODES).toContain(code);
    }
    for (const code of ['XAU', 'XXX', 'HRK', 'XDR']) expect(CURRENCY_CODES).not.toContain(code);
  });
});
