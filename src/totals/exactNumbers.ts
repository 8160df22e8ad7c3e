import { formatUnits, formatUnitsTrimmed, pow10 } from '../money/fixedPoint.js';
import type { RoundingMethod } from '../money/roundingMethod.js';

/**
 * Exact integer arithmetic on JS numbers, for the totals engine's number path (`numberParts` in
 * computeTotals.ts).
 *
 * Money is never a JS number with a fraction here: every value is an integer count of units at a
 * known decimal scale, as in `money/fixedPoint.ts`, only held in a number instead of a bigint when
 * it is provably exact. The rule that makes it exact: an integer of magnitude at most 2^53 − 1
 * (`MAX_EXACT`) is a number exactly, and an IEEE sum or product of two such integers is correctly
 * rounded, so when its result is again at most `MAX_EXACT` in magnitude it *is* the exact result
 * (a true result of 2^53 or more could only round to 2^53 or more). Every operation below checks
 * that (`isExact`) and reports failure instead of a wrong value; the caller then computes the whole
 * invoice with bigints (docs/totals.md §7). `%` of two exact integers is exact (a truncated
 * remainder, like bigint `%`), and so is `/` of an exact multiple; powers of ten up to 10^22 are
 * exact numbers.
 *
 * A value wider than a number is held in two parts, `h × 10^k + l`, truncated: `h` the quotient
 * towards zero (whole minor units) and `l` the remainder, `|l| < 10^k`, with the sign of the value
 * (or 0). That is the (quotient, remainder) pair `roundQuotient` rounds, so rounding needs no
 * division at all. `k` stays at most {@link MAX_SPLIT_DIGITS}, so remainders, and sums of two of
 * them, stay exact.
 */

/** 2^53 − 1: every integer up to this magnitude is exactly a number. */
export const MAX_EXACT = 9_007_199_254_740_991;

/** Most decimals a remainder may have: 2 × 10^15 < 2^53, so a sum of two remainders is exact. */
export const MAX_SPLIT_DIGITS = 15;

/** 10^0 … 10^22, each exactly a number. */
const POW10: number[] = [1];
// money-safe: 10^n for n ≤ 22 is an exact number (5^22 < 2^53), each step an exact product.
for (let n = 1; n <= 22; n++) POW10.push((POW10[n - 1] as number) * 10);

/**
 * `10^n` as a number, for `0 ≤ n ≤ 22` (exact).
 *
 * @example
 * ```ts
 * powerOfTen(3); // 1000
 * ```
 */
export function powerOfTen(n: number): number {
  return POW10[n] as number;
}

/**
 * Whether an integer-valued number is exactly the integer it stands for (|x| ≤ 2^53 − 1). `NaN` is
 * not.
 *
 * @example
 * ```ts
 * isExact(2 ** 53 - 1); // true
 * isExact(2 ** 53); // false
 * ```
 */
export function isExact(x: number): boolean {
  return x <= MAX_EXACT && x >= -MAX_EXACT;
}

/**
 * The units of a decimal string at its own scale (`'-12.50'` → −1250, scale 2), or `NaN` when it
 * has more than 15 significant digits (it might not be exact). The string must be a validated
 * decimal string.
 *
 * @example
 * ```ts
 * unitsOf('-12.50'); // -1250
 * unitsOf('0.00000001'); // 1
 * unitsOf('1234567890123456'); // NaN: 16 digits
 * ```
 */
export function unitsOf(value: string): number {
  let units = 0;
  let digits = 0;
  let negative = false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 45) negative = true;
    else if (code !== 46) {
      // Exact while there are at most 15 significant digits; with more the value is discarded below.
      // money-safe: an exact integer below 10^15 (or discarded), as above.
      units = units * 10 + (code - 48);
      if (units !== 0) digits += 1;
    }
  }
  if (digits > MAX_SPLIT_DIGITS) return Number.NaN;
  return negative ? -units : units;
}

/**
 * The result of the last {@link splitProduct} or {@link splitScaled}: `[h, l]`. One shared array
 * rather than an object per call: these run for every line.
 */
export const split = new Float64Array(2);

