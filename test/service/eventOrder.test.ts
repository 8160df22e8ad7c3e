/**
 * State-change events in the order of the changes (issue #24 item 4: under 40 concurrent `mark_as`
 * calls on PostgreSQL, the update to version 6 got event id 4 and version 5 event id 5, so a receiver
 * applying events in order ended in the wrong state). The event is now written with its change (the
 * outbox, `UpdateOptions.events`) and carries the version it made; a crash between the change and the
 * scheduling of its deliveries is repaired by the job queued before the change (`eventDispatchHandler`).
 *
 * - a property of concurrent `mark_as` races, on memory ports (interleavings chosen by fast-check's
 *   scheduler) and on PostgreSQL (real concurrency, skipped without `DATABASE_URL`): ordered by their
 *   version, the invoice's events end in its stored state, their ids increase with the versions, and
 *   every version the races made has exactly one event and one delivery;
 * - the repair: a process dying after its write still gets the delivery out; a repair job of a change
 *   that lost its race, or never came, ends without delivering anything.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/adapters/memory/clock.js';
import { memoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import { postgresPorts } from '../../src/adapters/postgres/postgresPorts.js';
import { isApiError } from '../../src/errors/ApiError.js';
import type { EventEnvelope, EventOf } from '../../src/model/event.js';
import type { Invoice } from '../../src/model/invoice.js';
import type { Ports, Repository } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { EVENT_DISPATCH_DELAY_MS, EVENT_DISPATCH_JOB } from '../../src/service/events.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { NOT_STORED_GRACE_MS } from '../../src/service/jobNotReady.js';
import { DATABASE_URL, type PgTestContext, pgTestContext, suiteName } from '../adapters/postgres/support.js';
import { storedAccount } from '../support/fixtures.js';
import { vatReport } from '../support/ksefReports.js';
import { asJson, callerOf, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';

const ACCOUNT = 1;
const caller: Caller = { group_id: 1, api_version: '2026-04-20' };
const HOOK_URL = 'https://receiver.example.test/hooks';

/**
 * Targets of `mark_as` for an issued invoice: mostly the states it can go back and forth between
 * (`new`, `sent`, `refused`), so that a race makes many changes, and now and then one of the
 * committed or final states, which end the back and forth and make later calls conflict.
 */
const target = fc.oneof(
  { arbitrary: fc.constantFrom('new', 'sent', 'refused'), weight: 6 },
  { arbitrary: fc.constantFrom('accepted', 'registered', 'paid', 'closed'), weight: 1 },
);

/** The account with its group, and a webhook subscription to the invoice events. */
async function seed(ports: Ports): Promise<Fiscalkit> {
  await ports.store.accounts.insert(storedAccount({ id: ACCOUNT }));
  await ports.store.accountGroups.insert({ id: ACCOUNT, group_id: caller.group_id });
  const fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test' });
  await fiscalkit.webHooks.create(ACCOUNT, {
    web_hook: { url: HOOK_URL, events: ['issued_invoice.state_change'] },
  });
  return fiscalkit;
}

/** A new issued invoice numbered `number`, and the version it is stored at. */
async function newInvoice(fiscalkit: Fiscalkit, ports: Ports, number: string) {
  const invoice = await fiscalkit.invoices.create(caller, ACCOUNT, {
    number,
    date: '2026-04-20',
    contact: { name: 'Norte SA', country: 'ES', tin_scheme: '9920', tin_value: 'B76543214' },
    invoice_lines_attributes: [
      { quantity: '1', price: '100.00', taxes_attributes: [{ name: 'IVA', percent: '21' }] },
    ],
  });
  const stored = await ports.store.invoices.get(ACCOUNT, invoice.id);
  return { id: invoice.id, version: stored?.version ?? 0 };
}

/** A `mark_as` that may lose to the others (409 conflict); any other failure fails the test. */
async function markAs(fiscalkit: Fiscalkit, id: number, state: string): Promise<void> {
  try {
    await fiscalkit.invoices.markAs(caller, id, { state });
  } catch (error) {
    if (!(isApiError(error) && error.code === 'conflict')) throw error;
  }
}

/** The version a state change's `data` carries (undefined before issue #24). */
const versionOf = (event: EventEnvelope) => (event.data as { version?: unknown }).version;

/** Every event of the account, oldest first (ascending ids). */
async function allEvents(ports: Ports): Promise<EventEnvelope[]> {
  return (await ports.events.list(ACCOUNT, { offset: 0, limit: 100_000 })).items;
}

/**
 * What a receiver applying the invoice's events in version order must find (issue #24 "Event order"):
 * each event carries a version; the versions are exactly those the changes made, from the one after
 * `initial` to the stored one, each once (no other write touches the invoice meanwhile); ids increase
 * with the versions; the last event's state is the stored state; and each event has one delivery.
 */
