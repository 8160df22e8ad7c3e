/**
 * How the readable invoice (`pdf.invoice`, issue #22) writes numbers, dates and bank details for a
 * person: from the decimal strings of the totals engine and the stored invoice, never through a JS
 * number (DESIGN.md "Money is never a JS number"), so what is printed is exactly what the e-invoice
 * documents carry, digit for digit.
 *
 * The conventions are those of each language's usual business writing (CLDR's `decimal` and `group`
 * symbols for the language's main country; Unicode CLDR 44 `main/<lang>/numbers.json`): a comma
 * as decimal separator where that is customary (es, de, fr, pl, it, nl, pt, ca), the point in
 * English; the group separator a point, a comma, or a no-break space (fr, pl, pt: CLDR writes a
 * narrow or plain no-break space; fiscalkit writes U+00A0, which every font has and which never
 * breaks a number across lines). Dates are numeric in the order of the language (day first
 * everywhere but ISO-minded English, which gets `20 Apr 2026`, unambiguous on both sides of the
 * Atlantic).
 *
 * @module
 */
import { friendlyFormatIBAN } from 'ibantools';
import { checkIban } from '../../identifiers/bankAccount.js';

/** How one language writes a number and a date. */
export interface NumberStyle {
  /** The decimal separator. */
  readonly decimal: string;
  /** The thousands separator. */
  readonly group: string;
  /** Between a number and `%` (`21 %` in es, de, fr; `21%` in en, pl). */
  readonly percentSpace: string;
  /** `20/04/2026`, `20.04.2026`, `20-04-2026` or `20 Apr 2026`. */
  readonly date: 'dmy/' | 'dmy.' | 'dmy-' | 'd mon y';
}

const NBSP = '\u00A0';

/** The styles of the languages fiscalkit prints in (see {@link numberStyle}). */
const STYLES: Readonly<Record<string, NumberStyle>> = {
  en: { decimal: '.', group: ',', percentSpace: '', date: 'd mon y' },
  es: { decimal: ',', group: '.', percentSpace: NBSP, date: 'dmy/' },
  ca: { decimal: ',', group: '.', percentSpace: NBSP, date: 'dmy/' },
  de: { decimal: ',', group: '.', percentSpace: NBSP, date: 'dmy.' },
  fr: { decimal: ',', group: NBSP, percentSpace: NBSP, date: 'dmy/' },
  pl: { decimal: ',', group: NBSP, percentSpace: '', date: 'dmy.' },
  it: { decimal: ',', group: '.', percentSpace: '', date: 'dmy/' },
  nl: { decimal: ',', group: '.', percentSpace: NBSP, date: 'dmy-' },
  pt: { decimal: ',', group: NBSP, percentSpace: NBSP, date: 'dmy/' },
};

/**
 * The number and date style of a language (ISO 639-1, lower case); English for a language without
 * one of its own.
 *
 * @example
 * ```ts
 * numberStyle('de').decimal; // ','
 * numberStyle('ja').decimal; // '.': English's style
 * ```
 */
export function numberStyle(language: string): NumberStyle {
  return STYLES[language] ?? (STYLES.en as NumberStyle);
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string written for a person: grouped thousands, the language's decimal separator, at
 * least `minDecimals` decimals (zeros added), and trailing zeros beyond them dropped when
 * `trim` is set. The text is rearranged, never converted to a number. A value that is not a plain
 * decimal string is returned as it is.
 *
 * @example
 * ```ts
 * formatDecimal('1234567.5', numberStyle('es'), { minDecimals: 2 }); // '1.234.567,50'
 * formatDecimal('-70.76', numberStyle('en')); // '-70.76'
 * formatDecimal('1.500000', numberStyle('de'), { trim: true }); // '1,5'
 * ```
 */
export function formatDecimal(
  value: string,
  style: NumberStyle,
  options: { minDecimals?: number; trim?: boolean } = {},
): string {
  const match = DECIMAL.exec(value.trim());
  if (match === null) return value;
  const [, sign = '', integer = '0', given = ''] = match;
  const minDecimals = options.minDecimals ?? 0;
  let fraction = given;
  if (options.trim === true) fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  const digits = integer.replace(/^0+(?=\d)/, '');
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped =
      grouped === '' ? digits.slice(start, end) : `${digits.slice(start, end)}${style.group}${grouped}`;
  }
  const negative = sign === '-' && /[1-9]/.test(digits + fraction);
  return `${negative ? '-' : ''}${grouped}${fraction === '' ? '' : style.decimal + fraction}`;
}