/**
 * Splits the exact product `a × b` at `10^k` into `split = [h, l]` (`a × b = h × 10^k + l`,
 * truncated); for `k ≤ 0`, `h = a × b × 10^−k` and `l = 0`. `a` and `b` must be exact integers and
 * `k ≤ 15`. Returns false when a part would not be exact.
 *
 * @example
 * ```ts
 * splitProduct(7, 333333333, 6); // true; split is [2333, 333331]: 7 × 3.33333333 = 23.33|333331
 * ```
 */
export function splitProduct(a: number, b: number, k: number): boolean {
  if (k <= 0) {
    // money-safe: integers, checked exact below.
    const whole = a * b * (POW10[-k] as number);
    split[0] = whole;
    split[1] = 0;
    return isExact(whole);
  }
  const divisor = POW10[k] as number;
  // money-safe: a product of exact integers, used only when it is exact itself.
  const product = a * b;
  if (isExact(product)) {
    // money-safe: the IEEE remainder of exact integers is exact, and so is an exact multiple's quotient.
    const rest = product % divisor;
    split[1] = rest;
    // money-safe: product − rest is an exact multiple of 10^k.
    split[0] = (product - rest) / divisor;
    return true;
  }
  // a × b = a × (bh × 10^k + bl) = (a × bh) × 10^k + a × bl, each part with the sign of a × b.
  // money-safe: exact remainder and quotient of an exact multiple, as above.
  const bl = b % divisor;
  // money-safe: b − bl is an exact multiple of 10^k.
  const bh = (b - bl) / divisor;
  return splitScaled(bh, bl, k, a, 0);
}

/**
 * Splits `(h × 10^k + l) × f / 10^m`, exactly at scale `k + m`, at `10^(k + m)` into
 * `split = [h′, l′]`: the product of a split value and an integer factor `f` with `m` decimals
 * (a percentage of a gross, a tax percent). `h`, `l` must be a truncated split (same signs) and
 * `k + m ≤ 15`. Returns false when a part would not be exact.
 *
 * @example
 * ```ts
 * // 23.33|333331 (k = 6) × 5 % (f = 5, m = 2) = 1.16|66666665 at k + m = 8:
 * splitScaled(2333, 333331, 6, 5, 2); // true; split is [116, 66666655]
 * ```
 */
export function splitScaled(h: number, l: number, k: number, f: number, m: number): boolean {
  // (h × 10^k + l) × f = (h × f) × 10^k + l × f, and h × f = a × 10^m + b:
  // = a × 10^(k+m) + (b × 10^k + l × f), every part with the sign of the value.
  // money-safe: a product of exact integers, checked exact.
  const hf = h * f;
  const scale = POW10[m] as number;
  // money-safe: exact remainder of exact integers.
  const b = hf % scale;
  // money-safe: hf − b is an exact multiple of 10^m.
  const a = (hf - b) / scale;
  // money-safe: products of exact integers, each checked exact, and their sum checked.
  const bk = b * (POW10[k] as number);
  // money-safe: as above.
  const lf = l * f;
  const rest = bk + lf;
  if (!(isExact(hf) && isExact(bk) && isExact(lf) && isExact(rest))) return false;
  const divisor = POW10[k + m] as number;
  // money-safe: exact remainder of exact integers.
  const low = rest % divisor;
  // money-safe: rest − low is an exact multiple of 10^(k+m).
  const high = a + (rest - low) / divisor;
  split[0] = high;
  split[1] = low;
  return isExact(high);
}

/**
 * Rounds the split value `h × 10^k + l` (truncated, `|l| < 10^k`) to an integer with `method`:
 * the number form of `roundQuotient` (money/divideAndRound.ts), with the same tie rules.
 *
 * @example
 * ```ts
 * roundSplit(2333, 333331, 6, 'half_up'); // 2333 (23.33333331 → 23.33)
 * roundSplit(-100, -5, 1, 'half_up'); // -101 (−100.5 → −101)
 * roundSplit(100, 5, 1, 'half_even'); // 100
 * ```
 */
