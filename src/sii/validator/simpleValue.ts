/**
 * Checking a simple value against a {@link SimpleTypeModel}: whitespace processing, the built-in base's
 * lexical space, then the facets — as XML Schema 1.0 Part 2 says and libxml2 does. Decimal facets are
 * checked on the decimal string (digit counting and comparison digit by digit), never through a JS
 * number (DESIGN.md: money is never a JS number).
 *
 * @module
 */
import type { SimpleTypeModel } from './schemaModel.js';
import { xsdPattern } from './xsdPattern.js';

/** Checks one value; returns why it is not valid, or null when it is. */
export type SimpleValueCheck = (value: string) => string | null;

const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const INTEGER = /^[+-]?[0-9]+$/;
const BOOLEAN = new Set(['true', 'false', '1', '0']);
const DATE = /^-?([0-9]{4,})-([0-9]{2})-([0-9]{2})(Z|[+-](?:(?:0[0-9]|1[0-3]):[0-5][0-9]|14:00))?$/;

/** A decimal in parts: sign (-1, 0, 1), integer digits without leading zeros, fraction without trailing zeros. */
interface DecimalParts {
  sign: -1 | 0 | 1;
  integer: string;
  fraction: string;
}

function decimalParts(lexical: string): DecimalParts {
  const negative = lexical.startsWith('-');
  const unsigned = lexical.replace(/^[+-]/, '');
  const point = unsigned.indexOf('.');
  const integer = (point < 0 ? unsigned : unsigned.slice(0, point)).replace(/^0+/, '');
  const fraction = (point < 0 ? '' : unsigned.slice(point + 1)).replace(/0+$/, '');
  const zero = integer === '' && fraction === '';
  return { sign: zero ? 0 : negative ? -1 : 1, integer, fraction };
}

/** Compares two decimal lexical values by value: negative, zero or positive like `a - b`. */
function compareDecimals(a: string, b: string): number {
  const x = decimalParts(a);
  const y = decimalParts(b);
  if (x.sign !== y.sign) return x.sign - y.sign;
  let magnitude = 0;
  if (x.integer.length !== y.integer.length) magnitude = x.integer.length - y.integer.length;
  else if (x.integer !== y.integer) magnitude = x.integer < y.integer ? -1 : 1;
  else {
    const width = Math.max(x.fraction.length, y.fraction.length);
    const fx = x.fraction.padEnd(width, '0');
    const fy = y.fraction.padEnd(width, '0');
    magnitude = fx === fy ? 0 : fx < fy ? -1 : 1;
  }
  return x.sign < 0 ? -magnitude : magnitude;
}

/** The canonical form of a decimal (for enumerations compared by value): `-12.5`, `0`, `3`. */
function canonicalDecimal(lexical: string): string {
  const { sign, integer, fraction } = decimalParts(lexical);
  if (sign === 0) return '0';
  return `${sign < 0 ? '-' : ''}${integer === '' ? '0' : integer}${fraction === '' ? '' : `.${fraction}`}`;
}

/** The number of characters (Unicode code points, as XSD length facets count them). */
function characterCount(value: string): number {
  let count = value.length;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    // A low surrogate after a high one: the pair is one character.
    if (code >= 0xdc00 && code <= 0xdfff && index > 0) {
      const previous = value.charCodeAt(index - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) count -= 1;
    }
  }
  return count;
}

function daysInMonth(year: string, month: number): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  // Gregorian leap years: divisible by 4 and not by 100 unless by 400 — decided on the year's last
  // digits (a year may have more than 4 digits).
  const lastTwo = Number.parseInt(year.slice(-2), 10);
  const century = Number.parseInt(year.slice(-4, -2) || '0', 10);
  // money-safe: calendar arithmetic on a year's digits, not an amount
  const leap = lastTwo === 0 ? century % 4 === 0 : lastTwo % 4 === 0;
  return leap ? 29 : 28;
}

function show(value: string): string {
  const shown = characterCount(value) > 60 ? `${Array.from(value).slice(0, 57).join('')}...` : value;
  return JSON.stringify(shown);
}

function list(values: readonly string[]): string {
  const shown = values.slice(0, 20).map((value) => JSON.stringify(value));
  return values.length > 20 ? `${shown.join(', ')}, … (${values.length} values)` : shown.join(', ');
}

function normalize(value: string, whiteSpace: SimpleTypeModel['whiteSpace']): string {
  if (whiteSpace === 'preserve') return value;
  const replaced = value.replace(/[\t\n\r]/g, ' ');
  return whiteSpace === 'replace' ? replaced : replaced.replace(/ {2,}/g, ' ').replace(/^ | $/g, '');
}

