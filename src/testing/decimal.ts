/**
 * Decimal strings for generated amounts, quantities and rates (taxmath.md §5, "Generators").
 *
 * Every decimal is built from an integer count of units (a bigint) and a number of decimals, never
 * from a JS float (`fc.double` / `fc.float`), so a generated value is exactly the decimal it prints
 * as (DESIGN.md, "Money is never a JS number").
 */
import * as fc from 'fast-check';

/**
 * Writes `units × 10^-decimals` as a plain decimal string with exactly `decimals` decimals. Zero
 * never gets a minus sign. This is the generators' own formatter, independent of the engine's
 * (`formatUnits`), so that a property comparing the two means something.
 *
 * @example
 * ```ts
 * unitsToDecimal(-1250n, 2); // '-12.50'
 * unitsToDecimal(7n, 0); // '7'
 * unitsToDecimal(5n, 3); // '0.005'
 * ```
 */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (decimals > 0) {
    digits = digits.padStart(decimals + 1, '0');
    digits = `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
  }
  return negative ? `-${digits}` : digits;
}

/** Options of {@link decimalArb}. */
export interface DecimalArbOptions {
  /** The numbers of decimals to pick from (one is chosen per value), e.g. `[0, 3, 6]`. */
  decimals: readonly number[];
  /** The most integer digits a value may have (1–16 for totals-engine inputs). */
  maxIntegerDigits: number;
  /** The fewest integer digits a value may have (leading digit non-zero). Default 0. */
  minIntegerDigits?: number;
  /** Whether negative values are generated too. Default false. */
  signed?: boolean;
  /** Whether zero is excluded. Default false. */
  nonZero?: boolean;
}

/**
 * A decimal string with one of the given numbers of decimals and at most `maxIntegerDigits`
 * integer digits, built from a bigint count of units. The magnitude is chosen digit count first, so
 * small values (where rounding ties live) are as likely as values with many digits.
 *
 * @example
 * ```ts
 * // A host's own decimal parser reads every generated amount back exactly:
 * fc.assert(
 *   fc.property(decimalArb({ decimals: [2, 4, 8], maxIntegerDigits: 6, signed: true }), (text) => {
 *     expect(myDecimal(text).toString()).toBe(text);
 *   }),
 * );
 * ```
 */
export function decimalArb(options: DecimalArbOptions): fc.Arbitrary<string> {
  const { decimals, maxIntegerDigits, minIntegerDigits = 0, signed = false, nonZero = false } = options;
  return fc
    .record({
      decimals: fc.constantFrom(...decimals),
      integerDigits: fc.integer({ min: minIntegerDigits, max: maxIntegerDigits }),
      negative: signed ? fc.boolean() : fc.constant(false),
    })
    .chain(({ decimals: places, integerDigits, negative }) => {
      const max = 10n ** BigInt(integerDigits + places) - 1n;
      const lowest = integerDigits > 0 ? 10n ** BigInt(integerDigits - 1 + places) : 0n;
      const min = nonZero && lowest === 0n ? 1n : lowest;
      return fc
        .bigInt({ min, max: max < min ? min : max })
        .map((units) => unitsToDecimal(negative ? -units : units, places));
    });
}

/**
 * `n` decimal digits as a string, leading zeros included: the body of identifiers and codes.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(digitsArb(7), (digits) => /^\d{7}$/.test(digits)));
 * ```
 */
export function digitsArb(n: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n })
    .map((chars) => chars.join(''));
}
