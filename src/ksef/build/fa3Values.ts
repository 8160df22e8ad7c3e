/**
 * How fiscalkit reads, checks and writes values of the FA(3) simple types (ksef-fa3.md §2): the
 * predicates over the types of `fa3Types.ts`, which is generated from the schema
 * (`scripts/generate-fa3-types.ts`). What is here is not a schema fact — how a decimal is spelt
 * canonically, which characters XML 1.0 allows, how a length is measured, which currencies the schema's
 * list lacks — so it is written by hand (issue #20 §5); the generator stops when a schema fact these
 * functions assume (the `TProcentowy` range, the `TAdresEmail` pattern) changes.
 *
 * @module
 */
import { isIsoDate } from '../../model/isoDate.js';
import { presentText } from '../../model/presentText.js';
import { schemaTextLength } from '../../model/schemaText.js';
import { Decimal } from '../../money/decimal.js';
import {
  type Fa3DateType,
  type Fa3DecimalType,
  type Fa3TextType,
  TADRES_EMAIL,
  TPROCENTOWY,
} from './fa3Types.js';

/** A decimal as fiscalkit reads it before writing it canonically: an optional sign, digits, a fraction. */
const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * The canonical FA(3) spelling of a decimal string, or null when it does not fit `type`: a `+` and
 * leading zeros of the integer part are dropped (the FA(3) patterns refuse both, ksef-fa3.md §1),
 * the fraction is kept as given (`20000.50` stays), never through a JS number (ksef-fa3.md §7).
 * Anything but a string of digits with an optional sign and fraction (`1e3`, `1,5`, `.5`) is null.
 *
 * @example
 * ```ts
 * fa3Decimal('+0012.50', TKWOTOWY); // '12.50'
 * fa3Decimal('12.345', TKWOTOWY); // null: 3 decimals
 * fa3Decimal('123456789012345', TKWOTOWY2); // null: 15 integer digits
 * ```
 */
