import type { AccountEvent, AccountEventKind } from '../model/accountEvent.js';
import { instantFromMillis } from '../model/instant.js';
import type { RecordCondition } from '../model/recordFilter.js';
import type { PageRequest, Ports } from '../ports.js';
import type { Caller } from './caller.js';
import { requireOwnedAccount } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/** What happened, for `recordAccountEvent`. */
export interface AccountEventDraft {
  account_id: number;
  type: AccountEventKind;
  name: string;
  resource_id: number | null;
  state?: string | null;
}

/**
 * Appends an entry to the account's event list (spec §4.6 GET /accounts/{account}/events). Every
 * service that changes a resource calls it after the change is stored.
 *
 * @example
 * ```ts
 * await recordAccountEvent(ports, { account_id: 1, type: 'ContactEvent', name: 'created', resource_id: 3 });
 * ```
 */
export async function recordAccountEvent(ports: Ports, draft: AccountEventDraft): Promise<AccountEvent> {
  const event: AccountEvent = {
    id: await ports.ids.next('account_event'),
    account_id: draft.account_id,
    type: draft.type,
    name: draft.name,
    resource_id: draft.resource_id,
    state: draft.state ?? null,
    created_at: instantFromMillis(ports.clock.now()),
  };
  await ports.store.accountEvents.insert(event);
  return event;
}

/** GET /accounts/{account}/events. */
export interface AccountEventService {
  /** The account's events, oldest first. */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
    /** Only the events that meet these (the list's `query`, issue #19); none: every one. */
    conditions?: readonly RecordCondition[],
  ): Promise<ResourcePage<AccountEvent>>;
}

/**
 * The account events service.
 *
 * @example
 * ```ts
 * const events = createAccountEventService(ports);
 * const page = await events.list(caller, 1, { offset: 0, limit: 25 });
 * ```
 */
export function createAccountEventService(ports: Ports): AccountEventService {
  return {
    async list(caller, account_id, page, conditions = []) {
      await requireOwnedAccount(ports, caller, account_id);
      const found = await ports.store.accountEvents.search(account_id, conditions, page);
      return { items: found.items.map((item) => item.value), total_count: found.total_count };
    },
  };
}
