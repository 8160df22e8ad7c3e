import type { InvoiceType } from '../codelists/invoiceTypes.js';
import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/**
 * What makes an invoice number unique (spec §7.2 `parameter_taken`, "e.g. invoice number"). The spec
 * says "unique per account" without the details, so fiscalkit decides: issued documents are unique
 * per account and document class (`type`), because each class is its own numbering series (KSeF
 * likewise rejects duplicates per seller and invoice kind, ksef-fa3.md §6.4); received invoices are
 * numbered by their suppliers, so they are unique per account, class and supplier (`contact_id`).
 */
export interface InvoiceNumberKey {
  account_id: number;
  type: InvoiceType;
  number: string;
  /** The supplier, for `ReceivedInvoice` only; null for issued documents. */
  contact_id: number | null;
}

/** Finds the id of the invoice holding `key`, or null; synchronous or not, as the storage port is. */
export type FindInvoiceByNumber = (key: InvoiceNumberKey) => number | null | Promise<number | null>;

/**
 * `parameter_taken` at `number` when another invoice of the account already holds the number (see
 * {@link InvoiceNumberKey}). The lookup is passed in, so the rule itself stays pure; the invoice being
 * updated (`stored_id`) does not collide with itself.
 *
 * @example
 * ```ts
 * await invoiceNumberTakenIssues(
 *   { type: 'IssuedInvoice', number: 'F-1', contact_id: null },
 *   { account_id: 1, stored_id: null, findInvoiceByNumber: () => 42 },
 * ); // [{ rule: 'spec.7.2.invoice-number-taken', code: 'parameter_taken', param: 'number', … }]
 * ```
 */
export async function invoiceNumberTakenIssues(
  invoice: { type: InvoiceType; number: string | null | undefined; contact_id?: number | null | undefined },
  context: {
    account_id: number;
    stored_id?: number | null | undefined;
    findInvoiceByNumber: FindInvoiceByNumber;
  },
): Promise<ValidationIssue[]> {
  if (!isPresent(invoice.number)) return [];
  const key: InvoiceNumberKey = {
    account_id: context.account_id,
    type: invoice.type,
    number: invoice.number ?? '',
    contact_id: invoice.type === 'ReceivedInvoice' ? (invoice.contact_id ?? null) : null,
  };
  const holder = await context.findInvoiceByNumber(key);
  if (holder === null || holder === (context.stored_id ?? null)) return [];
  return [
    issueAt(
      'spec.7.2.invoice-number-taken',
      'parameter_taken',
      ['number'],
      `is already used by another ${invoice.type} of this account`,
    ),
  ];
}
