import { Decimal } from './decimal.js';

/**
 * A JSON number read without loss: `lossless-json`'s `LosslessNumber` (`{ isLosslessNumber: true,
 * value: '12.50' }`) or anything shaped like it. The HTTP edge parses request bodies this way
 * (DESIGN.md, "Money is never a JS number"), so the model accepts it wherever it accepts a decimal
 * string, without depending on the library itself.
 */
export interface LosslessNumberLike {
  readonly isLosslessNumber: true;
  readonly value: string;
}

/**
 * Whether `value` is a lossless JSON number (see {@link LosslessNumberLike}).
 *
 * @example
 * ```ts
 * import { LosslessNumber } from 'lossless-json';
 * isLosslessNumber(new LosslessNumber('12.50')); // true
 * isLosslessNumber(12.5); // false: a JS number may already have lost digits
 * ```
 */
export function isLosslessNumber(value: unknown): value is LosslessNumberLike {
  if (typeof value !== 'object' || value === null) return false;
  // A class instance only: a plain JSON object shaped like one (`{"isLosslessNumber": true, "value":
  // "5"}` in a request body) is an object sent by a client, not a number, and must fail as the wrong
  // type. Parsed JSON objects have Object.prototype; lossless-json's numbers have their class's.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return false;
  return (
    (value as { isLosslessNumber?: unknown }).isLosslessNumber === true &&
    typeof (value as { value?: unknown }).value === 'string'
  );
}

/** JSON's number grammar (RFC 8259 §6). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?(\d+))?$/;

/**
 * Exponents beyond this are refused rather than expanded: `1e999999999` would otherwise become a
 * billion-character string. No amount, quantity or rate of the service needs more than 16 integer
 * digits or 8 decimals (taxmath.md §3.1), so 40 leaves ample room for the later range checks.
 */
const MAX_EXPONENT_DIGITS = 40;

/**
 * The plain decimal text of a JSON number as written on the wire: `'12.50'` stays `'12.50'` (trailing
 * zeros are kept, they tell the decimals the sender meant), `'1e3'` becomes `'1000'`, `'1.5E-2'`
 * `'0.015'`. Returns `null` for text that is not a JSON number or whose exponent is out of range.
 *
 * @example
 * ```ts
 * plainNumberText('1.5E-2'); // '0.015'
 * plainNumberText('12.50'); // '12.50'
 * plainNumberText('1e999'); // null
 * ```
 */
export function plainNumberText(text: string): string | null {
  const match = JSON_NUMBER.exec(text);
  if (match === null) return null;
  const exponent = match[1];
  if (exponent === undefined) return text;
  // money-safe: an exponent of at most three digits, not an amount.
  if (exponent.length > 3 || Number(exponent) > MAX_EXPONENT_DIGITS) return null;
  // money-safe: decimal.js reads the exponent form exactly; toFixed() without arguments rounds nothing.
  return new Decimal(text).toFixed();
}
