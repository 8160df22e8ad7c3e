/**
 * PUT and PATCH /invoices/{id} (issue #19: the same partial update): the request is parsed as an
 * update, merged over the stored invoice, and the rules judge the merged invoice. {@link updateInvoice}
 * is the pipeline; each step is a function of its own below.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import type { Account } from '../model/account.js';
import type { Invoice, InvoiceUpdate } from '../model/invoice.js';
import type { Ports } from '../ports.js';
import { validateInvoice } from '../rules/invoice.js';
import { effectiveContactId } from '../versions/protocol.js';
import type { Caller } from './caller.js';
import { answeredInvoice, recordContactCreated, recordInvoiceEvent } from './invoiceAnswer.js';
import {
  discardCreatedContact,
  type ResolvedCounterparty,
  resolveCounterparty,
} from './invoiceCounterparty.js';
import { mergeLines, mergeReferences, sentFields } from './invoiceDraft.js';
import { finishInvoice } from './invoiceFinish.js';
import {
  claimChangedNumber,
  type NumberChange,
  numberFinder,
  seriesOf,
  settleChangedNumber,
} from './invoiceNumbering.js';
import { rewriteInvoice, type StoredInvoice } from './invoiceRewrite.js';
import { refuseIfReported } from './invoiceTaxReportGuard.js';
import { resourceMissing, storedAccount } from './tenancy.js';

/**
 * The states in which an invoice's content may still change (PUT, PATCH): a draft (`new`) and one
 * whose sending failed (`error`, to be fixed and sent again). The spec is silent; fiscalkit decides,
 * because an invoice the customer received, accepted or paid, or the tax authority registered, is a
 * legal document: it is corrected by a corrective invoice (`invoice_references` `amend`, spec §2.6),
 * not by editing it. An invoice sent by mistake can be marked `new` again first (`mark_as`, while
 * nobody accepted, registered or paid it).
 */
export const EDITABLE_INVOICE_STATES: readonly string[] = ['new', 'error'];

/** What the last attempt of the read-modify-write decided (a lost race re-reads and decides again). */
interface UpdateAttempt {
  /** The counterparty the request resolved: a contact it created is this request's. */
  party: ResolvedCounterparty | null;
  /** The number the attempt moved the invoice to, while it settles. */
  number: NumberChange | null;
}

/** Resolves the counterparty a request sent, for the account and stored invoice of the attempt. */
type CounterpartyOf = (
  account: Account,
  stored: Invoice,
  request: InvoiceUpdate,
) => Promise<ResolvedCounterparty>;

/**
 * PUT and PATCH /invoices/{id}: the invoice as the update leaves it, answered. Every step runs again
 * when a concurrent write wins the race (`rewriteInvoice`), except the counterparty's resolution
 * (once per request); a refused request takes back the contact it created.
 *
 * @example
 * ```ts
 * const invoice = await updateInvoice(ports, caller, 42, { extra_info: 'Paid by transfer' });
 * ```
 */
export async function updateInvoice(
  ports: Ports,
  caller: Caller,
  id: number,
  body: unknown,
): Promise<Invoice> {
  const attempt: UpdateAttempt = { party: null, number: null };
  const counterparty = counterpartyOnce(ports, caller, attempt);
  try {
    const written = await rewriteInvoice(ports, caller, id, async ({ value: stored }) => {
      const next = await updatedInvoice(ports, caller, body, stored, counterparty);
      attempt.number = await claimChangedNumber(ports, stored, next);
      return next;
    });
    const invoice = await settleChangedNumber(ports, written, attempt.number);
    await recordContactCreated(ports, attempt.party);
    await recordInvoiceEvent(ports, invoice, 'updated');
    return await answeredInvoice(ports, invoice);
  } catch (error) {
    await discardCreatedContact(ports, attempt.party);
    throw error;
  }
}

