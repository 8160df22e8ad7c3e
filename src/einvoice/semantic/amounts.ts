/**
 * The few operations the EN 16931 mapping does on printed amounts, on decimal strings and fiscalkit's
 * {@link Decimal} only (DESIGN.md: money is never a JS number): change a sign, add printed amounts,
 * compare. Every amount keeps the decimals it was printed with; a sum is written with the currency's.
 *
 * @module
 */
import { Decimal } from '../../money/decimal.js';
import { formatUnits, toUnits } from '../../money/fixedPoint.js';

/**
 * An amount with its sign changed, as a string (`'12.30'` → `'-12.30'`, `'-0.50'` → `'0.50'`); a zero
 * stays as it is (`'0.00'`, never `'-0.00'`).
 *
 * @example
 * ```ts
 * negated('12.30'); // '-12.30'
 * negated('-0.00'); // '0.00'
 * ```
 */
export function negated(amount: string): string {
  if (/^[-+]?0*\.?0*$/.test(amount)) return amount.replace(/^[-+]/, '');
  return amount.startsWith('-') ? amount.slice(1) : `-${amount.replace(/^\+/, '')}`;
}

/**
 * An amount as a document writes it: negated when `flip` (a credit note whose stored amounts are
 * negative, `en16931FromInvoice.ts`), unchanged otherwise.
 *
 * @example
 * ```ts
 * signed('-5.00', true); // '5.00'
 * signed('-5.00', false); // '-5.00'
 * ```
 */
export function signed(amount: string, flip: boolean): string {
  return flip ? negated(amount) : amount;
}

/**
 * The sum of printed amounts, written with `decimals` decimals (exact: each has at most that many).
 *
 * @example
 * ```ts
 * sumAmounts(['10.00', '-2.50', '0.01'], 2); // '7.51'
 * sumAmounts([], 0); // '0'
 * ```
 */
export function sumAmounts(amounts: readonly string[], decimals: number): string {
  let total = new Decimal(0);
  for (const amount of amounts) total = total.plus(amount);
  return fixedAmount(total, decimals);
}

/**
 * A value with exactly `decimals` decimals, as amounts are printed (`formatUnits`: never `-0.00`). The
 * value must have at most that many decimals: nothing is rounded here.
 *
 * @example
 * ```ts
 * fixedAmount(new Decimal('7.5'), 2); // '7.50'
 * fixedAmount('-0', 2); // '0.00'
 * ```
 */
export function fixedAmount(value: Decimal | string, decimals: number): string {
  return formatUnits(toUnits(new Decimal(value).toString(), decimals), decimals);
}

/**
 * Whether two decimal strings are the same number (`'10'` and `'10.00'` are).
 *
 * @example
 * ```ts
 * sameAmount('10', '10.00'); // true
 * ```
 */
export function sameAmount(a: string, b: string): boolean {
  return new Decimal(a).equals(b);
}

/**
 * Whether a decimal string is below zero.
 *
 * @example
 * ```ts
 * isNegative('-0.01'); // true
 * isNegative('-0.00'); // false
 * ```
 */
export function isNegative(amount: string): boolean {
  return new Decimal(amount).lessThan(0);
}
