/**
 * The simple types of `schemat_FA(3)_v1-0E.xsd` (and its `bazowe/` imports) that a Ksef tax report's
 * values must fit, as data and predicates (ksef-fa3.md §2). `fa3Issues` checks a report with them
 * before any XML exists, and the section builders write values in the form these types accept, so
 * the two cannot drift apart.
 *
 * @module
 */
import { isIsoDate } from '../../model/isoDate.js';
import { presentText } from '../../model/presentText.js';
import { schemaTextLength } from '../../model/schemaText.js';
import { Decimal } from '../../money/decimal.js';

/** An FA(3) decimal type: the integer and fraction digits its pattern admits (ksef-fa3.md §2). */
export interface Fa3DecimalType {
  /** The XSD type name, for messages. */
  readonly name: string;
  /** Most integer digits (the pattern's `[1-9]\d{0,n}` plus one). */
  readonly integerDigits: number;
  /** Most fraction digits. */
  readonly fractionDigits: number;
}

/** `TKwotowy`: every amount, pattern `-?([1-9]\d{0,15}|0)(\.\d{1,2})?` (ksef-fa3.md §2). */
export const TKWOTOWY: Fa3DecimalType = { name: 'TKwotowy', integerDigits: 16, fractionDigits: 2 };

/** `TKwotowy2`: unit prices and discounts, pattern `-?([1-9]\d{0,13}|0)(\.\d{1,8})?`. */
export const TKWOTOWY2: Fa3DecimalType = { name: 'TKwotowy2', integerDigits: 14, fractionDigits: 8 };

/** `TIlosci`: quantities and exchange rates, pattern `-?([1-9]\d{0,15}|0)(\.\d{1,6})?`. */
export const TILOSCI: Fa3DecimalType = { name: 'TIlosci', integerDigits: 16, fractionDigits: 6 };

/**
 * `TProcentowy` (`Podmiot3/Udzial`, `P_12_XII`, `P_12Z_XII`): xsd:decimal, 0–100, 6 fraction digits,
 * 9 digits in all. The range is checked by {@link fa3Percent}.
 */
export const TPROCENTOWY: Fa3DecimalType = { name: 'TProcentowy', integerDigits: 3, fractionDigits: 6 };

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

/** An FA(3) date type: `YYYY-MM-DD` between two dates (ksef-fa3.md §2). */
export interface Fa3DateType {
  readonly name: string;
  readonly min: string;
  readonly max: string;
}

/** `TDataT`: P_1, P_6, P_6_Od/Do, P_6A, DataWystFaKorygowanej; 2006-01-01 to 2050-01-01. */
export const TDATA_T: Fa3DateType = { name: 'TDataT', min: '2006-01-01', max: '2050-01-01' };

/** `TDataU`: DataZamowienia, DataUmowy; 1990-01-01 to 2050-01-01. */
export const TDATA_U: Fa3DateType = { name: 'TDataU', min: '1990-01-01', max: '2050-01-01' };

/** `TData`: Termin, DataZaplaty; 2016-07-01 to 2050-01-01. */
export const TDATA: Fa3DateType = { name: 'TData', min: '2016-07-01', max: '2050-01-01' };

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

/**
 * An FA(3) text type: its length limits and whether it is an `xsd:token` (whitespace collapsed
 * before the length is measured) or an `xsd:string` (measured as written).
 */
export interface Fa3TextType {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly token: boolean;
}