export function roundSplit(h: number, l: number, k: number, method: RoundingMethod): number {
  if (l === 0 || method === 'down') return h;
  const negative = l < 0;
  const magnitude = negative ? -l : l;
  // money-safe: 10^k / 2 for k ≥ 1 (l ≠ 0 needs k ≥ 1) is an exact integer.
  const half = (POW10[k] as number) / 2;
  if (magnitude > half) return negative ? h - 1 : h + 1;
  if (magnitude !== half) return h;
  switch (method) {
    case 'half_up':
      return negative ? h - 1 : h + 1;
    case 'half_even':
      // money-safe: the parity of an exact integer.
      return h % 2 === 0 ? h : negative ? h - 1 : h + 1;
    case 'half_ceil':
      return negative ? h : h + 1;
  }
}

/**
 * Rounds the quotient of an exact integer division, given as the truncated quotient `q` and the
 * remainder `r` (sign of the dividend) by the positive divisor `d`, with `method`: `roundQuotient`
 * for any divisor, in numbers. `2|r|` against `d` decides (exact for `d` below 2^52).
 *
 * @example
 * ```ts
 * roundRemainder(3, 1, 3, 'half_up'); // 3 (10 / 3 = 3.33…)
 * roundRemainder(6, 2, 3, 'half_up'); // 7 (20 / 3 = 6.66…)
 * roundRemainder(2, 1, 2, 'half_even'); // 2 (5 / 2 = 2.5)
 * ```
 */
export function roundRemainder(q: number, r: number, d: number, method: RoundingMethod): number {
  if (r === 0 || method === 'down') return q;
  const negative = r < 0;
  // money-safe: twice an exact remainder below d < 2^52 is exact.
  const twice = negative ? -2 * r : 2 * r;
  if (twice > d) return negative ? q - 1 : q + 1;
  if (twice !== d) return q;
  switch (method) {
    case 'half_up':
      return negative ? q - 1 : q + 1;
    case 'half_even':
      // money-safe: the parity of an exact integer.
      return q % 2 === 0 ? q : negative ? q - 1 : q + 1;
    case 'half_ceil':
      return negative ? q : q + 1;
  }
}

const ZEROS = '000000000000000000000000';
/** Below 10^9 a count is a small integer, which `String` writes quickly (a large one goes through dtoa). */
const CHUNK = 1_000_000_000;

/** The decimal digits of a non-negative exact integer, written 9 digits at a time. */
function digitsOf(units: number): string {
  // `| 0` makes a count below 10^9 < 2^31 a 32-bit integer, which `String` writes on its fast path.
  if (units < CHUNK) return String(units | 0);
  // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
  const low = units % CHUNK;
  // money-safe: as above; below 2^53 / 10^9 < 10^9, so a small integer again.
  const high = (units - low) / CHUNK;
  const lowDigits = String(low | 0);
  return String(high | 0) + ZEROS.slice(0, 9 - lowDigits.length) + lowDigits;
}

/**
 * Per exponent: the fractions `0 … 10^e − 1` written with their point and exactly `e` digits
 * (`'.05'`; `'.'` for exponent 0), and trimmed (`'.05'`, `'.5'`, `''`). Built once per exponent
 * (at most 10^4 strings), so that writing an amount joins two strings only.
 */
const POINTED_FRACTIONS: string[][] = [];
const TRIMMED_FRACTIONS: string[][] = [];
function fractions(scale: number): string[] {
  let pointed = POINTED_FRACTIONS[scale];
  if (pointed === undefined) {
    pointed = [];
    const trimmed: string[] = [];
    const count = POW10[scale] as number;
    for (let units = 0; units < count; units++) {
      const digits = scale === 0 ? '' : String(units);
      const written = ZEROS.slice(0, scale - digits.length) + digits;
      pointed.push(`.${written}`);
      let end = written.length;
      while (end > 0 && written.charCodeAt(end - 1) === 48) end -= 1;
      trimmed.push(end === 0 ? '' : `.${written.slice(0, end)}`);
    }
    POINTED_FRACTIONS[scale] = pointed;
    TRIMMED_FRACTIONS[scale] = trimmed;
  }
  return pointed;
}

/** Exponents up to this use the fraction tables; a larger scale (none in ISO 4217) uses bigints. */
const TABLE_SCALE = 4;
/** Amounts below this many minor units are written once and shared (`'0.00'`, `'0.75'`, `'-1.20'`). */
const SHARED_BELOW = 1000;
const SHARED: string[][] = [];

