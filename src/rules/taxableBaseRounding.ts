import type { ValidationIssue } from '../errors/validationIssue.js';
import { type TaxableBaseRoundingFlags, taxableBaseRoundingIssue } from '../totals/mode.js';

export type { TaxableBaseRoundingFlags } from '../totals/mode.js';

/**
 * Spec §2.2 rule 2 on an account: `skip_line_taxable_base_rounding` true while `apply_taxes_per_line`
 * is false is HTTP 422, `parameter_invalid` at `skip_line_taxable_base_rounding` (rule
 * `spec.2.2.2`). The rule lives once, in `src/totals/mode.ts` (the lowest layer that needs it: the
 * totals engine checks the same pair on its own input, taxmath.md §3.11); this is the account's view
 * of it.
 *
 * @example
 * ```ts
 * taxableBaseRoundingIssues({ skip_line_taxable_base_rounding: true });
 * // [{ rule: 'spec.2.2.2', code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding', … }]
 * ```
 */
export function taxableBaseRoundingIssues(account: TaxableBaseRoundingFlags): ValidationIssue[] {
  const issue = taxableBaseRoundingIssue(account);
  return issue === undefined ? [] : [issue];
}
