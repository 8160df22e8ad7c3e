import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/**
 * A tax report's `type` cannot change (spec §7.2 `parameter_cannot_change`: "Edit of an immutable
 * field"): a PATCH /tax_reports/{id} that sends a `type` other than the stored one is
 * `parameter_cannot_change` at `type`. The type decides the whole shape of the report (spec §2.7) and
 * the tax authority it goes to, so a changed type would be a different report. Sending the same type
 * again, or none, is fine.
 *
 * @example
 * ```ts
 * taxReportTypeChangeIssues({ type: 'Ksef' }, { type: 'Ksef' }); // []
 * taxReportTypeChangeIssues({ type: 'Ksef' }, { type: 'SiiDocument' });
 * // [{ rule: 'fiscalkit.tax-report.type-fixed', code: 'parameter_cannot_change', param: 'type', … }]
 * ```
 */
export function taxReportTypeChangeIssues(
  stored: { type: string },
  update: { type?: string | null | undefined },
): ValidationIssue[] {
  if (!isPresent(update.type) || update.type === stored.type) return [];
  return [
    issueAt(
      'fiscalkit.tax-report.type-fixed',
      'parameter_cannot_change',
      ['type'],
      `cannot change from ${stored.type} once the report exists`,
    ),
  ];
}
