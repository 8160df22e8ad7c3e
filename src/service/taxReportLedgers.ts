/**
 * Where a single SII tax report sits among the account's ledgers (spec §4.2): attached to the open
 * (`pending`) ledger of its book, `TipoComunicacion` and period when it is created, taken out of it
 * again when it is annulled or moved before the ledger is sent, and found again by id. The batch job
 * keeps its own ledgers per batch (`taxReportBatchRun.ts`); a single report joins whichever pending
 * ledger of its key exists first, a batch's included, so one message carries them all. A write that
 * fails after the report left its ledger puts it back (`restoringLedgerPlace`).
 *
 * @module
 */
import { instantFromMillis } from '../model/instant.js';
import { type Ledger, MAX_RECORDS_PER_LEDGER } from '../model/ledger.js';
import { type Ports, VersionConflictError, type Versioned } from '../ports.js';
import { type SiiLedgerFields, siiLedgerFields, siiLedgerKey } from './taxReportSii.js';

/** How many pending ledgers of one key are looked at for room (a full one is 10,000 records). */
const OPEN_LEDGER_SCAN = 50;

/** The page the search of {@link ledgerHolding} reads backwards with. */
const HOLDING_PAGE = 200;

/**
 * The first pending ledger of `fields` with room for one more record, or a new one. A new ledger is
 * inserted under the key `tax_reports:ledger:{fields}:{n}`, `n` the number of ledgers of these fields
 * the account has, so that two requests that find no open ledger at the same moment create one, not
 * two (the repository's insert is idempotent by key).
 */
async function openLedger(
  ports: Ports,
  account_id: number,
  fields: SiiLedgerFields,
): Promise<Versioned<Ledger>> {
  for (;;) {
    const pending = await ports.store.ledgers.find(
      account_id,
      { ...fields, state: 'pending' },
      { offset: 0, limit: OPEN_LEDGER_SCAN },
    );
    const open = pending.items.find((ledger) => ledger.value.tax_report_ids.length < MAX_RECORDS_PER_LEDGER);
    if (open !== undefined) return open;
    const all = await ports.store.ledgers.find(account_id, { ...fields }, { offset: 0, limit: 1 });
    const inserted = await ports.store.ledgers.insert(
      {
        id: await ports.ids.next('ledger'),
        account_id,
        ...fields,
        state: 'pending',
        tax_report_ids: [],
        csv: null,
        created_at: instantFromMillis(ports.clock.now()),
        sent_at: null,
      },
      { key: `tax_reports:ledger:${siiLedgerKey(fields)}:${String(all.total_count)}` },
    );
    // The key's ledger was created and sent meanwhile: count again and take the next one.
    if (inserted.value.state === 'pending' && inserted.value.tax_report_ids.length < MAX_RECORDS_PER_LEDGER)
      return inserted;
  }
}

/**
 * Appends `report_id` to the open ledger of `fields` (see {@link openLedger}) and answers that ledger.
 * Optimistic concurrency: when another writer changed the ledger first (a batch attaching, a
 * submission sending it), it reads again, so a report never lands in a ledger that was just sent.
 * A report the ledger already holds is not added twice.
 *
 * @example
 * ```ts
 * const ledger = await attachToOpenLedger(ports, 1, siiLedgerFields(report), 12);
 * ledger.tax_report_ids.includes(12); // true; ledger.state === 'pending'
 * ```
 */
