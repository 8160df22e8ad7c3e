import { describe, expect, it } from 'vitest';
import { Decimal, round, roundUnits } from '../../src/index.js';
import { hasShared } from '../support/shared.js';
import { taxmathVectors } from '../support/vectors.js';

/** `round(...)` written with exactly `decimals` decimals, so '1.50' and '1.5' are told apart. */
const fixed = (value: Decimal, decimals: number) => value.toFixed(decimals);

describe('round', () => {
  describe('currency codes and exponents', () => {
    it.each([
      // amount, currency, half_up result written with the currency's decimals
      ['1.005', 'EUR', 2, '1.01'],
      ['1.004', 'EUR', 2, '1.00'],
      ['100.5', 'JPY', 0, '101'],
      ['100.49', 'JPY', 0, '100'],
      ['1.0005', 'BHD', 3, '1.001'],
      ['1.0004', 'BHD', 3, '1.000'],
      ['1.00005', 'CLF', 4, '1.0001'],
      ['1.00004', 'CLF', 4, '1.0000'],
    ])('%s %s → %s decimals: %s', (amount, currency, decimals, expected) => {
      const rounded = round(amount, currency);
      expect(rounded.decimalPlaces()).toBeLessThanOrEqual(decimals);
      expect(fixed(rounded, decimals)).toBe(expected);
    });

    it('takes an exponent instead of a code', () => {
      expect(round('100.5', 0).toString()).toBe('101');
      expect(round('1.0005', 3).toString()).toBe('1.001');
      expect(round('1.23456', 4).toString()).toBe('1.2346');
      expect(round('163.725', 2).toString()).toBe(round('163.725', 'EUR').toString());
    });

    it('leaves an amount with fewer decimals than the exponent unchanged', () => {
      expect(round('1.5', 'EUR').equals('1.5')).toBe(true);
      expect(round('-7', 'BHD').equals('-7')).toBe(true);
    });

    it('accepts a Decimal as well as a string', () => {
      expect(round(new Decimal('163.725'), 'SAR').toString()).toBe('163.73');
    });

    it('throws a TypeError for an unknown currency code', () => {
      expect(() => round('1.00', 'XAU')).toThrow(TypeError);
      expect(() => round('1.00', 'eur')).toThrow(TypeError);
      expect(() => round('1.00', 'HRK')).toThrow(/not an ISO 4217 currency/);
    });

    it('throws a RangeError for NaN and infinite amounts', () => {
      expect(() => round('NaN', 'EUR')).toThrow(RangeError);
      expect(() => round(new Decimal(Infinity), 2)).toThrow(/not a finite amount/);
    });
  });

  describe('half_up: ties away from zero, and the float pitfalls', () => {
    it('rounds 1.005 to 1.01, where (1.005).toFixed(2) gives 1.00', () => {
      expect((1.005).toFixed(2)).toBe('1.00'); // the pitfall this guards against
      expect(round('1.005', 'EUR').toString()).toBe('1.01');
    });

    it('rounds 1091.5 × 0.15 = 163.725 to 163.73, where the float product gives 163.72', () => {
      expect((1091.5 * 0.15).toFixed(2)).toBe('163.72');
      const product = new Decimal('1091.5').times('0.15');
      expect(product.toString()).toBe('163.725');
      expect(round(product, 'EUR').toString()).toBe('163.73');
    });

    it('rounds -1446.375 to -1446.38, where Math.round gives -1446.37', () => {
      expect(Math.round(-1446.375 * 100) / 100).toBe(-1446.37);
      expect(round('-1446.375', 'EUR').toString()).toBe('-1446.38');
    });

    it('is symmetric: round(-x) = -round(x) on ties', () => {
      for (const amount of ['0.005', '2.5', '163.725', '1446.375', '0.125']) {
        expect(round(`-${amount}`, 'EUR').equals(round(amount, 'EUR').neg())).toBe(true);
      }
    });

    it('never returns a negative zero', () => {
      const rounded = round('-0.004', 'EUR');
      expect(rounded.isZero()).toBe(true);
      expect(rounded.isNegative()).toBe(false);
    });

    it('rounds amounts with many decimals exactly (no early truncation)', () => {
      expect(round('0.00499999999999999999999', 'EUR').toString()).toBe('0');
      expect(round('0.00500000000000000000001', 'EUR', 'half_even').toString()).toBe('0.01');
      expect(round('9999999999999999.995', 'EUR').toString()).toBe('10000000000000000');
    });
  });

  describe.skipIf(!hasShared)('float_pitfalls of taxmath-vectors.json', () => {
    // Each pitfall with a `correct_half_up` names a JS expression whose float result is wrong; the
    // exact decimal value of the expression, rounded with round(), must give `correct_half_up`.
    const exactValues: Record<string, string> = {
      '(1.005).toFixed(2)': '1.005',
      'Math.round(1.005 * 100) / 100': '1.005',
      'Math.round(30.3 * 0.15 * 100) / 100': new Decimal('30.3').times('0.15').toString(),
      '(1091.5 * 0.15).toFixed(2)': new Decimal('1091.5').times('0.15').toString(),
      'Math.round(-1446.375 * 100) / 100': '-1446.375',
      '(8705.08 * 0.21).toFixed(2)': new Decimal('8705.08').times('0.21').toString(),
    };
    const pitfalls = taxmathVectors.float_pitfalls.filter((p) => p.correct_half_up !== undefined);

    it('lists the pitfalls this file knows the exact value of', () => {
      expect(pitfalls.map((p) => p.expr).sort()).toEqual(Object.keys(exactValues).sort());
    });

    for (const pitfall of pitfalls) {
      it(`${pitfall.expr} → ${String(pitfall.correct_half_up)}`, () => {
        const exact = exactValues[pitfall.expr];
        expect(exact).toBeDefined();
        expect(fixed(round(exact as string, 'EUR'), 2)).toBe(
          new Decimal(pitfall.correct_half_up as string).toFixed(2),
        );
      });
    }
  });

  describe('other methods', () => {
    it.each([
      // amount, currency, half_even, down, half_ceil
      ['163.725', 'EUR', '163.72', '163.72', '163.73'],
      ['163.735', 'EUR', '163.74', '163.73', '163.74'],
      ['-1446.375', 'EUR', '-1446.38', '-1446.37', '-1446.37'],
      ['-1446.365', 'EUR', '-1446.36', '-1446.36', '-1446.36'],
      ['1.0049', 'EUR', '1.00', '1.00', '1.00'],
      ['1.0051', 'EUR', '1.01', '1.00', '1.01'],
      ['-1.0051', 'EUR', '-1.01', '-1.00', '-1.01'],
      ['100.5', 'JPY', '100', '100', '101'],
      ['101.5', 'JPY', '102', '101', '102'],
      ['-100.5', 'JPY', '-100', '-100', '-100'],
      ['2.0005', 'BHD', '2.000', '2.000', '2.001'],
      ['2.0015', 'BHD', '2.002', '2.001', '2.002'],
      ['0.00015', 'CLF', '0.0002', '0.0001', '0.0002'],
      ['-0.00015', 'CLF', '-0.0002', '-0.0001', '-0.0001'],
    ])('%s %s: half_even %s, down %s, half_ceil %s', (amount, currency, halfEven, down, halfCeil) => {
      const decimals = halfEven.includes('.') ? (halfEven.split('.')[1] as string).length : 0;
      expect(fixed(round(amount, currency, 'half_even'), decimals)).toBe(halfEven);
      expect(fixed(round(amount, currency, 'down'), decimals)).toBe(down);
      expect(fixed(round(amount, currency, 'half_ceil'), decimals)).toBe(halfCeil);
    });

    it('defaults to half_up', () => {
      expect(round('2.5', 0).toString()).toBe('3');
      expect(round('2.5', 0, 'half_up').toString()).toBe('3');
      expect(round('2.5', 0, 'half_even').toString()).toBe('2');
    });
  });
});

