/**
 * The simple types of `SuministroInformacion.xsd` an SII record's values must fit, as predicates and
 * spellings (sii.md §6). `siiRecordIssues` checks a record with them before any XML exists, and the
 * section builders write values through them, so the two cannot drift apart.
 *
 * Amounts are EUR decimal strings (sii.md §6: no currency element); they are read into integer cents
 * (bigint, `src/money/fixedPoint.ts`) and never through a JS number.
 *
 * @module
 */
import { isIsoDate } from '../../model/isoDate.js';
import { formatUnits } from '../../money/fixedPoint.js';

/**
 * `ImporteSgn12.2Type` = `(\+|-)?\d{1,12}(\.\d{0,2})?`: at most 12 integer digits (sii.md §6).
 *
 * @example
 * ```ts
 * amountCents('9'.repeat(SII_AMOUNT_INTEGER_DIGITS)); // 99999999999900n
 * ```
 */
export const SII_AMOUNT_INTEGER_DIGITS = 12;

/**
 * `Tipo2.2Type` = `\d{1,3}(\.\d{0,2})?`: at most 3 integer digits, unsigned (sii.md §6).
 *
 * @example
 * ```ts
 * rateHundredths('9'.repeat(SII_RATE_INTEGER_DIGITS)); // 99900n
 * ```
 */
export const SII_RATE_INTEGER_DIGITS = 3;

/** A decimal as a record may carry it: an optional minus, digits, an optional fraction of 1–2 digits. */
const HUNDREDTHS_TEXT = /^(-?)0*(\d+?)(?:\.(\d{1,2}))?$/;

/**
 * Reads a decimal string with at most `integerDigits` significant integer digits (leading zeros are
 * dropped when written, so they do not count) and at most 2 decimals into hundredths; null when it
 * does not fit. Shared by amounts (cents) and rates (hundredths of a percent). One regular
 * expression and one `BigInt` per value: this runs for every amount of every record.
 */
/** An amount already written as SII writes it: 1–12 integer digits without leading zeros, 2 decimals. */
const CANONICAL_AMOUNT = /^-?(?:0|[1-9]\d{0,11})\.\d\d$/;
/** A rate already written as SII writes it: 1–3 integer digits without leading zeros, 2 decimals. */
const CANONICAL_RATE = /^(?:0|[1-9]\d{0,2})\.\d\d$/;

function hundredths(value: unknown, integerDigits: number, signed: boolean): bigint | null {
  if (typeof value !== 'string') return null;
  const match = HUNDREDTHS_TEXT.exec(value);
  if (match === null) return null;
  const sign = match[1] ?? '';
  if (!signed && sign !== '') return null;
  const integer = match[2] ?? '0';
  if (integer.length > integerDigits) return null;
  const fraction = match[3];
  const cents = fraction === undefined ? '00' : fraction.length === 1 ? `${fraction}0` : fraction;
  return BigInt(`${sign}${integer}${cents}`);
}

/**
 * An SII amount (`ImporteSgn12.2Type`, sii.md §6) as integer cents, or null when the value is not a
 * decimal string with at most 12 integer digits and 2 decimals.
 *
 * @example
 * ```ts
 * amountCents('-12.5'); // -1250n
 * amountCents('1.005'); // null: three decimals
 * amountCents('1234567890123'); // null: 13 integer digits
 * ```
 */
export function amountCents(value: unknown): bigint | null {
  return hundredths(value, SII_AMOUNT_INTEGER_DIGITS, true);
}

/**
 * An SII rate (`Tipo2.2Type`, sii.md §6) in hundredths of a percent, or null when the value is not
 * an unsigned decimal string with at most 3 integer digits and 2 decimals.
 *
 * @example
 * ```ts
 * rateHundredths('5.2'); // 520n
 * rateHundredths('-1'); // null: rates are unsigned
 * ```
 */
export function rateHundredths(value: unknown): bigint | null {
  return hundredths(value, SII_RATE_INTEGER_DIGITS, false);
}

/**
 * Writes cents as an SII amount with exactly two decimals (`ImporteSgn12.2Type`).
 *
 * @example
 * ```ts
 * formatCents(10000n); // '100.00'
 * formatCents(-5n); // '-0.05'
 * ```
 */
export function formatCents(cents: bigint): string {
  return formatUnits(cents, 2);
}

