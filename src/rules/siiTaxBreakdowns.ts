import type { ValidationIssue } from '../errors/validationIssue.js';
import type { SiiTaxBreakdown } from '../model/siiTaxReport.js';
import { isPresent, issueAt } from './issue.js';

/** The three ways a row is classified, in the order the rule reports them. */
const CLASSIFICATIONS = ['non_exemption_code', 'reason_vat_exempt', 'reason_no_subject'] as const;

/**
 * The rows of `tax_breakdowns` (sii.md §5, §4.6):
 *
 * - A row is subject and not exempt (`non_exemption_code` → `Sujeta/NoExenta`), exempt
 *   (`reason_vat_exempt` → `Sujeta/Exenta`) or not subject (`reason_no_subject` → `NoSujeta`), never
 *   two of these: the second and third given are `parameter_invalid` (**fiscalkit rule**: AEAT's
 *   breakdown has one place per row; `fiscalkit.sii.one-classification`).
 * - On issued invoices (`book_type` `Expedida`) the equivalence surcharge (`surcharge_percent`,
 *   `surcharge_amount`) has a place only in the `DetalleIVA` of a subject, not exempt row of goods or
 *   of the invoice-level breakdown: on a `services` row (`PrestacionServicios` has no recargo fields,
 *   sii.md §4.6; the OCA sample of §9.7 fails the XSD for exactly this) or on an exempt or not-subject
 *   row it is `parameter_invalid` at the surcharge field given (`sii.4.6.no-surcharge-on-services`,
 *   `sii.4.6.surcharge-subject-only`).
 *
 * @example
 * ```ts
 * siiTaxBreakdownIssues({
 *   book_type: 'Expedida',
 *   tax_breakdowns: [{ operation_type: 'services', taxable_base: '100.00', surcharge_percent: '5.20' }],
 * });
 * // [{ rule: 'sii.4.6.no-surcharge-on-services', code: 'parameter_invalid', param: 'tax_breakdowns[0].surcharge_percent', … }]
 * ```
 */
export function siiTaxBreakdownIssues(report: {
  book_type?: string | null | undefined;
  tax_breakdowns?: readonly Partial<SiiTaxBreakdown>[] | null | undefined;
}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  (report.tax_breakdowns ?? []).forEach((row, index) => {
    const given = CLASSIFICATIONS.filter((field) => isPresent(row[field]));
    for (const field of given.slice(1))
      issues.push(
        issueAt(
          'fiscalkit.sii.one-classification',
          'parameter_invalid',
          ['tax_breakdowns', index, field],
          `cannot be given together with ${String(given[0])}: a row is subject, exempt or not subject`,
        ),
      );
    if (report.book_type !== 'Expedida') return;
    const surcharge = isPresent(row.surcharge_percent)
      ? 'surcharge_percent'
      : isPresent(row.surcharge_amount)
        ? 'surcharge_amount'
        : undefined;
    if (surcharge === undefined) return;
    if (row.operation_type === 'services')
      issues.push(
        issueAt(
          'sii.4.6.no-surcharge-on-services',
          'parameter_invalid',
          ['tax_breakdowns', index, surcharge],
          'is not allowed on a services row (the SII has no equivalence surcharge on services)',
        ),
      );
    else if (isPresent(row.reason_vat_exempt) || isPresent(row.reason_no_subject))
      issues.push(
        issueAt(
          'sii.4.6.surcharge-subject-only',
          'parameter_invalid',
          ['tax_breakdowns', index, surcharge],
          'is only allowed on a subject, not exempt row',
        ),
      );
  });
  return issues;
}
