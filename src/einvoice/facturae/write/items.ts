/**
 * `ItemsType`: one `InvoiceLine` per invoice line, in order (Facturae 3.2.2 `InvoiceLineType`).
 *
 * | element | from |
 * |---|---|
 * | `ItemDescription` | `description` (required: art. 6.1.f RD 1619/2012 requires the description of the operations) |
 * | `Quantity` | `quantity` |
 * | `UnitOfMeasure` | `unit` when it has a Facturae code (./codes.ts `facturaeUnit`), else left out |
 * | `UnitPriceWithoutTax` | the price of one unit: `unit_price` with a base quantity (`price / base_quantity` to 8 decimals, docs/totals.md §2.1), else `price` |
 * | `TotalCost` | the line's printed gross: its net plus its allowances minus its charges (taxmath.md §3.3 component rounding) |
 * | `DiscountsAndRebates` / `Charges` | the line's allowances and charges: reason (`Descuento` / `Cargo` when none), rate when a percentage of the line's gross, printed amount |
 * | `GrossAmount` | the printed line net (`lines[i].net`) |
 * | `TaxesWithheld` | the line's withholding: base the net, its printed share of the group's tax |
 * | `TaxesOutputs` | the line's VAT (and surcharge): base the net, printed shares |
 * | `SpecialTaxableEvent` | exempt (`01`) or not subject (`02`), with the reason (./taxPlan.ts) |
 *
 * The line taxes are the engine's printed per-line amounts, which add up to the group (taxmath.md §3.7);
 * the XSD calls them informative and the rules do not judge them.
 *
 * `TotalCost` agrees with `Quantity × UnitPriceWithoutTax` rounded to the cent (the `facturae.line.total-cost`
 * rule, Orden HAP/1650/2015 annex II rule 6a) for an account that rounds half up or half even; an
 * account that truncates (`rounding_method: truncate`) may print a gross up to a cent below, which
 * Facturae's rule refuses: such a line is refused here (`facturae.write.total-cost`) rather than written
 * broken.
 *
 * @module
 */
import { presentText } from '../../../model/presentText.js';
import { toUnits } from '../../../money/fixedPoint.js';
import type { TotalsLine } from '../../../totals/result.js';
import type { XmlElement } from '../../../xml/write.js';
import { facturaeUnit } from './codes.js';
import type { WriteContext } from './context.js';
import { type LineTaxPlan, specialTaxableEvent } from './taxPlan.js';
import { amountText, negate, plainDecimal, rateText, refuse, SUM_SCALE, sumText, textOf } from './values.js';

/** Half a cent at the scale of `quantity × price` (6 + 8 decimals). */
const HALF_CENT_14 = 5n * 10n ** 11n;

/**
 * `ItemsType`.
 *
 * @example
 * ```ts
 * items(context).InvoiceLine?.[0];
 * // { ItemDescription: 'Consulting', Quantity: '10', UnitPriceWithoutTax: '100', TotalCost: '1000.00', GrossAmount: '1000.00', … }
 * ```
 */
export function items(context: WriteContext): { InvoiceLine: XmlElement[] } {
  const lines: XmlElement[] = [];
  const { totals, taxes } = context;
  for (let index = 0; index < totals.lines.length; index += 1) {
    const printed = totals.lines[index];
    const plan = taxes.lines[index];
    if (printed === undefined || plan === undefined) continue;
    lines.push(invoiceLine(context, index, printed, plan));
  }
  return { InvoiceLine: lines };
}

