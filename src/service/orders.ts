import type { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import { transitionOrderState } from '../lifecycle/orderState.js';
import type { Account } from '../model/account.js';
import { type Order, type OrderCreate, parseOrder, parseOrderMarkAs } from '../model/order.js';
import { orderTotal } from '../model/orderTotal.js';
import type { RecordCondition } from '../model/recordFilter.js';
import { roundingMethodFromAccount } from '../money/roundingMethod.js';
import { type PageRequest, type Ports, VersionConflictError } from '../ports.js';
import { issueAt } from '../rules/issue.js';
import { recordAccountEvent } from './accountEvents.js';
import { checkedPage } from './accountWrites.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { activeAccount, activeRecord, ownedRecord, requireOwnedAccount, resourceMissing } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/**
 * The use cases of orders (spec §4.6): GET and POST /accounts/{account}/orders, GET /orders/{id},
 * POST /orders/{id}/mark_as. Bodies are the canonical (newest-version) inner objects; the HTTP
 * binding unwraps and upgrades them. Every call checks that the caller's group owns the account
 * (404 `resource_missing` otherwise, DESIGN.md "Tenancy").
 */
export interface OrderService {
  /** GET /accounts/{account}/orders: the account's orders, ascending id, with their count. */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
    /** Only the records that meet these (the list's `query`, issue #19); none: every one. */
    conditions?: readonly RecordCondition[],
  ): Promise<ResourcePage<Order>>;
  /** POST /accounts/{account}/orders: a new order in state `new`. */
  create(caller: Caller, account_id: number, body: unknown): Promise<Order>;
  /** GET /orders/{id}. */
  get(caller: Caller, id: number): Promise<Order>;
  /** POST /orders/{id}/mark_as, body `{state, reason?}`: the order in its new state. */
  markAs(caller: Caller, id: number, body: unknown): Promise<Order>;
}

/**
 * The key under which an order number is unique (spec §7.2 `parameter_taken`; fiscalkit decides, as
 * for invoices, `invoiceNumberTakenIssues`): the account's own purchase orders are one numbering
 * series per account; received orders are numbered by their customers, so they are unique per
 * customer (`contact_id`). Rule `fiscalkit.order.number-taken`: fiscalkit's, as the key is.
 */
function numberKey(order: Pick<OrderCreate, 'number' | 'contact_id'> & { type: Order['type'] }) {
  return order.type === 'ReceivedOrder'
    ? { type: order.type, number: order.number, contact_id: order.contact_id }
    : { type: order.type, number: order.number };
}

function takenError(type: Order['type']): ApiError {
  return apiErrorFromIssues([
    issueAt(
      'fiscalkit.order.number-taken',
      'parameter_taken',
      ['number'],
      `is already used by another ${type} of this account`,
    ),
  ]);
}

/**
 * Spec §2.4 rule 5 holds for orders too (fiscalkit's choice): a state sent in the body is refused
 * with `parameter_invalid` at `state` rather than silently dropped by the parser, so a client that
 * tries to write it learns to use POST /orders/{id}/mark_as (rule `fiscalkit.order.state-not-writable`:
 * fiscalkit's, since the spec's §2.4 rule 5 is about invoices).
 */
function refuseWrittenState(body: unknown): void {
  if (typeof body === 'object' && body !== null && Object.hasOwn(body, 'state'))
    throw apiErrorFromIssues([
      issueAt(
        'fiscalkit.order.state-not-writable',
        'parameter_invalid',
        ['state'],
        'cannot be written on the order; use POST /orders/{id}/mark_as',
      ),
    ]);
}

/** The stored order for a parsed create request. */
function newOrder(id: number, account: Account, request: OrderCreate): Order {
  const currency = request.currency ?? account.currency ?? 'EUR';
  return {
    id,
    account_id: account.id,
    type: request.type ?? 'IssuedOrder',
    number: request.number,
    date: request.date,
    delivery_date: request.delivery_date ?? null,
    contact_id: request.contact_id,
    currency,
    buyer_reference: request.buyer_reference ?? null,
    notes: request.notes ?? null,
    state: 'new',
    state_reason: null,
    lines: request.lines.map((line, index) => ({
      // money-safe: a line's position, not an amount.
      line_number: index + 1,
      description: line.description,
      quantity: line.quantity,
      price: line.price,
      unit: line.unit ?? null,
      item_code: line.item_code ?? null,
    })),
    total: orderTotal(request.lines, currency, roundingMethodFromAccount(account.rounding_method)),
  };
}

