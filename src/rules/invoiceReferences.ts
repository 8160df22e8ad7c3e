import type { ValidationIssue } from '../errors/validationIssue.js';
import type { InvoiceReference, InvoiceReferenceWrite } from '../model/invoiceReference.js';
import { isPresent, issueAt } from './issue.js';

/** Spec §8: "Amend references per invoice · 1". */
export const MAX_AMEND_REFERENCES = 1;

/**
 * Spec §2.6 and §8, on the `invoice_references` of a request, against the references already stored
 * (none for a create):
 * - `_destroy: true` needs the `id` of the reference to delete (§2.6 `id`: "send `id` plus
 *   `_destroy: true`"): `parameter_blank` at `invoice_references[i].id` (`spec.2.6.destroy-id`);
 * - an `id` that matches no stored reference of this invoice is `parameter_invalid` there (on a
 *   create every `id` is unknown; `fiscalkit.invoice.reference-id-unknown`);
 * - a new reference (no `id`) needs `reference_type`: `parameter_blank` at
 *   `invoice_references[i].reference_type` (§2.6 "Required"; `spec.2.6.reference-type`);
 * - after the request is applied (deletions removed, edits merged, new ones added) at most one
 *   reference may be an `amend`: `parameter_invalid` at `invoice_references` (`spec.8.amend-references`).
 *
 * @example
 * ```ts
 * invoiceReferenceIssues([{ reference_type: 'amend', number: 'F-1' }, { reference_type: 'amend', number: 'F-2' }]);
 * // [{ rule: 'spec.8.amend-references', code: 'parameter_invalid', param: 'invoice_references', … }]
 * ```
 */
export function invoiceReferenceIssues(
  references: readonly InvoiceReferenceWrite[] | null | undefined,
  stored: readonly InvoiceReference[] = [],
): ValidationIssue[] {
  if (references === null || references === undefined) return [];
  const issues: ValidationIssue[] = [];
  const result = new Map<number, string>(stored.map((reference) => [reference.id, reference.reference_type]));
  let added = 0;
  references.forEach((reference, index) => {
    const at = ['invoice_references', index];
    const id = reference.id ?? null;
    if (reference._destroy === true) {
      if (id === null)
        issues.push(
          issueAt(
            'spec.2.6.destroy-id',
            'parameter_blank',
            [...at, 'id'],
            'is required to delete a reference (_destroy)',
          ),
        );
      else if (!result.has(id))
        issues.push(
          issueAt(
            'fiscalkit.invoice.reference-id-unknown',
            'parameter_invalid',
            [...at, 'id'],
            'matches no reference of this invoice',
          ),
        );
      else result.delete(id);
      return;
    }
    if (id !== null) {
      const type = result.get(id);
      if (type === undefined)
        issues.push(
          issueAt(
            'fiscalkit.invoice.reference-id-unknown',
            'parameter_invalid',
            [...at, 'id'],
            'matches no reference of this invoice',
          ),
        );
      else result.set(id, reference.reference_type ?? type);
      return;
    }
    if (!isPresent(reference.reference_type)) {
      issues.push(
        issueAt(
          'spec.2.6.reference-type',
          'parameter_blank',
          [...at, 'reference_type'],
          'is required (amend or prepayment)',
        ),
      );
      return;
    }
    added += 1;
    result.set(-added, reference.reference_type ?? '');
  });
  const amends = [...result.values()].filter((type) => type === 'amend').length;
  if (amends > MAX_AMEND_REFERENCES)
    issues.push(
      issueAt(
        'spec.8.amend-references',
        'parameter_invalid',
        ['invoice_references'],
        `can hold at most ${MAX_AMEND_REFERENCES} amend reference per invoice, not ${amends}`,
      ),
    );
  return issues;
}
