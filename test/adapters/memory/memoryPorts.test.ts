import { describe, expect, it } from 'vitest';
import { memoryCensus } from '../../../src/adapters/memory/census.js';
import { manualClock, systemClock } from '../../../src/adapters/memory/clock.js';
import { memoryPorts } from '../../../src/adapters/memory/memoryPorts.js';
import { seededRandom } from '../../../src/adapters/memory/random.js';
import { censusCacheKey } from '../../../src/ports.js';
import { storedAccount, storedContact } from '../../support/fixtures.js';

describe('memoryPorts', () => {
  it('gives every port, on one manual clock', async () => {
    const ports = memoryPorts();
    expect(ports.clock.now()).toBe(1_776_681_600_000);
    expect(ports.schemaValidator.name).toBe('structural');
    expect(ports.random.bytes(32)).toHaveLength(32);
    expect(await ports.ids.next('ledger')).toBe(1);
    // The job queue and the cache read the same clock.
    const { job } = await ports.jobs.enqueue({ kind: 'a', payload: {} });
    expect(job.run_at).toBe(ports.clock.now());
    await ports.tinCache.setMany(
      [[censusCacheKey({ nif: 'B12345674', name: 'x' }), { name: 'X', result: 'IDENTIFICADO' }]],
      1_000,
    );
    ports.clock.advance(1_000);
    expect(await ports.tinCache.getMany([censusCacheKey({ nif: 'B12345674', name: 'x' })])).toEqual([
      undefined,
    ]);
    ports.webhooks.respond('https://example.test', 500);
    expect(
      await ports.webhooks.post({ url: 'https://example.test', headers: {}, body: '', timeout_ms: 1 }),
    ).toEqual({
      status: 500,
    });
    expect(ports.taxAuthority.submissions).toEqual([]);
  });

  it('keeps accounts as their own tenants and other records in their account', async () => {
    const { store } = memoryPorts();
    await store.accounts.insert(storedAccount({ id: 3 }));
    expect(await store.accounts.get(3, 3)).not.toBeNull();
    await store.contacts.insert(storedContact({ id: 7, account_id: 3 }));
    expect(await store.contacts.get(3, 7)).not.toBeNull();
    expect(await store.contacts.get(1, 7)).toBeNull();
  });

  it('makes a memory census from options, or takes a census client as it is', async () => {
    const seeded = memoryPorts({ census: { entries: [{ nif: 'B12345674', name: 'ACME SL' }] } });
    expect(await seeded.census.check([{ nif: 'B12345674', name: 'x' }])).toEqual([
      { name: 'ACME SL', result: 'IDENTIFICADO' },
    ]);
    seeded.census.failNext();
    const census = memoryCensus();
    expect(memoryPorts({ census }).census).toBe(census);
  });

  it('takes any port given instead of its memory adapter', () => {
    const clock = systemClock();
    const random = seededRandom(3);
    const ports = memoryPorts({ clock, random });
    expect(ports.clock).toBe(clock);
    expect(ports.random).toBe(random);
    const manual = manualClock(5);
    expect(memoryPorts({ clock: manual }).clock.now()).toBe(5);
  });
});