/**
 * An amount element's content: the value with exactly two decimals (`100` → `100.00`), or
 * `undefined` (element left out) when absent or not an SII amount (`siiRecordIssues` has refused
 * such a value already).
 *
 * @example
 * ```ts
 * amountText('100'); // '100.00'
 * amountText('-0012.5'); // '-12.50'
 * amountText(null); // undefined
 * ```
 */
export function amountText(value: string | null | undefined): string | undefined {
  // Most amounts already have the canonical spelling (no leading zeros, two decimals): they are
  // written as they are, without the detour through integer cents (this runs for every amount of
  // every record; issue #6 target: 5,000 records in 300 ms).
  if (typeof value === 'string' && CANONICAL_AMOUNT.test(value)) return value;
  const cents = amountCents(value);
  return cents === null ? undefined : formatUnits(cents, 2);
}

/**
 * A rate element's content (`Tipo2.2Type`): the rate with two decimals (`21` → `21.00`, `5.2` →
 * `5.20`), or `undefined` when absent or not a rate.
 *
 * @example
 * ```ts
 * rateText('21'); // '21.00'
 * rateText('1000'); // undefined: 4 integer digits
 * ```
 */
export function rateText(value: string | null | undefined): string | undefined {
  if (typeof value === 'string' && CANONICAL_RATE.test(value)) return value;
  const units = rateHundredths(value);
  return units === null ? undefined : formatUnits(units, 2);
}

/**
 * A date as SII writes it (`fecha`: `dd-mm-yyyy`, sii.md §6) from a `YYYY-MM-DD` calendar date, or
 * `undefined` when absent or not such a date.
 *
 * @example
 * ```ts
 * siiDate('2026-03-15'); // '15-03-2026'
 * siiDate('15-03-2026'); // undefined
 * ```
 */
export function siiDate(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !isIsoDate(value)) return undefined;
  return `${value.slice(8, 10)}-${value.slice(5, 7)}-${value.slice(0, 4)}`;
}

/**
 * An `S`/`N` flag of the SII schemas (`SimplificadaCualificadaType`, `CuponType`, …) from a boolean:
 * `true` → `S`, `false` → `N`, absent → no element.
 *
 * @example
 * ```ts
 * siiFlag(true); // 'S'
 * siiFlag(false); // 'N'
 * siiFlag(null); // undefined
 * ```
 */
export function siiFlag(value: boolean | null | undefined): 'S' | 'N' | undefined {
  return value === true ? 'S' : value === false ? 'N' : undefined;
}

/**
 * Characters outside the XML 1.0 `Char` production: C0 controls other than tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. No XML document can carry them, escaped or
 * not.
 */
const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether every character of `text` may appear in an XML document (see `NOT_XML_CHAR`).
 *
 * @example
 * ```ts
 * isXmlText('Pérez & <Hijos> 😀'); // true: escaped when written
 * isXmlText('a\u0001b'); // false
 * ```
 */
export function isXmlText(text: string): boolean {
  return !NOT_XML_CHAR.test(text);
}

/**
 * The length of a text as the XSD's `maxLength` counts it: characters (code points), so an astral
 * character counts once although it is two UTF-16 units.
 *
 * @example
 * ```ts
 * xsdLength('😀a'); // 2
 * ```
 */
export function xsdLength(text: string): number {
  let length = text.length;
  // A string has at least as many UTF-16 units as code points: count pairs only when it could matter.
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length -= 1;
        i += 1;
      }
    }
  }
  return length;
}

/**
 * A text element's content: the trimmed text, or `undefined` (element left out) when absent or
 * blank. Texts are written trimmed; their limits are checked on the trimmed value.
 *
 * @example
 * ```ts
 * siiText('  Venta ');   // 'Venta'
 * siiText('   '); // undefined
 * ```
 */
export function siiText(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * `NIFType` (sii.md §6): exactly 9 characters, `[A-Z]\d{7}[A-Z]`, `\d{8}[A-Z]` or `[A-Z]\d{8}`
 * (either case). The `ES` prefix of a VAT number must be removed, so `ESB12345674` fails.
 *
 * @example
 * ```ts
 * isSiiNif('B12345674'); // true
 * isSiiNif('ESB12345674'); // false: 11 characters
 * ```
 */
export function isSiiNif(value: string): boolean {
  return /^(?:[A-Za-z]\d{7}[A-Za-z]|\d{8}[A-Za-z]|[A-Za-z]\d{8})$/.test(value);
}
