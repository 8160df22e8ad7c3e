/**
 * The VAT breakdown (BG-23) of an EN 16931 invoice: the engine's VAT groups (`TotalsResult.groups` of
 * kind `vat`), one row per EN 16931 category and rate. fiscalkit groups by `category|name|percent`
 * (taxmath.md §3.4), EN 16931 by category and rate only (BR-S-08 and its siblings sum every amount of a
 * category and rate into one row), so groups that differ only by the tax's name (`IVA`, `VAT`) or by a
 * fiscalkit category EN 16931 does not tell apart (`S`, `H`, `AA`) are one row: its taxable amount and
 * tax amount are the sums of theirs (BT-110 = Σ BT-117 still holds, BR-CO-14).
 *
 * - **Exemption reasons** (BT-120/121) are the category's (`vatExemptions.ts`); the row of reimbursable
 *   expenses (the `E` charges of `allowanceCharges.ts`) states VATEX-EU-79-C.
 * - **Rate of category `O`**: none (BR-O-05…07 forbid it on lines and allowances; the breakdown may
 *   omit it), except where the German rules apply (XRechnung BR-DE-14, Peppol DE-R-014 between two
 *   German parties), which require BT-119 on every row: `0` there.
 * - **BR-CO-17 / BR-S-09**: the tax of a row may differ from `round(taxable × rate)` by less than one
 *   currency unit (the artefacts' tolerance, taxmath.md §2.5). The engine's `accumulated` mode is exact;
 *   `per_line` sums rounded line taxes and can drift past it on very long invoices (taxmath.md V25). Such
 *   a row is refused at the account's `apply_taxes_per_line`, the setting that made it.
 *
 * @module
 */
import type { Validated } from '../../errors/validationIssue.js';
import { refused } from '../../generate/parties.js';
import { Decimal } from '../../money/decimal.js';
import { round } from '../../money/round.js';
import type { TotalsGroup } from '../../totals/result.js';
import { groupCategory } from './allowanceCharges.js';
import { fixedAmount, signed, sumAmounts } from './amounts.js';
import type { En16931VatBreakdown, En16931VatCategory } from './en16931Invoice.js';
import { REIMBURSABLE_EXEMPTION, VAT_EXEMPTIONS } from './vatExemptions.js';

/** What the breakdown is written with. */
export interface BreakdownContext {
  readonly decimals: number;
  readonly flip: boolean;
  /**
   * Whether every row states its rate, `O` included (XRechnung BR-DE-14, Peppol DE-R-014 between
   * German parties).
   */
  readonly rate_on_every_row: boolean;
  /** Σ reimbursable expenses, when the invoice has any (their `E` row). */
  readonly reimbursable?: string | undefined;
}

interface Row {
  category: En16931VatCategory;
  rate: string | undefined;
  bases: string[];
  taxes: string[];
}

/**
 * BG-23 of the engine's groups (module comment), or the refusal of a row past BR-CO-17's tolerance.
 * Groups whose key is no EN 16931 category are skipped: their lines and entries are refused first.
 *
 * @example
 * ```ts
 * const rows = vatBreakdownOf(totals.groups, { decimals: 2, flip: false, rate_on_every_row: false });
 * rows.success && rows.data; // [{ category: 'S', rate: '21', taxable_amount: '575.00', tax_amount: '120.75', … }]
 * ```
 */
export function vatBreakdownOf(
  groups: readonly TotalsGroup[],
  context: BreakdownContext,
): Validated<En16931VatBreakdown[]> {
  const rows = new Map<string, Row>();
  for (const group of groups) {
    if (group.kind !== 'vat') continue;
    const mapped = groupCategory(group.key);
    if (mapped === undefined) continue;
    const key = `${mapped.category}|${mapped.rate ?? ''}`;
    const row = rows.get(key) ?? { category: mapped.category, rate: mapped.rate, bases: [], taxes: [] };
    row.bases.push(group.base);
    row.taxes.push(group.tax);
    rows.set(key, row);
  }
  const written: En16931VatBreakdown[] = [];
  for (const row of rows.values()) {
    const taxable = sumAmounts(row.bases, context.decimals);
    const tax = sumAmounts(row.taxes, context.decimals);
    const rate = row.rate ?? '0';
    const expected = round(new Decimal(taxable).abs().times(rate).dividedBy(100), 2, 'half_up');
    if (new Decimal(tax).abs().minus(expected).abs().greaterThanOrEqualTo(1))
      return refused(
        'en16931.write.vat-rounding',
        'parameter_invalid',
        ['account', 'apply_taxes_per_line'],
        `makes the VAT of category ${row.category} at ${rate} % ${tax}, while ${taxable} × ${rate} % is ${expected.toString()}: EN 16931 BR-CO-17 accepts less than one unit of difference (per-line rounding over many lines drifts past it); an EN 16931 invoice needs the VAT computed per rate (apply_taxes_per_line false)`,
      );
    const exemption = VAT_EXEMPTIONS[row.category];
    written.push({
      taxable_amount: signed(taxable, context.flip),
      tax_amount: signed(tax, context.flip),
      category: row.category,
      rate: row.category === 'O' && context.rate_on_every_row ? '0' : row.rate,
      exemption_reason: exemption?.reason,
      exemption_reason_code: exemption?.code,
    });
  }
  if (context.reimbursable !== undefined)
    written.push({
      taxable_amount: signed(context.reimbursable, context.flip),
      tax_amount: signed(fixedAmount('0', context.decimals), false),
      category: 'E',
      rate: '0',
      exemption_reason: REIMBURSABLE_EXEMPTION.reason,
      exemption_reason_code: REIMBURSABLE_EXEMPTION.code,
    });
  return { success: true, data: written };
}
