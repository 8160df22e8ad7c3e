/**
 * Independent reference implementations of the identifier rules of `shared/reference/es-tin.md`,
 * for the property tests of `src/identifiers/`, and the identifier arbitraries of
 * `fiscalkit/testing` (`src/testing/`) under the names these tests use.
 *
 * The references are written the plain way (regular expressions, BigInt, the formulas as the
 * reference states them) and share no code with `src/identifiers/`, nor do the arbitraries of
 * `src/testing/` (which compute their check characters on their own), so that agreement means
 * something.
 */
import type fc from 'fast-check';
import { digitsArb } from '../../src/testing/decimal.js';
import { validNipArb, validRegon9Arb, validRegon14Arb } from '../../src/testing/polishIdentifiers.js';
import { spanishTinLikeArb, validSpanishTinArb } from '../../src/testing/spanishTin.js';

export { digitsArb, validNipArb, validRegon9Arb, validRegon14Arb };

// ---------------------------------------------------------------------------------------------
// Spanish NIF (es-tin.md §1, §2)
// ---------------------------------------------------------------------------------------------

/** The DNI / NIE / K-L-M control letters, indexed by `number mod 23` (es-tin.md §2). */
export const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** Entity control letters: the letter form of control digit `c` is `ENTITY_CONTROL_LETTERS[c]`. */
export const ENTITY_CONTROL_LETTERS = 'JABCDEFGHI';
/** First letters of entity NIFs (es-tin.md §2). */
export const ENTITY_FIRST_LETTERS = 'ABCDEFGHJNPQRSUVW';

/** The forms of a Spanish NIF, as `checkSpanishTin` names them. */
export type NifKind = 'dni' | 'nie' | 'cif' | 'nif_klm';

/**
 * es-tin.md §1 literally: remove whitespace (JavaScript `\s`), `-`, `.`, `/`; upper-case; drop one
 * leading `ES`.
 *
 * @example
 * ```ts
 * referenceCompactNif('es b-58378431'); // 'B58378431'
 * ```
 */
export function referenceCompactNif(input: string): string {
  const compact = input.replace(/[\s\-./]/g, '').toUpperCase();
  return compact.startsWith('ES') ? compact.slice(2) : compact;
}

/** The letter of a DNI-table number given as decimal digits. */
function tableLetter(digits: string): string {
  return NIF_LETTERS.charAt(Number(BigInt(digits) % 23n));
}

/**
 * The entity control digit of seven digits: `s = (d2 + d4 + d6) + Σ digitsum(2·dᵢ)` for
 * i ∈ {1, 3, 5, 7}, `c = (10 − s mod 10) mod 10` (es-tin.md §2).
 *
 * @example
 * ```ts
 * entityControlDigit('1234567'); // 4
 * ```
 */
export function entityControlDigit(seven: string): number {
  const d = [...seven].map((char) => Number(char));
  const digitSum = (n: number) => Math.floor(n / 10) + (n % 10);
  const s =
    (d[1] ?? 0) +
    (d[3] ?? 0) +
    (d[5] ?? 0) +
    digitSum(2 * (d[0] ?? 0)) +
    digitSum(2 * (d[2] ?? 0)) +
    digitSum(2 * (d[4] ?? 0)) +
    digitSum(2 * (d[6] ?? 0));
  return (10 - (s % 10)) % 10;
}

/**
 * The kind of a compact NIF by shape (9 characters, characters 2–8 digits, first character of §2).
 *
 * @example
 * ```ts
 * referenceNifKind('X1234567L'); // 'nie'
 * ```
 */
export function referenceNifKind(compact: string): NifKind | null {
  if (!/^[\s\S]\d{7}[\s\S]$/.test(compact)) return null;
  const first = compact.charAt(0);
  if (/^\d$/.test(first)) return 'dni';
  if ('XYZ'.includes(first)) return 'nie';
  if ('KLM'.includes(first)) return 'nif_klm';
  if (ENTITY_FIRST_LETTERS.includes(first)) return 'cif';
  return null;
}

/**
 * The check characters accepted after the first eight characters of a NIF of `kind`: one letter
 * for DNI / NIE / K-L-M, the digit and the letter for entities (fiscalkit's lenient §2 decision).
 *
 * @example
 * ```ts
 * referenceControls('cif', 'B1234567'); // ['4', 'D']
 * ```
 */
export function referenceControls(kind: NifKind, firstEight: string): string[] {
  const first = firstEight.charAt(0);
  const seven = firstEight.slice(1);
  switch (kind) {
    case 'dni':
      return [tableLetter(firstEight)];
    case 'nie':
      return [tableLetter(String('XYZ'.indexOf(first)) + seven)];
    case 'nif_klm':
      return [tableLetter(seven)];
    case 'cif': {
      const c = entityControlDigit(seven);
      return [String(c), ENTITY_CONTROL_LETTERS.charAt(c)];
    }
  }
}

