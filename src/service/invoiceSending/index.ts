/**
 * Sending invoices (issue #23; docs/sending.md): validate, send, import, the delivery log, and the job
 * that delivers. One concept per file in this folder; this assembles them as `fiscalkit.invoiceSending`.
 *
 * @module
 */
import type { Invoice } from '../../model/invoice.js';
import type { InvoiceDelivery } from '../../model/invoiceDelivery.js';
import type { Ports } from '../../ports.js';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { findAll } from '../listAll.js';
import { ownedRecord } from '../tenancy.js';
import { type ImportAnswer, type ImportInput, importInvoice, sendAfterImport } from './importInvoice.js';
import { type SendAnswer, type SendOptions, sendInvoice } from './sendInvoice.js';
import { planSend, type SendValidation } from './sendValidation.js';

export type { ImportAnswer, ImportInput } from './importInvoice.js';
export {
  INVOICE_SEND_JOB,
  INVOICE_SEND_REPAIR_DELAY_MS,
  INVOICE_SEND_REPAIR_JOB,
  type SendAnswer,
  type SendOptions,
} from './sendInvoice.js';
export { invoiceSendHandler } from './sendJob.js';
export { invoiceSendRepairHandler } from './sendRepair.js';
export type { SendValidation, SendValidationError } from './sendValidation.js';

/** The sending use cases. */
export interface InvoiceSendingService {
  /** GET /invoices/{id}/validate: `{valid, errors, warnings, transport_type_code, document_type_code}`. */
  validate(caller: Caller, id: number): Promise<SendValidation>;
  /** POST /invoices/send_invoice/{id}: `{invoice, tax_report_ids}`. */
  send(caller: Caller, id: number, options?: SendOptions): Promise<SendAnswer>;
  /** POST /accounts/{account}/invoices/import. */
  import(caller: Caller, account_id: number, input: ImportInput): Promise<ImportAnswer>;
  /**
   * `send_after_import: true` on POST /accounts/{account}/invoices: sends the invoice just created;
   * a refused send leaves it created and is answered in `send_error`.
   */
  sendCreated(caller: Caller, invoice: Invoice): Promise<ImportAnswer>;
  /** GET /invoices/{id}/deliveries: the invoice's deliveries, oldest first (without stored answers). */
  deliveries(caller: Caller, id: number): Promise<Omit<InvoiceDelivery, 'answer'>[]>;
}

/**
 * The sending service.
 *
 * @example
 * ```ts
 * const sending = createInvoiceSendingService(ports, deps);
 * (await sending.validate(caller, 42)).valid; // true
 * await sending.send(caller, 42); // { invoice: { state: 'sending', … }, tax_report_ids: [] }
 * ```
 */
export function createInvoiceSendingService(ports: Ports, deps: ServiceDeps): InvoiceSendingService {
  return {
    async validate(caller, id) {
      const { value } = await ownedRecord(ports, caller, ports.store.invoices, id, 'invoice');
      return (await planSend(ports, value)).validation;
    },
    send: (caller, id, options) => sendInvoice(ports, deps, caller, id, options),
    import: (caller, account_id, input) => importInvoice(ports, deps, caller, account_id, input),
    sendCreated: (caller, invoice) => sendAfterImport(ports, deps, caller, invoice),
    async deliveries(caller, id) {
      const { value: invoice } = await ownedRecord(ports, caller, ports.store.invoices, id, 'invoice');
      const found = await findAll(ports.store.invoiceDeliveries, invoice.account_id, { invoice_id: id });
      return found.map(({ value: { answer: _answer, ...entry } }) => entry);
    },
  };
}
