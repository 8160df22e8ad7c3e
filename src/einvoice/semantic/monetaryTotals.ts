/**
 * The document totals (BG-22) of an EN 16931 invoice, every one the engine's printed total
 * (docs/totals.md §3.3), so that BR-CO-10 … BR-CO-16 hold by construction:
 *
 * | BT | from the engine |
 * |---|---|
 * | BT-106 | `subtotal` (Σ line nets) |
 * | BT-107 | `allowance_total_amount`, when the invoice has document-level allowances |
 * | BT-108 | `charge_total_amount` + `reimbursable_expenses_amount`, when it has charges or suplidos |
 * | BT-109 | `tax_exclusive_amount` + `reimbursable_expenses_amount` |
 * | BT-110 | `tax_outputs` |
 * | BT-111 | `local.tax_outputs`, with a tax currency (taxmath.md §3.10: Σ local group taxes) |
 * | BT-112 | `tax_inclusive_amount` + `reimbursable_expenses_amount` |
 * | BT-113 | `prepaid_amount`, when given |
 * | BT-114 | `payable_rounding_amount`, when given |
 * | BT-115 | `payable_amount` |
 *
 * The reimbursable expenses are the `E` charges of `allowanceCharges.ts`, which is why they join
 * BT-108, BT-109 and BT-112; with them BT-115 = BT-112 − BT-113 + BT-114 is the engine's
 * `payable_amount` exactly (withholdings, the other term of the engine's payable, are refused).
 *
 * @module
 */
import { Decimal } from '../../money/decimal.js';
import type { TotalsResult } from '../../totals/result.js';
import { fixedAmount, signed, sumAmounts } from './amounts.js';
import type { En16931Totals } from './en16931Invoice.js';

/** What the totals are written with. */
export interface TotalsContext {
  readonly decimals: number;
  readonly flip: boolean;
  /** Whether the invoice has document-level allowances (BT-107 is then written). */
  readonly allowances: boolean;
  /** Whether it has document-level charges or reimbursable expenses (BT-108). */
  readonly charges: boolean;
}

/**
 * BG-22 from the engine's result (module table).
 *
 * @example
 * ```ts
 * monetaryTotalsOf(totals, { decimals: 2, flip: false, allowances: false, charges: false }).payable; // '695.75'
 * ```
 */
export function monetaryTotalsOf(result: TotalsResult, context: TotalsContext): En16931Totals {
  const totals = result.totals;
  const { decimals, flip } = context;
  const reimbursable = totals.reimbursable_expenses_amount ?? '0';
  const plusReimbursable = (amount: string) => sumAmounts([amount, reimbursable], decimals);
  const written: En16931Totals = {
    line_net: signed(totals.subtotal ?? totals.net_total, flip),
    allowances: context.allowances
      ? signed(totals.allowance_total_amount ?? fixedAmount('0', decimals), flip)
      : undefined,
    charges: context.charges ? signed(plusReimbursable(totals.charge_total_amount ?? '0'), flip) : undefined,
    tax_exclusive: signed(plusReimbursable(totals.tax_exclusive_amount ?? totals.net_total), flip),
    vat: signed(totals.tax_outputs, flip),
    vat_in_tax_currency: result.local === undefined ? undefined : signed(result.local.tax_outputs, flip),
    tax_inclusive: signed(plusReimbursable(totals.tax_inclusive_amount ?? totals.tax_inclusive), flip),
    prepaid: totals.prepaid_amount === undefined ? undefined : signed(totals.prepaid_amount, flip),
    rounding:
      totals.payable_rounding_amount === undefined ? undefined : signed(totals.payable_rounding_amount, flip),
    payable: signed(totals.payable_amount, flip),
  };
  // BR-CO-16 must hold by construction; if it does not, the engine and this table disagree.
  const again = new Decimal(written.tax_inclusive)
    .minus(written.prepaid ?? '0')
    .plus(written.rounding ?? '0');
  if (!again.equals(written.payable))
    throw new TypeError(
      `monetaryTotalsOf: BT-115 ${written.payable} is not BT-112 − BT-113 + BT-114 (${again.toString()})`,
    );
  return written;
}
