/**
 * Polish NIP, REGON and KRS (shared/reference/es-tin.md §6): worked examples and properties against
 * the independent reference of test/support/identifiers.ts.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkPolishKrs, checkPolishNip, checkPolishRegon, isRegonShape } from '../../src/index.js';
import {
  digitsArb,
  NIP_WEIGHTS,
  REGON9_WEIGHTS,
  REGON14_WEIGHTS,
  referenceNipValid,
  referenceRegonValid,
  singleDigitChanges,
  TNR_NIP,
  validNipArb,
  validRegon9Arb,
  validRegon14Arb,
  weightedRemainder,
} from '../support/identifiers.js';

/** Whether two remainders are 0 and 10 in some order: both are written as the check digit 0. */
const zeroTenSwap = (a: number, b: number) => (a === 0 && b === 10) || (a === 10 && b === 0);

describe('NIP (es-tin.md §6.1)', () => {
  it('8567346215 is valid (weighted sum 203, 203 mod 11 = 5) and 8567346216 is not', () => {
    expect(weightedRemainder('856734621', NIP_WEIGHTS)).toBe(5);
    expect(checkPolishNip('8567346215')).toEqual({ valid: true, compact: '8567346215' });
    expect(checkPolishNip('8567346216')).toEqual({ valid: false, compact: '8567346216' });
  });

  it.each(['856-734-62-15', '856 734 62 15', 'PL8567346215', 'pl 856-734-62-15', ' PL-8567346215\t'])(
    'compacts %j to 8567346215 and accepts it',
    (input) => {
      expect(checkPolishNip(input)).toEqual({ valid: true, compact: '8567346215' });
    },
  );

  it('drops only one PL prefix', () => {
    expect(checkPolishNip('PLPL8567346215')).toEqual({ valid: false, compact: 'PL8567346215' });
  });

  it('has no valid NIP with the prefix 123456789 (remainder 10)', () => {
    expect(weightedRemainder('123456789', NIP_WEIGHTS)).toBe(10);
    for (const last of '0123456789') expect(checkPolishNip(`123456789${last}`).valid, last).toBe(false);
  });

  it.each(['1111111111', '9999999999', '3333333333'])(
    'the MF sample NIP %s passes (the weights sum to 45 ≡ 1 mod 11)',
    (nip) => {
      expect(checkPolishNip(nip).valid).toBe(true);
    },
  );

  it('enforces the FA(3) TNrNIP shape even when the checksum holds', () => {
    // Each of these has the right check digit for its first nine digits.
    for (const nip of ['1000000006', '0123456789', '0000000000', '2000000001']) {
      expect(weightedRemainder(nip, NIP_WEIGHTS), nip).toBe(Number(nip.charAt(9)));
      expect(TNR_NIP.test(nip), nip).toBe(false);
      expect(checkPolishNip(nip).valid, nip).toBe(false);
    }
    // Digits 2–3 may be zero one at a time.
    for (const prefix of ['101000000', '110000000']) {
      const nip = prefix + String(weightedRemainder(prefix, NIP_WEIGHTS));
      expect(checkPolishNip(nip).valid, nip).toBe(true);
    }
  });

  it.each([
    ['856734621', 'nine digits'],
    ['85673462150', 'eleven digits'],
    ['856734621A', 'a letter'],
    ['856.734.62.15', 'dots are not separators'],
    ['８５６７３４６２１５', 'full-width digits'],
    ['', 'empty'],
  ])('%j is invalid (%s)', (input) => {
    expect(checkPolishNip(input).valid).toBe(false);
  });

  test.prop([validNipArb])('a NIP built with the algorithm is valid', (nip) => {
    expect(checkPolishNip(nip)).toEqual({ valid: true, compact: nip });
  });

  test.prop([validNipArb])('every single-digit change makes a valid NIP invalid', (nip) => {
    // The weights 6 5 7 2 3 4 5 6 7 are all coprime to 11 and a digit changes by less than 11, so
    // the remainder always changes; a changed check digit no longer equals it; and a change that
    // breaks the TNrNIP shape is invalid too. So no single-digit change can survive.
    for (const { changed } of singleDigitChanges(nip)) {
      expect(checkPolishNip(changed).valid, changed).toBe(false);
    }
  });

  it('no weight times a digit change is a multiple of 11 (why the property above holds)', () => {
    for (const weight of NIP_WEIGHTS) {
      for (let change = 1; change <= 9; change += 1) expect((weight * change) % 11).not.toBe(0);
    }
  });

  test.prop([digitsArb(10)])('agrees with the reference on any 10 digits', (nip) => {
    expect(checkPolishNip(nip).valid).toBe(referenceNipValid(nip));
  });
});

