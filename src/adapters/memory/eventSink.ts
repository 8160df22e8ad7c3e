/**
 * The event store in memory (ports.ts `EventSink`): ids 1, 2, 3… across accounts, idempotent by key,
 * each account's events oldest first.
 *
 * @module
 */

import type { EventEnvelope } from '../../model/event.js';
import { assertPageRequest } from '../../model/pageRequest.js';
import type { EventSink, PageRequest } from '../../ports.js';
import { snapshot } from './snapshot.js';

interface StoredEvent {
  readonly account_id: number;
  readonly event: EventEnvelope;
}

/**
 * A {@link memoryEventSink}: the {@link EventSink} port, and `appendSync`, the same append done at
 * once, for the memory repositories' outbox (`memoryRepository({ outbox })`, issue #24 item 4): an
 * update and its events are stored in one synchronous step, so no other write comes between them.
 */
export interface MemoryEventSink extends EventSink {
  /** `append`, synchronously; throws a `TypeError` (storing nothing) for an account that is no integer. */
  appendSync(
    account_id: number,
    event: EventEnvelope,
    key: string,
  ): { event: EventEnvelope; created: boolean };
  /**
   * The first half of appending `events` at once, for an update's outbox, which must store all of them
   * or none: checks every account and builds every frozen envelope (throwing, with nothing stored,
   * for an account that is no integer or an envelope that cannot be copied), and answers the event
   * each key already holds (`stored`, null for a new key). `commit()` then stores them in order and
   * answers them as `appendSync` would; it cannot throw, so a caller may change its own state first.
   */
  stageSync(events: readonly StagedEvent[]): {
    stored: readonly (EventEnvelope | null)[];
    commit(): EventEnvelope[];
  };
}

/** An event to {@link MemoryEventSink.stageSync}: its account, envelope and key, as `append` takes them. */
export interface StagedEvent {
  readonly account_id: number;
  readonly event: EventEnvelope;
  readonly key: string;
}

/**
 * An event sink in memory. `append` stores the envelope with its `id` set (ids 1, 2, 3… shared by
 * all accounts, keys in the order `id`, `code`, `triggered_at`, `data`, as the API writes an event) and
 * answers it with `created: true`; with a `key` already appended (in any account) it stores nothing
 * and answers the event stored under it, `created: false`. `get` and `byKey` answer null for another
 * account's event; `list` answers the account's events oldest first (ascending id) and their number.
 * Stored events are frozen {@link snapshot}s. `appendSync` appends at once, and `stageSync` checks
 * and copies a list of events before `commit` stores them all (the repositories' outbox: all or none).
 *
 * @example
 * ```ts
 * const events = memoryEventSink();
 * const event = buildEvent('tin_verification.finished', { id: 42, status: 'success' }, { triggered_at: 1776681600 });
 * await events.append(1, event, 'tin_verification:42'); // { event: { id: 1, code: …, triggered_at: …, data: … }, created: true }
 * await events.append(1, event, 'tin_verification:42'); // the same event, created: false
 * await events.get(2, 1); // null: account 1's
 * await events.byKey(1, 'tin_verification:42'); // the event with id 1
 * ```
 */
export function memoryEventSink(): MemoryEventSink {
  const byId = new Map<number, StoredEvent>();
  const idsByKey = new Map<string, number>();
  /** Each account's event ids, ascending (appended in id order). */
  const byAccount = new Map<number, number[]>();
  let lastId = 0;

  const storedUnder = (key: string) => byId.get(idsByKey.get(key) ?? Number.NaN)?.event ?? null;

  /** The envelope's parts, checked and copied (frozen), before anything is stored. */
  const build = (account_id: number, event: EventEnvelope) => {
    if (!Number.isSafeInteger(account_id))
      throw new TypeError(`account_id must be a safe integer, not ${String(account_id)}`);
    const { code, triggered_at, data } = event;
    return snapshot({ code, triggered_at, data });
  };

  /** Stores a built envelope under `key` (or answers the event the key holds); cannot throw. */
  const store = (account_id: number, built: ReturnType<typeof build>, key: string) => {
    const existing = storedUnder(key);
    if (existing !== null) return { event: existing, created: false };
    lastId += 1;
    const stored = Object.freeze({
      id: lastId,
      code: built.code,
      triggered_at: built.triggered_at,
      data: built.data,
    }) as EventEnvelope;
    byId.set(lastId, { account_id, event: stored });
    idsByKey.set(key, lastId);
    const ids = byAccount.get(account_id);
    if (ids === undefined) byAccount.set(account_id, [lastId]);
    else ids.push(lastId);
    return { event: stored, created: true };
  };

  const appendSync = (account_id: number, event: EventEnvelope, key: string) => {
    const existing = storedUnder(key);
    if (existing !== null) return { event: existing, created: false };
    return store(account_id, build(account_id, event), key);
  };

  const stageSync = (events: readonly StagedEvent[]) => {
    const built = events.map((item) => build(item.account_id, item.event));
    return {
      stored: events.map((item) => storedUnder(item.key)),
      commit: () =>
        events.map(
          (item, index) => store(item.account_id, built[index] as (typeof built)[number], item.key).event,
        ),
    };
  };

  const owned = (account_id: number, id: number | undefined) => {
    const stored = byId.get(id ?? Number.NaN);
    return stored !== undefined && stored.account_id === account_id ? stored.event : null;
  };

  return {
    appendSync,
    stageSync,

    async append(account_id: number, event: EventEnvelope, key: string) {
      return appendSync(account_id, event, key);
    },

    async get(account_id: number, id: number) {
      return owned(account_id, id);
    },

    async byKey(account_id: number, key: string) {
      return owned(account_id, idsByKey.get(key));
    },

    async list(account_id: number, page: PageRequest) {
      assertPageRequest(page);
      const ids = byAccount.get(account_id) ?? [];
      return {
        items: ids
          .slice(page.offset, page.offset + page.limit)
          .map((id) => (byId.get(id) as StoredEvent).event),
        total_count: ids.length,
      };
    },
  };
}
