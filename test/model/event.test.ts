import { describe, expect, it } from 'vitest';
import { buildEvent, EVENT_CODES, type EventEnvelope, EventSchema } from '../../src/model/event.js';

const T = 1_776_681_600; // 2026-04-20T10:40:00Z in Unix seconds

describe('EVENT_CODES (spec §6, api-notes §5.2)', () => {
  it('§6: names the four documented event codes, tax_report.state_change spelt as the API reference', () => {
    expect(EVENT_CODES).toEqual([
      'sii_batch.finished',
      'tin_verification.finished',
      'issued_invoice.state_change',
      'tax_report.state_change',
    ]);
    expect(EVENT_CODES).not.toContain('tax_report.state_changed');
  });
});

describe('buildEvent (api-notes §5.1 envelope)', () => {
  it('§6: tin_verification.finished carries only the request id and the status', () => {
    expect(
      buildEvent('tin_verification.finished', { id: 42, status: 'success' }, { triggered_at: T }),
    ).toEqual({
      code: 'tin_verification.finished',
      triggered_at: T,
      data: { id: 42, status: 'success' },
    });
    expect(
      buildEvent('tin_verification.finished', { id: 42, status: 'failed' }, { triggered_at: T }).data,
    ).toEqual({
      id: 42,
      status: 'failed',
    });
  });

  it('§3.1: tin_verification.finished is never built for a pending verification', () => {
    expect(() =>
      buildEvent('tin_verification.finished', { id: 42, status: 'pending' as never }, { triggered_at: T }),
    ).toThrow(TypeError);
  });

  it('api-notes §5.2: sii_batch.finished carries the batch id, final status and summary counts', () => {
    const data = {
      batch_id: 5,
      status: 'finished' as const,
      total_count: 3,
      processed_count: 3,
      succeeded_count: 2,
      failed_count: 1,
    };
    expect(buildEvent('sii_batch.finished', data, { triggered_at: T })).toEqual({
      code: 'sii_batch.finished',
      triggered_at: T,
      data,
    });
  });

  it('§4.1 rule 2: succeeded + failed = processed, and a finished batch processed every record', () => {
    const counts = (total: number, processed: number, succeeded: number, failed: number) => ({
      batch_id: 5,
      total_count: total,
      processed_count: processed,
      succeeded_count: succeeded,
      failed_count: failed,
    });
    const build = (status: 'finished' | 'failed', data: ReturnType<typeof counts>) =>
      buildEvent('sii_batch.finished', { status, ...data }, { triggered_at: T });
    expect(() => build('finished', counts(4, 4, 2, 1))).toThrow(/processed_count/);
    expect(() => build('finished', counts(4, 3, 2, 1))).toThrow(/finished/);
    expect(() => build('failed', counts(4, 5, 4, 1))).toThrow(/exceed/);
    expect(() => build('finished', counts(0, 0, 1, -1))).toThrow(TypeError);
    // A batch whose job failed part-way reports what it processed.
    expect(build('failed', counts(4, 3, 2, 1)).data).toMatchObject({ status: 'failed', processed_count: 3 });
    // Record failures never fail the batch: all records failed is still `finished`.
    expect(build('finished', counts(2, 2, 0, 2)).data.status).toBe('finished');
  });

  it('§4.1 rule 4: sii_batch.finished reports a terminal batch status only', () => {
    expect(() =>
      buildEvent(
        'sii_batch.finished',
        {
          batch_id: 5,
          status: 'processing' as never,
          total_count: 0,
          processed_count: 0,
          succeeded_count: 0,
          failed_count: 0,
        },
        { triggered_at: T },
      ),
    ).toThrow(TypeError);
  });

  it('api-notes §5.2: issued_invoice.state_change carries invoice_id, state and optional notes', () => {
    expect(
      buildEvent('issued_invoice.state_change', { invoice_id: 9, state: 'sent' }, { triggered_at: T }).data,
    ).toEqual({
      invoice_id: 9,
      state: 'sent',
    });
    expect(
      buildEvent(
        'issued_invoice.state_change',
        { invoice_id: 9, state: 'error', notes: 'rejected by SdI' },
        { triggered_at: T },
      ).data,
    ).toEqual({ invoice_id: 9, state: 'error', notes: 'rejected by SdI' });
  });

  it('§3.3: issued_invoice.state_change refuses a state that is not an invoice state', () => {
    expect(() =>
      buildEvent('issued_invoice.state_change', { invoice_id: 9, state: 'teleported' }, { triggered_at: T }),
    ).toThrow(TypeError);
  });

  it('api-notes §5.1: tax_report.state_change carries tax_report_id, state and the integer event id', () => {
    expect(
      buildEvent(
        'tax_report.state_change',
        { tax_report_id: 3, state: 'registered' },
        { triggered_at: T, id: 77 },
      ),
    ).toEqual({
      id: 77,
      code: 'tax_report.state_change',
      triggered_at: T,
      data: { tax_report_id: 3, state: 'registered' },
    });
    expect(() =>
      buildEvent(
        'tax_report.state_change',
        { tax_report_id: 3, state: 'sent' as never },
        { triggered_at: T },
      ),
    ).toThrow(TypeError);
  });

  it('api-notes §5.1: id is left out when not given', () => {
    expect(
      'id' in buildEvent('tin_verification.finished', { id: 1, status: 'success' }, { triggered_at: T }),
    ).toBe(false);
  });

  it('api-notes §5.1: triggered_at is whole Unix seconds — negatives, fractions and milliseconds throw', () => {
    const data = { id: 1, status: 'success' } as const;
    expect(buildEvent('tin_verification.finished', data, { triggered_at: 0 }).triggered_at).toBe(0);
    expect(() => buildEvent('tin_verification.finished', data, { triggered_at: -1 })).toThrow(TypeError);
    expect(() => buildEvent('tin_verification.finished', data, { triggered_at: T + 0.5 })).toThrow(TypeError);
    expect(() => buildEvent('tin_verification.finished', data, { triggered_at: T * 1000 })).toThrow(
      /milliseconds/,
    );
  });

  it('does not share the caller data object', () => {
    const data = { id: 1, status: 'success' as const };
    const event = buildEvent('tin_verification.finished', data, { triggered_at: T });
    data.id = 2;
    expect(event.data.id).toBe(1);
  });
});

