/**
 * The invoice use cases (spec §2.4, §2.5, §2.6, §4.6): {@link createInvoiceService} assembles them
 * from the files of the invoice group, one concept each (docs/services.md): invoiceCreate.ts,
 * invoiceUpdate.ts (PUT, PATCH), invoiceLifecycle.ts (`mark_as`, `ack`, DELETE),
 * invoiceAttachmentFiles.ts, and the steps they share (invoiceRewrite.ts, invoiceFinish.ts,
 * invoiceNumbering.ts, invoiceAnswer.ts).
 *
 * @module
 */
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import type { Invoice } from '../model/invoice.js';
import type { Ports, StoredBlob } from '../ports.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { answeredInvoice } from './invoiceAnswer.js';
import { addInvoiceAttachments, invoiceAttachmentFile } from './invoiceAttachmentFiles.js';
import type { AttachmentUpload } from './invoiceAttachments.js';
import { createInvoice } from './invoiceCreate.js';
import { acknowledgeInvoice, markInvoiceAs, removeInvoice } from './invoiceLifecycle.js';
import { invoiceListQuery } from './invoiceListQuery.js';
import { updateInvoice } from './invoiceUpdate.js';
import { ownedRecord, requireOwnedAccount } from './tenancy.js';

export { DELETABLE_INVOICE_STATES } from './invoiceLifecycle.js';
export { EDITABLE_INVOICE_STATES } from './invoiceUpdate.js';

/** A page of invoices with the query's paging, for the list response's `meta` (spec §2.1). */
export interface InvoicePage {
  items: Invoice[];
  total_count: number;
  offset: number;
  limit: number;
}

/**
 * The invoice use cases (spec §2.4, §2.5, §2.6, §4.6). Every method takes the caller first (its
 * group owns the accounts it reaches; its version decides the version-dependent rules). Bodies are
 * the inner object of `{"invoice": …}` already in the newest version's shape (the HTTP binding
 * upgrades them).
 */
export interface InvoiceService {
  /**
   * GET /accounts/{account}/invoices: query `type` (default `IssuedInvoice`, spec §2.4 rule 4,
   * api-notes.md §7), `ack`, `number`, `date_from` / `date_to`, `due_date_from` / `due_date_to`,
   * `updated_at`, `contact_id`, the customer's TIN and CIN (`query`, or `taxcode` before
   * v2026-03-02), the state flags, `offset`, `limit` (`invoiceListQuery`, issue #19); any other
   * parameter is 400 `invalid_request_params`.
   */
  list(caller: Caller, account_id: number, query: Record<string, unknown>): Promise<InvoicePage>;
  /** POST /accounts/{account}/invoices: a new invoice in state `new`. */
  create(caller: Caller, account_id: number, body: unknown): Promise<Invoice>;
  /** GET /invoices/{id}. */
  get(caller: Caller, id: number): Promise<Invoice>;
  /**
   * PUT /invoices/{id}: the same partial update as {@link InvoiceService.update} (issue #19: PUT is a
   * partial update on every resource, as on the real service, a Rails API whose official client sends
   * `PUT {invoice: {extra_info: …}}`). Kept as its own use case so that the binding's PUT says what it
   * is.
   */
  replace(caller: Caller, id: number, body: unknown): Promise<Invoice>;
  /**
   * PATCH (and PUT) /invoices/{id}: the sent fields only, merged over the stored invoice and judged
   * as the invoice they make; lines and references edited by `id` (`{id, _destroy: true}` deletes).
   */
  update(caller: Caller, id: number, body: unknown): Promise<Invoice>;
  /** DELETE /invoices/{id}: removes a `new`, `error` or `sent` invoice that was never delivered (docs/sending.md), answering it as it was. */
  remove(caller: Caller, id: number): Promise<Invoice>;
  /** POST /invoices/{id}/mark_as, body `{state, reason?, commit?}`. */
  markAs(caller: Caller, id: number, body: unknown): Promise<Invoice>;
  /** POST /invoices/{id}/ack: marks the invoice acknowledged (`ack: true`). */
  ack(caller: Caller, id: number): Promise<Invoice>;
  /** POST /invoices/{id}/add_attachment(s): stores the files in the blob port and lists them. */
  addAttachments(caller: Caller, id: number, uploads: readonly AttachmentUpload[]): Promise<Invoice>;
  /** One attachment's file (GET /invoices/{id}/attachments/{attachment_id}, fiscalkit's). */
  attachment(caller: Caller, id: number, attachment_id: number): Promise<StoredBlob>;
}

