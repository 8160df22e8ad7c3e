import { describe, expect, it, vi } from 'vitest';
import { memoryCensus } from '../../../src/adapters/memory/census.js';
import { CensusError } from '../../../src/ports.js';
import { describeCensusContract } from '../../contracts/census.js';

describeCensusContract('memoryCensus', (entries) => memoryCensus({ entries }));

const QUERY = [{ nif: 'B12345674', name: 'acme' }];

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('memoryCensus controls', () => {
  it('fails the next calls as told, in order, then answers again', async () => {
    const census = memoryCensus({ entries: [{ nif: 'B12345674', name: 'ACME SL' }] });
    census.failNext(2);
    census.failNext(1, 'rejected');
    census.rateLimitNext(1, 30_000);
    census.rateLimitNext(1, null);
    const errors = [];
    for (let index = 0; index < 5; index += 1) errors.push(await rejection(census.check(QUERY)));
    for (const error of errors) expect(error).toBeInstanceOf(CensusError);
    expect(
      errors.map((error) => [(error as CensusError).failure, (error as CensusError).retry_after_ms]),
    ).toEqual([
      ['unavailable', null],
      ['unavailable', null],
      ['rejected', null],
      ['rate_limited', 30_000],
      ['rate_limited', null],
    ]);
    expect((errors[0] as CensusError).retryable).toBe(true);
    expect((errors[2] as CensusError).retryable).toBe(false);
    expect(await census.check(QUERY)).toEqual([{ name: 'ACME SL', result: 'IDENTIFICADO' }]);
  });

  it('rate limits for 60 seconds unless told', async () => {
    const census = memoryCensus();
    census.rateLimitNext();
    expect(await rejection(census.check(QUERY))).toMatchObject({
      failure: 'rate_limited',
      retry_after_ms: 60_000,
    });
  });

  it('records every call, failed ones included, as copies', async () => {
    const census = memoryCensus();
    const queries = [{ nif: 'B12345674', name: 'acme' }];
    census.failNext();
    await rejection(census.check(queries));
    await census.check(queries);
    queries[0] = { nif: 'X', name: 'changed' };
    expect(census.calls).toEqual([
      [{ nif: 'B12345674', name: 'acme' }],
      [{ nif: 'B12345674', name: 'acme' }],
    ]);
  });

  it('learns NIFs with add', async () => {
    const census = memoryCensus();
    expect(await census.check(QUERY)).toEqual([{ name: 'acme', result: 'NO IDENTIFICADO' }]);
    census.add({ nif: 'B12345674', name: 'ACME SL', result: 'IDENTIFICADO-REVOCADO' });
    expect(await census.check(QUERY)).toEqual([{ name: 'ACME SL', result: 'IDENTIFICADO-REVOCADO' }]);
  });

  it('waits the latency on a timer before answering', async () => {
    vi.useFakeTimers();
    try {
      const census = memoryCensus({ latency_ms: 500 });
      let answered = false;
      const answer = census.check(QUERY).then(() => {
        answered = true;
      });
      await vi.advanceTimersByTimeAsync(499);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await answer;
      expect(answered).toBe(true);
      census.setLatency(0);
      await census.check(QUERY);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a negative latency or count', () => {
    expect(() => memoryCensus({ latency_ms: -1 })).toThrow(RangeError);
    expect(() => memoryCensus().failNext(-1)).toThrow(RangeError);
  });
});