/**
 * Writes `units × 10^−scale` with exactly `scale` decimals, as `formatUnits` does (`'1828.07'`,
 * `'-0.25'`, `'0.00'`; never `-0`), from an exact integer `units`: the whole part's digits and the
 * fraction from a table, with no bigint and no floating-point formatting.
 *
 * @example
 * ```ts
 * writeFixed(182807, 2); // '1828.07'
 * writeFixed(-25, 2); // '-0.25'
 * writeFixed(270, 0); // '270'
 * ```
 */
export function writeFixed(units: number, scale: number): string {
  if (scale > TABLE_SCALE || !isExact(units)) {
    // money-safe: an exact integer (the callers' invariant), converted exactly.
    return formatUnits(BigInt(units), scale);
  }
  const small = units < SHARED_BELOW && units > -SHARED_BELOW;
  let shared: string[] | undefined;
  if (small) {
    shared = SHARED[scale];
    if (shared === undefined) {
      // money-safe: an array length.
      shared = new Array<string>(2 * SHARED_BELOW);
      SHARED[scale] = shared;
    }
    const known = shared[units + SHARED_BELOW];
    if (known !== undefined) return known;
  }
  const negative = units < 0;
  const magnitude = negative ? -units : units;
  let written: string;
  if (scale === 0) written = digitsOf(magnitude);
  else {
    const divisor = POW10[scale] as number;
    // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
    const fraction = magnitude % divisor;
    // money-safe: as above.
    written = digitsOf((magnitude - fraction) / divisor) + (fractions(scale)[fraction] as string);
  }
  if (negative) written = `-${written}`;
  if (shared !== undefined) shared[units + SHARED_BELOW] = written;
  return written;
}

/**
 * Writes the split value `(h × 10^k + l) × 10^−(k + scale)` with as few decimals as it needs, as
 * `formatUnitsTrimmed` does (`'10.1'`, `'-25'`, `'0'`): `h` whole units at `scale` decimals and
 * `l` the remainder (truncated split, `k ≤ 15`).
 *
 * @example
 * ```ts
 * writeTrimmed(2333, 333331, 6, 2); // '23.33333331'
 * writeTrimmed(1010, 0, 6, 2); // '10.1'
 * writeTrimmed(0, -5, 1, 2); // '-0.005'
 * ```
 */
export function writeTrimmed(h: number, l: number, k: number, scale: number): string {
  if (scale > TABLE_SCALE || !isExact(h)) {
    // money-safe: exact integers converted exactly.
    return formatUnitsTrimmed(BigInt(h) * pow10(k) + BigInt(l), k + scale);
  }
  const negative = h < 0 || l < 0;
  const whole = negative ? -h : h;
  const pointed = fractions(scale);
  const divisor = POW10[scale] as number;
  // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
  const fraction = whole % divisor;
  // money-safe: as above.
  const integer = digitsOf((whole - fraction) / divisor);
  let written: string;
  if (l === 0) {
    written = integer + ((TRIMMED_FRACTIONS[scale] as string[])[fraction] as string);
  } else {
    let low = negative ? -l : l;
    let digits = k;
    // money-safe: dropping a zero digit of an exact integer is an exact division.
    while (low % 10 === 0) {
      // money-safe: as above.
      low /= 10;
      digits -= 1;
    }
    const rest = digitsOf(low);
    const padding = digits - rest.length;
    written = integer + (pointed[fraction] as string);
    written = padding === 0 ? written + rest : written + ZEROS.slice(0, padding) + rest;
  }
  return negative ? `-${written}` : written;
}

const MAX_EXACT_BIGINT = 9_007_199_254_740_991n;

/**
 * A bigint as an exact number, or `NaN` when it is beyond 2^53 − 1 in magnitude.
 *
 * @example
 * ```ts
 * exactNumberOf(-1250n); // -1250
 * exactNumberOf(2n ** 60n); // NaN
 * ```
 */
export function exactNumberOf(value: bigint): number {
  // money-safe: converted only when every digit survives (|value| ≤ 2^53 − 1).
  return value <= MAX_EXACT_BIGINT && value >= -MAX_EXACT_BIGINT ? Number(value) : Number.NaN;
}
