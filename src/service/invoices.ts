import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import { type InvoiceStateEffect, transitionInvoiceState } from '../lifecycle/invoiceState.js';
import type { Account } from '../model/account.js';
import type { EventEnvelope } from '../model/event.js';
import { instantFromMillis } from '../model/instant.js';
import {
  type Invoice,
  type InvoiceAttachment,
  type InvoiceUpdate,
  MAX_INVOICE_ATTACHMENTS,
} from '../model/invoice.js';
import {
  type OutboxEvent,
  type Ports,
  type Repository,
  type StoredBlob,
  VersionConflictError,
  type Versioned,
} from '../ports.js';
import { autoRemittanceReference } from '../rules/autoRemittance.js';
import { validateInvoice } from '../rules/invoice.js';
import { type FindInvoiceByNumber, invoiceNumberTakenIssues } from '../rules/invoiceNumberTaken.js';
import { prepaidOfPayments } from '../rules/paymentsOnAccount.js';
import { AMOUNT_DUE_TYPE_CODES } from '../totals/validateTotalsInput.js';
import { effectiveContactId } from '../versions/protocol.js';
import { recordAccountEvent } from './accountEvents.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { invoiceAmounts } from './invoiceAmounts.js';
import type { AttachmentUpload } from './invoiceAttachments.js';
import {
  discardCreatedContact,
  type ResolvedCounterparty,
  resolveCounterparty,
} from './invoiceCounterparty.js';
import { mergeLines, mergeReferences, sentFields } from './invoiceDraft.js';
import { invoiceListQuery } from './invoiceListQuery.js';
import { parseMarkAsRequest } from './invoiceMarkAs.js';
import {
  type ClaimedInvoice,
  giveWay,
  type NumberClaim,
  numberKeyChanged,
  numberWhere,
  pendingClaim,
  settleNumberClaim,
  withoutClaim,
} from './invoiceNumberClaim.js';
import { refuseIfReported } from './invoiceTaxReportGuard.js';
import { activeAccount, activeRecord, ownedRecord, requireOwnedAccount, resourceMissing } from './tenancy.js';

/** A page of invoices with the query's paging, for the list response's `meta` (spec §2.1). */
export interface InvoicePage {
  items: Invoice[];
  total_count: number;
  offset: number;
  limit: number;
}

/**
 * The invoice use cases (spec §2.4–§2.6, §4.6). Every method takes the caller first (its group owns
 * the accounts it reaches; its version decides the version-dependent rules). Bodies are the inner
 * object of `{"invoice": …}` already in the newest version's shape (the HTTP binding upgrades them).
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
  /** DELETE /invoices/{id}: removes an invoice in state `new`, answering it as it was. */
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
 * The states in which an invoice's content may still change (PUT, PATCH): a draft (`new`) and one
 * whose sending failed (`error`, to be fixed and sent again). The spec is silent; fiscalkit decides,
 * because an invoice the customer received, accepted or paid, or the tax authority registered, is a
 * legal document: it is corrected by a corrective invoice (`invoice_references` `amend`, spec §2.6),
 * not by editing it. An invoice sent by mistake can be marked `new` again first (`mark_as`, while
 * nobody accepted, registered or paid it).
 */
export const EDITABLE_INVOICE_STATES: readonly string[] = ['new', 'error'];

/**
 * The states in which DELETE /invoices/{id} removes an invoice: only a draft (`new`). Anything else
 * has been seen by someone (a customer, a tax authority): 409 `conflict`.
 */
export const DELETABLE_INVOICE_STATES: readonly string[] = ['new'];

/**
 * What the store keeps beyond the returned fields: the write-only `total_amount_due` of an advance
 * (spec §2.4), so that a later PATCH of its lines keeps the advance amount the client set, and the
 * claim of a write settling the invoice's number (`NumberClaim`). The serializer returns only
 * `InvoiceSchema`'s fields, so neither leaves the service.
 */
type StoredInvoice = ClaimedInvoice & { total_amount_due?: string | null; updated_at?: string | null };

