/**
 * `fiscalkit/testing` Spanish NIF arbitraries (src/testing/spanishTin.ts), checked against
 * `checkSpanishTin` and the independent reference of test/support/identifiers.ts: valid NIFs (compact
 * and written) are valid, of their kind, with the labelled compact form; each near miss is refused
 * with the labelled kind; the check characters agree with es-tin.md §2 as the reference computes it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSpanishTin } from '../../src/identifiers/spanishTin.js';
import {
  SPANISH_TIN_DEFECTS,
  SPANISH_TIN_KINDS,
  spanishTinArb,
  spanishTinControls,
  spanishTinLikeArb,
  spanishTinNearMissArb,
  validSpanishTinArb,
} from '../../src/testing/index.js';
import { referenceControls, referenceNifKind, referenceNifValid } from '../support/identifiers.js';

/** The first characters of each form (es-tin.md §2). */
const FIRST_CHARACTERS = {
  dni: '0123456789',
  nie: 'XYZ',
  nif_klm: 'KLM',
  cif: 'ABCDEFGHJNPQRSUVW',
} as const;

describe('Spanish NIFs', () => {
  it('checkSpanishTin answers every labelled sample as labelled (valid, compact, kind)', () => {
    fc.assert(
      fc.property(spanishTinArb(), ({ tin, compact, valid, kind, defect }) => {
        expect(checkSpanishTin(tin)).toEqual({ valid, compact, normalized: `ES${compact}`, kind });
        expect(defect === null).toBe(valid);
        expect(referenceNifValid(tin)).toBe(valid);
      }),
      { numRuns: 200 },
    );
  });

  it.each(SPANISH_TIN_KINDS)(
    'valid %s NIFs, written as people write them, are valid and of their kind',
    (kind) => {
      fc.assert(
        fc.property(validSpanishTinArb({ kind, spelling: 'written' }), (sample) => {
          expect(sample.kind).toBe(kind);
          expect(checkSpanishTin(sample.tin)).toMatchObject({ valid: true, compact: sample.compact, kind });
        }),
        { numRuns: 100 },
      );
    },
  );

  it.each(SPANISH_TIN_DEFECTS)(
    'near misses (%s) are refused, with the kind their shape announces',
    (defect) => {
      fc.assert(
        fc.property(spanishTinNearMissArb({ defect }), (sample) => {
          expect(sample).toMatchObject({ valid: false, defect });
          expect(checkSpanishTin(sample.tin)).toMatchObject({ valid: false, kind: sample.kind });
          expect(referenceNifKind(sample.compact)).toBe(sample.kind);
          // Only a wrong check character keeps the shape of a form.
          expect(sample.kind !== null).toBe(defect === 'check_character');
        }),
        { numRuns: 100 },
      );
    },
  );

  it('every kind and defect is generated', () => {
    const samples = fc.sample(spanishTinArb(), { numRuns: 400, seed: 9 });
    expect(new Set(samples.filter((sample) => sample.valid).map((sample) => sample.kind))).toEqual(
      new Set(SPANISH_TIN_KINDS),
    );
    expect(new Set(samples.map((sample) => sample.defect).filter((defect) => defect !== null))).toEqual(
      new Set(SPANISH_TIN_DEFECTS),
    );
  });

  it('spanishTinControls agrees with the reference of es-tin.md §2', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...SPANISH_TIN_KINDS)
          .chain((kind) => fc.tuple(fc.constant(kind), fc.constantFrom(...FIRST_CHARACTERS[kind]))),
        fc.stringMatching(/^\d{7}$/),
        ([kind, first], seven) => {
          expect(spanishTinControls(kind, first + seven)).toEqual(referenceControls(kind, first + seven));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('spanishTinLikeArb: checkSpanishTin and the reference agree on NIF-like strings', () => {
    fc.assert(
      fc.property(spanishTinLikeArb, (tin) => {
        expect(checkSpanishTin(tin).valid).toBe(referenceNifValid(tin));
      }),
      { numRuns: 200 },
    );
  });
});
