import type { ValidationIssue } from '../errors/validationIssue.js';
import { ORDER_STATES, type OrderState, type OrderType } from '../model/order.js';

/**
 * The moves of an order's state by POST /orders/{id}/mark_as (spec §4.6; the states are
 * `ORDER_STATES`, fiscalkit's, since spec §3.3 shows none). A purchase order flow (UBL / Peppol
 * Ordering): an order is sent, then answered — accepted or refused — and an accepted order is
 * fulfilled (`closed`). Either party may withdraw it (`cancelled`) until it is fulfilled.
 *
 * | from | to |
 * |---|---|
 * | `new` | `sent`, `accepted`, `refused`, `cancelled` |
 * | `sent` | `accepted`, `refused`, `cancelled` |
 * | `accepted` | `closed`, `cancelled` |
 * | `refused`, `cancelled`, `closed` | — (final) |
 *
 * No state goes back to `new` or `sent`: an answered order stays answered. `new` can also be
 * accepted or refused directly, because a received order is answered without being "sent" by the
 * account, and an issued one may be answered by a supplier that got it another way.
 */
export const ORDER_STATE_MOVES: Readonly<Record<OrderState, readonly OrderState[]>> = {
  new: ['sent', 'accepted', 'refused', 'cancelled'],
  sent: ['accepted', 'refused', 'cancelled'],
  accepted: ['closed', 'cancelled'],
  refused: [],
  cancelled: [],
  closed: [],
};

/**
 * The states POST /orders/{id}/mark_as accepts, per order type, as the invoice's `mark_as` has a list
 * per invoice type (api-notes.md §8.2): `sent` only for the account's own purchase orders (a received
 * order was sent by the customer, not the account); `new` for neither (nothing returns to it).
 */
export const ORDER_MARK_AS_STATES: Readonly<Record<OrderType, readonly OrderState[]>> = {
  IssuedOrder: ['sent', 'accepted', 'refused', 'cancelled', 'closed'],
  ReceivedOrder: ['accepted', 'refused', 'cancelled', 'closed'],
};

/** The final states: no move leaves them. */
export const FINAL_ORDER_STATES: readonly OrderState[] = ORDER_STATES.filter(
  (state) => ORDER_STATE_MOVES[state].length === 0,
);

/**
 * The answer of {@link transitionOrderState}: the state to store and whether it changed, or the
 * issue that refuses the move (`parameter_inclusion` at `state`, or `conflict`).
 */
export type OrderStateTransition =
  | { accepted: true; state: OrderState; changed: boolean }
  | { accepted: false; state: OrderState; issue: ValidationIssue };

function refuse(state: OrderState, issue: ValidationIssue): OrderStateTransition {
  return { accepted: false, state, issue };
}

/**
 * The order state machine of POST /orders/{id}/mark_as, pure (DESIGN.md "State machines are pure"):
 *
 * - a `target` outside {@link ORDER_MARK_AS_STATES} for the order's type → refused with
 *   `parameter_inclusion` at `state` (422), listing the states that type accepts (the catalogue of
 *   spec §7.2: "value outside the permitted catalogue"; rule `fiscalkit.order.mark-as-state`);
 * - the order's current state → accepted, `changed: false`: marking an order as what it already is
 *   is a no-op, so a client retrying a request whose answer it lost gets the order back rather than
 *   an error (a demanding client retries);
 * - a move in {@link ORDER_STATE_MOVES} → accepted, `changed: true`;
 * - any other move → refused with `conflict` (409, spec §7.2 "current resource state rejects the
 *   operation"; rule `fiscalkit.order.state-move`), saying which moves the current state allows.
 *
 * @example
 * ```ts
 * transitionOrderState({ type: 'IssuedOrder', state: 'sent' }, 'accepted'); // { accepted: true, state: 'accepted', changed: true }
 * transitionOrderState({ type: 'IssuedOrder', state: 'refused' }, 'accepted').accepted; // false: 409 conflict
 * transitionOrderState({ type: 'ReceivedOrder', state: 'new' }, 'sent').accepted; // false: 422 parameter_inclusion
 * ```
 */
export function transitionOrderState(
  order: { readonly type: OrderType; readonly state: OrderState },
  target: string,
): OrderStateTransition {
  const allowed = ORDER_MARK_AS_STATES[order.type];
  const wanted = allowed.find((state) => state === target);
  if (wanted === undefined)
    return refuse(order.state, {
      rule: 'fiscalkit.order.mark-as-state',
      code: 'parameter_inclusion',
      param: 'state',
      message: `state must be one of ${allowed.join(', ')} for type ${order.type}, not ${JSON.stringify(target.slice(0, 40))}`,
    });
  if (wanted === order.state) return { accepted: true, state: wanted, changed: false };
  const moves = ORDER_STATE_MOVES[order.state];
  if (!moves.includes(wanted))
    return refuse(order.state, {
      rule: 'fiscalkit.order.state-move',
      code: 'conflict',
      param: 'state',
      message:
        moves.length === 0
          ? `the order is ${order.state}, a final state: it cannot be marked as ${wanted}`
          : `an order that is ${order.state} can be marked as ${moves.join(', ')}, not ${wanted}`,
    });
  return { accepted: true, state: wanted, changed: true };
}
