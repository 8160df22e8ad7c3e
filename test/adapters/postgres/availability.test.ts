/**
 * The outage guard of the PostgreSQL adapters (src/adapters/postgres/availability.ts, issue #24): a
 * lost database is `StorageUnavailableError`, statements fail at once between probes, probes are let
 * through one at a time with a doubling wait, and the first success ends the outage. No database
 * needed: the pool is a stand-in that fails as `pg` does.
 */
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityChange,
  guardedPool,
  isConnectionFailure,
  type Queryable,
} from '../../../src/adapters/postgres/availability.js';
import { isStorageUnavailable, StorageUnavailableError } from '../../../src/ports.js';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A pool stand-in: each statement takes the next outcome of `outcomes` (an Error is thrown). */
function standIn() {
  // An object whose query reads its own fields through `this`, as pg's pool does.
  const pool = {
    outcomes: [] as unknown[],
    calls: 0,
    async query(this: { outcomes: unknown[]; calls: number }) {
      this.calls += 1;
      const next = this.outcomes.shift() ?? { rows: [] };
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { pool: pool as unknown as Queryable, outcomes: pool.outcomes, calls: () => pool.calls };
}

function setup() {
  let now = 1_000_000;
  const changes: AvailabilityChange[] = [];
  const stand = standIn();
  const guard = guardedPool(stand.pool, {
    base_ms: 100,
    max_ms: 400,
    now: () => now,
    onChange: (change) => changes.push(change),
  });
  return { ...stand, ...guard, changes, advance: (ms: number) => (now += ms) };
}

const query = (pool: Queryable) => (pool.query as unknown as (text: string) => Promise<unknown>)('select 1');

describe('guardedPool', () => {
  it('passes answers and the database’s own refusals through unchanged, and stays up', async () => {
    const { pool, outcomes, availability, changes } = setup();
    outcomes.push({ rows: [{ n: 1 }] });
    await expect(query(pool)).resolves.toEqual({ rows: [{ n: 1 }] });
    const duplicate = Object.assign(new Error('duplicate key value'), { code: '23505' });
    outcomes.push(duplicate);
    await expect(query(pool)).rejects.toBe(duplicate);
    // A busy pool (every connection in use) is not a database that is away.
    const busy = new Error('timeout exceeded when trying to connect');
    outcomes.push(busy);
    await expect(query(pool)).rejects.toBe(busy);
    expect(availability.up).toBe(true);
    expect(changes).toEqual([]);
  });

  it('turns a lost connection into StorageUnavailableError, then fails at once until a probe is due', async () => {
    const { pool, outcomes, availability, changes, calls, advance } = setup();
    const lost = refused();
    outcomes.push(lost);
    const first = await query(pool).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(StorageUnavailableError);
    expect(isStorageUnavailable(first)).toBe(true);
    expect((first as StorageUnavailableError).cause).toBe(lost);
    expect((first as StorageUnavailableError).retry_after_ms).toBe(100);
    expect(availability.up).toBe(false);
    expect(changes).toEqual([{ state: 'away', error: lost, retry_in_ms: 100 }]);
    // Within the wait: no connection attempt at all.
    advance(60);
    const fast = await query(pool).catch((error: unknown) => error);
    expect(fast).toBeInstanceOf(StorageUnavailableError);
    expect((fast as StorageUnavailableError).retry_after_ms).toBe(40);
    expect(calls()).toBe(1);
    // The probe is due: the guard's own probe reaches the pool, fails, and the wait doubles (to at most 400).
    advance(40);
    outcomes.push(refused());
    const afterProbe = (await query(pool).catch((error: unknown) => error)) as StorageUnavailableError;
    expect(afterProbe.retry_after_ms).toBe(200);
    expect(calls()).toBe(2);
    for (const expected of [400, 400]) {
      advance(1000);
      outcomes.push(refused());
      const again = (await query(pool).catch((error: unknown) => error)) as StorageUnavailableError;
      expect(again.retry_after_ms).toBe(expected);
    }
    expect(changes).toHaveLength(1);
    // Back: the next probe succeeds, the outage ends (said once), and the statement that sent it goes ahead.
    advance(400);
    outcomes.push({ rows: [{ '?column?': 1 }] }, { rows: [{ n: 2 }] });
    await expect(query(pool)).resolves.toEqual({ rows: [{ n: 2 }] });
    expect(availability.up).toBe(true);
    expect(changes.at(-1)).toEqual({ state: 'back', away_ms: 60 + 40 + 1000 + 1000 + 400 });
    await expect(query(pool)).resolves.toEqual({ rows: [] });
  });

  it('is not lengthened by the other statements that were in flight when the database went away', async () => {
    const { pool, outcomes } = setup();
    for (let i = 0; i < 10; i += 1) outcomes.push(refused());
    const failures = (await Promise.all(
      Array.from({ length: 10 }, () => query(pool).catch((error: unknown) => error)),
    )) as StorageUnavailableError[];
    expect(new Set(failures.map((failure) => failure.retry_after_ms))).toEqual(new Set([100]));
  });

  it('ends the outage on any answer of the server to its probe, also an error', async () => {
    const { pool, outcomes, availability, advance } = setup();
    outcomes.push(refused());
    await query(pool).catch(() => undefined);
    advance(100);
    outcomes.push(Object.assign(new Error('permission denied'), { code: '42501' }), { rows: [{ n: 3 }] });
    await expect(query(pool)).resolves.toEqual({ rows: [{ n: 3 }] });
    expect(availability.up).toBe(true);
  });

  it('sends one probe for all the statements that arrive while it is out, and lets them all go ahead', async () => {
    const { pool, outcomes, calls, advance } = setup();
    outcomes.push(refused());
    await query(pool).catch(() => undefined);
    advance(100);
    let release: (value: unknown) => void = () => undefined;
    outcomes.push(
      new Promise((resolve) => {
        release = resolve;
      }),
    );
    const waiting = [query(pool), query(pool), query(pool)];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls()).toBe(2);
    release({ rows: [] });
    await expect(Promise.all(waiting)).resolves.toHaveLength(3);
    expect(calls()).toBe(5);
  });

  it('gives a probe that does not answer at most probe_timeout_ms', async () => {
    let now = 0;
    const stand = standIn();
    const { pool } = guardedPool(stand.pool, { base_ms: 100, probe_timeout_ms: 20, now: () => now });
    stand.outcomes.push(refused(), new Promise(() => undefined));
    await query(pool).catch(() => undefined);
    now += 100;
    await expect(query(pool)).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('isConnectionFailure', () => {
  it('knows the socket codes, the SQLSTATEs of a server going away, and pg’s own messages', () => {
    const failures = [
      refused(),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      Object.assign(new AggregateError([refused(), refused()], 'all refused'), {}),
    ];
    for (const failure of failures) expect(isConnectionFailure(failure), failure.message).toBe(true);
    const refusals = [
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('password authentication failed'), { code: '28P01' }),
      new Error('relation "x" does not exist'),
      new Error('timeout exceeded when trying to connect'),
      'ECONNREFUSED',
      null,
    ];
    for (const refusal of refusals) expect(isConnectionFailure(refusal), String(refusal)).toBe(false);
  });
});
