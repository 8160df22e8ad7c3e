/**
 * Facturae amounts as exact decimals, and when a written result agrees with the figure it is computed
 * from (issue #21 layer 6). Money is never a JS number here: every amount is read from its text into
 * fiscalkit's {@link Decimal} and compared exactly.
 *
 * The tolerance, and why. Facturae states no tolerance. Its schemas say "for all numeric elements,
 * calculations will always be carried out rounding up to the corresponding decimal places" (the
 * annotation of `Invoices`, every 3.2.x XSD), and they write amounts with 2 decimals (3.2:
 * `DoubleTwoDecimalType`; line amounts `DoubleSixDecimalType`) or with up to 8 (3.2.1, 3.2.2:
 * `DoubleUpToEightDecimalType`). The public-sector entry points (FACe, e-FACT) apply Orden
 * HAP/1650/2015, annex II, rule 6a: the line total is "the number of units times the unit price,
 * rounded with the common rounding method to two decimals". So a written result R agrees with the
 * exact figure E computed from the document's own written operands when R is E rounded either
 *
 * - to the decimals R is written with (at least 2: `12` and `12.3` stand for `12.00` and `12.30`):
 *   |R − E| ≤ half a unit of R's last decimal, or
 * - to the cent: R is a whole number of cents and |R − E| ≤ 0.005 (how Facturae-PHP writes 3.2 line
 *   totals, `37.040000` for 37.0368).
 *
 * Either tie direction is accepted (half up, half even). A tax amount may also be the sum of its
 * lines' rounded tax amounts (Facturae-PHP's default "line precision", Odoo's per-line rounding): see
 * {@link agreesWithin}.
 *
 * @module
 */
import { Decimal } from '../../money/decimal.js';

/** An amount read from the document: its value, its text as written, and where it is. */
export interface Amount {
  readonly kind: 'amount';
  /** The exact value. */
  readonly value: Decimal;
  /** The text as written (trimmed), quoted in messages. */
  readonly text: string;
  /** The XPath of its element. */
  readonly path: string;
  /** The line of its element in the document, null when unknown. */
  readonly line: number | null;
}

/**
 * A figure a rule reads: an {@link Amount}, or `absent` (no such element: an optional total stands for
 * 0 or for the sum of its parts), or `invalid` (not a number, or the element more than once — the
 * schema layer reports that, and the rules that need it are skipped).
 */
export type Figure =
  | Amount
  | {
      readonly kind: 'absent';
      /** The XPath the element would have. */
      readonly path: string;
      /** The line of its nearest present ancestor, null when unknown. */
      readonly line: number | null;
    }
  | { readonly kind: 'invalid' };

/** `xs:double` in plain or exponent notation, without INF / NaN (which no Facturae amount may be). */
const NUMBER = /^[+-]?(?:\d+(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;

/**
 * The longest number text read. Facturae amounts have at most 8 decimals and realistic magnitudes;
 * a longer text is refused by the schema's patterns anyway, and would make messages as long as it.
 */
const MAX_NUMBER_LENGTH = 64;

/** The largest exponent accepted in an `xs:double` (Quantity has no pattern); keeps values plain. */
const MAX_EXPONENT = 30;

const HALF_CENT = new Decimal('0.005');
const CENT = new Decimal('0.01');

/**
 * Reads an amount's text (trimmed, as `xs:double` collapses white space): a {@link Figure} `amount` at
 * `path`, or `invalid` when it is no finite number fiscalkit reads (see {@link MAX_NUMBER_LENGTH},
 * {@link MAX_EXPONENT}).
 *
 * @example
 * ```ts
 * readAmount(' 37.04 ', '/fe:Facturae/Invoices/Invoice[1]/Items/InvoiceLine[1]/TotalCost', 171);
 * // { kind: 'amount', value: Decimal('37.04'), text: '37.04', path: '/fe:Facturae/…/TotalCost', line: 171 }
 * readAmount('INF', '/x', null).kind; // 'invalid'
 * ```
 */
export function readAmount(raw: string, path: string, line: number | null): Figure {
  const text = raw.trim();
  if (text.length > MAX_NUMBER_LENGTH) return { kind: 'invalid' };
  const match = NUMBER.exec(text);
  if (match === null) return { kind: 'invalid' };
  const exponent = match[3];
  // money-safe: an exponent's digits, compared with a bound.
  if (exponent !== undefined && Math.abs(Number.parseInt(exponent, 10)) > MAX_EXPONENT)
    return { kind: 'invalid' };
  const value = new Decimal(text);
  return value.isFinite() ? { kind: 'amount', value, text, path, line } : { kind: 'invalid' };
}

/**
 * The number of decimals an amount is written with: `12.30` → 2, `12` → 0, `1.5E-3` → 4.
 *
 * @example
 * ```ts
 * writtenDecimals('37.040000'); // 6
 * writtenDecimals('250'); // 0
 * ```
 */
export function writtenDecimals(text: string): number {
  const match = NUMBER.exec(text);
  if (match === null) return 0;
  if (match[3] !== undefined) return new Decimal(text).decimalPlaces();
  return (match[1] ?? match[2] ?? '').length;
}

/** Half a unit of the `decimals`-th decimal: 0.005 for 2, 0.000000005 for 8. */
function halfUnit(decimals: number): Decimal {
  return new Decimal(`5e-${String(decimals + 1)}`);
}

/**
 * Whether a written result agrees with the exact figure it is computed from: it is that figure
 * rounded to its own written decimals (at least 2), or rounded to the cent (module comment).
 *
 * @example
 * ```ts
 * agrees(amount('37.04'), new Decimal('37.0368')); // true: rounded to the cent
 * agrees(amount('37.036800'), new Decimal('37.0368')); // true: exact at 6 decimals
 * agrees(amount('37.036000'), new Decimal('37.0368')); // false: neither
 * agrees(amount('37.05'), new Decimal('37.0368')); // false
 * ```
 */
export function agrees(written: Amount, expected: Decimal): boolean {
  const difference = written.value.minus(expected).abs();
  if (difference.lte(halfUnit(Math.max(2, writtenDecimals(written.text))))) return true;
  return difference.lte(HALF_CENT) && written.value.mod(CENT).isZero();
}

/**
 * Whether a written tax amount agrees with `expected` when it may be the sum of `roundings`
 * separately rounded amounts (one per line that carries the tax): |R − E| ≤ roundings × 0.005, at
 * least one rounding's worth. A tax of 21 % on two lines of 6097.74 is 1280.53 + 1280.53 = 2561.06
 * rounded per line, 2561.05 rounded once (OCA/l10n-spain#4914): both agree.
 *
 * @example
 * ```ts
 * agreesWithin(amount('2561.06'), new Decimal('2561.0508'), 2); // true
 * agreesWithin(amount('2561.06'), new Decimal('2561.0508'), 1); // false
 * ```
 */
export function agreesWithin(written: Amount, expected: Decimal, roundings: number): boolean {
  const difference = written.value.minus(expected).abs();
  return difference.lte(HALF_CENT.times(Math.max(1, roundings))) || agrees(written, expected);
}
