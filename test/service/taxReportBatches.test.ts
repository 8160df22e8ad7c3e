/**
 * The SII tax report batch end to end through the service and the worker on in-memory ports (spec
 * §4.1, §2.11, §6; issue #7), including crash and resume.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/errors/ApiError.js';
import { TaxReportBatchSchema } from '../../src/model/taxReportBatch.js';
import type { Ports, SchemaValidator } from '../../src/ports.js';
import { BATCH_CHUNK_SIZE } from '../../src/service/taxReportBatches.js';
import { structuralSiiValidator } from '../../src/sii/validator/structuralSiiValidator.js';
import { ACCOUNT, engines, OTHER_ACCOUNT } from '../support/engines.js';
import { expedidaF1, expedidaF2, recibida, SII_BOOK_FIXTURES } from '../support/siiReports.js';

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, param: error.param };
    throw error;
  }
  throw new Error('expected an ApiError');
}

/** A validator that calls any record whose invoice number starts with `XSD-BAD` invalid, like the official XSD would a broken one. */
function pickyValidator(): SchemaValidator & { calls: number } {
  const inner = structuralSiiValidator();
  const validator = {
    name: 'picky',
    calls: 0,
    validateSii(xml: string) {
      validator.calls += 1;
      if (xml.includes('>XSD-BAD')) {
        return {
          valid: false,
          errors: [{ path: 'IDFactura/NumSerieFacturaEmisor', line: 7, message: 'rejected' }],
        };
      }
      return inner.validateSii(xml);
    },
  };
  return validator;
}

/** `n` valid Expedida records with distinct numbers, every `bad`-th one broken in a rotating way. */
function records(n: number, bad = 0): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const record: Record<string, unknown> = {
      ...expedidaF1(),
      invoice_number: `B-${String(i).padStart(5, '0')}`,
    };
    if (bad > 0 && i % bad === bad - 1) {
      const defect = Math.floor(i / bad) % 4;
      if (defect === 0) return { ...record, type: 'Ksef' };
      if (defect === 1) return { ...record, book_type: 'Libro' };
      if (defect === 2) return { ...record, period: '13' };
      return { ...record, invoice_number: `XSD-BAD-${String(i)}` };
    }
    return record;
  });
}

/** What a batch's outcome is, without the ids a run happens to hand out. */
async function outcome(ports: Ports, batch_id: number) {
  const batch = await ports.store.taxReportBatches.get(ACCOUNT, batch_id);
  const reports = await ports.store.taxReports.list(ACCOUNT, { offset: 0, limit: 500 });
  const ledgers = await ports.store.ledgers.list(ACCOUNT, { offset: 0, limit: 500 });
  const events = await ports.events.list(ACCOUNT, { offset: 0, limit: 500 });
  return { batch: batch?.value, reports, ledgers, events };
}

