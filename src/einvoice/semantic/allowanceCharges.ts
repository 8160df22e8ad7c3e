/**
 * The document-level allowances and charges (BG-20 / BG-21) of an EN 16931 invoice: the engine's
 * pieces (`TotalsResult.allowance_charges`, docs/totals.md §2.3), one per tax set an entry went to, so
 * each has the one VAT category and rate EN 16931 requires (BT-95/96, BT-102/103). The category and
 * rate come from the piece's `vat|category|name|percent` group key, read like a line's tax
 * (`vatCategoryOf`); an entry with `apply_taxes: false` is in the engine's `NS` group, category `O`.
 *
 * **Reimbursable expenses** (Spanish *suplidos*, `is_reimbursable_expense`) have no place of their own
 * in EN 16931, and the amount due must still include them (docs/totals.md §3.3: they are added to
 * `payable_amount`). fiscalkit writes each as a **document-level charge of category `E` at 0 %**, whose
 * breakdown states the ground VATEX-EU-79-C (`vatExemptions.ts`: article 79(c) of the VAT Directive,
 * amounts paid in the customer's name, outside the taxable amount). The charge then counts in BT-108,
 * BT-109 and BT-112 as EN 16931's arithmetic requires, no VAT is added, and BT-115 is exactly the
 * invoice's `payable_amount`. The alternative the totals notes mention (subtracting the suplido from
 * BT-113 as a negative "paid amount") keeps BT-115 right too, but states a payment that never
 * happened. Because EN 16931 has one `E` breakdown per rate with one exemption reason (BR-E-08, BR-E-10),
 * suplidos cannot share an invoice with other exempt amounts (refused in `refusals.ts`).
 *
 * The percentage and base of an entry are written only when they give its amount again, and an entry
 * without a reason gets `Discount` / `Charge`, as for line entries (`lines.ts`).
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import type { Invoice } from '../../model/invoice.js';
import { presentText } from '../../model/presentText.js';
import { round } from '../../money/round.js';
import { issueAt } from '../../rules/issue.js';
import type { TotalsAllowanceCharge, TotalsResult } from '../../totals/result.js';
import { signed } from './amounts.js';
import type { En16931AllowanceCharge, En16931VatCategory } from './en16931Invoice.js';
import { isReasonCode } from './reasonCodes.js';
import { vatCategoryOf } from './vatCategories.js';

/** What every document-level entry is written with. */
export interface AllowanceChargeContext {
  readonly decimals: number;
  readonly flip: boolean;
}

/** The reason written for a reimbursable expense that gives none. */
export const REIMBURSABLE_REASON = 'Reimbursable expense';

/** The VAT group key of a piece (`vat|S|IVA|21`), split; undefined for a reimbursable expense. */
function vatKey(
  piece: TotalsAllowanceCharge,
): { category: string; name: string; percent: string } | undefined {
  const key = Object.keys(piece.taxes).find((candidate) => candidate.startsWith('vat|'));
  if (key === undefined) return undefined;
  const [, category = '', name = '', percent = '0'] = key.split('|');
  return { category, name, percent };
}

/**
 * The category and rate of a group key (`vat|S|IVA|21` → `S`, `21`), as `vatCategoryOf` reads the tax
 * behind it; undefined when the key is no EN 16931 category.
 *
 * @example
 * ```ts
 * groupCategory('vat|NS|IVA|0'); // { category: 'O', rate: undefined }
 * groupCategory('vat||VAT|21'); // { category: 'S', rate: '21' }
 * ```
 */
export function groupCategory(
  key: string,
): { category: En16931VatCategory; rate: string | undefined } | undefined {
  const [, category = '', name = '', percent = '0'] = key.split('|');
  const mapped = vatCategoryOf({ name, category, percent });
  return mapped.ok ? { category: mapped.category, rate: mapped.rate } : undefined;
}

/**
 * BG-20 / BG-21 of the invoice (module comment), or the issues of the entries that cannot be written:
 * a tax EN 16931 has no category for, a reason code outside its list.
 *
 * @example
 * ```ts
 * const entries = documentAllowanceChargesOf(invoice, totals, { decimals: 2, flip: false });
 * entries.success && entries.data[0]?.vat_category; // 'S'
 * ```
 */
export function documentAllowanceChargesOf(
  invoice: Pick<Invoice, 'allowance_charges_attributes'>,
  totals: Pick<TotalsResult, 'allowance_charges'>,
  context: AllowanceChargeContext,
): Validated<En16931AllowanceCharge[]> {
  const issues: ValidationIssue[] = [];
  const written: En16931AllowanceCharge[] = [];
  const reported = new Set<number>();
  for (const piece of totals.allowance_charges ?? []) {
    const entry = invoice.allowance_charges_attributes?.[piece.index];
    const at = ['allowance_charges_attributes', piece.index];
    const charge = piece.allowance_charge_indicator === 'charge';
    const reason = presentText(piece.reason) ?? undefined;
    const reasonCode = presentText(piece.reason_code) ?? undefined;
    if (reasonCode !== undefined && !isReasonCode(reasonCode, charge)) {
      if (!reported.has(piece.index))
        issues.push(
          issueAt(
            'en16931.write.reason-code',
            'parameter_inclusion',
            [...at, 'reason_code'],
            `is ${JSON.stringify(reasonCode)}, which is not a UNTDID ${charge ? '7161 charge (BR-CL-20)' : '5189 allowance (BR-CL-19)'} reason code`,
          ),
        );
      reported.add(piece.index);
      continue;
    }
    const amount = signed(piece.amount, context.flip);
    if (piece.is_reimbursable_expense === true) {
      written.push({
        charge: true,
        amount,
        vat_category: 'E',
        vat_rate: '0',
        reason: reason ?? (reasonCode === undefined ? REIMBURSABLE_REASON : undefined),
        reason_code: reasonCode,
      });
      continue;
    }
    const key = vatKey(piece);
    const mapped = key === undefined ? undefined : vatCategoryOf(key);
    if (mapped === undefined || !mapped.ok) {
      // A spread entry's tax set is its lines', refused at the line; an own tax is refused here.
      const own = entry?.taxes_attributes
        ? 'taxes_attributes'
        : entry?.tax_attributes
          ? 'tax_attributes'
          : undefined;
      if (own !== undefined && !reported.has(piece.index))
        issues.push(
          issueAt(
            mapped?.ok === false && mapped.field === 'percent'
              ? 'en16931.write.vat-rate'
              : 'en16931.write.vat-category',
            mapped?.ok === false && mapped.field === 'percent' ? 'parameter_invalid' : 'parameter_inclusion',
            [...at, own],
            mapped?.ok === false ? `has a tax whose ${mapped.field} ${mapped.message}` : 'has no VAT tax',
          ),
        );
      reported.add(piece.index);
      continue;
    }
    let percentage: string | undefined;
    let base: string | undefined;
    if (piece.percentage !== undefined && piece.base_amount !== undefined) {
      const writtenBase = round(piece.base_amount, context.decimals, 'half_up');
      const again = round(writtenBase.times(piece.percentage).dividedBy(100), context.decimals, 'half_up');
      if (writtenBase.equals(piece.base_amount) && again.equals(piece.amount)) {
        percentage = piece.percentage;
        base = signed(piece.base_amount, context.flip);
      }
    }
    written.push({
      charge,
      amount,
      base_amount: base,
      percentage,
      vat_category: mapped.category,
      vat_rate: mapped.rate,
      reason: reason ?? (reasonCode === undefined ? (charge ? 'Charge' : 'Discount') : undefined),
      reason_code: reasonCode,
    });
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data: written };
}