describe('REGON (es-tin.md §6.2)', () => {
  it('123456785 is valid (sum 192, 192 mod 11 = 5)', () => {
    expect(weightedRemainder('12345678', REGON9_WEIGHTS)).toBe(5);
    expect(checkPolishRegon('123456785')).toEqual({ valid: true, compact: '123456785', length: 9 });
  });

  it('192598184 is valid and 192598183 is not', () => {
    expect(checkPolishRegon('192598184').valid).toBe(true);
    expect(checkPolishRegon('192598183')).toEqual({ valid: false, compact: '192598183', length: 9 });
  });

  it('12345678512347 is valid (prefix 123456785 valid, 13-digit sum 260, 260 mod 11 = 7)', () => {
    expect(weightedRemainder('1234567851234', REGON14_WEIGHTS)).toBe(7);
    expect(checkPolishRegon('12345678512347')).toEqual({
      valid: true,
      compact: '12345678512347',
      length: 14,
    });
  });

  it('12345678612342 is invalid: its 14-digit check holds but the 9-digit prefix fails', () => {
    expect(weightedRemainder('1234567861234', REGON14_WEIGHTS)).toBe(2);
    expect(checkPolishRegon('12345678612342')).toEqual({
      valid: false,
      compact: '12345678612342',
      length: 14,
    });
  });

  it('12345678512348 is invalid (last digit)', () => {
    expect(checkPolishRegon('12345678512348').valid).toBe(false);
  });

  it('writes a remainder of 10 as 0, in both checks', () => {
    // 8·6 + 9·8 + 2·3 + 3·4 + 4·5 + 5·6 + 6·7 + 7·0 = 230 = 20·11 + 10.
    expect(weightedRemainder('68345670', REGON9_WEIGHTS)).toBe(10);
    expect(checkPolishRegon('683456700').valid).toBe(true);
    const unit = '6834567006000'; // 191 + 1·6 = 197 = 17·11 + 10
    expect(weightedRemainder(unit, REGON14_WEIGHTS)).toBe(10);
    expect(checkPolishRegon(`${unit}0`).valid).toBe(true);
  });

  it('compacts spaces and dashes and reports the length by shape', () => {
    expect(checkPolishRegon('123-456-785')).toEqual({ valid: true, compact: '123456785', length: 9 });
    expect(checkPolishRegon(' 123456785 1234 7')).toEqual({
      valid: true,
      compact: '12345678512347',
      length: 14,
    });
    expect(checkPolishRegon('123456786')).toEqual({ valid: false, compact: '123456786', length: 9 });
    expect(checkPolishRegon('1234567851234')).toEqual({
      valid: false,
      compact: '1234567851234',
      length: null,
    });
    expect(checkPolishRegon('12345678A')).toEqual({ valid: false, compact: '12345678A', length: null });
    expect(checkPolishRegon('')).toEqual({ valid: false, compact: '', length: null });
  });

  test.prop([validRegon9Arb])('a 9-digit REGON built with the algorithm is valid', (regon) => {
    expect(checkPolishRegon(regon)).toEqual({ valid: true, compact: regon, length: 9 });
  });

  test.prop([validRegon14Arb])('a 14-digit REGON built with the algorithm is valid', (regon) => {
    expect(checkPolishRegon(regon)).toEqual({ valid: true, compact: regon, length: 14 });
  });

  test.prop([validRegon9Arb])(
    '9 digits: a single-digit change survives exactly when it moves the remainder between 0 and 10',
    (regon) => {
      // The weights 8 9 2 3 4 5 6 7 are coprime to 11, so a change of d1–d8 always changes the
      // remainder; but 10 is written as 0, so 0 → 10 and 10 → 0 keep the check digit 0 and pass.
      // A change of d9 (the check digit) always fails.
      const before = weightedRemainder(regon, REGON9_WEIGHTS);
      for (const { position, changed } of singleDigitChanges(regon)) {
        const after = weightedRemainder(changed, REGON9_WEIGHTS);
        const survives = position < 8 && zeroTenSwap(before, after);
        if (position < 8) expect(after, changed).not.toBe(before);
        expect(checkPolishRegon(changed).valid, changed).toBe(survives);
      }
    },
  );

  it('9 digits: the 0 ↔ 10 weakness is real (623456700 and 683456700 are both valid)', () => {
    expect(weightedRemainder('62345670', REGON9_WEIGHTS)).toBe(0);
    expect(weightedRemainder('68345670', REGON9_WEIGHTS)).toBe(10);
    expect(checkPolishRegon('623456700').valid).toBe(true);
    expect(checkPolishRegon('683456700').valid).toBe(true);
  });

  test.prop([validRegon14Arb])(
    '14 digits: a change of d5 (weight 0) is caught only by the 9-digit prefix check',
    (regon) => {
      for (const { position, changed } of singleDigitChanges(regon)) {
        if (position !== 4) continue;
        // The 14-digit sum does not see d5 at all…
        expect(weightedRemainder(changed, REGON14_WEIGHTS)).toBe(weightedRemainder(regon, REGON14_WEIGHTS));
        // …so the verdict is the prefix's: it survives only through the 0 ↔ 10 weakness.
        const survives = zeroTenSwap(
          weightedRemainder(regon, REGON9_WEIGHTS),
          weightedRemainder(changed, REGON9_WEIGHTS),
        );
        expect(checkPolishRegon(changed).valid, changed).toBe(survives);
        expect(checkPolishRegon(changed.slice(0, 9)).valid).toBe(survives);
      }
    },
  );

  it('14 digits: every d5 change of 12345678512347 is invalid, caught by the prefix', () => {
    for (const digit of '012346789') {
      const changed = `1234${digit}678512347`;
      expect(weightedRemainder(changed, REGON14_WEIGHTS) % 10).toBe(7);
      expect(checkPolishRegon(changed).valid, changed).toBe(false);
    }
  });

  test.prop([validRegon14Arb])(
    '14 digits: any single-digit change passes exactly when both checks still hold (reference)',
    (regon) => {
      let survivors = 0;
      for (const { position, changed } of singleDigitChanges(regon)) {
        const valid = checkPolishRegon(changed).valid;
        expect(valid, changed).toBe(referenceRegonValid(changed));
        // The check digit d14 and, beyond the 0 ↔ 10 weakness, every other digit are covered.
        if (position === 13) expect(valid, changed).toBe(false);
        if (valid) survivors += 1;
      }
      // At most the 0 ↔ 10 swaps survive: never more than one replacement digit per position.
      expect(survivors).toBeLessThanOrEqual(13);
    },
  );

  test.prop([fc.oneof(digitsArb(9), digitsArb(14))])(
    'agrees with the reference on any 9 or 14 digits',
    (regon) => {
      expect(checkPolishRegon(regon).valid).toBe(referenceRegonValid(regon));
    },
  );
});

