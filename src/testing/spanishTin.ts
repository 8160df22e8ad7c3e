/**
 * fast-check arbitraries of Spanish tax identification numbers (NIF, `shared/reference/es-tin.md`
 * §1, §2): valid DNI, NIE, K/L/M and entity (former CIF) numbers, spelt as people write them, and
 * near misses (a wrong check character, a wrong length, a bad first letter, a letter among the
 * digits), each labelled with what `checkSpanishTin` must answer.
 *
 * The check characters are computed here the plain way, as es-tin.md §2 states the formulas
 * (BigInt, string tables), sharing no code with `src/identifiers/spanishTin.ts`, so that a property
 * comparing the two means something.
 */
import * as fc from 'fast-check';
import type { SpanishTinKind } from '../identifiers/spanishTin.js';
import { digitsArb } from './decimal.js';

/** The DNI / NIE / K-L-M control letters, indexed by `number mod 23` (es-tin.md §2). */
const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** The letter form of entity control digit `c` is `ENTITY_LETTERS[c]` (es-tin.md §2). */
const ENTITY_LETTERS = 'JABCDEFGHI';
/** First letters of entity NIFs (es-tin.md §2). */
const ENTITY_FIRST_LETTERS = 'ABCDEFGHJNPQRSUVW';
/** Upper-case letters that start no form of es-tin.md §2. */
const NO_FORM_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].filter(
  (letter) => !`XYZKLM${ENTITY_FIRST_LETTERS}`.includes(letter),
);

const DIGITS = '0123456789';
const digitArb = fc.constantFrom(...DIGITS);

/** The control letter of a number given as decimal digits: `CONTROL_LETTERS[number mod 23]`. */
function controlLetter(digits: string): string {
  // money-safe: check-character arithmetic, the remainder of a bigint below 23
  return CONTROL_LETTERS.charAt(Number(BigInt(digits) % 23n));
}

/** The entity (Luhn) control digit of seven digits (es-tin.md §2). */
function entityControlDigit(seven: string): number {
  let sum = 0n;
  [...seven].forEach((char, index) => {
    const digit = BigInt(char);
    // Positions 1, 3, 5, 7 (index 0, 2, 4, 6) are doubled and their digits summed.
    const doubled = digit * 2n;
    // money-safe: the parity of a position (a count), not an amount
    const odd = index % 2 === 0;
    sum += odd ? doubled / 10n + (doubled % 10n) : digit;
  });
  // money-safe: check-digit arithmetic, a bigint below 10 turned into its digit
  return Number((10n - (sum % 10n)) % 10n);
}

/**
 * The check characters es-tin.md §2 accepts after the first eight characters of a NIF of `kind`:
 * one letter for DNI (the eight digits), NIE (`X`, `Y`, `Z` read as 0, 1, 2) and K/L/M (the seven
 * digits alone); the control digit and its letter for entities (fiscalkit's lenient §2 decision:
 * either form, whatever the entity letter).
 *
 * @example
 * ```ts
 * spanishTinControls('dni', '12345678'); // ['Z']
 * spanishTinControls('cif', 'B1234567'); // ['4', 'D']
 * ```
 */
export function spanishTinControls(kind: SpanishTinKind, firstEight: string): string[] {
  const first = firstEight.charAt(0);
  const seven = firstEight.slice(1);
  switch (kind) {
    case 'dni':
      return [controlLetter(firstEight)];
    case 'nie':
      return [controlLetter(String('XYZ'.indexOf(first)) + seven)];
    case 'nif_klm':
      return [controlLetter(seven)];
    case 'cif': {
      const control = entityControlDigit(seven);
      return [String(control), ENTITY_LETTERS.charAt(control)];
    }
  }
}

/** How a generated TIN is written: compact, or as people type it (es-tin.md §1 normalises all). */
export type SpanishTinSpelling = 'compact' | 'written';

/**
 * Why a generated Spanish TIN is not valid (es-tin.md §2):
 * - `check_character`: the shape of its form, with a check character that is not the right one;
 * - `length`: one character too few or too many;
 * - `first_character`: a letter that starts no form (`I`, `O`, `T`, …);
 * - `letter_in_digits`: a letter among characters 2–8.
 */
export type SpanishTinDefect = 'check_character' | 'length' | 'first_character' | 'letter_in_digits';

/**
 * Every {@link SpanishTinDefect}.
 *
 * @example
 * ```ts
 * SPANISH_TIN_DEFECTS.length; // 4
 * ```
 */
export const SPANISH_TIN_DEFECTS: readonly SpanishTinDefect[] = [
  'check_character',
  'length',
  'first_character',
  'letter_in_digits',
];