/**
 * The invoice service.
 *
 * What it decides where the spec is silent (each also beside its code): the invoice number is unique
 * per account, document class and series (per supplier for received invoices, the supplier as
 * resolved from an inline contact too), settled after every write that stores a number
 * (`NumberClaim`) so that two concurrent creates or updates of one number cannot both succeed; an
 * inline contact is linked to the account's contact with the same TIN (or CIN) or creates it, once
 * under concurrent requests, and a refused request takes back the contact it created
 * (`resolveCounterparty`, `discardCreatedContact`); content changes only while `new` or `error`
 * ({@link EDITABLE_INVOICE_STATES}) and deletion only while `new`, `error` or `sent` and never delivered, and neither while a tax report
 * that is not annulled was generated from the invoice (`refuseIfReported`); PUT and PATCH are
 * the same partial update (issue #19): the fields sent are merged over the stored invoice (`null`
 * clears one), lines and references are edited by `id`, and the rules judge the merged invoice, so
 * a client of an older version can never wipe fields its version does not show (`third_party`,
 * `exchange_rate`, …); every write stamps the stored, internal `updated_at` the list filter reads;
 * `ack` is idempotent and keeps the first `acknowledged_at`; a repeated `mark_as` to the current
 * state changes nothing and fires no event.
 *
 * @example
 * ```ts
 * const invoices = createInvoiceService(ports, deps);
 * const invoice = await invoices.create(caller, 1, { number: 'F-1', date: '2026-04-20', contact_id: 7, invoice_lines_attributes: [...] });
 * await invoices.markAs(caller, invoice.id, { state: 'sent' }); // publishes issued_invoice.state_change
 * ```
 */
export function createInvoiceService(ports: Ports, deps: ServiceDeps): InvoiceService {
  return {
    async list(caller, account_id, query) {
      await requireOwnedAccount(ports, caller, account_id);
      // Paging and the filters of the caller's version (spec §9; issue #19: `invoiceListQuery`).
      const parsed = invoiceListQuery(caller.api_version, query);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      const { conditions, offset, limit } = parsed.data;
      const found = await ports.store.invoices.search(account_id, conditions, { offset, limit });
      return {
        items: await Promise.all(found.items.map((item) => answeredInvoice(ports, item.value))),
        total_count: found.total_count,
        offset,
        limit,
      };
    },
    create: (caller, account_id, body) => createInvoice(ports, caller, account_id, body),
    async get(caller, id) {
      return answeredInvoice(
        ports,
        (await ownedRecord(ports, caller, ports.store.invoices, id, 'invoice')).value,
      );
    },
    replace: (caller, id, body) => updateInvoice(ports, caller, id, body),
    update: (caller, id, body) => updateInvoice(ports, caller, id, body),
    remove: (caller, id) => removeInvoice(ports, caller, id),
    markAs: (caller, id, body) => markInvoiceAs(ports, deps, caller, id, body),
    ack: (caller, id) => acknowledgeInvoice(ports, caller, id),
    addAttachments: (caller, id, uploads) => addInvoiceAttachments(ports, caller, id, uploads),
    attachment: (caller, id, attachment_id) => invoiceAttachmentFile(ports, caller, id, attachment_id),
  };
}
