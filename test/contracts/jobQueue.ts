/**
 * The contract of the `JobQueue` port (ports.ts "Job queue"): at-least-once leases, due jobs in
 * (`run_at`, id) order, one live lease per job, and `LeaseLostError` for a lease taken over. Register
 * it from a `*.test.ts` file with a factory that gives a fresh, empty queue and the clock it gives
 * `run_at` from (the contract moves it; leases are taken at `clock.now()`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Job, type JobQueue, type Lease, LeaseLostError } from '../../src/ports.js';

/** A queue under test and its controllable clock. */
export interface JobQueueSubject {
  /** Empty. */
  queue: JobQueue;
  /** The clock the queue gives `run_at` from when a draft has none. */
  clock: { now(): number; advance(ms: number): void };
}

const LEASE_MS = 30_000;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * Registers the job queue contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeJobQueueContract('memoryJobQueue', () => {
 *   const clock = manualClock();
 *   return { queue: memoryJobQueue({ clock }), clock };
 * });
 * ```
 */
export function describeJobQueueContract(
  name: string,
  make: () => JobQueueSubject | Promise<JobQueueSubject>,
): void {
  describe(`JobQueue contract: ${name}`, () => {
    it('enqueues a queued job with a new id, 0 attempts and run_at now unless told', async () => {
      const { queue, clock } = await make();
      const first = await queue.enqueue({ kind: 'a', payload: { ledger_id: 7 } });
      expect(first.created).toBe(true);
      expect(first.job).toEqual({
        id: first.job.id,
        kind: 'a',
        payload: { ledger_id: 7 },
        key: null,
        status: 'queued',
        attempts: 0,
        run_at: clock.now(),
        last_error: null,
      });
      expect(Number.isSafeInteger(first.job.id) && first.job.id > 0).toBe(true);
      const second = await queue.enqueue({ kind: 'a', payload: {}, run_at: clock.now() + 5_000, key: 'k' });
      expect(second.job.id).toBeGreaterThan(first.job.id);
      expect(second.job).toMatchObject({ key: 'k', run_at: clock.now() + 5_000 });
      expect(await queue.get(first.job.id)).toEqual(first.job);
      expect(await queue.get(second.job.id + 1000)).toBeNull();
    });

    it('keeps a snapshot of the payload', async () => {
      const { queue } = await make();
      const payload = { ids: [1, 2], nested: { a: 'x' } };
      const { job } = await queue.enqueue({ kind: 'a', payload });
      payload.ids.push(3);
      payload.nested.a = 'changed';
      expect((await queue.get(job.id))?.payload).toEqual({ ids: [1, 2], nested: { a: 'x' } });
    });

    it('deduplicates by key for ever, answering the job as it is now', async () => {
      const { queue, clock } = await make();
      const { job } = await queue.enqueue({ kind: 'a', payload: { n: 1 }, key: 'delivery-1' });
      const again = await queue.enqueue({ kind: 'b', payload: { n: 2 }, key: 'delivery-1' });
      expect(again).toEqual({ job, created: false });
      const lease = await queue.lease({ now: clock.now(), lease_ms: LEASE_MS });
      expect((await queue.enqueue({ kind: 'a', payload: {}, key: 'delivery-1' })).job).toMatchObject({
        id: job.id,
        status: 'leased',
        attempts: 1,
      });
      if (lease === null) throw new Error('expected a lease');
      await queue.complete(lease);
      expect(await queue.enqueue({ kind: 'a', payload: {}, key: 'delivery-1' })).toEqual({
        job: { ...job, status: 'done', attempts: 1 },
        created: false,
      });
      expect(await queue.lease({ now: clock.now() + 10 * LEASE_MS, lease_ms: LEASE_MS })).toBeNull();
    });

    it('leases due jobs oldest run_at first, then in enqueue order, and nothing before it is due', async () => {
      const { queue, clock } = await make();
      const now = clock.now();
      const j1 = (await queue.enqueue({ kind: 'a', payload: {}, run_at: now })).job;
      const j2 = (await queue.enqueue({ kind: 'b', payload: {}, run_at: now - 1_000 })).job;
      const j3 = (await queue.enqueue({ kind: 'a', payload: {}, run_at: now })).job;
      const j4 = (await queue.enqueue({ kind: 'a', payload: {}, run_at: now + 5_000 })).job;
      const order: number[] = [];
      for (let lease = await queue.lease({ now, lease_ms: LEASE_MS }); lease !== null; ) {
        order.push(lease.job.id);
        lease = await queue.lease({ now, lease_ms: LEASE_MS });
      }
      expect(order).toEqual([j2.id, j1.id, j3.id]);
      expect(await queue.lease({ now: now + 4_999, lease_ms: LEASE_MS })).toBeNull();
      expect((await queue.lease({ now: now + 5_000, lease_ms: LEASE_MS }))?.job.id).toBe(j4.id);
    });

    it('leases only the kinds asked for', async () => {
      const { queue, clock } = await make();
      const now = clock.now();
      await queue.enqueue({ kind: 'a', payload: {}, run_at: now - 10 });
      const b = (await queue.enqueue({ kind: 'b', payload: {}, run_at: now })).job;
      expect((await queue.lease({ now, lease_ms: LEASE_MS, kinds: ['b', 'c'] }))?.job.id).toBe(b.id);
      expect(await queue.lease({ now, lease_ms: LEASE_MS, kinds: ['b', 'c'] })).toBeNull();
      expect((await queue.lease({ now, lease_ms: LEASE_MS, kinds: ['a'] }))?.job.kind).toBe('a');
    });

    it('holds a leased job for one worker until the lease expires, then leases it again with attempts + 1', async () => {
      const { queue, clock } = await make();
      const now = clock.now();
      const { job } = await queue.enqueue({ kind: 'a', payload: {} });
      const first = await queue.lease({ now, lease_ms: LEASE_MS });
      expect(first).toMatchObject({
        job: { id: job.id, status: 'leased', attempts: 1 },
        expires_at: now + LEASE_MS,
      });
      expect(typeof first?.token).toBe('string');
      expect(await queue.get(job.id)).toMatchObject({ status: 'leased', attempts: 1 });
      expect(await queue.lease({ now: now + LEASE_MS - 1, lease_ms: LEASE_MS })).toBeNull();
      const second = await queue.lease({ now: now + LEASE_MS, lease_ms: LEASE_MS });
      expect(second).toMatchObject({ job: { id: job.id, attempts: 2 }, expires_at: now + 2 * LEASE_MS });
      expect(second?.token).not.toBe(first?.token);
      if (first === null || second === null) throw new Error('expected two leases');
      for (const lost of [
        queue.complete(first),
        queue.retry(first, { run_at: now, error: 'late' }),
        queue.fail(first, { error: 'late' }),
      ]) {
        const error = await rejection(lost);
        expect(error).toBeInstanceOf(LeaseLostError);
        expect((error as LeaseLostError).job_id).toBe(job.id);
      }
      expect(await queue.get(job.id)).toMatchObject({ status: 'leased', attempts: 2 });
      await queue.complete(second);
      expect(await queue.get(job.id)).toMatchObject({ status: 'done', attempts: 2 });
    });

    it('extends a held lease so nobody else takes the job, and refuses to extend a lost one', async () => {
      const { queue, clock } = await make();
      const now = clock.now();
      const { job } = await queue.enqueue({ kind: 'a', payload: {} });
      const lease = await queue.lease({ now, lease_ms: LEASE_MS });
      if (lease === null) throw new Error('expected a lease');
      const renewed = await queue.extend(lease, { now: now + LEASE_MS - 1, lease_ms: LEASE_MS });
      expect(renewed).toMatchObject({ job: { id: job.id, attempts: 1 }, expires_at: now + 2 * LEASE_MS - 1 });
      expect(await queue.lease({ now: now + LEASE_MS, lease_ms: LEASE_MS })).toBeNull();
      expect(await queue.lease({ now: now + 2 * LEASE_MS - 2, lease_ms: LEASE_MS })).toBeNull();
      const taken = await queue.lease({ now: now + 2 * LEASE_MS - 1, lease_ms: LEASE_MS });
      expect(taken).toMatchObject({ job: { id: job.id, attempts: 2 } });
      expect(
        await rejection(queue.extend(renewed, { now: now + 2 * LEASE_MS, lease_ms: LEASE_MS })),
      ).toBeInstanceOf(LeaseLostError);
      if (taken === null) throw new Error('expected the job taken over');
      await queue.complete(taken);
      expect(await queue.get(job.id)).toMatchObject({ status: 'done', attempts: 2 });
    });

    it('still accepts a lease that expired but was not taken over', async () => {
      const { queue, clock } = await make();
      const { job } = await queue.enqueue({ kind: 'a', payload: {} });
      const lease = await queue.lease({ now: clock.now(), lease_ms: LEASE_MS });
      if (lease === null) throw new Error('expected a lease');
      clock.advance(2 * LEASE_MS);
      await queue.complete(lease);
      expect(await queue.get(job.id)).toMatchObject({ status: 'done' });
      expect(await queue.lease({ now: clock.now(), lease_ms: LEASE_MS })).toBeNull();
    });

    it('completes a job once: done is never leased again, and the spent lease is lost', async () => {
      const { queue, clock } = await make();
      await queue.enqueue({ kind: 'a', payload: {} });
      const lease = await queue.lease({ now: clock.now(), lease_ms: LEASE_MS });
      if (lease === null) throw new Error('expected a lease');
      await queue.complete(lease);
      expect(await rejection(queue.complete(lease))).toBeInstanceOf(LeaseLostError);
      expect(await queue.lease({ now: clock.now() + 100 * LEASE_MS, lease_ms: LEASE_MS })).toBeNull();
    });

    it('retries a job at its new run_at with the error, and counts the next attempt', async () => {
      const { queue, clock } = await make();
      const now = clock.now();
      const { job } = await queue.enqueue({ kind: 'a', payload: {} });
      const other = (await queue.enqueue({ kind: 'a', payload: {}, run_at: now + 1_000 })).job;
      const lease = await queue.lease({ now, lease_ms: LEASE_MS });
      if (lease === null) throw new Error('expected a lease');
      await queue.retry(lease, { run_at: now + 10_000, error: 'census unavailable' });
      expect(await queue.get(job.id)).toMatchObject({
        status: 'queued',
        attempts: 1,
        run_at: now + 10_000,
        last_error: 'census unavailable',
      });
      expect(await queue.lease({ now: now + 9_999, lease_ms: LEASE_MS, kinds: ['a'] })).toMatchObject({
        job: { id: other.id },
      });
      expect(await queue.lease({ now: now + 9_999, lease_ms: LEASE_MS })).toBeNull();
      const again = await queue.lease({ now: now + 10_000, lease_ms: LEASE_MS });
      expect(again?.job).toMatchObject({
        id: job.id,
        status: 'leased',
        attempts: 2,
        last_error: 'census unavailable',
      });
      expect(await rejection(queue.complete(lease))).toBeInstanceOf(LeaseLostError);
    });

    it('retries a job without counting the run when told counted: false', async () => {
      const { queue, clock } = await make();
      const now = clock.now();
      const { job } = await queue.enqueue({ kind: 'a', payload: {} });
      const first = await queue.lease({ now, lease_ms: LEASE_MS });
      if (first === null) throw new Error('expected a lease');
      await queue.retry(first, { run_at: now + 10, error: 'not stored yet', counted: false });
      expect(await queue.get(job.id)).toMatchObject({
        status: 'queued',
        attempts: 0,
        run_at: now + 10,
        last_error: 'not stored yet',
      });
      const second = await queue.lease({ now: now + 10, lease_ms: LEASE_MS });
      expect(second?.job).toMatchObject({ id: job.id, attempts: 1 });
      if (second === null) throw new Error('expected a lease');
      await queue.retry(second, { run_at: now + 20, error: 'census down', counted: true });
      expect(await queue.get(job.id)).toMatchObject({ attempts: 1 });
      expect(
        await rejection(queue.retry(first, { run_at: now, error: 'late', counted: false })),
      ).toBeInstanceOf(LeaseLostError);
      expect(await queue.get(job.id)).toMatchObject({ attempts: 1, last_error: 'census down' });
    });

    it('fails a job for good: dead, with the error, never leased again', async () => {
      const { queue, clock } = await make();
      const { job } = await queue.enqueue({ kind: 'a', payload: {} });
      const lease = await queue.lease({ now: clock.now(), lease_ms: LEASE_MS });
      if (lease === null) throw new Error('expected a lease');
      await queue.fail(lease, { error: 'the batch is gone' });
      expect(await queue.get(job.id)).toMatchObject({
        status: 'dead',
        last_error: 'the batch is gone',
        attempts: 1,
      });
      expect(await queue.lease({ now: clock.now() + 1_000 * LEASE_MS, lease_ms: LEASE_MS })).toBeNull();
      expect(await rejection(queue.fail(lease, { error: 'again' }))).toBeInstanceOf(LeaseLostError);
    });

    it('never holds a job by two live leases, leases in order, and ends with every job done (property)', async () => {
      type Op =
        | { op: 'enqueue'; kind: 'a' | 'b'; delay: number; key: string | null }
        | { op: 'lease'; lease_ms: number; kinds: readonly ('a' | 'b')[] | null }
        | { op: 'complete'; pick: number }
        | { op: 'retry'; pick: number; delay: number }
        | { op: 'advance'; ms: number };
      const opArb: fc.Arbitrary<Op> = fc.oneof(
        fc.record({
          op: fc.constant('enqueue' as const),
          kind: fc.constantFrom('a' as const, 'b' as const),
          delay: fc.integer({ min: -2_000, max: 5_000 }),
          key: fc.constantFrom(null, null, 'k1', 'k2', 'k3'),
        }),
        fc.record({
          op: fc.constant('lease' as const),
          lease_ms: fc.integer({ min: 1, max: 4_000 }),
          kinds: fc.constantFrom(null, ['a' as const], ['b' as const]),
        }),
        fc.record({ op: fc.constant('complete' as const), pick: fc.nat() }),
        fc.record({
          op: fc.constant('retry' as const),
          pick: fc.nat(),
          delay: fc.integer({ min: 0, max: 3_000 }),
        }),
        fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 3_000 }) }),
      );

      /** The model: what each job should be, and its live lease. */
      interface ModelJob {
        id: number;
        kind: string;
        status: Job['status'];
        run_at: number;
        attempts: number;
        token: string | null;
        expires_at: number;
      }

      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
          const { queue, clock } = await make();
          const jobs = new Map<number, ModelJob>();
          const keys = new Map<string, number>();
          /** Every lease handed out, live or not. */
          const leases: Lease[] = [];

          const expectDue = (now: number, kinds: readonly string[] | null) => {
            const due = [...jobs.values()].filter(
              (job) =>
                (kinds === null || kinds.includes(job.kind)) &&
                ((job.status === 'queued' && job.run_at <= now) ||
                  (job.status === 'leased' && job.expires_at <= now)),
            );
            due.sort((left, right) => left.run_at - right.run_at || left.id - right.id);
            return due[0];
          };

          const settle = async (
            lease: Lease,
            action: (lease: Lease) => Promise<void>,
            next: Partial<ModelJob>,
          ) => {
            const job = jobs.get(lease.job.id) as ModelJob;
            const error = await rejection(action(lease));
            if (job.token === lease.token) {
              expect(error).toBeUndefined();
              Object.assign(job, { token: null, ...next });
            } else expect(error).toBeInstanceOf(LeaseLostError);
          };

          for (const op of ops) {
            const now = clock.now();
            switch (op.op) {
              case 'enqueue': {
                const answer = await queue.enqueue({
                  kind: op.kind,
                  payload: {},
                  run_at: now + op.delay,
                  ...(op.key === null ? {} : { key: op.key }),
                });
                const known = op.key === null ? undefined : keys.get(op.key);
                expect(answer.created).toBe(known === undefined);
                if (known !== undefined) expect(answer.job.id).toBe(known);
                else {
                  expect(jobs.has(answer.job.id)).toBe(false);
                  jobs.set(answer.job.id, {
                    id: answer.job.id,
                    kind: op.kind,
                    status: 'queued',
                    run_at: now + op.delay,
                    attempts: 0,
                    token: null,
                    expires_at: 0,
                  });
                  if (op.key !== null) keys.set(op.key, answer.job.id);
                }
                break;
              }
              case 'lease': {
                const expected = expectDue(now, op.kinds);
                const lease = await queue.lease({
                  now,
                  lease_ms: op.lease_ms,
                  ...(op.kinds === null ? {} : { kinds: op.kinds }),
                });
                expect(lease?.job.id).toBe(expected?.id);
                if (lease === null || expected === undefined) break;
                // No other live lease on this job: any earlier one has expired by now.
                for (const earlier of leases)
                  if (earlier.job.id === lease.job.id && expected.token === earlier.token)
                    expect(earlier.expires_at).toBeLessThanOrEqual(now);
                expect(lease.job).toMatchObject({ status: 'leased', attempts: expected.attempts + 1 });
                expect(lease.expires_at).toBe(now + op.lease_ms);
                expect(leases.some((earlier) => earlier.token === lease.token)).toBe(false);
                Object.assign(expected, {
                  status: 'leased',
                  attempts: expected.attempts + 1,
                  token: lease.token,
                  expires_at: lease.expires_at,
                });
                leases.push(lease);
                break;
              }
              case 'complete': {
                const lease = leases[op.pick % Math.max(leases.length, 1)];
                if (lease !== undefined)
                  await settle(lease, (held) => queue.complete(held), { status: 'done' });
                break;
              }
              case 'retry': {
                const lease = leases[op.pick % Math.max(leases.length, 1)];
                if (lease !== undefined)
                  await settle(
                    lease,
                    (held) => queue.retry(held, { run_at: now + op.delay, error: 'retry' }),
                    {
                      status: 'queued',
                      run_at: now + op.delay,
                    },
                  );
                break;
              }
              case 'advance':
                clock.advance(op.ms);
                break;
            }
          }

          // Drain: whatever is left is leased and completed in turn, once every retry is due.
          clock.advance(1_000_000);
          for (let lease = await queue.lease({ now: clock.now(), lease_ms: LEASE_MS }); lease !== null; ) {
            await queue.complete(lease);
            lease = await queue.lease({ now: clock.now(), lease_ms: LEASE_MS });
          }
          for (const job of jobs.values()) expect((await queue.get(job.id))?.status).toBe('done');
        }),
        { numRuns: 200 },
      );
    });
  });
}
