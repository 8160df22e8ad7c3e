import { describe, expect, it } from 'vitest';
import {
  decimalPlaces,
  formatUnits,
  formatUnitsTrimmed,
  isDecimalString,
  MAX_INTEGER_DIGITS,
  pow10,
  toUnits,
} from '../../src/index.js';

describe('isDecimalString', () => {
  it.each([
    ['0', 2],
    ['12', 0],
    ['12.5', 2],
    ['-12.50', 2],
    ['0.00000001', 8],
    ['-0.00', 2],
    ['-0', 0],
    ['007.10', 2], // leading zeros are still a decimal
    ['9'.repeat(16), 0], // 16 integer digits
    [`-${'9'.repeat(16)}.99`, 2],
  ])('accepts %j with at most %i decimals', (value, maxDecimals) => {
    expect(isDecimalString(value, maxDecimals)).toBe(true);
  });

  it.each([
    ['1e3', 8, 'exponent'],
    ['1E3', 8, 'exponent'],
    ['1.5e-2', 8, 'exponent'],
    ['+1', 8, 'plus sign'],
    [' 1', 8, 'leading space'],
    ['1 ', 8, 'trailing space'],
    ['.5', 8, 'no integer digit'],
    ['-.5', 8, 'no integer digit'],
    ['5.', 8, 'dot without decimals'],
    ['NaN', 8, 'NaN'],
    ['Infinity', 8, 'Infinity'],
    ['-Infinity', 8, 'Infinity'],
    ['', 8, 'empty'],
    ['-', 8, 'sign only'],
    ['--1', 8, 'double sign'],
    ['1,5', 8, 'decimal comma'],
    ['1_000', 8, 'separator'],
    ['0x10', 8, 'hex'],
    ['1'.repeat(17), 8, '17 integer digits'],
    [`-${'1'.repeat(17)}`, 8, '17 integer digits, negative'],
    ['0.123', 2, 'too many decimals'],
    ['1.0', 0, 'any decimal when none are allowed'],
    ['0.000000001', 8, 'nine decimals'],
    ['١٢', 8, 'non-ASCII digits'],
  ])('rejects %j (max %i decimals): %s', (value, maxDecimals) => {
    expect(isDecimalString(value, maxDecimals)).toBe(false);
  });

  it('has 16 as its integer-digit limit', () => {
    expect(MAX_INTEGER_DIGITS).toBe(16);
  });
});

describe('toUnits', () => {
  it.each([
    ['12.5', 2, 1250n],
    ['-12.5', 2, -1250n],
    ['3', 6, 3000000n],
    ['-3', 2, -300n],
    ['0.005', 3, 5n],
    ['-0.005', 4, -50n],
    ['7', 0, 7n],
    ['12.34', 2, 1234n],
    ['-0.00', 2, 0n],
    ['9999999999999999.99999999', 8, 999999999999999999999999n],
  ])('%j at scale %i → %s', (value, scale, expected) => {
    expect(toUnits(value, scale)).toBe(expected);
  });

  it('pads far beyond the cached zeros', () => {
    expect(toUnits('1', 70)).toBe(10n ** 70n);
    expect(toUnits('1.5', 70)).toBe(15n * 10n ** 69n);
  });

  it('throws a RangeError rather than rounding when the value has more decimals than the scale', () => {
    expect(() => toUnits('1.005', 2)).toThrow(RangeError);
    expect(() => toUnits('-1.5', 0)).toThrow(/more than 0 decimals/);
  });
});

describe('formatUnits', () => {
  it.each([
    [182807n, 2, '1828.07'],
    [-182807n, 2, '-1828.07'],
    [0n, 2, '0.00'],
    [-0n, 2, '0.00'],
    [5n, 3, '0.005'],
    [-5n, 3, '-0.005'],
    [50n, 2, '0.50'],
    [100n, 2, '1.00'],
    [270n, 0, '270'],
    [-270n, 0, '-270'],
    [0n, 0, '0'],
    [1n, 4, '0.0001'],
    [123456789012345678901234567890n, 8, '1234567890123456789012.34567890'],
  ])('%s at scale %i → %j', (units, scale, expected) => {
    expect(formatUnits(units, scale)).toBe(expected);
  });

  it('round-trips with toUnits, writing "-0.00" as "0.00"', () => {
    for (const value of ['0.01', '-0.01', '1234.50', '-99.99', '0.00']) {
      expect(formatUnits(toUnits(value, 2), 2)).toBe(value);
    }
    expect(formatUnits(toUnits('-0.00', 2), 2)).toBe('0.00');
    expect(formatUnits(toUnits('-0.000', 3), 3)).toBe('0.000');
  });
});

describe('formatUnitsTrimmed', () => {
  it.each([
    [1010000n, 5, '10.1'],
    [-2500n, 2, '-25'],
    [18280668n, 4, '1828.0668'],
    [0n, 3, '0'],
    [-5n, 3, '-0.005'],
    [10n, 1, '1'],
    [1000n, 0, '1000'], // integer zeros are not trimmed
    [-100n, 0, '-100'],
    [120n, 2, '1.2'],
  ])('%s at scale %i → %j', (units, scale, expected) => {
    expect(formatUnitsTrimmed(units, scale)).toBe(expected);
  });
});

describe('decimalPlaces', () => {
  it.each([
    ['10.50', 2],
    ['7', 0],
    ['-0.005', 3],
    ['-12', 0],
    ['0.00000001', 8],
  ])('%j has %i decimals', (value, expected) => {
    expect(decimalPlaces(value)).toBe(expected);
  });
});

describe('pow10', () => {
  it('computes powers of ten as bigints', () => {
    expect(pow10(0)).toBe(1n);
    expect(pow10(1)).toBe(10n);
    expect(pow10(3)).toBe(1000n);
    expect(pow10(25)).toBe(10000000000000000000000000n);
  });

  it('gives the same value when asked again (cached)', () => {
    expect(pow10(12)).toBe(1000000000000n);
    expect(pow10(12)).toBe(1000000000000n);
    expect(pow10(7) * pow10(5)).toBe(pow10(12));
  });
});
