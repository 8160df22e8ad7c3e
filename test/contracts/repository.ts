/**
 * The contract of the `Repository` port (ports.ts "Storage"): what the services rely on from every
 * adapter — the memory one and any other (PostgreSQL) — stated as tests. Register it from a
 * `*.test.ts` file with a factory that gives a fresh, empty repository on every call.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEvent, type EventEnvelope } from '../../src/model/event.js';
import { recordMatches } from '../../src/model/recordFilter.js';
import {
  DuplicateRecordError,
  type EventSink,
  type OutboxEvent,
  OutboxKeyConflictError,
  RecordMissingError,
  type Repository,
  VersionConflictError,
  type Versioned,
} from '../../src/ports.js';

/** A repository under test and how to make values for it. */
export interface RepositorySubject<T extends { readonly id: number }> {
  /** Empty. */
  repository: Repository<T>;
  /**
   * A value with this `id` that belongs to `account_id` (any positive integer the contract picks).
   * Values of the same id and account with different `variant`s must differ (`toEqual` fails), and the
   * same arguments must give equal values.
   */
  sample(id: number, account_id: number, variant: number): T;
  /**
   * A top-level field of the samples that `find` is tested on: `sample(id, account, variant)[field]`
   * equals `value(variant)`, and different variants give different values.
   */
  findable: { field: string; value(variant: number): string | number | boolean };
  /**
   * The event sink the repository's outbox writes to (`UpdateOptions.events`, issue #24 item 4), empty;
   * the outbox cases run only for a repository that has one.
   */
  outbox?: EventSink;
}

/** An outbox event of record `id` at `version`, under a key naming both (and `tag`, to tell tests apart). */
function stateChange(account_id: number, id: number, version: number, tag = ''): OutboxEvent {
  return {
    account_id,
    event: buildEvent(
      'issued_invoice.state_change',
      { invoice_id: id, state: version % 2 === 0 ? 'sent' : 'new', version },
      { triggered_at: 1_776_681_600 },
    ),
    key: `contract${tag}:${String(id)}:${String(version)}`,
  };
}

/** The version an event of {@link stateChange} carries. */
function versionOf(event: EventEnvelope): number {
  return (event.data as { version?: number }).version ?? 0;
}

const A = 1;
const B = 2;

/**
 * Changes every plain object and array reachable from `value` (adds a property, appends an item),
 * best effort: a frozen one throws in strict mode, which the caller ignores — either way the store
 * must not change.
 */
function tamper(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return;
  for (const child of Object.values(value)) tamper(child);
  try {
    if (Array.isArray(value)) value.push('tampered');
    else Reflect.set(value, 'tampered_by_contract', true);
  } catch {
    // Frozen: the adapter refuses the change, which is one of the two allowed outcomes.
  }
}

/** What a promise settles to: its value, or the error it rejects with. */
async function attempt<V>(promise: Promise<V>): Promise<{ value?: V; error?: unknown }> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

/** The error a promise rejects with, or the string 'resolved'. */
async function outcome<V>(promise: Promise<V>): Promise<unknown> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error;
  }
}

/**
 * Registers the repository contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeRepositoryContract('memoryRepository', () => ({ repository: memoryRepository(), sample }));
 * ```
 */
