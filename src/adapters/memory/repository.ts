/**
 * A {@link Repository} in memory (ports.ts "Storage"): versioned snapshots, idempotent inserts by
 * key, tenant-scoped reads, and pages in ascending id order without sorting on every list.
 *
 * @module
 */
import type { EventEnvelope } from '../../model/event.js';
import { assertPageRequest } from '../../model/pageRequest.js';
import { indexedEqualities, type RecordCondition, recordMatches } from '../../model/recordFilter.js';
import {
  DuplicateRecordError,
  type FieldValue,
  type Inserted,
  type InsertOptions,
  type OutboxEvent,
  OutboxKeyConflictError,
  type Page,
  type PageRequest,
  RecordMissingError,
  type Repository,
  type Updated,
  type UpdateOptions,
  VersionConflictError,
  type Versioned,
} from '../../ports.js';
import type { MemoryEventSink } from './eventSink.js';
import { snapshot } from './snapshot.js';

/** Options of {@link memoryRepository}. */
export interface MemoryRepositoryOptions<T> {
  /**
   * The account a value belongs to (the tenant every read names). Default: its `account_id`; the
   * accounts repository passes `(account) => account.id`.
   */
  owner?: (value: T) => number;
  /**
   * The event sink an update's events go to (`UpdateOptions.events`, the outbox of issue #24 item 4),
   * written in the same synchronous step as the update. `memoryPorts` passes its sink; without one
   * the repository keeps no outbox: it ignores the events and its updates answer none (`Updated`), so
   * the caller appends them itself.
   */
  outbox?: Pick<MemoryEventSink, 'stageSync'>;
}

/** What the repository holds for one id. */
interface Entry<T> {
  readonly value: T;
  readonly version: number;
  readonly owner: number;
  readonly key: string | undefined;
}

/** The `account_id` of a value, for the default owner. */
function accountId(value: unknown): number {
  return (value as { readonly account_id?: unknown }).account_id as number;
}