async function expectOrdered(ports: Ports, invoice: { id: number; version: number }): Promise<void> {
  const stored = await ports.store.invoices.get(ACCOUNT, invoice.id);
  if (stored === null) throw new Error(`invoice ${String(invoice.id)} is gone`);
  const events = (await allEvents(ports)).filter(
    (event): event is EventOf<'issued_invoice.state_change'> =>
      event.code === 'issued_invoice.state_change' && event.data.invoice_id === invoice.id,
  );
  for (const event of events) expect(Number.isSafeInteger(versionOf(event))).toBe(true);
  const byVersion = [...events].sort((a, b) => (versionOf(a) as number) - (versionOf(b) as number));
  expect(byVersion.map(versionOf)).toEqual(
    Array.from({ length: stored.version - invoice.version }, (_, index) => invoice.version + index + 1),
  );
  // Oldest first by id is oldest first by version: the ids increase with the versions.
  expect(byVersion.map((event) => event.id)).toEqual(events.map((event) => event.id));
  expect(byVersion.at(-1)?.data.state ?? 'new').toBe(stored.value.state);
  const deliveries = await ports.store.webhookDeliveries.list(ACCOUNT, { offset: 0, limit: 100_000 });
  const delivered = deliveries.items.map((item) => item.value.event_id);
  for (const event of events) expect(delivered.filter((id) => id === event.id)).toHaveLength(1);
}

/** `repository` whose reads and writes fast-check's scheduler resolves in an order of its choice. */
function scheduledInvoices(s: fc.Scheduler, repository: Repository<Invoice>): Repository<Invoice> {
  return {
    ...repository,
    get: s.scheduleFunction(repository.get),
    update: s.scheduleFunction(repository.update),
  };
}

