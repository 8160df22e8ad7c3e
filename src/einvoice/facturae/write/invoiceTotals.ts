/**
 * `InvoiceTotalsType` (Facturae 3.2.2), in its sequence, from the figures read off the totals engine's
 * result (./figures.ts):
 *
 * - `GeneralDiscounts` / `GeneralSurcharges`: the document-level allowances and charges (not the
 *   reimbursable ones), one per entry, with its reason (`Descuento` / `Cargo` when it gives none: the
 *   element is required) and its rate when it is a percentage of the lines' total without a base amount
 *   of its own (the XSD's `DiscountRate` is a percentage of the gross total, `TotalGrossAmount`);
 * - `TotalGeneralDiscounts` / `TotalGeneralSurcharges` written when there are any;
 * - `PaymentsOnAccount` from `payments_on_account`, each with its date (the invoice's issue date when a
 *   payment gives none: `PaymentOnAccountDate` is required); a `prepaid_amount` without the list is one
 *   payment on account of that amount on the issue date;
 * - `ReimbursableExpenses` (suplidos) with their amounts, `TotalReimbursableExpenses` their sum;
 * - no `Subsidies`, `TotalFinancialExpenses`, `AmountsWithheld` or `PaymentInKind`: fiscalkit's invoice
 *   has no such amounts.
 *
 * @module
 */
import { presentText } from '../../../model/presentText.js';
import type { XmlElement } from '../../../xml/write.js';
import type { WriteContext } from './context.js';
import type { GeneralAllowanceCharge } from './figures.js';
import { amountText, plainDecimal, rateText, textOf } from './values.js';

/**
 * `InvoiceTotalsType`.
 *
 * @example
 * ```ts
 * invoiceTotals(context);
 * // { TotalGrossAmount: '1000.00', …, TotalGrossAmountBeforeTaxes: '1000.00', TotalTaxOutputs: '210.00',
 * //   TotalTaxesWithheld: '0.00', InvoiceTotal: '1210.00', …, TotalOutstandingAmount: '1210.00', …, TotalExecutableAmount: '1210.00' }
 * ```
 */
export function invoiceTotals(context: WriteContext): XmlElement {
  const { figures } = context;
  const hasDiscounts = figures.discounts.length > 0;
  const hasCharges = figures.charges.length > 0;
  return {
    TotalGrossAmount: amountText(figures.totalGross),
    GeneralDiscounts: hasDiscounts
      ? { Discount: figures.discounts.map((entry) => general(context, entry, 'Discount')) }
      : undefined,
    GeneralSurcharges: hasCharges
      ? { Charge: figures.charges.map((entry) => general(context, entry, 'Charge')) }
      : undefined,
    TotalGeneralDiscounts: hasDiscounts ? amountText(figures.totalDiscounts) : undefined,
    TotalGeneralSurcharges: hasCharges ? amountText(figures.totalCharges) : undefined,
    TotalGrossAmountBeforeTaxes: amountText(figures.beforeTaxes),
    TotalTaxOutputs: amountText(figures.taxOutputs),
    TotalTaxesWithheld: amountText(figures.withheld),
    InvoiceTotal: amountText(figures.invoiceTotal),
    PaymentsOnAccount: paymentsOnAccount(context),
    ReimbursableExpenses:
      figures.reimbursable.length === 0
        ? undefined
        : {
            ReimbursableExpenses: figures.reimbursable.map((entry) => ({
              ReimbursableExpensesAmount: amountText(entry.amount),
            })),
          },
    TotalOutstandingAmount: amountText(figures.outstanding),
    TotalPaymentsOnAccount: figures.prepaid === undefined ? undefined : amountText(figures.prepaid),
    TotalExecutableAmount: amountText(figures.executable),
    TotalReimbursableExpenses:
      figures.totalReimbursable === undefined ? undefined : amountText(figures.totalReimbursable),
  };
}

/** One `Discount` or `Charge` of the invoice (`DiscountType` / `ChargeType`). */
function general(
  context: WriteContext,
  entry: GeneralAllowanceCharge,
  element: 'Discount' | 'Charge',
): XmlElement {
  const input = context.invoice.allowance_charges_attributes?.[entry.index];
  const percentage = presentText(input?.percentage);
  const rate =
    percentage !== null && presentText(input?.base_amount) === null
      ? (rateText(percentage, 8) ?? undefined)
      : undefined;
  return {
    [`${element}Reason`]:
      textOf(context, entry.reason, ['allowance_charges_attributes', entry.index, 'reason'], {
        max: 2500,
        element: `${element}Reason`,
      }) ?? (element === 'Discount' ? 'Descuento' : 'Cargo'),
    [`${element}Rate`]: rate,
    [`${element}Amount`]: amountText(entry.amount),
  };
}

/** `PaymentsOnAccountType` (module comment), undefined without a prepaid amount. */
function paymentsOnAccount(context: WriteContext): XmlElement | undefined {
  const { figures, invoice } = context;
  if (figures.prepaid === undefined) return undefined;
  const payments = invoice.payments_on_account ?? [];
  if (payments.length === 0)
    return {
      PaymentOnAccount: [
        { PaymentOnAccountDate: invoice.date, PaymentOnAccountAmount: amountText(figures.prepaid) },
      ],
    };
  return {
    PaymentOnAccount: payments.map((payment) => ({
      PaymentOnAccountDate: payment.date ?? invoice.date,
      // A payment may have up to 4 decimals (the model's bound): written as given, with at least two.
      PaymentOnAccountAmount: amountText(plainDecimal(payment.amount, 4) ?? payment.amount),
    })),
  };
}
