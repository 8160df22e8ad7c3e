/** The pure sending state machine (src/lifecycle/invoiceSending.ts; docs/sending.md "States"). */
import { describe, expect, it } from 'vitest';
import { NOTHING_TO_SEND, transitionInvoiceSending } from '../../src/lifecycle/invoiceSending.js';

const at = (state: string, state_reason: string | null = null) => ({ id: 42, state, state_reason });

describe('transitionInvoiceSending', () => {
  it.each(['new', 'error'])('%s + send with a channel → sending, with the event and the delivery', (from) => {
    const t = transitionInvoiceSending(at(from), { type: 'send', channel: true, reported: false });
    expect(t).toMatchObject({ accepted: true, state: { state: 'sending', state_reason: null } });
    expect(t.accepted && t.effects).toEqual([
      { type: 'emit', code: 'issued_invoice.state_change', data: { invoice_id: 42, state: 'sending' } },
      { type: 'deliver' },
    ]);
  });

  it('transport none: issued when reported, error with the reason otherwise, once', () => {
    const issued = transitionInvoiceSending(at('new'), { type: 'send', channel: false, reported: true });
    expect(issued.state.state).toBe('issued');
    expect(issued.accepted && issued.effects.map((effect) => effect.type)).toEqual(['emit']);
    const error = transitionInvoiceSending(at('new'), { type: 'send', channel: false, reported: false });
    expect(error.state).toMatchObject({ state: 'error', state_reason: NOTHING_TO_SEND });
    const again = transitionInvoiceSending(error.state, { type: 'send', channel: false, reported: false });
    expect(again.accepted && again.effects).toEqual([]);
  });

  it.each(['sending', 'sent', 'issued'])('%s + send changes nothing (sent once)', (from) => {
    const start = at(from);
    const t = transitionInvoiceSending(start, { type: 'send', channel: true, reported: false });
    expect(t.accepted && t.state === start && t.effects.length === 0).toBe(true);
  });

  it.each(['paid', 'accepted', 'closed', 'refused'])('%s + send is refused', (from) => {
    expect(
      transitionInvoiceSending(at(from), { type: 'send', channel: true, reported: false }).accepted,
    ).toBe(false);
  });

  it('sending → sent on delivered, → error with the reason on failed; refused from elsewhere', () => {
    expect(transitionInvoiceSending(at('sending'), { type: 'delivered' }).state.state).toBe('sent');
    const failed = transitionInvoiceSending(at('sending'), { type: 'failed', reason: 'SMTP 550' });
    expect(failed.state).toMatchObject({ state: 'error', state_reason: 'SMTP 550' });
    expect(failed.accepted && failed.effects[0]).toMatchObject({
      data: { state: 'error', notes: 'SMTP 550' },
    });
    expect(transitionInvoiceSending(at('sent'), { type: 'delivered' }).accepted).toBe(false);
  });

  it('never mutates its input', () => {
    const start = Object.freeze(at('new'));
    transitionInvoiceSending(start, { type: 'send', channel: true, reported: false });
    expect(start.state).toBe('new');
  });
});
