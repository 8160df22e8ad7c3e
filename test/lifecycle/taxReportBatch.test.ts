/**
 * The tax report batch state machine (spec §4.1, §6; statuses and status record are fiscalkit's,
 * `TAX_REPORT_BATCH_STATUSES`, `TaxReportBatchSchema`): accepted → processing → finished | failed,
 * `sii_batch.finished` emitted once on reaching a terminal state.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type TaxReportBatchEffect,
  type TaxReportBatchEvent,
  transitionTaxReportBatch,
} from '../../src/lifecycle/taxReportBatch.js';
import { SiiBatchFinishedDataSchema } from '../../src/model/event.js';
import {
  type BatchRecordResult,
  type TaxReportBatch,
  TaxReportBatchSchema,
} from '../../src/model/taxReportBatch.js';
import { deepFreeze } from './deepFreeze.js';

const AT = '2026-04-20T10:40:00.000Z';

function accepted(total_count = 3): TaxReportBatch {
  return deepFreeze(
    TaxReportBatchSchema.parse({
      id: 60,
      account_id: 1,
      status: 'accepted',
      total_count,
      processed_count: 0,
      succeeded_count: 0,
      failed_count: 0,
      results: [],
      created_at: '2026-04-20T10:15:00Z',
      finished_at: null,
    }),
  );
}

function created(index: number): BatchRecordResult {
  return { index, status: 'created', tax_report_id: 100 + index, errors: [] };
}

function failed(index: number): BatchRecordResult {
  return {
    index,
    status: 'failed',
    tax_report_id: null,
    errors: [{ code: 'unsupported_type', message: 'type Ksef is not supported in a batch', param: 'type' }],
  };
}

/** Applies accepted events in order, failing the test on a refusal. */
function run(state: TaxReportBatch, ...events: TaxReportBatchEvent[]): TaxReportBatch {
  let current = state;
  for (const event of events) {
    const next = transitionTaxReportBatch(current, event);
    if (!next.accepted) throw new Error(`refused ${event.type}: ${next.reason}`);
    current = deepFreeze(next.state);
  }
  return current;
}

describe('start', () => {
  it('accepted → processing, no effect', () => {
    const result = transitionTaxReportBatch(accepted(), { type: 'start' });
    expect(result).toEqual({ accepted: true, state: { ...accepted(), status: 'processing' }, effects: [] });
  });

  it('on processing: accepted with no change and no effect (a resumed job)', () => {
    const processing = run(accepted(), { type: 'start' }, { type: 'record_results', results: [created(0)] });
    const result = transitionTaxReportBatch(processing, { type: 'start' });
    expect(result).toEqual({ accepted: true, state: processing, effects: [] });
    expect(result.state).not.toBe(processing);
  });
});

describe('record_results', () => {
  it('appends results and updates the counts', () => {
    const state = run(
      accepted(3),
      { type: 'start' },
      { type: 'record_results', results: [created(0), failed(1)] },
      { type: 'record_results', results: [created(2)] },
    );
    expect(state).toMatchObject({
      processed_count: 3,
      succeeded_count: 2,
      failed_count: 1,
      status: 'processing',
    });
    expect(state.results.map((result) => result.index)).toEqual([0, 1, 2]);
    expect(TaxReportBatchSchema.safeParse(state).success).toBe(true);
  });

  it('skipped indices are allowed as long as the sequence ascends', () => {
    const state = run(
      accepted(5),
      { type: 'start' },
      { type: 'record_results', results: [created(1), failed(4)] },
    );
    expect(state.processed_count).toBe(2);
  });

  it('an empty chunk is accepted and changes nothing', () => {
    const processing = run(accepted(), { type: 'start' });
    expect(transitionTaxReportBatch(processing, { type: 'record_results', results: [] })).toEqual({
      accepted: true,
      state: processing,
      effects: [],
    });
  });

  it('refused unless processing', () => {
    const result = transitionTaxReportBatch(accepted(), { type: 'record_results', results: [created(0)] });
    expect(result).toMatchObject({ accepted: false, state: accepted() });
    if (!result.accepted) expect(result.reason).toMatch(/only while processing/);
  });

  it('refuses (all of the chunk) an index already recorded, repeated, out of order or ≥ total_count', () => {
    const processing = run(accepted(3), { type: 'start' }, { type: 'record_results', results: [created(1)] });
    for (const results of [
      [created(0)],
      [created(1)],
      [created(2), created(2)],
      [failed(2), created(2)],
      [created(3)],
      [created(2), created(5)],
    ]) {
      const result = transitionTaxReportBatch(processing, { type: 'record_results', results });
      expect(result.accepted, JSON.stringify(results)).toBe(false);
      expect(result.state).toBe(processing);
    }
  });

  it('refuses a result that is not a valid record result', () => {
    const processing = run(accepted(3), { type: 'start' });
    const bad = [
      { index: 0, status: 'created', tax_report_id: null, errors: [] },
      { index: 0, status: 'failed', tax_report_id: null, errors: [] },
      { index: -1, status: 'created', tax_report_id: 1, errors: [] },
      { index: 0.5, status: 'created', tax_report_id: 1, errors: [] },
    ] as BatchRecordResult[];
    for (const result of bad)
      expect(
        transitionTaxReportBatch(processing, { type: 'record_results', results: [result] }).accepted,
      ).toBe(false);
  });

  it('5,000 results in 50 chunks: linear, every chunk accepted', () => {
    let state = run(accepted(5000), { type: 'start' });
    const started = performance.now();
    for (let chunk = 0; chunk < 50; chunk++) {
      const results = Array.from({ length: 100 }, (_, offset) =>
        (chunk + offset) % 3 === 0 ? failed(chunk * 100 + offset) : created(chunk * 100 + offset),
      );
      state = run(state, { type: 'record_results', results });
    }
    const elapsed = performance.now() - started;
    state = run(state, { type: 'finish', at: AT });
    expect(state).toMatchObject({ status: 'finished', processed_count: 5000 });
    expect(TaxReportBatchSchema.safeParse(state).success).toBe(true);
    // Generous: a few hundred ms even on a slow CI machine; quadratic work would be far beyond.
    expect(elapsed).toBeLessThan(5000);
  });
});

