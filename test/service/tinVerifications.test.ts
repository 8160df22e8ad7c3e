/**
 * TIN verification end to end through the service and the worker on in-memory ports (spec §2.10,
 * §3.1, §4.3, §6; es-tin.md §5; issue #7).
 */
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/errors/ApiError.js';
import { checkSpanishTin } from '../../src/identifiers/spanishTin.js';
import { CensusError } from '../../src/ports.js';
import { TIN_CACHE_TTL_MS } from '../../src/service/tinVerifications.js';
import { tinWorkload } from '../bench/tinWorkload.js';
import { ACCOUNT, engines, OTHER_ACCOUNT } from '../support/engines.js';
import { referenceControls } from '../support/identifiers.js';

/** A valid DNI for the number `n` (8 digits + its control letter). */
function dni(n: number): string {
  const digits = String(n).padStart(8, '0');
  return digits + (referenceControls('dni', digits)[0] ?? '');
}

const CENSUS = [
  { nif: 'B12345674', name: 'ACME SOCIEDAD LIMITADA' },
  { nif: 'A58818501', name: 'PROVEEDOR EJEMPLO SA', result: 'IDENTIFICADO-BAJA' },
];

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, param: error.param };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('POST /tin_verifications', () => {
  it('answers pending with no results, and the job moves it to success (spec §3.1)', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    const accepted = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [
        { tin: 'es-b12345674', name: 'Acme' },
        { tin: 'B12345675', name: 'Wrong check' },
        { tin: 'A58818501', name: 'Proveedor' },
        { tin: '12345678Z', name: 'Juan Nadie' },
      ],
    });
    expect(accepted).toEqual({ id: accepted.id, status: 'pending', results: [] });
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, accepted.id)).status).toBe('pending');

    await fiscalkit.worker.drain();
    const done = await fiscalkit.tinVerifications.get(ACCOUNT, accepted.id);
    expect(done.status).toBe('success');
    expect(done.results).toEqual([
      {
        tin: 'es-b12345674',
        normalized_tin: 'ESB12345674',
        name: 'ACME SOCIEDAD LIMITADA',
        tin_format_valid: true,
        census_match: true,
      },
      {
        tin: 'B12345675',
        normalized_tin: 'ESB12345675',
        name: 'Wrong check',
        tin_format_valid: false,
        census_match: false,
      },
      // IDENTIFICADO-BAJA still counts as a match (es-tin.md §5), with the census name.
      {
        tin: 'A58818501',
        normalized_tin: 'ESA58818501',
        name: 'PROVEEDOR EJEMPLO SA',
        tin_format_valid: true,
        census_match: true,
      },
      {
        tin: '12345678Z',
        normalized_tin: 'ES12345678Z',
        name: 'Juan Nadie',
        tin_format_valid: true,
        census_match: false,
      },
    ]);
    // The format-invalid TIN never reached the census; the others went in compact national form.
    expect(ports.census.calls).toEqual([
      [
        { nif: 'B12345674', name: 'Acme' },
        { nif: 'A58818501', name: 'Proveedor' },
        { nif: '12345678Z', name: 'Juan Nadie' },
      ],
    ]);
    // The stored record keeps the census result for warnings; the API shape does not show it.
    const stored = await ports.store.tinVerifications.get(ACCOUNT, accepted.id);
    expect(stored?.value.results.map((result) => result.census_result)).toEqual([
      'IDENTIFICADO',
      null,
      'IDENTIFICADO-BAJA',
      'NO IDENTIFICADO',
    ]);
  });

  it('emits tin_verification.finished once, with only {id, status} (spec §6)', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'ES',
      body: [{ tin: 'B12345674', name: 'x' }],
    });
    await fiscalkit.worker.drain();
    const events = await ports.events.list(ACCOUNT, { offset: 0, limit: 10 });
    expect(events.total_count).toBe(1);
    expect(events.items[0]).toMatchObject({
      code: 'tin_verification.finished',
      data: { id, status: 'success' },
    });
    expect(Object.keys(events.items[0]?.data ?? {})).toEqual(['id', 'status']);
    expect(events.items[0]?.triggered_at).toBe(Math.floor(ports.clock.now() / 1000));
  });

  it('tells every account it names (a group’s accounts over HTTP), once each, even when re-run', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    const GROUP = 77;
    const { id } = await fiscalkit.tinVerifications.create(
      GROUP,
      { country: 'ES', body: [{ tin: 'B12345674', name: 'x' }] },
      { notify_account_ids: [ACCOUNT, OTHER_ACCOUNT] },
    );
    await fiscalkit.worker.drain();
    // The verification belongs to the group; the accounts hear of it, the group id itself does not.
    expect((await fiscalkit.tinVerifications.get(GROUP, id)).status).toBe('success');
    await expect(fiscalkit.tinVerifications.get(ACCOUNT, id)).rejects.toMatchObject({
      code: 'resource_missing',
    });
    for (const account of [ACCOUNT, OTHER_ACCOUNT]) {
      const events = await ports.events.list(account, { offset: 0, limit: 10 });
      expect(events.items.map((event) => [event.code, event.data])).toEqual([
        ['tin_verification.finished', { id, status: 'success' }],
      ]);
    }
    expect((await ports.events.list(GROUP, { offset: 0, limit: 10 })).total_count).toBe(0);
    // A re-run of the job (at-least-once) publishes nothing twice.
    await ports.jobs.enqueue({ kind: 'tin_verification', payload: { account_id: GROUP, id } });
    await fiscalkit.worker.drain();
    for (const account of [ACCOUNT, OTHER_ACCOUNT])
      expect((await ports.events.list(account, { offset: 0, limit: 10 })).total_count).toBe(1);
  });

  it('asks the census once per distinct pair and answers repeats from the 24-hour cache (spec §4.3)', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    const body = [
      { tin: 'B12345674', name: 'Acme' },
      { tin: 'ESB12345674', name: 'Acme' },
      { tin: 'B-12345674', name: 'Acme' },
    ];
    await fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body });
    await fiscalkit.worker.drain();
    expect(ports.census.calls.map((call) => call.length)).toEqual([1]);

    ports.clock.advance(TIN_CACHE_TTL_MS - 1);
    const again = await fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body });
    await fiscalkit.worker.drain();
    expect(ports.census.calls).toHaveLength(1);
    expect(
      (await fiscalkit.tinVerifications.get(ACCOUNT, again.id)).results.every((r) => r.census_match),
    ).toBe(true);

    ports.clock.advance(1);
    await fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body });
    await fiscalkit.worker.drain();
    expect(ports.census.calls).toHaveLength(2);
  });

  it('splits 20,000 pairs into census calls of at most 10,000 and keeps input order', async () => {
    const { ports, fiscalkit } = await engines();
    const body = Array.from({ length: 20_000 }, (_, i) => ({ tin: dni(i + 1), name: `Person ${String(i)}` }));
    for (let i = 0; i < 20_000; i += 7) ports.census.add({ nif: dni(i + 1), name: `CENSUS ${String(i)}` });
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body });
    await fiscalkit.worker.drain();
    expect(ports.census.calls.map((call) => call.length)).toEqual([10_000, 10_000]);
    const { status, results } = await fiscalkit.tinVerifications.get(ACCOUNT, id);
    expect(status).toBe('success');
    expect(results.map((result) => result.tin)).toEqual(body.map((pair) => pair.tin));
    results.forEach((result, i) => {
      expect(result.census_match).toBe(i % 7 === 0);
      expect(result.name).toBe(i % 7 === 0 ? `CENSUS ${String(i)}` : `Person ${String(i)}`);
    });
  });

  it('gives every TIN of the benchmark mix its local format verdict', async () => {
    const { fiscalkit } = await engines();
    const tins = tinWorkload(500);
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: tins.map((tin) => ({ tin, name: 'N' })),
    });
    await fiscalkit.worker.drain();
    const { results } = await fiscalkit.tinVerifications.get(ACCOUNT, id);
    results.forEach((result, i) => {
      const check = checkSpanishTin(tins[i] ?? '');
      expect(result.tin_format_valid).toBe(check.valid);
      expect(result.normalized_tin).toBe(check.normalized);
    });
  });

  it('retries a census outage with backoff and then succeeds, reusing what was already answered', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    ports.census.failNext(2);
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [{ tin: 'B12345674', name: 'x' }],
    });
    await fiscalkit.worker.drain();
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, id)).status).toBe('pending');
    ports.clock.advance(5_000);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, id)).status).toBe('pending');
    ports.clock.advance(10_000);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, id)).status).toBe('success');
    expect(ports.census.calls).toHaveLength(3);
  });

  it('waits as long as a 429 asks before trying again', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    ports.census.rateLimitNext(1, 120_000);
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [{ tin: 'B12345674', name: 'x' }],
    });
    await fiscalkit.worker.drain();
    ports.clock.advance(119_999);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, id)).status).toBe('pending');
    ports.clock.advance(1);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, id)).status).toBe('success');
  });

  it('fails when the census cannot complete after its retries, emits once, and never changes again', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    ports.census.failNext(100);
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [{ tin: 'B12345674', name: 'x' }],
    });
    for (let i = 0; i < 20; i += 1) {
      await fiscalkit.worker.drain();
      ports.clock.advance(300_000);
    }
    const failed = await fiscalkit.tinVerifications.get(ACCOUNT, id);
    expect(failed).toEqual({ id, status: 'failed', results: [] });
    expect(ports.census.calls).toHaveLength(6);
    const stored = await ports.store.tinVerifications.get(ACCOUNT, id);
    expect(stored?.value.failure).toMatch(/census/i);

    // A stray re-run of the job (at-least-once delivery) changes nothing and emits nothing new.
    await ports.jobs.enqueue({ kind: 'tin_verification', payload: { account_id: ACCOUNT, id } });
    await fiscalkit.worker.drain();
    expect(await fiscalkit.tinVerifications.get(ACCOUNT, id)).toEqual(failed);
    const events = await ports.events.list(ACCOUNT, { offset: 0, limit: 10 });
    expect(events.items.map((event) => [event.code, event.data])).toEqual([
      ['tin_verification.finished', { id, status: 'failed' }],
    ]);
  });

  it('fails at once when the census rejects the request itself (retrying cannot help)', async () => {
    const { ports, fiscalkit } = await engines();
    ports.census.failNext(1, 'rejected');
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [{ tin: 'B12345674', name: 'x' }],
    });
    await fiscalkit.worker.drain();
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, id)).status).toBe('failed');
    expect(ports.census.calls).toHaveLength(1);
    expect(new CensusError('rejected', 'x').retryable).toBe(false);
  });

  it('refuses bad requests with the spec error shape before storing anything', async () => {
    const { ports, fiscalkit } = await engines();
    const pair = { tin: 'B12345674', name: 'x' };
    expect(
      await rejection(fiscalkit.tinVerifications.create(ACCOUNT, { country: 'fr', body: [pair] })),
    ).toEqual({
      code: 'parameter_inclusion',
      status: 422,
      param: 'country',
    });
    expect(await rejection(fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body: [] }))).toEqual({
      code: 'parameter_empty',
      status: 422,
      param: null,
    });
    expect(
      await rejection(
        fiscalkit.tinVerifications.create(ACCOUNT, {
          country: 'es',
          body: Array.from({ length: 20_001 }, () => pair),
        }),
      ),
    ).toEqual({ code: 'parameter_invalid', status: 422, param: null });
    expect(
      await rejection(fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body: { tin: 'x' } })),
    ).toEqual({
      code: 'invalid_request_params',
      status: 400,
      param: null,
    });
    expect(
      await rejection(
        fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body: [pair, { tin: 'B1' }] }),
      ),
    ).toEqual({ code: 'parameter_blank', status: 422, param: '[1].name' });
    expect((await ports.store.tinVerifications.list(ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(0);
  });

  it('is tenant-scoped: another account sees resource_missing', async () => {
    const { fiscalkit } = await engines();
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [{ tin: 'B12345674', name: 'x' }],
    });
    expect(await rejection(fiscalkit.tinVerifications.get(OTHER_ACCOUNT, id))).toEqual({
      code: 'resource_missing',
      status: 404,
      param: 'id',
    });
  });
});

