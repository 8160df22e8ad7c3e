import type { Invoice } from '../model/invoice.js';
import {
  type FieldValue,
  type Ports,
  RecordMissingError,
  type Repository,
  VersionConflictError,
  type Versioned,
} from '../ports.js';

/**
 * A write's hold on an invoice number while it makes sure that no other invoice took the number
 * meanwhile (fiscalkit's reading of spec §7.2 `parameter_taken`, "e.g. invoice number"). The store
 * has no unique constraint to lean on (`Repository.find` and per-record optimistic concurrency only),
 * so the number is settled after the write:
 *
 * 1. the write stores the invoice with the number and a `pending` claim (a fresh `token`);
 * 2. it then looks at every other invoice holding the number: a settled one (no claim, or a claim
 *    older than {@link NUMBER_CLAIM_TTL_MS}) or a pending one with a lower id wins, and this write
 *    gives way; a pending one with a higher id is marked `lost` (an update at the version read, so
 *    that its own confirmation, also versioned, cannot succeed too); one already `lost` is ignored;
 * 3. it confirms by removing its claim (an update at the version it wrote, re-read on a conflict): a
 *    claim found `lost` meanwhile gives way.
 *
 * Of two writes of one number at most one is confirmed, whatever the interleaving: of the two, the
 * later to look saw the other's write, and either gave way to it or marked it `lost` (its version
 * moved, so its confirmation fails). Of writes made together, the lowest id keeps the number.
 * A write that gives way is undone (see `giveWay`) and answered 422 `parameter_taken`.
 */
export interface NumberClaim {
  /**
   * Which write holds the claim: 48 random bits (`ports.random`). Only compared for equality, between
   * writes of one invoice within the claim's minute, so chance cannot make two equal; random rather
   * than from a sequence, which would cost every write a round trip to the database. (Processes that
   * share a store need their own random sources: a seeded one, `seededRandom`, is for tests.)
   */
  token: number;
  /** `pending` until confirmed (the claim is then removed); `lost` when another write won. */
  state: 'pending' | 'lost';
  /** When the claim was taken (ms, `ports.clock`), to tell a claim whose request died. */
  at: number;
}

/**
 * An invoice as stored, with the claim of a write in progress. The serializer writes only
 * `InvoiceSchema`'s fields, so the claim never reaches a response.
 */
export type ClaimedInvoice = Invoice & { number_claim?: NumberClaim | null };

/**
 * How long a pending claim holds. A request takes milliseconds between its write and its
 * confirmation; a claim older than this belongs to a request that died, and its invoice counts as
 * holding the number (the safe side: a newcomer gives way rather than risk a duplicate).
 */
export const NUMBER_CLAIM_TTL_MS = 60_000;

/** More holders of one number than this (only while many writes race) and a write gives way. */
const HOLDERS_PAGE = { offset: 0, limit: 100 } as const;

/**
 * The fields that make an invoice number unique (`invoiceNumberTakenIssues`, fiscalkit's reading of
 * spec §7.2 "e.g. invoice number"): the account, the document class and the number, and also the
 * series (`series_code`): `1` of series `A` and `1` of series `B` are two invoices, as Spanish
 * invoices are identified by series and number together (SII `NumSerieFacturaEmisor`). A received
 * invoice is unique per supplier too.
 *
 * @example
 * ```ts
 * numberWhere('ReceivedInvoice', 'N-1', null, 7); // { type, number: 'N-1', series_code: null, contact_id: 7 }
 * ```
 */
export function numberWhere(
  type: Invoice['type'],
  number: string,
  series: string | null,
  contact_id: number | null,
): Record<string, FieldValue> {
  const where: Record<string, FieldValue> = { type, number, series_code: series };
  if (type === 'ReceivedInvoice') where.contact_id = contact_id;
  return where;
}

/** The `numberWhere` of a stored invoice (a blank series is no series). */
function whereOf(invoice: Invoice): Record<string, FieldValue> {
  const series =
    typeof invoice.series_code === 'string' && invoice.series_code.trim() !== '' ? invoice.series_code : null;
  return numberWhere(invoice.type, invoice.number, series, invoice.contact_id ?? null);
}

/**
 * Whether `next` holds another number than `stored` (number, series, or the supplier of a received
 * invoice), so that its write must claim it.
 *
 * @example
 * ```ts
 * numberKeyChanged(stored, { ...stored, notes: 'x' }); // false
 * numberKeyChanged(stored, { ...stored, number: 'F-2' }); // true
 * ```
 */
export function numberKeyChanged(stored: Invoice, next: Invoice): boolean {
  const before = whereOf(stored);
  const after = whereOf(next);
  return Object.keys(after).some((field) => before[field] !== after[field]);
}

/**
 * A new pending claim for a write about to store a number.
 *
 * @example
 * ```ts
 * await repository.insert({ ...invoice, number_claim: await pendingClaim(ports) });
 * ```
 */
export async function pendingClaim(ports: Ports): Promise<NumberClaim> {
  const bytes = ports.random.bytes(6);
  // money-safe: 48 bits assembled into a safe integer, an identity token.
  const token = bytes.reduce((value, byte) => value * 256 + byte, 0);
  return { token, state: 'pending', at: ports.clock.now() };
}

