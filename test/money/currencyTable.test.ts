import { currencies } from 'countries-list/currencies';
import { data, publishDate } from 'currency-codes';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyExponent, isCurrencyCode } from '../../src/index.js';
import { CURRENCY_OVERLAY } from '../../src/money/currencies.js';

// The complete table src/money/currencies.ts accepted before its exponents were derived from the
// `currency-codes` package (copied verbatim from the hand-typed lists it had). Pinned so that the
// derivation provably changes nothing: a new package release that adds, drops or re-rates a code
// fails here instead of silently changing which currencies can be invoiced or how they round.
const SNAPSHOT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const SNAPSHOT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const SNAPSHOT_4 = 'CLF UYW';
const SNAPSHOT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
  'CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS ' +
  'GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL ' +
  'MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK ' +
  'PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS ' +
  'TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG';

const SNAPSHOT: ReadonlyMap<string, number> = new Map([
  ...SNAPSHOT_0.split(' ').map((code) => [code, 0] as const),
  ...SNAPSHOT_2.split(' ').map((code) => [code, 2] as const),
  ...SNAPSHOT_3.split(' ').map((code) => [code, 3] as const),
  ...SNAPSHOT_4.split(' ').map((code) => [code, 4] as const),
]);

describe('the ISO 4217 table (snapshot of the hand-typed table it replaced)', () => {
  it('accepts exactly the 166 snapshot codes', () => {
    expect(SNAPSHOT.size).toBe(166);
    expect(CURRENCY_CODES).toEqual([...SNAPSHOT.keys()].sort());
  });

  it('gives every code the snapshot exponent', () => {
    const actual = Object.fromEntries(CURRENCY_CODES.map((code) => [code, currencyExponent(code)]));
    expect(actual).toEqual(Object.fromEntries(SNAPSHOT));
  });

  it.each([
    ['XAU', 'precious metal, minor unit N.A.'],
    ['XAG', 'precious metal, minor unit N.A.'],
    ['XPT', 'precious metal, minor unit N.A.'],
    ['XPD', 'precious metal, minor unit N.A.'],
    ['XDR', 'SDR, minor unit N.A.'],
    ['XBA', 'bond market unit, minor unit N.A.'],
    ['XBB', 'bond market unit, minor unit N.A.'],
    ['XBC', 'bond market unit, minor unit N.A.'],
    ['XBD', 'bond market unit, minor unit N.A.'],
    ['XSU', 'Sucre, minor unit N.A.'],
    ['XUA', 'ADB unit of account, minor unit N.A.'],
    ['XTS', 'testing code'],
    ['XXX', 'no currency'],
    ['CUC', 'withdrawn'],
    ['HRK', 'withdrawn'],
    ['SLL', 'withdrawn'],
    ['ZWL', 'withdrawn'],
    ['XAD', 'not in the table'],
  ])('rejects %s (%s)', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
    expect(() => currencyExponent(code)).toThrow(TypeError);
  });
});

describe('the table is currency-codes plus a documented overlay', () => {
  it('reads the ISO 4217 list one of 2024-06-25', () => {
    expect(publishDate).toBe('2024-06-25');
  });

  it('accepts every code the package lists with the package minor units, unless the overlay excludes it', () => {
    for (const entry of data) {
      if (CURRENCY_OVERLAY.exclude.has(entry.code)) {
        expect(isCurrencyCode(entry.code), entry.code).toBe(false);
      } else {
        expect(currencyExponent(entry.code), entry.code).toBe(entry.digits);
      }
    }
  });

  it('excludes exactly the 13 codes whose ISO minor unit is N.A. (written 0 by the package) and CUC', () => {
    const notApplicable = 'XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA XXX'.split(' ');
    expect([...CURRENCY_OVERLAY.exclude.keys()].sort()).toEqual(['CUC', ...notApplicable]);
    for (const code of notApplicable) {
      expect(data.find((entry) => entry.code === code)?.digits, code).toBe(0);
    }
  });

  it('gives a reason for every exclusion and excludes only codes the package lists', () => {
    for (const [code, reason] of CURRENCY_OVERLAY.exclude) {
      expect(reason.length, code).toBeGreaterThan(10);
      expect(
        data.some((entry) => entry.code === code),
        code,
      ).toBe(true);
    }
  });

  it('adds only XCG, which the package lacks, with the values countries-list has for it', () => {
    expect(CURRENCY_OVERLAY.add.map(({ code }) => code)).toEqual(['XCG']);
    for (const added of CURRENCY_OVERLAY.add) {
      expect(data.some((entry) => entry.code === added.code)).toBe(false);
      const independent = currencies[added.code as keyof typeof currencies];
      expect(independent.numeric).toBe(added.number);
      expect(independent.decimals).toBe(added.digits);
      expect(currencyExponent(added.code)).toBe(added.digits);
    }
  });
});