describe('POST /accounts/{account}/tax_report_batches (spec §4.1)', () => {
  it('accepts the envelope at once: 202 body, batch_id, status_url, status accepted', async () => {
    const { fiscalkit } = await engines();
    const accepted = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: records(3) });
    expect(accepted).toEqual({
      batch_id: accepted.batch_id,
      status_url: `https://api.example.test/accounts/1/tax_report_batches/${String(accepted.batch_id)}`,
    });
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, accepted.batch_id);
    expect(batch).toMatchObject({ status: 'accepted', total_count: 3, processed_count: 0, results: [] });
    expect(TaxReportBatchSchema.safeParse(batch).success).toBe(true);
  });

  it('validates only the envelope synchronously', async () => {
    const { fiscalkit } = await engines();
    expect(await rejection(fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: 'all' }))).toEqual({
      code: 'invalid_request_params',
      status: 400,
      param: 'tax_reports',
    });
    expect(await rejection(fiscalkit.taxReportBatches.create(ACCOUNT, {}))).toEqual({
      code: 'parameter_blank',
      status: 422,
      param: 'tax_reports',
    });
    const tooMany = Array.from({ length: 5001 }, () => ({ type: 'SiiDocument' }));
    expect(await rejection(fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: tooMany }))).toEqual({
      code: 'parameter_invalid',
      status: 422,
      param: 'tax_reports',
    });
    expect(await rejection(fiscalkit.taxReportBatches.create(99, { tax_reports: [] }))).toEqual({
      code: 'resource_missing',
      status: 404,
      param: 'account',
    });
    // A record that is not an object is unexpected structure, refused with the envelope.
    expect(await rejection(fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [{}, 'x'] }))).toEqual({
      code: 'invalid_request_params',
      status: 400,
      param: 'tax_reports[1]',
    });
    // A record that is plainly wrong inside is still accepted: it fails later, on its own.
    const accepted = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [{ type: 'Ksef' }] });
    expect(accepted.batch_id).toBeGreaterThan(0);
  });

  it('processes every record on its own: good ones become reports in ledgers, bad ones per-record errors', async () => {
    const validator = pickyValidator();
    const { ports, fiscalkit } = await engines({ schemaValidator: validator });
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, {
      tax_reports: [
        expedidaF1(),
        { ...expedidaF1(), type: 'Ksef' },
        { ...expedidaF1(), book_type: 'Libro' },
        recibida(),
        { ...expedidaF2(), period: '13' },
        { ...expedidaF1(), invoice_number: 'XSD-BAD-1' },
        { ...expedidaF1(), type: null },
        { ...expedidaF2(), period_year: 2026, period: '03' },
      ],
    });
    await fiscalkit.worker.drain();
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect(TaxReportBatchSchema.safeParse(batch).success).toBe(true);
    expect(batch).toMatchObject({
      status: 'finished',
      total_count: 8,
      processed_count: 8,
      succeeded_count: 3,
      failed_count: 5,
    });
    const summary = batch.results.map((result) => [
      result.index,
      result.status,
      result.errors.map((error) => [error.code, error.param]),
    ]);
    expect(summary).toEqual([
      [0, 'created', []],
      [1, 'failed', [['unsupported_type', 'type']]],
      [2, 'failed', [['parameter_inclusion', 'book_type']]],
      [3, 'created', []],
      [4, 'failed', [['parameter_inclusion', 'period']]],
      [5, 'failed', [['parameter_invalid', null]]],
      [6, 'failed', [['parameter_blank', 'type']]],
      [7, 'created', []],
    ]);
    expect(batch.results[5]?.errors[0]?.message).toMatch(
      /AEAT schema.*IDFactura\/NumSerieFacturaEmisor.*rejected/,
    );
    expect(batch.results[1]?.errors[0]?.message).toMatch(/tax_reports\[1\]/);

    // Created reports are stored `processing`, SiiDocument, in the account, each in one ledger.
    const created = batch.results.filter((result) => result.status === 'created');
    for (const result of created) {
      const report = await ports.store.taxReports.get(ACCOUNT, result.tax_report_id ?? 0);
      expect(report?.value).toMatchObject({ type: 'SiiDocument', state: 'processing', account_id: ACCOUNT });
    }
    const ledgers = (await ports.store.ledgers.list(ACCOUNT, { offset: 0, limit: 10 })).items.map(
      (item) => item.value,
    );
    // Expedida 2026-03 A0 (records 0 and 7), Recibida 2026-03 A0 (record 3): one ledger per book, operation and period.
    expect(
      ledgers.map((ledger) => [
        ledger.book_type,
        ledger.communication_type,
        ledger.period_year,
        ledger.period,
        ledger.state,
        ledger.tax_report_ids,
      ]),
    ).toEqual([
      ['Expedida', 'A0', 2026, '03', 'pending', [created[0]?.tax_report_id, created[2]?.tax_report_id]],
      ['Recibida', 'A0', 2026, '03', 'pending', [created[1]?.tax_report_id]],
    ]);
    // Only records that passed every earlier check reach the schema validator.
    expect(validator.calls).toBe(4);
  });

  it('finishes an empty batch at once, and publishes sii_batch.finished with counts, never results', async () => {
    const { ports, fiscalkit } = await engines();
    const empty = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    const full = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: records(5, 2) });
    await fiscalkit.worker.drain();
    expect((await fiscalkit.taxReportBatches.get(ACCOUNT, empty.batch_id)).status).toBe('finished');
    const events = (await ports.events.list(ACCOUNT, { offset: 0, limit: 10 })).items;
    expect(events.map((event) => [event.code, event.data])).toEqual([
      [
        'sii_batch.finished',
        {
          batch_id: empty.batch_id,
          status: 'finished',
          total_count: 0,
          processed_count: 0,
          succeeded_count: 0,
          failed_count: 0,
        },
      ],
      [
        'sii_batch.finished',
        {
          batch_id: full.batch_id,
          status: 'finished',
          total_count: 5,
          processed_count: 5,
          succeeded_count: 3,
          failed_count: 2,
        },
      ],
    ]);
  });

  it('fails every record with the reason when the account cannot be the SII titular', async () => {
    const { fiscalkit } = await engines({ tin_value: null });
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: records(2) });
    await fiscalkit.worker.drain();
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect(batch).toMatchObject({ status: 'finished', failed_count: 2, succeeded_count: 0 });
    expect(batch.results[0]?.errors[0]?.message).toMatch(/titular/);
  });

  it('builds a message of every book (one fixture each)', async () => {
    const { fiscalkit } = await engines();
    const books = Object.values(SII_BOOK_FIXTURES).map((fixture) => fixture());
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: books });
    await fiscalkit.worker.drain();
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect(batch.results.filter((result) => result.status !== 'created')).toEqual([]);
  });

  it('is tenant-scoped: another account sees resource_missing', async () => {
    const { fiscalkit } = await engines();
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: [] });
    expect(await rejection(fiscalkit.taxReportBatches.get(OTHER_ACCOUNT, batch_id))).toEqual({
      code: 'resource_missing',
      status: 404,
      param: 'id',
    });
  });
});

