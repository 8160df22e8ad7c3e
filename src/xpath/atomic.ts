// money-safe-file: xs:double arithmetic is IEEE 754 by definition (XPath 2.0 F&O §6.2); amounts the rule sets compare exactly go through xs:decimal, which is decimal.js here.
/**
 * The atomic values of XPath 2.0 that the EN 16931, Peppol and XRechnung rule sets use, and the rules
 * that convert and compare them (W3C "XQuery 1.0 and XPath 2.0 Functions and Operators", F&O §17
 * casting, §6 numerics; XPath 2.0 §3.5 comparisons, §3.4 arithmetic).
 *
 * JS values stand for the types, so that the common case costs nothing: a `string` is xs:string, a
 * `boolean` xs:boolean, a `number` xs:double, a `bigint` xs:integer (arbitrary precision: the Peppol
 * IBAN rule takes a 30-digit number mod 97, where a double would be wrong), a decimal.js `Decimal`
 * xs:decimal (exact: `0.1 + 0.2 = 0.3`, which the XRechnung sum rules rely on), {@link Untyped}
 * xs:untypedAtomic (what a node's value is without a schema) and {@link XsDate} xs:date.
 *
 * @module
 */
import DecimalJs from 'decimal.js';

/** xs:decimal: decimal.js with room for any amount a rule set multiplies or divides. */
export const XsDecimal = DecimalJs.clone({
  precision: 60,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
});
/** An xs:decimal value. */
export type XsDecimal = InstanceType<typeof XsDecimal>;

/**
 * xs:untypedAtomic: the typed value of a node in an untyped document (XDM §3.3.1.2).
 *
 * @example
 * ```ts
 * new Untyped('12.50').value; // '12.50': compared as a string with strings, as a double with numbers
 * ```
 */
export class Untyped {
  constructor(readonly value: string) {}
}

/**
 * xs:date: a day, with its timezone in minutes when one was given (F&O §10.1).
 *
 * @example
 * ```ts
 * stringToDate('2026-11-27Z').key === stringToDate('2026-11-27+00:00').key; // true
 * ```
 */
export class XsDate {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    readonly timezone: number | null,
    readonly lexical: string,
  ) {}
  /** Days since 1970-01-01 for comparison, the timezone applied (an absent one counts as Z, F&O §10.4). */
  get key(): number {
    return Date.UTC(this.year, this.month - 1, this.day) / 60000 - (this.timezone ?? 0);
  }
}

/** An atomic value. */
export type Atomic = string | boolean | number | bigint | XsDecimal | Untyped | XsDate;

/**
 * A dynamic error of the XPath evaluation, with its W3C error code (`FORG0001`).
 *
 * @example
 * ```ts
 * try { stringToDecimal('abc'); } catch (error) { (error as XPathError).code; } // 'FORG0001'
 * ```
 */
export class XPathError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'XPathError';
  }
}

/**
 * Whether a value is xs:decimal.
 *
 * @example
 * ```ts
 * isDecimal(new XsDecimal('1.5')); // true
 * isDecimal(1.5); // false: a number is an xs:double
 * ```
 */
export function isDecimal(value: unknown): value is XsDecimal {
  return value instanceof XsDecimal;
}

/**
 * The type name of an atomic value, for messages.
 *
 * @example
 * ```ts
 * typeName(1n); // 'xs:integer'
 * typeName(new Untyped('x')); // 'xs:untypedAtomic'
 * ```
 */
export function typeName(value: Atomic): string {
  switch (typeof value) {
    case 'string':
      return 'xs:string';
    case 'boolean':
      return 'xs:boolean';
    case 'number':
      return 'xs:double';
    case 'bigint':
      return 'xs:integer';
    default:
      if (value instanceof Untyped) return 'xs:untypedAtomic';
      if (value instanceof XsDate) return 'xs:date';
      return 'xs:decimal';
  }
}

/**
 * Whether a value is numeric (xs:integer, xs:decimal or xs:double).
 *
 * @example
 * ```ts
 * isNumeric(2n); // true
 * isNumeric('2'); // false
 * ```
 */
export function isNumeric(value: Atomic): value is number | bigint | XsDecimal {
  return typeof value === 'number' || typeof value === 'bigint' || value instanceof XsDecimal;
}

