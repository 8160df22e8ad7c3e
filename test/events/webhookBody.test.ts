/** The posted body of a webhook (api-notes.md §5.1): the envelope in a fixed key order. */
import { describe, expect, it } from 'vitest';
import { webhookBody } from '../../src/events/webhookBody.js';
import { buildEvent, type EventEnvelope, EventSchema } from '../../src/model/event.js';

describe('webhookBody', () => {
  it('writes id, code, triggered_at, data in that order, whatever order the event has', () => {
    const event = {
      data: { status: 'success', id: 42 },
      triggered_at: 1_776_681_600,
      code: 'tin_verification.finished',
      id: 7,
    } as EventEnvelope;
    expect(webhookBody(event)).toBe(
      '{"id":7,"code":"tin_verification.finished","triggered_at":1776681600,"data":{"status":"success","id":42}}',
    );
  });

  it('leaves out id when the event has none', () => {
    const event = buildEvent('tin_verification.finished', { id: 42, status: 'failed' }, { triggered_at: 1 });
    expect(webhookBody(event)).toBe(
      '{"code":"tin_verification.finished","triggered_at":1,"data":{"id":42,"status":"failed"}}',
    );
  });

  it('is JSON a receiver parses back into the same valid event', () => {
    const event = buildEvent(
      'sii_batch.finished',
      {
        batch_id: 3,
        status: 'finished',
        total_count: 2,
        processed_count: 2,
        succeeded_count: 1,
        failed_count: 1,
      },
      { triggered_at: 1_776_681_600, id: 11 },
    );
    const parsed = EventSchema.parse(JSON.parse(webhookBody(event)));
    expect(parsed).toEqual(event);
  });
});
