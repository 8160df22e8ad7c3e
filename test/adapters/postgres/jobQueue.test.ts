/**
 * The PostgreSQL job queue (issue #10) against the JobQueue contract, plus what only a shared database
 * shows: several pools ("processes") leasing from one queue at once, and a lease that expired being
 * retaken by another process. Everything happens in one fresh schema for this file, dropped at the end;
 * each contract run gets a table of its own in it (the adapter's `table` option), so runs never see each
 * other's jobs.
 */
import { randomUUID } from 'node:crypto';
import { LosslessNumber } from 'lossless-json';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import {
  JOB_QUEUE_MIGRATION,
  jobQueueMigration,
  postgresJobQueue,
} from '../../../src/adapters/postgres/jobQueue.js';
import { type Lease, LeaseLostError } from '../../../src/ports.js';
import { describeJobQueueContract } from '../../contracts/jobQueue.js';

const url = process.env.DATABASE_URL;
const schema = `fk_jobs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const pools: pg.Pool[] = [];

/** A pool whose connections work in this file's schema. */
function pool(max = 4): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max, options: `-c search_path=${schema}` });
  pools.push(created);
  return created;
}

let tables = 0;
/** A fresh, empty job table in this file's schema. */
async function freshTable(on: pg.Pool): Promise<string> {
  tables += 1;
  const table = `jobs_${String(tables)}`;
  await on.query(jobQueueMigration(table));
  return table;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe.skipIf(url === undefined)('postgresJobQueue (set DATABASE_URL to run it)', () => {
  let main: pg.Pool;

  beforeAll(async () => {
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    main = pool();
  });

  afterAll(async () => {
    for (const each of pools) await each.end();
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  describeJobQueueContract('postgresJobQueue', async () => {
    const clock = manualClock();
    return { queue: postgresJobQueue(main, { clock, table: await freshTable(main) }), clock };
  });

  it('creates its default table from JOB_QUEUE_MIGRATION, idempotently', async () => {
    await main.query(JOB_QUEUE_MIGRATION);
    await main.query(JOB_QUEUE_MIGRATION);
    const clock = manualClock();
    const queue = postgresJobQueue(main, { clock });
    const { job } = await queue.enqueue({ kind: 'a', payload: { n: 1 } });
    const { rows } = await main.query('SELECT kind FROM fiscalkit_jobs WHERE id = $1', [job.id]);
    expect(rows).toEqual([{ kind: 'a' }]);
  });

  it('refuses a table name it would have to quote', () => {
    const clock = manualClock();
    expect(() => postgresJobQueue(main, { clock, table: 'jobs; DROP TABLE x' })).toThrow(TypeError);
    expect(() => jobQueueMigration('Jobs')).toThrow(TypeError);
  });

  it('gives the payload back as it went in: numbers as numbers, LosslessNumbers with their text', async () => {
    const clock = manualClock();
    const table = await freshTable(main);
    const queue = postgresJobQueue(main, { clock, table });
    const payload = {
      account_id: 7,
      ids: [1, -2, 9_007_199_254_740_991],
      ratio: 1.5e-7,
      amount: new LosslessNumber('12.50'),
      seven: new LosslessNumber('7'),
      big: new LosslessNumber('12345678901234567890'),
      nested: { exponent: new LosslessNumber('1e2'), name: 'ñ "quoted" \\ \u0000 ~n' },
    };
    const { job } = await queue.enqueue({ kind: 'a', payload });
    const stored = await queue.get(job.id);
    expect(stored?.payload).toEqual(payload);
    expect(job.payload).toEqual(payload);
    for (const [path, text] of [
      [['amount'], '12.50'],
      [['seven'], '7'],
      [['nested', 'exponent'], '1e2'],
    ] as const) {
      const value = path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], stored?.payload);
      expect(value).toBeInstanceOf(LosslessNumber);
      expect((value as LosslessNumber).value).toBe(text);
    }
    // Plain ids are stored untagged: SQL can look into the payload.
    const { rows } = await main.query(`SELECT payload->>'account_id' AS account FROM ${table}`);
    expect(rows).toEqual([{ account: '7' }]);
    await expect(queue.enqueue({ kind: 'a', payload: { n: 10n } })).rejects.toThrow(TypeError);
  });

  it('answers frozen jobs and leases, and refuses a lease of no duration and instants that are not integers', async () => {
    const clock = manualClock();
    const queue = postgresJobQueue(main, { clock, table: await freshTable(main) });
    const { job } = await queue.enqueue({ kind: 'a', payload: { nested: { a: 1 } } });
    expect(Object.isFrozen(job)).toBe(true);
    expect(Object.isFrozen(job.payload.nested)).toBe(true);
    const lease = await queue.lease({ now: clock.now(), lease_ms: 1_000 });
    expect(Object.isFrozen(lease)).toBe(true);
    await expect(queue.lease({ now: clock.now(), lease_ms: 0 })).rejects.toThrow(RangeError);
    await expect(queue.enqueue({ kind: 'a', payload: {}, run_at: 1.5 })).rejects.toThrow(RangeError);
    expect(await queue.lease({ now: clock.now(), lease_ms: 1_000, kinds: [] })).toBeNull();
  });

  it('treats a token no queue gave as a lost lease', async () => {
    const clock = manualClock();
    const queue = postgresJobQueue(main, { clock, table: await freshTable(main) });
    await queue.enqueue({ kind: 'a', payload: {} });
    const lease = await queue.lease({ now: clock.now(), lease_ms: 1_000 });
    if (lease === null) throw new Error('expected a lease');
    const forged = { ...lease, token: 'lease-1-1' };
    expect(await rejection(queue.complete(forged))).toBeInstanceOf(LeaseLostError);
    expect(await rejection(queue.complete({ ...lease, token: randomUUID() }))).toBeInstanceOf(LeaseLostError);
    await queue.complete(lease);
  });

  it('applies calls on one lease in the order they were made, even when issued together', async () => {
    const clock = manualClock();
    const queue = postgresJobQueue(pool(4), { clock, table: await freshTable(main) });
    for (let round = 0; round < 20; round += 1) {
      const { job } = await queue.enqueue({ kind: 'a', payload: { round } });
      const lease = await queue.lease({ now: clock.now(), lease_ms: 1_000 });
      if (lease === null) throw new Error('expected a lease');
      const calls = [
        queue.extend(lease, { now: clock.now(), lease_ms: 5_000 }),
        queue.complete(lease),
        queue.fail(lease, { error: 'too late' }),
      ];
      const outcomes = await Promise.allSettled(calls);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect(await queue.get(job.id)).toMatchObject({ status: 'done', last_error: null });
    }
  });

  it('deduplicates one key enqueued by many processes at once: one job, one created', async () => {
    const clock = manualClock();
    const processes = [pool(2), pool(2), pool(2), pool(2)];
    const table = await freshTable(main);
    const queues = processes.map((each) => postgresJobQueue(each, { clock, table }));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (queues[index % queues.length] ?? queues[0])?.enqueue({
          kind: 'a',
          payload: { index },
          key: `k${String(index % 5)}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer?.created).length).toBe(5);
    expect(new Set(answers.map((answer) => answer?.job.id)).size).toBe(5);
    const { rows } = await main.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    expect(rows[0]?.n).toBe('5');
  });

  it('four processes leasing from one queue of 500 jobs complete every job exactly once', async () => {
    const clock = manualClock();
    const table = await freshTable(main);
    const setup = postgresJobQueue(main, { clock, table });
    const now = clock.now();
    for (let index = 0; index < 500; index += 1)
      await setup.enqueue({
        kind: index % 2 === 0 ? 'a' : 'b',
        payload: { index },
        run_at: now - (index % 9),
      });

    const leasedBy = new Map<number, string[]>();
    const completed: number[] = [];
    /** One worker: leases, records, completes, until nothing is due. */
    const worker = async (name: string, queue: ReturnType<typeof postgresJobQueue>) => {
      for (;;) {
        const lease = await queue.lease({ now, lease_ms: 60_000 });
        if (lease === null) return;
        leasedBy.set(lease.job.id, [...(leasedBy.get(lease.job.id) ?? []), name]);
        expect(lease.job.attempts).toBe(1);
        await queue.complete(lease);
        completed.push(lease.job.id);
      }
    };
    const processes = [pool(3), pool(3), pool(3), pool(3)];
    await Promise.all(
      processes.flatMap((each, process) => {
        const queue = postgresJobQueue(each, { clock, table });
        // Three workers per process, each on its own connection of the process's pool.
        return [0, 1, 2].map((slot) => worker(`p${String(process)}w${String(slot)}`, queue));
      }),
    );

    expect(completed.length).toBe(500);
    expect(new Set(completed).size).toBe(500);
    expect([...leasedBy.values()].every((names) => names.length === 1)).toBe(true);
    // Every process did some of the work (the queue is shared, not per process).
    const perProcess = new Set([...leasedBy.values()].map((names) => (names[0] ?? '').slice(0, 2)));
    expect(perProcess.size).toBe(4);
    const { rows } = await main.query<{ status: string; attempts: number; n: string }>(
      `SELECT status, attempts, count(*)::text AS n FROM ${table} GROUP BY status, attempts`,
    );
    expect(rows).toEqual([{ status: 'done', attempts: 1, n: '500' }]);
  }, 30_000);

  it('retakes a job whose lease expired in another process with attempts 2; the first worker loses it', async () => {
    const clock = manualClock();
    const table = await freshTable(main);
    const first = postgresJobQueue(pool(1), { clock, table });
    const second = postgresJobQueue(pool(1), { clock, table });
    const { job } = await first.enqueue({ kind: 'a', payload: { batch_id: 3 } });
    const held = await first.lease({ now: clock.now(), lease_ms: 30_000 });
    expect(held?.job).toMatchObject({ id: job.id, attempts: 1 });
    expect(await second.lease({ now: clock.now(), lease_ms: 30_000 })).toBeNull();
    clock.advance(29_999);
    expect(await second.lease({ now: clock.now(), lease_ms: 30_000 })).toBeNull();
    clock.advance(1);
    const retaken = await second.lease({ now: clock.now(), lease_ms: 30_000 });
    expect(retaken?.job).toMatchObject({ id: job.id, status: 'leased', attempts: 2 });
    if (held === null || retaken === null) throw new Error('expected two leases');
    for (const lost of [
      first.extend(held, { now: clock.now(), lease_ms: 30_000 }),
      first.complete(held),
      first.retry(held, { run_at: clock.now(), error: 'late' }),
      first.fail(held, { error: 'late' }),
    ])
      expect(await rejection(lost)).toBeInstanceOf(LeaseLostError);
    await second.complete(retaken);
    expect(await first.get(job.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('loses nothing and completes nothing twice when workers die mid-job and their leases expire', async () => {
    const clock = manualClock();
    const table = await freshTable(main);
    const setup = postgresJobQueue(main, { clock, table });
    for (let index = 0; index < 300; index += 1) await setup.enqueue({ kind: 'a', payload: { index } });

    const LEASE_MS = 1_000;
    let completions = 0;
    let lost = 0;
    const completedIds = new Set<number>();
    const abandoned: Lease[] = [];
    /**
     * A worker that "dies" (drops its lease without a word) on every 7th job, and moves the shared
     * clock on now and then, so that abandoned leases expire and other workers retake the jobs.
     */
    const worker = async (queue: ReturnType<typeof postgresJobQueue>, seed: number) => {
      let step = seed;
      for (let idle = 0; idle < 3; ) {
        step += 1;
        const lease = await queue.lease({ now: clock.now(), lease_ms: LEASE_MS });
        if (lease === null) {
          // Nothing due: let time pass so that abandoned leases expire, then look again.
          clock.advance(LEASE_MS);
          idle += 1;
          continue;
        }
        idle = 0;
        if (step % 7 === 0) {
          abandoned.push(lease);
          continue;
        }
        if (step % 11 === 0) clock.advance(LEASE_MS);
        const error = await rejection(queue.complete(lease));
        if (error === undefined) {
          completions += 1;
          expect(completedIds.has(lease.job.id)).toBe(false);
          completedIds.add(lease.job.id);
        } else {
          expect(error).toBeInstanceOf(LeaseLostError);
          lost += 1;
        }
      }
    };
    await Promise.all(
      [pool(2), pool(2), pool(2), pool(2)].flatMap((each, process) => {
        const queue = postgresJobQueue(each, { clock, table });
        return [0, 1].map((slot) => worker(queue, process * 2 + slot));
      }),
    );

    expect(abandoned.length).toBeGreaterThan(0);
    expect(completions).toBe(300);
    expect(completedIds.size).toBe(300);
    // A dead worker's lease is spent once its job was retaken.
    for (const lease of abandoned.slice(0, 5))
      expect(await rejection(setup.complete(lease))).toBeInstanceOf(LeaseLostError);
    const { rows } = await main.query<{ status: string; retaken: string }>(
      `SELECT status, count(*) FILTER (WHERE attempts > 1)::text AS retaken FROM ${table} GROUP BY status`,
    );
    expect(rows.map((row) => row.status)).toEqual(['done']);
    // Every abandoned job was retaken (attempts > 1); some completions came too late and were refused.
    const abandonedJobs = new Set(abandoned.map((lease) => lease.job.id));
    expect(Number(rows[0]?.retaken)).toBeGreaterThanOrEqual(abandonedJobs.size);
    expect(lost).toBeGreaterThan(0);
  }, 30_000);

  it('leases with the partial (run_at, id) index, not a scan of the whole history', async () => {
    const table = await freshTable(main);
    await main.query(
      `INSERT INTO ${table} (kind, payload, status, run_at)
       SELECT 'a', '{}', 'done', g FROM generate_series(1, 20000) AS g`,
    );
    await main.query(`ANALYZE ${table}`);
    const { rows } = await main.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM ${table}
       WHERE ((status = 'queued' AND run_at <= 5) OR (status = 'leased' AND leased_until <= 5))
       ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(`${table}_due`);
  });
});
