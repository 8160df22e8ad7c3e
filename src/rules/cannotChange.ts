import type { ValidationIssue } from '../errors/validationIssue.js';
import { issueAt } from './issue.js';

/**
 * `parameter_cannot_change` (spec §7.2, "Edit of an immutable field") for each of `fields` that an
 * update sends with a value different from the stored one. Sending the stored value again is not an
 * edit, so clients that PUT the whole resource back are not refused. A field the stored resource
 * does not have yet (`null` / absent) may be set once when `settableOnce` names it (an office's
 * `parent_id`, set once and fixed afterwards).
 *
 * @example
 * ```ts
 * cannotChangeIssues({ type: 'SiiDocument' }, { type: 'Ksef' }, ['type']);
 * // [{ code: 'parameter_cannot_change', param: 'type', … }]
 * ```
 */
export function cannotChangeIssues<K extends string>(
  update: Partial<Record<K, unknown>>,
  stored: Partial<Record<K, unknown>>,
  fields: readonly K[],
  settableOnce: readonly K[] = [],
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
          'parameter_cannot_change',
          [field],
          `cannot be changed once set (it is ${JSON.stringify(current)})`,
        ),
      );
  }
  return issues;
}
