/**
 * Transports and their Peppol publication jobs through the service and the worker on in-memory ports
 * (spec §2.8, §3.2, §4.7): the job's steps, a crash between them, a concurrent write, requests that
 * supersede each other, and the directory index the job keeps.
 */
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { type Job, type Ports, VersionConflictError } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import { peppolDirectoryIndex } from '../../src/service/transportDirectory.js';
import { PEPPOL_PUBLICATION_JOB, transportJobHandlers } from '../../src/service/transports.js';
import { LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { storedAccount } from '../support/fixtures.js';

const GROUP: Caller = { group_id: 1, api_version: LATEST_API_VERSION };
const OTHER_GROUP: Caller = { group_id: 2, api_version: LATEST_API_VERSION };
const PEPPOL = {
  transport_type_code: 'peppol',
  pin_scheme: '9920',
  pin_value: 'ESB12345674',
  reception: true,
  invoice: true,
};

async function setup() {
  const ports = memoryPorts();
  const fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test' });
  const account = async (group_id: number, fields: Record<string, unknown> = {}) => {
    const id = await ports.ids.next('account');
    await ports.store.accounts.insert(storedAccount({ id, ...fields }));
    await ports.store.accountGroups.insert({ id, group_id });
    return id;
  };
  return { ports, fiscalkit, account };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, param: error.param };
    throw error;
  }
  throw new Error('expected an ApiError');
}

async function stored(ports: Ports, account_id: number) {
  const found = await ports.store.transports.find(account_id, { code: 'peppol' }, { offset: 0, limit: 1 });
  return found.items[0]?.value;
}

/** The queued publication jobs. */
async function publicationJobs(ports: Ports): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let id = 1; ; id++) {
    const job = await ports.jobs.get(id);
    if (job === null) return jobs;
    if (job.kind === PEPPOL_PUBLICATION_JOB) jobs.push(job);
  }
}

