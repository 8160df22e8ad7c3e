/**
 * What every e-invoice document of an invoice is written from (issue #22 "Built from a fiscalkit
 * invoice and its account and contact"): the stored invoice, the account that issued it (the seller),
 * the contact it is addressed to (the buyer), and the seller's Peppol participant identifier when the
 * account has a Peppol transport (its `pin_scheme` and `pin_value`, spec §2.8). The amounts of every
 * document are {@link documentTotals}: the totals engine run on the stored invoice with the account's
 * rounding flags (taxmath.md), the same input the invoice's own totals and its tax reports come from.
 *
 * @module
 */

import type { Validated } from '../../errors/validationIssue.js';
import { invoiceTotals, invoiceTotalsInput } from '../../generate/totalsInput.js';
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import type { Invoice } from '../../model/invoice.js';
import type { TotalsResult } from '../../totals/result.js';
import type { En16931Identifier } from './en16931Invoice.js';

/** An invoice with the parties it names: the input of every document writer. */
export interface EInvoiceSource {
  readonly invoice: Invoice;
  /** The issuing account: the seller (the supplier of a received invoice is not written by fiscalkit). */
  readonly account: Account;
  /** The invoice's contact (the buyer), or null when the invoice names none. */
  readonly contact: Contact | null;
  /** The account's Peppol participant (its Peppol transport's `pin_scheme` / `pin_value`), when it has one. */
  readonly seller_endpoint?: En16931Identifier | null | undefined;
}

/**
 * The invoice's currency: its own, else the account's, else EUR (spec §2.4: defaults to the account's).
 *
 * @example
 * ```ts
 * documentCurrency({ invoice: { ...invoice, currency: null }, account: { ...account, currency: 'PLN' }, contact: null }); // 'PLN'
 * ```
 */
export function documentCurrency(source: EInvoiceSource): string {
  return source.invoice.currency ?? source.account.currency ?? 'EUR';
}

/**
 * The totals every document of the invoice prints: the engine on the stored invoice, with the account's
 * flags, and the account's currency as the tax currency when the invoice is in another one and has an
 * `exchange_rate` (EN 16931 BT-6 / BT-111; taxmath.md §3.10 converts each group from its rounded amounts).
 *
 * @example
 * ```ts
 * const totals = documentTotals({ invoice, account, contact });
 * totals.success && totals.data.totals.payable_amount; // '1210.00'
 * ```
 */
export function documentTotals(source: EInvoiceSource): Validated<TotalsResult> {
  const currency = documentCurrency(source);
  const local = source.account.currency ?? currency;
  return invoiceTotals(
    invoiceTotalsInput(source.invoice, source.account, {
      currency,
      local_currency: local,
      type_code: null,
    }),
  );
}