describe('finish', () => {
  it('processing with every record processed → finished, emits sii_batch.finished once', () => {
    const processing = run(
      accepted(2),
      { type: 'start' },
      { type: 'record_results', results: [created(0), failed(1)] },
    );
    const result = transitionTaxReportBatch(processing, { type: 'finish', at: AT });
    expect(result).toEqual({
      accepted: true,
      state: { ...processing, status: 'finished', finished_at: AT },
      effects: [
        {
          type: 'emit',
          code: 'sii_batch.finished',
          data: {
            batch_id: 60,
            status: 'finished',
            total_count: 2,
            processed_count: 2,
            succeeded_count: 1,
            failed_count: 1,
          },
        },
      ],
    });
    expect(TaxReportBatchSchema.safeParse(result.state).success).toBe(true);
  });

  it('an empty batch (0 records) finishes once started', () => {
    const state = run(accepted(0), { type: 'start' }, { type: 'finish', at: AT });
    expect(state).toMatchObject({ status: 'finished', processed_count: 0, total_count: 0 });
  });

  it('refused while records remain, before start, or with an `at` that is not an instant', () => {
    const partial = run(accepted(2), { type: 'start' }, { type: 'record_results', results: [created(0)] });
    const remaining = transitionTaxReportBatch(partial, { type: 'finish', at: AT });
    expect(remaining).toMatchObject({ accepted: false, state: partial });
    if (!remaining.accepted) expect(remaining.reason).toMatch(/1 of 2 records have no result/);
    expect(transitionTaxReportBatch(accepted(0), { type: 'finish', at: AT }).accepted).toBe(false);
    const complete = run(accepted(1), { type: 'start' }, { type: 'record_results', results: [created(0)] });
    expect(transitionTaxReportBatch(complete, { type: 'finish', at: '2026-04-20' }).accepted).toBe(false);
  });
});

describe('abort', () => {
  it('accepted → failed, emits with the counts so far (none)', () => {
    const result = transitionTaxReportBatch(accepted(3), {
      type: 'abort',
      at: AT,
      reason: 'records unreadable',
    });
    expect(result).toMatchObject({ accepted: true, state: { status: 'failed', finished_at: AT } });
    expect(result.accepted && result.effects).toEqual([
      {
        type: 'emit',
        code: 'sii_batch.finished',
        data: {
          batch_id: 60,
          status: 'failed',
          total_count: 3,
          processed_count: 0,
          succeeded_count: 0,
          failed_count: 0,
        },
      },
    ]);
  });

  it('processing → failed, keeping the results recorded so far', () => {
    const partial = run(
      accepted(3),
      { type: 'start' },
      { type: 'record_results', results: [created(0), failed(1)] },
    );
    const result = transitionTaxReportBatch(partial, { type: 'abort', at: AT, reason: 'crash' });
    expect(result.state).toEqual({ ...partial, status: 'failed', finished_at: AT });
    expect(result.accepted && result.effects[0]?.data).toEqual({
      batch_id: 60,
      status: 'failed',
      total_count: 3,
      processed_count: 2,
      succeeded_count: 1,
      failed_count: 1,
    });
    expect(TaxReportBatchSchema.safeParse(result.state).success).toBe(true);
  });
});