/** One attempt's invoice: the stored one, checked, merged with the request and finished. */
async function updatedInvoice(
  ports: Ports,
  caller: Caller,
  body: unknown,
  stored: StoredInvoice,
  counterparty: CounterpartyOf,
): Promise<StoredInvoice> {
  refuseUnlessEditable(stored);
  await refuseIfReported(ports, stored, 'edited');
  const account = await storedAccount(ports, stored.account_id, () => resourceMissing('invoice', stored.id));
  const request = await validatedUpdate(ports, caller, body, stored);
  const { draft, line_params } = await mergedDraft(ports, account, stored, request);
  const { invoice } = await finishInvoice(draft, account, {
    // Write-only and invisible (spec §2.4): not sent means the advance amount stays.
    total_amount_due:
      request.total_amount_due !== undefined
        ? (request.total_amount_due ?? null)
        : (stored.total_amount_due ?? null),
    line_params,
    counterparty: counterpartySent(caller, stored, request)
      ? () => counterparty(account, stored, request)
      : null,
  });
  return invoice;
}

/** 409 `conflict` unless the invoice's content may still change ({@link EDITABLE_INVOICE_STATES}). */
function refuseUnlessEditable(stored: Invoice): void {
  if (!EDITABLE_INVOICE_STATES.includes(stored.state))
    throw new ApiError(
      'conflict',
      `invoice ${String(stored.id)} is ${stored.state}: only invoices in state ${EDITABLE_INVOICE_STATES.join(' or ')} can be edited (mark it as new first, or issue a corrective invoice)`,
      { param: null },
    );
}

/** The request as an update of the stored invoice, judged by the rules (422 when refused). */
async function validatedUpdate(
  ports: Ports,
  caller: Caller,
  body: unknown,
  stored: StoredInvoice,
): Promise<InvoiceUpdate> {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const series = Object.hasOwn(raw, 'series_code') ? seriesOf(raw.series_code) : seriesOf(stored.series_code);
  const checked = await validateInvoice(body, {
    version: caller.api_version,
    operation: 'update',
    stored,
    account_id: stored.account_id,
    findInvoiceByNumber: numberFinder(ports.store.invoices, series, stored.id),
  });
  if (!checked.success) throw apiErrorFromIssues(checked.issues);
  return checked.data;
}

/**
 * The sent fields merged over the stored invoice (`null` clears one), lines and references edited
 * by `id`, and the defaults an invoice stored before a field existed lacks.
 */
async function mergedDraft(
  ports: Ports,
  account: Account,
  stored: StoredInvoice,
  request: InvoiceUpdate,
): Promise<{ draft: StoredInvoice; line_params: (string | null)[] }> {
  const { lines, line_params } = await mergeLines(
    ports.ids,
    request.invoice_lines_attributes,
    stored.lines,
    'merge',
  );
  const invoice_references = await mergeReferences(
    ports.ids,
    request.invoice_references,
    stored.invoice_references,
  );
  const draft: StoredInvoice = {
    ...stored,
    ...(sentFields(request) as Partial<Invoice>),
    lines,
    invoice_references,
  };
  // Payments on account sent (issue #19) without a prepaid amount: the prepaid amount is their sum,
  // none when the list is emptied (finishInvoice sets the sum of a non-empty list).
  if (request.payments_on_account !== undefined && request.prepaid_amount === undefined)
    draft.prepaid_amount = null;
  draft.currency ??= account.currency ?? 'EUR';
  draft.is_credit_note ??= false;
  draft.apply_to_local_government_unit ??= false;
  draft.apply_to_vat_group_member ??= false;
  return { draft, line_params };
}

/** Whether the request names a counterparty: a contact_id the version reads, or an inline contact. */
function counterpartySent(caller: Caller, stored: Invoice, request: InvoiceUpdate): boolean {
  // A contact_id the version ignores (a simplified invoice's, `effectiveContactId`) changes nothing.
  const contactIdSent =
    request.contact_id !== undefined &&
    (request.contact_id === null ||
      effectiveContactId(caller.api_version, stored.type, request.contact_id) !== null);
  return contactIdSent || request.contact !== undefined;
}

/**
 * The counterparty is resolved once per request, however many times a lost race re-reads the
 * invoice (it depends on the request only): a contact it creates is this request's, to record or,
 * when the request is refused, to take back (`attempt.party`).
 */
function counterpartyOnce(ports: Ports, caller: Caller, attempt: UpdateAttempt): CounterpartyOf {
  let resolving: Promise<ResolvedCounterparty> | null = null;
  return async (account, stored, request) => {
    resolving ??= resolveCounterparty(
      ports,
      account,
      { type: stored.type, contact_id: request.contact_id ?? null, contact: request.contact },
      caller.api_version,
    );
    attempt.party = await resolving;
    return attempt.party;
  };
}