const PAGE_OF_TWO = { offset: 0, limit: 2 } as const;
/** Tax reports read per page when an invoice's `tax_report_ids` are collected. */
const REPORT_PAGE = 100;

/** A blank series is no series (`sentFields` stores it as null). */
function seriesOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The storage lookup behind `parameter_taken` (`numberWhere`); the invoice `self` being written never collides. */
function numberFinder(
  repository: Repository<Invoice>,
  series: string | null,
  self: number | null,
): FindInvoiceByNumber {
  return async (key) => {
    const found = await repository.find(
      key.account_id,
      numberWhere(key.type, key.number, series, key.contact_id),
      PAGE_OF_TWO,
    );
    const other = found.items.find((item) => item.value.id !== self);
    return other?.value.id ?? null;
  };
}

function takenError(type: string, number: string): ApiError {
  return new ApiError(
    'parameter_taken',
    `number ${number} is already used by another ${type} of this account`,
    {
      param: 'number',
    },
  );
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
 * ({@link EDITABLE_INVOICE_STATES}) and deletion only while `new`, and neither while a tax report
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
  const repository = ports.store.invoices;

  const record = (invoice: Invoice, name: string) =>
    recordAccountEvent(ports, {
      account_id: invoice.account_id,
      type: 'InvoiceEvent',
      name,
      resource_id: invoice.id,
      state: invoice.state,
    });

  const accountOf = async (invoice: Invoice): Promise<Account> => {
    const account = await ports.store.accounts.get(invoice.account_id, invoice.account_id);
    if (account === null) throw resourceMissing('invoice', invoice.id);
    return account.value;
  };

  /**
   * The amounts, the counterparty and the remittance reference of an invoice about to be stored.
   * The counterparty is resolved last: it may create a contact, which must not happen for an invoice
   * the totals engine then refuses.
   */
  const finish = async (
    draft: StoredInvoice,
    account: Account,
    context: {
      total_amount_due: string | null;
      line_params: readonly (string | null)[];
      counterparty: (() => Promise<ResolvedCounterparty>) | null;
    },
  ): Promise<{ invoice: StoredInvoice; party: ResolvedCounterparty | null }> => {
    const amountDue = AMOUNT_DUE_TYPE_CODES.includes(draft.type_code ?? '') ? context.total_amount_due : null;
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
  };

  /**
   * The invoice as answered: without the store's internal claim, with the ids of the tax reports
   * generated from it (linked by `invoice_id`, spec §2.7), lowest first, annulled ones included
   * (issue #19: the official PHP client reads `tax_report_ids`). Read from the reports on every
   * answer rather than stored on the invoice, so that a report generated, linked, re-linked or
   * deleted later is never missed (the reports are indexed by `invoice_id`).
   */
  const answered = async (found: Invoice): Promise<Invoice> => {
    let invoice = found;
    const ids: number[] = [];
    // An invoice stored before its totals were kept (issue #19) gets them computed now, from the
    // same input and engine its `total` came from (docs/totals.md: older inputs give the older result).
    if (!Array.isArray(invoice.taxes) || invoice.subtotal === undefined) {
      const stored = invoice as StoredInvoice;
      const amountDue = AMOUNT_DUE_TYPE_CODES.includes(stored.type_code ?? '')
        ? (stored.total_amount_due ?? null)
        : null;
      try {
        const amounts = invoiceAmounts(stored, await accountOf(stored), {
          total_amount_due: amountDue,
          line_params: stored.lines.map(() => null),
        });
        invoice = { ...stored, ...amounts, total: stored.total, payable_amount: stored.payable_amount };
      } catch (error) {
        // Numbers the engine refuses today are answered as they were stored.
        if (!(error instanceof ApiError)) throw error;
      }
    }
    for (let offset = 0; ; offset += REPORT_PAGE) {
      const page = await ports.store.taxReports.find(
        invoice.account_id,
        { invoice_id: invoice.id },
        { offset, limit: REPORT_PAGE },
      );
      for (const { value } of page.items) ids.push(value.id);
      if (page.items.length < REPORT_PAGE) break;
    }
    return { ...withoutClaim(invoice), tax_report_ids: ids };
  };

  const contactCreated = async (party: ResolvedCounterparty | null) => {
    if (party?.created)
      await recordAccountEvent(ports, {
        account_id: party.created.account_id,
        type: 'ContactEvent',
        name: 'created',
        resource_id: party.created.id,
      });
  };

  /**
   * Reads, changes and writes an invoice under optimistic concurrency, retrying on a lost race.
   * `outbox` gives the events of a change, for the version it will have; they are written with it
   * (`UpdateOptions.events`, issue #24 item 4) and answered with what the store made of them.
   */
  const rewrite = async (
    caller: Caller,
    id: number,
    change: (stored: Versioned<Invoice>) => Promise<Invoice | null>,
    outbox?: (next: Invoice, version: number) => Promise<readonly OutboxEvent[]>,
  ): Promise<{
    invoice: Invoice;
    version: number;
    changed: boolean;
    /** The events written with the change, as prepared. */
    outboxed: readonly OutboxEvent[];
    /** The same as the store answered them (`Updated.events`); undefined without an outbox. */
    stored: readonly EventEnvelope[] | undefined;
  }> => {
    for (;;) {
      // Every write of an invoice: an archived account is read-only (tenancy.ts `activeRecord`).
      const stored = await activeRecord(ports, caller, repository, id, 'invoice');
      const next = await change(stored);
      if (next === null)
        return { invoice: stored.value, version: stored.version, changed: false, outboxed: [], stored: [] };
      // Every write of an invoice stamps when it happened: the stored, internal `updated_at` (not a
      // field of the response) that the list filter `updated_at` reads (issue #19, api-notes.md §7).
      // Set on the object the change made (always a fresh one), so that the write's own record of
      // what it wrote (`attempt.after`, `giveWay`) has it too.
      (next as StoredInvoice).updated_at = instantFromMillis(ports.clock.now());
      const outboxed = outbox === undefined ? [] : await outbox(next, stored.version + 1);
      try {
        const written =
          outboxed.length === 0
            ? await repository.update(next, stored.version)
            : await repository.update(next, stored.version, { events: outboxed });
        return {
          invoice: written.value,
          version: written.version,
          changed: true,
          outboxed,
          stored: written.events,
        };
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
  };

  /**
   * `parameter_taken` when another invoice holds the number the invoice is about to be stored with:
   * run on the invoice as it will be stored, its counterparty resolved, since the supplier of a
   * received invoice sent as an inline `contact` is known only then (validateInvoice sees
   * `contact_id` only).
   */
  const refuseTakenNumber = async (invoice: Invoice, self: number | null) => {
    const taken = await invoiceNumberTakenIssues(
      { type: invoice.type, number: invoice.number, contact_id: invoice.contact_id ?? null },
      {
        account_id: invoice.account_id,
        stored_id: self,
        findInvoiceByNumber: numberFinder(repository, seriesOf(invoice.series_code), self),
      },
    );
    if (taken.length > 0) throw apiErrorFromIssues(taken);
  };

  /**
   * PUT and PATCH (issue #19: the same partial update): the request is parsed as an update, merged
   * over the stored invoice, and the rules judge the merged invoice.
   */
  const write = async (caller: Caller, id: number, body: unknown) => {
    // What the last attempt of the read-modify-write decided (a lost race re-reads and decides again).
    const attempt: {
      party: ResolvedCounterparty | null;
      claim: NumberClaim | null;
      before: StoredInvoice | null;
      after: StoredInvoice | null;
    } = { party: null, claim: null, before: null, after: null };
    // The counterparty is resolved once per request, however many times a lost race re-reads the
    // invoice (it depends on the request only): a contact it creates is this request's, to record
    // or, when the request is refused, to take back.
    let counterparty: Promise<ResolvedCounterparty> | null = null;
    try {
      const written = await rewrite(caller, id, async ({ value: stored }) => {
        if (!EDITABLE_INVOICE_STATES.includes(stored.state))
          throw new ApiError(
            'conflict',
            `invoice ${String(id)} is ${stored.state}: only invoices in state ${EDITABLE_INVOICE_STATES.join(' or ')} can be edited (mark it as new first, or issue a corrective invoice)`,
            { param: null },
          );
        await refuseIfReported(ports, stored, 'edited');
        const account = await accountOf(stored);
        const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
        const series = Object.hasOwn(raw, 'series_code')
          ? seriesOf(raw.series_code)
          : seriesOf(stored.series_code);
        const checked = await validateInvoice(body, {
          version: caller.api_version,
          operation: 'update',
          stored,
          account_id: stored.account_id,
          findInvoiceByNumber: numberFinder(repository, series, stored.id),
        });
        if (!checked.success) throw apiErrorFromIssues(checked.issues);
        const request: InvoiceUpdate = checked.data;
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
          ...(stored as StoredInvoice),
          ...(sentFields(request) as Partial<Invoice>),
          lines,
          invoice_references,
        };
        // Payments on account sent (issue #19) without a prepaid amount: the prepaid amount is their sum,
        // none when the list is emptied (finish sets the sum of a non-empty list).
        if (request.payments_on_account !== undefined && request.prepaid_amount === undefined)
          draft.prepaid_amount = null;
        draft.currency ??= account.currency ?? 'EUR';
        draft.is_credit_note ??= false;
        draft.apply_to_local_government_unit ??= false;
        draft.apply_to_vat_group_member ??= false;
        // A contact_id the version ignores (a simplified invoice's, `effectiveContactId`) changes nothing.
        const contactIdSent =
          request.contact_id !== undefined &&
          (request.contact_id === null ||
            effectiveContactId(caller.api_version, stored.type, request.contact_id) !== null);
        const counterpartySent = contactIdSent || request.contact !== undefined;
        const finished = await finish(draft, account, {
          // Write-only and invisible (spec §2.4): not sent means the advance amount stays.
          total_amount_due:
            request.total_amount_due !== undefined
              ? (request.total_amount_due ?? null)
              : ((stored as StoredInvoice).total_amount_due ?? null),
          line_params,
          counterparty: counterpartySent
            ? async () => {
                counterparty ??= resolveCounterparty(
                  ports,
                  account,
                  { type: stored.type, contact_id: request.contact_id ?? null, contact: request.contact },
                  caller.api_version,
                );
                attempt.party = await counterparty;
                return attempt.party;
              }
            : null,
        });
        const next = finished.invoice;
        attempt.claim = null;
        // A write that moves the invoice to another number (number, series, or the supplier of a
        // received invoice, also when sent as an inline contact) checks it and claims it; any other
        // write keeps the stored claim, if a number write is still settling it.
        if (numberKeyChanged(stored, next)) {
          await refuseTakenNumber(next, stored.id);
          attempt.claim = await pendingClaim(ports);
          next.number_claim = attempt.claim;
        }
        attempt.before = stored;
        attempt.after = next;
        return next;
      });
      let invoice = withoutClaim(written.invoice);
      const { claim, before, after } = attempt;
      if (written.changed && claim !== null && before !== null && after !== null) {
        // Settled after the write, as create does (`NumberClaim`): of two concurrent writes of one
        // number, at most one keeps it; the other is undone and answered parameter_taken.
        const outcome = await settleNumberClaim(
          ports,
          repository,
          { value: written.invoice, version: written.version },
          claim.token,
        );
        if (!outcome.kept) {
          await giveWay(repository, before, after, claim.token);
          throw takenError(after.type, after.number);
        }
        invoice = outcome.invoice ?? invoice;
      }
      await contactCreated(attempt.party);
      await record(invoice, 'updated');
      return await answered(invoice);
    } catch (error) {
      await discardCreatedContact(ports, attempt.party);
      throw error;
    }
  };

  return {
    async list(caller, account_id, query) {
      await requireOwnedAccount(ports, caller, account_id);
      // Paging and the filters of the caller's version (spec §9; issue #19: `invoiceListQuery`).
      const parsed = invoiceListQuery(caller.api_version, query);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      const { conditions, offset, limit } = parsed.data;
      const found = await repository.search(account_id, conditions, { offset, limit });
      return {
        items: await Promise.all(found.items.map((item) => answered(item.value))),
        total_count: found.total_count,
        offset,
        limit,
      };
    },

    async create(caller, account_id, body) {
      // An archived (deleted, spec §4.4) account keeps its invoices readable but takes no new ones.
      const { value: account } = await activeAccount(ports, caller, account_id);
      const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const series = seriesOf(raw.series_code);
      const checked = await validateInvoice(body, {
        version: caller.api_version,
        operation: 'create',
        account_id,
        findInvoiceByNumber: numberFinder(repository, series, null),
      });
      if (!checked.success) throw apiErrorFromIssues(checked.issues);
      const request = checked.data;
      const type = request.type ?? 'IssuedInvoice';
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
        type,
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
      let party: ResolvedCounterparty | null = null;
      try {
        const { invoice } = await finish(draft, account, {
          total_amount_due: request.total_amount_due ?? null,
          line_params,
          counterparty: async () => {
            party = await resolveCounterparty(
              ports,
              account,
              { type, contact_id: request.contact_id, contact: request.contact },
              caller.api_version,
            );
            return party;
          },
        });
        // validateInvoice checked the number with the request's contact_id; the supplier of a
        // received invoice sent as an inline contact is known only now.
        if (type === 'ReceivedInvoice') await refuseTakenNumber(invoice, null);
        // Two concurrent creates of one number both pass the checks above; the number is settled
        // after the insert (`NumberClaim`), so that exactly one of them keeps it whatever the
        // interleaving (the number uniqueness holds without a storage constraint).
        const claim = await pendingClaim(ports);
        const inserted = await repository.insert({ ...invoice, number_claim: claim } as StoredInvoice);
        const outcome = await settleNumberClaim(ports, repository, inserted, claim.token);
        if (!outcome.kept) {
          await giveWay(repository, null, inserted.value, claim.token);
          throw takenError(type, invoice.number);
        }
        const stored = outcome.invoice ?? withoutClaim(inserted.value);
        await contactCreated(party);
        await record(stored, 'created');
        // A new invoice has no tax report yet.
        return { ...stored, tax_report_ids: [] };
      } catch (error) {
        // A contact this request created for an invoice it did not store is taken back.
        await discardCreatedContact(ports, party);
        throw error;
      }
    },

    async get(caller, id) {
      return answered((await ownedRecord(ports, caller, repository, id, 'invoice')).value);
    },

    replace: (caller, id, body) => write(caller, id, body),
    update: (caller, id, body) => write(caller, id, body),

    async remove(caller, id) {
      for (;;) {
        const { value: invoice, version } = await activeRecord(ports, caller, repository, id, 'invoice');
        if (!DELETABLE_INVOICE_STATES.includes(invoice.state))
          throw new ApiError(
            'conflict',
            `invoice ${String(id)} is ${invoice.state}: only a new invoice can be deleted (mark it as new first, or issue a credit note)`,
            { param: null },
          );
        await refuseIfReported(ports, invoice, 'deleted');
        try {
          await repository.remove(invoice.account_id, id, version);
        } catch (error) {
          if (error instanceof VersionConflictError) continue;
          throw error;
        }
        for (const attachment of invoice.attachments ?? [])
          await ports.blobs.remove(invoice.account_id, attachment.id);
        await record(invoice, 'deleted');
        return answered(invoice);
      }
    },

    async markAs(caller, id, body) {
      await activeRecord(ports, caller, repository, id, 'invoice');
      const parsed = parseMarkAsRequest(body);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      const { state, reason } = parsed.data;
      let effects: InvoiceStateEffect[] = [];
      const result = await rewrite(
        caller,
        id,
        async ({ value: stored }) => {
          const transition = transitionInvoiceState(stored, { type: 'mark_as', state });
          if (!transition.accepted)
            throw new ApiError(transition.code, transition.reason, { param: 'state' });
          effects = transition.effects;
          // Marking the current state again changes nothing (and fires no event): a retried request.
          if (transition.state === stored) return null;
          return { ...transition.state, state_reason: reason ?? null };
        },
        // The event is written with the change (the outbox, issue #24 item 4: written after it, two
        // concurrent changes could number their events in the other order), carries the version the
        // change gives the invoice, so receivers can order deliveries, and is keyed by it, so that it
        // is stored once. The repair job is queued first: the deliveries survive a crash after the write.
        async (next, version) => {
          const outboxed = effects.map((effect) =>
            deps.publisher.prepare(
              next.account_id,
              effect.code,
              { ...effect.data, version },
              `invoice:${String(next.id)}:${effect.code}:${String(version)}`,
            ),
          );
          for (const event of outboxed)
            await deps.publisher.guard(event, { store: 'invoices', id: next.id, version });
          return outboxed;
        },
      );
      if (!result.changed) return answered(result.invoice);
      const invoice = withoutClaim(result.invoice);
      await deps.publisher.dispatch(result.outboxed, result.stored);
      await record(invoice, 'state_changed');
      return answered(invoice);
    },

    async ack(caller, id) {
      const result = await rewrite(caller, id, async ({ value: stored }) =>
        stored.ack === true
          ? null
          : { ...stored, ack: true, acknowledged_at: instantFromMillis(ports.clock.now()) },
      );
      if (result.changed) await record(result.invoice, 'acknowledged');
      return answered(result.invoice);
    },

    async addAttachments(caller, id, uploads) {
      const { value: current } = await activeRecord(ports, caller, repository, id, 'invoice');
      if (uploads.length === 0)
        throw new ApiError('parameter_blank', 'attachments needs at least one file', {
          param: 'attachments',
        });
      const tooMany = (invoice: Invoice) => {
        if ((invoice.attachments ?? []).length + uploads.length > MAX_INVOICE_ATTACHMENTS)
          throw new ApiError(
            'parameter_invalid',
            `an invoice holds at most ${String(MAX_INVOICE_ATTACHMENTS)} attachments; it has ${String((invoice.attachments ?? []).length)}`,
            { param: 'attachments' },
          );
      };
      tooMany(current);
      const added: InvoiceAttachment[] = [];
      for (const upload of uploads) {
        const blob: StoredBlob = {
          id: await ports.ids.next('blob'),
          account_id: current.account_id,
          filename: upload.filename,
          content_type: upload.content_type,
          bytes: upload.bytes,
        };
        await ports.blobs.put(blob);
        added.push({
          id: blob.id,
          filename: blob.filename,
          content_type: blob.content_type,
          size: blob.bytes.byteLength,
        });
      }
      try {
        const { invoice } = await rewrite(caller, id, async ({ value: stored }) => {
          tooMany(stored);
          return { ...stored, attachments: [...(stored.attachments ?? []), ...added] };
        });
        await record(invoice, 'attachments_added');
        return await answered(invoice);
      } catch (error) {
        // The invoice did not take them (deleted meanwhile, or full): their bytes must not linger.
        for (const attachment of added) await ports.blobs.remove(current.account_id, attachment.id);
        throw error;
      }
    },

    async attachment(caller, id, attachment_id) {
      const { value: invoice } = await ownedRecord(ports, caller, repository, id, 'invoice');
      const listed = (invoice.attachments ?? []).some((attachment) => attachment.id === attachment_id);
      const blob = listed ? await ports.blobs.get(invoice.account_id, attachment_id) : null;
      if (blob === null) throw resourceMissing('attachment', attachment_id, 'attachment_id');
      return blob;
    },
  };
}