describe('publication jobs', () => {
  it('a publishable Peppol transport goes processing → published, the SML first, and enters the directory', async () => {
    const { ports, fiscalkit, account } = await setup();
    const id = await account(1);
    const created = await fiscalkit.transports.create(GROUP, id, PEPPOL);
    expect(created).toMatchObject({ sml_status: 'processing', peppol_directory_status: 'processing' });
    expect('id' in created).toBe(false);
    expect(await publicationJobs(ports)).toHaveLength(1);

    // One step, then the worker "crashes": the lease is lost when the job renews it.
    const [handler] = transportJobHandlers(ports, {
      publisher: fiscalkit.publisher,
      base_url: 'https://api.example.test',
    });
    const [job] = await publicationJobs(ports);
    await expect(
      handler?.run(job as Job, {
        renew: async () => {
          throw new Error('crashed');
        },
      }),
    ).rejects.toThrow('crashed');
    expect(await stored(ports, id)).toMatchObject({
      sml_status: 'published',
      peppol_directory_status: 'processing',
    });

    // The job runs again (at least once) and resumes at the directory step.
    await fiscalkit.worker.drain();
    expect(await stored(ports, id)).toMatchObject({
      sml_status: 'published',
      peppol_directory_status: 'published',
    });
    const transport = (await stored(ports, id)) as { id: number };
    expect(await peppolDirectoryIndex(ports).find('9920', ['ESB12345674'])).toEqual([
      { account_id: id, transport_id: transport.id },
    ]);
    const events = await ports.store.accountEvents.list(id, { offset: 0, limit: 10 });
    expect(events.items.map((event) => [event.value.type, event.value.name])).toEqual([
      ['TransportEvent', 'created'],
      ['TransportEvent', 'published'],
    ]);
  });

  it('a transport that is not publishable is created not_published, with no job', async () => {
    const { ports, fiscalkit, account } = await setup();
    const id = await account(1);
    for (const body of [
      { transport_type_code: 'peppol' },
      { ...PEPPOL, enabled: false },
      { transport_type_code: 'email', pin_scheme: '9920', pin_value: 'ESB12345674' },
    ]) {
      const created = await fiscalkit.transports.create(GROUP, id, body);
      expect(created).toMatchObject({
        sml_status: 'not_published',
        peppol_directory_status: 'not_published',
      });
      await fiscalkit.transports.remove(GROUP, id, created.code);
    }
    expect(await publicationJobs(ports)).toEqual([]);
  });

  it('publish then unpublish before any job ran ends not_published, whichever job runs first', async () => {
    const { ports, fiscalkit, account } = await setup();
    const id = await account(1);
    await fiscalkit.transports.create(GROUP, id, PEPPOL);
    const disabled = await fiscalkit.transports.update(GROUP, 'peppol', { enabled: false });
    expect(disabled).toMatchObject({ sml_status: 'processing', peppol_directory_status: 'processing' });
    expect(await publicationJobs(ports)).toHaveLength(2);
    await fiscalkit.worker.drain();
    expect(await stored(ports, id)).toMatchObject({
      sml_status: 'not_published',
      peppol_directory_status: 'not_published',
    });
    expect(await peppolDirectoryIndex(ports).find(null, ['ESB12345674'])).toEqual([]);
  });

  it('a new identifier republishes: the directory answers for the new one only', async () => {
    const { ports, fiscalkit, account } = await setup();
    const id = await account(1);
    await fiscalkit.transports.create(GROUP, id, PEPPOL);
    await fiscalkit.worker.drain();
    const changed = await fiscalkit.transports.update(GROUP, 'peppol', { pin_value: 'ESA58818501' });
    expect(changed).toMatchObject({ sml_status: 'processing', peppol_directory_status: 'processing' });
    await fiscalkit.worker.drain();
    const index = peppolDirectoryIndex(ports);
    expect(await index.find('9920', ['ESB12345674'])).toEqual([]);
    expect(await index.find('9920', ['ESA58818501'])).toHaveLength(1);
    // An edit that does not touch the participant asks nothing.
    const before = (await publicationJobs(ports)).length;
    await fiscalkit.transports.update(GROUP, 'peppol', { enabled: true });
    expect(await publicationJobs(ports)).toHaveLength(before);
  });

  it('a write between two steps is not overwritten: the job reads again and goes on', async () => {
    const { ports, fiscalkit, account } = await setup();
    const id = await account(1);
    await fiscalkit.transports.create(GROUP, id, { ...PEPPOL, order: false });
    const transports = ports.store.transports;
    let raced = false;
    // The first update the job makes loses the race to a concurrent PATCH (order: true).
    ports.store.transports = {
      ...transports,
      async update(value, version) {
        if (!raced) {
          raced = true;
          const current = await transports.get(value.account_id, value.id);
          await transports.update({ ...(current?.value ?? value), order: true }, version);
          throw new VersionConflictError(value.id, version, version + 1);
        }
        return transports.update(value, version);
      },
    };
    await fiscalkit.worker.drain();
    ports.store.transports = transports;
    expect(raced).toBe(true);
    expect(await stored(ports, id)).toMatchObject({
      order: true,
      sml_status: 'published',
      peppol_directory_status: 'published',
    });
  });

  it('DELETE answers the transport with its unpublication under way; the job makes the index forget it', async () => {
    const { ports, fiscalkit, account } = await setup();
    const id = await account(1);
    await fiscalkit.transports.create(GROUP, id, PEPPOL);
    await fiscalkit.worker.drain();
    const removed = await fiscalkit.transports.remove(GROUP, id, 'peppol');
    expect(removed).toMatchObject({
      code: 'peppol',
      sml_status: 'processing',
      peppol_directory_status: 'processing',
    });
    expect(await stored(ports, id)).toBeUndefined();
    expect(await peppolDirectoryIndex(ports).find(null, ['ESB12345674'])).toHaveLength(1);
    expect(await fiscalkit.worker.drain()).toBe(1);
    expect(await peppolDirectoryIndex(ports).find(null, ['ESB12345674'])).toEqual([]);
    // The type is free again.
    expect((await fiscalkit.transports.create(GROUP, id, { transport_type_code: 'peppol' })).code).toBe(
      'peppol',
    );
  });
});