describe('concurrent mark_as on memory ports (issue #24 item 4)', () => {
  it('ordered by version, an invoice’s events end in its stored state, with increasing ids, one per change', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(target, { minLength: 2, maxLength: 40 }),
        async (s, targets) => {
          const ports = memoryPorts();
          const fiscalkit = await seed(ports);
          const invoice = await newInvoice(fiscalkit, ports, 'F-1');
          // The races run on the same store, their reads and writes (and event appends) answered in
          // the scheduler's order: as requests on a busy server, which await in between.
          const racing = createFiscalkit(
            {
              ...ports,
              store: { ...ports.store, invoices: scheduledInvoices(s, ports.store.invoices) },
              events: { ...ports.events, append: s.scheduleFunction(ports.events.append) },
            },
            { base_url: 'https://api.example.test' },
          );
          await s.waitFor(Promise.all(targets.map((state) => markAs(racing, invoice.id, state))));
          await expectOrdered(ports, invoice);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the repair of a state change’s deliveries (issue #24 item 4)', () => {
  /** Memory ports with the account, a subscription, an invoice, and the invoices' `update` wrapped. */
  async function world(update?: (real: Repository<Invoice>['update']) => Repository<Invoice>['update']) {
    const ports = memoryPorts();
    const fiscalkit = await seed(ports);
    const invoice = await newInvoice(fiscalkit, ports, 'F-1');
    const invoices = ports.store.invoices;
    const wrapped: Ports =
      update === undefined
        ? ports
        : { ...ports, store: { ...ports.store, invoices: { ...invoices, update: update(invoices.update) } } };
    return { ports, fiscalkit: createFiscalkit(wrapped), invoice };
  }

  const dispatchJobs = async (ports: Ports) => {
    const jobs = [];
    for (let id = 1; ; id += 1) {
      const job = await ports.jobs.get(id);
      if (job === null) return jobs;
      if (job.kind === EVENT_DISPATCH_JOB) jobs.push(job);
    }
  };

  it('a process that dies between its write and the deliveries: the event is stored with the change, and the repair job delivers it', async () => {
    const { ports, fiscalkit, invoice } = await world((real) => async (...args) => {
      await real(...args);
      throw new Error('the process died right after its write');
    });
    await expect(fiscalkit.invoices.markAs(caller, invoice.id, { state: 'sent' })).rejects.toThrow('died');
    // The change and its event were written together; no delivery was scheduled.
    expect((await ports.store.invoices.get(ACCOUNT, invoice.id))?.value.state).toBe('sent');
    const [event] = await allEvents(ports);
    expect(event).toMatchObject({
      code: 'issued_invoice.state_change',
      data: { invoice_id: invoice.id, state: 'sent', version: invoice.version + 1 },
    });
    expect((await ports.store.webhookDeliveries.list(ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(0);
    // Another process (the same ports, a fresh service): nothing is due before the repair job.
    const restarted = createFiscalkit(ports);
    expect(await restarted.worker.drain()).toBe(0);
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    await restarted.worker.drain();
    const posted = ports.webhooks.receivedBy(HOOK_URL);
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0]?.body ?? '{}')).toMatchObject({
      id: event?.id,
      data: { version: invoice.version + 1 },
    });
    expect((await dispatchJobs(ports)).map((job) => job.status)).toEqual(['done']);
    await expectOrdered(ports, invoice);
  });

  it('without a crash the repair job finds the deliveries scheduled and schedules none twice', async () => {
    const { ports, fiscalkit, invoice } = await world();
    await fiscalkit.invoices.markAs(caller, invoice.id, { state: 'sent' });
    await fiscalkit.worker.drain();
    expect(ports.webhooks.receivedBy(HOOK_URL)).toHaveLength(1);
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    expect(await fiscalkit.worker.drain()).toBe(1);
    expect(ports.webhooks.receivedBy(HOOK_URL)).toHaveLength(1);
    await expectOrdered(ports, invoice);
  });

  it('the repair job of a write that lost its race ends without an event or a delivery', async () => {
    let raced = false;
    const { ports, fiscalkit, invoice } = await world((real) => async (...args) => {
      if (!raced) {
        // Another writer (a PATCH of the notes, no event) takes the version first.
        raced = true;
        const current = await ports.store.invoices.get(ACCOUNT, invoice.id);
        if (current !== null) await real({ ...current.value, notes: 'meanwhile' }, current.version);
      }
      return real(...args);
    });
    await fiscalkit.invoices.markAs(caller, invoice.id, { state: 'sent' });
    // Two tries, two repair jobs: one for each version the change meant to make.
    expect((await dispatchJobs(ports)).map((job) => job.payload.version)).toEqual([
      invoice.version + 1,
      invoice.version + 2,
    ]);
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    await fiscalkit.worker.drain();
    expect((await dispatchJobs(ports)).map((job) => job.status)).toEqual(['done', 'done']);
    expect((await allEvents(ports)).map(versionOf)).toEqual([invoice.version + 2]);
    expect(ports.webhooks.receivedBy(HOOK_URL)).toHaveLength(1);
  });

  it('the repair job of a change still to come waits for it, without spending attempts, and ends when it never comes', async () => {
    const { ports, fiscalkit, invoice } = await world();
    const event = fiscalkit.publisher.prepare(
      ACCOUNT,
      'issued_invoice.state_change',
      { invoice_id: invoice.id, state: 'sent', version: invoice.version + 1 },
      'never-written',
    );
    await fiscalkit.publisher.guard(event, {
      store: 'invoices',
      id: invoice.id,
      version: invoice.version + 1,
    });
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    await fiscalkit.worker.drain();
    const [waiting] = await dispatchJobs(ports);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });
    ports.clock.advance(NOT_STORED_GRACE_MS);
    await fiscalkit.worker.drain();
    expect((await dispatchJobs(ports))[0]?.status).toBe('dead');
    expect(await allEvents(ports)).toEqual([]);
  });

  it('a change made again after an earlier attempt failed before its write still gets its own repair job', async () => {
    let attempt = 0;
    const { ports, fiscalkit, invoice } = await world((real) => async (...args) => {
      attempt += 1;
      if (attempt === 1) throw new Error('the first attempt failed before its write');
      await real(...args);
      throw new Error('the process died right after its write');
    });
    await expect(fiscalkit.invoices.markAs(caller, invoice.id, { state: 'sent' })).rejects.toThrow('before');
    // The first attempt's repair finds no change and, after its grace, ends.
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    await fiscalkit.worker.drain();
    ports.clock.advance(NOT_STORED_GRACE_MS);
    await fiscalkit.worker.drain();
    expect((await dispatchJobs(ports)).map((job) => job.status)).toEqual(['dead']);
    // The client tries again: the same change, the same version, the same event key; this time the
    // process dies after its write.
    await expect(fiscalkit.invoices.markAs(caller, invoice.id, { state: 'sent' })).rejects.toThrow('died');
    expect((await dispatchJobs(ports)).map((job) => job.status)).toEqual(['dead', 'queued']);
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    await createFiscalkit(ports).worker.drain();
    expect(ports.webhooks.receivedBy(HOOK_URL)).toHaveLength(1);
    await expectOrdered(ports, invoice);
  });

  it('the repair delivers to the subscriptions there were when the change happened, not to one made after it', async () => {
    const LATE_URL = 'https://late.example.test/hooks';
    const { ports, fiscalkit, invoice } = await world((real) => async (...args) => {
      const written = await real(...args);
      if (written.events !== undefined) throw new Error('the process died right after its write');
      return written;
    });
    await expect(fiscalkit.invoices.markAs(caller, invoice.id, { state: 'sent' })).rejects.toThrow('died');
    // Before the repair runs, someone subscribes another receiver (and another account's is untouched).
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS / 2);
    const restarted = createFiscalkit(ports);
    await restarted.webHooks.create(ACCOUNT, {
      web_hook: { url: LATE_URL, events: ['issued_invoice.state_change'] },
    });
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    await restarted.worker.drain();
    expect(ports.webhooks.receivedBy(HOOK_URL)).toHaveLength(1);
    expect(ports.webhooks.receivedBy(LATE_URL)).toEqual([]);
    // A change made after the subscription reaches both.
    await restarted.invoices.markAs(caller, invoice.id, { state: 'refused' });
    await restarted.worker.drain();
    expect(ports.webhooks.receivedBy(HOOK_URL)).toHaveLength(2);
    expect(ports.webhooks.receivedBy(LATE_URL)).toHaveLength(1);
  });

  it('an annulled tax report whose process died after the write still gets its delivery', async () => {
    const ports = memoryPorts();
    await seedWorld(ports);
    const fiscalkit = createFiscalkit(ports);
    await fiscalkit.webHooks.create(PL_ACCOUNT, {
      web_hook: { url: HOOK_URL, events: ['tax_report.state_change'] },
    });
    const report = await fiscalkit.taxReports.create(callerOf(1), PL_ACCOUNT, asJson(vatReport()));
    const reports = ports.store.taxReports;
    const dying = createFiscalkit({
      ...ports,
      store: {
        ...ports.store,
        taxReports: {
          ...reports,
          update: async (...args) => {
            await reports.update(...args);
            throw new Error('the process died right after its write');
          },
        },
      },
    });
    await expect(dying.taxReports.annul(callerOf(1), report.id)).rejects.toThrow('died');
    const events = (await ports.events.list(PL_ACCOUNT, { offset: 0, limit: 10 })).items;
    expect(events).toMatchObject([
      { code: 'tax_report.state_change', data: { tax_report_id: report.id, state: 'annulled', version: 2 } },
    ]);
    ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
    await fiscalkit.worker.drain();
    expect(ports.webhooks.receivedBy(HOOK_URL).map((request) => JSON.parse(request.body).id)).toEqual([
      events[0]?.id,
    ]);
  });
});

