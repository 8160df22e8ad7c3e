/**
 * The amounts of a Facturae document, read off the totals engine's result (issue #22: "amounts come
 * ONLY from its TotalsResult"; taxmath.md §3.6, docs/totals.md §3.3):
 *
 * | Facturae | result |
 * |---|---|
 * | `InvoiceLine/GrossAmount` | `lines[i].net` |
 * | `InvoiceLine/TotalCost` | `net + Σ line allowances − Σ line charges` (the printed parts: taxmath.md §3.3 component rounding makes `R(gross) = net + Σ R(allowances) − Σ R(charges)`) |
 * | `TotalGrossAmount` | `subtotal` (BT-106, Σ line nets) |
 * | `GeneralDiscounts` / `GeneralSurcharges` | `allowance_charges`, the pieces of one entry summed |
 * | `TotalGeneralDiscounts` / `TotalGeneralSurcharges` | `allowance_total_amount` / `charge_total_amount` |
 * | `TotalGrossAmountBeforeTaxes` | `tax_exclusive_amount` (BT-109) |
 * | `TotalTaxOutputs`, `TotalTaxesWithheld`, `InvoiceTotal` | `tax_outputs`, `withheld`, `total` |
 * | `TotalPaymentsOnAccount` | `prepaid_amount` (BT-113) |
 * | `TotalOutstandingAmount` | `total − prepaid_amount` |
 * | `TotalReimbursableExpenses` | `reimbursable_expenses_amount` (suplidos) |
 * | `TotalExecutableAmount`, `InstallmentAmount` | `payable_amount` (BT-115) |
 *
 * so that every relation of the Facturae rules (`facturae.*`, src/einvoice/facturae/rules.ts) holds
 * exactly: each written total is the sum or difference of the written parts it is judged against.
 *
 * In a foreign currency the tax bases, taxes and the batch totals also carry `EquivalentInEuros` (the
 * XSD's `InvoiceCurrencyCode` annotation, art. 10.1 of the invoicing regulation): the result's `local`
 * groups (taxmath.md §3.10: each group converted from its rounded amount at `exchange_rate`, EUR per unit
 * of the invoice currency), and the batch totals as sums of those converted parts.
 *
 * @module
 */
import { formatUnits, toUnits } from '../../../money/fixedPoint.js';
import type { RoundingMethod } from '../../../money/roundingMethod.js';
import { convertUnits } from '../../../totals/exchange.js';
import type { TotalsAllowanceCharge, TotalsResult } from '../../../totals/result.js';
import { RATE_DECIMALS } from '../../../totals/scales.js';
import { differenceText, isZero, negate, sumText } from './values.js';

/** One `GeneralDiscounts/Discount` or `GeneralSurcharges/Charge`: one input entry, its pieces summed. */
export interface GeneralAllowanceCharge {
  /** The entry's position in `allowance_charges_attributes`. */
  readonly index: number;
  readonly charge: boolean;
  readonly amount: string;
  readonly reason: string | undefined;
}

/** The EUR equivalents of the batch totals (`EquivalentInEuros`), when the invoice is in another currency. */
export interface EuroTotals {
  readonly invoiceTotal: string;
  readonly outstanding: string;
  readonly executable: string;
  /** Each group's converted base and tax, by key. */
  readonly groups: ReadonlyMap<string, { readonly base: string; readonly tax: string }>;
  /** An amount of the invoice currency converted on its own (the part of a group split by surcharge). */
  readonly convert: (amount: string) => string;
}

/** The invoice-level figures of a Facturae document. */
export interface FacturaeFigures {
  readonly totalGross: string;
  readonly discounts: readonly GeneralAllowanceCharge[];
  readonly charges: readonly GeneralAllowanceCharge[];
  /** The reimbursable expenses (suplidos), each input entry's amount. */
  readonly reimbursable: readonly GeneralAllowanceCharge[];
  readonly totalDiscounts: string;
  readonly totalCharges: string;
  readonly beforeTaxes: string;
  readonly taxOutputs: string;
  readonly withheld: string;
  readonly invoiceTotal: string;
  /** `prepaid_amount`, when the invoice has one that is not 0. */
  readonly prepaid: string | undefined;
  readonly outstanding: string;
  /** `reimbursable_expenses_amount`, when the invoice has suplidos. */
  readonly totalReimbursable: string | undefined;
  readonly executable: string;
  readonly euros: EuroTotals | undefined;
}

