import type { ValidationIssue } from '../errors/validationIssue.js';

/**
 * The three computation modes of taxmath.md §3.5, chosen by the two account flags:
 *
 * | mode | `apply_taxes_per_line` | `skip_line_taxable_base_rounding` |
 * |---|---|---|
 * | `accumulated` (A) | false | false |
 * | `per_line` (B) | true | false |
 * | `per_line_unrounded` (C) | true | true |
 *
 * `skip_line_taxable_base_rounding` without `apply_taxes_per_line` is not a mode: spec §2.2 rule 2
 * answers it with 422 (`taxableBaseRoundingIssue`, the rule's one home).
 */
export type TotalsMode = 'accumulated' | 'per_line' | 'per_line_unrounded';

/** Every {@link TotalsMode}, in the order of taxmath.md §3.5. */
export const TOTALS_MODES: readonly TotalsMode[] = ['accumulated', 'per_line', 'per_line_unrounded'];

/**
 * The mode an account's flags select. Returns `undefined` for the forbidden combination
 * (`skip_line_taxable_base_rounding` without `apply_taxes_per_line`).
 *
 * @example
 * ```ts
 * totalsMode({ apply_taxes_per_line: true }); // 'per_line'
 * totalsMode({ apply_taxes_per_line: true, skip_line_taxable_base_rounding: true }); // 'per_line_unrounded'
 * totalsMode({ skip_line_taxable_base_rounding: true }); // undefined → HTTP 422
 * ```
 */
export function totalsMode(flags: TaxableBaseRoundingFlags): TotalsMode | undefined {
  if (breaksTaxableBaseRounding(flags)) return undefined;
  if (flags.apply_taxes_per_line !== true) return 'accumulated';
  return flags.skip_line_taxable_base_rounding === true ? 'per_line_unrounded' : 'per_line';
}

/** The two account flags spec §2.2 rule 2 reads (`null` and absent mean false). */
export interface TaxableBaseRoundingFlags {
  apply_taxes_per_line?: boolean | null | undefined;
  skip_line_taxable_base_rounding?: boolean | null | undefined;
}

/** The rule id of spec §2.2 rule 2 (`src/errors/ruleId.ts`). */
export const TAXABLE_BASE_ROUNDING_RULE = 'spec.2.2.2';

/**
 * Spec §2.2 rule 2: `skip_line_taxable_base_rounding` true while `apply_taxes_per_line` is false (or
 * absent) is refused with HTTP 422. This is the rule's one home (issue #20 §4): the account rule
 * (`src/rules/taxableBaseRounding.ts`), the totals input check and {@link totalsMode} all ask here.
 *
 * @example
 * ```ts
 * breaksTaxableBaseRounding({ skip_line_taxable_base_rounding: true }); // true
 * breaksTaxableBaseRounding({ skip_line_taxable_base_rounding: true, apply_taxes_per_line: true }); // false
 * ```
 */
export function breaksTaxableBaseRounding(flags: TaxableBaseRoundingFlags): boolean {
  return flags.skip_line_taxable_base_rounding === true && flags.apply_taxes_per_line !== true;
}

/**
 * The issue of spec §2.2 rule 2, or `undefined` when the flags keep it. The spec shows no code for
 * it (§7.2 rule 2); fiscalkit answers `parameter_invalid` at `skip_line_taxable_base_rounding`, the
 * flag that cannot hold (taxmath.md §3.11, vector E01), on an account and on a totals input alike.
 *
 * @example
 * ```ts
 * taxableBaseRoundingIssue({ skip_line_taxable_base_rounding: true });
 * // { rule: 'spec.2.2.2', code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding', message: '…' }
 * taxableBaseRoundingIssue({ apply_taxes_per_line: true, skip_line_taxable_base_rounding: true }); // undefined
 * ```
 */
export function taxableBaseRoundingIssue(flags: TaxableBaseRoundingFlags): ValidationIssue | undefined {
  if (!breaksTaxableBaseRounding(flags)) return undefined;
  return {
    rule: TAXABLE_BASE_ROUNDING_RULE,
    code: 'parameter_invalid',
    param: 'skip_line_taxable_base_rounding',
    message: 'skip_line_taxable_base_rounding requires apply_taxes_per_line to be true (spec §2.2 rule 2)',
  };
}

/**
 * The account flags that select a mode (the inverse of {@link totalsMode}).
 *
 * @example
 * ```ts
 * modeFlags('per_line'); // { apply_taxes_per_line: true, skip_line_taxable_base_rounding: false }
 * ```
 */
export function modeFlags(mode: TotalsMode): {
  apply_taxes_per_line: boolean;
  skip_line_taxable_base_rounding: boolean;
} {
  return {
    apply_taxes_per_line: mode !== 'accumulated',
    skip_line_taxable_base_rounding: mode === 'per_line_unrounded',
  };
}