/**
 * An amount as the totals engine printed it (exactly the currency's decimals), grouped and with the
 * language's separators.
 *
 * @example
 * ```ts
 * formatAmount('617.74', numberStyle('es')); // '617,74'
 * formatAmount('1234.5', numberStyle('en'), 2); // '1,234.50'
 * ```
 */
export function formatAmount(value: string, style: NumberStyle, decimals = 0): string {
  return formatDecimal(value, style, { minDecimals: decimals });
}

/**
 * A quantity as given, without trailing zeros (`1.500000` → `1,5`).
 *
 * @example
 * ```ts
 * formatQuantity('10', numberStyle('es')); // '10'
 * formatQuantity('2.500', numberStyle('en')); // '2.5'
 * ```
 */
export function formatQuantity(value: string, style: NumberStyle): string {
  return formatDecimal(value, style, { trim: true });
}

/**
 * A unit price as given: at least the currency's decimals, more only where the price has them
 * (`45.5` → `45,50`; `0.12345678` stays with its eight).
 *
 * @example
 * ```ts
 * formatPrice('45.5', numberStyle('es'), 2); // '45,50'
 * formatPrice('0.125000', numberStyle('en'), 2); // '0.125'
 * ```
 */
export function formatPrice(value: string, style: NumberStyle, decimals: number): string {
  return formatDecimal(value, style, { minDecimals: decimals, trim: true });
}

/**
 * A percentage (a tax rate, an allowance's percentage) with the language's `%` spacing; trailing
 * zeros dropped (`21.00` → `21 %`).
 *
 * @example
 * ```ts
 * formatPercent('5.2', numberStyle('es')); // '5,2 %' (with a no-break space)
 * formatPercent('21', numberStyle('en')); // '21%'
 * ```
 */
export function formatPercent(value: string, style: NumberStyle): string {
  return `${formatDecimal(value, style, { trim: true })}${style.percentSpace}%`;
}

const MONTHS: Readonly<Record<string, string>> = {
  '01': 'Jan',
  '02': 'Feb',
  '03': 'Mar',
  '04': 'Apr',
  '05': 'May',
  '06': 'Jun',
  '07': 'Jul',
  '08': 'Aug',
  '09': 'Sep',
  '10': 'Oct',
  '11': 'Nov',
  '12': 'Dec',
};

/**
 * An ISO date (`YYYY-MM-DD`) in the language's order; anything else as it is.
 *
 * @example
 * ```ts
 * formatDate('2026-04-20', numberStyle('es')); // '20/04/2026'
 * formatDate('2026-04-20', numberStyle('pl')); // '20.04.2026'
 * formatDate('2026-04-20', numberStyle('en')); // '20 Apr 2026'
 * ```
 */
export function formatDate(value: string, style: NumberStyle): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return value;
  const [, year = '', month = '', day = ''] = match;
  switch (style.date) {
    case 'dmy/':
      return `${day}/${month}/${year}`;
    case 'dmy.':
      return `${day}.${month}.${year}`;
    case 'dmy-':
      return `${day}-${month}-${year}`;
    default:
      return `${day.replace(/^0/, '')} ${MONTHS[month] ?? month} ${year}`;
  }
}

/**
 * An IBAN as printed on paper (ISO 13616-1 §5.2, "paper format"): upper case, in groups of four
 * characters separated by a space.
 *
 * @example
 * ```ts
 * formatIban('es9121000418450200051332'); // 'ES91 2100 0418 4502 0005 1332'
 * formatIban('BE68 5390 0754 7034'); // 'BE68 5390 0754 7034'
 * ```
 */
export function formatIban(value: string): string {
  // ibantools' print format (groups of four), on the electronic form the identifiers module gives.
  return friendlyFormatIBAN(checkIban(value).compact) ?? value;
}