describe('terminal states', () => {
  it('finished and failed refuse every event', () => {
    const finished = run(
      accepted(1),
      { type: 'start' },
      { type: 'record_results', results: [created(0)] },
      {
        type: 'finish',
        at: AT,
      },
    );
    const aborted = run(accepted(1), { type: 'abort', at: AT, reason: 'x' });
    for (const state of [finished, aborted])
      for (const event of [
        { type: 'start' },
        { type: 'record_results', results: [] },
        { type: 'finish', at: AT },
        { type: 'abort', at: AT, reason: 'again' },
      ] as TaxReportBatchEvent[]) {
        const result = transitionTaxReportBatch(state, event);
        expect(result.accepted).toBe(false);
        expect(result.state).toBe(state);
        if (!result.accepted) expect(result.reason).toMatch(/terminal/);
      }
  });
});

describe('properties', () => {
  /**
   * An event: `next` builds a chunk that continues the sequence from the current state (so runs
   * make progress), `raw` is any chunk of small indices (mostly refused), plus the others.
   */
  type Step =
    | { kind: 'next'; size: number; failures: boolean[] }
    | { kind: 'raw'; indices: number[] }
    | { kind: 'event'; event: TaxReportBatchEvent };

  const event = (value: TaxReportBatchEvent, weight: number) => ({
    weight,
    arbitrary: fc.constant<Step>({ kind: 'event', event: value }),
  });
  // Weighted so that runs often reach each status: `abort` is rare, or most runs would end failed.
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 16,
      arbitrary: fc.record({
        kind: fc.constant('next' as const),
        size: fc.nat(4),
        failures: fc.array(fc.boolean(), { maxLength: 4 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        indices: fc.array(fc.integer({ min: -1, max: 9 }), { maxLength: 3 }),
      }),
    },
    event({ type: 'start' }, 6),
    event({ type: 'finish', at: AT }, 3),
    event({ type: 'finish', at: 'not an instant' }, 1),
    event({ type: 'abort', at: AT, reason: 'job failed' }, 1),
  );

  function eventOf(state: TaxReportBatch, current: Step): TaxReportBatchEvent {
    if (current.kind === 'event') return current.event;
    if (current.kind === 'raw')
      return { type: 'record_results', results: current.indices.map((index) => created(index)) };
    const from = (state.results.at(-1)?.index ?? -1) + 1;
    return {
      type: 'record_results',
      results: Array.from({ length: current.size }, (_, offset) =>
        current.failures[offset] ? failed(from + offset) : created(from + offset),
      ),
    };
  }

  test.prop(
    [fc.integer({ min: 0, max: 8 }), fc.array(step, { minLength: 1, maxLength: 30, size: 'medium' })],
    { numRuns: 300 },
  )(
    'the state always satisfies the schema, terminal states never change, the event is emitted once, on ending',
    (total, steps) => {
      let state = accepted(total);
      const emitted: TaxReportBatchEffect[] = [];
      for (const current of steps) {
        const before = state;
        const result = transitionTaxReportBatch(before, eventOf(before, current));
        const terminalBefore = before.status === 'finished' || before.status === 'failed';
        const terminalAfter = result.state.status === 'finished' || result.state.status === 'failed';
        expect(TaxReportBatchSchema.safeParse(result.state).success).toBe(true);
        if (terminalBefore) {
          expect(result.accepted).toBe(false);
          expect(result.state).toBe(before);
        }
        if (!result.accepted) expect(result.state).toBe(before);
        else {
          expect(result.effects.length).toBe(!terminalBefore && terminalAfter ? 1 : 0);
          for (const effect of result.effects) {
            expect(effect.data.status).toBe(result.state.status);
            expect(SiiBatchFinishedDataSchema.safeParse(effect.data).success).toBe(true);
            emitted.push(effect);
          }
          // Results only grow, in order.
          expect(result.state.results.slice(0, before.results.length)).toEqual(before.results);
        }
        state = deepFreeze(result.state);
      }
      const ended = state.status === 'finished' || state.status === 'failed';
      expect(emitted.length).toBe(ended ? 1 : 0);
    },
  );
});