describe('the directory index (src/service/transportDirectory.ts)', () => {
  it('lives in the store: a service restarted over the same store finds every group’s published participant', async () => {
    const { ports, fiscalkit, account } = await setup();
    const mine = await account(1, { tin_value: 'ESA58818501' });
    const theirs = await account(2, { tin_value: 'ESA58818501', name: 'Other SL' });
    await fiscalkit.transports.create(GROUP, mine, PEPPOL);
    await fiscalkit.transports.create(OTHER_GROUP, theirs, { ...PEPPOL, pin_value: 'ESB76543214' });
    await fiscalkit.worker.drain();
    expect((await fiscalkit.directory.lookup(GROUP, 'es', '9920:ESB76543214')).name).toBe('Other SL');

    // A restart over a persistent store: the same store, a new ports object and services.
    const restarted = createFiscalkit({ ...ports }, { base_url: 'https://api.example.test' });
    expect((await restarted.directory.lookup(GROUP, 'es', '9920:ESB12345674')).peppol_identifier).toBe(
      '9920:ESB12345674',
    );
    expect((await restarted.directory.lookup(GROUP, 'es', '9920:ESB76543214')).peppol_identifier).toBe(
      '9920:ESB76543214',
    );
    // Unpublishing removes the record for every process.
    await restarted.transports.update(OTHER_GROUP, 'peppol', { enabled: false });
    await restarted.worker.drain();
    expect(await rejection(fiscalkit.directory.lookup(GROUP, 'es', '9920:ESB76543214'))).toMatchObject({
      code: 'resource_missing',
    });
    expect(await peppolDirectoryIndex(ports).find(null, ['ESB76543214'])).toEqual([]);
  });
});