export function describeRepositoryContract<T extends { readonly id: number }>(
  name: string,
  make: () => RepositorySubject<T> | Promise<RepositorySubject<T>>,
  options: { outbox?: boolean } = {},
): void {
  describe(`Repository contract: ${name}`, () => {
    it('stores an insert at version 1 and answers it; get answers the same', async () => {
      const { repository, sample } = await make();
      const inserted = await repository.insert(sample(10, A, 0));
      expect(inserted).toEqual({ value: sample(10, A, 0), version: 1, created: true });
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 0), version: 1 });
      expect(await repository.get(A, 11)).toBeNull();
    });

    it('refuses a second insert of an id with DuplicateRecordError and keeps the first', async () => {
      const { repository, sample } = await make();
      await repository.insert(sample(10, A, 0));
      const error = await outcome(repository.insert(sample(10, A, 1)));
      expect(error).toBeInstanceOf(DuplicateRecordError);
      expect((error as DuplicateRecordError).id).toBe(10);
      // Another key does not make a stored id insertable either.
      expect(await outcome(repository.insert(sample(10, A, 2), { key: 'fresh' }))).toBeInstanceOf(
        DuplicateRecordError,
      );
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 0), version: 1 });
    });

    it('scopes keys by account: another tenant neither sees nor takes a key', async () => {
      const { repository, sample } = await make();
      await repository.insert(sample(10, A, 0), { key: 'job-1' });
      const other = await repository.insert(sample(11, B, 1), { key: 'job-1' });
      expect(other).toEqual({ value: sample(11, B, 1), version: 1, created: true });
      expect((await repository.insert(sample(12, A, 2), { key: 'job-1' })).value).toEqual(sample(10, A, 0));
    });

    it('answers an insert whose key is stored with the stored record, created: false, writing nothing', async () => {
      const { repository, sample } = await make();
      expect((await repository.insert(sample(10, A, 0), { key: 'job-1' })).created).toBe(true);
      const again = await repository.insert(sample(11, A, 1), { key: 'job-1' });
      expect(again).toEqual({ value: sample(10, A, 0), version: 1, created: false });
      expect(await repository.get(A, 11)).toBeNull();
      // The answer is the record as it is now, not as it was inserted.
      await repository.update(sample(10, A, 2), 1);
      expect(await repository.insert(sample(10, A, 0), { key: 'job-1' })).toEqual({
        value: sample(10, A, 2),
        version: 2,
        created: false,
      });
      expect((await repository.list(A, { offset: 0, limit: 10 })).total_count).toBe(1);
    });

    it('lets the first of two writers that read the same version win; the second gets VersionConflictError', async () => {
      const { repository, sample } = await make();
      await repository.insert(sample(10, A, 0));
      const first = await repository.get(A, 10);
      const second = await repository.get(A, 10);
      expect(first?.version).toBe(1);
      expect(second?.version).toBe(1);
      expect(await repository.update(sample(10, A, 1), first?.version ?? 0)).toEqual({
        value: sample(10, A, 1),
        version: 2,
      });
      const error = await outcome(repository.update(sample(10, A, 2), second?.version ?? 0));
      expect(error).toBeInstanceOf(VersionConflictError);
      expect(error).toMatchObject({ id: 10, expected_version: 1, actual_version: 2 });
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 1), version: 2 });
      // Reading again and retrying succeeds.
      expect((await repository.update(sample(10, A, 2), 2)).version).toBe(3);
    });

    it('refuses to update a record that is not stored, or not in the value’s account, with RecordMissingError', async () => {
      const { repository, sample } = await make();
      expect(await outcome(repository.update(sample(10, A, 0), 1))).toBeInstanceOf(RecordMissingError);
      await repository.insert(sample(10, A, 0));
      const error = await outcome(repository.update(sample(10, B, 1), 1));
      expect(error).toBeInstanceOf(RecordMissingError);
      expect((error as RecordMissingError).id).toBe(10);
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 0), version: 1 });
      expect(await repository.get(B, 10)).toBeNull();
    });

    it('removes with the stored version only, in the record’s account only; a removed record is gone', async () => {
      const { repository, sample } = await make();
      await repository.insert(sample(10, A, 0), { key: 'k' });
      await repository.update(sample(10, A, 1), 1);
      expect(await outcome(repository.remove(A, 10, 1))).toBeInstanceOf(VersionConflictError);
      expect(await outcome(repository.remove(B, 10, 2))).toBeInstanceOf(RecordMissingError);
      expect(await outcome(repository.remove(A, 11, 1))).toBeInstanceOf(RecordMissingError);
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 1), version: 2 });
      await repository.remove(A, 10, 2);
      expect(await repository.get(A, 10)).toBeNull();
      expect(await repository.list(A, { offset: 0, limit: 10 })).toEqual({ items: [], total_count: 0 });
      expect(await outcome(repository.remove(A, 10, 2))).toBeInstanceOf(RecordMissingError);
      expect(await outcome(repository.update(sample(10, A, 2), 2))).toBeInstanceOf(RecordMissingError);
      // The id and the key are free again, each on its own: a new record starts at version 1.
      expect(await repository.insert(sample(10, A, 3))).toEqual({
        value: sample(10, A, 3),
        version: 1,
        created: true,
      });
      expect(await repository.insert(sample(11, A, 4), { key: 'k' })).toEqual({
        value: sample(11, A, 4),
        version: 1,
        created: true,
      });
    });

    it('keeps accounts apart: another account’s record is not there for get, list, update or remove', async () => {
      const { repository, sample } = await make();
      await repository.insert(sample(10, A, 0));
      await repository.insert(sample(11, B, 0));
      expect(await repository.get(B, 10)).toBeNull();
      expect(await repository.get(A, 11)).toBeNull();
      const listA = await repository.list(A, { offset: 0, limit: 10 });
      expect(listA).toEqual({ items: [{ value: sample(10, A, 0), version: 1 }], total_count: 1 });
      expect((await repository.list(B, { offset: 0, limit: 10 })).items.map((item) => item.value.id)).toEqual(
        [11],
      );
      expect(await repository.list(3, { offset: 0, limit: 10 })).toEqual({ items: [], total_count: 0 });
      expect(await outcome(repository.remove(B, 10, 1))).toBeInstanceOf(RecordMissingError);
      expect(await outcome(repository.update(sample(11, A, 1), 1))).toBeInstanceOf(RecordMissingError);
      expect(await repository.get(B, 11)).toEqual({ value: sample(11, B, 0), version: 1 });
    });

    it('stores a snapshot: changing the inserted or updated object afterwards changes nothing stored', async () => {
      const { repository, sample } = await make();
      const value = sample(10, A, 0);
      await repository.insert(value);
      tamper(value);
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 0), version: 1 });
      const next = sample(10, A, 1);
      await repository.update(next, 1);
      tamper(next);
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 1), version: 2 });
    });

    it('answers reads the caller cannot change the store through (frozen or copied)', async () => {
      const { repository, sample } = await make();
      const inserted = await repository.insert(sample(10, A, 0));
      tamper(inserted.value);
      const read = await repository.get(A, 10);
      tamper(read?.value);
      const listed = await repository.list(A, { offset: 0, limit: 1 });
      tamper(listed.items[0]?.value);
      expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 0), version: 1 });
      expect(await repository.list(A, { offset: 0, limit: 1 })).toEqual({
        items: [{ value: sample(10, A, 0), version: 1 }],
        total_count: 1,
      });
    });

    it('lists an account’s records in ascending id order, paged by offset and limit, with the total', async () => {
      const { repository, sample } = await make();
      for (const id of [50, 20, 90, 10, 70]) await repository.insert(sample(id, A, 0));
      for (const id of [30, 60]) await repository.insert(sample(id, B, 0));
      const ids = (page: { items: Versioned<T>[] }) => page.items.map((item) => item.value.id);
      const all = await repository.list(A, { offset: 0, limit: 100 });
      expect(ids(all)).toEqual([10, 20, 50, 70, 90]);
      expect(all.total_count).toBe(5);
      expect(all.items[0]).toEqual({ value: sample(10, A, 0), version: 1 });
      const page = await repository.list(A, { offset: 1, limit: 2 });
      expect(ids(page)).toEqual([20, 50]);
      expect(page.total_count).toBe(5);
      expect(ids(await repository.list(A, { offset: 4, limit: 2 }))).toEqual([90]);
      expect(await repository.list(A, { offset: 5, limit: 2 })).toEqual({ items: [], total_count: 5 });
      expect(await repository.list(A, { offset: 0, limit: 0 })).toEqual({ items: [], total_count: 5 });
      await repository.remove(A, 50, 1);
      expect(ids(await repository.list(A, { offset: 0, limit: 100 }))).toEqual([10, 20, 70, 90]);
    });

    it('refuses a page that is not a non-negative integer offset and limit, with RangeError, for list and find', async () => {
      const { repository, sample, findable } = await make();
      await repository.insert(sample(10, A, 0));
      for (const page of [
        { offset: -1, limit: 10 },
        { offset: 0, limit: -1 },
        { offset: 0.5, limit: 10 },
        { offset: 0, limit: Number.NaN },
        { offset: 0, limit: Number.POSITIVE_INFINITY },
      ]) {
        const message = `a page needs a non-negative integer offset and limit, not ${String(page.offset)} and ${String(page.limit)}`;
        await expect(repository.list(A, page)).rejects.toThrow(new RangeError(message));
        await expect(repository.find(A, { [findable.field]: findable.value(0) }, page)).rejects.toThrow(
          new RangeError(message),
        );
      }
    });

    it('answers the account a record belongs to by id alone, and null once it is gone', async () => {
      const { repository, sample } = await make();
      await repository.insert(sample(10, A, 0));
      await repository.insert(sample(11, B, 0));
      expect(await repository.ownerOf(10)).toBe(A);
      expect(await repository.ownerOf(11)).toBe(B);
      expect(await repository.ownerOf(12)).toBeNull();
      await repository.remove(A, 10, 1);
      expect(await repository.ownerOf(10)).toBeNull();
    });

    it('finds an account’s records by field value, in id order, paged, following updates and removals', async () => {
      const { repository, sample, findable } = await make();
      const { field, value: valueFor } = findable;
      const ids = (page: { items: Versioned<T>[] }) => page.items.map((item) => item.value.id);
      const all = { offset: 0, limit: 100 };
      for (const [id, variant] of [
        [30, 1],
        [10, 1],
        [20, 2],
        [40, 1],
      ] as const)
        await repository.insert(sample(id, A, variant));
      await repository.insert(sample(50, B, 1));
      const one = await repository.find(A, { [field]: valueFor(1) }, all);
      expect(ids(one)).toEqual([10, 30, 40]);
      expect(one.total_count).toBe(3);
      expect(one.items[0]).toEqual({ value: sample(10, A, 1), version: 1 });
      expect(ids(await repository.find(A, { [field]: valueFor(1) }, { offset: 1, limit: 1 }))).toEqual([30]);
      expect(ids(await repository.find(B, { [field]: valueFor(1) }, all))).toEqual([50]);
      expect(await repository.find(A, { [field]: valueFor(3) }, all)).toEqual({ items: [], total_count: 0 });
      expect(ids(await repository.find(A, {}, all))).toEqual([10, 20, 30, 40]);
      // An update moves the record between values; a removal takes it out.
      await repository.update(sample(10, A, 2), 1);
      await repository.remove(A, 40, 1);
      expect(ids(await repository.find(A, { [field]: valueFor(1) }, all))).toEqual([30]);
      expect(ids(await repository.find(A, { [field]: valueFor(2) }, all))).toEqual([10, 20]);
      // Two conditions must both hold; a value of another JSON type is another value.
      expect(ids(await repository.find(A, { [field]: valueFor(2), id: 20 }, all))).toEqual([20]);
      expect(ids(await repository.find(A, { [field]: valueFor(2), id: 30 }, all))).toEqual([]);
      expect(ids(await repository.find(A, { id: '20' }, all))).toEqual([]);
      // null matches a field that is absent or null.
      expect(ids(await repository.find(A, { field_no_sample_has: null }, all))).toEqual([10, 20, 30]);
    });

    // Registered only for a repository with an outbox (`options.outbox`): nothing is skipped.
    if (options.outbox === true)
      describe('the outbox (UpdateOptions.events, issue #24 item 4)', () => {
        /** The subject and its outbox. */
        const withOutbox = async () => {
          const subject = await make();
          if (subject.outbox === undefined) throw new Error(`${name}: options.outbox without an outbox`);
          return { ...subject, outbox: subject.outbox };
        };

        it('stores an update’s events with it and answers them, with their ids, in the order given', async () => {
          const subject = await withOutbox();
          const { repository, sample, outbox } = subject;
          await repository.insert(sample(10, A, 0));
          const first = stateChange(A, 10, 2, ':a');
          const second = stateChange(A, 10, 2, ':b');
          const updated = await repository.update(sample(10, A, 1), 1, { events: [first, second] });
          expect(updated.value).toEqual(sample(10, A, 1));
          expect(updated.version).toBe(2);
          const [one, two] = updated.events ?? [];
          expect(one).toEqual({ ...first.event, id: one?.id });
          expect(two).toEqual({ ...second.event, id: two?.id });
          expect((one?.id ?? 0) > 0 && (two?.id ?? 0) > (one?.id ?? 0)).toBe(true);
          expect(await outbox.byKey(A, first.key)).toEqual(one);
          expect(await outbox.get(A, two?.id ?? 0)).toEqual(two);
          expect(await outbox.byKey(B, first.key)).toBeNull();
          // An update without events writes none and answers none to dispatch.
          const plain = await repository.update(sample(10, A, 2), 2, { events: [] });
          expect(plain.version).toBe(3);
          expect(plain.events ?? []).toEqual([]);
          expect((await outbox.list(A, { offset: 0, limit: 10 })).items).toEqual([one, two]);
        });

        it('stores no event when the update is refused: a stale version, a missing record, another tenant', async () => {
          const subject = await withOutbox();
          const { repository, sample, outbox } = subject;
          await repository.insert(sample(10, A, 0));
          await repository.update(sample(10, A, 1), 1);
          const stale = stateChange(A, 10, 2, ':stale');
          expect(await outcome(repository.update(sample(10, A, 2), 1, { events: [stale] }))).toBeInstanceOf(
            VersionConflictError,
          );
          const missing = stateChange(A, 11, 2, ':missing');
          expect(await outcome(repository.update(sample(11, A, 2), 1, { events: [missing] }))).toBeInstanceOf(
            RecordMissingError,
          );
          const foreign = stateChange(B, 10, 3, ':foreign');
          expect(await outcome(repository.update(sample(10, B, 2), 2, { events: [foreign] }))).toBeInstanceOf(
            RecordMissingError,
          );
          for (const key of [stale.key, missing.key]) expect(await outbox.byKey(A, key)).toBeNull();
          expect(await outbox.byKey(B, foreign.key)).toBeNull();
          expect(await outbox.list(A, { offset: 0, limit: 10 })).toEqual({ items: [], total_count: 0 });
          expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 1), version: 2 });
        });

        it('writes nothing, record or event, when an event cannot be stored', async () => {
          const subject = await withOutbox();
          const { repository, sample, outbox } = subject;
          await repository.insert(sample(10, A, 0));
          const bad = { ...stateChange(A, 10, 2, ':bad'), account_id: Number.NaN };
          const good = stateChange(A, 10, 2, ':good');
          expect(
            await outcome(repository.update(sample(10, A, 1), 1, { events: [good, bad] })),
          ).toBeInstanceOf(TypeError);
          expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 0), version: 1 });
          expect(await outbox.byKey(A, good.key)).toBeNull();
        });

        it('writes nothing, record or event, when an event cannot be copied (a getter that throws)', async () => {
          const subject = await withOutbox();
          const { repository, sample, outbox } = subject;
          await repository.insert(sample(10, A, 0));
          const good = stateChange(A, 10, 2, ':copied');
          const broken = stateChange(A, 10, 2, ':uncopyable');
          const data = { ...broken.event.data };
          Object.defineProperty(data, 'notes', {
            enumerable: true,
            get() {
              throw new Error('this event cannot be read');
            },
          });
          const bad = { ...broken, event: { ...broken.event, data } as EventEnvelope };
          expect(
            await outcome(repository.update(sample(10, A, 1), 1, { events: [good, bad] })),
          ).toBeInstanceOf(Error);
          expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 0), version: 1 });
          expect(await outbox.byKey(A, good.key)).toBeNull();
          expect((await outbox.list(A, { offset: 0, limit: 10 })).total_count).toBe(0);
        });

        it('refuses a key already stored for another version of the record, writing nothing (OutboxKeyConflictError)', async () => {
          const subject = await withOutbox();
          const { repository, sample, outbox } = subject;
          await repository.insert(sample(10, A, 0));
          const earlier = stateChange(A, 10, 2, ':reused');
          const [stored] = (await repository.update(sample(10, A, 1), 1, { events: [earlier] })).events ?? [];
          // A later change (version 3) under the key of version 2's event: answering that event would
          // leave version 3 without its own.
          const reused = { ...stateChange(A, 10, 3), key: earlier.key };
          const refused = await outcome(repository.update(sample(10, A, 2), 2, { events: [reused] }));
          expect(refused).toBeInstanceOf(OutboxKeyConflictError);
          expect(refused).toMatchObject({ id: 10, key: earlier.key, stored_version: 2, version: 3 });
          expect(await repository.get(A, 10)).toEqual({ value: sample(10, A, 1), version: 2 });
          expect((await outbox.list(A, { offset: 0, limit: 10 })).items).toEqual([stored]);
          // Keyed by the version it makes, the same change is written.
          const own = stateChange(A, 10, 3, ':reused-own');
          const written = await repository.update(sample(10, A, 2), 2, { events: [own] });
          expect(written.version).toBe(3);
          expect(written.events?.map(versionOf)).toEqual([3]);
        });

        it('answers the stored event for a key already stored, storing no second one; the update happens', async () => {
          const subject = await withOutbox();
          const { repository, sample, outbox } = subject;
          await repository.insert(sample(10, A, 0));
          // Stored for version 2, the version the update makes: answered (another version is refused).
          const earlier = stateChange(A, 10, 2, ':known');
          const { event: stored } = await outbox.append(A, earlier.event, earlier.key);
          const again = { ...earlier, event: stateChange(A, 10, 4).event };
          const updated = await repository.update(sample(10, A, 1), 1, { events: [again] });
          expect(updated.version).toBe(2);
          expect(updated.events).toEqual([stored]);
          expect((await outbox.list(A, { offset: 0, limit: 10 })).total_count).toBe(1);
        });

        it('numbers a record’s events in the order of its versions, however its writers race', async () => {
          const subject = await withOutbox();
          const { repository, sample, outbox } = subject;
          let round = 0;
          await fc.assert(
            fc.asyncProperty(
              fc.integer({ min: 2, max: 12 }),
              fc.integer({ min: 1, max: 3 }),
              async (writers, records) => {
                // Fresh ids each run: the sink keeps every event for ever.
                round += 1;
                const ids = Array.from({ length: records }, (_, index) => 1_000 + round * 10 + index);
                for (const id of ids) await repository.insert(sample(id, A, 0));
                const tag = `:race${String(round)}`;
                /** A read-modify-write that retries a lost race, as the services' writers do. */
                const writer = async (id: number, variant: number) => {
                  for (;;) {
                    const read = await repository.get(A, id);
                    if (read === null) throw new Error(`record ${String(id)} vanished`);
                    const version = read.version + 1;
                    try {
                      return await repository.update(sample(id, A, variant), read.version, {
                        events: [stateChange(A, id, version, tag)],
                      });
                    } catch (error) {
                      if (!(error instanceof VersionConflictError)) throw error;
                    }
                  }
                };
                await Promise.all(
                  Array.from({ length: writers }, (_, index) =>
                    writer(ids[index % records] as number, index + 1),
                  ),
                );
                const all = await outbox.list(A, { offset: 0, limit: 10_000 });
                for (const id of ids) {
                  const mine = all.items.filter(
                    (event) => event.code === 'issued_invoice.state_change' && event.data.invoice_id === id,
                  );
                  const stored = await repository.get(A, id);
                  const versions = mine.map(versionOf);
                  // Oldest first (ascending ids): versions 2, 3, … up to the stored one, each once.
                  expect(versions).toEqual(
                    Array.from({ length: (stored?.version ?? 1) - 1 }, (_, index) => index + 2),
                  );
                }
              },
            ),
            { numRuns: 15 },
          );
        });
      });

    it('behaves like a map of versioned records under any sequence of operations (model-based)', async () => {
      type Op =
        | { op: 'insert'; id: number; account: number; variant: number; key: string | null }
        | { op: 'update'; id: number; account: number; variant: number; skew: number }
        | { op: 'remove'; id: number; account: number; skew: number }
        | { op: 'get'; id: number; account: number }
        | { op: 'list'; account: number; offset: number; limit: number };
      const id = fc.integer({ min: 1, max: 6 });
      const account = fc.constantFrom(A, B);
      const variant = fc.integer({ min: 0, max: 3 });
      const skew = fc.constantFrom(0, 0, 0, -1, 1);
      const opArb: fc.Arbitrary<Op> = fc.oneof(
        fc.record({
          op: fc.constant('insert' as const),
          id,
          account,
          variant,
          key: fc.constantFrom(null, 'a', 'b', 'c'),
        }),
        fc.record({ op: fc.constant('update' as const), id, account, variant, skew }),
        fc.record({ op: fc.constant('remove' as const), id, account, skew }),
        fc.record({ op: fc.constant('get' as const), id, account }),
        fc.record({
          op: fc.constant('list' as const),
          account,
          offset: fc.integer({ min: 0, max: 3 }),
          limit: fc.integer({ min: 0, max: 4 }),
        }),
      );

      interface ModelEntry {
        account: number;
        variant: number;
        version: number;
        key: string | null;
      }

      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { maxLength: 40 }), async (ops) => {
          const { repository, sample } = await make();
          const model = new Map<number, ModelEntry>();
          const keys = new Map<string, number>();
          const versioned = (entryId: number, entry: ModelEntry) => ({
            value: sample(entryId, entry.account, entry.variant),
            version: entry.version,
          });
          for (const op of ops) {
            switch (op.op) {
              case 'insert': {
                const keyed = op.key === null ? undefined : keys.get(`${String(op.account)}:${op.key}`);
                const keyedEntry = keyed === undefined ? undefined : model.get(keyed);
                const actual = await attempt(
                  repository.insert(
                    sample(op.id, op.account, op.variant),
                    op.key === null ? {} : { key: op.key },
                  ),
                );
                if (keyed !== undefined && keyedEntry !== undefined) {
                  expect(actual).toEqual({ value: { ...versioned(keyed, keyedEntry), created: false } });
                } else if (model.has(op.id)) {
                  expect(actual.error).toBeInstanceOf(DuplicateRecordError);
                } else {
                  expect(actual).toEqual({
                    value: {
                      ...versioned(op.id, {
                        account: op.account,
                        variant: op.variant,
                        version: 1,
                        key: op.key,
                      }),
                      created: true,
                    },
                  });
                  model.set(op.id, { account: op.account, variant: op.variant, version: 1, key: op.key });
                  if (op.key !== null) keys.set(`${String(op.account)}:${op.key}`, op.id);
                }
                break;
              }
              case 'update': {
                const entry = model.get(op.id);
                const expected = (entry?.version ?? 1) + op.skew;
                const actual = await outcome(
                  repository.update(sample(op.id, op.account, op.variant), expected),
                );
                if (entry === undefined || entry.account !== op.account)
                  expect(actual).toBeInstanceOf(RecordMissingError);
                else if (entry.version !== expected) expect(actual).toBeInstanceOf(VersionConflictError);
                else {
                  expect(actual).toBe('resolved');
                  entry.version += 1;
                  entry.variant = op.variant;
                }
                break;
              }
              case 'remove': {
                const entry = model.get(op.id);
                const expected = (entry?.version ?? 1) + op.skew;
                const actual = await outcome(repository.remove(op.account, op.id, expected));
                if (entry === undefined || entry.account !== op.account)
                  expect(actual).toBeInstanceOf(RecordMissingError);
                else if (entry.version !== expected) expect(actual).toBeInstanceOf(VersionConflictError);
                else {
                  expect(actual).toBe('resolved');
                  model.delete(op.id);
                  if (entry.key !== null) keys.delete(`${String(entry.account)}:${entry.key}`);
                }
                break;
              }
              case 'get': {
                const entry = model.get(op.id);
                expect(await repository.get(op.account, op.id)).toEqual(
                  entry === undefined || entry.account !== op.account ? null : versioned(op.id, entry),
                );
                break;
              }
              case 'list': {
                const owned = [...model.entries()]
                  .filter(([, entry]) => entry.account === op.account)
                  .sort(([left], [right]) => left - right);
                expect(await repository.list(op.account, { offset: op.offset, limit: op.limit })).toEqual({
                  items: owned
                    .slice(op.offset, op.offset + op.limit)
                    .map(([entryId, entry]) => versioned(entryId, entry)),
                  total_count: owned.length,
                });
                break;
              }
            }
          }
        }),
        { numRuns: 150 },
      );
    });
  });
}

