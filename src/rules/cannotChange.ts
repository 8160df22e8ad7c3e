import type { ValidationIssue } from '../errors/validationIssue.js';
import { issueAt } from './issue.js';

/**
 * `parameter_cannot_change` (spec §7.2, "Edit of an immutable field") for each of `fields` that an
 * update sends with a value different from the stored one. Sending the stored value again is not an
 * edit, so clients that PUT the whole resource back are not refused. A field the stored resource
 * does not have yet (`null` / absent) may be set once when `settableOnce` names it (an office's
 * `parent_id`, set once and fixed afterwards).
 *
 * Which fields are immutable is the caller's rule, not the spec's (§7.2 only names the code), so the
 * caller names it in `rule` (`fiscalkit.invoice.type-fixed`, …); without one the issues carry
 * `fiscalkit.resource.immutable-field`, fiscalkit's generic rule.
 *
 * @example
 * ```ts
 * cannotChangeIssues({ type: 'SiiDocument' }, { type: 'Ksef' }, ['type'], [], 'fiscalkit.invoice.type-fixed');
 * // [{ rule: 'fiscalkit.invoice.type-fixed', code: 'parameter_cannot_change', param: 'type', … }]
 * ```
 */
export function cannotChangeIssues<K extends string>(
  update: Partial<Record<K, unknown>>,
  stored: Partial<Record<K, unknown>>,
  fields: readonly K[],
  settableOnce: readonly K[] = [],
  rule = 'fiscalkit.resource.immutable-field',
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const field of fields) {
    const sent = update[field];
    if (sent === undefined) continue;
    const current = stored[field] ?? null;
    if (current === null && settableOnce.includes(field)) continue;
    if (sent !== current)
      issues.push(
        issueAt(
          rule,
          'parameter_cannot_change',
          [field],
          `cannot be changed once set (it is ${JSON.stringify(current)})`,
        ),
      );
  }
  return issues;
}