/** Sums the pieces of each entry (a spread entry has one per tax set, docs/totals.md §2.3). */
function entries(pieces: readonly TotalsAllowanceCharge[], exponent: number): GeneralAllowanceCharge[] {
  const byIndex = new Map<number, { first: TotalsAllowanceCharge; amounts: string[] }>();
  for (const piece of pieces) {
    const entry = byIndex.get(piece.index);
    if (entry === undefined) byIndex.set(piece.index, { first: piece, amounts: [piece.amount] });
    else entry.amounts.push(piece.amount);
  }
  return [...byIndex.values()].map(({ first, amounts }) => ({
    index: first.index,
    charge: first.allowance_charge_indicator === 'charge',
    amount: sumText(amounts, exponent),
    reason: first.reason,
  }));
}

/**
 * The figures of {@link FacturaeFigures} from the result. `exchange` is given when the invoice is in
 * another currency than EUR and the result has the local (EUR) view.
 *
 * @example
 * ```ts
 * const figures = facturaeFigures(totals, 2, undefined);
 * figures.invoiceTotal; // '1210.00'
 * figures.outstanding; // '1210.00'
 * ```
 */
export function facturaeFigures(
  totals: TotalsResult,
  exponent: number,
  exchange: { readonly rate: string; readonly rounding: RoundingMethod } | undefined,
): FacturaeFigures {
  const t = totals.totals;
  const pieces = totals.allowance_charges ?? [];
  const all = entries(pieces, exponent);
  const prepaid = t.prepaid_amount === undefined || isZero(t.prepaid_amount) ? undefined : t.prepaid_amount;
  const outstanding = prepaid === undefined ? t.total : differenceText(t.total, prepaid, exponent);
  const zero = formatUnits(0n, exponent);
  const figures: Omit<FacturaeFigures, 'euros'> = {
    totalGross: t.subtotal ?? t.net_total,
    discounts: all.filter((entry) => !entry.charge),
    charges: all.filter(
      (entry) =>
        entry.charge && !pieces.some((piece) => piece.index === entry.index && piece.is_reimbursable_expense),
    ),
    reimbursable: all.filter((entry) =>
      pieces.some((piece) => piece.index === entry.index && piece.is_reimbursable_expense === true),
    ),
    totalDiscounts: t.allowance_total_amount ?? zero,
    totalCharges: t.charge_total_amount ?? zero,
    beforeTaxes: t.tax_exclusive_amount ?? t.net_total,
    taxOutputs: t.tax_outputs,
    withheld: t.withheld,
    invoiceTotal: t.total,
    prepaid,
    outstanding,
    totalReimbursable:
      t.reimbursable_expenses_amount === undefined || isZero(t.reimbursable_expenses_amount)
        ? undefined
        : t.reimbursable_expenses_amount,
    executable: t.payable_amount,
  };
  const local = totals.local;
  if (exchange === undefined || local === undefined) return { ...figures, euros: undefined };
  const rate = toUnits(exchange.rate, RATE_DECIMALS);
  const toEuros = (amount: string) =>
    formatUnits(convertUnits(toUnits(amount, exponent), exponent, rate, 2, exchange.rounding), 2);
  const groups = new Map(local.groups.map((group) => [group.key, { base: group.base, tax: group.tax }]));
  // The batch totals in EUR as sums of the converted parts, like the taxes they are made of.
  const vatBases = totals.groups
    .filter((group) => group.kind === 'vat')
    .map((group) => groups.get(group.key)?.base ?? '0');
  const invoiceTotal = sumText([...vatBases, local.tax_outputs, negate(local.withheld)], 2);
  const outstandingEuros =
    prepaid === undefined ? invoiceTotal : differenceText(invoiceTotal, toEuros(prepaid), 2);
  const executable =
    figures.totalReimbursable === undefined
      ? outstandingEuros
      : sumText([outstandingEuros, toEuros(figures.totalReimbursable)], 2);
  return {
    ...figures,
    euros: { invoiceTotal, outstanding: outstandingEuros, executable, groups, convert: toEuros },
  };
}