/**
 * A record the `search` contract stores: top-level fields of each JSON type, a nested object (an
 * invoice's `contact`), dates and instants, and texts to search.
 */
export interface SearchRecord {
  readonly id: number;
  readonly account_id: number;
  readonly type?: string;
  readonly number?: string | null;
  readonly state?: string;
  readonly contact_id?: number | null;
  readonly ack?: boolean;
  readonly date?: string | null;
  readonly updated_at?: string;
  readonly name?: string | null;
  readonly address?: string | null;
  readonly contact?: { readonly tin_value?: string | null; readonly cin_value?: string | null } | null;
}

/**
 * The contract of `Repository.search` (issue #19: the list filters), for a repository of
 * {@link SearchRecord}s (any table of the record shape: the PostgreSQL suite uses the invoices table,
 * whose `type`, `number`, `state` and `contact_id` are indexed columns). `search` must mean exactly
 * what `recordMatches` says, which the last case checks on random records and conditions.
 */
export function describeRepositorySearchContract(
  name: string,
  make: () => Repository<SearchRecord> | Promise<Repository<SearchRecord>>,
): void {
  const all = { offset: 0, limit: 100 };
  const ids = (page: { items: Versioned<SearchRecord>[] }) => page.items.map((item) => item.value.id);
  const records: SearchRecord[] = [
    {
      id: 10,
      account_id: A,
      type: 'IssuedInvoice',
      number: 'F-1',
      state: 'new',
      contact_id: 7,
      ack: false,
      date: '2026-04-01',
      updated_at: '2026-04-01T10:00:00.000Z',
      name: 'Distribuciones Norte SA',
      address: 'Calle Mayor 1',
      contact: { tin_value: 'B76543214', cin_value: null },
    },
    {
      id: 20,
      account_id: A,
      type: 'IssuedInvoice',
      number: 'F-2',
      state: 'sent',
      contact_id: 8,
      ack: true,
      date: '2026-04-15',
      updated_at: '2026-04-15T09:30:00.000Z',
      name: 'ÑANDÚ Example SL',
      address: null,
      contact: { tin_value: 'A58818501', cin_value: '0000123456' },
    },
    {
      id: 30,
      account_id: A,
      type: 'ReceivedInvoice',
      number: 'F-1',
      state: 'new',
      contact_id: null,
      date: '2026-05-02',
      updated_at: '2026-05-02T00:00:00.000Z',
      name: null,
      address: 'Example street 9',
      contact: null,
    },
    { id: 40, account_id: A, type: 'IssuedInvoice', number: '20', date: null },
    {
      id: 50,
      account_id: B,
      type: 'IssuedInvoice',
      number: 'F-1',
      date: '2026-04-01',
      name: 'Distribuciones Norte SA',
      contact: { tin_value: 'B76543214' },
    },
  ];
  const filled = async () => {
    const repository = await make();
    for (const record of records) await repository.insert(record);
    return repository;
  };

  describe(`Repository search contract: ${name}`, () => {
    it('with no condition lists the account’s records; equality at a field or a nested path, typed', async () => {
      const repository = await filled();
      expect(ids(await repository.search(A, [], all))).toEqual([10, 20, 30, 40]);
      expect(ids(await repository.search(A, [{ field: ['number'], op: 'eq', value: 'F-1' }], all))).toEqual([
        10, 30,
      ]);
      expect(ids(await repository.search(B, [{ field: ['number'], op: 'eq', value: 'F-1' }], all))).toEqual([
        50,
      ]);
      expect(ids(await repository.search(A, [{ field: ['number'], op: 'eq', value: 20 }], all))).toEqual([]);
      expect(
        ids(
          await repository.search(
            A,
            [{ field: ['contact', 'tin_value'], op: 'eq', value: 'B76543214' }],
            all,
          ),
        ),
      ).toEqual([10]);
      // null matches a nested field that is null or absent, or whose object is.
      expect(
        ids(await repository.search(A, [{ field: ['contact', 'cin_value'], op: 'eq', value: null }], all)),
      ).toEqual([10, 30, 40]);
      expect(ids(await repository.search(A, [{ field: ['ack'], op: 'eq', value: true }], all))).toEqual([20]);
      expect(ids(await repository.search(A, [{ field: ['contact_id'], op: 'eq', value: 8 }], all))).toEqual([
        20,
      ]);
      // Two equalities on one field: both must hold.
      expect(
        ids(
          await repository.search(
            A,
            [
              { field: ['number'], op: 'eq', value: 'F-1' },
              { field: ['number'], op: 'eq', value: 'F-2' },
            ],
            all,
          ),
        ),
      ).toEqual([]);
    });

    it('orders dates and instants as text, inclusive or not; a field that is not a string never matches', async () => {
      const repository = await filled();
      const between = await repository.search(
        A,
        [
          { field: ['date'], op: 'gte', value: '2026-04-01' },
          { field: ['date'], op: 'lte', value: '2026-04-15' },
        ],
        all,
      );
      expect([ids(between), between.total_count]).toEqual([[10, 20], 2]);
      expect(
        ids(await repository.search(A, [{ field: ['date'], op: 'gt', value: '2026-04-01' }], all)),
      ).toEqual([20, 30]);
      expect(
        ids(await repository.search(A, [{ field: ['date'], op: 'lt', value: '2026-04-15' }], all)),
      ).toEqual([10]);
      expect(
        ids(
          await repository.search(
            A,
            [{ field: ['updated_at'], op: 'gt', value: '2026-04-15T09:30:00.000Z' }],
            all,
          ),
        ),
      ).toEqual([30]);
      // Code order, not the locale's: a lower-case letter sorts after every digit and capital.
      expect(ids(await repository.search(A, [{ field: ['number'], op: 'gt', value: 'F-1' }], all))).toEqual([
        20,
      ]);
      expect(ids(await repository.search(A, [{ field: ['number'], op: 'gte', value: 'a' }], all))).toEqual(
        [],
      );
      // Paged, counted, combined with an equality on an indexed field.
      const paged = await repository.search(
        A,
        [
          { field: ['type'], op: 'eq', value: 'IssuedInvoice' },
          { field: ['date'], op: 'gte', value: '2026-01-01' },
        ],
        { offset: 1, limit: 1 },
      );
      expect([ids(paged), paged.total_count]).toEqual([[20], 2]);
    });

    it('contains: any of the fields holds the text, ASCII letters without case, others exactly', async () => {
      const repository = await filled();
      const search = (value: string, fields: [string, ...string[]][] = [['name'], ['address']]) =>
        repository.search(A, [{ fields, op: 'contains', value }], all).then(ids);
      expect(await search('example')).toEqual([20, 30]);
      expect(await search('NORTE')).toEqual([10]);
      expect(await search('ñandú')).toEqual([]);
      expect(await search('ÑANDÚ example')).toEqual([20]);
      expect(await search('B7654', [['contact', 'tin_value']])).toEqual([10]);
      expect(await search('100%')).toEqual([]);
      expect(await search('_')).toEqual([]);
      expect(await search('', [['name']])).toEqual([10, 20]);
      expect(await search('x', [])).toEqual([]);
    });

    it('means what recordMatches means, on random records and conditions', async () => {
      const text = fc.constantFrom('a', 'B', 'ab', 'F-1', 'F-10', '2026-04-01', '2026-04-02', 'Ñ', 'x%_');
      const scalar = fc.oneof(text, fc.constantFrom(1, 20, true, false, null));
      const field = fc.constantFrom<[string, ...string[]]>(
        ['number'],
        ['state'],
        ['name'],
        ['date'],
        ['contact', 'tin_value'],
        ['contact_id'],
        ['nothing'],
      );
      const record = fc.record({
        number: scalar,
        state: scalar,
        name: scalar,
        date: scalar,
        contact_id: scalar,
        contact: fc.oneof(fc.constant(null), fc.record({ tin_value: scalar })),
      });
      const condition = fc.oneof(
        fc.record({ field, op: fc.constant('eq' as const), value: scalar }),
        fc.record({
          field,
          op: fc.constantFrom('gt' as const, 'gte' as const, 'lt' as const, 'lte' as const),
          value: text,
        }),
        fc.record({
          fields: fc.array(field, { maxLength: 2 }),
          op: fc.constant('contains' as const),
          value: text,
        }),
      );
      // One repository; every run stores its records in an account of its own.
      const repository = await make();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(record, { minLength: 1, maxLength: 6 }),
          fc.array(condition, { maxLength: 3 }),
          async (values, conditions) => {
            run += 1;
            const account_id = 100 + run;
            const stored = values.map(
              (value, index) => ({ ...value, id: run * 10 + index, account_id }) as SearchRecord,
            );
            for (const value of stored) await repository.insert(value);
            const expected = stored
              .filter((value) => recordMatches(value, conditions))
              .map((value) => value.id);
            const found = await repository.search(account_id, conditions, all);
            expect([ids(found), found.total_count]).toEqual([expected, expected.length]);
          },
        ),
        { numRuns: 60 },
      );
    });
  });
}
