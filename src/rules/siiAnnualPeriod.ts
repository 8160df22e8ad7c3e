import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/**
 * Cash collections (`book_type` `Metalico`) are declared once a year: their record's
 * `PeriodoLiquidacion/Periodo` is `0A` (sii.md §2: `RegistroLRCobrosMetalico {PeriodoLiquidacion
 * (0A), …}`). Another period is `parameter_invalid` at `period`; a missing one is the book
 * requirement's `parameter_blank` (`siiBookRequirementIssues`).
 *
 * @example
 * ```ts
 * siiAnnualPeriodIssues({ book_type: 'Metalico', period: '0A' }); // []
 * siiAnnualPeriodIssues({ book_type: 'Metalico', period: '12' });
 * // [{ rule: 'sii.2.metalico-annual-period', code: 'parameter_invalid', param: 'period', … }]
 * ```
 */
export function siiAnnualPeriodIssues(report: {
  book_type?: string | null | undefined;
  period?: string | null | undefined;
}): ValidationIssue[] {
  if (report.book_type !== 'Metalico' || !isPresent(report.period) || report.period === '0A') return [];
  return [
    issueAt(
      'sii.2.metalico-annual-period',
      'parameter_invalid',
      ['period'],
      'must be 0A (annual) for book_type Metalico',
    ),
  ];
}