const DECIMAL_LEXICAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const INTEGER_LEXICAL = /^[+-]?\d+$/;
const DOUBLE_LEXICAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_LEXICAL = /^(-?\d{4,})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/;

/** XML Schema whitespace collapse of a lexical form (the numeric and date types collapse). */
function collapse(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

/**
 * The canonical string of an xs:double (F&O §17.1.2): `17`, `0.5`, `1.0E7`, `NaN`, `INF`.
 *
 * @example
 * ```ts
 * doubleToString(17); // '17'
 * doubleToString(1e7); // '1.0E7'
 * doubleToString(Number.NaN); // 'NaN'
 * ```
 */
export function doubleToString(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return 'INF';
  if (value === Number.NEGATIVE_INFINITY) return '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-6 && magnitude < 1e6) {
    // Decimal notation, no exponent, no trailing zeros: what JS prints in this range, except that
    // JS switches to exponents below 1e-6 only, so the range is safe.
    return String(value);
  }
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  const digits = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${digits}E${Number.parseInt(exponent, 10)}`;
}

/**
 * The canonical string of an xs:decimal (F&O §17.1.2): no exponent, no trailing zeros, `17` not `17.0`.
 *
 * @example
 * ```ts
 * decimalToString(new XsDecimal('17.50')); // '17.5'
 * ```
 */
export function decimalToString(value: XsDecimal): string {
  return value.toFixed();
}

/**
 * The string value of an atomic value (F&O §17.1.2 cast to xs:string).
 *
 * @example
 * ```ts
 * atomicToString(true); // 'true'
 * atomicToString(new XsDecimal('2.0')); // '2'
 * ```
 */
export function atomicToString(value: Atomic): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return doubleToString(value);
    case 'bigint':
      return value.toString();
    default:
      if (value instanceof Untyped) return value.value;
      if (value instanceof XsDate) return value.lexical;
      return decimalToString(value);
  }
}

/**
 * xs:double from a lexical form; NaN when it is not one (F&O §14.1.1 `fn:number` semantics).
 *
 * @example
 * ```ts
 * parseDouble(' 1e3 '); // 1000
 * parseDouble('abc'); // NaN
 * ```
 */
export function parseDouble(text: string): number {
  const lexical = collapse(text);
  if (DOUBLE_LEXICAL.test(lexical)) return Number.parseFloat(lexical);
  if (lexical === 'INF' || lexical === '+INF') return Number.POSITIVE_INFINITY;
  if (lexical === '-INF') return Number.NEGATIVE_INFINITY;
  return Number.NaN;
}

function invalid(text: string, type: string): XPathError {
  return new XPathError('FORG0001', `cannot cast "${text}" to ${type}`);
}

/**
 * Casts a string to xs:decimal or throws FORG0001.
 *
 * @example
 * ```ts
 * stringToDecimal(' 10.50 ').toFixed(); // '10.5'
 * stringToDecimal('1e3'); // throws FORG0001: no exponent in xs:decimal
 * ```
 */
export function stringToDecimal(text: string): XsDecimal {
  const lexical = collapse(text);
  if (!DECIMAL_LEXICAL.test(lexical)) throw invalid(text, 'xs:decimal');
  return new XsDecimal(lexical.endsWith('.') ? lexical.slice(0, -1) : lexical);
}

/**
 * Casts a string to xs:integer or throws FORG0001.
 *
 * @example
 * ```ts
 * stringToInteger('3214282912345698765432161182') % 97n; // 1n
 * ```
 */
export function stringToInteger(text: string): bigint {
  const lexical = collapse(text);
  if (!INTEGER_LEXICAL.test(lexical)) throw invalid(text, 'xs:integer');
  return BigInt(lexical.startsWith('+') ? lexical.slice(1) : lexical);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Casts a string to xs:date or throws FORG0001.
 *
 * @example
 * ```ts
 * stringToDate('2026-02-29'); // throws FORG0001: not a day
 * stringToDate('2026-11-27').year; // 2026
 * ```
 */
export function stringToDate(text: string): XsDate {
  const lexical = collapse(text);
  const match = DATE_LEXICAL.exec(lexical);
  if (match === null) throw invalid(text, 'xs:date');
  const year = Number.parseInt(match[1] as string, 10);
  const month = Number.parseInt(match[2] as string, 10);
  const day = Number.parseInt(match[3] as string, 10);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw invalid(text, 'xs:date');
  const zone = match[4];
  let timezone: number | null = null;
  if (zone === 'Z') timezone = 0;
  else if (zone !== undefined) {
    const hours = Number.parseInt(zone.slice(1, 3), 10);
    const minutes = Number.parseInt(zone.slice(4, 6), 10);
    if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) throw invalid(text, 'xs:date');
    timezone = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  // The canonical form (F&O §17.1.2): UTC is written Z.
  const canonical = timezone === 0 ? `${lexical.slice(0, lexical.length - (zone?.length ?? 0))}Z` : lexical;
  return new XsDate(year, month, day, timezone, canonical);
}

/** The atomic types a cast can target. */
export type CastTarget =
  | 'xs:string'
  | 'xs:untypedAtomic'
  | 'xs:boolean'
  | 'xs:decimal'
  | 'xs:integer'
  | 'xs:double'
  | 'xs:float'
  | 'xs:date';

/** The cast targets by local name (`decimal` → `xs:decimal`). */
export const CAST_TARGETS: ReadonlySet<string> = new Set([
  'string',
  'untypedAtomic',
  'boolean',
  'decimal',
  'integer',
  'double',
  'float',
  'date',
]);

function toDecimal(value: Atomic): XsDecimal {
  if (typeof value === 'bigint') return new XsDecimal(value.toString());
  if (value instanceof XsDecimal) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new XPathError('FOCA0002', `cannot cast ${doubleToString(value)} to xs:decimal`);
    return new XsDecimal(value);
  }
  if (typeof value === 'boolean') return new XsDecimal(value ? 1 : 0);
  if (typeof value === 'string' || value instanceof Untyped) return stringToDecimal(atomicToString(value));
  throw new XPathError('XPTY0004', `cannot cast ${typeName(value)} to xs:decimal`);
}

function toInteger(value: Atomic): bigint {
  if (typeof value === 'bigint') return value;
  if (value instanceof XsDecimal) return BigInt(value.trunc().toFixed());
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new XPathError('FOCA0002', `cannot cast ${doubleToString(value)} to xs:integer`);
    return BigInt(Math.trunc(value));
  }
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'string' || value instanceof Untyped) return stringToInteger(atomicToString(value));
  throw new XPathError('XPTY0004', `cannot cast ${typeName(value)} to xs:integer`);
}

function toDouble(value: Atomic): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof XsDecimal) return value.toNumber();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' || value instanceof Untyped) {
    const text = atomicToString(value);
    const parsed = parseDouble(text);
    if (Number.isNaN(parsed) && collapse(text) !== 'NaN') throw invalid(text, 'xs:double');
    return parsed;
  }
  throw new XPathError('XPTY0004', `cannot cast ${typeName(value)} to xs:double`);
}

function toBoolean(value: Atomic): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return !(value === 0 || Number.isNaN(value));
  if (typeof value === 'bigint') return value !== 0n;
  if (value instanceof XsDecimal) return !value.isZero();
  if (typeof value === 'string' || value instanceof Untyped) {
    const lexical = collapse(atomicToString(value));
    if (lexical === 'true' || lexical === '1') return true;
    if (lexical === 'false' || lexical === '0') return false;
    throw invalid(lexical, 'xs:boolean');
  }
  throw new XPathError('XPTY0004', `cannot cast ${typeName(value)} to xs:boolean`);
}

/**
 * Casts an atomic value to a target type (F&O §17.1), throwing FORG0001/XPTY0004 as Saxon would.
 *
 * @example
 * ```ts
 * castAtomic(new Untyped('1.10'), 'xs:decimal'); // XsDecimal 1.1
 * castAtomic(2.5, 'xs:integer'); // 2n
 * ```
 */
export function castAtomic(value: Atomic, target: CastTarget): Atomic {
  switch (target) {
    case 'xs:string':
      return atomicToString(value);
    case 'xs:untypedAtomic':
      return new Untyped(atomicToString(value));
    case 'xs:boolean':
      return toBoolean(value);
    case 'xs:decimal':
      return toDecimal(value);
    case 'xs:integer':
      return toInteger(value);
    case 'xs:double':
    case 'xs:float':
      return toDouble(value);
    case 'xs:date':
      if (value instanceof XsDate) return value;
      if (typeof value === 'string' || value instanceof Untyped) return stringToDate(atomicToString(value));
      throw new XPathError('XPTY0004', `cannot cast ${typeName(value)} to xs:date`);
  }
}

/**
 * Whether `value cast as target` would succeed (XPath 2.0 §3.10.3 `castable as`).
 *
 * @example
 * ```ts
 * castable('12', 'xs:integer'); // true
 * castable('12.5', 'xs:integer'); // false
 * ```
 */
export function castable(value: Atomic, target: CastTarget): boolean {
  try {
    castAtomic(value, target);
    return true;
  } catch (error) {
    if (error instanceof XPathError) return false;
    throw error;
  }
}

/** Numeric rank for promotion: integer < decimal < double (XPath 2.0 Appendix B.1). */
function rank(value: number | bigint | XsDecimal): 0 | 1 | 2 {
  if (typeof value === 'bigint') return 0;
  if (typeof value === 'number') return 2;
  return 1;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Strings compare by Unicode code point (F&O §7.3.1, the codepoint collation); JavaScript's `<`
 * compares UTF-16 units, which differs only when a surrogate pair meets a character above U+D7FF.
 */
function compareStrings(left: string, right: string): number {
  if (!SURROGATE.test(left) && !SURROGATE.test(right)) return left < right ? -1 : left > right ? 1 : 0;
  const a = Array.from(left);
  const b = Array.from(right);
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = (a[i] as string).codePointAt(0) as number;
    const y = (b[i] as string).codePointAt(0) as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** The comparison operators of value comparison. */
export type ComparisonOperator = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';

function holds(order: number, operator: ComparisonOperator): boolean {
  switch (operator) {
    case 'eq':
      return order === 0;
    case 'ne':
      return order !== 0;
    case 'lt':
      return order < 0;
    case 'le':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'ge':
      return order >= 0;
  }
}

function compareNumbers(
  left: number | bigint | XsDecimal,
  right: number | bigint | XsDecimal,
  operator: ComparisonOperator,
): boolean {
  const common = Math.max(rank(left), rank(right));
  if (common === 2) {
    const a = toDouble(left);
    const b = toDouble(right);
    if (Number.isNaN(a) || Number.isNaN(b)) return operator === 'ne';
    return holds(a < b ? -1 : a > b ? 1 : 0, operator);
  }
  if (common === 0) {
    const a = left as bigint;
    const b = right as bigint;
    return holds(a < b ? -1 : a > b ? 1 : 0, operator);
  }
  return holds(toDecimal(left).comparedTo(toDecimal(right)), operator);
}

/**
 * Value comparison of two atomic values (XPath 2.0 §3.5.1), untyped values already cast by the
 * caller: numbers by numeric promotion, strings by codepoint, booleans, dates. Incomparable types
 * raise XPTY0004, as Saxon does.
 *
 * @example
 * ```ts
 * compareAtomic(1n, new XsDecimal('1.0'), 'eq'); // true
 * compareAtomic('a', 1n, 'eq'); // throws XPTY0004
 * ```
 */
export function compareAtomic(left: Atomic, right: Atomic, operator: ComparisonOperator): boolean {
  if (isNumeric(left) && isNumeric(right)) return compareNumbers(left, right, operator);
  if (typeof left === 'string' && typeof right === 'string')
    return holds(compareStrings(left, right), operator);
  if (typeof left === 'boolean' && typeof right === 'boolean')
    return holds(left === right ? 0 : left ? 1 : -1, operator);
  if (left instanceof XsDate && right instanceof XsDate) {
    const a = left.key;
    const b = right.key;
    return holds(a < b ? -1 : a > b ? 1 : 0, operator);
  }
  throw new XPathError('XPTY0004', `cannot compare ${typeName(left)} with ${typeName(right)}`);
}

/**
 * One pair of a general comparison (XPath 2.0 §3.5.2): an untyped value is cast to the other side's
 * type — to xs:double against a number, to xs:string against a string or another untyped value.
 *
 * @example
 * ```ts
 * generalCompareAtomic(new Untyped('30'), 30n, 'eq'); // true: compared as doubles
 * generalCompareAtomic(new Untyped('30'), '30.0', 'eq'); // false: compared as strings
 * ```
 */
export function generalCompareAtomic(left: Atomic, right: Atomic, operator: ComparisonOperator): boolean {
  let a = left;
  let b = right;
  if (a instanceof Untyped) {
    if (b instanceof Untyped) {
      a = a.value;
      b = b.value;
    } else if (isNumeric(b)) a = toDouble(a);
    else if (typeof b === 'string') a = a.value;
    else a = castAtomic(a, b instanceof XsDate ? 'xs:date' : 'xs:boolean');
  } else if (b instanceof Untyped) {
    if (isNumeric(a)) b = toDouble(b);
    else if (typeof a === 'string') b = b.value;
    else b = castAtomic(b, a instanceof XsDate ? 'xs:date' : 'xs:boolean');
  }
  return compareAtomic(a, b, operator);
}

/** The arithmetic operators. */
export type ArithmeticOperator = '+' | '-' | '*' | 'div' | 'idiv' | 'mod';

/**
 * Arithmetic on two atomic values (XPath 2.0 §3.4): untyped operands become xs:double; integers stay
 * exact (bigint), `div` of integers is a decimal, decimals are exact, anything with a double is a double.
 *
 * @example
 * ```ts
 * arithmetic(1n, 3n, 'div'); // XsDecimal 0.333… (xs:integer div gives xs:decimal)
 * arithmetic(new XsDecimal('0.1'), new XsDecimal('0.2'), '+'); // XsDecimal 0.3
 * ```
 */
export function arithmetic(left: Atomic, right: Atomic, operator: ArithmeticOperator): Atomic {
  const a = left instanceof Untyped ? toDouble(left) : left;
  const b = right instanceof Untyped ? toDouble(right) : right;
  if (!isNumeric(a) || !isNumeric(b))
    throw new XPathError('XPTY0004', `arithmetic on ${typeName(a)} and ${typeName(b)}`);
  const common = Math.max(rank(a), rank(b));
  if (common === 2) {
    const x = toDouble(a);
    const y = toDouble(b);
    switch (operator) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case 'div':
        return x / y;
      case 'mod':
        return x % y;
      case 'idiv': {
        if (y === 0) throw new XPathError('FOAR0001', 'integer division by zero');
        const quotient = x / y;
        if (!Number.isFinite(quotient) || Number.isNaN(quotient))
          throw new XPathError('FOAR0002', 'idiv overflow');
        return BigInt(Math.trunc(quotient));
      }
    }
  }
  if (common === 0 && operator !== 'div') {
    const x = a as bigint;
    const y = b as bigint;
    switch (operator) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case 'idiv':
      case 'mod':
        if (y === 0n) throw new XPathError('FOAR0001', 'integer division by zero');
        return operator === 'idiv' ? x / y : x % y;
    }
  }
  const x = toDecimal(a);
  const y = toDecimal(b);
  switch (operator) {
    case '+':
      return x.plus(y);
    case '-':
      return x.minus(y);
    case '*':
      return x.times(y);
    case 'div':
      if (y.isZero()) throw new XPathError('FOAR0001', 'decimal division by zero');
      return x.dividedBy(y);
    case 'mod':
      if (y.isZero()) throw new XPathError('FOAR0001', 'decimal division by zero');
      return x.mod(y);
    case 'idiv':
      if (y.isZero()) throw new XPathError('FOAR0001', 'integer division by zero');
      return BigInt(x.dividedBy(y).trunc().toFixed());
  }
  throw new XPathError('XPST0003', `unknown operator ${operator}`);
}

/**
 * Unary minus (XPath 2.0 §3.4).
 *
 * @example
 * ```ts
 * negate(new Untyped('2')); // -2 (an untyped value becomes a double)
 * ```
 */
export function negate(value: Atomic): Atomic {
  const a = value instanceof Untyped ? toDouble(value) : value;
  if (typeof a === 'number') return -a;
  if (typeof a === 'bigint') return -a;
  if (a instanceof XsDecimal) return a.negated();
  throw new XPathError('XPTY0004', `unary minus on ${typeName(a)}`);
}

/**
 * xs:double of any numeric or untyped value, for functions that take doubles.
 *
 * @example
 * ```ts
 * asDouble(new XsDecimal('0.5')); // 0.5
 * ```
 */
export function asDouble(value: Atomic): number {
  return toDouble(value);
}

/**
 * xs:decimal of a numeric or untyped value.
 *
 * @example
 * ```ts
 * asDecimal(new Untyped('0.5')).toFixed(); // '0.5'
 * ```
 */
export function asDecimal(value: Atomic): XsDecimal {
  return toDecimal(value);
}
