/**
 * The last step before an invoice is stored, shared by create and update: its amounts, its
 * counterparty and its remittance reference, all derived from the draft the request made.
 *
 * @module
 */
import type { Account } from '../model/account.js';
import { autoRemittanceReference } from '../rules/autoRemittance.js';
import { prepaidOfPayments } from '../rules/paymentsOnAccount.js';
import { AMOUNT_DUE_TYPE_CODES } from '../totals/validateTotalsInput.js';
import { invoiceAmounts } from './invoiceAmounts.js';
import type { ResolvedCounterparty } from './invoiceCounterparty.js';
import type { StoredInvoice } from './invoiceRewrite.js';

/**
 * The `total_amount_due` an invoice of `type_code` keeps: the advance amount of an advance invoice
 * (spec §2.4, write-only; `AMOUNT_DUE_TYPE_CODES`), none for any other.
 *
 * @example
 * ```ts
 * advanceAmountDue('ZAL', '500.00'); // '500.00'
 * advanceAmountDue('VAT', '500.00'); // null
 * ```
 */
export function advanceAmountDue(
  type_code: string | null | undefined,
  total_amount_due: string | null,
): string | null {
  return AMOUNT_DUE_TYPE_CODES.includes(type_code ?? '') ? total_amount_due : null;
}

/** What {@link finishInvoice} needs beside the draft and its account. */
export interface FinishContext {
  /** The advance amount the invoice is to keep (sent, or kept from the stored invoice). */
  total_amount_due: string | null;
  /** Where each line came from in the request (`MergedLines.line_params`). */
  line_params: readonly (string | null)[];
  /** Resolves the counterparty the request sent; null when it sent none (the draft's stays). */
  counterparty: (() => Promise<ResolvedCounterparty>) | null;
}

/**
 * The amounts, the counterparty and the remittance reference of an invoice about to be stored.
 * The counterparty is resolved last: it may create a contact, which must not happen for an invoice
 * the totals engine then refuses.
 *
 * @example
 * ```ts
 * const { invoice, party } = await finishInvoice(draft, account, {
 *   total_amount_due: null,
 *   line_params: ['invoice_lines_attributes[0]'],
 *   counterparty: null,
 * });
 * ```
 */
export async function finishInvoice(
  draft: StoredInvoice,
  account: Account,
  context: FinishContext,
): Promise<{ invoice: StoredInvoice; party: ResolvedCounterparty | null }> {
  const amountDue = advanceAmountDue(draft.type_code, context.total_amount_due);
  // Issue #19: the payments on account are the advances received; their sum is the prepaid amount
  // (BT-113). The rules refused a prepaid_amount sent with another value (`paymentsOnAccountIssues`).
  const prepaid = prepaidOfPayments(draft.payments_on_account);
  if (prepaid !== null) draft.prepaid_amount = prepaid;
  const amounts = invoiceAmounts(draft, account, {
    total_amount_due: amountDue,
    line_params: context.line_params,
  });
  const party = context.counterparty === null ? null : await context.counterparty();
  const invoice: StoredInvoice = { ...draft, ...amounts, total_amount_due: amountDue };
  if (party !== null) {
    invoice.contact_id = party.contact_id;
    invoice.contact = party.contact;
    invoice.contact_iban = party.contact_iban;
    invoice.contact_bic = party.contact_bic;
  }
  // Spec §2.2 `auto_remittance`: recomputed on every write, as the number or the contact may change.
  invoice.remittance_reference = autoRemittanceReference({
    auto_remittance: account.auto_remittance,
    account_country: account.country,
    contact_country: invoice.contact?.country ?? null,
    number: invoice.number,
    id: invoice.id,
  });
  return { invoice, party };
}