/**
 * Every form of a Spanish NIF, as `checkSpanishTin` names them.
 *
 * @example
 * ```ts
 * SPANISH_TIN_KINDS.includes('nif_klm'); // true
 * ```
 */
export const SPANISH_TIN_KINDS: readonly SpanishTinKind[] = ['dni', 'nie', 'nif_klm', 'cif'];

/**
 * A generated Spanish TIN and what `checkSpanishTin(tin)` must answer for it: `valid`, `compact`
 * and `kind` are the fields of its result; `defect` says why an invalid one is invalid.
 */
export interface SpanishTinSample {
  /** The TIN as written (compact, or with `ES`, separators, lower case). */
  tin: string;
  /** The compact national form (es-tin.md §1): `checkSpanishTin(tin).compact`. */
  compact: string;
  /** `checkSpanishTin(tin).valid`. */
  valid: boolean;
  /** `checkSpanishTin(tin).kind`: the form recognised by shape, null when none fits. */
  kind: SpanishTinKind | null;
  /** Why it is invalid; null for a valid TIN. */
  defect: SpanishTinDefect | null;
}

/** A compact NIF written the ways es-tin.md §1 removes: `ES`, spaces, `-`, `.`, `/`, lower case. */
function writtenArb(compact: string): fc.Arbitrary<string> {
  return fc
    .record({
      prefix: fc.constantFrom('', 'ES', 'es', 'ES ', 'ES-'),
      separator: fc.constantFrom('', ' ', '-', '.', '/'),
      lower: fc.boolean(),
      padding: fc.constantFrom('', ' ', '\t'),
    })
    .map(({ prefix, separator, lower, padding }) => {
      const body = `${compact.slice(0, 1)}${separator}${compact.slice(1, 8)}${separator}${compact.slice(8)}`;
      const text = `${padding}${prefix}${body}${padding}`;
      return lower ? text.toLowerCase() : text;
    });
}

/** The first character of a NIF of `kind`. */
function firstCharacterArb(kind: SpanishTinKind): fc.Arbitrary<string> {
  if (kind === 'dni') return digitArb;
  if (kind === 'nie') return fc.constantFrom(...'XYZ');
  if (kind === 'nif_klm') return fc.constantFrom(...'KLM');
  return fc.constantFrom(...ENTITY_FIRST_LETTERS);
}

/** Options of {@link validSpanishTinArb}. */
export interface ValidSpanishTinArbOptions {
  /** The form; default any of {@link SPANISH_TIN_KINDS}. */
  kind?: SpanishTinKind;
  /** `compact` (default) or `written` (with `ES`, separators, lower case, surrounding blanks). */
  spelling?: SpanishTinSpelling;
}

/**
 * Valid Spanish NIFs of one form (or any), with the right check character computed from es-tin.md
 * §2 (entities in both control forms, digit and letter), compact or written as people write them.
 *
 * @example
 * ```ts
 * // My TIN validator accepts every valid NIF fiscalkit accepts, and normalises it the same way:
 * fc.assert(fc.property(validSpanishTinArb({ spelling: 'written' }), ({ tin, compact, kind }) => {
 *   expect(myValidator.check(tin)).toEqual({ valid: true, compact, kind });
 *   expect(checkSpanishTin(tin)).toMatchObject({ valid: true, compact, kind });
 * }));
 * ```
 */
export function validSpanishTinArb(options: ValidSpanishTinArbOptions = {}): fc.Arbitrary<SpanishTinSample> {
  const kindArb =
    options.kind === undefined ? fc.constantFrom(...SPANISH_TIN_KINDS) : fc.constant(options.kind);
  return kindArb.chain((kind) =>
    fc.tuple(firstCharacterArb(kind), digitsArb(7), fc.nat(1)).chain(([first, seven, form]) => {
      const firstEight = first + seven;
      const controls = spanishTinControls(kind, firstEight);
      const compact = firstEight + (controls[form] ?? controls[0] ?? '');
      const tin = options.spelling === 'written' ? writtenArb(compact) : fc.constant(compact);
      return tin.map((written) => ({ tin: written, compact, valid: true, kind, defect: null }));
    }),
  );
}

