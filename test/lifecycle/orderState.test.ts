/**
 * The order state machine of POST /orders/{id}/mark_as (spec §4.6; the states and moves are
 * fiscalkit's, `src/lifecycle/orderState.ts`), and the order total it is stored with.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  FINAL_ORDER_STATES,
  ORDER_MARK_AS_STATES,
  ORDER_STATE_MOVES,
  transitionOrderState,
} from '../../src/lifecycle/orderState.js';
import { ORDER_STATES, ORDER_TYPES, type OrderState, type OrderType } from '../../src/model/order.js';
import { orderTotal } from '../../src/model/orderTotal.js';
import { deepFreeze } from './deepFreeze.js';

const order = (type: OrderType, state: OrderState) => deepFreeze({ type, state, id: 1 });

describe('transitionOrderState', () => {
  it('walks a purchase order through new → sent → accepted → closed', () => {
    let state: OrderState = 'new';
    for (const next of ['sent', 'accepted', 'closed'] as const) {
      const transition = transitionOrderState(order('IssuedOrder', state), next);
      expect(transition).toEqual({ accepted: true, state: next, changed: true });
      state = next;
    }
  });

  it('answers a received order directly: new → accepted, new → refused', () => {
    expect(transitionOrderState(order('ReceivedOrder', 'new'), 'accepted')).toEqual({
      accepted: true,
      state: 'accepted',
      changed: true,
    });
    expect(transitionOrderState(order('ReceivedOrder', 'new'), 'refused').state).toBe('refused');
  });

  it('refuses a move out of a final state with 409 conflict at state, keeping the state', () => {
    const transition = transitionOrderState(order('IssuedOrder', 'refused'), 'accepted');
    expect(transition.accepted).toBe(false);
    if (transition.accepted) return;
    expect(transition.state).toBe('refused');
    expect(transition.issue.code).toBe('conflict');
    expect(transition.issue.param).toBe('state');
    expect(transition.issue.message).toContain('final state');
  });

  it('refuses a backward move with conflict, naming the moves allowed', () => {
    const transition = transitionOrderState(order('IssuedOrder', 'accepted'), 'sent');
    expect(transition.accepted).toBe(false);
    if (transition.accepted) return;
    expect(transition.issue.code).toBe('conflict');
    expect(transition.issue.message).toBe(
      'an order that is accepted can be marked as closed, cancelled, not sent',
    );
  });

  it('refuses closing an order nobody accepted (conflict), and allows cancelling it', () => {
    expect(transitionOrderState(order('IssuedOrder', 'sent'), 'closed').accepted).toBe(false);
    expect(transitionOrderState(order('IssuedOrder', 'sent'), 'cancelled').accepted).toBe(true);
  });

  it('refuses an unknown state, `new`, and `sent` on a received order with 422 parameter_inclusion', () => {
    for (const [type, target] of [
      ['IssuedOrder', 'paid'],
      ['IssuedOrder', 'new'],
      ['IssuedOrder', 'ACCEPTED'],
      ['ReceivedOrder', 'sent'],
    ] as const) {
      const transition = transitionOrderState(order(type, 'new'), target);
      expect(transition.accepted).toBe(false);
      if (transition.accepted) continue;
      expect(transition.issue).toMatchObject({ code: 'parameter_inclusion', param: 'state' });
      expect(transition.issue.message).toContain(ORDER_MARK_AS_STATES[type].join(', '));
    }
  });

  it('marking an order as its own state is a no-op (a retried request succeeds), also in a final state', () => {
    expect(transitionOrderState(order('IssuedOrder', 'sent'), 'sent')).toEqual({
      accepted: true,
      state: 'sent',
      changed: false,
    });
    expect(transitionOrderState(order('ReceivedOrder', 'closed'), 'closed')).toEqual({
      accepted: true,
      state: 'closed',
      changed: false,
    });
  });

  it('the final states are refused, cancelled and closed', () => {
    expect([...FINAL_ORDER_STATES].sort()).toEqual(['cancelled', 'closed', 'refused']);
  });

  test.prop([fc.constantFrom(...ORDER_TYPES), fc.constantFrom(...ORDER_STATES), fc.string()])(
    'agrees with the move table for any order and any requested state, never mutating its input',
    (type, state, target) => {
      const transition = transitionOrderState(order(type, state), target);
      const inCatalogue = (ORDER_MARK_AS_STATES[type] as readonly string[]).includes(target);
      if (!inCatalogue) {
        expect(transition).toMatchObject({ accepted: false, state, issue: { code: 'parameter_inclusion' } });
        return;
      }
      const allowed = target === state || (ORDER_STATE_MOVES[state] as readonly string[]).includes(target);
      if (allowed) expect(transition).toEqual({ accepted: true, state: target, changed: target !== state });
      else expect(transition).toMatchObject({ accepted: false, state, issue: { code: 'conflict' } });
    },
  );

  test.prop([fc.constantFrom(...ORDER_TYPES), fc.array(fc.constantFrom(...ORDER_STATES), { maxLength: 12 })])(
    'no sequence of mark_as leaves a final state or returns to new',
    (type, targets) => {
      let state: OrderState = 'new';
      let ended = false;
      for (const target of targets) {
        const transition = transitionOrderState(order(type, state), target);
        if (ended) expect(transition.state).toBe(state);
        if (transition.accepted) state = transition.state;
        if (state !== 'new') expect(transition.state).not.toBe('new');
        ended ||= FINAL_ORDER_STATES.includes(state);
      }
    },
  );
});

describe('orderTotal', () => {
  it('sums quantity × price exactly and rounds once to the currency (half up by default)', () => {
    expect(
      orderTotal(
        [
          { quantity: '3', price: '0.335' },
          { quantity: '1', price: '10' },
        ],
        'EUR',
      ),
    ).toBe('11.01');
    // Rounding each line first would give 1.01 + 1.01 = 2.02; the sum 2.01 is rounded once.
    expect(
      orderTotal(
        [
          { quantity: '3', price: '0.335' },
          { quantity: '3', price: '0.335' },
        ],
        'EUR',
      ),
    ).toBe('2.01');
  });

  it('uses the rounding method and the currency decimals given', () => {
    expect(orderTotal([{ quantity: '3', price: '0.335' }], 'EUR', 'down')).toBe('1.00');
    expect(orderTotal([{ quantity: '2', price: '150.5' }], 'JPY')).toBe('301');
    expect(orderTotal([{ quantity: '0.000001', price: '0.00000001' }], 'KWD')).toBe('0.000');
  });

  it('stays exact far beyond a float: 16-digit quantities and prices', () => {
    expect(orderTotal([{ quantity: '9999999999999999', price: '9999999999999999.99' }], 'EUR')).toBe(
      '99999999999999989900000000000000.01',
    );
  });
});