describe('isRegonShape (spec §2.7, the 422 rule without checksum)', () => {
  it.each([
    ['123456785', true],
    ['123456786', true],
    ['12345678512347', true],
    ['12345678512348', true],
    ['12345678', false],
    ['1234567851', false],
    ['1234567851234', false],
    ['123456785123470', false],
    ['123-456-785', false],
    [' 123456785', false],
    ['12345678A', false],
    ['١٢٣٤٥٦٧٨٥', false],
    ['', false],
  ])('%j → %s', (value, shape) => {
    expect(isRegonShape(value)).toBe(shape);
  });

  test.prop([fc.string({ maxLength: 16 })])('is true exactly for 9 or 14 ASCII digits', (value) => {
    const expected =
      (value.length === 9 || value.length === 14) && [...value].every((c) => c >= '0' && c <= '9');
    expect(isRegonShape(value)).toBe(expected);
  });
});

describe('KRS (es-tin.md §6.3)', () => {
  it.each([
    ['0000012345', true, '0000012345'],
    ['0000 012 345', true, '0000012345'],
    ['0000-012-345', true, '0000012345'],
    ['12345', false, '12345'],
    ['00000123456', false, '00000123456'],
    ['000001234a', false, '000001234a'],
    ['٠٠٠٠٠١٢٣٤٥', false, '٠٠٠٠٠١٢٣٤٥'],
    ['', false, ''],
  ])('%j → valid %s, compact %s', (input, valid, compact) => {
    expect(checkPolishKrs(input)).toEqual({ valid, compact });
  });

  test.prop([digitsArb(10)])('any 10 digits are a valid KRS (there is no checksum)', (krs) => {
    expect(checkPolishKrs(krs)).toEqual({ valid: true, compact: krs });
  });

  test.prop([fc.integer({ min: 0, max: 20 }).filter((n) => n !== 10), fc.nat()])(
    'digits of any other length are not',
    (length, seed) => {
      const krs = String(seed).padStart(length, '7').slice(0, length);
      expect(krs).toHaveLength(length);
      expect(checkPolishKrs(krs).valid).toBe(false);
    },
  );
});
