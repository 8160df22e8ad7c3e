/**
 * What the Facturae section builders share (issue #22 "Facturae 3.2.2"): the invoice with its parties
 * and totals, the tax plan, the figures, and one list of issues. Every builder writes its section from
 * these in schema order and records, rather than throws, what Facturae cannot carry (./values.ts
 * `refuse`, `textOf`); `writeFacturae` answers those issues and no document when there are any.
 *
 * @module
 */
import type { ValidationIssue } from '../../../errors/validationIssue.js';
import type { Account } from '../../../model/account.js';
import type { Contact } from '../../../model/contact.js';
import type { Invoice } from '../../../model/invoice.js';
import type { RoundingMethod } from '../../../money/roundingMethod.js';
import type { TotalsResult } from '../../../totals/result.js';
import type { EInvoiceSource } from '../../semantic/source.js';
import type { FacturaeFigures } from './figures.js';
import type { TaxPlan } from './taxPlan.js';

/** What every section builder reads, and where it records what Facturae cannot carry. */
export interface WriteContext {
  readonly source: EInvoiceSource;
  readonly invoice: Invoice;
  readonly account: Account;
  /** The buyer's contact (present: {@link writeFacturae} refuses an invoice without one first). */
  readonly contact: Contact;
  /** The totals engine's result on the stored invoice (`documentTotals`). */
  readonly totals: TotalsResult;
  /** The invoice currency (`InvoiceCurrencyCode`). */
  readonly currency: string;
  /** Its ISO 4217 exponent: the decimals of every amount of the result. */
  readonly exponent: number;
  /** The account's rounding method as the engine reads it (for the EUR equivalents). */
  readonly rounding: RoundingMethod;
  /** How the result's tax groups become Facturae taxes. */
  readonly taxes: TaxPlan;
  /** The invoice-level amounts, read off the result. */
  readonly figures: FacturaeFigures;
  /** What Facturae cannot carry, in document order. */
  readonly issues: ValidationIssue[];
}