/** Where a crash can be injected: the n-th call of one port method throws once. */
const CRASH_POINTS = [
  'taxReports.insert',
  'ledgers.insert',
  'ledgers.update',
  'taxReportBatches.update',
  'events.append',
] as const;
type CrashPoint = (typeof CRASH_POINTS)[number];

/** Makes the `after`-th call (0-based) of `point` throw, once; answers how many calls were made. */
function crashOnce(ports: Ports, point: CrashPoint, after: number): { calls: () => number } {
  const [owner, method] = point.split('.') as [string, string];
  const target = (owner === 'events'
    ? ports.events
    : ports.store[owner as keyof Ports['store']]) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const original = target[method]?.bind(target);
  if (original === undefined) throw new Error(`no ${point}`);
  let calls = 0;
  let crashed = false;
  target[method] = async (...args: unknown[]) => {
    calls += 1;
    if (!crashed && calls > after) {
      crashed = true;
      throw new Error(`injected crash in ${point} after ${String(after)} calls`);
    }
    return original(...args);
  };
  return { calls: () => calls };
}

describe('crash and resume (issue #7)', () => {
  const TOTAL = BATCH_CHUNK_SIZE * 2 + 37;

  async function run(point: CrashPoint | null, after: number) {
    const validator = pickyValidator();
    const { ports, fiscalkit } = await engines({ schemaValidator: validator });
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: records(TOTAL, 9) });
    if (point !== null) crashOnce(ports, point, after);
    await fiscalkit.worker.drain();
    ports.clock.advance(60_000);
    await fiscalkit.worker.drain();
    return { ports, batch_id, validator };
  }

  it.each(CRASH_POINTS.flatMap((point) => [0, 1, 200, 260].map((after) => [point, after] as const)))(
    'a crash at %s after %i calls loses no record and stores none twice',
    async (point, after) => {
      const reference = await run(null, 0);
      const crashed = await run(point, after);
      const expected = await outcome(reference.ports, reference.batch_id);
      const actual = await outcome(crashed.ports, crashed.batch_id);

      expect(actual.batch?.status).toBe('finished');
      expect(TaxReportBatchSchema.safeParse(actual.batch).success).toBe(true);
      // The same per-record verdicts, and as many reports and ledger entries as created records.
      const verdicts = (batch: typeof actual.batch) =>
        batch?.results.map((result) => [result.index, result.status, result.errors]);
      expect(verdicts(actual.batch)).toEqual(verdicts(expected.batch));
      expect(actual.reports.total_count).toBe(expected.reports.total_count);
      expect(actual.reports.total_count).toBe(actual.batch?.succeeded_count);
      const createdIds = actual.batch?.results.flatMap((result) =>
        result.tax_report_id === null ? [] : [result.tax_report_id],
      );
      expect(new Set(createdIds).size).toBe(createdIds?.length);
      const inLedgers = actual.ledgers.items.flatMap((ledger) => ledger.value.tax_report_ids);
      expect([...inLedgers].sort((a, b) => a - b)).toEqual([...(createdIds ?? [])].sort((a, b) => a - b));
      expect(actual.ledgers.total_count).toBe(expected.ledgers.total_count);
      // Exactly one sii_batch.finished.
      expect(actual.events.items.map((event) => event.code)).toEqual(['sii_batch.finished']);
      // Records whose results were stored before the crash were not judged again: at most one chunk is redone.
      expect(crashed.validator.calls - reference.validator.calls).toBeGreaterThanOrEqual(0);
      expect(crashed.validator.calls - reference.validator.calls).toBeLessThanOrEqual(BATCH_CHUNK_SIZE);
    },
  );

  it('property: any single crash point and count gives the outcome of an uninterrupted run', async () => {
    const reference = await run(null, 0);
    const expected = await outcome(reference.ports, reference.batch_id);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CRASH_POINTS), fc.nat({ max: TOTAL + 5 }), async (point, after) => {
        const crashed = await run(point, after);
        const actual = await outcome(crashed.ports, crashed.batch_id);
        expect(actual.batch?.results.map((result) => [result.status, result.errors])).toEqual(
          expected.batch?.results.map((result) => [result.status, result.errors]),
        );
        expect(actual.reports.total_count).toBe(expected.reports.total_count);
        expect(actual.events.total_count).toBe(1);
      }),
      { numRuns: 25 },
    );
  });

  it('a store that keeps failing fails the batch after its retries, and says so in the event', async () => {
    const { ports, fiscalkit } = await engines();
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, {
      tax_reports: records(BATCH_CHUNK_SIZE + 10),
    });
    const insert = ports.store.taxReports.insert.bind(ports.store.taxReports);
    let inserts = 0;
    ports.store.taxReports.insert = async (...args) => {
      inserts += 1;
      if (inserts > BATCH_CHUNK_SIZE + 3) throw new Error('disk full');
      return insert(...args);
    };
    for (let i = 0; i < 10; i += 1) {
      await fiscalkit.worker.drain();
      ports.clock.advance(60_000);
    }
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect(TaxReportBatchSchema.safeParse(batch).success).toBe(true);
    expect(batch).toMatchObject({
      status: 'failed',
      total_count: BATCH_CHUNK_SIZE + 10,
      processed_count: BATCH_CHUNK_SIZE,
      succeeded_count: BATCH_CHUNK_SIZE,
    });
    const events = (await ports.events.list(ACCOUNT, { offset: 0, limit: 10 })).items;
    expect(events.map((event) => event.data)).toEqual([
      {
        batch_id,
        status: 'failed',
        total_count: BATCH_CHUNK_SIZE + 10,
        processed_count: BATCH_CHUNK_SIZE,
        succeeded_count: BATCH_CHUNK_SIZE,
        failed_count: 0,
      },
    ]);
  });
});

