/**
 * fast-check arbitraries of Polish identifiers (`shared/reference/es-tin.md` §6): NIP (tax number,
 * §6.1), REGON (statistical number, 9 or 14 digits, §6.2) and KRS (court register number, §6.3),
 * valid and near misses, each labelled with what `checkPolishNip`, `checkPolishRegon` and
 * `checkPolishKrs` must answer.
 *
 * The check digits are computed here as es-tin.md §6 states the formulas (BigInt sums), sharing no
 * code with `src/identifiers/`, so that a property comparing the two means something.
 */
import * as fc from 'fast-check';
import { digitsArb } from './decimal.js';

/** NIP weights of digits 1–9 (es-tin.md §6.1). */
const NIP_WEIGHTS = [6n, 5n, 7n, 2n, 3n, 4n, 5n, 6n, 7n];
/** REGON-9 weights of digits 1–8 (es-tin.md §6.2). */
const REGON9_WEIGHTS = [8n, 9n, 2n, 3n, 4n, 5n, 6n, 7n];
/** REGON-14 weights of digits 1–13 (es-tin.md §6.2); digit 5 has weight 0. */
const REGON14_WEIGHTS = [2n, 4n, 8n, 5n, 0n, 9n, 7n, 3n, 6n, 1n, 2n, 4n, 8n];
/** The FA(3) `TNrNIP` shape: first digit non-zero, digits 2–3 not both zero (es-tin.md §6.1). */
const TNR_NIP = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/;

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `Σ wᵢ·dᵢ mod 11` over the leading digits of `digits`, as a string ('10' stays '10'). */
function remainder(digits: string, weights: readonly bigint[]): string {
  let sum = 0n;
  weights.forEach((weight, index) => {
    sum += weight * BigInt(digits.charAt(index));
  });
  return String(sum % 11n);
}

/** The REGON check digit: the remainder, with 10 written 0. */
function regonCheck(digits: string, weights: readonly bigint[]): string {
  const rest = remainder(digits, weights);
  return rest === '10' ? '0' : rest;
}

/** `digits` with the digit at `position` replaced by another digit (`shift` 1–9 steps on). */
function changeDigit(digits: string, position: number, shift: number): string {
  const current = DIGITS.indexOf(digits.charAt(position));
  // money-safe: steps around the ten digits (an index), not an amount
  const replaced = DIGITS.charAt((current + shift) % 10);
  return digits.slice(0, position) + replaced + digits.slice(position + 1);
}

/** Where a near miss goes wrong, for every Polish identifier: a check digit, a length, a letter. */
interface Labelled<D> {
  /** The identifier as written (compact, or with separators and, for a NIP, `PL`). */
  value: string;
  /** Its compact form: what the check returns as `compact`. */
  compact: string;
  /** What the check returns as `valid`. */
  valid: boolean;
  /** Why it is invalid; null for a valid identifier. */
  defect: D | null;
}

/**
 * Why a generated NIP is invalid (es-tin.md §6.1):
 * - `check_digit`: a wrong tenth digit;
 * - `no_check_digit`: nine digits whose weighted sum leaves 10, so no tenth digit makes a NIP;
 * - `shape`: the check digit is right but the FA(3) `TNrNIP` shape is not (a leading 0, or digits
 *   2–3 both 0);
 * - `length`: nine or eleven digits;
 * - `non_digit`: a letter among the digits.
 */
export type PolishNipDefect = 'check_digit' | 'no_check_digit' | 'shape' | 'length' | 'non_digit';

/**
 * Every {@link PolishNipDefect}.
 *
 * @example
 * ```ts
 * POLISH_NIP_DEFECTS.includes('shape'); // true
 * ```
 */
export const POLISH_NIP_DEFECTS: readonly PolishNipDefect[] = [
  'check_digit',
  'no_check_digit',
  'shape',
  'length',
  'non_digit',
];

/** A generated NIP and what `checkPolishNip(value)` must answer. */
export type PolishNipSample = Labelled<PolishNipDefect>;

/**
 * Valid compact NIPs: a `TNrNIP`-shaped prefix whose weighted sum does not leave 10, and its check
 * digit.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validNipArb, (nip) => checkPolishNip(nip).valid && myNipCheck(nip)));
 * ```
 */
export const validNipArb: fc.Arbitrary<string> = digitsArb(9)
  .filter((prefix) => TNR_NIP.test(`${prefix}0`) && remainder(prefix, NIP_WEIGHTS) !== '10')
  .map((prefix) => prefix + remainder(prefix, NIP_WEIGHTS));