describe('EventSchema (api-notes §5.1, §5.2)', () => {
  it('parses a delivered body and narrows data by code', () => {
    const result = EventSchema.safeParse({
      code: 'issued_invoice.state_change',
      triggered_at: T,
      data: { invoice_id: 9, state: 'error', notes: 'x' },
    });
    expect(result.success).toBe(true);
    const event = result.data as EventEnvelope;
    if (event.code === 'issued_invoice.state_change') expect(event.data.notes).toBe('x');
    else expect.unreachable('wrong code');
  });

  it('refuses an unknown code, a payload of another code, and a missing triggered_at', () => {
    expect(EventSchema.safeParse({ code: 'invoice.created', triggered_at: T, data: {} }).success).toBe(false);
    expect(
      EventSchema.safeParse({
        code: 'tin_verification.finished',
        triggered_at: T,
        data: { invoice_id: 9, state: 'sent' },
      }).success,
    ).toBe(false);
    expect(
      EventSchema.safeParse({ code: 'tin_verification.finished', data: { id: 1, status: 'success' } })
        .success,
    ).toBe(false);
  });

  it('every built event parses back to itself', () => {
    const events = [
      buildEvent('tin_verification.finished', { id: 1, status: 'failed' }, { triggered_at: T }),
      buildEvent(
        'sii_batch.finished',
        {
          batch_id: 2,
          status: 'finished',
          total_count: 0,
          processed_count: 0,
          succeeded_count: 0,
          failed_count: 0,
        },
        { triggered_at: T },
      ),
      buildEvent('issued_invoice.state_change', { invoice_id: 3, state: 'paid' }, { triggered_at: T, id: 4 }),
      buildEvent(
        'tax_report.state_change',
        { tax_report_id: 5, state: 'annulled' },
        { triggered_at: T, id: 6 },
      ),
    ];
    for (const event of events) expect(EventSchema.parse(event)).toEqual(event);
  });
});
