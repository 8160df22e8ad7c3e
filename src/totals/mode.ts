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
 * answers it with 422 (checked in `validateTotalsInput`).
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
export function totalsMode(flags: {
  apply_taxes_per_line?: boolean | null | undefined;
  skip_line_taxable_base_rounding?: boolean | null | undefined;
}): TotalsMode | undefined {
  const perLine = flags.apply_taxes_per_line ?? false;
  const skip = flags.skip_line_taxable_base_rounding ?? false;
  if (!perLine) return skip ? undefined : 'accumulated';
  return skip ? 'per_line_unrounded' : 'per_line';
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
