/**
 * Spanish NIF checks (shared/reference/es-tin.md §1, §2, §3, §5): the golden vectors exactly, the
 * worked examples, the kind of each form, and properties against the independent reference of
 * test/support/identifiers.ts.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkSpanishTin, compactSpanishTin, type SpanishTinKind } from '../../src/index.js';
import {
  anyValidNifArb,
  ENTITY_CONTROL_LETTERS,
  ENTITY_FIRST_LETTERS,
  NIF_LETTERS,
  nifLikeArb,
  referenceCompactNif,
  referenceNifKind,
  referenceNifValid,
  validNifArb,
} from '../support/identifiers.js';
import { hasShared, readSharedJson } from '../support/shared.js';

interface TinVector {
  input: string;
  valid: boolean;
  compact: string;
  source: string;
}

const vectors: TinVector[] = hasShared
  ? readSharedJson<{ vectors: TinVector[] }>('vectors', 'es-tin-vectors.json').vectors
  : [];

describe.skipIf(!hasShared)('golden vectors (shared/vectors/es-tin-vectors.json)', () => {
  it('has the 73 vectors of es-tin.md §3 (52 valid, 21 invalid)', () => {
    expect(vectors).toHaveLength(73);
    expect(vectors.filter((vector) => vector.valid)).toHaveLength(52);
  });

  for (const vector of vectors) {
    it(`${JSON.stringify(vector.input)} → ${vector.valid ? 'valid' : 'invalid'} ${vector.compact} (${vector.source})`, () => {
      expect(checkSpanishTin(vector.input)).toMatchObject({
        valid: vector.valid,
        compact: vector.compact,
        normalized: `ES${vector.compact}`,
      });
      expect(compactSpanishTin(vector.input)).toBe(vector.compact);
    });
  }

  it('the reference implementation of the tests agrees with every vector too', () => {
    // So that the properties below, which compare with it, rest on a checked oracle.
    for (const vector of vectors) {
      expect(referenceNifValid(vector.input), vector.input).toBe(vector.valid);
      expect(referenceCompactNif(vector.input), vector.input).toBe(vector.compact);
    }
  });
});

describe('worked examples (es-tin.md §2)', () => {
  it.each([
    ['12345678Z', 'dni'],
    ['54362315K', 'dni'],
    ['Y1234567X', 'nie'],
    ['K1234567L', 'nif_klm'],
    ['B12345674', 'cif'],
    ['B1234567D', 'cif'],
  ] as const)('%s is a valid %s', (tin, kind) => {
    expect(checkSpanishTin(tin)).toEqual({ valid: true, compact: tin, normalized: `ES${tin}`, kind });
  });

  it.each(['O1234567L', 'I12345674', 'T12345678'])(
    '%s starts with a letter of no form: invalid, kind null',
    (tin) => {
      expect(checkSpanishTin(tin)).toEqual({
        valid: false,
        compact: tin,
        normalized: `ES${tin}`,
        kind: null,
      });
    },
  );

  it('12345678 takes only the letter Z (12345678 mod 23 = 14)', () => {
    const accepted = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].filter(
      (control) => checkSpanishTin(`12345678${control}`).valid,
    );
    expect(accepted).toEqual(['Z']);
  });

  it('B1234567 takes exactly the digit 4 and the letter D (s = 26, c = 4)', () => {
    const accepted = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].filter(
      (control) => checkSpanishTin(`B1234567${control}`).valid,
    );
    expect(accepted).toEqual(['D', '4']);
  });

  it('accepts either control form for every entity letter (the lenient §2 decision)', () => {
    // The strict rule would reject B1234567D (B: digit only) and P28079002 (P: letter only).
    expect(checkSpanishTin('P28079002').valid).toBe(true);
    expect(checkSpanishTin('P2807900B').valid).toBe(true);
    for (const letter of ENTITY_FIRST_LETTERS) {
      expect(checkSpanishTin(`${letter}12345674`).valid, letter).toBe(true);
      expect(checkSpanishTin(`${letter}1234567D`).valid, letter).toBe(true);
    }
  });

  it('normalizes every input, valid or not, to ES + compact (es-tin.md §5)', () => {
    // The service's changelog example: B12345678 fails the entity check and is still normalized.
    expect(checkSpanishTin('B12345678')).toEqual({
      valid: false,
      compact: 'B12345678',
      normalized: 'ESB12345678',
      kind: 'cif',
    });
    expect(checkSpanishTin('ESB86561412').normalized).toBe('ESB86561412');
    expect(checkSpanishTin('').normalized).toBe('ES');
  });
});

describe('normalisation (es-tin.md §1)', () => {
  it.each([
    ['ES B-58378431', 'B58378431'],
    ['es.b/58.378.431', 'B58378431'],
    [' \tX-2482300w\n', 'X2482300W'],
    ['ES ES Y5277343F', 'ESY5277343F'],
    ['E S B58378431', 'B58378431'],
    ['1234567L', '1234567L'],
    ['ES', ''],
    ['', ''],
    ['B\u00a058378431', 'B58378431'],
  ])('%j → %s', (input, compact) => {
    expect(compactSpanishTin(input)).toBe(compact);
  });

  it('drops only one ES, so a doubled prefix is invalid', () => {
    expect(checkSpanishTin('ESES54362315K')).toMatchObject({ valid: false, kind: null });
    expect(checkSpanishTin('ES54362315K')).toMatchObject({ valid: true, kind: 'dni' });
  });

  it('does not zero-pad: an 8-character DNI is invalid (length)', () => {
    expect(checkSpanishTin('1234567L')).toMatchObject({ valid: false, kind: null });
    // Written with 8 digits, as AEAT does, it is valid: 01234567 mod 23 = 19 → L.
    expect(checkSpanishTin('01234567L')).toMatchObject({ valid: true, kind: 'dni' });
  });

  it('removes exactly the code units JavaScript \\s matches, plus - . / (every BMP code unit)', () => {
    const mismatches: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const input = `b1${String.fromCharCode(code)}2`;
      if (compactSpanishTin(input) !== referenceCompactNif(input)) mismatches.push(code.toString(16));
    }
    expect(mismatches).toEqual([]);
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 20 })])(
    'compacts any string as the reference does (full Unicode, lone surrogates included)',
    (input) => {
      expect(compactSpanishTin(input)).toBe(referenceCompactNif(input));
    },
  );

  it('upper-cases non-ASCII letters as String.prototype.toUpperCase does', () => {
    // U+017F LATIN SMALL LETTER LONG S upper-cases to S: "Eſ" becomes the prefix ES.
    expect(compactSpanishTin('e\u017f54362315k')).toBe('54362315K');
    expect(compactSpanishTin('ñ1234567l')).toBe('Ñ1234567L');
  });
});

describe('kind by shape', () => {
  it.each([
    ['54362315K', 'dni', true],
    ['54362315Z', 'dni', false],
    ['123456789', 'dni', false],
    ['X2482300W', 'nie', true],
    ['X13585626', 'nie', false],
    ['Z5277343K', 'nie', true],
    ['L1111111G', 'nif_klm', true],
    ['K2814015F', 'nif_klm', false],
    ['A11111119', 'cif', true],
    ['A11111118', 'cif', false],
    ['W4003922D', 'cif', true],
  ] as const)('%s is a %s (valid: %s)', (tin, kind, valid) => {
    expect(checkSpanishTin(tin)).toMatchObject({ kind, valid });
  });

  it.each([
    ['54362315', 'too short'],
    ['B583784312', 'too long'],
    ['B5837843A1', 'too long'],
    ['B58378A31', 'a letter among characters 2–8'],
    ['O1234567L', 'first letter O'],
    ['Ñ1234567L', 'first letter Ñ'],
    ['ES ES Y5277343F', 'duplicated prefix'],
    ['', 'empty'],
  ])('%s has no kind (%s)', (tin) => {
    expect(checkSpanishTin(tin)).toMatchObject({ kind: null, valid: false });
  });

  it('agrees with the reference on every first and last character around fixed digits', () => {
    const chars = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    for (const first of chars) {
      for (const last of chars) {
        const tin = `${first}1234567${last}`;
        const result = checkSpanishTin(tin);
        expect({ tin, kind: result.kind, valid: result.valid }).toEqual({
          tin,
          kind: referenceNifKind(tin),
          valid: referenceNifValid(tin),
        });
      }
    }
  });
});

describe('properties', () => {
  const kinds: SpanishTinKind[] = ['dni', 'nie', 'nif_klm', 'cif'];

  for (const kind of kinds) {
    test.prop([validNifArb(kind)])(
      `a ${kind} built with the algorithm is valid and of its kind`,
      ({ tin }) => {
        expect(checkSpanishTin(tin)).toEqual({ valid: true, compact: tin, normalized: `ES${tin}`, kind });
      },
    );
  }

  test.prop([anyValidNifArb, fc.nat(), fc.integer({ min: 1, max: 9 })])(
    'changing one digit to a different digit makes it invalid',
    ({ tin, kind }, pick, step) => {
      // Digits are characters 2–8, and the first character of a DNI. mod 23 (23 is prime and larger
      // than any digit change) and the Luhn digit both catch every single-digit change.
      const positions = kind === 'dni' ? [0, 1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5, 6, 7];
      const position = positions[pick % positions.length] ?? 1;
      const digit = String((Number(tin.charAt(position)) + step) % 10);
      const changed = tin.slice(0, position) + digit + tin.slice(position + 1);
      expect(changed).not.toBe(tin);
      expect(checkSpanishTin(changed).valid).toBe(false);
      expect(checkSpanishTin(changed).kind).toBe(kind);
    },
  );

  test.prop([anyValidNifArb, fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')])(
    'changing the check character makes it invalid (except an entity control to its other form)',
    ({ tin, kind }, control) => {
      const original = tin.charAt(8);
      fc.pre(control !== original);
      if (kind === 'cif') {
        // Excluded here, tested below: the digit c and the letter JABCDEFGHI[c] are the same control.
        const digitForm = /\d/.test(original) ? original : String(ENTITY_CONTROL_LETTERS.indexOf(original));
        const letterForm = ENTITY_CONTROL_LETTERS.charAt(Number(digitForm));
        fc.pre(control !== digitForm && control !== letterForm);
      }
      expect(checkSpanishTin(tin.slice(0, 8) + control).valid).toBe(false);
    },
  );

  test.prop([validNifArb('cif')])(
    'an entity NIF stays valid when its control switches between digit and letter form',
    ({ tin }) => {
      const control = tin.charAt(8);
      const other = /\d/.test(control)
        ? ENTITY_CONTROL_LETTERS.charAt(Number(control))
        : String(ENTITY_CONTROL_LETTERS.indexOf(control));
      expect(other).not.toBe(control);
      expect(checkSpanishTin(tin.slice(0, 8) + other).valid).toBe(true);
    },
  );

  test.prop([validNifArb('nif_klm'), fc.constantFrom(...'KLM')])(
    'the K, L or M of a special NIF is not covered by the check letter (es-tin.md §2)',
    ({ tin }, letter) => {
      expect(checkSpanishTin(letter + tin.slice(1))).toMatchObject({ valid: true, kind: 'nif_klm' });
    },
  );

  test.prop([validNifArb('nie'), fc.constantFrom(...'XYZ')])(
    'the X, Y or Z of a NIE is covered: another one makes it invalid',
    ({ tin }, letter) => {
      fc.pre(letter !== tin.charAt(0));
      expect(checkSpanishTin(letter + tin.slice(1)).valid).toBe(false);
    },
  );

  test.prop([validNifArb('cif'), fc.constantFrom(...ENTITY_FIRST_LETTERS)])(
    'the first letter of an entity NIF is not covered by the control (only the seven digits are)',
    ({ tin }, letter) => {
      expect(checkSpanishTin(letter + tin.slice(1))).toMatchObject({ valid: true, kind: 'cif' });
    },
  );

  const separatorArb = fc.constantFrom('', '', '', ' ', '-', '.', '/', '\t', '\u00a0', ' - ');
  const prefixArb = fc.constantFrom('', 'ES', 'es', 'Es', 'eS', 'ES ', 'ES-', 'E S', 'es.');

  test.prop([
    fc.oneof(
      anyValidNifArb.map(({ tin }) => tin),
      nifLikeArb,
    ),
    prefixArb,
    fc.array(separatorArb, { minLength: 12, maxLength: 12 }),
    fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
  ])(
    'separators, lower case and an ES prefix never change the verdict, compact form or kind',
    (tin, prefix, separators, lowerCase) => {
      const decorated =
        prefix +
        [...tin]
          .map((char, i) => (separators[i] ?? '') + (lowerCase[i] ? char.toLowerCase() : char))
          .join('') +
        (separators[11] ?? '');
      expect(checkSpanishTin(decorated)).toEqual(checkSpanishTin(tin));
      expect(checkSpanishTin(decorated).compact).toBe(tin);
    },
  );

  test.prop([
    fc.oneof(
      nifLikeArb,
      anyValidNifArb.map(({ tin }) => tin),
      fc.string({ maxLength: 14 }),
    ),
  ])('valid, compact and kind agree with the reference implementation', (input) => {
    const compact = referenceCompactNif(input);
    expect(checkSpanishTin(input)).toEqual({
      valid: referenceNifValid(input),
      compact,
      normalized: `ES${compact}`,
      kind: referenceNifKind(compact),
    });
  });

  it('the control-letter table has 23 distinct letters, none of I, Ñ, O, U', () => {
    // A sanity check of the test oracle's table against es-tin.md §2.
    expect(new Set(NIF_LETTERS).size).toBe(23);
    expect([...NIF_LETTERS].filter((letter) => 'IÑOU'.includes(letter))).toEqual([]);
  });
});
