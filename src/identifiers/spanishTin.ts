/**
 * Spanish tax identification numbers (NIF): normalisation and check characters
 * (`shared/reference/es-tin.md` §1, §2 and §5).
 *
 * TIN verification requests carry up to 20,000 TINs (spec §4.3), so this runs on a hot path: one
 * pass over char codes, no regular expressions, and no allocation beyond the compact and normalized
 * strings and the result (plus one upper-casing for lower-case or non-ASCII input).
 *
 * The arithmetic is on check digits, never on money: every value is an integer below 10^8, far
 * inside the exact integer range of a double.
 */
import type { IdentifierCheck } from './identifierCheck.js';

/**
 * The form of a Spanish NIF, by its first character (es-tin.md §2): `dni` (8 digits and a letter),
 * `nie` (foreigners: `X`, `Y`, `Z`), `nif_klm` (natural persons without DNI or NIE: `K`, `L`, `M`)
 * and `cif` (entities, the former CIF: `A B C D E F G H J N P Q R S U V W`).
 */
export type SpanishTinKind = 'dni' | 'nie' | 'cif' | 'nif_klm';

/** The result of {@link checkSpanishTin}. */
export interface SpanishTinCheck extends IdentifierCheck {
  /** Format and check character right (es-tin.md §2, entity control as digit or letter). */
  valid: boolean;
  /** The compact national form of es-tin.md §1 (no `ES`), the form sent to the AEAT census. */
  compact: string;
  /** `'ES'` + `compact`, for every input, valid or not: the `normalized_tin` of es-tin.md §5. */
  normalized: string;
  /**
   * The form recognised by shape (9 characters, characters 2–8 digits, a first character of §2),
   * even when the check character is wrong; `null` when no form fits.
   */
  kind: SpanishTinKind | null;
}

/** DNI / NIE / K-L-M control letters, indexed by `number mod 23` (es-tin.md §2). */
const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** The letter form of an entity control digit `c` is `ENTITY_LETTERS[c]` (es-tin.md §2). */
const ENTITY_LETTERS = 'JABCDEFGHI';
/** Luhn doubling: the digit sum of `2·d` for `d` = 0…9. */
const DOUBLED_DIGIT_SUM = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];

const ZERO = 48;
const NINE = 57;
const UPPER_E = 69;
const UPPER_S = 83;
const UPPER_X = 88;
const LOWER_A = 97;
const LOWER_Z = 122;
/** U+FEFF. */
const ZERO_WIDTH_NO_BREAK_SPACE = 0xfeff;

/** The kind each ASCII first character announces (es-tin.md §2); other characters announce none. */
const KIND_BY_FIRST_CHAR: readonly (SpanishTinKind | undefined)[] = (() => {
  const table: (SpanishTinKind | undefined)[] = new Array(128).fill(undefined);
  const mark = (chars: string, kind: SpanishTinKind) => {
    for (let i = 0; i < chars.length; i += 1) table[chars.charCodeAt(i)] = kind;
  };
  mark('0123456789', 'dni');
  mark('XYZ', 'nie');
  mark('KLM', 'nif_klm');
  mark('ABCDEFGHJNPQRSUVW', 'cif');
  return table;
})();

/**
 * Whether a UTF-16 code unit is removed by es-tin.md §1: whitespace or one of `-`, `.`, `/`.
 * "Whitespace" is JavaScript's `\s` (ECMAScript WhiteSpace and LineTerminator), listed by code so
 * that no regular expression runs per character; a test compares it with `\s` on every code unit.
 */
function isSeparator(code: number): boolean {
  if (code < 128)
    return code === 32 || code === 45 || code === 46 || code === 47 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === ZERO_WIDTH_NO_BREAK_SPACE
  );
}

/**
 * The compact national form of a Spanish NIF (es-tin.md §1): whitespace, `-`, `.` and `/` removed,
 * upper-cased, then **one** leading `ES` dropped (so `ES ES Y5277343F` keeps one `ES` and is
 * invalid). No zero-padding: `1234567L` stays 8 characters, as in python-stdnum and npm `stdnum`.
 *
 * @example
 * ```ts
 * compactSpanishTin('ES B-58378431'); // 'B58378431'
 * compactSpanishTin('x-2482300w'); // 'X2482300W'
 * compactSpanishTin('ES ES Y5277343F'); // 'ESY5277343F'
 * ```
 */
export function compactSpanishTin(input: string): string {
  // Copy runs of kept characters (one slice per separator, none when there is no separator), and
  // upper-case at the end only when a lower-case or non-ASCII character was seen.
  let compact = '';
  let runStart = 0;
  let needsUpperCase = false;
  for (let i = 0; i < input.length; i += 1) {
    const code = input.charCodeAt(i);
    if (isSeparator(code)) {
      if (i > runStart) compact += input.slice(runStart, i);
      runStart = i + 1;
    } else if ((code >= LOWER_A && code <= LOWER_Z) || code >= 128) {
      needsUpperCase = true;
    }
  }
  compact = runStart === 0 ? input : compact + input.slice(runStart);
  if (needsUpperCase) compact = compact.toUpperCase();
  return compact.charCodeAt(0) === UPPER_E && compact.charCodeAt(1) === UPPER_S ? compact.slice(2) : compact;
}