/**
 * Compiles the check of a simple type: a function from the element's text to an error message (or
 * null). `name` names the type in messages (`sii:NIFType`); anonymous types are named by their element.
 *
 * @throws Error when the model asks for something the validator does not implement (bounds on dates).
 *
 * @example
 * const check = compileSimpleType('sii:Tipo2.2Type', {
 *   kind: 'simple',
 *   base: 'string',
 *   whiteSpace: 'preserve',
 *   patterns: ['\\d{1,3}(\\.\\d{0,2})?'],
 * });
 * check('21.00'); // → null
 * check('21.000'); // → 'value "21.000" does not match the pattern \\d{1,3}(\\.\\d{0,2})? of sii:Tipo2.2Type'
 */
export function compileSimpleType(name: string, type: SimpleTypeModel): SimpleValueCheck {
  const numeric = type.base === 'decimal' || type.base === 'integer';
  const bounds = [type.minInclusive, type.maxInclusive, type.minExclusive, type.maxExclusive];
  if (!numeric && bounds.some((bound) => bound !== undefined)) {
    throw new Error(`${name}: range facets are only supported on decimal and integer types`);
  }
  if (!numeric && (type.totalDigits !== undefined || type.fractionDigits !== undefined)) {
    throw new Error(`${name}: digit facets are only supported on decimal and integer types`);
  }
  const patterns = (type.patterns ?? []).map((pattern) => ({ pattern, regex: xsdPattern(pattern) }));
  const enumeration =
    type.enumeration === undefined
      ? undefined
      : new Set(numeric ? type.enumeration.map(canonicalDecimal) : type.enumeration);
  const { length, minLength, maxLength } = type;
  const stringLike = !numeric && type.base !== 'boolean' && type.base !== 'date';
  return (raw) => {
    const value = normalize(raw, type.whiteSpace);
    switch (type.base) {
      case 'decimal':
        if (!DECIMAL.test(value)) return `value ${show(value)} is not a decimal (${name})`;
        break;
      case 'integer':
        if (!INTEGER.test(value)) return `value ${show(value)} is not an integer (${name})`;
        break;
      case 'boolean':
        if (!BOOLEAN.has(value)) return `value ${show(value)} is not a boolean (${name})`;
        break;
      case 'date': {
        const match = DATE.exec(value);
        const month = match === null ? 0 : Number.parseInt(match[2] as string, 10);
        const day = match === null ? 0 : Number.parseInt(match[3] as string, 10);
        const year = match?.[1] ?? '';
        if (match === null || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
          return `value ${show(value)} is not a date (${name})`;
        }
        break;
      }
      default:
    }
    if (stringLike && (length !== undefined || minLength !== undefined || maxLength !== undefined)) {
      // A value of at most maxLength UTF-16 units has at most that many characters: count only when needed.
      const count =
        maxLength !== undefined &&
        length === undefined &&
        minLength === undefined &&
        value.length <= maxLength
          ? value.length
          : characterCount(value);
      if (length !== undefined && count !== length) {
        return `value ${show(value)} has ${count} characters; ${name} requires exactly ${length}`;
      }
      if (minLength !== undefined && count < minLength) {
        return `value ${show(value)} has ${count} characters; ${name} requires at least ${minLength}`;
      }
      if (maxLength !== undefined && count > maxLength) {
        return `value ${show(value)} has ${count} characters; ${name} allows at most ${maxLength}`;
      }
    }
    for (const { pattern, regex } of patterns) {
      if (!regex.test(value)) return `value ${show(value)} does not match the pattern ${pattern} of ${name}`;
    }
    if (enumeration !== undefined && !enumeration.has(numeric ? canonicalDecimal(value) : value)) {
      return `value ${show(value)} is not one of ${list(type.enumeration ?? [])} (${name})`;
    }
    if (numeric) {
      const { integer, fraction } = decimalParts(value);
      if (type.fractionDigits !== undefined && fraction.length > type.fractionDigits) {
        return `value ${show(value)} has ${fraction.length} fraction digits; ${name} allows at most ${type.fractionDigits}`;
      }
      const digits = Math.max(integer.length + fraction.length, 1);
      if (type.totalDigits !== undefined && digits > type.totalDigits) {
        return `value ${show(value)} has ${digits} digits; ${name} allows at most ${type.totalDigits}`;
      }
      if (type.minInclusive !== undefined && compareDecimals(value, type.minInclusive) < 0) {
        return `value ${show(value)} is less than ${type.minInclusive} (${name})`;
      }
      if (type.maxInclusive !== undefined && compareDecimals(value, type.maxInclusive) > 0) {
        return `value ${show(value)} is greater than ${type.maxInclusive} (${name})`;
      }
      if (type.minExclusive !== undefined && compareDecimals(value, type.minExclusive) <= 0) {
        return `value ${show(value)} is not greater than ${type.minExclusive} (${name})`;
      }
      if (type.maxExclusive !== undefined && compareDecimals(value, type.maxExclusive) >= 0) {
        return `value ${show(value)} is not less than ${type.maxExclusive} (${name})`;
      }
    }
    return null;
  };
}
