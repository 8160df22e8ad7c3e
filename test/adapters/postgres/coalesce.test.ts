/**
 * Coalescing of concurrent calls (src/adapters/postgres/coalesce.ts; issue #10): the calls of one turn
 * and those made while a batch is out share a statement, and none is served by a batch sent before
 * it was made. Pure: no database needed.
 */
import { describe, expect, it } from 'vitest';
import { coalesce, Failed, inRuns } from '../../../src/adapters/postgres/coalesce.js';

/** A batch server that records its batches and answers when told. */
function recorder() {
  const batches: number[][] = [];
  const release: (() => void)[] = [];
  const serve = async (inputs: readonly number[]) => {
    batches.push([...inputs]);
    await new Promise<void>((resolve) => release.push(resolve));
    return inputs.map((input) =>
      input < 0 ? new Failed(new RangeError(`negative ${String(input)}`)) : input * 10,
    );
  };
  return { batches, release, serve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesce', () => {
  it('serves the calls of one turn together, and those made while it is out in the next batch', async () => {
    const { batches, release, serve } = recorder();
    const call = coalesce(serve);
    const first = [call(1), call(2), call(3)];
    await tick();
    expect(batches).toEqual([[1, 2, 3]]);
    const second = [call(4), call(5)];
    await tick();
    // Not sent while the first batch is out: 4 and 5 were made after it left.
    expect(batches).toEqual([[1, 2, 3]]);
    release.shift()?.();
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    await tick();
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    release.shift()?.();
    expect(await Promise.all(second)).toEqual([40, 50]);
  });

  it('fails one call alone on its own error, and every call of a batch that throws', async () => {
    const call = coalesce(async (inputs: readonly number[]) =>
      inputs.map((input) => (input < 0 ? new Failed(new RangeError('negative')) : input)),
    );
    const results = await Promise.allSettled([call(1), call(-1), call(2)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const broken = coalesce(async (_inputs: readonly number[]): Promise<number[]> => {
      throw new Error('connection lost');
    });
    const failed = await Promise.allSettled([broken(1), broken(2)]);
    expect(failed.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'Error: connection lost',
      'Error: connection lost',
    ]);
    // The coalescer is still usable after a failed batch.
    const again = coalesce(async (inputs: readonly number[]) => inputs.map((input) => input + 1));
    expect(await again(1)).toBe(2);
  });

  it('fails the calls a batch left unanswered rather than leaving them waiting', async () => {
    const short = coalesce(async (inputs: readonly number[]) => inputs.slice(1));
    const results = await Promise.allSettled([short(1), short(2)]);
    expect(results[0]).toMatchObject({ status: 'fulfilled', value: 2 });
    expect(results[1]).toMatchObject({ status: 'rejected' });
  });

  it('splits a turn larger than max_batch, in call order', async () => {
    const batches: number[][] = [];
    const call = coalesce(async (inputs: readonly number[]) => {
      batches.push([...inputs]);
      return inputs;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(call))).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('inRuns', () => {
  it('keeps the answers of the runs done before a run lost its connection, and fails that run and the later ones (issue #24)', async () => {
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
    const served: string[][] = [];
    // Calls a, b | a, c | a, d: each repeated "a" starts a run; the second run loses its connection.
    const outcomes = await inRuns(
      ['a', 'b', 'a', 'c', 'a', 'd'],
      (call) => call,
      async (call) => `${call}:alone`,
      async (run) => {
        served.push([...run]);
        if (served.length === 2) throw lost;
        return run.map((call) => Promise.resolve(`${call}:done`));
      },
    );
    expect(served).toEqual([
      ['a', 'b'],
      ['a', 'c'],
    ]);
    expect(outcomes.slice(0, 2)).toEqual(['a:done', 'b:done']);
    expect(outcomes.slice(2).map((outcome) => (outcome instanceof Failed ? outcome.error : outcome))).toEqual(
      [lost, lost, lost, lost],
    );
  });

  it('serves a run the server refused (a SQLSTATE) one call at a time', async () => {
    const refused = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const outcomes = await inRuns(
      ['a', 'b'],
      (call) => call,
      async (call) => `${call}:alone`,
      async () => {
        throw refused;
      },
    );
    expect(outcomes).toEqual(['a:alone', 'b:alone']);
  });
});