describe('rules the service adds (fiscalkit decisions)', () => {
  it('a participant identifier published by another account (of any group) is parameter_taken', async () => {
    const { fiscalkit, account } = await setup();
    const mine = await account(1);
    const theirs = await account(2, { name: 'Other SL' });
    await fiscalkit.transports.create(OTHER_GROUP, theirs, PEPPOL);
    await fiscalkit.worker.drain();
    expect(await rejection(fiscalkit.transports.create(GROUP, mine, PEPPOL))).toEqual({
      code: 'parameter_taken',
      status: 422,
      param: 'pin_value',
    });
    // Once they unpublish, it is free.
    await fiscalkit.transports.update(OTHER_GROUP, 'peppol', { enabled: false });
    await fiscalkit.worker.drain();
    expect((await fiscalkit.transports.create(GROUP, mine, PEPPOL)).sml_status).toBe('processing');
  });

  it('a participant another group has only asked to publish (processing) is taken too; the directory still answers only published ones', async () => {
    const { ports, fiscalkit, account } = await setup();
    const mine = await account(1, { name: 'Mine SL' });
    // Their own account's TIN is another one: the lookup below must not find it by its TIN.
    const theirs = await account(2, { name: 'Other SL', tin_value: 'A58818501' });
    expect((await fiscalkit.transports.create(GROUP, mine, PEPPOL)).sml_status).toBe('processing');
    // Nothing is published yet: the directory does not answer for a processing transport.
    expect(await rejection(fiscalkit.directory.lookup(OTHER_GROUP, 'es', '9920:ESB12345674'))).toMatchObject({
      code: 'resource_missing',
    });
    // …but the identifier is held: another group cannot ask for it, in another spelling neither.
    expect(await rejection(fiscalkit.transports.create(OTHER_GROUP, theirs, PEPPOL))).toEqual({
      code: 'parameter_taken',
      status: 422,
      param: 'pin_value',
    });
    await fiscalkit.transports.create(OTHER_GROUP, theirs, { ...PEPPOL, pin_value: 'ESB87654321' });
    expect(
      await rejection(fiscalkit.transports.update(OTHER_GROUP, 'peppol', { pin_value: 'esb-12345674' })),
    ).toMatchObject({ code: 'parameter_taken', param: 'pin_value' });
    await fiscalkit.worker.drain();
    expect(await stored(ports, mine)).toMatchObject({ peppol_directory_status: 'published' });
    expect(await stored(ports, theirs)).toMatchObject({
      pin_value: 'ESB87654321',
      peppol_directory_status: 'published',
    });
    expect(await fiscalkit.directory.lookup(OTHER_GROUP, 'es', '9920:ESB12345674')).toMatchObject({
      name: 'Mine SL',
      peppol_identifier: '9920:ESB12345674',
    });
  });

  it('two creates racing for one participant: one gives way (parameter_taken), exactly one ends published', async () => {
    const { ports, fiscalkit, account } = await setup();
    const first = await account(1);
    const second = await account(2);
    const results = await Promise.allSettled([
      fiscalkit.transports.create(GROUP, first, PEPPOL),
      fiscalkit.transports.create(OTHER_GROUP, second, PEPPOL),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect(isApiError(refused?.reason) && refused.reason.code).toBe('parameter_taken');
    await fiscalkit.worker.drain();
    const statuses = [await stored(ports, first), await stored(ports, second)]
      .filter((transport) => transport !== undefined)
      .map((transport) => transport.peppol_directory_status);
    expect(statuses).toEqual(['published']);
    expect(await peppolDirectoryIndex(ports).find('9920', ['ESB12345674'])).toHaveLength(1);
  });

  it('a transport that got past the check with a held participant is never published: its job ends it not_published', async () => {
    const { ports, fiscalkit, account } = await setup();
    const mine = await account(1);
    const theirs = await account(2);
    await fiscalkit.transports.create(GROUP, mine, PEPPOL);
    await fiscalkit.transports.create(OTHER_GROUP, theirs, { ...PEPPOL, pin_value: 'ESB87654321' });
    // A write that raced past the rule (what two PATCHes at once can do): their transport now asks
    // for the identifier mine holds, with its publication job still queued.
    const raced = await ports.store.transports.find(theirs, { code: 'peppol' }, { offset: 0, limit: 1 });
    const [racedTransport] = raced.items;
    if (racedTransport === undefined) throw new Error('no transport');
    await ports.store.transports.update(
      { ...racedTransport.value, pin_value: 'ESB12345674' },
      racedTransport.version,
    );
    await fiscalkit.worker.drain();
    expect(await stored(ports, mine)).toMatchObject({ peppol_directory_status: 'published' });
    expect(await stored(ports, theirs)).toMatchObject({
      sml_status: 'not_published',
      peppol_directory_status: 'not_published',
    });
    const holder = (await stored(ports, mine)) as { id: number };
    expect(await peppolDirectoryIndex(ports).find(null, ['ESB12345674'])).toEqual([
      { account_id: mine, transport_id: holder.id },
    ]);
    // Its next write asks to publish again, and is told why it cannot.
    expect(
      await rejection(fiscalkit.transports.update(OTHER_GROUP, 'peppol', { order: true })),
    ).toMatchObject({
      code: 'parameter_taken',
      param: 'pin_value',
    });
  });

  it('a stale claim (its transport deleted before the job ran) does not hold the participant', async () => {
    const { ports, fiscalkit, account } = await setup();
    const mine = await account(1);
    const theirs = await account(2);
    await fiscalkit.transports.create(OTHER_GROUP, theirs, PEPPOL);
    await fiscalkit.transports.remove(OTHER_GROUP, theirs, 'peppol');
    expect(await peppolDirectoryIndex(ports).find(null, ['ESB12345674'])).toHaveLength(1);
    expect((await fiscalkit.transports.create(GROUP, mine, PEPPOL)).sml_status).toBe('processing');
    await fiscalkit.worker.drain();
    expect(await stored(ports, mine)).toMatchObject({ peppol_directory_status: 'published' });
  });

  it('pin_scheme and pin_value come in pairs (by analogy with spec §2.2 rule 1)', async () => {
    const { fiscalkit, account } = await setup();
    const id = await account(1);
    expect(
      await rejection(
        fiscalkit.transports.create(GROUP, id, { transport_type_code: 'peppol', pin_value: 'X1' }),
      ),
    ).toMatchObject({ code: 'parameter_blank', param: 'pin_scheme' });
    await fiscalkit.transports.create(GROUP, id, PEPPOL);
    expect(await rejection(fiscalkit.transports.update(GROUP, 'peppol', { pin_value: null }))).toMatchObject({
      code: 'parameter_blank',
      param: 'pin_value',
    });
  });
});