/** `TZnakowy`: most texts, token of 1–256 characters. */
export const TZNAKOWY: Fa3TextType = { name: 'TZnakowy', min: 1, max: 256, token: true };
/** `TZnakowy512`: names, address lines, `P_7`. */
export const TZNAKOWY512: Fa3TextType = { name: 'TZnakowy512', min: 1, max: 512, token: true };
/** `TZnakowy50`: `UU_ID`, `Indeks`, `PKWiU`, `CN`, `PKOB`. */
export const TZNAKOWY50: Fa3TextType = { name: 'TZnakowy50', min: 1, max: 50, token: true };
/** `TZnakowy20`: `GTIN`. */
export const TZNAKOWY20: Fa3TextType = { name: 'TZnakowy20', min: 1, max: 20, token: true };
/** `TNumerTelefonu`: a `TZnakowy` of at most 16 characters. */
export const TNUMER_TELEFONU: Fa3TextType = { name: 'TNumerTelefonu', min: 1, max: 16, token: true };
/** `Stopka/Rejestry/BDO`: a `TZnakowy` of at most 9 characters. */
export const BDO: Fa3TextType = { name: 'BDO', min: 1, max: 9, token: true };
/** `etd:TTekstowy` (`StopkaFaktury`): an xsd:string of 1–3500 characters. */
export const TTEKSTOWY: Fa3TextType = { name: 'TTekstowy', min: 1, max: 3500, token: false };
/** `etd:TNrIdentyfikacjiPodatkowej` (`NrID`): an xsd:string of 1–50 characters. */
export const TNR_IDENTYFIKACJI: Fa3TextType = {
  name: 'TNrIdentyfikacjiPodatkowej',
  min: 1,
  max: 50,
  token: false,
};
/** `TNrRB` (`NrRB`): an xsd:string of 10–34 characters. */
export const TNR_RB: Fa3TextType = { name: 'TNrRB', min: 10, max: 34, token: false };
/** `etd:TAdresEmail`: a token of 3–255 characters matching `(.)+@(.)+` (see {@link isFa3Email}). */
export const TADRES_EMAIL: Fa3TextType = { name: 'TAdresEmail', min: 3, max: 255, token: true };

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
 * `TNumerKSeF` (`NrKSeFFaKorygowanej`, `NrKSeFFaZaliczkowej`): `{id}-YYYYMMDD-XXXXXX-?XXXXXX-XX`,
 * the id a NIP, `M` + 9 digits or 3 letters + 7 digits, X upper-case hex (ksef-fa3.md §2). Copied
 * from the XSD pattern, anchored.
 */
export const TNUMER_KSEF =
  /^([1-9]((\d[1-9])|([1-9]\d))\d{7}|M\d{9}|[A-Z]{3}\d{7})-(20[2-9][0-9]|2[1-9][0-9]{2}|[3-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[1-2][0-9]|3[0-1])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2})$/;

/** `SWIFT_Type`: `[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3}){0,1}`. */
export const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** `TNrVatUE`: an EU VAT number without its prefix, `(\d|[A-Z]|\+|\*){1,12}`. */
export const TNR_VAT_UE = /^[0-9A-Z+*]{1,12}$/;

/** `TNIPIdWew`: a NIP, a dash and five digits. */
export const TNIP_ID_WEW = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}-\d{5}$/;

/** `etd:TNrKRS`: exactly 10 digits. */
export const TNR_KRS = /^\d{10}$/;

/** `etd:TNrREGON`: 9 or 14 digits. */
export const TNR_REGON = /^(\d{9}|\d{14})$/;

/** `TNaturalny` (`NrWierszaFa`, `NrWierszaZam`, `NrWiersza`): greater than zero, at most 14 digits. */
export const TNATURALNY_MAX = 99_999_999_999_999;

/**
 * ISO 4217 codes fiscalkit accepts (`isCurrencyCode`) that FA(3) `TKodWaluty` does not list: the
 * schema's closed list predates them (SLE, the new leone of 2022; VED, the bolívar digital of 2021;
 * ZWG, the Zimbabwe gold of 2024). An invoice in them cannot be written as FA(3). The test
 * `test/ksef/build.test.ts` compares fiscalkit's lists with the XSD's.
 */
export const FA3_UNLISTED_CURRENCIES: readonly string[] = ['SLE', 'VED', 'ZWG'];

/** The rate codes that are percentages and so need an exchange rate in a foreign currency (§6.6). */
export const NUMERIC_RATES: readonly string[] = ['23', '22', '8', '7', '5', '4', '3'];

/**
 * The `ProceduraZ` codes (`TOznaczenieProceduryZ`) of an order line: the line codes without `I_42`
 * and `I_63`, which the XSD admits only on invoice lines.
 */
export const ORDER_LINE_PROCEDURES: readonly string[] = [
  'WSTO_EE',
  'IED',
  'TT_D',
  'B_SPV',
  'B_SPV_DOSTAWA',
  'B_MPV_PROWIZJA',
];

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
