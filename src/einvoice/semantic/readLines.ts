/**
 * The lines and the document-level allowances and charges of an EN 16931 invoice as an invoice create
 * body's `invoice_lines_attributes` and `allowance_charges_attributes`, for `invoiceFromEn16931`: the
 * inverse of `lines.ts` and `allowanceCharges.ts`.
 *
 * - **Taxes.** Each line and each document entry gets one VAT tax `{name, category, percent}`: the
 *   category is the EN 16931 code itself, the percent its rate (`0` for `O`). The name is the one a tax
 *   of that category has in the seller's country: `IGIC` for `L` (Canary Islands), `IPSI` for `M`
 *   (Ceuta and Melilla), `IVA` for a Spanish seller, `VAT` otherwise. One name per category and rate
 *   matters more than which: the engine groups by name, and a document allowance must name a tax of
 *   the lines (docs/totals.md §1, "an allowance must match a tax of the lines").
 * - **Prices.** BT-129, BT-146 and BT-149 are the line's `quantity`, `price` and `base_quantity` as
 *   written; BT-148 (the gross price) is informative — the net price is what the line is computed with.
 * - **Allowances and charges.** A percentage with its base (BT-137/138, BT-93/94) when the base times
 *   the percentage gives the amount again (half up, as a new account rounds), so the engine computes
 *   the same amount; otherwise the amount (BT-136, BT-92). A document entry of category `E` on an
 *   invoice whose `E` breakdown states VATEX-EU-79-C is a reimbursable expense (`allowanceCharges.ts`).
 * - **Items.** BT-153 is the `description`, BT-130 the `unit`, the first BT-158 the classification.
 *   The item description (BT-154), the seller's item id (BT-155) and further classifications have no
 *   field of their own and are not carried (they change no amount).
 *
 * @module
 */
import type { InvoiceAllowanceCharge } from '../../model/invoice.js';
import type { InvoiceLineWrite, LineAllowanceCharge, LineTax } from '../../model/invoiceLine.js';
import { Decimal } from '../../money/decimal.js';
import { round } from '../../money/round.js';
import type { En16931Invoice, En16931Line, En16931VatCategory } from './en16931Invoice.js';

/**
 * The name of the VAT tax of a category for a seller's country (module comment).
 *
 * @example
 * ```ts
 * vatTaxName('S', 'ES'); // 'IVA'
 * vatTaxName('L', 'ES'); // 'IGIC'
 * vatTaxName('S', 'DE'); // 'VAT'
 * ```
 */
export function vatTaxName(category: En16931VatCategory, sellerCountry: string): string {
  if (category === 'L') return 'IGIC';
  if (category === 'M') return 'IPSI';
  return sellerCountry === 'ES' ? 'IVA' : 'VAT';
}

/** The VAT tax of a category and rate. */
function vatTax(category: En16931VatCategory, rate: string | undefined, sellerCountry: string): LineTax {
  return { name: vatTaxName(category, sellerCountry), category, percent: rate ?? '0' };
}

/** Whether `base × percentage / 100`, rounded half up to the currency, is `amount`. */
function percentageGives(base: string, percentage: string, amount: string, decimals: number): boolean {
  return round(new Decimal(base).times(percentage).dividedBy(100), decimals, 'half_up').equals(amount);
}

/** The amount, or the percentage and its base, of an entry (module comment). */
function amountFields(
  entry: { amount: string; base_amount?: string | undefined; percentage?: string | undefined },
  decimals: number,
): Pick<LineAllowanceCharge, 'amount' | 'percentage' | 'base_amount'> {
  return entry.percentage !== undefined &&
    entry.base_amount !== undefined &&
    percentageGives(entry.base_amount, entry.percentage, entry.amount, decimals)
    ? { percentage: entry.percentage, base_amount: entry.base_amount }
    : { amount: entry.amount };
}

/**
 * A line as `invoice_lines_attributes[i]` (module comment).
 *
 * @example
 * ```ts
 * lineFromEn16931(document.lines[0], 'ES', 2).taxes_attributes; // [{ name: 'IVA', category: 'S', percent: '21' }]
 * ```
 */
export function lineFromEn16931(
  line: En16931Line,
  sellerCountry: string,
  decimals: number,
): InvoiceLineWrite {
  const classification = line.item.classifications[0];
  return {
    quantity: line.quantity,
    price: line.price.net,
    base_quantity: line.price.base_quantity ?? null,
    description: line.item.name,
    unit: line.unit_code,
    classification_code: classification?.id ?? null,
    classification_code_scheme: classification?.scheme ?? null,
    allowance_charges_attributes:
      line.allowances_charges.length === 0
        ? null
        : line.allowances_charges.map((entry) => ({
            allowance_charge_indicator: entry.charge ? 'charge' : 'allowance',
            ...amountFields(entry, decimals),
            reason: entry.reason ?? null,
            reason_code: entry.reason_code ?? null,
          })),
    taxes_attributes: [vatTax(line.vat.category, line.vat.rate, sellerCountry)],
  };
}

/**
 * Whether the invoice's exempt breakdown is that of reimbursable expenses (VATEX-EU-79-C), which makes
 * its `E` document charges suplidos.
 *
 * @example
 * ```ts
 * hasReimbursableBreakdown(document); // false for an invoice without suplidos
 * ```
 */
export function hasReimbursableBreakdown(document: Pick<En16931Invoice, 'vat_breakdown'>): boolean {
  return document.vat_breakdown.some(
    (row) => row.category === 'E' && row.exemption_reason_code?.toUpperCase() === 'VATEX-EU-79-C',
  );
}

/**
 * The document-level entries as `allowance_charges_attributes` (module comment).
 *
 * @example
 * ```ts
 * allowanceChargesFromEn16931(document, 'ES', 2)[0]?.tax_attributes; // { name: 'IVA', category: 'S', percent: '21' }
 * ```
 */
export function allowanceChargesFromEn16931(
  document: Pick<En16931Invoice, 'allowances_charges' | 'vat_breakdown'>,
  sellerCountry: string,
  decimals: number,
): InvoiceAllowanceCharge[] {
  const suplidos = hasReimbursableBreakdown(document);
  return document.allowances_charges.map((entry): InvoiceAllowanceCharge => {
    const common = {
      allowance_charge_indicator: entry.charge ? ('charge' as const) : ('allowance' as const),
      reason: entry.reason ?? null,
      reason_code: entry.reason_code ?? null,
    };
    if (suplidos && entry.charge && entry.vat_category === 'E')
      return { ...common, amount: entry.amount, is_reimbursable_expense: true };
    return {
      ...common,
      ...amountFields(entry, decimals),
      tax_attributes: vatTax(entry.vat_category, entry.vat_rate, sellerCountry),
    };
  });
}
