/**
 * How the Facturae section builders write values and record refusals (issue #22 "Facturae 3.2.2").
 *
 * Amounts are decimal strings from the totals engine's result (`documentTotals`, src/totals/result.ts),
 * written with at least two decimals ({@link amountText}); the few figures a Facturae element needs that
 * the result does not print (a line's `TotalCost`, an invoice's `TotalOutstandingAmount`) are sums and
 * differences of printed amounts, done on exact integers (`src/money/fixedPoint.ts`), never JS numbers.
 *
 * @module
 */
import type { ErrorCode } from '../../../errors/catalog.js';
import type { ValidationIssue } from '../../../errors/validationIssue.js';
import { presentText } from '../../../model/presentText.js';
import { formatUnits, formatUnitsTrimmed, isDecimalString, toUnits } from '../../../money/fixedPoint.js';
import { issueAt } from '../../../rules/issue.js';

/** Where a builder records what Facturae cannot carry. */
export interface IssueSink {
  readonly issues: ValidationIssue[];
}

/**
 * Records one issue (rule `facturae.write.*`, at the field the client can change) and gives undefined,
 * so a builder can write `return refuse(…)` for an element it cannot fill.
 *
 * @example
 * ```ts
 * refuse(context, 'facturae.write.buyer-tax-id', 'parameter_blank', ['contact', 'tin_value'], 'is required: …');
 * context.issues.length; // 1
 * ```
 */
export function refuse(
  context: IssueSink,
  rule: string,
  code: ErrorCode,
  path: readonly PropertyKey[],
  message: string,
): undefined {
  context.issues.push(issueAt(rule, code, path, message));
  return undefined;
}

/** Options of {@link textOf}. */
export interface TextOptions {
  /** The XSD's `TextMaxNType` (or `TextMinMMaxNType`) bound. */
  readonly max: number;
  /** The smallest length (`TextMin3Max30Type`), default 0. */
  readonly min?: number;
  /** The element, for messages (`CorporateName`). */
  readonly element: string;
  /** Whether the element is required: a missing value is then `parameter_blank` at `path`. */
  readonly required?: boolean;
  /** Why it is required, after "is required" (`: Facturae's AddressInSpain needs a town`). */
  readonly why?: string;
}

/**
 * A text element's content: the trimmed value, or undefined when absent or blank (left out). A value
 * longer than the XSD allows is refused (`facturae.write.text-length`, never cut: a truncated name or
 * address is a different one), and a required one that is missing is `parameter_blank`
 * (`facturae.write.required`).
 *
 * @example
 * ```ts
 * textOf(context, ' Calle Mayor 1 ', ['account', 'address'], { max: 80, element: 'Address' }); // 'Calle Mayor 1'
 * textOf(context, 'x'.repeat(81), ['account', 'address'], { max: 80, element: 'Address' }); // undefined, one issue
 * ```
 */
export function textOf(
  context: IssueSink,
  value: string | null | undefined,
  path: readonly PropertyKey[],
  options: TextOptions,
): string | undefined {
  const text = presentText(value);
  if (text === null) {
    if (options.required === true)
      refuse(
        context,
        'facturae.write.required',
        'parameter_blank',
        path,
        `is required: Facturae 3.2.2 requires ${options.element}${options.why ?? ''}`,
      );
    return undefined;
  }
  const length = [...text].length;
  const min = options.min ?? 0;
  if (length > options.max || length < min)
    return refuse(
      context,
      'facturae.write.text-length',
      'parameter_invalid',
      path,
      `has ${String(length)} characters; Facturae 3.2.2 writes it as ${options.element}, which takes ${
        min > 0 ? `${String(min)} to ` : 'at most '
      }${String(options.max)} (the XSD's TextMax${String(options.max)}Type): shorten it`,
    );
  return text;
}

/**
 * An amount with at least two decimals, as Facturae writes amounts (`DoubleTwoDecimalType` needs
 * exactly two; `DoubleUpToEightDecimalType` takes up to eight, and the totals are written like the
 * public administration's entry points print them, `1210.00`): the result's decimal string padded.
 *
 * @example
 * ```ts
 * amountText('1210.5'); // '1210.50'
 * amountText('270'); // '270.00'
 * amountText('-0.125'); // '-0.125'
 * ```
 */
export function amountText(value: string): string {
  const dot = value.indexOf('.');
  if (dot === -1) return `${value}.00`;
  const decimals = value.length - dot - 1;
  return decimals >= 2 ? value : `${value}${'0'.repeat(2 - decimals)}`;
}

/**
 * A decimal (quantity, unit price, rate) in its shortest plain form: no trailing zeros, no `+`, no
 * exponent (`DoubleUpToEightDecimalType`'s pattern `-?[0-9]+(\.[0-9]{1,8})?`), or null when it has more
 * decimals than `maxDecimals`.
 *
 * @example
 * ```ts
 * plainDecimal('45.50', 8); // '45.5'
 * plainDecimal('+3.000', 8); // '3'
 * plainDecimal('0.123456789', 8); // null
 * ```
 */
export function plainDecimal(value: string, maxDecimals: number): string | null {
  const text = value.trim().replace(/^\+/, '');
  if (!isDecimalString(text, 16)) return null;
  const units = toUnits(text, 16);
  const plain = formatUnitsTrimmed(units, 16);
  const dot = plain.indexOf('.');
  return dot !== -1 && plain.length - dot - 1 > maxDecimals ? null : plain;
}

/**
 * A percentage with at least two decimals (`21.00`, `5.20`, `1.75`): `EquivalenceSurcharge` is a
 * `DoubleTwoDecimalType`, and the other rates are written alike. Null when it has more than `maxDecimals`.
 *
 * @example
 * ```ts
 * rateText('21', 8); // '21.00'
 * rateText('0.625', 2); // null: EquivalenceSurcharge has exactly two decimals
 * ```
 */
export function rateText(value: string, maxDecimals: number): string | null {
  const plain = plainDecimal(value, maxDecimals);
  return plain === null ? null : amountText(plain);
}

/** The scale every sum of printed amounts is done at: the engine's line amounts have at most 8 decimals. */
export const SUM_SCALE = 8;

/**
 * The sum of decimal strings (printed amounts, at most {@link SUM_SCALE} decimals), exact, written with
 * `scale` decimals.
 *
 * @example
 * ```ts
 * sumText(['10.50', '-0.25'], 2); // '10.25'
 * ```
 */
export function sumText(values: readonly string[], scale: number): string {
  let sum = 0n;
  for (const value of values) sum += toUnits(value, SUM_SCALE);
  return formatUnits(sum / 10n ** BigInt(SUM_SCALE - scale), scale);
}

/**
 * `a − b` of two printed amounts, exact, with `scale` decimals.
 *
 * @example
 * ```ts
 * differenceText('100.00', '30.50', 2); // '69.50'
 * ```
 */
export function differenceText(a: string, b: string, scale: number): string {
  return sumText([a, negate(b)], scale);
}

/**
 * A decimal string with the opposite sign.
 *
 * @example
 * ```ts
 * negate('-3.00'); // '3.00'
 * negate('0.00'); // '0.00'
 * ```
 */
export function negate(value: string): string {
  if (value.startsWith('-')) return value.slice(1);
  return /^[0.]+$/.test(value) ? value : `-${value}`;
}

/**
 * Whether a printed amount is zero.
 *
 * @example
 * ```ts
 * isZero('0.00'); // true
 * isZero('-0.01'); // false
 * ```
 */
export function isZero(value: string): boolean {
  return /^-?[0.]+$/.test(value);
}
