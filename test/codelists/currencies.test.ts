import { data } from 'currency-codes';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, currencyExponent } from '../../src/index.js';

describe('CURRENCIES (GET /currencies)', () => {
  it('lists exactly the codes the money module accepts, with the minor units it rounds to', () => {
    expect(CURRENCIES.map(({ code }) => code)).toEqual(CURRENCY_CODES);
    expect(CURRENCIES).toHaveLength(166);
    for (const { code, minor_units } of CURRENCIES) expect(minor_units, code).toBe(currencyExponent(code));
  });

  it.each([
    ['EUR', 'Euro', '978', 2],
    ['PLN', 'Zloty', '985', 2],
    ['JPY', 'Yen', '392', 0],
    ['BHD', 'Bahraini Dinar', '048', 3],
    ['CLF', 'Unidad de Fomento', '990', 4],
    ['XCG', 'Caribbean Guilder', '532', 2],
    ['ANG', 'Netherlands Antillean Guilder', '532', 2],
    ['KMF', 'Comorian Franc', '174', 0],
  ])('has %s (%s, %s, %d decimals)', (code, name, numeric, minorUnits) => {
    expect(CURRENCIES.find((currency) => currency.code === code)).toEqual({
      code,
      name,
      numeric,
      minor_units: minorUnits,
    });
  });

  it('takes names and numeric codes from currency-codes for every code but the overlay one', () => {
    for (const currency of CURRENCIES) {
      const entry = data.find(({ code }) => code === currency.code);
      if (currency.code === 'XCG') {
        expect(entry).toBeUndefined();
        continue;
      }
      expect(entry?.currency.trim(), currency.code).toBe(currency.name);
      expect(entry?.number, currency.code).toBe(currency.numeric);
    }
  });

  it('writes numeric codes as three digits', () => {
    for (const { code, numeric } of CURRENCIES) expect(numeric, code).toMatch(/^[0-9]{3}$/);
  });

  it('lists no currency without minor units and no withdrawn code', () => {
    const codes = CURRENCIES.map(({ code }) => code);
    for (const code of ['XAU', 'XDR', 'XXX', 'XTS', 'CUC', 'HRK', 'SLL', 'ZWL'])
      expect(codes).not.toContain(code);
  });
});
