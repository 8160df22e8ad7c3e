import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues, type ValidationIssue } from '../errors/validationIssue.js';
import {
  type DespatchAdvice,
  type DespatchAdviceCreate,
  type DespatchLine,
  parseDespatchAdvice,
} from '../model/despatchAdvice.js';
import type { Order } from '../model/order.js';
import type { RecordCondition } from '../model/recordFilter.js';
import type { PageRequest, Ports } from '../ports.js';
import { issueAt } from '../rules/issue.js';
import { recordAccountEvent } from './accountEvents.js';
import { checkedPage } from './accountWrites.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { activeAccount, ownedRecord, requireOwnedAccount } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/**
 * The use cases of despatch advices (spec §4.6 POST /accounts/{account}/despatch_advices). The spec
 * lists only the create endpoint; fiscalkit adds the account's list and GET /despatch_advices/{id}, so
 * that a despatch advice once created can be read back (a demanding client reconciles what it sent).
 */
export interface DespatchAdviceService {
  /** GET /accounts/{account}/despatch_advices (fiscalkit's addition). */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
    /** Only the records that meet these (the list's `query`, issue #19); none: every one. */
    conditions?: readonly RecordCondition[],
  ): Promise<ResourcePage<DespatchAdvice>>;
  /** POST /accounts/{account}/despatch_advices. */
  create(caller: Caller, account_id: number, body: unknown): Promise<DespatchAdvice>;
  /** GET /despatch_advices/{id} (fiscalkit's addition). */
  get(caller: Caller, id: number): Promise<DespatchAdvice>;
}

/**
 * The states of an order that can no longer be delivered: goods despatched against a refused or
 * cancelled order contradict the order's own state (spec §7.2 `conflict`: "current resource state
 * rejects the operation"). A `new`, `sent`, `accepted` or `closed` order may be delivered against
 * (closing an order does not forbid a late despatch advice describing a delivery already made).
 */
const UNDELIVERABLE: ReadonlySet<Order['state']> = new Set(['refused', 'cancelled']);

function invalid(issues: ValidationIssue[]): never {
  throw apiErrorFromIssues(issues);
}

/**
 * The order the request names, or null when it names none. An id that is not an order of the
 * account is `parameter_invalid` at `order_id` (the reference in the body is wrong, the path is not);
 * another tenant's order is not an order of the account, so its existence is never revealed.
 */
async function referencedOrder(
  ports: Ports,
  account_id: number,
  request: DespatchAdviceCreate,
): Promise<Order | null> {
  if (request.order_id === undefined || request.order_id === null) return null;
  const order = await ports.store.orders.get(account_id, request.order_id);
  if (order === null)
    invalid([
      issueAt(
        'fiscalkit.resource.account-reference',
        'parameter_invalid',
        ['order_id'],
        `names no order of account ${String(account_id)}`,
      ),
    ]);
  if (UNDELIVERABLE.has(order.value.state))
    throw new ApiError(
      'conflict',
      `order ${String(order.value.id)} is ${order.value.state}: goods cannot be despatched against it`,
      { param: 'order_id' },
    );
  return order.value;
}

/**
 * The delivered lines: each takes what it does not say (`description`, `unit`, `item_code`) from the
 * order line it names. A line naming an order line needs an order (`parameter_invalid` at
 * `lines[i].order_line_number` without `order_id`, or when the order has no such line); a line with
 * no description of its own nor an order line to take it from is `parameter_blank` at
 * `lines[i].description`. Quantities are not compared with the order's: partial and over-deliveries
 * happen, and the despatch advice records what was actually sent.
 */
function deliveredLines(request: DespatchAdviceCreate, order: Order | null): DespatchLine[] {
  const issues: ValidationIssue[] = [];
  const lines = request.lines.map((line, index): DespatchLine => {
    let ordered: Order['lines'][number] | undefined;
    const wanted = line.order_line_number;
    if (wanted !== undefined && wanted !== null) {
      if (order === null)
        issues.push(
          issueAt(
            'fiscalkit.despatch-advice.order-line',
            'parameter_invalid',
            ['lines', index, 'order_line_number'],
            'needs order_id: name the order',
          ),
        );
      else {
        ordered = order.lines.find((candidate) => candidate.line_number === wanted);
        if (ordered === undefined)
          issues.push(
            issueAt(
              'fiscalkit.despatch-advice.order-line',
              'parameter_invalid',
              ['lines', index, 'order_line_number'],
              `names no line of order ${String(order.id)} (it has ${String(order.lines.length)})`,
            ),
          );
      }
    }
    const description = line.description?.trim() ? line.description : (ordered?.description ?? null);
    if (description === null)
      issues.push(
        issueAt(
          'fiscalkit.despatch-advice.line-description',
          'parameter_blank',
          ['lines', index, 'description'],
          'is required (or name the order line it delivers in order_line_number)',
        ),
      );
    return {
      // money-safe: a line's position, not an amount.
      line_number: index + 1,
      description: description ?? '',
      quantity: line.quantity,
      unit: line.unit ?? ordered?.unit ?? null,
      item_code: line.item_code ?? ordered?.item_code ?? null,
      order_line_number: ordered === undefined ? null : ordered.line_number,
    };
  });
  if (issues.length > 0) invalid(issues);
  return lines;
}

