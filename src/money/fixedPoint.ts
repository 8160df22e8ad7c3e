/**
 * Exact fixed-point amounts: a decimal string ⇄ an integer count of `10^-scale` units (a bigint).
 *
 * The totals engine computes on these (dinero.js v2 keeps amount and scale the same way): every
 * input field has a known maximum number of decimals, so every product has a known scale and no
 * precision limit can ever truncate it. Strings must already be valid {@link isDecimalString}s.
 */

const POWERS: bigint[] = [1n];

/**
 * `10^n` as a bigint, cached.
 *
 * @example
 * ```ts
 * pow10(3); // 1000n
 * ```
 */
export function pow10(n: number): bigint {
  let power = POWERS[n];
  if (power === undefined) {
    power = 10n ** BigInt(n);
    POWERS[n] = power;
  }
  return power;
}

/** Largest number of integer digits a decimal string may have (taxmath.md §3.1). */
export const MAX_INTEGER_DIGITS = 16;

const DECIMAL_SHAPE = /^-?(\d+)(?:\.(\d+))?$/;

/**
 * Whether `value` is a plain decimal string: optional minus, 1–16 integer digits, and optionally a
 * dot with 1 to `maxDecimals` digits. No exponent, no `+`, no spaces, no `NaN`/`Infinity`: amounts
 * on the wire are exact decimals (taxmath.md §3.1).
 *
 * @example
 * ```ts
 * isDecimalString('-12.50', 2); // true
 * isDecimalString('1e3', 8); // false
 * isDecimalString('0.123', 2); // false: three decimals
 * ```
 */
export function isDecimalString(value: string, maxDecimals: number): boolean {
  const match = DECIMAL_SHAPE.exec(value);
  if (match === null) return false;
  const integer = match[1] ?? '';
  const fraction = match[2];
  return integer.length <= MAX_INTEGER_DIGITS && (fraction === undefined || fraction.length <= maxDecimals);
}

/**
 * How many decimals a decimal string is written with (`'10.50'` → 2, `'7'` → 0).
 *
 * @example
 * ```ts
 * decimalPlaces('10.50'); // 2
 * ```
 */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/**
 * The decimal string as an integer number of `10^-scale` units. The string must be a valid decimal
 * with at most `scale` decimals (validate first); it is never rounded here.
 *
 * @example
 * ```ts
 * toUnits('-12.5', 2); // -1250n
 * toUnits('3', 6); // 3000000n
 * ```
 */
export function toUnits(value: string, scale: number): bigint {
  const dot = value.indexOf('.');
  if (dot === -1) return BigInt(scale === 0 ? value : value + zeros(scale));
  const decimals = value.length - dot - 1;
  if (decimals > scale) throw new RangeError(`toUnits: ${value} has more than ${scale} decimals`);
  // Dropping the dot and padding with zeros are string operations; multiplying by 10^k would be a
  // second bigint allocation, and this runs for every quantity and price.
  const digits = value.replace('.', '');
  return BigInt(decimals === scale ? digits : digits + zeros(scale - decimals));
}

const ZEROS = '0'.repeat(64);
const zeros = (count: number) => (count <= ZEROS.length ? ZEROS.slice(0, count) : '0'.repeat(count));

/**
 * Writes `units × 10^-scale` with exactly `scale` decimals: the printed form of every amount
 * (`1828.07`, `270`, `0.032`). Zero is never written with a minus sign.
 *
 * @example
 * ```ts
 * formatUnits(182807n, 2); // '1828.07'
 * formatUnits(-5n, 3); // '-0.005'
 * formatUnits(270n, 0); // '270'
 * ```
 */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  return withPoint((negative ? -units : units).toString(), scale, negative);
}

/** Places the decimal point `scale` digits from the right of `digits` (padding with zeros), and the sign. */
function withPoint(digits: string, scale: number, negative: boolean): string {
  let written = digits;
  if (scale > 0) {
    if (written.length <= scale) written = zeros(scale - written.length + 1) + written;
    const point = written.length - scale;
    written = `${written.slice(0, point)}.${written.slice(point)}`;
  }
  return negative ? `-${written}` : written;
}

/**
 * Writes `units × 10^-scale` with as few decimals as it needs: the form of exact, unrounded values
 * (`net_exact`, `tax_exact`), e.g. `'10.1'`, `'10000'`, `'1828.0668'`.
 *
 * @example
 * ```ts
 * formatUnitsTrimmed(1010000n, 5); // '10.1'
 * formatUnitsTrimmed(-2500n, 2); // '-25'
 * ```
 */
export function formatUnitsTrimmed(units: bigint, scale: number): string {
  if (units === 0n) return '0';
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  // Trailing zeros of the fraction are dropped from the digits before the point is placed, so a
  // value is written once (this runs for every line). A non-zero value keeps a non-zero digit.
  let end = digits.length;
  let decimals = scale;
  while (decimals > 0 && digits.charCodeAt(end - 1) === 48) {
    end -= 1;
    decimals -= 1;
  }
  return withPoint(end === digits.length ? digits : digits.slice(0, end), decimals, negative);
}