/** A compact NIP written as people write it: `PL`, dashes `123-456-78-90`, spaces, lower case. */
function nipWrittenArb(nip: string): fc.Arbitrary<string> {
  return fc
    .record({
      prefix: fc.constantFrom('', 'PL', 'pl', 'PL '),
      style: fc.constantFrom('plain', 'dashes', 'spaces'),
    })
    .map(({ prefix, style }) => {
      const parts = [nip.slice(0, 3), nip.slice(3, 6), nip.slice(6, 8), nip.slice(8)];
      const body = style === 'dashes' ? parts.join('-') : style === 'spaces' ? parts.join(' ') : nip;
      return prefix + body;
    });
}

/**
 * Valid NIPs, compact or written (`PL`, dashes, spaces), labelled.
 *
 * @example
 * ```ts
 * // My NIP normaliser agrees with fiscalkit's on every way a valid NIP is written:
 * fc.assert(fc.property(validPolishNipArb({ spelling: 'written' }), ({ value, compact }) => {
 *   expect(myNormaliseNip(value)).toBe(compact);
 *   expect(checkPolishNip(value)).toEqual({ valid: true, compact });
 * }));
 * ```
 */
export function validPolishNipArb(
  options: { spelling?: 'compact' | 'written' } = {},
): fc.Arbitrary<PolishNipSample> {
  return validNipArb.chain((compact) =>
    (options.spelling === 'written' ? nipWrittenArb(compact) : fc.constant(compact)).map((value) => ({
      value,
      compact,
      valid: true,
      defect: null,
    })),
  );
}

function nipNearMiss(defect: PolishNipDefect): fc.Arbitrary<PolishNipSample> {
  const sample = (compact: string): PolishNipSample => ({ value: compact, compact, valid: false, defect });
  switch (defect) {
    case 'check_digit':
      return fc
        .tuple(validNipArb, fc.integer({ min: 1, max: 9 }))
        .map(([nip, shift]) => sample(changeDigit(nip, 9, shift)));
    case 'no_check_digit':
      return fc
        .tuple(
          digitsArb(9).filter(
            (prefix) => TNR_NIP.test(`${prefix}0`) && remainder(prefix, NIP_WEIGHTS) === '10',
          ),
          fc.constantFrom(...DIGITS),
        )
        .map(([prefix, last]) => sample(prefix + last));
    case 'shape':
      return fc
        .tuple(fc.boolean(), digitsArb(9))
        .map(([leadingZero, digits]) =>
          leadingZero ? `0${digits.slice(1)}` : `${digits.slice(0, 1)}00${digits.slice(3)}`,
        )
        .filter((prefix) => remainder(prefix, NIP_WEIGHTS) !== '10')
        .map((prefix) => sample(prefix + remainder(prefix, NIP_WEIGHTS)));
    case 'length':
      return fc
        .tuple(validNipArb, fc.boolean(), fc.constantFrom(...DIGITS))
        .map(([nip, shorter, extra]) => sample(shorter ? nip.slice(0, 9) : nip + extra));
    case 'non_digit':
      return fc
        .tuple(validNipArb, fc.integer({ min: 2, max: 9 }), fc.constantFrom(...LETTERS))
        .map(([nip, position, letter]) => sample(nip.slice(0, position) + letter + nip.slice(position + 1)));
  }
}

/**
 * NIP near misses: a NIP with one deliberate defect ({@link PolishNipDefect}), labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(polishNipNearMissArb(), ({ value, defect }) => {
 *   expect(checkPolishNip(value).valid).toBe(false);
 *   expect(myNipCheck(value)).toEqual({ valid: false, reason: defect });
 * }));
 * ```
 */
export function polishNipNearMissArb(
  options: { defect?: PolishNipDefect } = {},
): fc.Arbitrary<PolishNipSample> {
  return (
    options.defect === undefined ? fc.constantFrom(...POLISH_NIP_DEFECTS) : fc.constant(options.defect)
  ).chain(nipNearMiss);
}

/**
 * Valid NIPs (compact and written) and near misses, about half each, labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(polishNipArb(), ({ value, valid, compact }) => {
 *   expect(checkPolishNip(value)).toEqual({ valid, compact });
 * }));
 * ```
 */
export function polishNipArb(): fc.Arbitrary<PolishNipSample> {
  return fc.oneof(validPolishNipArb(), validPolishNipArb({ spelling: 'written' }), polishNipNearMissArb());
}

/**
 * Valid 9-digit REGONs (an entity).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validRegon9Arb, (regon) => checkPolishRegon(regon).length === 9));
 * ```
 */
export const validRegon9Arb: fc.Arbitrary<string> = digitsArb(8).map(
  (prefix) => prefix + regonCheck(prefix, REGON9_WEIGHTS),
);

/**
 * Valid 14-digit REGONs (a local unit): a valid 9-digit REGON (the parent entity), 4 digits, the
 * 14-digit check digit.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validRegon14Arb, (regon) => checkPolishRegon(regon.slice(0, 9)).valid));
 * ```
 */