/** A near miss of one defect, from a valid compact NIF of `kind`. */
function nearMissOf(defect: SpanishTinDefect, kind: SpanishTinKind): fc.Arbitrary<SpanishTinSample> {
  const valid = validSpanishTinArb({ kind }).map((sample) => sample.compact);
  const sample = (compact: string, shapeKind: SpanishTinKind | null): SpanishTinSample => ({
    tin: compact,
    compact,
    valid: false,
    kind: shapeKind,
    defect,
  });
  switch (defect) {
    case 'check_character':
      return fc.tuple(valid, fc.constantFrom(...DIGITS, ...CONTROL_LETTERS)).map(([compact, other]) => {
        // Any character the form does not accept: for an entity neither the digit nor its letter.
        const accepted = spanishTinControls(kind, compact.slice(0, 8));
        const wrong = accepted.includes(other)
          ? ([...DIGITS, ...CONTROL_LETTERS].find((char) => !accepted.includes(char)) ?? '?')
          : other;
        return sample(compact.slice(0, 8) + wrong, kind);
      });
    case 'length':
      return fc
        .tuple(valid, fc.boolean(), digitArb)
        .map(([compact, shorter, extra]) =>
          sample(
            shorter ? compact.slice(0, 1) + compact.slice(2) : compact.slice(0, 8) + extra + compact.slice(8),
            null,
          ),
        );
    case 'first_character':
      return fc
        .tuple(valid, fc.constantFrom(...NO_FORM_LETTERS))
        .map(([compact, letter]) => sample(letter + compact.slice(1), null));
    case 'letter_in_digits':
      return fc
        .tuple(valid, fc.integer({ min: 1, max: 7 }), fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ'))
        .map(([compact, position, letter]) =>
          sample(compact.slice(0, position) + letter + compact.slice(position + 1), null),
        );
  }
}

/** Options of {@link spanishTinNearMissArb}. */
export interface SpanishTinNearMissArbOptions {
  /** The defect; default any of {@link SPANISH_TIN_DEFECTS}. */
  defect?: SpanishTinDefect;
  /** The form the near miss is made from; default any of {@link SPANISH_TIN_KINDS}. */
  kind?: SpanishTinKind;
}

/**
 * Near misses: a valid compact NIF with one deliberate defect ({@link SpanishTinDefect}), labelled
 * with what `checkSpanishTin` must answer (`valid: false`; `kind` kept for a wrong check character,
 * null for the others, whose shape fits no form).
 *
 * @example
 * ```ts
 * // My validator refuses every near miss fiscalkit refuses, for the same reason:
 * fc.assert(fc.property(spanishTinNearMissArb(), ({ tin, kind, defect }) => {
 *   expect(checkSpanishTin(tin)).toMatchObject({ valid: false, kind });
 *   expect(myValidator.check(tin)).toEqual({ valid: false, reason: defect });
 * }));
 * ```
 */
export function spanishTinNearMissArb(
  options: SpanishTinNearMissArbOptions = {},
): fc.Arbitrary<SpanishTinSample> {
  const defectArb =
    options.defect === undefined ? fc.constantFrom(...SPANISH_TIN_DEFECTS) : fc.constant(options.defect);
  const kindArb =
    options.kind === undefined ? fc.constantFrom(...SPANISH_TIN_KINDS) : fc.constant(options.kind);
  return (
    fc
      .tuple(defectArb, kindArb)
      .chain(([defect, kind]) => nearMissOf(defect, kind))
      // A compact form starting with `ES` (an entity `E` followed by the letter `S`) would lose its
      // first two characters to es-tin.md §1; such a near miss says nothing about its defect.
      .filter((sample) => !sample.compact.startsWith('ES'))
  );
}

/**
 * Valid NIFs (compact or written) and near misses, about half each, all labelled: the one
 * arbitrary for "my validator agrees with fiscalkit's".
 *
 * @example
 * ```ts
 * fc.assert(fc.property(spanishTinArb(), ({ tin, valid, compact, kind }) => {
 *   expect(checkSpanishTin(tin)).toMatchObject({ valid, compact, kind });
 *   expect(myValidator.isValid(tin)).toBe(valid);
 * }));
 * ```
 */
export function spanishTinArb(): fc.Arbitrary<SpanishTinSample> {
  return fc.oneof(
    validSpanishTinArb(),
    validSpanishTinArb({ spelling: 'written' }),
    spanishTinNearMissArb(),
    spanishTinNearMissArb({ defect: 'check_character' }),
  );
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * NIF-like compact strings, valid or not, unlabelled: a first character from `[0-9A-Z]`, mostly
 * digits in between (sometimes a letter), a last character from `[0-9A-Z]`, 8 to 10 long. For
 * comparing two validators on inputs neither was written for.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(spanishTinLikeArb, (tin) => myValidator.isValid(tin) === checkSpanishTin(tin).valid));
 * ```
 */
export const spanishTinLikeArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...ALPHANUMERIC),
    fc.array(fc.oneof({ weight: 20, arbitrary: digitArb }, fc.constantFrom(...ALPHANUMERIC)), {
      minLength: 6,
      maxLength: 8,
    }),
    fc.constantFrom(...ALPHANUMERIC),
  )
  .map(([first, middle, last]) => first + middle.join('') + last)
  .filter((tin) => !tin.startsWith('ES'));
