import { describe, expect, it } from 'vitest';
import { euVatPrefixOf, isEuVatPrefix } from '../../src/codelists/euVatPrefixes.js';
import { isRuleId } from '../../src/errors/ruleId.js';
import {
  accountTaxId,
  invoiceParty,
  partyCountry,
  refused,
  taxIdPrefix,
} from '../../src/generate/parties.js';
import { checkPolishNip } from '../../src/identifiers/polishNip.js';
import { checkSpanishTin } from '../../src/identifiers/spanishTin.js';
import { euCodeOf, looksLikePolishNip } from '../../src/ksef/partyIdentification.js';
import { polishContact } from '../support/ksefInvoices.js';

/** What the party builders of both formats share (src/generate/parties.ts, issue #20 "one home per fact"). */
describe('accountTaxId: the seller is the account, by its tin_value', () => {
  const nip = {
    rule: 'ksef.6.1.seller-nip',
    check: checkPolishNip,
    blank: 'is required',
    invalid: 'is no NIP',
  };
  const nif = {
    rule: 'sii.3.titular-nif',
    check: checkSpanishTin,
    blank: 'is required',
    invalid: 'is no NIF',
  };

  it('answers the compact form the authority check gives', () => {
    expect(accountTaxId({ tin_value: 'PL 999-999-99-99' }, nip)).toEqual({
      success: true,
      data: '9999999999',
    });
    expect(accountTaxId({ tin_value: 'ES B-12345674' }, nif)).toEqual({ success: true, data: 'B12345674' });
  });

  it.each([null, undefined, '', '   '])(
    'refuses a missing tin_value (%j) as parameter_blank with the rule id',
    (tin) => {
      expect(accountTaxId({ tin_value: tin as string | null }, nip)).toEqual({
        success: false,
        issues: [
          {
            rule: 'ksef.6.1.seller-nip',
            code: 'parameter_blank',
            param: 'account.tin_value',
            message: 'account.tin_value is required',
          },
        ],
      });
    },
  );

  it('refuses what the check refuses as parameter_invalid with the rule id', () => {
    expect(accountTaxId({ tin_value: 'B12345674' }, nip)).toEqual({
      success: false,
      issues: [
        {
          rule: 'ksef.6.1.seller-nip',
          code: 'parameter_invalid',
          param: 'account.tin_value',
          message: 'account.tin_value is no NIP',
        },
      ],
    });
    expect(accountTaxId({ tin_value: '9999999999' }, nif)).toMatchObject({
      success: false,
      issues: [{ rule: 'sii.3.titular-nif', code: 'parameter_invalid' }],
    });
  });
});

describe('invoiceParty, partyCountry, taxIdPrefix, refused', () => {
  it('reads the stored contact first, else the summary the invoice keeps, else nothing', () => {
    const stored = polishContact();
    const summary = { name: 'ACME SL', tin_value: 'B12345674', country: 'ES' };
    expect(invoiceParty(stored, { contact: summary })).toBe(stored);
    expect(invoiceParty(null, { contact: summary })).toBe(summary);
    expect(invoiceParty(null, { contact: null })).toBeNull();
    expect(invoiceParty(null, {})).toBeNull();
  });

  it('writes a country trimmed and upper case, null when absent or blank', () => {
    expect(partyCountry({ country: ' pl ' })).toBe('PL');
    expect(partyCountry({ country: '' })).toBeNull();
    expect(partyCountry({})).toBeNull();
  });

  it('takes the first two characters of a tax id without spaces, dots and dashes, upper case', () => {
    expect(taxIdPrefix('fr 40 303 265 045')).toBe('FR');
    expect(taxIdPrefix('e.l-094259216')).toBe('EL');
    expect(taxIdPrefix('12-3456789')).toBe('12');
    expect(taxIdPrefix('')).toBe('');
  });

  it('refuses with one issue carrying a well-formed rule id', () => {
    const result = refused('spec.2.5.4', 'parameter_blank', ['contact'], 'is required');
    expect(result).toEqual({
      success: false,
      issues: [
        { rule: 'spec.2.5.4', code: 'parameter_blank', param: 'contact', message: 'contact is required' },
      ],
    });
    expect(isRuleId(result.issues[0]?.rule ?? '')).toBe(true);
  });
});

describe('the EU VAT prefix of a country: one mapping for both formats', () => {
  it('maps GR to EL, keeps XI, and answers null outside the EU', () => {
    expect(euVatPrefixOf('GR')).toBe('EL');
    expect(euVatPrefixOf('XI')).toBe('XI');
    expect(euVatPrefixOf('DE')).toBe('DE');
    expect(euVatPrefixOf('US')).toBeNull();
    expect(euVatPrefixOf('EL')).toBe('EL');
    expect(euVatPrefixOf(null)).toBeNull();
    expect(euVatPrefixOf(undefined)).toBeNull();
  });

  it('is what the FA(3) euCodeOf answers, for every two-letter code', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters)
      for (const b of letters) {
        const code = `${a}${b}`;
        expect(euCodeOf(code)).toBe(euVatPrefixOf(code));
        if (code !== 'GR') expect(euVatPrefixOf(code) !== null).toBe(isEuVatPrefix(code));
      }
  });
});

describe('looksLikePolishNip: the one NIP-shape test of the FA(3) party code', () => {
  it.each<[string, string | null | undefined, boolean]>([
    ['1111111111', null, true],
    ['PL 111-111-11-12', 'PL', true], // the shape holds; the check digit is another question
    ['1111111111', undefined, true],
    ['1111111111', 'DE', false],
    ['111111111', null, false],
    ['DE123456789', null, false],
  ])('%s with country %s: %s', (taxId, country, expected) => {
    expect(looksLikePolishNip(taxId, country)).toBe(expected);
  });
});