describe('roundUnits', () => {
  it('rounds units from a finer scale to a coarser one', () => {
    expect(roundUnits(18280668n, 4, 2, 'half_up')).toBe(182807n); // 1828.0668 → 1828.07
    expect(roundUnits(-14463750n, 4, 2, 'half_up')).toBe(-144638n); // -1446.375 → -1446.38
    expect(roundUnits(-14463750n, 4, 2, 'half_even')).toBe(-144638n);
    expect(roundUnits(-14463750n, 4, 2, 'half_ceil')).toBe(-144637n);
    expect(roundUnits(-14463750n, 4, 2, 'down')).toBe(-144637n);
    expect(roundUnits(163725n, 3, 2, 'half_even')).toBe(16372n);
    expect(roundUnits(1005n, 3, 0, 'half_up')).toBe(1n); // 1.005 → 1
    expect(roundUnits(1500n, 3, 0, 'half_up')).toBe(2n);
  });

  it('scales up without rounding when the target scale is finer or equal', () => {
    expect(roundUnits(15n, 1, 3, 'down')).toBe(1500n);
    expect(roundUnits(-15n, 1, 4, 'half_up')).toBe(-15000n);
    expect(roundUnits(12345n, 2, 2, 'half_up')).toBe(12345n);
  });

  it('agrees with round() on the same amount', () => {
    for (const [units, scale] of [
      [1234565n, 4],
      [-987650n, 5],
      [5n, 3],
    ] as const) {
      const asDecimal = new Decimal(units.toString()).div(new Decimal(10).pow(scale));
      for (const method of ['half_up', 'half_even', 'down', 'half_ceil'] as const) {
        const viaRound = round(asDecimal, 2, method).times(100).toString();
        expect(roundUnits(units, scale, 2, method).toString()).toBe(viaRound);
      }
    }
  });
});

describe('round on amounts far beyond the engine limits', () => {
  it('stays exact in plain notation instead of failing on exponent notation', () => {
    const huge = `${'9'.repeat(120)}.995`;
    expect(round(huge, 2).toString()).toBe(`1${'0'.repeat(120)}`);
    expect(round(`-${huge}`, 2, 'down').toString()).toBe(`-${'9'.repeat(120)}.99`);
  });
});
