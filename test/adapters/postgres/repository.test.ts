/**
 * The PostgreSQL repositories (issue #10) against the Repository contract, on tables of the migrated
 * schema with records of several shapes (fields found in indexed columns and inside the body, strings
 * `jsonb` would refuse, lossless numbers), plus what only a shared database shows: writers on several
 * pools (processes) racing, every Store member on its table, and `migrate` run by several processes at
 * once. Everything happens in one fresh schema for this file (`support.ts`), dropped at the end.
 */
import { LosslessNumber } from 'lossless-json';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresEventSink } from '../../../src/adapters/postgres/eventSink.js';
import { MIGRATIONS, migrate } from '../../../src/adapters/postgres/migrations.js';
import { postgresRepository } from '../../../src/adapters/postgres/repository.js';
import { postgresStore } from '../../../src/adapters/postgres/store.js';
import { STORE_TABLES } from '../../../src/adapters/postgres/tables.js';
import type { Account } from '../../../src/model/account.js';
import type { Contact } from '../../../src/model/contact.js';
import { buildEvent } from '../../../src/model/event.js';
import type { Invoice } from '../../../src/model/invoice.js';
import {
  DuplicateRecordError,
  type EventSink,
  RecordMissingError,
  type Repository,
  type Store,
  VersionConflictError,
} from '../../../src/ports.js';
import {
  describeRepositoryContract,
  describeRepositorySearchContract,
  type SearchRecord,
} from '../../contracts/repository.js';
import { storedAccount, storedContact, storedInvoice } from '../../support/fixtures.js';
import { moneyModelInvoice } from '../../support/moneyModelInvoice.js';
import {
  DATABASE_URL,
  freshSchemaName,
  type PgTestContext,
  pgTestContext,
  schemaPool,
  suiteName,
} from './support.js';

/** A record with nested objects, arrays and a value object, as stored resources have. */
interface Note {
  id: number;
  account_id: number;
  title: string;
  status: string;
  tags: string[];
  detail: { amount: LosslessNumber; lines: { text: string }[] };
}

const note = (id: number, account_id: number, variant: number): Note => ({
  id,
  account_id,
  title: `note ${String(id)}.${String(variant)}`,
  status: `s${String(variant)}`,
  tags: ['a', String(variant)],
  detail: { amount: new LosslessNumber(`${String(variant)}.50`), lines: [{ text: 'line' }] },
});

/** A note pointing at an invoice, found by a number kept in an indexed column (`tax_reports`). */
const reportNote = (id: number, account_id: number, variant: number) => ({
  ...note(id, account_id, variant),
  invoice_id: 1_000 + variant,
});

/** Strings `jsonb` refuses (a NUL, a lone surrogate), in a column and in the body. */
const oddNote = (id: number, account_id: number, variant: number) => ({
  ...note(id, account_id, variant),
  state: `state\u0000${String(variant)}`,
  status: `\ud800${String(variant)}\u0000`,
  '~n': 'a key that looks like a tag',
});

let shared: Promise<PgTestContext> | undefined;
/** This file's schema, made on first use. */
const context = (): Promise<PgTestContext> => {
  shared ??= pgTestContext();
  return shared;
};

afterAll(async () => {
  if (shared !== undefined) await (await shared).cleanup();
});

/** A repository on `table`, emptied first (the contract wants a fresh, empty repository each time). */
async function fresh<T extends { readonly id: number }>(
  table: string,
  options: { columns?: readonly string[] } = {},
): Promise<Repository<T>> {
  const { pool } = await context();
  await pool.query(`delete from ${table}`);
  return postgresRepository<T>(pool, { table, ...options });
}

/** {@link fresh}, with the event sink its outbox writes to (`fiscalkit_events` of the schema), emptied too. */
async function freshWithOutbox<T extends { readonly id: number }>(
  table: string,
): Promise<{ repository: Repository<T>; outbox: EventSink }> {
  const { pool } = await context();
  await pool.query('delete from fiscalkit_events');
  return { repository: await fresh<T>(table), outbox: postgresEventSink(pool) };
}

const ALL = { offset: 0, limit: 100 };
const ids = (page: { items: { value: { id: number } }[] }) => page.items.map((item) => item.value.id);

