/**
 * The worker (src/service/worker.ts): at-least-once jobs over the queue port, retries with backoff,
 * giving up only while the job is still held, and never rejecting because a job failed.
 */
import { describe, expect, it } from 'vitest';
import { manualClock, memoryJobQueue } from '../../src/adapters/memory/index.js';
import { type Job, type JobQueue, StorageUnavailableError } from '../../src/ports.js';
import { JobNotReadyError } from '../../src/service/jobNotReady.js';
import { createWorker, exponentialBackoff, type JobHandler } from '../../src/service/worker.js';

function handler(
  overrides: Partial<JobHandler> & Pick<JobHandler, 'run'>,
): JobHandler & { gaveUp: number[] } {
  const gaveUp: number[] = [];
  return {
    kind: 'k',
    max_attempts: 3,
    retryDelay: (attempts) => 1000 * attempts,
    async giveUp(job: Job) {
      gaveUp.push(job.id);
    },
    gaveUp,
    ...overrides,
  };
}

/** The queue with `extend` counted: the worker's lease renewals, heartbeats included. */
function countingRenewals(jobs: JobQueue): { counted: JobQueue; renewals: { count: number } } {
  const renewals = { count: 0 };
  const counted: JobQueue = {
    ...jobs,
    extend: async (lease, options) => {
      renewals.count += 1;
      return jobs.extend(lease, options);
    },
  };
  return { counted, renewals };
}

function setup() {
  const clock = manualClock();
  const jobs = memoryJobQueue({ clock });
  return { clock, jobs };
}

