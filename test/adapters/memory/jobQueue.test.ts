import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import { memoryJobQueue } from '../../../src/adapters/memory/jobQueue.js';
import { describeJobQueueContract } from '../../contracts/jobQueue.js';

describeJobQueueContract('memoryJobQueue', () => {
  const clock = manualClock();
  return { queue: memoryJobQueue({ clock }), clock };
});

describe('memoryJobQueue specifics', () => {
  it('leases 30,000 queued jobs in (run_at, id) order, kinds interleaved', async () => {
    const clock = manualClock();
    const queue = memoryJobQueue({ clock });
    const now = clock.now();
    for (let index = 0; index < 30_000; index += 1)
      await queue.enqueue({
        kind: index % 3 === 0 ? 'a' : 'b',
        payload: { index },
        run_at: now - (index % 7),
      });
    let previous: { run_at: number; id: number } | null = null;
    let count = 0;
    for (let lease = await queue.lease({ now, lease_ms: 1_000 }); lease !== null; ) {
      const { run_at, id } = lease.job;
      if (previous !== null)
        expect(run_at > previous.run_at || (run_at === previous.run_at && id > previous.id)).toBe(true);
      previous = { run_at, id };
      count += 1;
      await queue.complete(lease);
      lease = await queue.lease({ now, lease_ms: 1_000 });
    }
    expect(count).toBe(30_000);
  });

  it('judges a lease by each caller’s now: a caller whose clock is behind neither takes a live lease nor misses due jobs', async () => {
    const clock = manualClock();
    const queue = memoryJobQueue({ clock });
    const now = clock.now();
    const first = (await queue.enqueue({ kind: 'a', payload: {}, run_at: now - 10 })).job;
    expect((await queue.lease({ now, lease_ms: 1_000 }))?.job.id).toBe(first.id);
    const second = (await queue.enqueue({ kind: 'a', payload: {}, run_at: now - 5 })).job;
    // A worker of kind b whose clock reads now + 1000 sees the first lease expire, but takes nothing…
    expect(await queue.lease({ now: now + 1_000, lease_ms: 1_000, kinds: ['b'] })).toBeNull();
    // …so for a worker whose clock still reads now, the first job is held: it gets the second.
    expect((await queue.lease({ now, lease_ms: 1_000 }))?.job.id).toBe(second.id);
    expect(await queue.lease({ now, lease_ms: 1_000 })).toBeNull();
    // At now + 1000 the first job is free again.
    expect((await queue.lease({ now: now + 1_000, lease_ms: 1_000 }))?.job).toMatchObject({
      id: first.id,
      attempts: 2,
    });
  });

  it('answers frozen jobs and leases', async () => {
    const clock = manualClock();
    const queue = memoryJobQueue({ clock });
    const { job } = await queue.enqueue({ kind: 'a', payload: { nested: { a: 1 } } });
    expect(Object.isFrozen(job)).toBe(true);
    expect(Object.isFrozen(job.payload.nested)).toBe(true);
    const lease = await queue.lease({ now: clock.now(), lease_ms: 1_000 });
    expect(Object.isFrozen(lease)).toBe(true);
  });

  it('refuses a lease of no duration and instants that are not integers', async () => {
    const clock = manualClock();
    const queue = memoryJobQueue({ clock });
    await expect(queue.lease({ now: clock.now(), lease_ms: 0 })).rejects.toThrow(RangeError);
    await expect(queue.enqueue({ kind: 'a', payload: {}, run_at: 1.5 })).rejects.toThrow(RangeError);
  });
});