export const validRegon14Arb: fc.Arbitrary<string> = fc
  .tuple(validRegon9Arb, digitsArb(4))
  .map(([parent, unit]) => parent + unit + regonCheck(parent + unit, REGON14_WEIGHTS));

/**
 * Why a generated REGON is invalid (es-tin.md §6.2):
 * - `check_digit`: a wrong last digit (of a 9- or a 14-digit REGON);
 * - `parent_check_digit`: a 14-digit REGON whose own check digit is right but whose first nine
 *   digits (the parent entity's REGON) fail the 9-digit check;
 * - `length`: neither 9 nor 14 digits;
 * - `non_digit`: a letter among the digits.
 */
export type PolishRegonDefect = 'check_digit' | 'parent_check_digit' | 'length' | 'non_digit';

/**
 * Every {@link PolishRegonDefect}.
 *
 * @example
 * ```ts
 * POLISH_REGON_DEFECTS.includes('parent_check_digit'); // true
 * ```
 */
export const POLISH_REGON_DEFECTS: readonly PolishRegonDefect[] = [
  'check_digit',
  'parent_check_digit',
  'length',
  'non_digit',
];

/** A generated REGON and what `checkPolishRegon(value)` must answer (`length` included). */
export interface PolishRegonSample extends Labelled<PolishRegonDefect> {
  /** `checkPolishRegon(value).length`: 9 or 14 when the compact form is that many digits, else null. */
  length: 9 | 14 | null;
}

/** A REGON written with spaces or dashes (both removed by es-tin.md §6.2's compact form). */
function regonWrittenArb(regon: string): fc.Arbitrary<string> {
  return fc
    .constantFrom('', ' ', '-')
    .map((separator) =>
      separator === ''
        ? regon
        : [regon.slice(0, 3), regon.slice(3, 6), regon.slice(6, 9), regon.slice(9)]
            .filter((part) => part !== '')
            .join(separator),
    );
}

/**
 * Valid REGONs of 9 or 14 digits (or the given length), compact or written, labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validPolishRegonArb({ spelling: 'written' }), ({ value, compact, length }) => {
 *   expect(checkPolishRegon(value)).toEqual({ valid: true, compact, length });
 * }));
 * ```
 */
export function validPolishRegonArb(
  options: { length?: 9 | 14; spelling?: 'compact' | 'written' } = {},
): fc.Arbitrary<PolishRegonSample> {
  const regon =
    options.length === 9
      ? validRegon9Arb
      : options.length === 14
        ? validRegon14Arb
        : fc.oneof(validRegon9Arb, validRegon14Arb);
  return regon.chain((compact) =>
    (options.spelling === 'written' ? regonWrittenArb(compact) : fc.constant(compact)).map((value) => ({
      value,
      compact,
      valid: true,
      length: compact.length === 9 ? (9 as const) : (14 as const),
      defect: null,
    })),
  );
}

function regonNearMiss(defect: PolishRegonDefect): fc.Arbitrary<PolishRegonSample> {
  const sample = (compact: string, length: 9 | 14 | null): PolishRegonSample => ({
    value: compact,
    compact,
    valid: false,
    length,
    defect,
  });
  const anyRegon = fc.oneof(validRegon9Arb, validRegon14Arb);
  switch (defect) {
    case 'check_digit':
      return fc
        .tuple(anyRegon, fc.integer({ min: 1, max: 9 }))
        .map(([regon, shift]) =>
          sample(changeDigit(regon, regon.length - 1, shift), regon.length === 9 ? 9 : 14),
        );
    case 'parent_check_digit':
      return fc.tuple(validRegon14Arb, fc.integer({ min: 1, max: 9 })).map(([regon, shift]) => {
        const thirteen = changeDigit(regon, 8, shift).slice(0, 13);
        return sample(thirteen + regonCheck(thirteen, REGON14_WEIGHTS), 14);
      });
    case 'length':
      return fc
        .tuple(validRegon14Arb, fc.constantFrom(8, 10, 11, 12, 13, 15))
        .map(([regon, length]) => sample(`${regon}0`.slice(0, length), null));
    case 'non_digit':
      return fc.tuple(anyRegon, fc.nat(), fc.constantFrom(...LETTERS)).map(([regon, index, letter]) => {
        // money-safe: a position inside the string (an index), not an amount
        const position = index % regon.length;
        return sample(regon.slice(0, position) + letter + regon.slice(position + 1), null);
      });
  }
}

/**
 * REGON near misses: a REGON with one deliberate defect ({@link PolishRegonDefect}), labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(polishRegonNearMissArb(), ({ value, length }) => {
 *   expect(checkPolishRegon(value)).toMatchObject({ valid: false, length });
 *   expect(myRegonCheck(value)).toBe(false);
 * }));
 * ```
 */