describe('createWorker', () => {
  it('completes a job whose handler succeeds, and answers false when nothing is due', async () => {
    const { clock, jobs } = setup();
    const ran: unknown[] = [];
    const worker = createWorker({ jobs, clock }, [
      handler({ run: async (job) => void ran.push(job.payload) }),
    ]);
    const { job } = await jobs.enqueue({ kind: 'k', payload: { n: 1 } });
    expect(await worker.runNext()).toBe(true);
    expect(await worker.runNext()).toBe(false);
    expect(ran).toEqual([{ n: 1 }]);
    expect((await jobs.get(job.id))?.status).toBe('done');
  });

  it('retries a failing job with the handler backoff, then gives up and fails it', async () => {
    const { clock, jobs } = setup();
    const failing = handler({
      run: async () => {
        throw new Error('store down');
      },
    });
    const worker = createWorker({ jobs, clock }, [failing]);
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    await worker.drain();
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      run_at: clock.now() + 1000,
    });
    clock.advance(999);
    expect(await worker.drain()).toBe(0);
    clock.advance(1);
    await worker.drain();
    clock.advance(2000);
    await worker.drain();
    expect(failing.gaveUp).toEqual([job.id]);
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      last_error: 'Error: store down',
    });
  });

  it('puts back a job that is not ready for the error’s wait, spending none of its attempts', async () => {
    const { clock, jobs } = setup();
    let runs = 0;
    const waiting = handler({
      max_attempts: 1,
      run: async () => {
        runs += 1;
        if (runs <= 3) throw new JobNotReadyError('the record is not stored yet', 25);
      },
    });
    const worker = createWorker({ jobs, clock }, [waiting]);
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    await worker.drain();
    expect(await jobs.get(job.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      run_at: clock.now() + 25,
      last_error: 'JobNotReadyError: the record is not stored yet',
    });
    for (let i = 0; i < 3; i += 1) {
      clock.advance(25);
      await worker.drain();
    }
    // Three looks, then a run: one attempt counted, within max_attempts 1, nothing given up.
    expect(runs).toBe(4);
    expect(waiting.gaveUp).toEqual([]);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('gives up at once on an error that says retrying cannot help', async () => {
    const { clock, jobs } = setup();
    const rejecting = handler({
      run: async () => {
        throw Object.assign(new Error('malformed'), { retryable: false });
      },
    });
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    await createWorker({ jobs, clock }, [rejecting]).drain();
    expect(rejecting.gaveUp).toEqual([job.id]);
    expect((await jobs.get(job.id))?.status).toBe('dead');
  });

  it('a worker whose lease was taken over neither rejects nor gives up on the resource', async () => {
    const { clock, jobs } = setup();
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const slow = handler({
      max_attempts: 1,
      async run() {
        runs += 1;
        if (runs === 1) {
          await blocked;
          throw new Error('conflict: someone else wrote first');
        }
      },
    });
    const a = createWorker({ jobs, clock }, [slow], { lease_ms: 1000 });
    const b = createWorker({ jobs, clock }, [slow], { lease_ms: 1000 });
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    const running = a.runNext();
    await Promise.resolve();
    clock.advance(1000);
    expect(await b.runNext()).toBe(true);
    expect((await jobs.get(job.id))?.status).toBe('done');
    release();
    expect(await running).toBe(true);
    expect(slow.gaveUp).toEqual([]);
    expect((await jobs.get(job.id))?.status).toBe('done');
  });

  it('retries giving up when it fails, and finally fails the job rather than loop for ever', async () => {
    const { clock, jobs } = setup();
    let giveUps = 0;
    const broken = handler({
      max_attempts: 2,
      run: async () => {
        throw new Error('store down');
      },
      async giveUp() {
        giveUps += 1;
        throw new Error('still down');
      },
    });
    const errors: unknown[] = [];
    const worker = createWorker({ jobs, clock }, [broken], { onError: (error) => errors.push(error) });
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    for (let i = 0; i < 20; i += 1) {
      await worker.drain();
      clock.advance(60_000);
    }
    expect(await jobs.get(job.id)).toMatchObject({ status: 'dead', attempts: 5 });
    expect(giveUps).toBe(4);
    expect(errors).toEqual([]);
  });

  it('lets a long job renew its lease so that no other worker takes it over', async () => {
    const { clock, jobs } = setup();
    const otherRuns: number[] = [];
    let step: () => void = () => {};
    const long = handler({
      async run(_job, context) {
        for (let i = 0; i < 3; i += 1) {
          await new Promise<void>((resolve) => {
            step = resolve;
          });
          clock.advance(900);
          await context.renew();
        }
      },
    });
    const other = handler({ run: async (job) => void otherRuns.push(job.id) });
    const a = createWorker({ jobs, clock }, [long], { lease_ms: 1000 });
    const b = createWorker({ jobs, clock }, [other], { lease_ms: 1000 });
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    const running = a.runNext();
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      step();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(await b.runNext()).toBe(false);
    }
    await running;
    expect(otherRuns).toEqual([]);
    expect((await jobs.get(job.id))?.status).toBe('done');
  });

  it('leases for 30 s by default (issue #24: a stalled job resumes within about 30 s, not 5 minutes)', async () => {
    const { clock, jobs } = setup();
    let finish: () => void = () => undefined;
    const stuck = handler({
      run: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    });
    const taken: number[] = [];
    // No heartbeat: the worker holding the job is as good as dead (it lost its database).
    const a = createWorker({ jobs, clock }, [stuck], { heartbeat_ms: 0 });
    const b = createWorker({ jobs, clock }, [handler({ run: async (job) => void taken.push(job.id) })]);
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    const running = a.runNext();
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock.advance(29_999);
    expect(await b.runNext()).toBe(false);
    clock.advance(2);
    expect(await b.runNext()).toBe(true);
    expect(taken).toEqual([job.id]);
    finish();
    await running;
  });

  it('renews the running job’s lease by itself (a heartbeat), so a long job keeps it without asking', async () => {
    const { clock, jobs } = setup();
    const { counted, renewals: renewed } = countingRenewals(jobs);
    const renewalsNow = () => renewed.count;
    const otherRuns: number[] = [];
    const waitForRenewal = async (after: number) => {
      while (renewalsNow() <= after) await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const long = handler({
      run: async () => {
        // Three times the lease passes while the job runs; it never asks to renew.
        for (let step = 0; step < 3; step += 1) {
          const seen = renewalsNow();
          clock.advance(700);
          await waitForRenewal(seen);
          expect(await b.runNext()).toBe(false);
        }
      },
    });
    const a = createWorker({ jobs: counted, clock }, [long], { lease_ms: 1000, heartbeat_ms: 5 });
    const b = createWorker({ jobs, clock }, [handler({ run: async (job) => void otherRuns.push(job.id) })], {
      lease_ms: 1000,
    });
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    await a.runNext();
    expect(otherRuns).toEqual([]);
    expect(renewalsNow()).toBeGreaterThanOrEqual(3);
    expect((await jobs.get(job.id))?.status).toBe('done');
  });

  it('stops renewing a run that outlasts max_run_ms, so a stuck handler loses its job as before heartbeats', async () => {
    const { clock, jobs } = setup();
    const { counted, renewals: renewed } = countingRenewals(jobs);
    const renewalsNow = () => renewed.count;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let taken = false;
    const stuck = handler({
      run: async () => {
        while (renewalsNow() === 0) await sleep(2);
        await sleep(100); // past max_run_ms: the heartbeat has stopped
        clock.advance(1001);
        await sleep(50); // a heartbeat that still ran would renew the lease here
        taken = await b.runNext();
      },
    });
    const a = createWorker({ jobs: counted, clock }, [stuck], {
      lease_ms: 1000,
      heartbeat_ms: 5,
      max_run_ms: 20,
    });
    const b = createWorker({ jobs, clock }, [handler({ run: async () => undefined })], { lease_ms: 1000 });
    await jobs.enqueue({ kind: 'k', payload: {} });
    await a.runNext();
    expect(renewalsNow()).toBeLessThanOrEqual(4);
    expect(taken).toBe(true);
  });

  it('puts a job whose database was away back at once, spending no attempt, also when putting it back first fails', async () => {
    const { clock, jobs } = setup();
    let refusals = 2;
    const flaky: JobQueue = {
      ...jobs,
      retry: async (lease, options) => {
        if (refusals > 0) {
          refusals -= 1;
          throw new StorageUnavailableError('PostgreSQL is unreachable', 100);
        }
        return jobs.retry(lease, options);
      },
    };
    let runs = 0;
    const failing = handler({
      run: async () => {
        runs += 1;
        if (runs === 1) throw new StorageUnavailableError('PostgreSQL is unreachable', 2500);
      },
    });
    const worker = createWorker({ jobs: flaky, clock }, [failing]);
    const { job } = await jobs.enqueue({ kind: 'k', payload: {} });
    expect(await worker.runNext()).toBe(true);
    expect(refusals).toBe(0);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'queued', attempts: 0, run_at: clock.now() });
    expect(failing.gaveUp).toEqual([]);
    // Due at once: it runs again without the clock moving, and completes.
    expect(await worker.runNext()).toBe(true);
    expect(await jobs.get(job.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('exponentialBackoff doubles up to the cap and honours a longer Retry-After', () => {
    const limits = { base_ms: 1000, max_ms: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => exponentialBackoff(n, null, limits))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(exponentialBackoff(1, { retry_after_ms: 30_000 }, limits)).toBe(30_000);
    expect(exponentialBackoff(4, { retry_after_ms: 10 }, limits)).toBe(8000);
  });
});