/** One `InvoiceLineType`. */
function invoiceLine(
  context: WriteContext,
  index: number,
  printed: TotalsLine,
  plan: LineTaxPlan,
): XmlElement {
  const line = context.invoice.lines[index];
  const at = (field: string) => ['lines', index, field];
  const net = printed.net;
  const entries = printed.allowance_charges ?? [];
  const totalCost = sumText(
    [
      net,
      ...entries.map((entry) =>
        entry.allowance_charge_indicator === 'charge' ? negate(entry.amount) : entry.amount,
      ),
    ],
    context.exponent,
  );
  const quantity = plainDecimal(line?.quantity ?? '0', 6) ?? '0';
  const unitPrice = plainDecimal(printed.unit_price ?? line?.price ?? '0', 8) ?? '0';
  if (context.rounding === 'down') checkTotalCost(context, index, quantity, unitPrice, totalCost);
  const discounts = entries.filter((entry) => entry.allowance_charge_indicator === 'allowance');
  const charges = entries.filter((entry) => entry.allowance_charge_indicator === 'charge');
  const adjustment = (entry: (typeof entries)[number], element: 'Discount' | 'Charge'): XmlElement => {
    const position = entries.indexOf(entry);
    const percentage = presentText(entry.percentage);
    const reason =
      textOf(context, entry.reason, [...at('allowance_charges_attributes'), position, 'reason'], {
        max: 2500,
        element: `${element}Reason`,
      }) ?? (element === 'Discount' ? 'Descuento' : 'Cargo');
    const rate =
      percentage !== null && presentText(entry.base_amount) === null
        ? (rateText(percentage, 8) ?? undefined)
        : undefined;
    const amount = amountText(entry.amount);
    // Two literals rather than computed `${element}Reason` keys: a computed key builds the object
    // key by key (a slow, dictionary-like shape) once per adjustment of each of 1,000 lines
    // (issue #22 "Speed"); the elements and their order are the same.
    return element === 'Discount'
      ? { DiscountReason: reason, DiscountRate: rate, DiscountAmount: amount }
      : { ChargeReason: reason, ChargeRate: rate, ChargeAmount: amount };
  };
  const { output, withheld } = plan;
  return {
    ItemDescription: textOf(context, line?.description, at('description'), {
      max: 2500,
      element: 'ItemDescription',
      required: true,
      why: ' on every line (the description of the operation, art. 6.1.f RD 1619/2012)',
    }),
    Quantity: quantity,
    UnitOfMeasure: facturaeUnit(line?.unit),
    UnitPriceWithoutTax: unitPrice,
    TotalCost: amountText(totalCost),
    DiscountsAndRebates:
      discounts.length === 0
        ? undefined
        : { Discount: discounts.map((entry) => adjustment(entry, 'Discount')) },
    Charges:
      charges.length === 0 ? undefined : { Charge: charges.map((entry) => adjustment(entry, 'Charge')) },
    GrossAmount: amountText(net),
    TaxesWithheld:
      withheld === undefined
        ? undefined
        : {
            Tax: {
              TaxTypeCode: withheld.code,
              TaxRate: withheld.rate,
              TaxableBase: { TotalAmount: amountText(net) },
              TaxAmount: lineTax(printed, withheld.group.key),
            },
          },
    TaxesOutputs: {
      Tax: {
        TaxTypeCode: output.code,
        TaxRate: output.rate,
        TaxableBase: { TotalAmount: amountText(net) },
        TaxAmount: lineTax(printed, output.group.key),
        EquivalenceSurcharge: output.surchargeRate,
        EquivalenceSurchargeAmount:
          output.surcharge === undefined ? undefined : lineTax(printed, output.surcharge.key),
      },
    },
    SpecialTaxableEvent: specialTaxableEvent(output),
  };
}

/** A line's printed tax of a group as an `AmountType`, undefined when the engine printed none. */
function lineTax(printed: TotalsLine, key: string): XmlElement | undefined {
  const tax = printed.taxes[key];
  return tax === undefined ? undefined : { TotalAmount: amountText(tax) };
}

/** Refuses a line whose printed gross is more than half a cent from `Quantity × UnitPriceWithoutTax`. */
function checkTotalCost(
  context: WriteContext,
  index: number,
  quantity: string,
  unitPrice: string,
  totalCost: string,
): void {
  const exact = toUnits(quantity, 6) * toUnits(unitPrice, 8);
  const written = toUnits(totalCost, SUM_SCALE) * 10n ** 6n;
  const difference = exact > written ? exact - written : written - exact;
  if (difference <= HALF_CENT_14) return;
  refuse(
    context,
    'facturae.write.total-cost',
    'parameter_invalid',
    ['lines', index, 'quantity'],
    `gives a line gross of ${totalCost} with the account's rounding_method truncate, but Facturae requires TotalCost = Quantity × UnitPriceWithoutTax rounded to the nearest cent (${quantity} × ${unitPrice}; Orden HAP/1650/2015 annex II rule 6a): the invoice cannot be written as Facturae from an account that truncates`,
  );
}
