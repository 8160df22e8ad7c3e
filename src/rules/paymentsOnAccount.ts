import type { ValidationIssue } from '../errors/validationIssue.js';
import { formatUnitsTrimmed, isDecimalString, toUnits } from '../money/fixedPoint.js';
import { issueAt } from './issue.js';

/** The decimals a payment on account and `prepaid_amount` may have (the invoice model's bound). */
const PAYMENT_DECIMALS = 4;

/** A payment on account as the rule reads it. */
export interface PaymentOnAccountAmount {
  amount: string;
}

/**
 * The prepaid amount (EN 16931 BT-113) the payments on account add up to (api-notes.md §3.2:
 * `payments_on_account`, new in v2026-03-02; Facturae `TotalPaymentsOnAccount` = Σ
 * `PaymentOnAccountAmount`), written with as few decimals as it needs; null for no list, or an empty
 * one (no payment on account says nothing about `prepaid_amount`).
 *
 * @example
 * ```ts
 * prepaidOfPayments([{ amount: '10.50' }, { amount: '4.50' }]); // '15'
 * prepaidOfPayments([]); // null
 * ```
 */
export function prepaidOfPayments(
  payments: readonly PaymentOnAccountAmount[] | null | undefined,
): string | null {
  if (payments === null || payments === undefined || payments.length === 0) return null;
  let sum = 0n;
  for (const payment of payments) sum += toUnits(payment.amount, PAYMENT_DECIMALS);
  return formatUnitsTrimmed(sum, PAYMENT_DECIMALS);
}

/**
 * `payments_on_account` and `prepaid_amount` state the same thing (issue #19: the payments on
 * account are the advances already received, whose sum is the prepaid amount, EN 16931 BT-113,
 * subtracted from `payable_amount`). With payments on account the invoice's `prepaid_amount` is
 * their sum; a `prepaid_amount` sent with another value is ambiguous and refused (422
 * `parameter_invalid` at `prepaid_amount`) rather than one of the two silently winning. Judged on the
 * invoice the request makes (`payments` is the effective list: sent, or stored when not sent).
 *
 * @example
 * ```ts
 * paymentsOnAccountIssues({ prepaid_amount: '20.00', payments: [{ amount: '15.00' }] });
 * // [{ rule: 'fiscalkit.invoice.prepaid-amount-sum', code: 'parameter_invalid', param: 'prepaid_amount', … }]
 * ```
 */
export function paymentsOnAccountIssues(invoice: {
  /** The `prepaid_amount` the request sent (undefined when it sent none). */
  prepaid_amount: string | null | undefined;
  payments: readonly PaymentOnAccountAmount[] | null | undefined;
}): ValidationIssue[] {
  const sum = prepaidOfPayments(invoice.payments);
  const sent = invoice.prepaid_amount;
  if (sum === null || sent === null || sent === undefined || !isDecimalString(sent, PAYMENT_DECIMALS))
    return [];
  if (toUnits(sent, PAYMENT_DECIMALS) === toUnits(sum, PAYMENT_DECIMALS)) return [];
  return [
    issueAt(
      'fiscalkit.invoice.prepaid-amount-sum',
      'parameter_invalid',
      ['prepaid_amount'],
      `is ${sent} but payments_on_account add up to ${sum}: send one of them (the prepaid amount is the sum of the payments on account), or both agreeing`,
    ),
  ];
}
