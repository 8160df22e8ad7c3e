import type { ValidationIssue } from '../errors/validationIssue.js';
import { AMOUNT_DUE_TYPE_CODES, AMOUNT_DUE_TYPE_RULE } from '../totals/validateTotalsInput.js';
import { isPresent, issueAt } from './issue.js';

/**
 * Spec §2.4 `total_amount_due`: it sets the total directly "for advance payment (ZAL) and advance
 * correction (KOR_ZAL) invoices", so on any other `type_code` it is `parameter_invalid` (the same
 * list the totals engine enforces, taxmath.md §3.9). Read on the effective type code, so a PATCH that
 * sends only `total_amount_due` is judged against the stored type.
 *
 * @example
 * ```ts
 * totalAmountDueIssues({ type_code: 'VAT', total_amount_due: '100.00' });
 * // [{ rule: 'spec.2.4.total-amount-due', code: 'parameter_invalid', param: 'total_amount_due', … }]
 * ```
 */
export function totalAmountDueIssues(invoice: {
  type_code?: string | null | undefined;
  total_amount_due?: string | null | undefined;
}): ValidationIssue[] {
  if (!isPresent(invoice.total_amount_due)) return [];
  if ((AMOUNT_DUE_TYPE_CODES as readonly string[]).includes(invoice.type_code ?? '')) return [];
  return [
    issueAt(
      AMOUNT_DUE_TYPE_RULE,
      'parameter_invalid',
      ['total_amount_due'],
      `is only accepted on ${AMOUNT_DUE_TYPE_CODES.join(' and ')} invoices, not on type_code ${JSON.stringify(invoice.type_code ?? null)}`,
    ),
  ];
}
