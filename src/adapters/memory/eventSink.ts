/**
 * The event store in memory (ports.ts `EventSink`): ids 1, 2, 3… across accounts, idempotent by key,
 * each account's events oldest first.
 *
 * @module
 */

import type { EventEnvelope } from '../../model/event.js';
import type { EventSink, PageRequest } from '../../ports.js';
import { snapshot } from './snapshot.js';

interface StoredEvent {
  readonly account_id: number;
  readonly event: EventEnvelope;
}

/**
 * An event sink in memory. `append` stores the envelope with its `id` set (ids 1, 2, 3… shared by
 * all accounts, keys in the order `id`, `code`, `triggered_at`, `data`, as the API writes an event) and
 * answers it with `created: true`; with a `key` already appended (in any account) it stores nothing
 * and answers the event stored under it, `created: false`. `get` answers null for another account's
 * event; `list` answers the account's events oldest first (ascending id) and their number. Stored
 * events are frozen {@link snapshot}s.
 *
 * @example
 * ```ts
 * const events = memoryEventSink();
 * const event = buildEvent('tin_verification.finished', { id: 42, status: 'success' }, { triggered_at: 1776681600 });
 * await events.append(1, event, 'tin_verification:42'); // { event: { id: 1, code: …, triggered_at: …, data: … }, created: true }
 * await events.append(1, event, 'tin_verification:42'); // the same event, created: false
 * await events.get(2, 1); // null: account 1's
 * ```
 */
export function memoryEventSink(): EventSink {
  const byId = new Map<number, StoredEvent>();
  const byKey = new Map<string, number>();
  /** Each account's event ids, ascending (appended in id order). */
  const byAccount = new Map<number, number[]>();
  let lastId = 0;

  return {
    async append(account_id: number, event: EventEnvelope, key: string) {
      const existing = byId.get(byKey.get(key) ?? Number.NaN);
      if (existing !== undefined) return { event: existing.event, created: false };
      if (!Number.isSafeInteger(account_id))
        throw new TypeError(`account_id must be a safe integer, not ${String(account_id)}`);
      lastId += 1;
      const { id: _ignored, code, triggered_at, data } = event;
      const stored = snapshot({ id: lastId, code, triggered_at, data } as EventEnvelope);
      byId.set(lastId, { account_id, event: stored });
      byKey.set(key, lastId);
      const ids = byAccount.get(account_id);
      if (ids === undefined) byAccount.set(account_id, [lastId]);
      else ids.push(lastId);
      return { event: stored, created: true };
    },

    async get(account_id: number, id: number) {
      const stored = byId.get(id);
      return stored !== undefined && stored.account_id === account_id ? stored.event : null;
    },

    async list(account_id: number, page: PageRequest) {
      if (
        !Number.isSafeInteger(page.offset) ||
        page.offset < 0 ||
        !Number.isSafeInteger(page.limit) ||
        page.limit < 0
      )
        throw new RangeError(
          `a page needs a non-negative integer offset and limit, not ${String(page.offset)} and ${String(page.limit)}`,
        );
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
