/**
 * The invoice lines (BG-25) of an EN 16931 invoice, each from a stored line and the engine's printed
 * line (`TotalsResult.lines[i]`):
 *
 * - **BT-126** the line's position (`1`…`n`): a stored line id means nothing to a receiver and changes
 *   when the invoice is created again, a position does not;
 * - **BT-129 quantity, BT-146 net price, BT-149 base quantity** as stored: BT-146 is the price of
 *   BT-149 units, exactly fiscalkit's `price` of `base_quantity` units (docs/totals.md §2.1). A negative
 *   price is written as a positive price of a negative quantity (BR-27: BT-146 is never negative; the
 *   product, and so the line net, is the same). On a credit note written with its signs turned
 *   (`en16931FromInvoice.ts`) the quantity turns too.
 * - **BT-131 net amount** the engine's printed `amount` (BR-CO-10 holds by construction). Peppol
 *   PEPPOL-EN16931-R120 recomputes it as `BT-129 × (BT-146 / BT-149) + Σ charges − Σ allowances` and
 *   accepts 0.02 of difference; the engine's net is that with the gross rounded once (and, with
 *   `per_line_unrounded`, allocated), which a line of a currency without decimals (`JPY` at a fractional
 *   price) or with many allowances may miss: such a line is refused here, at the line, rather than
 *   written for the rule to reject.
 * - **BG-27 / BG-28 allowances and charges** the engine's printed amounts (BT-136 / BT-141). The
 *   percentage (BT-138 / BT-143) and its base (BT-137 / BT-142, the entry's `base_amount` or the line's
 *   gross, rounded to the currency) are written only when they give the printed amount again
 *   (`R(base × percentage / 100)`, half up): Peppol R040 checks that product and a reader creates the
 *   entry from them, so a percentage that does not give the amount (a base rounded away) is written as
 *   the amount alone. Without a reason or a reason code an entry gets the reason `Discount` / `Charge`
 *   (BR-42, BR-44 require one; it is a label, not a fact).
 * - **BT-130 unit** `unitCodes.ts`; **BT-151/152 VAT** `vatCategories.ts`; **BT-153 item name** the
 *   line's `description` (required, BR-25); **BT-158 classification** `classificationSchemes.ts`.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import type { InvoiceLine, LineTax } from '../../model/invoiceLine.js';
import { presentText } from '../../model/presentText.js';
import { Decimal } from '../../money/decimal.js';
import { round } from '../../money/round.js';
import type { RoundingMethod } from '../../money/roundingMethod.js';
import { issueAt } from '../../rules/issue.js';
import type { TotalsLine, TotalsLineAllowanceCharge } from '../../totals/result.js';
import { fixedAmount, negated, signed } from './amounts.js';
import { classificationScheme } from './classificationSchemes.js';
import type { En16931Identifier, En16931Line, En16931LineAllowanceCharge } from './en16931Invoice.js';
import { isReasonCode } from './reasonCodes.js';
import { unitCode } from './unitCodes.js';
import { type VatCategoryResult, vatCategoryOf } from './vatCategories.js';

/** What every line is written with. */
export interface LineContext {
  /** The currency's decimals (at most 2: `refusals.ts`). */
  readonly decimals: number;
  /** The account's rounding method, as the engine used it. */
  readonly method: RoundingMethod;
  /** Turn every sign (a credit note stored with negative amounts). */
  readonly flip: boolean;
  /** The invoice's taxes already read (`name|category|percent`), so a 1,000-line invoice reads each once. */
  readonly categories?: Map<string, VatCategoryResult> | undefined;
}

/**
 * The tax kind of a stored line tax, as the engine reads it: its `kind`, else a withholding for a
 * negative percent and VAT otherwise (taxmath.md §3.1).
 *
 * @example
 * ```ts
 * taxKind({ percent: '-15', kind: null }); // 'withholding'
 * taxKind({ percent: '5.2', kind: 'surcharge' }); // 'surcharge'
 * ```
 */
export function taxKind(tax: Pick<LineTax, 'kind' | 'percent'>): 'vat' | 'surcharge' | 'withholding' {
  return tax.kind ?? (tax.percent.trim().startsWith('-') ? 'withholding' : 'vat');
}

/** Peppol PEPPOL-EN16931-R120's tolerance. */
const R120_SLACK = new Decimal('0.02');

/** A line allowance or charge (module comment). */
function entryOf(
  entry: TotalsLineAllowanceCharge,
  gross: Decimal,
  context: LineContext,
): En16931LineAllowanceCharge {
  const charge = entry.allowance_charge_indicator === 'charge';
  let percentage: string | undefined;
  let base: string | undefined;
  if (entry.percentage !== undefined) {
    const written = round(entry.base_amount ?? gross, context.decimals, context.method);
    const again = round(written.times(entry.percentage).dividedBy(100), context.decimals, 'half_up');
    if (again.equals(entry.amount)) {
      percentage = entry.percentage;
      base = signed(fixedAmount(written, context.decimals), context.flip);
    }
  }
  const reason = presentText(entry.reason) ?? undefined;
  const reasonCode = presentText(entry.reason_code) ?? undefined;
  return {
    charge,
    amount: signed(entry.amount, context.flip),
    base_amount: base,
    percentage,
    reason: reason ?? (reasonCode === undefined ? (charge ? 'Charge' : 'Discount') : undefined),
    reason_code: reasonCode,
  };
}

