import type { ValidationIssue } from '../errors/validationIssue.js';
import type { InvoiceLine, InvoiceLinePatch } from '../model/invoiceLine.js';
import { isPresent, issueAt } from './issue.js';

/** The fields a new line cannot do without (spec §2.4: `quantity`, `price`, `taxes_attributes`). */
const NEW_LINE_FIELDS = ['quantity', 'price', 'taxes_attributes'] as const;

/**
 * The lines of a PATCH (spec §2.4 `invoice_lines_attributes`), edited by `id` like invoice
 * references (§2.6):
 * - `_destroy: true` needs the `id` of the line to delete (`parameter_blank` at
 *   `invoice_lines_attributes[i].id`); an `id` that matches no stored line is `parameter_invalid`;
 * - a new line (no `id`) needs `quantity`, `price` and `taxes_attributes` (`parameter_blank` at each);
 * - at least one line must remain: `parameter_empty` at `invoice_lines_attributes` (taxmath.md §3.1,
 *   "lines: at least one").
 * A create is checked by the schema itself (every line complete, at least one). Editing lines by `id`
 * is fiscalkit's (`fiscalkit.invoice.line-id-unknown`, `fiscalkit.invoice.line-destroy-id`); a line's
 * fields and the one line are taxmath.md §3.1's inputs (`taxmath.3.1.required`,
 * `taxmath.3.1.lines`).
 *
 * @example
 * ```ts
 * invoiceLineIssues([{ _destroy: true }], [storedLine]);
 * // [{ rule: 'fiscalkit.invoice.line-destroy-id', code: 'parameter_blank', param: 'invoice_lines_attributes[0].id', … }]
 * ```
 */
export function invoiceLineIssues(
  lines: readonly InvoiceLinePatch[] | null | undefined,
  stored: readonly Pick<InvoiceLine, 'id'>[],
): ValidationIssue[] {
  if (lines === null || lines === undefined) return [];
  const issues: ValidationIssue[] = [];
  const remaining = new Set(stored.map((line) => line.id));
  let added = 0;
  lines.forEach((line, index) => {
    const at = ['invoice_lines_attributes', index];
    const id = line.id ?? null;
    if (id !== null) {
      if (!remaining.has(id))
        issues.push(
          issueAt(
            'fiscalkit.invoice.line-id-unknown',
            'parameter_invalid',
            [...at, 'id'],
            'matches no line of this invoice',
          ),
        );
      else if (line._destroy === true) remaining.delete(id);
      return;
    }
    if (line._destroy === true) {
      issues.push(
        issueAt(
          'fiscalkit.invoice.line-destroy-id',
          'parameter_blank',
          [...at, 'id'],
          'is required to delete a line (_destroy)',
        ),
      );
      return;
    }
    for (const field of NEW_LINE_FIELDS)
      if (!isPresent(line[field]))
        issues.push(
          issueAt('taxmath.3.1.required', 'parameter_blank', [...at, field], 'is required on a new line'),
        );
    added += 1;
  });
  if (issues.length === 0 && remaining.size + added === 0)
    issues.push(
      issueAt(
        'taxmath.3.1.lines',
        'parameter_empty',
        ['invoice_lines_attributes'],
        'would leave the invoice without lines',
      ),
    );
  return issues;
}
