/**
 * The invoice number (fiscalkit's reading of spec §7.2 `parameter_taken`, "e.g. invoice number"):
 * unique per account, document class and series (per supplier for received invoices), checked
 * before a write and settled after it (`NumberClaim` in invoiceNumberClaim.ts), so that two
 * concurrent writes of one number cannot both succeed. These are the steps create and update take.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import type { Invoice } from '../model/invoice.js';
import type { Ports, Repository } from '../ports.js';
import { type FindInvoiceByNumber, invoiceNumberTakenIssues } from '../rules/invoiceNumberTaken.js';
import {
  giveWay,
  type NumberClaim,
  numberKeyChanged,
  numberWhere,
  pendingClaim,
  settleNumberClaim,
  withoutClaim,
} from './invoiceNumberClaim.js';
import type { RewrittenInvoice, StoredInvoice } from './invoiceRewrite.js';

const PAGE_OF_TWO = { offset: 0, limit: 2 } as const;

/**
 * The series an invoice is numbered in: a blank series is no series (`sentFields` stores it as null).
 *
 * @example
 * ```ts
 * seriesOf('A'); // 'A'
 * seriesOf('  '); // null
 * ```
 */
export function seriesOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The storage lookup behind `parameter_taken` (`numberWhere`); the invoice `self` being written
 * never collides.
 *
 * @example
 * ```ts
 * await validateInvoice(body, { …, findInvoiceByNumber: numberFinder(ports.store.invoices, 'A', null) });
 * ```
 */
export function numberFinder(
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

/** 422 `parameter_taken` at `number`: a write that lost the number to another (`NumberClaim`). */
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
 * `parameter_taken` when another invoice holds the number the invoice is about to be stored with:
 * run on the invoice as it will be stored, its counterparty resolved, since the supplier of a
 * received invoice sent as an inline `contact` is known only then (validateInvoice sees
 * `contact_id` only).
 *
 * @example
 * ```ts
 * await refuseTakenNumber(ports, invoice, null); // throws 422 parameter_taken at number
 * ```
 */
export async function refuseTakenNumber(ports: Ports, invoice: Invoice, self: number | null): Promise<void> {
  const taken = await invoiceNumberTakenIssues(
    { type: invoice.type, number: invoice.number, contact_id: invoice.contact_id ?? null },
    {
      account_id: invoice.account_id,
      stored_id: self,
      findInvoiceByNumber: numberFinder(ports.store.invoices, seriesOf(invoice.series_code), self),
    },
  );
  if (taken.length > 0) throw apiErrorFromIssues(taken);
}

/**
 * Stores a new invoice and settles its number. Two concurrent creates of one number both pass the
 * checks before; the number is settled after the insert (`NumberClaim`), so that exactly one of them
 * keeps it whatever the interleaving (the number uniqueness holds without a storage constraint).
 * The other is removed and answered 422 `parameter_taken`.
 *
 * @example
 * ```ts
 * const stored = await insertNumbered(ports, invoice); // the invoice as stored, without its claim
 * ```
 */
export async function insertNumbered(ports: Ports, invoice: StoredInvoice): Promise<Invoice> {
  const repository = ports.store.invoices;
  const claim = await pendingClaim(ports);
  const inserted = await repository.insert({ ...invoice, number_claim: claim } as StoredInvoice);
  const outcome = await settleNumberClaim(ports, repository, inserted, claim.token);
  if (!outcome.kept) {
    await giveWay(repository, null, inserted.value, claim.token);
    throw takenError(invoice.type, invoice.number);
  }
  return outcome.invoice ?? withoutClaim(inserted.value);
}

/** A write that moves an invoice to another number: its claim, and the invoice before and after. */
export interface NumberChange {
  claim: NumberClaim;
  before: StoredInvoice;
  after: StoredInvoice;
}

/**
 * The claim step of an update. A write that moves the invoice to another number (number, series, or
 * the supplier of a received invoice, also when sent as an inline contact) checks it and claims it
 * (`next.number_claim`); any other write keeps the stored claim, if a number write is still settling
 * it, and answers null.
 *
 * @example
 * ```ts
 * const change = await claimChangedNumber(ports, stored, next); // null when the number stays
 * ```
 */
export async function claimChangedNumber(
  ports: Ports,
  stored: StoredInvoice,
  next: StoredInvoice,
): Promise<NumberChange | null> {
  if (!numberKeyChanged(stored, next)) return null;
  await refuseTakenNumber(ports, next, stored.id);
  const claim = await pendingClaim(ports);
  next.number_claim = claim;
  return { claim, before: stored, after: next };
}

/**
 * The settle step of an update, after the write: as create does (`NumberClaim`), of two concurrent
 * writes of one number at most one keeps it; the other is undone and answered 422
 * `parameter_taken`. Answers the invoice as stored, without its claim.
 *
 * @example
 * ```ts
 * const invoice = await settleChangedNumber(ports, written, change);
 * ```
 */
export async function settleChangedNumber(
  ports: Ports,
  written: RewrittenInvoice,
  change: NumberChange | null,
): Promise<Invoice> {
  const invoice = withoutClaim(written.invoice);
  if (!written.changed || change === null) return invoice;
  const repository = ports.store.invoices;
  const outcome = await settleNumberClaim(
    ports,
    repository,
    { value: written.invoice, version: written.version },
    change.claim.token,
  );
  if (!outcome.kept) {
    await giveWay(repository, change.before, change.after, change.claim.token);
    throw takenError(change.after.type, change.after.number);
  }
  return outcome.invoice ?? invoice;
}
