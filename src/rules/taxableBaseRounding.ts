import type { ValidationIssue } from '../errors/validationIssue.js';
import { issueAt } from './issue.js';

/** The two account flags the rule reads. */
export interface TaxableBaseRoundingFlags {
  apply_taxes_per_line?: boolean | null | undefined;
  skip_line_taxable_base_rounding?: boolean | null | undefined;
}

/**
 * Spec §2.2 rule 2: `skip_line_taxable_base_rounding` true while `apply_taxes_per_line` is false is
 * HTTP 422. The spec shows no code for it (§7.2 rule 2); fiscalkit answers `parameter_invalid` at
 * `skip_line_taxable_base_rounding`, the flag that cannot hold (the totals engine checks the same
 * pair on its own input, taxmath.md §3.11).
 *
 * @example
 * ```ts
 * taxableBaseRoundingIssues({ skip_line_taxable_base_rounding: true });
 * // [{ code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding', … }]
 * ```
 */
export function taxableBaseRoundingIssues(account: TaxableBaseRoundingFlags): ValidationIssue[] {
  if (account.skip_line_taxable_base_rounding !== true || account.apply_taxes_per_line === true) return [];
  return [
    issueAt(
      'parameter_invalid',
      ['skip_line_taxable_base_rounding'],
      'can only be true when apply_taxes_per_line is true',
    ),
  ];
}
