import { describe, expect, it } from 'vitest';
import { padSchemeCode, SCHEMES, schemeCode } from '../../src/index.js';

describe('schemeCode (spec §2.2, api-notes.md §3.2)', () => {
  it.each([
    ['7', '0007'],
    ['0007', '0007'],
    ['9920', '9920'],
    [' 88 ', '0088'],
    ['88', '0088'],
    ['208', '0208'],
    ['8036', '8036'],
    ['\t9925\n', '9925'],
  ])('pads %j to %j', (value, expected) => {
    expect(schemeCode(value)).toBe(expected);
  });

  it.each([
    ['0001', 'the old placeholder, not an assigned scheme'],
    ['1', 'pads to 0001'],
    ['0', 'pads to 0000'],
    ['9903', 'never assigned'],
    ['VAT', 'not digits'],
    ['12345', 'five digits'],
    ['09920', 'five digits, even with a leading zero'],
    ['', 'empty'],
    ['   ', 'blank'],
    ['-7', 'sign'],
    ['7.0', 'decimal'],
    ['9 920', 'inner space'],
    ['٩٩٢٠', 'non-ASCII digits'],
  ])('gives null for %j (%s)', (value) => {
    expect(schemeCode(value)).toBeNull();
  });

  it('gives null for null and undefined', () => {
    expect(schemeCode(null)).toBeNull();
    expect(schemeCode(undefined)).toBeNull();
  });

  it('returns every catalogue code unchanged, and finds it again without its leading zeros', () => {
    for (const { code } of SCHEMES) {
      expect(schemeCode(code)).toBe(code);
      expect(schemeCode(code.replace(/^0+/, ''))).toBe(code);
    }
  });
});

describe('padSchemeCode', () => {
  it.each([
    ['7', '0007'],
    [' 42 ', '0042'],
    ['0001', '0001'],
    ['9999', '9999'],
  ])('pads %j to %j without looking it up', (value, expected) => {
    expect(padSchemeCode(value)).toBe(expected);
  });

  it.each(['', 'VAT', '12345', '1e3', '0x1F'])('gives null for %j', (value) => {
    expect(padSchemeCode(value)).toBeNull();
  });
});