/**
 * The despatch advice service. `create` parses the body (`parseDespatchAdvice`), then resolves its
 * references in the account:
 *
 * - `order_id` must name an order of the account (`parameter_invalid`), not `refused` or `cancelled`
 *   (409 `conflict`); `order_reference` defaults to its number, and a different one is
 *   `parameter_invalid` (one despatch advice, one order);
 * - `contact_id` defaults to the order's contact; neither is `parameter_blank` at `contact_id`; one
 *   that differs from the order's, or names no contact of the account, is `parameter_invalid`;
 * - the lines (see `deliveredLines`); the number must be free in the account (`parameter_taken`).
 *
 * These rules are fiscalkit's (spec §2.1: the despatch advice's fields are not shown), so their ids
 * are `fiscalkit.despatch-advice.*`, and `fiscalkit.resource.account-reference` for an id that names
 * no record of the account (as for an order's `contact_id`).
 *
 * It stores the despatch advice and records a `DespatchAdviceEvent` `created` in the account's events.
 *
 * @example
 * ```ts
 * const advices = createDespatchAdviceService(ports, deps);
 * const advice = await advices.create(caller, 1, {
 *   number: 'DA-1', date: '2026-04-21', order_id: 12, lines: [{ order_line_number: 1, quantity: '4' }],
 * });
 * advice.contact_id; // the order's contact
 * ```
 */
export function createDespatchAdviceService(ports: Ports, _deps: ServiceDeps): DespatchAdviceService {
  const repository = ports.store.despatchAdvices;
  return {
    async list(caller, account_id, page, conditions = []) {
      await requireOwnedAccount(ports, caller, account_id);
      const found = await repository.search(account_id, conditions, checkedPage(page));
      return { items: found.items.map((item) => item.value), total_count: found.total_count };
    },

    async create(caller, account_id, body) {
      await activeAccount(ports, caller, account_id);
      const parsed = parseDespatchAdvice(body);
      if (!parsed.success) invalid(parsed.issues);
      const request = parsed.data;
      const order = await referencedOrder(ports, account_id, request);
      const sentReference = request.order_reference?.trim() ? request.order_reference : null;
      if (order !== null && sentReference !== null && sentReference !== order.number)
        invalid([
          issueAt(
            'fiscalkit.despatch-advice.order-reference',
            'parameter_invalid',
            ['order_reference'],
            `is ${JSON.stringify(sentReference)}, but order ${String(order.id)} is number ${JSON.stringify(order.number)}`,
          ),
        ]);
      const contact_id = request.contact_id ?? order?.contact_id ?? null;
      if (contact_id === null)
        invalid([
          issueAt(
            'fiscalkit.despatch-advice.contact-required',
            'parameter_blank',
            ['contact_id'],
            'is required (or name the order in order_id)',
          ),
        ]);
      if (order !== null && contact_id !== order.contact_id)
        invalid([
          issueAt(
            'fiscalkit.despatch-advice.order-contact',
            'parameter_invalid',
            ['contact_id'],
            `differs from the contact of order ${String(order.id)} (${String(order.contact_id)})`,
          ),
        ]);
      if ((await ports.store.contacts.get(account_id, contact_id)) === null)
        invalid([
          issueAt(
            'fiscalkit.resource.account-reference',
            'parameter_invalid',
            ['contact_id'],
            `names no contact of account ${String(account_id)}`,
          ),
        ]);
      const lines = deliveredLines(request, order);
      const taken = () =>
        apiErrorFromIssues([
          issueAt(
            'fiscalkit.despatch-advice.number-taken',
            'parameter_taken',
            ['number'],
            'is already used by another despatch advice of this account',
          ),
        ]);
      if (
        (await repository.find(account_id, { number: request.number }, { offset: 0, limit: 1 })).total_count >
        0
      )
        throw taken();
      const advice: DespatchAdvice = {
        id: await ports.ids.next('despatch_advice'),
        account_id,
        number: request.number,
        date: request.date,
        delivery_date: request.delivery_date ?? null,
        order_id: order?.id ?? null,
        order_reference: sentReference ?? order?.number ?? null,
        contact_id,
        delivery_address: request.delivery_address ?? null,
        delivery_city: request.delivery_city ?? null,
        delivery_postalcode: request.delivery_postalcode ?? null,
        delivery_country: request.delivery_country ?? null,
        notes: request.notes ?? null,
        lines,
      };
      // The idempotency key closes the race between the lookup above and this insert.
      const inserted = await repository.insert(advice, { key: `number:${request.number}` });
      if (!inserted.created) throw taken();
      await recordAccountEvent(ports, {
        account_id,
        type: 'DespatchAdviceEvent',
        name: 'created',
        resource_id: advice.id,
      });
      return inserted.value;
    },

    async get(caller, id) {
      return (await ownedRecord(ports, caller, repository, id, 'despatch advice')).value;
    },
  };
}
