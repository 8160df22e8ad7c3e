/**
 * POST /accounts/{account}/invoices: a new invoice in state `new`. {@link createInvoice} is the
 * pipeline; its steps are the functions below and the ones it shares with the update
 * (`finishInvoice`, invoiceNumbering.ts).
 *
 * @module
 */
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import type { Account } from '../model/account.js';
import { instantFromMillis } from '../model/instant.js';
import type { Invoice, InvoiceUpdate } from '../model/invoice.js';
import type { Ports } from '../ports.js';
import { validateInvoice } from '../rules/invoice.js';
import type { Caller } from './caller.js';
import { recordContactCreated, recordInvoiceEvent } from './invoiceAnswer.js';
import {
  discardCreatedContact,
  type ResolvedCounterparty,
  resolveCounterparty,
} from './invoiceCounterparty.js';
import { mergeLines, mergeReferences, sentFields } from './invoiceDraft.js';
import { finishInvoice } from './invoiceFinish.js';
import { insertNumbered, numberFinder, refuseTakenNumber, seriesOf } from './invoiceNumbering.js';
import type { StoredInvoice } from './invoiceRewrite.js';
import { activeAccount } from './tenancy.js';

/**
 * POST /accounts/{account}/invoices: the invoice as created, answered. A contact this request
 * created for an invoice it did not store is taken back.
 *
 * @example
 * ```ts
 * const invoice = await createInvoice(ports, caller, 1, { number: 'F-1', date: '2026-04-20', contact_id: 7, invoice_lines_attributes: [...] });
 * invoice.state; // 'new'
 * ```
 */
export async function createInvoice(
  ports: Ports,
  caller: Caller,
  account_id: number,
  body: unknown,
): Promise<Invoice> {
  // An archived (deleted, spec §4.4) account keeps its invoices readable but takes no new ones.
  const { value: account } = await activeAccount(ports, caller, account_id);
  const request = await validatedCreate(ports, caller, account_id, body);
  const { draft, line_params } = await newDraft(ports, account, account_id, request);
  let party: ResolvedCounterparty | null = null;
  try {
    const { invoice } = await finishInvoice(draft, account, {
      total_amount_due: request.total_amount_due ?? null,
      line_params,
      counterparty: async () => {
        party = await resolveCounterparty(
          ports,
          account,
          { type: draft.type, contact_id: request.contact_id, contact: request.contact },
          caller.api_version,
        );
        return party;
      },
    });
    // validateInvoice checked the number with the request's contact_id; the supplier of a
    // received invoice sent as an inline contact is known only now.
    if (invoice.type === 'ReceivedInvoice') await refuseTakenNumber(ports, invoice, null);
    const stored = await insertNumbered(ports, invoice);
    await recordContactCreated(ports, party);
    await recordInvoiceEvent(ports, stored, 'created');
    // A new invoice has no tax report yet.
    return { ...stored, tax_report_ids: [] };
  } catch (error) {
    await discardCreatedContact(ports, party);
    throw error;
  }
}

/** The request as a new invoice of the account, judged by the rules (422 when refused). */
async function validatedCreate(
  ports: Ports,
  caller: Caller,
  account_id: number,
  body: unknown,
): Promise<InvoiceUpdate> {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const series = seriesOf(raw.series_code);
  const checked = await validateInvoice(body, {
    version: caller.api_version,
    operation: 'create',
    account_id,
    findInvoiceByNumber: numberFinder(ports.store.invoices, series, null),
  });
  if (!checked.success) throw apiErrorFromIssues(checked.issues);
  return checked.data;
}

/** The new invoice the request describes, before its amounts and counterparty (`finishInvoice`). */
async function newDraft(
  ports: Ports,
  account: Account,
  account_id: number,
  request: InvoiceUpdate,
): Promise<{ draft: StoredInvoice; line_params: (string | null)[] }> {
  // The invoice's id and its lines' and references' ids asked together: a database-backed id
  // generator serves them in one round trip (postgresIds).
  const [id, { lines, line_params }, invoice_references] = await Promise.all([
    ports.ids.next('invoice'),
    mergeLines(ports.ids, request.invoice_lines_attributes, [], 'replace'),
    mergeReferences(ports.ids, request.invoice_references, []),
  ]);
  const draft = {
    ...(sentFields(request) as Partial<Invoice>),
    id,
    account_id,
    type: request.type ?? 'IssuedInvoice',
    state: 'new',
    number: request.number ?? '',
    date: request.date ?? '',
    currency: request.currency ?? account.currency ?? 'EUR',
    is_credit_note: request.is_credit_note ?? false,
    apply_to_local_government_unit: request.apply_to_local_government_unit ?? false,
    apply_to_vat_group_member: request.apply_to_vat_group_member ?? false,
    contact_id: null,
    contact: null,
    contact_iban: null,
    contact_bic: null,
    lines,
    invoice_references,
    total: '0',
    payable_amount: '0',
    taxes: [],
    tax_report_ids: [],
    remittance_reference: null,
    state_reason: null,
    ack: false,
    acknowledged_at: null,
    attachments: [],
    // When it was last written (internal, not returned): the list filter `updated_at` (issue #19).
    updated_at: instantFromMillis(ports.clock.now()),
  } satisfies StoredInvoice;
  return { draft, line_params };
}