/** The claim an invoice shows others: null when settled, or when its request died long ago. */
function activeClaim(invoice: ClaimedInvoice, now: number): NumberClaim | null {
  const claim = invoice.number_claim ?? null;
  // money-safe: milliseconds of the clock, not money.
  return claim !== null && now - claim.at < NUMBER_CLAIM_TTL_MS ? claim : null;
}

/**
 * The invoice without the claim field.
 *
 * @example
 * ```ts
 * withoutClaim({ ...invoice, number_claim: null }); // invoice, without number_claim
 * ```
 */
export function withoutClaim<T extends ClaimedInvoice>(invoice: T): T {
  if (!Object.hasOwn(invoice, 'number_claim')) return invoice;
  const { number_claim: _claim, ...rest } = invoice;
  return rest as T;
}

function lostRace(error: unknown): boolean {
  return error instanceof VersionConflictError || error instanceof RecordMissingError;
}

/** Step 2: whether every other holder of the number lets `self` keep it (marking later ones `lost`). */
async function othersGiveWay(
  ports: Ports,
  repository: Repository<Invoice>,
  self: ClaimedInvoice,
): Promise<boolean> {
  for (;;) {
    const holders = await repository.find(self.account_id, whereOf(self), HOLDERS_PAGE);
    if (holders.total_count > holders.items.length) return false;
    let raced = false;
    for (const holder of holders.items as Versioned<ClaimedInvoice>[]) {
      if (holder.value.id === self.id) continue;
      const claim = activeClaim(holder.value, ports.clock.now());
      if (claim === null || (claim.state === 'pending' && holder.value.id < self.id)) return false;
      if (claim.state === 'lost') continue;
      try {
        const lost: ClaimedInvoice = { ...holder.value, number_claim: { ...claim, state: 'lost' } };
        await repository.update(lost, holder.version);
      } catch (error) {
        if (!lostRace(error)) throw error;
        // It confirmed, gave way or changed meanwhile: look again.
        raced = true;
        break;
      }
    }
    if (!raced) return true;
  }
}

/** What became of a claimed write: kept (with the invoice as now stored, null if deleted meanwhile) or lost. */
export type ClaimOutcome = { kept: true; invoice: Invoice | null } | { kept: false };

/**
 * Steps 2 and 3 of {@link NumberClaim} for the invoice a write just stored with the pending claim
 * `token`: whether it keeps the number. A write whose claim a later write replaced (a PATCH of the
 * same invoice that changed the number again) keeps: what is stored is that later write's, which
 * settles its own claim.
 *
 * @example
 * ```ts
 * const outcome = await settleNumberClaim(ports, repository, written, claim.token);
 * if (!outcome.kept) throw takenError(type, number);
 * ```
 */
export async function settleNumberClaim(
  ports: Ports,
  repository: Repository<Invoice>,
  written: Versioned<ClaimedInvoice>,
  token: number,
): Promise<ClaimOutcome> {
  if (!(await othersGiveWay(ports, repository, written.value))) return { kept: false };
  let current: Versioned<ClaimedInvoice> | null = written;
  for (;;) {
    if (current === null) return { kept: true, invoice: null };
    const claim = current.value.number_claim ?? null;
    if (claim?.token !== token) return { kept: true, invoice: withoutClaim(current.value) };
    if (claim.state === 'lost') return { kept: false };
    try {
      const confirmed = await repository.update(withoutClaim(current.value), current.version);
      return { kept: true, invoice: confirmed.value };
    } catch (error) {
      if (!lostRace(error)) throw error;
      current = await repository.get(written.value.account_id, written.value.id);
    }
  }
}

/** JSON-like equality of two stored field values (the store keeps JSON data, ports.ts). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Undoes a write that lost its claim. A create (`before` null) removes its invoice. An update puts
 * back, field by field, what it changed (`before` → `written`) where the field still holds what it
 * wrote: another request's change made meanwhile (a PATCH of other fields of the same invoice, a
 * `mark_as`) is kept, not overwritten. When a later write replaced the claim, the number is that
 * write's to settle and nothing is undone.
 *
 * @example
 * ```ts
 * if (!outcome.kept) {
 *   await giveWay(repository, stored, next, claim.token);
 *   throw takenError(type, number);
 * }
 * ```
 */
export async function giveWay(
  repository: Repository<Invoice>,
  before: ClaimedInvoice | null,
  written: ClaimedInvoice,
  token: number,
): Promise<void> {
  for (;;) {
    const current = (await repository.get(
      written.account_id,
      written.id,
    )) as Versioned<ClaimedInvoice> | null;
    if (current === null || current.value.number_claim?.token !== token) return;
    try {
      if (before === null) {
        await repository.remove(written.account_id, written.id, current.version);
        return;
      }
      const undone: Record<string, unknown> = { ...current.value };
      for (const field of new Set([...Object.keys(before), ...Object.keys(written)])) {
        if (field === 'number_claim') continue;
        const mine = (written as Record<string, unknown>)[field];
        if (!same(undone[field], mine)) continue;
        if (Object.hasOwn(before, field)) undone[field] = (before as Record<string, unknown>)[field];
        else delete undone[field];
      }
      // The claim the invoice had before this write (another write's, still settling), or none.
      if (before.number_claim == null) delete undone.number_claim;
      else undone.number_claim = before.number_claim;
      await repository.update(undone as unknown as Invoice, current.version);
      return;
    } catch (error) {
      if (!lostRace(error)) throw error;
    }
  }
}