/**
 * BG-25 of the stored line at `index` (module comment), or the issues that keep it out of an
 * EN 16931 invoice: no description, a VAT category or rate EN 16931 has not, a classification without
 * a UNTDID 7143 scheme, a reason code outside its list, a net Peppol R120 would not accept.
 *
 * @example
 * ```ts
 * const line = lineOf(stored, totals.lines[0], 0, { decimals: 2, method: 'half_up', flip: false });
 * line.success && line.data.net_amount; // '455.00'
 * ```
 */
export function lineOf(
  line: InvoiceLine,
  computed: TotalsLine,
  index: number,
  context: LineContext,
): Validated<En16931Line> {
  const issues: ValidationIssue[] = [];
  const at = (...path: PropertyKey[]) => ['lines', index, ...path];
  const name = presentText(line.description);
  if (name === null)
    issues.push(
      issueAt(
        'en16931.write.item-name',
        'parameter_blank',
        at('description'),
        'is required: it is the item name (EN 16931 BT-153, BR-25)',
      ),
    );
  const vatIndex = line.taxes_attributes.findIndex((tax) => taxKind(tax) === 'vat');
  const vatTax = line.taxes_attributes[vatIndex];
  let vat: En16931Line['vat'] | undefined;
  if (vatTax === undefined)
    issues.push(
      issueAt(
        'en16931.write.vat-category',
        'parameter_blank',
        at('taxes_attributes'),
        'needs one VAT tax (EN 16931 BR-CO-04)',
      ),
    );
  else {
    const key = `${vatTax.name}|${vatTax.category ?? ''}|${vatTax.percent}`;
    const category = context.categories?.get(key) ?? vatCategoryOf(vatTax);
    context.categories?.set(key, category);
    if (category.ok) vat = { category: category.category, rate: category.rate };
    else
      issues.push(
        issueAt(
          category.field === 'category' ? 'en16931.write.vat-category' : 'en16931.write.vat-rate',
          category.field === 'category' ? 'parameter_inclusion' : 'parameter_invalid',
          at('taxes_attributes', vatIndex, category.field),
          category.message,
        ),
      );
  }
  const classifications: En16931Identifier[] = [];
  const classification = presentText(line.classification_code);
  if (classification !== null) {
    const given = presentText(line.classification_code_scheme);
    const scheme = given === null ? undefined : classificationScheme(given);
    if (scheme === undefined)
      issues.push(
        issueAt(
          'en16931.write.classification-scheme',
          given === null ? 'parameter_blank' : 'parameter_inclusion',
          at('classification_code_scheme'),
          given === null
            ? 'is required with classification_code: EN 16931 BT-158 needs its scheme (BR-65), a UNTDID 7143 code (STI for CPV, HS, …)'
            : `is ${JSON.stringify(given)}, which is not a UNTDID 7143 code (EN 16931 BR-CL-13; CPV is STI)`,
        ),
      );
    else classifications.push({ id: classification, scheme });
  }
  const entries = line.allowance_charges_attributes ?? [];
  entries.forEach((entry, entryIndex) => {
    const code = presentText(entry.reason_code);
    const charge = entry.allowance_charge_indicator === 'charge';
    if (code !== null && !isReasonCode(code, charge))
      issues.push(
        issueAt(
          'en16931.write.reason-code',
          'parameter_inclusion',
          at('allowance_charges_attributes', entryIndex, 'reason_code'),
          `is ${JSON.stringify(code)}, which is not a UNTDID ${charge ? '7161 charge (BR-CL-20)' : '5189 allowance (BR-CL-19)'} reason code`,
        ),
      );
  });
  // Price and quantity: BT-146 is never negative (BR-27); the product keeps its sign in the quantity.
  const negativePrice = new Decimal(line.price).lessThan(0);
  const price = negativePrice ? negated(line.price) : line.price;
  const quantity = signed(line.quantity, negativePrice !== context.flip);
  const unitPrice = computed.unit_price ?? line.price;
  const gross = new Decimal(line.quantity).times(unitPrice);
  const allowancesCharges = (computed.allowance_charges ?? []).map((entry) => entryOf(entry, gross, context));
  const net = signed(computed.amount ?? computed.net, context.flip);
  const base = presentText(line.base_quantity) ?? undefined;
  // PEPPOL-EN16931-R120, as the rule computes it from what is written.
  let expected = new Decimal(quantity).times(new Decimal(price).dividedBy(base ?? '1'));
  for (const entry of allowancesCharges)
    expected = entry.charge ? expected.plus(entry.amount) : expected.minus(entry.amount);
  if (expected.minus(net).abs().greaterThan(R120_SLACK))
    issues.push(
      issueAt(
        'en16931.write.line-net',
        'parameter_invalid',
        ['lines', index],
        `has the net amount ${net}, while quantity × price / base quantity ± its allowances and charges is ${expected.toString()}: more than the 0.02 Peppol PEPPOL-EN16931-R120 accepts (a price with more decimals than the currency, or many rounded allowances); give the price at the currency's precision`,
      ),
    );
  if (issues.length > 0 || name === null || vat === undefined) return { success: false, issues };
  return {
    success: true,
    data: {
      id: String(index + 1),
      quantity,
      unit_code: unitCode(line.unit),
      net_amount: net,
      allowances_charges: allowancesCharges,
      price: { net: price, base_quantity: base },
      vat,
      item: { name, classifications },
    },
  };
}
