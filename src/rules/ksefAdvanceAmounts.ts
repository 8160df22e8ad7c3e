import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/** The KSeF type codes that need `order_total_amount` (spec §2.7): advance and advance correction. */
const NEEDS_ORDER_TOTAL: ReadonlySet<string> = new Set(['ZAL', 'KOR_ZAL']);

/**
 * Spec §2.7, the amounts of advance invoices (ksef-fa3.md §6.8): `previous_advance_total` is
 * required when `invoice_type_code` is `KOR_ZAL` (FA(3) `Fa/P_15ZK`, the advance before the
 * correction), and `order_total_amount` when it is `ZAL` or `KOR_ZAL` (`Fa/Zamowienie/
 * WartoscZamowienia`). Missing is `parameter_blank` at the missing field. For other type codes the
 * fields are optional and unused.
 *
 * @example
 * ```ts
 * ksefAdvanceAmountIssues({ invoice_type_code: 'ZAL', order_total_amount: '1230.00' }); // []
 * ksefAdvanceAmountIssues({ invoice_type_code: 'KOR_ZAL', order_total_amount: '1230.00' });
 * // [{ rule: 'spec.2.7.previous-advance-total', code: 'parameter_blank', param: 'previous_advance_total', … }]
 * ```
 */
export function ksefAdvanceAmountIssues(report: {
  invoice_type_code?: string | null | undefined;
  previous_advance_total?: string | null | undefined;
  order_total_amount?: string | null | undefined;
}): ValidationIssue[] {
  const type = report.invoice_type_code;
  if (typeof type !== 'string') return [];
  const issues: ValidationIssue[] = [];
  if (type === 'KOR_ZAL' && !isPresent(report.previous_advance_total))
    issues.push(
      issueAt(
        'spec.2.7.previous-advance-total',
        'parameter_blank',
        ['previous_advance_total'],
        'is required when invoice_type_code is KOR_ZAL',
      ),
    );
  if (NEEDS_ORDER_TOTAL.has(type) && !isPresent(report.order_total_amount))
    issues.push(
      issueAt(
        'spec.2.7.order-total-amount',
        'parameter_blank',
        ['order_total_amount'],
        `is required when invoice_type_code is ${type}`,
      ),
    );
  return issues;
}