export function fa3Decimal(value: unknown, type: Fa3DecimalType): string | null {
  if (typeof value !== 'string') return null;
  const match = DECIMAL_TEXT.exec(value.trim());
  if (match === null) return null;
  const sign = match[1] === '-' ? '-' : '';
  const integer = (match[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[3];
  if (integer.length > type.integerDigits) return null;
  if (fraction !== undefined && fraction.length > type.fractionDigits) return null;
  return fraction === undefined ? `${sign}${integer}` : `${sign}${integer}.${fraction}`;
}

/**
 * The canonical spelling of a `TProcentowy` value (0–100, 6 decimals), or null when it is not one.
 *
 * @example
 * ```ts
 * fa3Percent('050'); // '50'
 * fa3Percent('100.5'); // null: above 100
 * ```
 */
export function fa3Percent(value: unknown): string | null {
  const canonical = fa3Decimal(value, TPROCENTOWY);
  if (canonical === null) return null;
  const number = new Decimal(canonical);
  return number.lt(0) || number.gt(100) ? null : canonical;
}

/**
 * Whether a decimal string is greater than zero (an exchange rate: `ksefRate` in the model). The
 * value must already be a valid decimal (see {@link fa3Decimal}).
 *
 * @example
 * ```ts
 * isPositiveDecimal('4.5005'); // true
 * isPositiveDecimal('0.000'); // false
 * ```
 */
export function isPositiveDecimal(value: string): boolean {
  return new Decimal(value).gt(0);
}

/**
 * Whether `value` is a calendar date `YYYY-MM-DD` inside the range of `type` (the ranges are
 * `minInclusive` / `maxInclusive` facets, so both ends count). Same-length ISO dates compare as
 * strings.
 *
 * @example
 * ```ts
 * isFa3Date('2026-02-15', TDATA_T); // true
 * isFa3Date('2005-12-31', TDATA_T); // false: before 2006-01-01
 * isFa3Date('2016-06-30', TDATA); // false
 * ```
 */
export function isFa3Date(value: unknown, type: Fa3DateType): boolean {
  return typeof value === 'string' && isIsoDate(value) && value >= type.min && value <= type.max;
}

/** The code points `refused` compares with. */
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const DELETE = 0x7f;
const NEXT_LINE = 0x85;
const LAST_C1 = 0x9f;
const FIRST_SURROGATE = 0xd800;
const LAST_SURROGATE = 0xdfff;
const FIRST_NONCHARACTER = 0xfdd0;
const LAST_NONCHARACTER = 0xfdef;
const PLANE_END = 0xfffe;

/**
 * Whether a code point cannot appear in an FA(3) document: outside the XML 1.0 `Char` production
 * (C0 controls other than tab, line feed and carriage return; a lone surrogate, which `for…of`
 * yields by itself while a well-formed pair is one code point; U+FFFE, U+FFFF), or discouraged by
 * XML 1.0 §2.2 (U+007F–U+0084, U+0086–U+009F, the noncharacters U+FDD0–U+FDEF and U+xFFFE/U+xFFFF
 * of every plane), which KSeF refuses too (ksef-fa3.md §4, "no discouraged Unicode characters").
 */
function refused(code: number): boolean {
  if (code < SPACE) return code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN;
  if (code >= DELETE && code <= LAST_C1) return code !== NEXT_LINE;
  if (code >= FIRST_SURROGATE && code <= LAST_SURROGATE) return true;
  if (code >= FIRST_NONCHARACTER && code <= LAST_NONCHARACTER) return true;
  // U+xFFFE and U+xFFFF of every plane: the low 16 bits are FFFE or FFFF.
  return (code & PLANE_END) === PLANE_END;
}

/**
 * Whether every character of `text` may appear in an FA(3) document (see `refused` above).
 *
 * @example
 * ```ts
 * isXmlText('Żółć & <gęś> 😀'); // true: escaped when written
 * isXmlText('a\u0001b'); // false: a C0 control
 * isXmlText('\uD800'); // false: a lone surrogate
 * ```
 */
export function isXmlText(text: string): boolean {
  for (const char of text) if (refused(char.codePointAt(0) ?? 0)) return false;
  return true;
}

/**
 * The length the schema measures: for an `xsd:token`, after whitespace collapsing (runs of space,
 * tab, CR and LF become one space, none at either end); for an `xsd:string`, as written. Counted in
 * characters (code points), as XSD length facets are, not in UTF-16 units.
 *
 * @example
 * ```ts
 * fa3TextLength('a  \n b', TZNAKOWY); // 3: 'a b'
 * fa3TextLength('😀', TZNAKOWY); // 1
 * ```
 */
export function fa3TextLength(text: string, type: Fa3TextType): number {
  // One measure for the model's fields (`ksefText`) and this table, so they cannot disagree.
  return schemaTextLength(text, type.token);
}

/**
 * Whether an e-mail address fits `etd:TAdresEmail`: 3–255 characters after collapsing and the
 * pattern `(.)+@(.)+` (something on both sides of an `@`).
 *
 * @example
 * ```ts
 * isFa3Email('jan@kowalski.pl'); // true
 * isFa3Email('@kowalski.pl'); // false
 * ```
 */
export function isFa3Email(text: string): boolean {
  const length = fa3TextLength(text, TADRES_EMAIL);
  const collapsed = text.replace(/[ \t\r\n]+/g, ' ').trim();
  return length >= TADRES_EMAIL.min && length <= TADRES_EMAIL.max && /^.+@.+$/.test(collapsed);
}

/**
 * ISO 4217 codes fiscalkit accepts (`isCurrencyCode`) that FA(3) `TKodWaluty` does not list: the
 * schema's closed list predates them (SLE, the new leone of 2022; VED, the bolívar digital of 2021;
 * ZWG, the Zimbabwe gold of 2024). An invoice in them cannot be written as FA(3). The test
 * `test/ksef/build.test.ts` compares fiscalkit's lists with the XSD's.
 */
export const FA3_UNLISTED_CURRENCIES: readonly string[] = ['SLE', 'VED', 'ZWG'];

/**
 * Whether an invoice is in a currency other than PLN: only then does FA(3) carry conversions
 * (`KursWaluty`, `KursWalutyZ`, `P_14_xW`; ksef-fa3.md §6.6, "all amounts are in the invoice
 * currency except the …W fields"). A PLN invoice is written without them even when the report
 * carries a rate (a **fiscalkit choice**: a rate of a PLN invoice converts nothing).
 *
 * @example
 * ```ts
 * isForeignCurrency('EUR'); // true
 * isForeignCurrency('PLN'); // false
 * ```
 */
export function isForeignCurrency(currency: string | null | undefined): boolean {
  const code = presentText(currency);
  return code !== null && code !== 'PLN';
}