/** The kind announced by the shape of a compact NIF (see {@link SpanishTinCheck.kind}). */
function kindOf(compact: string): SpanishTinKind | null {
  if (compact.length !== 9) return null;
  for (let i = 1; i <= 7; i += 1) {
    const code = compact.charCodeAt(i);
    if (code < ZERO || code > NINE) return null;
  }
  return KIND_BY_FIRST_CHAR[compact.charCodeAt(0)] ?? null;
}

/** Characters 2–8 of a compact NIF of a known kind, as a number. */
function sevenDigits(compact: string): number {
  let value = 0;
  // money-safe: check-digit arithmetic, seven decimal digits to an integer below 10^7
  for (let i = 1; i <= 7; i += 1) value = value * 10 + (compact.charCodeAt(i) - ZERO);
  return value;
}

/**
 * The number a DNI, NIE or K/L/M control letter is computed from (es-tin.md §2): the DNI's eight
 * digits; for a NIE, `X`, `Y`, `Z` stand for a leading 0, 1, 2; for K/L/M the seven digits alone
 * (the leading letter is not part of the number, so the check letter does not cover it).
 */
function personNumber(compact: string, kind: 'dni' | 'nie' | 'nif_klm'): number {
  const first = compact.charCodeAt(0);
  const leading = kind === 'dni' ? first - ZERO : kind === 'nie' ? first - UPPER_X : 0;
  // money-safe: check-digit arithmetic, an integer below 10^8
  return leading * 10_000_000 + sevenDigits(compact);
}

/** Whether the ninth character is the control letter of `number`: `TRWAGMYFPDXBNJZSQVHLCKE[number mod 23]`. */
function hasControlLetter(compact: string, number: number): boolean {
  // money-safe: check-digit arithmetic, the remainder of an integer below 10^8
  return compact.charCodeAt(8) === CONTROL_LETTERS.charCodeAt(number % 23);
}

/**
 * Whether the ninth character is the entity control of es-tin.md §2: the Luhn check digit `c` of
 * digits 2–8, written as the digit `c` or the letter `JABCDEFGHI[c]`. fiscalkit accepts either form
 * for every entity letter (the §2 decision, like python-stdnum and npm `stdnum`): the census is the
 * authority on existence, and the format check only guards against typos.
 */
function hasEntityControl(compact: string): boolean {
  let sum = 0;
  for (let i = 1; i <= 7; i += 1) {
    const digit = compact.charCodeAt(i) - ZERO;
    // Digits 1, 3, 5, 7 of the seven (odd i) are doubled, the others added as they are.
    sum += (i & 1) === 1 ? (DOUBLED_DIGIT_SUM[digit] ?? 0) : digit;
  }
  // money-safe: check-digit arithmetic, the Luhn digit (10 − s mod 10) mod 10 of a sum below 70
  const control = (10 - (sum % 10)) % 10;
  const written = compact.charCodeAt(8);
  return written === ZERO + control || written === ENTITY_LETTERS.charCodeAt(control);
}

/**
 * Checks a Spanish NIF in any of its forms (DNI, NIE, K/L/M, entity) as es-tin.md §2 defines, after
 * the normalisation of §1. This is `tin_format_valid` of TIN verification (§5): it catches typos;
 * whether the NIF exists is the AEAT census's answer.
 *
 * - `valid`: 9 characters, characters 2–8 digits, a known first character, and the right check
 *   character. Entity NIFs accept the control as a digit or a letter for every entity letter (§2
 *   fiscalkit decision), so `B1234567D` and `B12345674` are both valid.
 * - `compact`: the compact national form (§1), for every input.
 * - `normalized`: `'ES' + compact`, for every input, valid or not (§5).
 * - `kind`: decided by shape alone (9 characters, characters 2–8 digits, the first character's
 *   form in §2), so a NIF whose only fault is its check character still says what it was meant to
 *   be (`54362315Z` is a `dni`, `X13585626` a `nie`); `null` when no form fits (wrong length, a
 *   letter among characters 2–8, or a first character such as `I`, `O` or `T`).
 *
 * @example
 * ```ts
 * checkSpanishTin('ES B-58378431');
 * // { valid: true, compact: 'B58378431', normalized: 'ESB58378431', kind: 'cif' }
 * checkSpanishTin('12345678Z').valid; // true
 * checkSpanishTin('B1234567D').valid; // true: the letter form of control 4
 * checkSpanishTin('B12345678');
 * // { valid: false, compact: 'B12345678', normalized: 'ESB12345678', kind: 'cif' }
 * checkSpanishTin('O1234567L').kind; // null: O starts no form
 * ```
 */
export function checkSpanishTin(tin: string): SpanishTinCheck {
  const compact = compactSpanishTin(tin);
  const kind = kindOf(compact);
  let valid = false;
  if (kind === 'cif') valid = hasEntityControl(compact);
  else if (kind !== null) valid = hasControlLetter(compact, personNumber(compact, kind));
  return { valid, compact, normalized: `ES${compact}`, kind };
}