export function polishRegonNearMissArb(
  options: { defect?: PolishRegonDefect } = {},
): fc.Arbitrary<PolishRegonSample> {
  return (
    options.defect === undefined ? fc.constantFrom(...POLISH_REGON_DEFECTS) : fc.constant(options.defect)
  ).chain(regonNearMiss);
}

/**
 * Valid REGONs (9 and 14 digits, compact and written) and near misses, labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(polishRegonArb(), ({ value, valid, compact, length }) => {
 *   expect(checkPolishRegon(value)).toEqual({ valid, compact, length });
 * }));
 * ```
 */
export function polishRegonArb(): fc.Arbitrary<PolishRegonSample> {
  return fc.oneof(
    validPolishRegonArb(),
    validPolishRegonArb({ spelling: 'written' }),
    polishRegonNearMissArb(),
  );
}

/**
 * Why a generated KRS number is invalid (es-tin.md §6.3; KRS numbers have no checksum):
 * - `length`: not 10 digits (9, 11, or a number not zero-padded to 10);
 * - `non_digit`: a letter among the digits.
 */
export type PolishKrsDefect = 'length' | 'non_digit';

/**
 * Every {@link PolishKrsDefect}.
 *
 * @example
 * ```ts
 * POLISH_KRS_DEFECTS; // ['length', 'non_digit']
 * ```
 */
export const POLISH_KRS_DEFECTS: readonly PolishKrsDefect[] = ['length', 'non_digit'];

/** A generated KRS number and what `checkPolishKrs(value)` must answer. */
export type PolishKrsSample = Labelled<PolishKrsDefect>;

/**
 * Valid compact KRS numbers: 10 digits, usually zero-padded (`0000012345`).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validKrsArb, (krs) => checkPolishKrs(krs).valid));
 * ```
 */
export const validKrsArb: fc.Arbitrary<string> = fc.oneof(
  digitsArb(10),
  fc.integer({ min: 1, max: 999_999 }).map((number) => String(number).padStart(10, '0')),
);

/**
 * Valid KRS numbers, compact or written with spaces or dashes (`0000 012 345`), labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validPolishKrsArb({ spelling: 'written' }), ({ value, compact }) => {
 *   expect(checkPolishKrs(value)).toEqual({ valid: true, compact });
 * }));
 * ```
 */
export function validPolishKrsArb(
  options: { spelling?: 'compact' | 'written' } = {},
): fc.Arbitrary<PolishKrsSample> {
  return validKrsArb.chain((compact) =>
    (options.spelling === 'written'
      ? fc
          .constantFrom(' ', '-')
          .map((separator) => [compact.slice(0, 4), compact.slice(4, 7), compact.slice(7)].join(separator))
      : fc.constant(compact)
    ).map((value) => ({ value, compact, valid: true, defect: null })),
  );
}

function krsNearMiss(defect: PolishKrsDefect): fc.Arbitrary<PolishKrsSample> {
  const sample = (compact: string): PolishKrsSample => ({ value: compact, compact, valid: false, defect });
  if (defect === 'length')
    return fc.oneof(
      digitsArb(9).map(sample),
      digitsArb(11).map(sample),
      // The number without its zero padding: `12345` is not the KRS `0000012345` (es-tin.md §6.3).
      fc.integer({ min: 1, max: 999_999 }).map((number) => sample(String(number))),
    );
  return fc
    .tuple(validKrsArb, fc.integer({ min: 0, max: 9 }), fc.constantFrom(...LETTERS))
    .map(([krs, position, letter]) => sample(krs.slice(0, position) + letter + krs.slice(position + 1)));
}

/**
 * KRS near misses: a KRS number with one deliberate defect ({@link PolishKrsDefect}), labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(polishKrsNearMissArb(), ({ value }) => !checkPolishKrs(value).valid && !myKrsCheck(value)));
 * ```
 */
export function polishKrsNearMissArb(
  options: { defect?: PolishKrsDefect } = {},
): fc.Arbitrary<PolishKrsSample> {
  return (
    options.defect === undefined ? fc.constantFrom(...POLISH_KRS_DEFECTS) : fc.constant(options.defect)
  ).chain(krsNearMiss);
}

/**
 * Valid KRS numbers (compact and written) and near misses, labelled.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(polishKrsArb(), ({ value, valid, compact }) => {
 *   expect(checkPolishKrs(value)).toEqual({ valid, compact });
 * }));
 * ```
 */
export function polishKrsArb(): fc.Arbitrary<PolishKrsSample> {
  return fc.oneof(validPolishKrsArb(), validPolishKrsArb({ spelling: 'written' }), polishKrsNearMissArb());
}