describe('census answers that say nothing', () => {
  it('does not cache NO PROCESADO: the next request asks again', async () => {
    const { ports, fiscalkit } = await engines({
      census: { entries: [{ nif: 'B12345674', name: 'ACME SL', result: 'NO PROCESADO' }] },
    });
    const body = [{ tin: 'B12345674', name: 'Acme' }];
    const first = await fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body });
    await fiscalkit.worker.drain();
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, first.id)).results[0]?.census_match).toBe(false);
    await fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body });
    await fiscalkit.worker.drain();
    expect(ports.census.calls).toHaveLength(2);
  });
});

describe('a job that comes before its verification (issue #10)', () => {
  it('is looked at again soon, spending none of the census retries, and finishes once the record is stored', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    const insert = ports.store.tinVerifications.insert.bind(ports.store.tinVerifications);
    let delay = 0;
    ports.store.tinVerifications.insert = async (value, options) => {
      // A worker of another process leases the job between the POST's two writes, twice.
      await fiscalkit.worker.drain();
      ports.clock.advance(100);
      await fiscalkit.worker.drain();
      const job = await ports.jobs.get(1);
      delay = (job?.run_at ?? 0) - ports.clock.now();
      return insert(value, options);
    };
    const { id } = await fiscalkit.tinVerifications.create(ACCOUNT, {
      country: 'es',
      body: [{ tin: 'B12345674', name: 'Acme' }],
    });
    // The second look came 100 ms after queuing: it waits half of that.
    expect(delay).toBe(50);
    expect(await ports.jobs.get(1)).toMatchObject({ status: 'queued', attempts: 0 });
    // Now the census fails five times: all six counted runs are still there to spend.
    ports.census.failNext(5);
    for (let i = 0; i < 8; i += 1) {
      ports.clock.advance(300_000);
      await fiscalkit.worker.drain();
    }
    expect((await fiscalkit.tinVerifications.get(ACCOUNT, id)).status).toBe('success');
    expect(await ports.jobs.get(1)).toMatchObject({ status: 'done', attempts: 6 });
  });

  it('ends without a trace when the POST failed after queuing it', async () => {
    const { ports, fiscalkit } = await engines({ census: { entries: CENSUS } });
    ports.store.tinVerifications.insert = async () => {
      throw new Error('disk full');
    };
    await expect(
      fiscalkit.tinVerifications.create(ACCOUNT, { country: 'es', body: [{ tin: 'B12345674', name: 'x' }] }),
    ).rejects.toThrow('disk full');
    let runs = 0;
    for (let i = 0; i < 100 && (await ports.jobs.get(1))?.status !== 'dead'; i += 1) {
      runs += await fiscalkit.worker.drain();
      ports.clock.advance(5_000);
    }
    const job = await ports.jobs.get(1);
    expect(job).toMatchObject({
      status: 'dead',
      attempts: 1,
      last_error: expect.stringMatching(/never stored/),
    });
    // Every look but the last fell within the 5-minute grace.
    expect(runs).toBe(61);
    expect(ports.census.calls).toHaveLength(0);
    expect((await ports.events.list(ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(0);
  });
});