describe('batches against a changing world (review findings)', () => {
  it('a ledger submitted while its batch runs takes no more records: later ones go to a new ledger', async () => {
    const { ports, fiscalkit } = await engines();
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, {
      tax_reports: records(BATCH_CHUNK_SIZE + 20),
    });
    const update = ports.store.taxReportBatches.update.bind(ports.store.taxReportBatches);
    let updates = 0;
    ports.store.taxReportBatches.update = async (...args) => {
      const result = await update(...args);
      updates += 1;
      if (updates === 2) {
        // After the first chunk's results: the host submits the ledger (here: marks it sent).
        const [ledger] = (await ports.store.ledgers.list(ACCOUNT, { offset: 0, limit: 10 })).items;
        if (ledger === undefined) throw new Error('expected a ledger');
        await ports.store.ledgers.update(
          { ...ledger.value, state: 'sent', sent_at: '2026-04-20T10:40:00.000Z' },
          ledger.version,
        );
      }
      return result;
    };
    await fiscalkit.worker.drain();
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect(batch.status).toBe('finished');
    const ledgers = (await ports.store.ledgers.list(ACCOUNT, { offset: 0, limit: 10 })).items.map(
      (item) => item.value,
    );
    expect(ledgers.map((ledger) => [ledger.state, ledger.tax_report_ids.length])).toEqual([
      ['sent', BATCH_CHUNK_SIZE],
      ['pending', 20],
    ]);
    const all = ledgers.flatMap((ledger) => ledger.tax_report_ids);
    expect(new Set(all).size).toBe(BATCH_CHUNK_SIZE + 20);
  });

  it('judges a resumed chunk against the titular of acceptance, even if the account changed', async () => {
    const { ports, fiscalkit } = await engines();
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: records(10) });
    crashOnce(ports, 'taxReportBatches.update', 1); // the first record_results
    await fiscalkit.worker.drain();
    const account = await ports.store.accounts.get(ACCOUNT, ACCOUNT);
    if (account === null) throw new Error('expected the account');
    await ports.store.accounts.update({ ...account.value, tin_value: null }, account.version);
    ports.clock.advance(60_000);
    await fiscalkit.worker.drain();
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect(batch).toMatchObject({ status: 'finished', succeeded_count: 10 });
    expect((await ports.store.taxReports.list(ACCOUNT, { offset: 0, limit: 50 })).total_count).toBe(10);
  });

  it('names a non-SII record unsupported_type even when the account cannot be the titular', async () => {
    const { fiscalkit } = await engines({ tin_value: null });
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, {
      tax_reports: [{ ...expedidaF1(), type: 'Ksef' }, expedidaF1()],
    });
    await fiscalkit.worker.drain();
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect(batch.results.map((result) => result.errors[0]?.code)).toEqual([
      'unsupported_type',
      'parameter_invalid',
    ]);
  });

  it('a POST that fails after queuing its job leaves no batch behind, and the job ends', async () => {
    const { ports, fiscalkit } = await engines();
    ports.store.taxReportBatches.insert = async () => {
      throw new Error('disk full');
    };
    await expect(fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: records(1) })).rejects.toThrow(
      'disk full',
    );
    for (let i = 0; i < 10; i += 1) {
      await fiscalkit.worker.drain();
      ports.clock.advance(60_000);
    }
    // Looked for, without spending attempts, until the grace ran out; then ended at once.
    expect(await ports.jobs.get(1)).toMatchObject({
      kind: 'tax_report_batch',
      status: 'dead',
      attempts: 1,
      last_error: expect.stringMatching(/was never stored/),
    });
    expect((await ports.events.list(ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(0);
  });

  it('a worker that leases the job before the batch is stored looks again soon, spending no attempt (issue #10)', async () => {
    const { ports, fiscalkit } = await engines();
    // A worker of another process leases the job in the gap between the POST's two writes.
    const insert = ports.store.taxReportBatches.insert.bind(ports.store.taxReportBatches);
    let early = 0;
    ports.store.taxReportBatches.insert = async (value, options) => {
      early = await fiscalkit.worker.drain();
      return insert(value, options);
    };
    const { batch_id } = await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports: records(3) });
    expect(early).toBe(1);
    const waiting = await ports.jobs.get(1);
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 0,
      run_at: ports.clock.now() + 10,
      last_error: expect.stringMatching(/is not stored yet/),
    });
    expect(await fiscalkit.worker.drain()).toBe(0);
    ports.clock.advance(10);
    await fiscalkit.worker.drain();
    expect(await ports.jobs.get(1)).toMatchObject({ status: 'done', attempts: 1 });
    const batch = await fiscalkit.taxReportBatches.get(ACCOUNT, batch_id);
    expect([batch.status, batch.succeeded_count]).toEqual(['finished', 3]);
  });
});
