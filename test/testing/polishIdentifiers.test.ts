/**
 * `fiscalkit/testing` Polish identifier arbitraries (src/testing/polishIdentifiers.ts), checked
 * against `checkPolishNip`, `checkPolishRegon`, `checkPolishKrs` and the independent reference of
 * test/support/identifiers.ts: valid ones (compact and written) pass with the labelled compact form,
 * each near miss is refused for its labelled reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPolishKrs } from '../../src/identifiers/polishKrs.js';
import { checkPolishNip } from '../../src/identifiers/polishNip.js';
import { checkPolishRegon } from '../../src/identifiers/polishRegon.js';
import {
  POLISH_KRS_DEFECTS,
  POLISH_NIP_DEFECTS,
  POLISH_REGON_DEFECTS,
  polishKrsArb,
  polishKrsNearMissArb,
  polishNipArb,
  polishNipNearMissArb,
  polishRegonArb,
  polishRegonNearMissArb,
  validPolishRegonArb,
} from '../../src/testing/index.js';
import {
  NIP_WEIGHTS,
  REGON9_WEIGHTS,
  referenceNipValid,
  referenceRegonValid,
  TNR_NIP,
  weightedRemainder,
} from '../support/identifiers.js';

/** The defects a sample of `arb` shows (a fixed seed: the same samples each run). */
function defectsOf<T extends { defect: string | null }>(arb: fc.Arbitrary<T>): Set<string> {
  return new Set(
    fc
      .sample(arb, { numRuns: 300, seed: 9 })
      .map((sample) => sample.defect)
      .filter((defect): defect is string => defect !== null),
  );
}

describe('NIP', () => {
  it('checkPolishNip answers every labelled sample as labelled', () => {
    fc.assert(
      fc.property(polishNipArb(), ({ value, compact, valid }) => {
        expect(checkPolishNip(value)).toEqual({ valid, compact });
        expect(referenceNipValid(compact)).toBe(valid);
      }),
      { numRuns: 200 },
    );
  });

  it.each(POLISH_NIP_DEFECTS)('near misses (%s) fail for that reason', (defect) => {
    fc.assert(
      fc.property(polishNipNearMissArb({ defect }), ({ compact }) => {
        expect(checkPolishNip(compact).valid).toBe(false);
        const digits = /^\d{10}$/.test(compact);
        expect(digits).toBe(defect !== 'length' && defect !== 'non_digit');
        if (defect === 'shape') {
          expect(TNR_NIP.test(compact)).toBe(false);
          expect(weightedRemainder(compact, NIP_WEIGHTS)).toBe(Number(compact.charAt(9)));
        }
        if (defect === 'no_check_digit') expect(weightedRemainder(compact, NIP_WEIGHTS)).toBe(10);
        if (defect === 'check_digit') expect(TNR_NIP.test(compact)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('every defect is generated', () => {
    expect(defectsOf(polishNipArb())).toEqual(new Set(POLISH_NIP_DEFECTS));
  });
});

describe('REGON', () => {
  it('checkPolishRegon answers every labelled sample as labelled (length included)', () => {
    fc.assert(
      fc.property(polishRegonArb(), ({ value, compact, valid, length }) => {
        expect(checkPolishRegon(value)).toEqual({ valid, compact, length });
        expect(referenceRegonValid(compact)).toBe(valid);
      }),
      { numRuns: 200 },
    );
  });

  it.each([9, 14] as const)('valid %i-digit REGONs', (length) => {
    fc.assert(
      fc.property(validPolishRegonArb({ length, spelling: 'written' }), (sample) => {
        expect(sample.compact).toHaveLength(length);
        expect(checkPolishRegon(sample.value)).toEqual({ valid: true, compact: sample.compact, length });
      }),
      { numRuns: 100 },
    );
  });

  it.each(POLISH_REGON_DEFECTS)('near misses (%s) fail for that reason', (defect) => {
    fc.assert(
      fc.property(polishRegonNearMissArb({ defect }), ({ compact, length }) => {
        expect(checkPolishRegon(compact)).toMatchObject({ valid: false, length });
        if (defect === 'parent_check_digit') {
          expect(referenceRegonValid(compact.slice(0, 9))).toBe(false);
          expect(weightedRemainder(compact, REGON9_WEIGHTS) % 10).not.toBe(Number(compact.charAt(8)));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('every defect is generated', () => {
    expect(defectsOf(polishRegonArb())).toEqual(new Set(POLISH_REGON_DEFECTS));
  });
});

describe('KRS', () => {
  it('checkPolishKrs answers every labelled sample as labelled', () => {
    fc.assert(
      fc.property(polishKrsArb(), ({ value, compact, valid }) => {
        expect(checkPolishKrs(value)).toEqual({ valid, compact });
        expect(/^\d{10}$/.test(compact)).toBe(valid);
      }),
      { numRuns: 200 },
    );
  });

  it.each(POLISH_KRS_DEFECTS)('near misses (%s) are refused', (defect) => {
    fc.assert(
      fc.property(polishKrsNearMissArb({ defect }), ({ value }) => {
        expect(checkPolishKrs(value).valid).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('every defect is generated', () => {
    expect(defectsOf(polishKrsArb())).toEqual(new Set(POLISH_KRS_DEFECTS));
  });
});
