import { describe, expect, it } from 'vitest';
import {
  INVOICE_STATES,
  INVOICE_TYPES,
  isInvoiceState,
  isMarkAsState,
  MARK_AS_STATES,
} from '../../src/index.js';

describe('INVOICE_STATES (GET /invoice_states)', () => {
  it('holds the 14 documented states', () => {
    expect(INVOICE_STATES.map(({ code }) => code)).toEqual([
      'accepted',
      'annotated',
      'cancelled',
      'closed',
      'discarded',
      'downloaded',
      'error',
      'issued',
      'new',
      'paid',
      'refused',
      'registered',
      'sending',
      'sent',
    ]);
  });

  it('is the union of every mark_as state and the other states seen', () => {
    const union = new Set([
      ...Object.values(MARK_AS_STATES).flat(),
      'sending',
      'error',
      'issued',
      'cancelled',
      'discarded',
    ]);
    expect(new Set(INVOICE_STATES.map(({ code }) => code))).toEqual(union);
  });
});

describe('MARK_AS_STATES (api-notes.md §8.2)', () => {
  it('has an entry for every invoice type and no other', () => {
    expect(Object.keys(MARK_AS_STATES).sort()).toEqual([...INVOICE_TYPES].sort());
  });

  it.each([
    ['IssuedInvoice', ['new', 'sent', 'accepted', 'registered', 'refused', 'paid', 'closed']],
    ['ReceivedInvoice', ['new', 'paid', 'accepted', 'refused', 'annotated']],
    [
      'IssuedSimplifiedInvoice',
      ['new', 'sent', 'paid', 'downloaded', 'accepted', 'refused', 'registered', 'closed'],
    ],
    ['IssuedSelfInvoice', ['paid', 'accepted', 'registered', 'closed']],
  ] as const)('%s accepts %j', (type, states) => {
    expect(MARK_AS_STATES[type]).toEqual(states);
  });

  it('lists only invoice states, without duplicates', () => {
    for (const [type, states] of Object.entries(MARK_AS_STATES)) {
      expect(new Set(states).size, type).toBe(states.length);
      for (const state of states) expect(isInvoiceState(state), `${type}: ${state}`).toBe(true);
    }
  });
});

describe('isInvoiceState and isMarkAsState', () => {
  it.each(['new', 'sent', 'discarded', 'sending'])('isInvoiceState accepts %s', (state) => {
    expect(isInvoiceState(state)).toBe(true);
  });

  it.each(['Paid', 'collected', 'draft', '', 'constructor'])('isInvoiceState rejects %j', (state) => {
    expect(isInvoiceState(state)).toBe(false);
  });

  it('allows annotated only on received invoices and downloaded only on simplified ones', () => {
    expect(isMarkAsState('ReceivedInvoice', 'annotated')).toBe(true);
    expect(isMarkAsState('IssuedInvoice', 'annotated')).toBe(false);
    expect(isMarkAsState('IssuedSimplifiedInvoice', 'downloaded')).toBe(true);
    expect(isMarkAsState('IssuedInvoice', 'downloaded')).toBe(false);
  });

  it('does not allow states set by the service itself', () => {
    for (const type of INVOICE_TYPES) {
      for (const state of ['sending', 'error', 'cancelled', 'discarded']) {
        expect(isMarkAsState(type, state), `${type}: ${state}`).toBe(false);
      }
    }
  });
});