/**
 * The reference verdict of es-tin.md §1–§2 on any input.
 *
 * @example
 * ```ts
 * referenceNifValid('ES B-58378431'); // true
 * ```
 */
export function referenceNifValid(input: string): boolean {
  const compact = referenceCompactNif(input);
  const kind = referenceNifKind(compact);
  return kind !== null && referenceControls(kind, compact.slice(0, 8)).includes(compact.charAt(8));
}

/** A generated NIF: its compact form and kind. */
export interface GeneratedNif {
  tin: string;
  kind: NifKind;
}

/**
 * Valid compact NIFs of one kind (`validSpanishTinArb` of `fiscalkit/testing`, entities in both
 * control forms).
 *
 * @example
 * ```ts
 * fc.sample(validNifArb('nie'), 1); // [{ tin: 'Y1234567X', kind: 'nie' }] (for example)
 * ```
 */
export function validNifArb(kind: NifKind): fc.Arbitrary<GeneratedNif> {
  return validSpanishTinArb({ kind }).map(({ tin }) => ({ tin, kind }));
}

/** Valid compact NIFs of every kind. */
export const anyValidNifArb: fc.Arbitrary<GeneratedNif> = validSpanishTinArb().map(({ tin, kind }) => ({
  tin,
  kind: kind ?? 'dni',
}));

/** NIF-like compact strings, valid or not (`spanishTinLikeArb` of `fiscalkit/testing`). */
export const nifLikeArb: fc.Arbitrary<string> = spanishTinLikeArb;

// ---------------------------------------------------------------------------------------------
// Polish NIP and REGON (es-tin.md §6)
// ---------------------------------------------------------------------------------------------

/** NIP weights of digits 1–9. */
export const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
/** REGON-9 weights of digits 1–8. */
export const REGON9_WEIGHTS = [8, 9, 2, 3, 4, 5, 6, 7];
/** REGON-14 weights of digits 1–13. */
export const REGON14_WEIGHTS = [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8];

/**
 * `Σ wᵢ·dᵢ mod 11` over the leading digits of `digits` (10 stays 10 here).
 *
 * @example
 * ```ts
 * weightedRemainder('856734621', NIP_WEIGHTS); // 5
 * ```
 */
export function weightedRemainder(digits: string, weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += weight * Number(digits.charAt(i));
  });
  return sum % 11;
}

/**
 * The reference REGON verdict (es-tin.md §6.2) on 9 or 14 digits.
 *
 * @example
 * ```ts
 * referenceRegonValid('123456785'); // true
 * ```
 */
export function referenceRegonValid(regon: string): boolean {
  const passes = (digits: string, weights: readonly number[]) =>
    weightedRemainder(digits, weights) % 10 === Number(digits.charAt(weights.length));
  if (/^\d{9}$/.test(regon)) return passes(regon, REGON9_WEIGHTS);
  if (/^\d{14}$/.test(regon)) return passes(regon, REGON9_WEIGHTS) && passes(regon, REGON14_WEIGHTS);
  return false;
}

/** The FA(3) `TNrNIP` pattern (es-tin.md §6.1). */
export const TNR_NIP = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/;

/**
 * The reference NIP verdict (es-tin.md §6.1) on a compact NIP.
 *
 * @example
 * ```ts
 * referenceNipValid('8567346215'); // true
 * ```
 */
export function referenceNipValid(nip: string): boolean {
  return TNR_NIP.test(nip) && weightedRemainder(nip, NIP_WEIGHTS) === Number(nip.charAt(9));
}

/**
 * Every string that differs from `digits` in exactly one digit position, with the position (0-based).
 *
 * @example
 * ```ts
 * singleDigitChanges('12').length; // 18
 * ```
 */
export function singleDigitChanges(digits: string): { position: number; changed: string }[] {
  const changes: { position: number; changed: string }[] = [];
  for (let position = 0; position < digits.length; position += 1) {
    for (const digit of '0123456789') {
      if (digit === digits.charAt(position)) continue;
      changes.push({ position, changed: digits.slice(0, position) + digit + digits.slice(position + 1) });
    }
  }
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Belgian OGM (es-tin.md §7) and IBAN (ISO 7064 MOD 97-10)
// ---------------------------------------------------------------------------------------------

/**
 * python-stdnum's `'%02d' % ((int(base) % 97) or 97)`.
 *
 * @example
 * ```ts
 * referenceOgmCheck('1234567890'); // '02'
 * ```
 */
export function referenceOgmCheck(base: string): string {
  const remainder = BigInt(base) % 97n;
  return String(remainder === 0n ? 97n : remainder).padStart(2, '0');
}

/**
 * ISO 7064 MOD 97-10 check digits of an IBAN: `98 − (BBAN + country + "00" as digits) mod 97`.
 *
 * @example
 * ```ts
 * ibanCheckDigits('DE', '370400440532013000'); // '89'
 * ```
 */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return String(98n - (BigInt(rearranged) % 97n)).padStart(2, '0');
}