/**
 * The order service.
 *
 * - `create` parses the body (`parseOrder`; a `state` in it is `parameter_invalid`), checks that
 *   `contact_id` names a contact of the account (`parameter_invalid` at `contact_id` otherwise: the
 *   path's account exists, the reference in the body is what is wrong) and that the number is free
 *   (`parameter_taken` at `number`), computes `total`, stores the order as `new` and records an
 *   `OrderEvent` `created` in the account's events.
 * - `markAs` moves the state through `transitionOrderState` (409 `conflict` for a forbidden move, 422
 *   `parameter_inclusion` for a state the order's type does not have), under optimistic concurrency
 *   (a concurrent change is re-read and the move judged again), and records `OrderEvent`
 *   `state_changed` when the state changed.
 *
 * @example
 * ```ts
 * const orders = createOrderService(ports, deps);
 * const order = await orders.create(caller, 1, {
 *   number: 'PO-1', date: '2026-04-20', contact_id: 7,
 *   lines: [{ description: 'Paper A4', quantity: '10', price: '3.50' }],
 * });
 * (await orders.markAs(caller, order.id, { state: 'sent' })).state; // 'sent'
 * ```
 */
export function createOrderService(ports: Ports, _deps: ServiceDeps): OrderService {
  const repository = ports.store.orders;
  return {
    async list(caller, account_id, page, conditions = []) {
      await requireOwnedAccount(ports, caller, account_id);
      const found = await repository.search(account_id, conditions, checkedPage(page));
      return { items: found.items.map((item) => item.value), total_count: found.total_count };
    },

    async create(caller, account_id, body) {
      const { value: account } = await activeAccount(ports, caller, account_id);
      refuseWrittenState(body);
      const parsed = parseOrder(body);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      const request = parsed.data;
      if ((await ports.store.contacts.get(account_id, request.contact_id)) === null)
        throw apiErrorFromIssues([
          issueAt(
            'fiscalkit.resource.account-reference',
            'parameter_invalid',
            ['contact_id'],
            `names no contact of account ${String(account_id)}`,
          ),
        ]);
      const type = request.type ?? 'IssuedOrder';
      const key = numberKey({ ...request, type });
      const holders = await repository.find(account_id, key, { offset: 0, limit: 1 });
      if (holders.total_count > 0) throw takenError(type);
      const order = newOrder(await ports.ids.next('order'), account, request);
      // The idempotency key closes the race between the lookup above and this insert: of two
      // concurrent requests with the same number, the second finds the key taken.
      const inserted = await repository.insert(order, { key: `number:${JSON.stringify(key)}` });
      if (!inserted.created) throw takenError(type);
      await recordAccountEvent(ports, {
        account_id,
        type: 'OrderEvent',
        name: 'created',
        resource_id: order.id,
        state: order.state,
      });
      return inserted.value;
    },

    async get(caller, id) {
      return (await ownedRecord(ports, caller, repository, id, 'order')).value;
    },

    async markAs(caller, id, body) {
      let stored = await activeRecord(ports, caller, repository, id, 'order');
      const parsed = parseOrderMarkAs(body);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      for (;;) {
        const transition = transitionOrderState(stored.value, parsed.data.state);
        if (!transition.accepted) throw apiErrorFromIssues([transition.issue]);
        if (!transition.changed) return stored.value;
        const next: Order = {
          ...stored.value,
          state: transition.state,
          state_reason: parsed.data.reason ?? null,
        };
        try {
          const updated = await repository.update(next, stored.version);
          await recordAccountEvent(ports, {
            account_id: next.account_id,
            type: 'OrderEvent',
            name: 'state_changed',
            resource_id: next.id,
            state: next.state,
          });
          return updated.value;
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
          const reread = await repository.get(stored.value.account_id, id);
          if (reread === null) throw resourceMissing('order', id);
          stored = reread;
        }
      }
    },
  };
}
