/**
 * The contract of the `EventSink` port (ports.ts "Events and webhooks"; api-notes.md §5.1): the sink
 * assigns integer ids, keeps events for ever, is idempotent by key and tenant-scoped. Register it
 * from a `*.test.ts` file with a factory that gives a fresh, empty sink.
 */
import { describe, expect, it } from 'vitest';
import { buildEvent, type EventEnvelope } from '../../src/model/event.js';
import type { EventSink } from '../../src/ports.js';

const A = 1;
const B = 2;

const finished = (id: number, triggered_at = 1_776_681_600): EventEnvelope =>
  buildEvent('tin_verification.finished', { id, status: 'success' }, { triggered_at });

/**
 * Registers the event sink contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeEventSinkContract('memoryEventSink', () => memoryEventSink());
 * ```
 */
export function describeEventSinkContract(name: string, make: () => EventSink | Promise<EventSink>): void {
  describe(`EventSink contract: ${name}`, () => {
    it('stores each event with a new positive integer id, increasing across accounts', async () => {
      const sink = await make();
      const first = await sink.append(A, finished(50), 'tin:50');
      const second = await sink.append(B, finished(51), 'tin:51');
      const third = await sink.append(A, finished(52), 'tin:52');
      expect(first.created && second.created && third.created).toBe(true);
      expect(first.event).toEqual({ ...finished(50), id: first.event.id });
      const ids = [first, second, third].map((answer) => answer.event.id ?? 0);
      for (const id of ids) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
      expect(new Set(ids).size).toBe(3);
      expect(await sink.get(A, ids[0] ?? 0)).toEqual(first.event);
    });

    it('assigns the id itself, whatever id the envelope carries', async () => {
      const sink = await make();
      const { event } = await sink.append(A, { ...finished(50), id: 999_999 }, 'tin:50');
      expect(await sink.get(A, 999_999)).toBeNull();
      expect(await sink.get(A, event.id ?? 0)).toEqual(event);
      expect(Object.keys(event)).toEqual(['id', 'code', 'triggered_at', 'data']);
    });

    it('answers an append of a stored key with the stored event, created: false, storing nothing', async () => {
      const sink = await make();
      const { event } = await sink.append(A, finished(50), 'tin:50');
      const again = await sink.append(A, finished(99, 1_776_690_000), 'tin:50');
      expect(again).toEqual({ event, created: false });
      expect((await sink.list(A, { offset: 0, limit: 10 })).total_count).toBe(1);
    });

    it('finds an account’s event by its key (byKey), null for another account or an unknown key', async () => {
      const sink = await make();
      const { event } = await sink.append(A, finished(50), 'tin:50');
      expect(await sink.byKey(A, 'tin:50')).toEqual(event);
      expect(await sink.byKey(B, 'tin:50')).toBeNull();
      expect(await sink.byKey(A, 'tin:51')).toBeNull();
      // The first append under a key is the one found, whatever a later append carried.
      await sink.append(A, finished(99), 'tin:50');
      expect(await sink.byKey(A, 'tin:50')).toEqual(event);
    });

    it('keeps accounts apart: another account’s event is not there', async () => {
      const sink = await make();
      const { event } = await sink.append(A, finished(50), 'tin:50');
      await sink.append(B, finished(51), 'tin:51');
      expect(await sink.get(B, event.id ?? 0)).toBeNull();
      expect(await sink.list(A, { offset: 0, limit: 10 })).toEqual({ items: [event], total_count: 1 });
      expect(await sink.list(3, { offset: 0, limit: 10 })).toEqual({ items: [], total_count: 0 });
    });

    it('lists an account’s events oldest first, paged, with the total', async () => {
      const sink = await make();
      const appended: EventEnvelope[] = [];
      for (let index = 0; index < 5; index += 1) {
        appended.push((await sink.append(A, finished(index + 1), `tin:${String(index)}`)).event);
        await sink.append(B, finished(100 + index), `other:${String(index)}`);
      }
      expect(await sink.list(A, { offset: 0, limit: 100 })).toEqual({ items: appended, total_count: 5 });
      expect(await sink.list(A, { offset: 1, limit: 2 })).toEqual({
        items: appended.slice(1, 3),
        total_count: 5,
      });
      expect(await sink.list(A, { offset: 5, limit: 2 })).toEqual({ items: [], total_count: 5 });
    });

    it('refuses a page that is not a non-negative integer offset and limit, with RangeError', async () => {
      const sink = await make();
      for (const page of [
        { offset: -1, limit: 10 },
        { offset: 0, limit: 2.5 },
        { offset: Number.NaN, limit: 10 },
      ])
        await expect(sink.list(A, page)).rejects.toThrow(
          new RangeError(
            `a page needs a non-negative integer offset and limit, not ${String(page.offset)} and ${String(page.limit)}`,
          ),
        );
    });

    it('lists oldest first by number, past ids of one digit (10 after 9, not after 1)', async () => {
      const sink = await make();
      const appended: EventEnvelope[] = [];
      for (let index = 0; index < 12; index += 1)
        appended.push((await sink.append(A, finished(index + 1), `many:${String(index)}`)).event);
      const ids = appended.map((event) => event.id ?? 0);
      expect([...ids].sort((x, y) => x - y)).toEqual(ids);
      expect((await sink.list(A, { offset: 0, limit: 100 })).items).toEqual(appended);
      expect((await sink.list(A, { offset: 9, limit: 2 })).items).toEqual(appended.slice(9, 11));
    });

    it('keeps a snapshot: changing the appended or a read event changes nothing stored', async () => {
      const sink = await make();
      const event = finished(50);
      const { event: stored } = await sink.append(A, event, 'tin:50');
      (event.data as { id: number }).id = 77;
      try {
        (stored.data as { id: number }).id = 78;
      } catch {
        // Frozen: also fine.
      }
      expect((await sink.get(A, stored.id ?? 0))?.data).toEqual({ id: 50, status: 'success' });
    });
  });
}
