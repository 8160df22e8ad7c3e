/**
 * IBAN and BIC checks (through ibantools). The check digits of generated IBANs come from the
 * ISO 7064 MOD 97-10 oracle of test/support/identifiers.ts.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkBic, checkIban } from '../../src/index.js';
import { digitsArb, ibanCheckDigits, singleDigitChanges } from '../support/identifiers.js';

/** Published example IBANs (ECBS / national banking associations), one per country. */
const VALID_IBANS = [
  ['DE89 3704 0044 0532 0130 00', 'DE'],
  ['BE68 5390 0754 7034', 'BE'],
  ['ES91 2100 0418 4502 0005 1332', 'ES'],
  ['PL61 1090 1014 0000 0712 1981 2874', 'PL'],
  ['FR14 2004 1010 0505 0001 3M02 606', 'FR'],
  ['GB82 WEST 1234 5698 7654 32', 'GB'],
  ['NL91 ABNA 0417 1643 00', 'NL'],
] as const;

describe('checkIban', () => {
  it.each(VALID_IBANS)('%s is valid, country %s', (iban, country) => {
    const compact = iban.replaceAll(' ', '');
    // The oracle confirms the check digits are right, independently of ibantools.
    expect(ibanCheckDigits(country, compact.slice(4))).toBe(compact.slice(2, 4));
    expect(checkIban(iban)).toEqual({ valid: true, compact, country });
  });

  it('compacts spaces, dashes, tabs and no-break spaces, and upper-cases', () => {
    expect(checkIban('de89 3704 0044 0532 0130 00')).toEqual({
      valid: true,
      compact: 'DE89370400440532013000',
      country: 'DE',
    });
    expect(checkIban('DE89-3704-0044-0532-0130-00').compact).toBe('DE89370400440532013000');
    expect(checkIban('\tDE89\u00a037040044 0532013000\n').valid).toBe(true);
    expect(checkIban('gb82west12345698765432')).toMatchObject({ valid: true, country: 'GB' });
  });

  it.each([
    ['DE88 3704 0044 0532 0130 00', 'wrong check digits'],
    ['DE89 3704 0044 0532 0130 01', 'a changed account digit'],
    ['DE89 3704 0044 0532 0130 0', 'too short for DE'],
    ['DE89 3704 0044 0532 0130 000', 'too long for DE'],
    ['XX89 3704 0044 0532 0130 00', 'no such country'],
    ['US64 SVBK US6S 3300 9673 86', 'a country without IBANs'],
    ['DE89.3704.0044.0532.0130.00', 'dots are not separators'],
    ['', 'empty'],
  ])('%j is invalid (%s), with no country', (iban) => {
    expect(checkIban(iban)).toMatchObject({ valid: false, country: null });
  });

  it('applies the national BBAN check where ibantools has one (Belgium: first 10 digits mod 97)', () => {
    // Right IBAN check digits around a Belgian account number whose own check (35) is wrong (34).
    const bban = '539007547035';
    const iban = `BE${ibanCheckDigits('BE', bban)}${bban}`;
    expect(checkIban(iban)).toEqual({ valid: false, compact: iban, country: null });
  });

  it.each(VALID_IBANS)('every single-digit change of %s is invalid', (iban) => {
    // MOD 97-10 detects every single-character substitution.
    const compact = iban.replaceAll(' ', '');
    for (const { position, changed } of singleDigitChanges(compact)) {
      if (!/\d/.test(compact.charAt(position))) continue;
      expect(checkIban(changed).valid, changed).toBe(false);
    }
  });

  test.prop([digitsArb(18)])('a German IBAN with MOD 97-10 check digits is valid', (bban) => {
    const check = ibanCheckDigits('DE', bban);
    expect(checkIban(`DE${check}${bban}`)).toEqual({
      valid: true,
      compact: `DE${check}${bban}`,
      country: 'DE',
    });
  });

  test.prop([digitsArb(18), digitsArb(2)])('with any other check digits it is invalid', (bban, check) => {
    fc.pre(check !== ibanCheckDigits('DE', bban));
    expect(checkIban(`DE${check}${bban}`)).toMatchObject({ valid: false, country: null });
  });
});

describe('checkBic', () => {
  it.each([
    ['DEUTDEFF', 'DEUTDEFF'],
    ['deutdeff', 'DEUTDEFF'],
    ['DEUTDEFF500', 'DEUTDEFF500'],
    ['NEDSZAJJXXX', 'NEDSZAJJXXX'],
    ['BSCH ES MM', 'BSCHESMM'],
    ['PKOPPLPW', 'PKOPPLPW'],
    ['GEBABEBB', 'GEBABEBB'],
  ])('%j is valid (compact %s)', (bic, compact) => {
    expect(checkBic(bic)).toEqual({ valid: true, compact });
  });

  it.each([
    ['DEUTDEF', '7 characters'],
    ['DEUTDEFF5', '9 characters'],
    ['DEUTDEFF50', '10 characters'],
    ['DEUTDEFF5000', '12 characters'],
    ['DEU1DEFF', 'a digit in the bank code'],
    ['DEUTXXFF', 'no such country'],
    ['DEUT-DE-FF', 'dashes are not removed'],
    ['', 'empty'],
  ])('%j is invalid (%s)', (bic) => {
    expect(checkBic(bic).valid).toBe(false);
  });
});
