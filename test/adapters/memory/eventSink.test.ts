import { describe, expect, it } from 'vitest';
import { memoryEventSink } from '../../../src/adapters/memory/eventSink.js';
import { buildEvent } from '../../../src/model/event.js';
import { describeEventSinkContract } from '../../contracts/eventSink.js';

describeEventSinkContract('memoryEventSink', () => memoryEventSink());

describe('memoryEventSink specifics', () => {
  it('numbers events 1, 2, 3… and hands out frozen events', async () => {
    const sink = memoryEventSink();
    const event = buildEvent(
      'tin_verification.finished',
      { id: 5, status: 'failed' },
      { triggered_at: 1_776_681_600 },
    );
    const first = await sink.append(1, event, 'a');
    const second = await sink.append(2, event, 'b');
    expect([first.event.id, second.event.id]).toEqual([1, 2]);
    expect(Object.isFrozen(first.event)).toBe(true);
    expect(Object.isFrozen(first.event.data)).toBe(true);
  });
});
