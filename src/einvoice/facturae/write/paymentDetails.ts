import { presentText } from '../../../model/presentText.js';
import type { XmlElement } from '../../../xml/write.js';
import { KNOWN_PAYMENT_METHODS, paymentMeansCode } from './codes.js';
import type { WriteContext } from './context.js';
import { amountText, refuse, textOf } from './values.js';

/**
 * `PaymentDetails` (`InstallmentsType`): one `Installment` — fiscalkit's invoice has one due date — for
 * the amount payable (`TotalExecutableAmount`), written when the invoice says anything about payment
 * (a due date, a payment method or a bank account), else left out:
 *
 * - `InstallmentDueDate`: `due_date`, else the issue date (payable on receipt);
 * - `PaymentMeans`: `payment_method` (./codes.ts `paymentMeansCode`: `transfer` `04`, `direct_debit`
 *   `02`, `cash` `01`, `card` `19`, `cheque` `11`, a UNTDID 4461 or a Facturae code), else `04` credit
 *   transfer, what FACe's suppliers are paid by; an unknown method is refused (`facturae.write.payment-means`);
 * - `AccountToBeCredited`: the invoice's `bank_account` (IBAN without spaces, BIC padded to the eleven
 *   characters of `BICType` with `XXX`, the head office), except for a direct debit, whose
 *   `AccountToBeDebited` is the buyer's (`contact_iban`, else the contact's bank account);
 * - `PaymentReconciliationReference`: the `remittance_reference` (the Belgian OGM of `auto_remittance`).
 *
 * @example
 * ```ts
 * paymentDetails(context);
 * // { Installment: { InstallmentDueDate: '2026-05-20', InstallmentAmount: '1210.00', PaymentMeans: '04',
 * //   AccountToBeCredited: { IBAN: 'ES9121000418450200051332', BIC: 'CAIXESBBXXX' }, … } }
 * ```
 */
export function paymentDetails(context: WriteContext): XmlElement | undefined {
  const { invoice, contact } = context;
  const method = presentText(invoice.payment_method);
  const iban = presentText(invoice.bank_account?.iban);
  if (invoice.due_date === null || invoice.due_date === undefined) {
    if (method === null && iban === null) return undefined;
  }
  const means = method === null ? '04' : paymentMeansCode(method);
  if (means === null)
    return refuse(
      context,
      'facturae.write.payment-means',
      'parameter_invalid',
      ['payment_method'],
      `is ${JSON.stringify(method)}, which has no Facturae PaymentMeans: use ${KNOWN_PAYMENT_METHODS}`,
    );
  const debit = means === '02';
  const debited = presentText(invoice.contact_iban) ?? presentText(contact.bank_account?.iban);
  return {
    Installment: {
      InstallmentDueDate: invoice.due_date ?? invoice.date,
      InstallmentAmount: amountText(context.figures.executable),
      PaymentMeans: means,
      AccountToBeCredited:
        debit || iban === null
          ? undefined
          : account(context, iban, invoice.bank_account?.bic, {
              iban: ['bank_account', 'iban'],
              bic: ['bank_account', 'bic'],
            }),
      PaymentReconciliationReference: textOf(
        context,
        invoice.remittance_reference,
        ['remittance_reference'],
        {
          max: 60,
          element: 'PaymentReconciliationReference',
        },
      ),
      AccountToBeDebited:
        debit && debited !== null
          ? account(context, debited, invoice.contact_bic ?? contact.bank_account?.bic, {
              iban: ['contact_iban'],
              bic: ['contact_bic'],
            })
          : undefined,
    },
  };
}

/** `AccountType` with an IBAN (and a BIC when given), each refused at its own field. */
function account(
  context: WriteContext,
  iban: string,
  bic: string | null | undefined,
  at: { readonly iban: readonly string[]; readonly bic: readonly string[] },
): XmlElement {
  const compactBic = presentText(bic)?.replace(/\s+/g, '').toUpperCase() ?? null;
  let written: string | undefined;
  if (compactBic !== null) {
    if (compactBic.length === 8) written = `${compactBic}XXX`;
    else if (compactBic.length === 11) written = compactBic;
    else
      refuse(
        context,
        'facturae.write.bic',
        'parameter_invalid',
        at.bic,
        `is ${JSON.stringify(compactBic)}; Facturae 3.2.2 writes a BIC of eleven characters (BICType): give its 8 or 11 characters`,
      );
  }
  return {
    IBAN: textOf(context, iban.replace(/\s+/g, '').toUpperCase(), at.iban, {
      max: 34,
      min: 5,
      element: 'IBAN',
    }),
    BIC: written,
  };
}