export async function attachToOpenLedger(
  ports: Ports,
  account_id: number,
  fields: SiiLedgerFields,
  report_id: number,
): Promise<Ledger> {
  for (;;) {
    const ledger = await openLedger(ports, account_id, fields);
    if (ledger.value.tax_report_ids.includes(report_id)) return ledger.value;
    try {
      const updated = await ports.store.ledgers.update(
        { ...ledger.value, tax_report_ids: [...ledger.value.tax_report_ids, report_id] },
        ledger.version,
      );
      return updated.value;
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
}

/**
 * The newest ledger of the account that holds `report_id`, or null. A report sits in one ledger,
 * or — after it was corrected and sent again — in several, the newest being the one that decides
 * what may still happen to it. The ledger has no index by report, so this reads the account's
 * ledgers from the newest back, a page at a time, and stops at the first that holds it.
 *
 * @example
 * ```ts
 * (await ledgerHolding(ports, 1, 12))?.value.state; // 'pending'
 * ```
 */
export async function ledgerHolding(
  ports: Ports,
  account_id: number,
  report_id: number,
): Promise<Versioned<Ledger> | null> {
  const first = await ports.store.ledgers.list(account_id, { offset: 0, limit: 1 });
  // money-safe: record counts and page offsets.
  for (let end = first.total_count; end > 0; end -= HOLDING_PAGE) {
    const offset = Math.max(0, end - HOLDING_PAGE);
    const page = await ports.store.ledgers.list(account_id, { offset, limit: end - offset });
    for (let index = page.items.length - 1; index >= 0; index -= 1) {
      const ledger = page.items[index];
      if (ledger?.value.tax_report_ids.includes(report_id)) return ledger;
    }
  }
  return null;
}

/**
 * The reports held by the account's ledgers made after `ledger` (a larger id: ids are handed out in
 * order), read from the newest back a page at a time. A report a later ledger holds was corrected and
 * sent again, or is being annulled (a baja ledger, issue #18 item 16): what may still happen to it is
 * the later ledger's, so the answer to `ledger` — read again by a re-run of its submission job — must
 * not change it.
 *
 * @example
 * ```ts
 * (await heldByLaterLedgers(ports, answered)).has(12); // true once report 12 is in a newer ledger
 * ```
 */
export async function heldByLaterLedgers(ports: Ports, ledger: Ledger): Promise<Set<number>> {
  const held = new Set<number>();
  const first = await ports.store.ledgers.list(ledger.account_id, { offset: 0, limit: 1 });
  // money-safe: record counts and page offsets.
  for (let end = first.total_count; end > 0; end -= HOLDING_PAGE) {
    const offset = Math.max(0, end - HOLDING_PAGE);
    const page = await ports.store.ledgers.list(ledger.account_id, { offset, limit: end - offset });
    let reachedOwn = false;
    for (const { value } of page.items) {
      if (value.id > ledger.id) for (const id of value.tax_report_ids) held.add(id);
      else reachedOwn = true;
    }
    if (reachedOwn) break;
  }
  return held;
}

/**
 * Takes `report_id` out of its `pending` ledger, so that the ledger's message no longer carries it
 * (an annulment, or a correction that moves it to another book, operation or period before anything
 * was sent). Answers the ledger as stored after the change, or null when `ledger` is no longer
 * pending once read again (it was just submitted: the caller decides what that means).
 *
 * @example
 * ```ts
 * await detachFromPendingLedger(ports, ledger, 12); // ledger without 12, or null when it was sent meanwhile
 * ```
 */
export async function detachFromPendingLedger(
  ports: Ports,
  ledger: Versioned<Ledger>,
  report_id: number,
): Promise<Ledger | null> {
  let current: Versioned<Ledger> | null = ledger;
  for (;;) {
    if (current === null || current.value.state !== 'pending') return null;
    if (!current.value.tax_report_ids.includes(report_id)) return current.value;
    try {
      const updated = await ports.store.ledgers.update(
        {
          ...current.value,
          tax_report_ids: current.value.tax_report_ids.filter((id) => id !== report_id),
        },
        current.version,
      );
      return updated.value;
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      current = await ports.store.ledgers.get(ledger.value.account_id, ledger.value.id);
    }
  }
}

/**
 * Whether the tax authority has answered `ledger`: its terminal states (`LEDGER_STATES`: `accepted`,
 * `partially_accepted`, `rejected`).
 *
 * @example
 * ```ts
 * isAnswered({ ...ledger, state: 'sent' }); // false
 * isAnswered({ ...ledger, state: 'partially_accepted' }); // true
 * ```
 */
export function isAnswered(ledger: Ledger): boolean {
  return ledger.state === 'accepted' || ledger.state === 'partially_accepted' || ledger.state === 'rejected';
}

/**
 * Runs `write` (a versioned write of an SII report that has just been taken out of its pending
 * ledger) and, when it fails, puts the report back in a ledger if it needs one: read again as it is
 * now stored, a `processing` report that no `pending` or `sent` ledger holds joins the open ledger
 * of its book, operation and period. A report the concurrent change annulled, moved (and attached)
 * or left where it was needs nothing. The error is thrown on.
 *
 * @example
 * ```ts
 * await restoringLedgerPlace(ports, 1, 12, () => writeReport(ports, publisher, stored, next));
 * ```
 */
export async function restoringLedgerPlace<T>(
  ports: Ports,
  account_id: number,
  id: number,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const current = await ports.store.taxReports.get(account_id, id);
    if (current !== null && current.value.type === 'SiiDocument' && current.value.state === 'processing') {
      const holding = await ledgerHolding(ports, account_id, id);
      if (holding === null || (holding.value.state !== 'pending' && holding.value.state !== 'sent'))
        await attachToOpenLedger(ports, account_id, siiLedgerFields(current.value), id);
    }
    throw error;
  }
}