describe.skipIf(DATABASE_URL === undefined)(
  suiteName('concurrent mark_as on PostgreSQL (issue #24 item 4)'),
  () => {
    let shared: Promise<PgTestContext> | undefined;
    const context = () => {
      shared ??= pgTestContext({ max: 8 });
      return shared;
    };
    afterAll(async () => {
      if (shared !== undefined) await (await shared).cleanup();
    });

    /** The service on PostgreSQL, seeded once for the file (its numbers are fresh per run). */
    let seeded:
      | Promise<{ ports: Ports & { clock: ReturnType<typeof manualClock> }; fiscalkit: Fiscalkit }>
      | undefined;
    const world = () => {
      seeded ??= (async () => {
        const { pool } = await context();
        const clock = manualClock();
        const ports = { ...postgresPorts({ pool, clock }), clock };
        return { ports, fiscalkit: await seed(ports) };
      })();
      return seeded;
    };

    it('40 concurrent mark_as: ordered by version, the events end in the stored state, with increasing ids, one per change', async () => {
      const { ports, fiscalkit } = await world();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(target, { minLength: 40, maxLength: 40 }), async (targets) => {
          run += 1;
          const invoice = await newInvoice(fiscalkit, ports, `PG-${String(run)}`);
          await Promise.all(targets.map((state) => markAs(fiscalkit, invoice.id, state)));
          await expectOrdered(ports, invoice);
        }),
        { numRuns: 8 },
      );
    }, 120_000);

    it('a process that dies between its write and the deliveries: the repair job delivers the event', async () => {
      const { ports, fiscalkit } = await world();
      const invoice = await newInvoice(fiscalkit, ports, 'PG-crash');
      const invoices = ports.store.invoices;
      const dying = createFiscalkit({
        ...ports,
        store: {
          ...ports.store,
          invoices: {
            ...invoices,
            update: async (...args) => {
              await invoices.update(...args);
              throw new Error('the process died right after its write');
            },
          },
        },
      });
      await expect(dying.invoices.markAs(caller, invoice.id, { state: 'sent' })).rejects.toThrow('died');
      const before = await ports.store.webhookDeliveries.list(ACCOUNT, { offset: 0, limit: 100_000 });
      ports.clock.advance(EVENT_DISPATCH_DELAY_MS);
      await fiscalkit.worker.drain();
      const after = await ports.store.webhookDeliveries.list(ACCOUNT, { offset: 0, limit: 100_000 });
      expect(after.total_count).toBe(before.total_count + 1);
      await expectOrdered(ports, invoice);
    }, 60_000);
  },
);
