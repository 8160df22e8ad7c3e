/**
 * The scheme words of `tin_scheme` (spec §2.3 "e.g. VAT, TAX"; issue #18 item 1): every code a word
 * names is a known scheme that Peppol does not mark deprecated or removed, of the country it is listed
 * under where the catalogue states one, and `tinSchemeCode` reads words with the party's country.
 */
import { describe, expect, it } from 'vitest';
import { DEPRECATED_SCHEMES, SCHEMES } from '../../src/codelists/schemes.js';
import { TIN_SCHEME_WORD_CODES, TIN_SCHEME_WORDS } from '../../src/codelists/tinSchemeWords.js';
import { tinSchemeCode, tinSchemeWord } from '../../src/identifiers/schemeCode.js';

describe('TIN_SCHEME_WORD_CODES', () => {
  it('names only known, current schemes, of the country the catalogue gives them', () => {
    for (const word of TIN_SCHEME_WORDS)
      for (const [country, code] of Object.entries(TIN_SCHEME_WORD_CODES[word])) {
        const entry = SCHEMES.find((scheme) => scheme.code === code);
        expect(entry, `${word} ${country} ${code}`).toBeDefined();
        expect(DEPRECATED_SCHEMES.has(code), `${word} ${country} ${code}`).toBe(false);
        if (entry?.country !== null) expect(entry?.country, `${word} ${country} ${code}`).toBe(country);
      }
  });
});

describe('tinSchemeCode', () => {
  it('reads a word with the country, in any case, and a code without one', () => {
    expect(tinSchemeCode('VAT', 'PL')).toBe('9945');
    expect(tinSchemeCode(' vat ', 'es')).toBe('9920');
    expect(tinSchemeCode('TAX', 'IT')).toBe('0210');
    expect(tinSchemeCode('VAT', 'IT')).toBe('0211');
    expect(tinSchemeCode('9920', null)).toBe('9920');
    expect(tinSchemeCode('7', null)).toBe('0007');
  });

  it('answers null for a word without a code in the country, without a country, or an unknown word', () => {
    expect(tinSchemeCode('VAT', 'US')).toBeNull();
    expect(tinSchemeCode('VAT', null)).toBeNull();
    expect(tinSchemeCode('VAT', 'constructor')).toBeNull();
    expect(tinSchemeCode('IVA', 'ES')).toBeNull();
    expect(tinSchemeWord('NIF')).toBeNull();
  });
});
