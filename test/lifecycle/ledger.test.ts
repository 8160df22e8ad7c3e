/**
 * The ledger state machine (spec §4.2; states fiscalkit's, `LEDGER_STATES`; sii.md §7 for the
 * `EstadoEnvio` mapping): pending → sent → accepted | partially_accepted | rejected, sent → pending.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type LedgerEvent, transitionLedger } from '../../src/lifecycle/ledger.js';
import { type Ledger, LedgerSchema, SII_SUBMISSION_STATUSES } from '../../src/model/ledger.js';
import { deepFreeze } from './deepFreeze.js';

const AT = '2026-04-20T10:40:00.000Z';

function pending(tax_report_ids: number[] = [11, 12]): Ledger {
  return deepFreeze(
    LedgerSchema.parse({
      id: 7,
      account_id: 1,
      book_type: 'Expedida',
      kind: 'alta',
      communication_type: 'A0',
      period_year: 2026,
      period: '03',
      state: 'pending',
      tax_report_ids,
      csv: null,
      created_at: '2026-04-20T10:15:00Z',
      sent_at: null,
    }),
  );
}

/** Applies accepted events in order, failing the test on a refusal. */
function run(state: Ledger, ...events: LedgerEvent[]): Ledger {
  let current = state;
  for (const event of events) {
    const next = transitionLedger(current, event);
    if (!next.accepted) throw new Error(`refused ${event.type}: ${next.reason}`);
    current = deepFreeze(next.state);
  }
  return current;
}

const ALL_EVENTS: LedgerEvent[] = [
  { type: 'send', at: AT },
  { type: 'answered', status: 'Correcto', csv: 'A-Y23JP3582934' },
  { type: 'unsent' },
];

describe('send', () => {
  it('pending with reports → sent, sent_at = at, no effects', () => {
    const result = transitionLedger(pending(), { type: 'send', at: AT });
    expect(result).toEqual({
      accepted: true,
      state: { ...pending(), state: 'sent', sent_at: AT },
      effects: [],
    });
    expect(LedgerSchema.safeParse(result.state).success).toBe(true);
  });

  it('refused for a ledger without reports, for an `at` that is not a UTC instant, and unless pending', () => {
    const empty = pending([]);
    const noReports = transitionLedger(empty, { type: 'send', at: AT });
    expect(noReports).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/without tax reports/),
    });
    expect(noReports.state).toBe(empty);
    for (const at of ['2026-04-20', '2026-04-20T12:40:00+02:00', ''])
      expect(transitionLedger(pending(), { type: 'send', at }).accepted).toBe(false);
    const sent = run(pending(), { type: 'send', at: AT });
    const again = transitionLedger(sent, { type: 'send', at: AT });
    expect(again.accepted).toBe(false);
    expect(again.state).toBe(sent);
  });
});

describe('answered', () => {
  it.each([
    ['Correcto', 'accepted'],
    ['ParcialmenteCorrecto', 'partially_accepted'],
    ['Incorrecto', 'rejected'],
  ] as const)('sent + %s → %s with the CSV', (status, state) => {
    const sent = run(pending(), { type: 'send', at: AT });
    const csv = status === 'Incorrecto' ? null : 'A-Y23JP3582934';
    const result = transitionLedger(sent, { type: 'answered', status, csv });
    expect(result).toEqual({ accepted: true, state: { ...sent, state, csv }, effects: [] });
    expect(LedgerSchema.safeParse(result.state).success).toBe(true);
  });

  it('refused unless sent, for a status that is not an EstadoEnvio, and for a CSV too long to store', () => {
    expect(transitionLedger(pending(), { type: 'answered', status: 'Correcto', csv: 'X' }).accepted).toBe(
      false,
    );
    const sent = run(pending(), { type: 'send', at: AT });
    const odd = { type: 'answered', status: 'Aceptado', csv: null } as unknown as LedgerEvent;
    expect(transitionLedger(sent, odd).accepted).toBe(false);
    expect(
      transitionLedger(sent, { type: 'answered', status: 'Correcto', csv: 'X'.repeat(65) }).accepted,
    ).toBe(false);
  });
});

describe('unsent', () => {
  it('sent → pending, sent_at null: the ledger may be sent again', () => {
    const sent = run(pending(), { type: 'send', at: AT });
    const result = transitionLedger(sent, { type: 'unsent' });
    expect(result).toEqual({ accepted: true, state: pending(), effects: [] });
    expect(run(result.state, { type: 'send', at: AT }).state).toBe('sent');
  });

  it('refused on a pending ledger', () => {
    const ledger = pending();
    expect(transitionLedger(ledger, { type: 'unsent' })).toMatchObject({ accepted: false, state: ledger });
  });
});

describe('terminal states', () => {
  it('accepted, partially_accepted and rejected refuse every event', () => {
    for (const status of SII_SUBMISSION_STATUSES) {
      const answered = run(pending(), { type: 'send', at: AT }, { type: 'answered', status, csv: null });
      for (const event of ALL_EVENTS) {
        const result = transitionLedger(answered, event);
        expect(result.accepted).toBe(false);
        expect(result.state).toBe(answered);
        if (!result.accepted) expect(result.reason).toMatch(/terminal/);
      }
    }
  });
});

describe('properties', () => {
  const event: fc.Arbitrary<LedgerEvent> = fc.oneof(
    fc.record({
      type: fc.constant('send' as const),
      at: fc.oneof(fc.constant(AT), fc.constant('2026-04-20'), fc.constant('2026-02-30T00:00:00Z')),
    }),
    fc.record({
      type: fc.constant('answered' as const),
      status: fc.constantFrom(...SII_SUBMISSION_STATUSES),
      csv: fc.oneof(fc.constant(null), fc.string({ maxLength: 80 })),
    }),
    fc.constant({ type: 'unsent' as const }),
  );

  test.prop([
    fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 3 }),
    fc.array(event, { maxLength: 25 }),
  ])(
    'every state satisfies LedgerSchema, refusals change nothing, terminal states never change',
    (ids, events) => {
      let state = pending(ids);
      let terminal: Ledger | null = null;
      for (const next of events) {
        const result = transitionLedger(state, next);
        expect(LedgerSchema.safeParse(result.state).success).toBe(true);
        if (!result.accepted) expect(result.state).toBe(state);
        if (terminal !== null) {
          expect(result.accepted).toBe(false);
          expect(result.state).toEqual(terminal);
        }
        state = deepFreeze(result.state);
        if (['accepted', 'partially_accepted', 'rejected'].includes(state.state)) terminal ??= state;
      }
    },
  );
});
