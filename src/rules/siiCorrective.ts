import type { ValidationIssue } from '../errors/validationIssue.js';
import { SII_CORRECTIVE_INVOICE_TYPE_CODES } from '../model/siiCodes.js';
import { isPresent, issueAt } from './issue.js';

const CORRECTIVE: ReadonlySet<string> = new Set(SII_CORRECTIVE_INVOICE_TYPE_CODES);

/**
 * Corrective invoices (sii.md §4.1, §4.2):
 *
 * - a corrective invoice (`invoice_type_code` `R1`–`R5`) says how it corrects, `corrective_type`
 *   `S` (substitution) or `I` (differences): `parameter_blank` at `corrective_type` otherwise
 *   (**fiscalkit rule**: AEAT expects `TipoRectificativa` on every rectificativa, and the two
 *   methods give the amounts opposite meanings, so the builder must not guess;
 *   `fiscalkit.sii.corrective-type`);
 * - by substitution (`S`), the record carries `ImporteRectificacion{BaseRectificada,
 *   CuotaRectificada}` (sii.md §4.2): `corrected_taxable_base` and `corrected_tax_amount` are
 *   `parameter_blank` when missing (`sii.4.2.substitution-amounts`).
 *
 * @example
 * ```ts
 * siiCorrectiveIssues({ invoice_type_code: 'R4', corrective_type: 'I' }); // []
 * siiCorrectiveIssues({ invoice_type_code: 'R1' });
 * // [{ rule: 'fiscalkit.sii.corrective-type', code: 'parameter_blank', param: 'corrective_type', … }]
 * ```
 */
export function siiCorrectiveIssues(report: {
  invoice_type_code?: string | null | undefined;
  corrective_type?: string | null | undefined;
  corrected_taxable_base?: string | null | undefined;
  corrected_tax_amount?: string | null | undefined;
}): ValidationIssue[] {
  const type = report.invoice_type_code;
  if (typeof type === 'string' && CORRECTIVE.has(type) && !isPresent(report.corrective_type))
    return [
      issueAt(
        'fiscalkit.sii.corrective-type',
        'parameter_blank',
        ['corrective_type'],
        `is required for a corrective invoice (${type}): S or I`,
      ),
    ];
  if (report.corrective_type !== 'S') return [];
  const issues: ValidationIssue[] = [];
  for (const field of ['corrected_taxable_base', 'corrected_tax_amount'] as const)
    if (!isPresent(report[field]))
      issues.push(
        issueAt(
          'sii.4.2.substitution-amounts',
          'parameter_blank',
          [field],
          'is required when corrective_type is S (substitution)',
        ),
      );
  return issues;
}
