import { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { currencyCode, decimal, identifier, isoDate, oneOf, optional, requiredText, text } from './fields.js';
import { parseWith } from './parse.js';

/**
 * Orders (spec §4.6: GET, POST /accounts/{account}/orders; GET /orders/{id}; POST
 * /orders/{id}/mark_as). The spec shows no field of an order (§2.1 "full field lists … not shown"),
 * so the fields are **fiscalkit's**, taken from what a purchase order carries in UBL 2.1 / Peppol BIS
 * Ordering 3 (`Order`): its number and issue date, the counterparty, the currency, the requested
 * delivery date and the ordered lines (item name, quantity, price), plus the state `mark_as` moves.
 * Field names follow the invoice's (`number`, `date`, `contact_id`, `currency`, `buyer_reference`,
 * `notes`), so a client that writes invoices writes orders without a second vocabulary.
 */

/**
 * The document class of an order (fiscalkit's, after the invoice's `IssuedInvoice` /
 * `ReceivedInvoice`, api-notes.md §8.1): `IssuedOrder` is a purchase order the account sends to a
 * supplier (the contact); `ReceivedOrder` is a customer's order the account received (the contact is
 * the buyer). The default is `IssuedOrder`, the document a client creates through the API.
 */
export const ORDER_TYPES = ['IssuedOrder', 'ReceivedOrder'] as const;

/** An order's document class. */
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * The states of an order (fiscalkit's; spec §3.3 shows none, and §4.6 only that `mark_as` changes
 * it). They follow the purchase order flow of UBL / Peppol Ordering, whose Order Response answers
 * an order with accepted (`AP`) or rejected (`RE`):
 *
 * - `new`: created, not yet sent or answered;
 * - `sent`: a purchase order (`IssuedOrder`) sent to the supplier, awaiting its answer;
 * - `accepted`: the seller accepted the order (Order Response `AP`);
 * - `refused`: the seller refused it (Order Response `RE`). Final;
 * - `cancelled`: withdrawn by either party before it was fulfilled (Order Cancellation). Final;
 * - `closed`: fulfilled — delivered and invoiced; nothing more will happen to it. Final.
 *
 * The moves between them are `src/lifecycle/orderState.ts`.
 */
export const ORDER_STATES = ['new', 'sent', 'accepted', 'refused', 'cancelled', 'closed'] as const;

/** An order state. */
export type OrderState = (typeof ORDER_STATES)[number];

/** Most lines in one order (the invoice's limit, `MAX_INVOICE_LINES`). */
export const MAX_ORDER_LINES = 10_000;

/** Longest `reason` of a state change (the length of every other free-text note of the model). */
export const MAX_STATE_REASON_LENGTH = 1024;

/**
 * One ordered line as written (UBL `OrderLine/LineItem`): what is ordered (`description`, required:
 * Peppol requires the item name), `quantity` (greater than zero), the unit `price` agreed (zero
 * allowed: a free sample), the `unit` of measure and the seller's `item_code`. Amounts are decimal
 * strings, as everywhere (DESIGN.md "Money is never a JS number").
 */
export const OrderLineWriteSchema = z.object({
  description: requiredText(2048),
  quantity: decimal({ maxDecimals: 6, sign: 'positive' }),
  price: decimal({ maxDecimals: 8, sign: 'non_negative' }),
  unit: text(32).nullish(),
  item_code: text(64).nullish(),
});

/** An order line as sent. */
export type OrderLineWrite = z.output<typeof OrderLineWriteSchema>;

/**
 * An order line as stored and returned: the written fields plus `line_number`, its position in the
 * order from 1 (UBL `LineItem/ID`), which despatch advices name in `order_line_number`.
 */
export const OrderLineSchema = z.object({
  line_number: z.number().int().min(1).max(MAX_ORDER_LINES),
  description: requiredText(2048),
  quantity: decimal({ maxDecimals: 6, sign: 'positive' }),
  price: decimal({ maxDecimals: 8, sign: 'non_negative' }),
  unit: text(32).nullable(),
  item_code: text(64).nullable(),
});

/** A stored order line. */
export type OrderLine = z.output<typeof OrderLineSchema>;

/**
 * The writable fields of an order. `contact_id` is required: an order is always addressed to (or
 * comes from) a known contact of the account. `currency` defaults to the account's, else EUR. `state`
 * is not writable: it is moved by POST /orders/{id}/mark_as (as the invoice's, spec §2.4 rule 5).
 */
const writable = {
  type: optional(oneOf(ORDER_TYPES)),
  number: requiredText(),
  date: isoDate(),
  delivery_date: optional(isoDate()),
  contact_id: identifier(),
  currency: optional(currencyCode()),
  buyer_reference: text().nullish(),
  notes: text(4096).nullish(),
  lines: z.array(OrderLineWriteSchema).min(1).max(MAX_ORDER_LINES),
};

/** Body of POST /accounts/{account}/orders (the object inside `{"order": …}`). */
export const OrderCreateSchema = z.object(writable);

/** An order as sent on create. */
export type OrderCreate = z.output<typeof OrderCreateSchema>;

/**
 * An order as stored and returned (newest version's shape): the writable fields with their defaults
 * applied, the numbered lines, `state` with the `state_reason` given with its last change (null when
 * none), and `total`: the sum of quantity × price over the lines, rounded once to the currency's
 * minor unit with the account's rounding method, taxes excluded (UBL
 * `AnticipatedMonetaryTotal/LineExtensionAmount`; an order carries no tax calculation of its own).
 */
export const OrderSchema = z.object({
  id: identifier(),
  account_id: identifier(),
  type: oneOf(ORDER_TYPES),
  number: requiredText(),
  date: isoDate(),
  delivery_date: isoDate().nullable(),
  contact_id: identifier(),
  currency: currencyCode(),
  buyer_reference: text().nullable(),
  notes: text(4096).nullable(),
  state: oneOf(ORDER_STATES),
  state_reason: text(MAX_STATE_REASON_LENGTH).nullable(),
  lines: z.array(OrderLineSchema).min(1).max(MAX_ORDER_LINES),
  total: decimal(),
});

/** A stored order. */
export type Order = z.output<typeof OrderSchema>;

/**
 * Parses an order request body (the object inside `{"order": …}`): structure and field values; the
 * references (`contact_id`) and the unique number are checked by the order service.
 *
 * @example
 * ```ts
 * const result = parseOrder(
 *   { number: 'PO-1', date: '2026-04-20', contact_id: 7,
 *     lines: [{ description: 'Paper A4', quantity: '10', price: '3.50' }] },
 * );
 * result.success && result.data.lines[0]?.price; // '3.50'
 * ```
 */
export function parseOrder(input: unknown): Validated<OrderCreate> {
  return parseWith(OrderCreateSchema, input);
}

/**
 * Body of POST /orders/{id}/mark_as: the `state` to move to and an optional `reason` (why an order
 * was refused or cancelled, kept as `state_reason`; UBL Order Response `Note`). The body is not
 * wrapped: it names an action, not a resource. Whether `state` is one the order can move to is the
 * state machine's question (`transitionOrderState`), so any string passes here.
 */
export const OrderMarkAsSchema = z.object({
  state: requiredText(32),
  reason: text(MAX_STATE_REASON_LENGTH).nullish(),
});

/** A parsed mark_as request. */
export type OrderMarkAs = z.output<typeof OrderMarkAsSchema>;

/**
 * Parses the body of POST /orders/{id}/mark_as: `state` required (`parameter_blank`), a string
 * (`invalid_request_params` otherwise); `reason` optional, at most 1024 characters.
 *
 * @example
 * ```ts
 * parseOrderMarkAs({ state: 'refused', reason: 'out of stock' }); // { success: true, data: { state: 'refused', reason: 'out of stock' } }
 * parseOrderMarkAs({}).success; // false: parameter_blank at state
 * ```
 */
export function parseOrderMarkAs(input: unknown): Validated<OrderMarkAs> {
  return parseWith(OrderMarkAsSchema, input);
}