describe.skipIf(DATABASE_URL === undefined)(suiteName('postgresRepository'), () => {
  describeRepositoryContract(
    'postgresRepository (plain records, a field in the body)',
    async () => ({
      ...(await freshWithOutbox<Note>('ledger_responses')),
      sample: note,
      findable: { field: 'status', value: (variant) => `s${String(variant)}` },
    }),
    { outbox: true },
  );

  describeRepositoryContract('postgresRepository (a number in an indexed column)', async () => ({
    repository: await fresh<ReturnType<typeof reportNote>>('tax_reports'),
    sample: reportNote,
    findable: { field: 'invoice_id', value: (variant) => 1_000 + variant },
  }));

  describeRepositoryContract('postgresRepository (strings jsonb refuses, in a column)', async () => ({
    repository: await fresh<ReturnType<typeof oddNote>>('tax_reports'),
    sample: oddNote,
    findable: { field: 'state', value: (variant) => `state\u0000${String(variant)}` },
  }));

  describeRepositoryContract('postgresRepository (strings jsonb refuses, in the body)', async () => ({
    repository: await fresh<ReturnType<typeof oddNote>>('ledger_responses'),
    sample: oddNote,
    findable: { field: 'status', value: (variant) => `\ud800${String(variant)}\u0000` },
  }));

  // `search` (issue #19: the list filters) on the invoices table, whose type, number, state and
  // contact_id are indexed columns: conditions on columns and inside the body alike.
  describeRepositorySearchContract('postgresRepository (the invoices table)', () =>
    fresh<SearchRecord>('invoices'),
  );

  describeRepositoryContract('postgresRepository (stored contacts)', async () => ({
    repository: await fresh<Contact>('contacts'),
    sample: (id, account_id, variant) =>
      storedContact({ id, account_id, name: `Contact ${String(variant)}` }),
    findable: { field: 'name', value: (variant) => `Contact ${String(variant)}` },
  }));

  // The accounts table keeps an account whole, spec §2.2 `cin` included (issue #18 item 5; records
  // are JSON documents, so no column or migration is needed); the tenant is the sample's
  // `account_id` here, so that the contract can choose it.
  describeRepositoryContract('postgresRepository (stored accounts, with their cin)', async () => ({
    repository: await (async () => {
      await fresh('accounts');
      const { pool } = await context();
      return postgresRepository<Account & { account_id: number }>(pool, {
        table: 'accounts',
        owner: (account) => account.account_id,
      });
    })(),
    sample: (id, account_id, variant) => ({
      ...storedAccount({ id, cin: `000012345${String(variant)}`, cin_value: `000012345${String(variant)}` }),
      account_id,
    }),
    findable: { field: 'cin', value: (variant) => `000012345${String(variant)}` },
  }));

  describeRepositoryContract(
    'postgresRepository (stored invoices)',
    async () => ({
      ...(await freshWithOutbox<Invoice>('invoices')),
      sample: (id, account_id, variant) =>
        storedInvoice({ id, account_id, number: `F-2026/${String(variant)}` }),
      findable: { field: 'number', value: (variant) => `F-2026/${String(variant)}` },
    }),
    { outbox: true },
  );

  // Issue #19: the money model's fields round-trip (line base quantity and allowances, document-level
  // entries, payments on account, the totals and taxes, extra_info, file_reference).
  describeRepositoryContract(
    'postgresRepository (stored invoices with the issue #19 money model)',
    async () => ({
      ...(await freshWithOutbox<Invoice>('invoices')),
      sample: (id, account_id, variant) => moneyModelInvoice(id, account_id, `F-2026/${String(variant)}`),
      findable: { field: 'number', value: (variant) => `F-2026/${String(variant)}` },
    }),
  );

  describe('postgresRepository specifics', () => {
    it('answers fresh objects on every read, with lossless numbers as LosslessNumbers and the key order kept', async () => {
      const repository = await fresh<Note & { z: number; a: number }>('ledger_responses');
      const value = { z: 1, ...note(1, 1, 0), a: 2 };
      value.detail.amount = new LosslessNumber('1.50E+3');
      const inserted = await repository.insert(value);
      // The write answers the value it was given (as memory does); every read a fresh decoding.
      expect(inserted.value).toBe(value);
      const first = await repository.get(1, 1);
      const second = await repository.get(1, 1);
      expect(first?.value).not.toBe(second?.value);
      expect(first?.value).toEqual(value);
      expect(first?.value.detail.amount).toBeInstanceOf(LosslessNumber);
      expect(first?.value.detail.amount.value).toBe('1.50E+3');
      expect(Object.keys(first?.value ?? {})).toEqual(Object.keys(value));
    });

    it('finds type-strictly, and null as absent or null, in columns and in the body', async () => {
      const repository = await fresh<Record<string, unknown> & { id: number }>('invoices');
      const base = { account_id: 1 };
      await repository.insert({ id: 1, ...base, contact_id: 7, ack: true, number: '20' });
      await repository.insert({ id: 2, ...base, contact_id: '7', ack: 'true', number: 20 });
      await repository.insert({ id: 3, ...base, contact_id: null, ack: null, number: null });
      await repository.insert({ id: 4, ...base });
      const find = async (where: Record<string, string | number | boolean | null>) =>
        ids(await repository.find(1, where, ALL));
      // contact_id and number are columns, ack is in the body.
      expect(await find({ contact_id: 7 })).toEqual([1]);
      expect(await find({ contact_id: '7' })).toEqual([2]);
      expect(await find({ number: '20' })).toEqual([1]);
      expect(await find({ number: 20 })).toEqual([2]);
      expect(await find({ ack: true })).toEqual([1]);
      expect(await find({ ack: 'true' })).toEqual([2]);
      expect(await find({ contact_id: null })).toEqual([3, 4]);
      expect(await find({ ack: null })).toEqual([3, 4]);
      expect(await find({ contact_id: null, ack: null, number: null })).toEqual([3, 4]);
      expect(await find({ contact_id: 7, ack: true, id: 1 })).toEqual([1]);
      expect(await find({ id: 2.5 })).toEqual([]);
      expect(await find({ contact_id: Number.NaN })).toEqual([]);
    });

    it('keeps keys with characters PostgreSQL text refuses apart', async () => {
      const repository = await fresh<Note>('ledger_responses');
      expect((await repository.insert(note(1, 1, 0), { key: 'a\u0000b' })).created).toBe(true);
      expect((await repository.insert(note(2, 1, 0), { key: 'a\\u0000b' })).created).toBe(true);
      expect((await repository.insert(note(3, 1, 0), { key: 'a\u0000b' })).value.id).toBe(1);
    });

    it('refuses what it cannot store, and a bad page, before touching the database', async () => {
      const repository = await fresh<Note>('ledger_responses');
      await expect(repository.insert({ ...note(1, 1, 0), account_id: Number.NaN })).rejects.toThrow(
        TypeError,
      );
      await expect(repository.insert({ ...note(1, 1, 0), id: 1.5 })).rejects.toThrow(TypeError);
      await expect(
        repository.insert({ ...note(1, 1, 0), title: new Date(0) as unknown as string }),
      ).rejects.toThrow(TypeError);
      await expect(repository.list(1, { offset: -1, limit: 10 })).rejects.toThrow(RangeError);
      expect(await repository.ownerOf(1.5)).toBeNull();
      // Ids, tenants and versions that are not integers match nothing, as in memory.
      await repository.insert(note(1, 1, 0));
      expect(await repository.get(1, 1.5)).toBeNull();
      expect(await repository.get(Number.NaN, 1)).toBeNull();
      await expect(repository.remove(1, 1.5, 1)).rejects.toThrow(RecordMissingError);
      await expect(repository.remove(1, 1, 1.5)).rejects.toThrow(VersionConflictError);
      await expect(repository.update(note(1, 1, 1), 2 ** 40)).rejects.toThrow(VersionConflictError);
      expect(await repository.list(0.5, ALL)).toEqual({ items: [], total_count: 0 });
      expect(await repository.find(0.5, {}, ALL)).toEqual({ items: [], total_count: 0 });
    });

    it('lets exactly one of many writers on several processes win a version', async () => {
      const { schema } = await context();
      const repository = await fresh<Note>('ledger_responses');
      await repository.insert(note(1, 1, 0));
      const pools = [schemaPool(schema), schemaPool(schema), schemaPool(schema)];
      try {
        const writers = Array.from({ length: 24 }, (_, index) =>
          postgresRepository<Note>(pools[index % 3] as (typeof pools)[number], { table: 'ledger_responses' }),
        );
        const outcomes = await Promise.allSettled(
          writers.map((writer, index) => writer.update(note(1, 1, index + 1), 1)),
        );
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        expect(won).toHaveLength(1);
        for (const outcome of outcomes)
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(VersionConflictError);
        expect((await repository.get(1, 1))?.version).toBe(2);
      } finally {
        for (const pool of pools) await pool.end();
      }
    });

    it('numbers a record’s events in the order of its versions when writers on several processes race (issue #24 item 4)', async () => {
      const { schema } = await context();
      const { repository, outbox } = await freshWithOutbox<Note>('ledger_responses');
      await repository.insert(note(1, 1, 0));
      const pools = [schemaPool(schema), schemaPool(schema), schemaPool(schema)];
      try {
        const writers = pools.map((pool) => postgresRepository<Note>(pool, { table: 'ledger_responses' }));
        /** Read, write with the event of the version it makes, and retry a lost race. */
        const write = async (index: number) => {
          const writer = writers[index % 3] as Repository<Note>;
          for (;;) {
            const read = await writer.get(1, 1);
            const version = (read?.version ?? 0) + 1;
            try {
              return await writer.update(note(1, 1, index + 1), read?.version ?? 0, {
                events: [
                  {
                    account_id: 1,
                    key: `note:1:${String(version)}`,
                    event: buildEvent(
                      'issued_invoice.state_change',
                      { invoice_id: 1, state: 'sent', version },
                      { triggered_at: 1_776_681_600 },
                    ),
                  },
                ],
              });
            } catch (error) {
              if (!(error instanceof VersionConflictError)) throw error;
            }
          }
        };
        const written = await Promise.all(Array.from({ length: 30 }, (_, index) => write(index)));
        // Each write answers its own event, whose id the sink lists it under.
        for (const answer of written)
          expect(answer.events?.map((event) => (event.data as { version?: number }).version)).toEqual([
            answer.version,
          ]);
        const listed = await outbox.list(1, { offset: 0, limit: 100 });
        expect(listed.items.map((event) => (event.data as { version?: number }).version)).toEqual(
          Array.from({ length: 30 }, (_, index) => index + 2),
        );
      } finally {
        for (const pool of pools) await pool.end();
      }
    });

    it('writes its outbox into `fiscalkit_events` of its `schema`, where postgresEventSink with the same `schema` finds it', async () => {
      const { pool, schema } = await context();
      await pool.query('delete from ledger_responses');
      // Connections whose search_path names no fiscalkit schema: every table is found by its option.
      const elsewhere = schemaPool('fk_nowhere', 2);
      try {
        const repository = postgresRepository<Note>(elsewhere, { table: 'ledger_responses', schema });
        const sink = postgresEventSink(elsewhere, { schema });
        await repository.insert(note(1, 77, 0));
        const event = buildEvent(
          'issued_invoice.state_change',
          { invoice_id: 1, state: 'sent', version: 2 },
          { triggered_at: 1_776_681_600 },
        );
        const written = await repository.update(note(1, 77, 1), 1, {
          events: [{ account_id: 77, key: 'schema:1:2', event }],
        });
        expect(await sink.byKey(77, 'schema:1:2')).toEqual(written.events?.[0]);
        const appended = await sink.append(77, event, 'schema:appended');
        expect(await sink.get(77, appended.event.id ?? 0)).toEqual(appended.event);
        expect((await sink.list(77, ALL)).items).toEqual([written.events?.[0], appended.event]);
        // The same table as the schema's own connections see.
        expect(await postgresEventSink(pool).byKey(77, 'schema:appended')).toEqual(appended.event);
      } finally {
        await elsewhere.end();
      }
    });

    it('creates a keyed record once when many processes insert it at once', async () => {
      const { schema } = await context();
      await fresh<Note>('ledger_responses');
      const pools = [schemaPool(schema), schemaPool(schema), schemaPool(schema)];
      try {
        const inserts = Array.from({ length: 24 }, (_, index) =>
          postgresRepository<Note>(pools[index % 3] as (typeof pools)[number], {
            table: 'ledger_responses',
          }).insert(note(100 + index, 1, index), { key: 'batch-7:record-1' }),
        );
        const answers = await Promise.all(inserts);
        expect(answers.filter((answer) => answer.created)).toHaveLength(1);
        const winner = answers.find((answer) => answer.created)?.value.id;
        expect(new Set(answers.map((answer) => answer.value.id))).toEqual(new Set([winner]));
        // Same ids without a key: one stores it, the others get DuplicateRecordError.
        const duplicates = await Promise.allSettled(
          pools.map((pool) =>
            postgresRepository<Note>(pool, { table: 'ledger_responses' }).insert(note(1, 1, 0)),
          ),
        );
        expect(duplicates.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of duplicates)
          if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DuplicateRecordError);
      } finally {
        for (const pool of pools) await pool.end();
      }
    });
  });

  describe('coalesced calls (many requests in flight, one statement)', () => {
    /** What a call answered, comparable across adapters. */
    const outcomeOf = async (
      promise: Promise<{ value: Note; version: number; created?: boolean } | null>,
    ) => {
      try {
        const result = await promise;
        return result === null
          ? null
          : { title: result.value.title, version: result.version, created: result.created };
      } catch (error) {
        return { error: (error as Error).name };
      }
    };

    type Step =
      | { kind: 'insert'; id: number; account: number; key: string | null; variant: number }
      | { kind: 'get'; id: number; account: number }
      | { kind: 'update'; id: number; account: number; version: number; variant: number }
      | { kind: 'find'; account: number; status: string | null; id: number | null; offset: number };

    it('property: concurrent inserts, reads, updates and finds answer as the same calls one by one in memory', async () => {
      const { memoryRepository } = await import('../../../src/adapters/memory/repository.js');
      const fc = (await import('fast-check')).default;
      const insert = fc.record({
        kind: fc.constant('insert' as const),
        id: fc.integer({ min: 1, max: 5 }),
        account: fc.integer({ min: 1, max: 2 }),
        key: fc.constantFrom(null, 'k1', 'k2', 'k3', 'k4', 'k5', 'k6'),
        variant: fc.integer({ min: 0, max: 9 }),
      });
      const get = fc.record({
        kind: fc.constant('get' as const),
        id: fc.integer({ min: 0, max: 5 }),
        account: fc.integer({ min: 1, max: 2 }),
      });
      const find = fc.record({
        kind: fc.constant('find' as const),
        account: fc.integer({ min: 1, max: 2 }),
        status: fc.option(fc.constantFrom('s0', 's1', 's2'), { nil: null }),
        id: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        offset: fc.integer({ min: 0, max: 2 }),
      });
      const update = fc.record({
        kind: fc.constant('update' as const),
        id: fc.integer({ min: 1, max: 5 }),
        account: fc.integer({ min: 1, max: 2 }),
        version: fc.integer({ min: 0, max: 2 }),
        variant: fc.integer({ min: 0, max: 9 }),
      });
      /**
       * A turn: calls of one kind made together, which a batch serves in call order; the turns run
       * one after another. (Calls of different kinds made together have no order to keep: on a pool
       * without coalescing they run on different connections in either order too.)
       */
      const turn = fc.oneof(
        ...[insert, get, update, find].map((op) => fc.array<Step>(op, { minLength: 1, maxLength: 12 })),
      );
      const turns = fc.array(turn, { minLength: 1, maxLength: 5 });
      await fc.assert(
        fc.asyncProperty(turns, async (script) => {
          const pg = await fresh<Note>('ledger_responses');
          const memory = memoryRepository<Note>();
          const call = (repository: Repository<Note>, step: Step) => {
            if (step.kind === 'insert')
              return repository.insert(
                note(step.id, step.account, step.variant),
                step.key === null ? {} : { key: step.key },
              );
            if (step.kind === 'get') return repository.get(step.account, step.id);
            if (step.kind === 'find') {
              const where: Record<string, string | number> = {};
              if (step.status !== null) where.status = step.status;
              if (step.id !== null) where.id = step.id;
              return repository.find(step.account, where, { offset: step.offset, limit: 2 }).then((page) => ({
                value: {
                  ...note(0, 0, 0),
                  title: JSON.stringify(page.items.map((item) => [item.value.id, item.version])),
                },
                version: page.total_count,
              }));
            }
            return repository.update(note(step.id, step.account, step.variant), step.version);
          };
          for (const turn of script) {
            const together = await Promise.all(turn.map((step) => outcomeOf(call(pg, step))));
            const oneByOne = [];
            for (const step of turn) oneByOne.push(await outcomeOf(call(memory, step)));
            expect(together).toEqual(oneByOne);
          }
          for (const account of [1, 2])
            expect((await pg.list(account, ALL)).items).toEqual((await memory.list(account, ALL)).items);
        }),
        { numRuns: 150 },
      );
    });

    it('batched finds take any safe-integer page, and a refused batch is asked again find by find', async () => {
      const repository = await fresh<Note>('ledger_responses');
      await repository.insert(note(1, 1, 0));
      const huge = { offset: 0, limit: 3_000_000_000 };
      const pages = await Promise.all([
        repository.list(1, huge),
        repository.list(1, { offset: 0, limit: 10 }),
        repository.find(1, { status: 's0' }, huge),
        repository.find(1, { status: 's0' }, { offset: 2_500_000_000, limit: 1 }),
      ]);
      expect(pages.map((page) => [page.total_count, page.items.length])).toEqual([
        [1, 1],
        [1, 1],
        [1, 1],
        [1, 0],
      ]);
    });

    it('a write named twice in a turn waits for the batch, and meets what the first did', async () => {
      const repository = await fresh<Note>('ledger_responses');
      await Promise.all([1, 2, 3].map((id) => repository.insert(note(id, 1, 0))));
      const outcomes = await Promise.allSettled([
        repository.update(note(1, 1, 1), 1),
        repository.update(note(2, 1, 1), 1),
        repository.update(note(1, 1, 2), 1),
        repository.update(note(3, 1, 1), 1),
        repository.update(note(1, 1, 3), 2),
      ]);
      expect(
        outcomes.map((outcome) =>
          outcome.status === 'fulfilled' ? outcome.value.version : outcome.reason.name,
        ),
      ).toEqual([2, 2, 'VersionConflictError', 2, 3]);
      expect((await repository.get(1, 1))?.value.title).toBe('note 1.3');
    });

    it('batched writes keep what jsonb refuses, escapes, and quotes exactly', async () => {
      const repository = await fresh<ReturnType<typeof oddNote>>('tax_reports');
      const odd = (id: number, variant: number) => ({
        ...oddNote(id, 1, variant),
        title: `"quoted" \\ back\\slash \\u0000 not a NUL, tab\t, 🙂`,
      });
      await Promise.all([1, 2, 3, 4].map((id) => repository.insert(odd(id, 0))));
      await Promise.all([1, 2, 3, 4].map((id) => repository.update(odd(id, 1), 1)));
      const read = await Promise.all([1, 2, 3, 4].map((id) => repository.get(1, id)));
      expect(read).toEqual([1, 2, 3, 4].map((id) => ({ value: odd(id, 1), version: 2 })));
    });

    it('serves the inserts, reads, updates and finds of one turn with one statement each', async () => {
      const { pool } = await context();
      await pool.query('delete from ledger_responses');
      let statements = 0;
      const counting = {
        query: (config: unknown) => {
          statements += 1;
          return (pool.query as (config: unknown) => Promise<unknown>)(config);
        },
      } as unknown as Pick<import('pg').Pool, 'query'>;
      const repository = postgresRepository<Note>(counting, { table: 'ledger_responses' });
      await Promise.all(Array.from({ length: 50 }, (_, index) => repository.insert(note(index + 1, 1, 0))));
      expect(statements).toBe(1);
      const read = await Promise.all(Array.from({ length: 50 }, (_, index) => repository.get(1, index + 1)));
      expect(statements).toBe(2);
      expect(read.map((found) => found?.version)).toEqual(Array.from({ length: 50 }, () => 1));
      await Promise.all(
        Array.from({ length: 50 }, (_, index) => repository.update(note(index + 1, 1, 1), 1)),
      );
      expect(statements).toBe(3);
      expect((await repository.get(1, 50))?.value.title).toBe('note 50.1');
      const found = await Promise.all(
        Array.from({ length: 50 }, (_, index) => repository.find(1, { id: index + 1, status: 's1' }, ALL)),
      );
      expect(statements).toBe(5);
      // Keyed inserts with different keys go together too; a key named twice makes a batch go one by one.
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          repository.insert(note(100 + index, 1, 0), { key: `k${String(index)}` }),
        ),
      );
      expect(statements).toBe(6);
      const again = await Promise.all([
        repository.insert(note(200, 1, 0), { key: 'k0' }),
        repository.insert(note(201, 1, 0), { key: 'fresh' }),
      ]);
      expect(again.map((result) => [result.value.id, result.created])).toEqual([
        [100, false],
        [201, true],
      ]);
      expect(found.map((page) => [page.total_count, page.items[0]?.value.id])).toEqual(
        Array.from({ length: 50 }, (_, index) => [1, index + 1]),
      );
    });
  });

  describe('postgresStore', () => {
    /** A record of `member` owned by tenant 5 (whatever owns it there), with every column set. */
    const recordOf = (member: keyof Store, id: number): Record<string, unknown> => {
      const record: Record<string, unknown> = { id, account_id: 5, group_id: 5, directory: 0, name: member };
      if (member === 'accounts') record.id = 5;
      for (const column of STORE_TABLES[member].columns) record[column] = `${column}-${String(id)}`;
      return record;
    };
    const tenantOf = (member: keyof Store) => (member === 'peppolParticipants' ? 0 : 5);

    it('stores every member on its own table, with its tenant, found by every indexed column', async () => {
      const { pool } = await context();
      const store = postgresStore(pool);
      for (const member of Object.keys(STORE_TABLES) as (keyof Store)[]) {
        await pool.query(`delete from ${STORE_TABLES[member].table}`);
        const repository = store[member] as unknown as Repository<{ id: number }>;
        const record = recordOf(member, 70) as { id: number };
        await repository.insert(record);
        const tenant = tenantOf(member);
        expect(await repository.get(tenant, record.id), member).toEqual({ value: record, version: 1 });
        expect(await repository.ownerOf(record.id), member).toBe(tenant);
        expect((await repository.list(tenant === 5 ? 6 : 5, ALL)).total_count, member).toBe(0);
        for (const column of STORE_TABLES[member].columns) {
          expect(ids(await repository.find(tenant, { [column]: `${column}-70` }, ALL)), column).toEqual([
            record.id,
          ]);
          expect(ids(await repository.find(tenant, { [column]: `${column}-71` }, ALL)), column).toEqual([]);
        }
      }
      // Every member has a table of its own.
      expect(new Set(Object.values(STORE_TABLES).map((table) => table.table)).size).toBe(
        Object.keys(STORE_TABLES).length,
      );
    });

    it('has every indexed column in the migrated tables, as a generated jsonb column leading an index after the tenant', async () => {
      const { pool, schema } = await context();
      for (const { table, columns } of Object.values(STORE_TABLES)) {
        const { rows } = await pool.query<{ column_name: string; data_type: string }>(
          `select column_name, data_type from information_schema.columns
           where table_schema = $1 and table_name = $2 and is_generated = 'ALWAYS'`,
          [schema, table],
        );
        expect(rows.map((row) => row.column_name).sort(), table).toEqual([...columns].sort());
        expect(new Set(rows.map((row) => row.data_type)), table).toEqual(
          new Set(columns.length ? ['jsonb'] : []),
        );
        const indexes = await pool.query<{ indexdef: string }>(
          'select indexdef from pg_indexes where schemaname = $1 and tablename = $2',
          [schema, table],
        );
        for (const column of columns)
          expect(
            indexes.rows.some(
              (row) =>
                // The column right after the tenant (migration 6 adds a second column to some).
                row.indexdef.includes(`(account_id, ${column},`) ||
                row.indexdef.includes(`(account_id, "${column}",`),
            ),
            `${table}.${column}`,
          ).toBe(true);
      }
    });
  });

  describe('migrate', () => {
    it('applies every migration once, in one transaction per process, when several processes start together', async () => {
      const schema = freshSchemaName();
      const pools = [schemaPool('public'), schemaPool('public'), schemaPool('public'), schemaPool('public')];
      try {
        const results = await Promise.all(pools.map((pool) => migrate(pool, { schema })));
        const applied = results.flatMap((result) => result.applied);
        expect(applied).toEqual(MIGRATIONS.map((migration) => migration.id));
        expect(results.filter((result) => result.applied.length > 0)).toHaveLength(1);
        const pool = pools[0] as (typeof pools)[number];
        const { rows } = await pool.query<{ id: number; name: string }>(
          `select id, name from "${schema}".fiscalkit_migrations order by id`,
        );
        expect(rows).toEqual(MIGRATIONS.map(({ id, name }) => ({ id, name })));
        expect(await migrate(pool, { schema })).toEqual({ applied: [] });
        // The store works on the schema by name, whatever the connection's search_path.
        const store = postgresStore(pool, { schema });
        await store.contacts.insert(storedContact({ id: 9, account_id: 3 }));
        expect((await store.contacts.get(3, 9))?.value).toEqual(storedContact({ id: 9, account_id: 3 }));
        // And its tables are not in the connection's own schema.
        const elsewhere = await pool.query("select to_regclass('contacts') as found");
        expect(elsewhere.rows[0]).toEqual({ found: null });
      } finally {
        await (pools[0] as (typeof pools)[number]).query(`drop schema if exists "${schema}" cascade`);
        for (const pool of pools) await pool.end();
      }
    });

    it('leaves the planner no index but a right one for the hot lookups, even on a young table (migration 6)', async () => {
      const young = await pgTestContext();
      try {
        const client = await young.pool.connect();
        try {
          await client.query('begin');
          await client.query(`insert into invoices (id, account_id, version, doc, body)
            values (1, 1, 1, '{}', '{"type": "IssuedInvoice", "number": "A-1"}')`);
          await client.query(`insert into contacts (id, account_id, version, doc, body)
            values (1, 1, 1, '{}', '{"tin_value": "B1", "parent_id": null}')`);
          // The plan a prepared statement would keep: generic, made while the tables hold one row.
          await client.query('set local plan_cache_mode = force_generic_plan');
          const plan = async (text: string, types: string) => {
            await client.query('deallocate all');
            await client.query(`prepare lookup(${types}) as ${text}`);
            const args = types.split(',').map(() => 'null');
            const { rows } = await client.query(`explain (costs off) execute lookup(${args.join(', ')})`);
            return rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
          };
          // As a batched find runs it: the values from an unnest, inside a lateral subquery, the
          // matches materialized (repository.ts `pageText`).
          const invoice = await plan(
            `select f.id from unnest($1::text[], $2::text[], $3::text[]) as u(p1, p2, p3)
             cross join lateral (with matched as materialized (select id from invoices
               where account_id = u.p1::bigint and "type" = u.p2::jsonb and "number" = u.p3::jsonb)
               select id from matched order by id limit 10) as f`,
            'text[], text[], text[]',
          );
          expect(invoice).toMatch(/Index Cond: .*number = /);
          const contact = await plan(
            `select id from contacts where account_id = $1::bigint and "tin_value" = $2::jsonb and "parent_id" is null`,
            'text, text',
          );
          expect(contact).toMatch(/Index Cond: .*tin_value = /);
          await client.query('rollback');
        } finally {
          client.release();
        }
      } finally {
        await young.cleanup();
      }
    });

    it('applies only what is missing, and rolls back a migration that fails', async () => {
      const { pool } = await context();
      expect(await migrate(pool)).toEqual({ applied: [] });
      const extra = [
        ...MIGRATIONS,
        { id: 90, name: 'good', sql: 'create table extra_good (id int)' },
        { id: 91, name: 'bad', sql: 'create table extra_bad (id int); select 1/0' },
      ];
      await expect(migrate(pool, { migrations: extra })).rejects.toThrow(/division by zero/);
      const { rows } = await pool.query(
        "select to_regclass('extra_good') as good, to_regclass('extra_bad') as bad",
      );
      expect(rows[0]).toEqual({ good: null, bad: null });
      await expect(
        migrate(pool, {
          migrations: [
            { id: 2, name: 'b', sql: '' },
            { id: 1, name: 'a', sql: '' },
          ],
        }),
      ).rejects.toThrow(RangeError);
    });
  });
});
