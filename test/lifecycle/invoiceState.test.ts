/**
 * The invoice `mark_as` state machine (spec §3.3; states per type from api-notes.md §8.2): a state the
 * type does not take is `parameter_inclusion`, a move the current state forbids `conflict`, closed
 * is final, and issued documents emit `issued_invoice.state_change`.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { INVOICE_STATES, MARK_AS_STATES } from '../../src/codelists/invoiceStates.js';
import { INVOICE_TYPES, type InvoiceType } from '../../src/codelists/invoiceTypes.js';
import {
  AFTER_PAID_STATES,
  COMMITTED_INVOICE_STATES,
  FINAL_INVOICE_STATES,
  type MarkAsSubject,
  markAsTargets,
  transitionInvoiceState,
} from '../../src/lifecycle/invoiceState.js';
import { IssuedInvoiceStateChangeDataSchema } from '../../src/model/event.js';
import { deepFreeze } from './deepFreeze.js';

const ALL_STATES = INVOICE_STATES.map(({ code }) => code);

function invoice(type: InvoiceType, state: string, extra: Record<string, unknown> = {}) {
  return deepFreeze({ id: 42, type, state, number: 'F-1', lines: [{ id: 1 }], ...extra });
}

const mark = (state: string) => ({ type: 'mark_as' as const, state });

describe('transitionInvoiceState: examples', () => {
  it('new → sent on an issued invoice: the new state, every other field kept, one event', () => {
    const before = invoice('IssuedInvoice', 'new');
    const result = transitionInvoiceState(before, mark('sent'));
    expect(result).toEqual({
      accepted: true,
      state: { ...before, state: 'sent' },
      effects: [
        { type: 'emit', code: 'issued_invoice.state_change', data: { invoice_id: 42, state: 'sent' } },
      ],
    });
    expect(result.state).not.toBe(before);
    expect(before.state).toBe('new');
  });

  it('a received invoice changes state without a webhook event (the event is issued_invoice.*)', () => {
    const result = transitionInvoiceState(invoice('ReceivedInvoice', 'new'), mark('annotated'));
    expect(result).toMatchObject({ accepted: true, state: { state: 'annotated' }, effects: [] });
  });

  it('a state outside the type’s list is parameter_inclusion, naming the list', () => {
    const result = transitionInvoiceState(invoice('IssuedInvoice', 'new'), mark('annotated'));
    expect(result).toMatchObject({ accepted: false, code: 'parameter_inclusion' });
    if (!result.accepted)
      expect(result.reason).toContain('new, sent, accepted, registered, refused, paid, closed');
    expect(transitionInvoiceState(invoice('IssuedSelfInvoice', 'paid'), mark('new'))).toMatchObject({
      accepted: false,
      code: 'parameter_inclusion',
    });
    expect(transitionInvoiceState(invoice('IssuedInvoice', 'new'), mark('Sent')).accepted).toBe(false);
  });

  it('closed is final: conflict, saying so, even towards new', () => {
    for (const target of ['new', 'sent', 'paid', 'accepted']) {
      const result = transitionInvoiceState(invoice('IssuedInvoice', 'closed'), mark(target));
      expect(result).toMatchObject({ accepted: false, code: 'conflict' });
      if (!result.accepted)
        expect(result.reason).toMatch(/closed, which is final; it can be marked as nothing/);
    }
  });

  it('paid goes on only to registered or closed (issued), listing them', () => {
    const result = transitionInvoiceState(invoice('IssuedInvoice', 'paid'), mark('refused'));
    expect(result).toMatchObject({ accepted: false, code: 'conflict' });
    if (!result.accepted)
      expect(result.reason).toBe(
        'an invoice in state paid cannot be marked as refused; it can be marked as registered, closed',
      );
    expect(transitionInvoiceState(invoice('IssuedInvoice', 'paid'), mark('closed')).accepted).toBe(true);
    expect(transitionInvoiceState(invoice('IssuedInvoice', 'paid'), mark('registered')).accepted).toBe(true);
    expect(transitionInvoiceState(invoice('ReceivedInvoice', 'paid'), mark('annotated')).accepted).toBe(true);
  });

  it('accepted, registered, annotated never go back to a draft, a delivery or a refusal', () => {
    for (const from of ['accepted', 'registered'])
      for (const to of ['new', 'sent', 'refused'])
        expect(transitionInvoiceState(invoice('IssuedInvoice', from), mark(to))).toMatchObject({
          accepted: false,
          code: 'conflict',
        });
    expect(transitionInvoiceState(invoice('IssuedInvoice', 'registered'), mark('accepted')).accepted).toBe(
      true,
    );
    expect(transitionInvoiceState(invoice('IssuedInvoice', 'accepted'), mark('paid')).accepted).toBe(true);
    expect(transitionInvoiceState(invoice('ReceivedInvoice', 'annotated'), mark('refused')).accepted).toBe(
      false,
    );
  });

  it('back to new only before anyone accepted, registered, annotated or paid it', () => {
    for (const from of ['sent', 'refused', 'error', 'sending'])
      expect(transitionInvoiceState(invoice('IssuedInvoice', from), mark('new')).accepted).toBe(true);
    for (const from of ['accepted', 'registered', 'paid'])
      expect(transitionInvoiceState(invoice('IssuedInvoice', from), mark('new'))).toMatchObject({
        accepted: false,
        code: 'conflict',
      });
    expect(transitionInvoiceState(invoice('ReceivedInvoice', 'annotated'), mark('new')).accepted).toBe(false);
    expect(
      transitionInvoiceState(invoice('IssuedSimplifiedInvoice', 'downloaded'), mark('new')).accepted,
    ).toBe(true);
  });

  it('marking the current state again is accepted, changes nothing and emits nothing', () => {
    const before = invoice('IssuedInvoice', 'paid');
    const result = transitionInvoiceState(before, mark('paid'));
    expect(result).toEqual({ accepted: true, state: before, effects: [] });
    expect(result.state).toBe(before);
    expect(transitionInvoiceState(invoice('IssuedInvoice', 'closed'), mark('closed')).accepted).toBe(true);
  });

  it('markAsTargets lists the allowed states in the reference’s order', () => {
    expect(markAsTargets('IssuedInvoice', 'new')).toEqual([...MARK_AS_STATES.IssuedInvoice]);
    expect(markAsTargets('IssuedInvoice', 'paid')).toEqual(['registered', 'paid', 'closed']);
    expect(markAsTargets('IssuedInvoice', 'accepted')).toEqual(['accepted', 'registered', 'paid', 'closed']);
    expect(markAsTargets('IssuedInvoice', 'refused')).toEqual([...MARK_AS_STATES.IssuedInvoice]);
    expect(markAsTargets('ReceivedInvoice', 'closed')).toEqual([]);
  });

  it('a stored invoice of an unknown type is refused, not thrown on', () => {
    const odd = { id: 1, type: 'Proforma', state: 'new' } as unknown as MarkAsSubject;
    expect(transitionInvoiceState(odd, mark('sent'))).toMatchObject({
      accepted: false,
      code: 'parameter_inclusion',
    });
  });
});

const typeArb = fc.constantFrom(...INVOICE_TYPES);
const stateArb = fc.constantFrom(...ALL_STATES);
const targetArb = fc.oneof(stateArb, fc.constantFrom('Paid', '', 'unknown', 'closed '));

describe('transitionInvoiceState: properties', () => {
  test.prop([typeArb, stateArb, targetArb])(
    'refused iff the type does not take the state (inclusion) or the move is forbidden (conflict); never mutates',
    (type, from, to) => {
      const before = invoice(type, from);
      const result = transitionInvoiceState(before, mark(to));
      const inList = MARK_AS_STATES[type].includes(to);
      if (!inList) expect(result).toMatchObject({ accepted: false, code: 'parameter_inclusion' });
      else if (to === from) expect(result).toEqual({ accepted: true, state: before, effects: [] });
      else {
        const forbidden =
          FINAL_INVOICE_STATES.includes(from) ||
          (from === 'paid' && !AFTER_PAID_STATES.includes(to)) ||
          (COMMITTED_INVOICE_STATES.includes(from) &&
            !COMMITTED_INVOICE_STATES.includes(to) &&
            !FINAL_INVOICE_STATES.includes(to));
        expect(result.accepted).toBe(!forbidden);
        if (forbidden) expect(result).toMatchObject({ code: 'conflict' });
      }
      if (!result.accepted) expect(result.state).toBe(before);
      expect(result.accepted).toBe(markAsTargets(type, from).includes(to));
    },
  );

  test.prop([typeArb, stateArb, stateArb])(
    'an accepted change sets only the state, and emits exactly for issued documents',
    (type, from, to) => {
      const before = invoice(type, from, { notes: 'kept' });
      const result = transitionInvoiceState(before, mark(to));
      if (!result.accepted || to === from) return;
      expect(result.state).toEqual({ ...before, state: to });
      const issued = type !== 'ReceivedInvoice';
      expect(result.effects).toHaveLength(issued ? 1 : 0);
      for (const effect of result.effects) {
        expect(effect).toEqual({
          type: 'emit',
          code: 'issued_invoice.state_change',
          data: { invoice_id: 42, state: to },
        });
        expect(IssuedInvoiceStateChangeDataSchema.safeParse(effect.data).success).toBe(true);
      }
    },
  );

  test.prop([typeArb, fc.array(stateArb, { maxLength: 16 })], { numRuns: 500 })(
    'walks: a final state never changes, a committed invoice never becomes uncommitted, every state is known',
    (type, targets) => {
      let current: ReturnType<typeof invoice> = invoice(type, 'new');
      for (const target of targets) {
        const before = current.state;
        const result = transitionInvoiceState(current, mark(target));
        const after = result.state.state;
        if (FINAL_INVOICE_STATES.includes(before)) expect(after).toBe(before);
        if (COMMITTED_INVOICE_STATES.includes(before))
          expect([...COMMITTED_INVOICE_STATES, ...FINAL_INVOICE_STATES]).toContain(after);
        if (before === 'paid') expect(['paid', ...AFTER_PAID_STATES]).toContain(after);
        current = deepFreeze(result.state);
        expect(ALL_STATES).toContain(current.state);
      }
    },
  );
});