/** Where `id` is, or would go, in an ascending list (the first index whose id is not less). */
function position(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    // money-safe: the middle of two indices, not an amount.
    const middle = (low + high) >>> 1;
    if ((ids[middle] as number) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Refuses, before anything is written, an outbox event the sink would refuse (an update is all or nothing). */
function checkOutbox(events: readonly OutboxEvent[]): void {
  for (const { account_id, key } of events) {
    if (!Number.isSafeInteger(account_id))
      throw new TypeError(`an event's account_id must be a safe integer, not ${String(account_id)}`);
    if (typeof key !== 'string') throw new TypeError(`an event's key must be a string, not ${String(key)}`);
  }
}

/** The record version an event stored under an outbox key carries (`data.version`), or null. */
function versionIn(event: EventEnvelope | null): number | null {
  const version = (event?.data as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' ? version : null;
}

/**
 * A repository in memory. Semantics (the contract of `test/contracts/repository.ts`):
 *
 * - `insert` stores a {@link snapshot} at version 1 (`created: true`). With a `key` already stored it
 *   writes nothing and answers the record stored under that key with `created: false`, even when the
 *   given value differs. Keys are per account: another account's key is not seen. An id already
 *   stored, without such a key, throws {@link DuplicateRecordError}.
 * - `get` answers null for a record that is absent or belongs to another account.
 * - `update` throws {@link RecordMissingError} when the id is not stored or `owner(value)` is not the
 *   stored owner (a record never changes account), {@link VersionConflictError} when the version is
 *   not `expected_version`; otherwise it stores a snapshot at version + 1 and answers it.
 *   With an `outbox` sink, `options.events` are appended to it in the same synchronous step, after the
 *   update (ids in call order, so a record's events follow its versions), and answered as `events`;
 *   every event is checked and copied first, so one that cannot be stored leaves record and sink as
 *   they were, and a key holding another version's event throws {@link OutboxKeyConflictError}.
 * - `remove` checks the same way; the removed record's key is freed.
 * - `list` answers the account's records in ascending id order, and their number.
 * - `find` and `search` answer the account's records that match, likewise: top-level equalities
 *   through indexes built on the first question about a field, the other conditions of `search`
 *   record by record (`recordMatches`).
 *
 * Reads hand out the stored, frozen snapshot itself: nobody can change the store through it.
 *
 * @example
 * ```ts
 * const contacts = memoryRepository<Contact>();
 * const { version } = await contacts.insert(contact, { key: 'import-7' }); // 1
 * await contacts.update({ ...contact, name: 'New name' }, version); // { value, version: 2 }
 * await contacts.update({ ...contact, name: 'Late writer' }, version); // throws VersionConflictError
 * await contacts.get(2, contact.id); // null: another account's
 * ```
 */
export function memoryRepository<T extends { readonly id: number }>(
  options: MemoryRepositoryOptions<T> = {},
): Repository<T> {
  const owner = options.owner ?? accountId;
  const outbox = options.outbox;
  const entries = new Map<number, Entry<T>>();
  const keys = new Map<string, number>();
  /** Each account's ids, ascending: ids usually grow, so an insert is usually a push. */
  const idsByOwner = new Map<number, number[]>();

  const ownerOf = (value: T): number => {
    const account = owner(value);
    if (!Number.isSafeInteger(account))
      throw new TypeError(
        `record ${String(value.id)} has no integer owner (account_id), not ${String(account)}`,
      );
    return account;
  };

  const stored = (entry: Entry<T>): Versioned<T> => ({ value: entry.value, version: entry.version });

  /*
   * Indexes for `find`, built on the first question about a field and kept up to date by every
   * write after it: field → "account, value" → ids (a Set: deletion in O(1); sorted when read).
   */
  const indexes = new Map<string, Map<string, Set<number>>>();
  const indexKey = (account: number, value: unknown): string => {
    const field = value === undefined || value === null ? null : value;
    return `${String(account)}\u0000${typeof field}\u0000${String(field)}`;
  };
  const addTo = (index: Map<string, Set<number>>, entry: Entry<T>, field: string): void => {
    const key = indexKey(entry.owner, (entry.value as Record<string, unknown>)[field]);
    const ids = index.get(key);
    if (ids === undefined) index.set(key, new Set([entry.value.id]));
    else ids.add(entry.value.id);
  };
  const indexEntry = (entry: Entry<T>, add: boolean): void => {
    for (const [field, index] of indexes) {
      if (add) {
        addTo(index, entry, field);
        continue;
      }
      const key = indexKey(entry.owner, (entry.value as Record<string, unknown>)[field]);
      const ids = index.get(key);
      if (ids !== undefined) {
        ids.delete(entry.value.id);
        if (ids.size === 0) index.delete(key);
      }
    }
  };
  const indexOf = (field: string): Map<string, Set<number>> => {
    let index = indexes.get(field);
    if (index === undefined) {
      index = new Map();
      for (const entry of entries.values()) addTo(index, entry, field);
      indexes.set(field, index);
    }
    return index;
  };

  /** The account's ids whose top-level fields equal every value of `where`, ascending. */
  const idsWhere = (account_id: number, where: Readonly<Record<string, FieldValue>>): readonly number[] => {
    const fields = Object.keys(where);
    if (fields.length === 0) return idsByOwner.get(account_id) ?? [];
    // The smallest index set, checked against the other fields.
    const sets = fields.map((field) => indexOf(field).get(indexKey(account_id, where[field])));
    if (sets.some((set) => set === undefined)) return [];
    const [smallest, ...others] = (sets as Set<number>[]).sort((a, b) => a.size - b.size);
    const ids = [...(smallest as Set<number>)].filter((id) => others.every((set) => set.has(id)));
    return ids.sort((a, b) => a - b);
  };

  /** A page of `ids` (ascending) and their number. */
  const pageOf = (ids: readonly number[], page: PageRequest): Page<T> => ({
    items: ids.slice(page.offset, page.offset + page.limit).map((id) => stored(entries.get(id) as Entry<T>)),
    total_count: ids.length,
  });

  /** The entry of `id` when it belongs to `account`. */
  const owned = (account: number, id: number): Entry<T> | undefined => {
    const entry = entries.get(id);
    return entry !== undefined && entry.owner === account ? entry : undefined;
  };

  return {
    async insert(value: T, insertOptions: InsertOptions = {}): Promise<Inserted<T>> {
      const account = ownerOf(value);
      // Keys are scoped by account like everything else: another tenant's key is simply not there.
      const key =
        insertOptions.key === undefined ? undefined : `${String(account)}\u0000${insertOptions.key}`;
      if (key !== undefined) {
        const existing = entries.get(keys.get(key) ?? Number.NaN);
        if (existing !== undefined) return { ...stored(existing), created: false };
      }
      if (!Number.isSafeInteger(value.id))
        throw new TypeError(`a record id must be a safe integer, not ${String(value.id)}`);
      if (entries.has(value.id)) throw new DuplicateRecordError(value.id);
      const entry: Entry<T> = { value: snapshot(value), version: 1, owner: account, key };
      entries.set(value.id, entry);
      indexEntry(entry, true);
      if (key !== undefined) keys.set(key, value.id);
      const ids = idsByOwner.get(account);
      if (ids === undefined) idsByOwner.set(account, [value.id]);
      else if (ids.length === 0 || (ids[ids.length - 1] as number) < value.id) ids.push(value.id);
      else ids.splice(position(ids, value.id), 0, value.id);
      return { ...stored(entry), created: true };
    },

    async get(account_id: number, id: number): Promise<Versioned<T> | null> {
      const entry = owned(account_id, id);
      return entry === undefined ? null : stored(entry);
    },

    async update(value: T, expected_version: number, updateOptions: UpdateOptions = {}): Promise<Updated<T>> {
      const entry = entries.get(value.id);
      if (entry === undefined || owner(value) !== entry.owner) throw new RecordMissingError(value.id);
      if (entry.version !== expected_version)
        throw new VersionConflictError(value.id, expected_version, entry.version);
      const outboxEvents = outbox === undefined ? undefined : updateOptions.events;
      if (outboxEvents !== undefined) checkOutbox(outboxEvents);
      const next: Entry<T> = { ...entry, value: snapshot(value), version: entry.version + 1 };
      // All or nothing: every event is checked and copied, and every key's stored event looked at,
      // before the entry changes; what remains (`commit`) cannot throw.
      const staged = outboxEvents === undefined ? undefined : outbox?.stageSync(outboxEvents);
      if (outboxEvents !== undefined && staged !== undefined)
        for (const [index, held] of staged.stored.entries()) {
          const heldVersion = versionIn(held);
          if (heldVersion !== null && heldVersion !== next.version)
            throw new OutboxKeyConflictError(
              value.id,
              (outboxEvents[index] as OutboxEvent).key,
              heldVersion,
              next.version,
            );
        }
      indexEntry(entry, false);
      entries.set(value.id, next);
      indexEntry(next, true);
      if (staged === undefined) return stored(next);
      // The outbox (issue #24 item 4): no await since the version check, so no other write comes
      // between this update and its events, and their ids follow the record's versions.
      return { ...stored(next), events: staged.commit() };
    },

    async remove(account_id: number, id: number, expected_version: number): Promise<void> {
      const entry = owned(account_id, id);
      if (entry === undefined) throw new RecordMissingError(id);
      if (entry.version !== expected_version)
        throw new VersionConflictError(id, expected_version, entry.version);
      entries.delete(id);
      indexEntry(entry, false);
      if (entry.key !== undefined) keys.delete(entry.key);
      const ids = idsByOwner.get(account_id);
      if (ids !== undefined) {
        const at = position(ids, id);
        if (ids[at] === id) ids.splice(at, 1);
      }
    },

    async list(account_id: number, page: PageRequest): Promise<Page<T>> {
      assertPageRequest(page);
      const ids = idsByOwner.get(account_id) ?? [];
      const items = ids
        .slice(page.offset, page.offset + page.limit)
        .map((id) => stored(entries.get(id) as Entry<T>));
      return { items, total_count: ids.length };
    },

    async ownerOf(id: number): Promise<number | null> {
      return entries.get(id)?.owner ?? null;
    },

    async find(
      account_id: number,
      where: Readonly<Record<string, FieldValue>>,
      page: PageRequest,
    ): Promise<Page<T>> {
      assertPageRequest(page);
      return pageOf(idsWhere(account_id, where), page);
    },

    async search(
      account_id: number,
      conditions: readonly RecordCondition[],
      page: PageRequest,
    ): Promise<Page<T>> {
      assertPageRequest(page);
      // The top-level equalities narrow the ids through the indexes, as `find` does; the other
      // conditions are then checked record by record (`recordMatches`, the meaning every adapter gives them).
      const { where, rest } = indexedEqualities(conditions);
      const ids = idsWhere(account_id, where);
      const matching =
        rest.length === 0
          ? ids
          : ids.filter((id) => recordMatches((entries.get(id) as Entry<T>).value, rest));
      return pageOf(matching, page);
    },
  };
}
