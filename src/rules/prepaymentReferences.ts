import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/** The KSeF type codes that settle advances (spec §2.7): settlement and settlement correction. */
const SETTLES_ADVANCES: ReadonlySet<string> = new Set(['ROZ', 'KOR_ROZ']);

/** What the rule reads of one element of `prepayment_references`. */
export interface PrepaymentReferenceCandidate {
  id?: number | null | undefined;
  number?: string | null | undefined;
  registration_code?: string | null | undefined;
  _destroy?: boolean | null | undefined;
}

/**
 * Spec §2.7, `prepayment_references` (FA(3) `Fa/FakturaZaliczkowa`, ksef-fa3.md §6.9):
 *
 * - required and non-empty when `invoice_type_code` is `ROZ` or `KOR_ROZ`: absent or null is
 *   `parameter_blank`, a list with nothing left once the `_destroy: true` elements are taken out is
 *   `parameter_empty`, both at `prepayment_references` (`spec.2.7.prepayment-references`);
 * - each element kept needs `number` or `registration_code` (`parameter_blank` at
 *   `prepayment_references[i].number`, the field the spec names first;
 *   `spec.2.7.prepayment-reference-number`);
 * - an element with `_destroy: true` needs the `id` of the element it removes (`parameter_blank` at
 *   `prepayment_references[i].id`; `spec.2.7.prepayment-reference-destroy-id`); it needs nothing else.
 *
 * Run it on the list as it will be after the request: a create body's list, or an update's list
 * merged by `id` into the stored one with the elements to remove still present and marked.
 *
 * @example
 * ```ts
 * prepaymentReferenceIssues({ invoice_type_code: 'ROZ', prepayment_references: [{ number: 'FZ/1/2026' }] }); // []
 * prepaymentReferenceIssues({ invoice_type_code: 'ROZ', prepayment_references: [] });
 * // [{ rule: 'spec.2.7.prepayment-references', code: 'parameter_empty', param: 'prepayment_references', … }]
 * ```
 */
export function prepaymentReferenceIssues(report: {
  invoice_type_code?: string | null | undefined;
  prepayment_references?: readonly PrepaymentReferenceCandidate[] | null | undefined;
}): ValidationIssue[] {
  const references = report.prepayment_references;
  const type = report.invoice_type_code;
  const required = typeof type === 'string' && SETTLES_ADVANCES.has(type);
  if (references === null || references === undefined)
    return required
      ? [
          issueAt(
            'spec.2.7.prepayment-references',
            'parameter_blank',
            ['prepayment_references'],
            `is required when invoice_type_code is ${String(type)}`,
          ),
        ]
      : [];
  const issues: ValidationIssue[] = [];
  let kept = 0;
  references.forEach((reference, index) => {
    if (reference._destroy === true) {
      if (!isPresent(reference.id))
        issues.push(
          issueAt(
            'spec.2.7.prepayment-reference-destroy-id',
            'parameter_blank',
            ['prepayment_references', index, 'id'],
            'is required to remove an element (_destroy)',
          ),
        );
      return;
    }
    kept += 1;
    if (!isPresent(reference.number) && !isPresent(reference.registration_code))
      issues.push(
        issueAt(
          'spec.2.7.prepayment-reference-number',
          'parameter_blank',
          ['prepayment_references', index, 'number'],
          'is required when registration_code is absent',
        ),
      );
  });
  if (required && kept === 0)
    issues.unshift(
      issueAt(
        'spec.2.7.prepayment-references',
        'parameter_empty',
        ['prepayment_references'],
        `must hold at least one advance invoice when invoice_type_code is ${String(type)}`,
      ),
    );
  return issues;
}
