/**
 * Ledger submission end to end (spec §4.2 GET /ledgers/{id}/download and /download_response; sii.md
 * §7 for the response; issue #7): a batch makes the ledger, the service submits it, the worker sends
 * it to the memory AEAT, stores the response, answers the ledger and settles every report — with
 * retries, giving up, tenancy and crash and resume.
 */
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../src/errors/ApiError.js';
import { LedgerSchema } from '../../src/model/ledger.js';
import type { Job, Ports } from '../../src/ports.js';
import { LEDGER_SUBMISSION_JOB, ledgerSubmissionHandler } from '../../src/service/ledgers.js';
import { parseSiiResponse } from '../../src/sii/import/response.js';
import { ACCOUNT, engines, OTHER_ACCOUNT } from '../support/engines.js';
import { hasShared } from '../support/shared.js';
import { expedidaF1 } from '../support/siiReports.js';
import { formatXsdErrors, validateXml } from '../support/xsd.js';

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, param: error.param };
    throw error;
  }
  throw new Error('expected an ApiError');
}

/** The invoice number of record `i` of {@link ledgerOf}. */
const invoice = (i: number) => `L-${String(i).padStart(4, '0')}`;

/**
 * Engines with one pending Expedida ledger of `n` reports, made by a tax report batch as a host
 * would make it (spec §4.1).
 */
async function ledgerOf(n = 3) {
  const { ports, fiscalkit } = await engines();
  const tax_reports = Array.from({ length: n }, (_, i) => ({ ...expedidaF1(), invoice_number: invoice(i) }));
  await fiscalkit.taxReportBatches.create(ACCOUNT, { tax_reports });
  await fiscalkit.worker.drain();
  const ledgers = await ports.store.ledgers.list(ACCOUNT, { offset: 0, limit: 10 });
  const [ledger] = ledgers.items;
  if (ledgers.total_count !== 1 || ledger === undefined) throw new Error('the batch made no single ledger');
  expect(ledger.value.state).toBe('pending');
  expect(ledger.value.tax_report_ids).toHaveLength(n);
  return { ports, fiscalkit, ledger_id: ledger.value.id, report_ids: ledger.value.tax_report_ids };
}

/** The state of every report of the ledger, in ledger order. */
async function reportStates(ports: Ports, ids: readonly number[]) {
  return Promise.all(ids.map(async (id) => (await ports.store.taxReports.get(ACCOUNT, id))?.value.state));
}

/** The `tax_report.state_change` events of the account, as `[report id, state]`. */
async function stateChanges(ports: Ports) {
  const events = await ports.events.list(ACCOUNT, { offset: 0, limit: 500 });
  return events.items.flatMap((event) =>
    event.code === 'tax_report.state_change' ? [[event.data.tax_report_id, event.data.state]] : [],
  );
}

/** Wraps `store.{repository}.{method}` so that its `at`-th call (1-based) throws, once. */
function crashOnce(
  ports: Ports,
  repository: 'taxReports' | 'ledgers' | 'ledgerResponses',
  method: 'update' | 'insert',
  at: number,
) {
  const target = ports.store[repository] as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const original = target[method]?.bind(target);
  if (original === undefined) throw new Error(`no ${repository}.${method}`);
  let calls = 0;
  target[method] = async (...args: unknown[]) => {
    calls += 1;
    if (calls === at) throw new Error(`injected crash in ${repository}.${method} (call ${String(at)})`);
    return original(...args);
  };
}

describe('submitting a ledger (spec §4.2)', () => {
  it('submit → the worker sends it: accepted with a CSV, every report registered, one event each', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(3);
    const submitted = await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    expect(submitted).toMatchObject({ id: ledger_id, state: 'pending', sent_at: null });
    await expect(rejection(fiscalkit.ledgers.downloadResponse(ACCOUNT, ledger_id))).resolves.toEqual({
      code: 'resource_missing',
      status: 404,
      param: 'id',
    });

    await fiscalkit.worker.drain();
    const ledger = await fiscalkit.ledgers.get(ACCOUNT, ledger_id);
    expect(LedgerSchema.safeParse(ledger).success).toBe(true);
    expect(ledger).toMatchObject({ state: 'accepted', sent_at: '2026-04-20T10:40:00.000Z' });
    expect(ledger.csv).toMatch(/^MEM\d{13}$/);
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'registered', 'registered']);

    // The response as received, readable, and the one the ledger's CSV comes from.
    const response = parseSiiResponse(await fiscalkit.ledgers.downloadResponse(ACCOUNT, ledger_id));
    expect(response.success).toBe(true);
    if (!response.success) return;
    expect(response.data).toMatchObject({
      submission_status: 'Correcto',
      csv: ledger.csv,
      book_type: 'Expedida',
    });
    expect(response.data.records.map((record) => record.invoice_number)).toEqual([0, 1, 2].map(invoice));

    // The download is the message AEAT received and accepted, once.
    const xml = await fiscalkit.ledgers.download(ACCOUNT, ledger_id);
    expect(ports.taxAuthority.submissions).toEqual([{ ledger_id, xml }]);
    expect(xml).toMatch(/<siiLR:SuministroLRFacturasEmitidas /);

    expect(await stateChanges(ports)).toEqual(report_ids.map((id) => [id, 'registered']));
  });

  it.skipIf(!hasShared)('the download is valid against the official XSD (SuministroLR.xsd)', async () => {
    const { fiscalkit, ledger_id } = await ledgerOf(3);
    const result = validateXml('sii', await fiscalkit.ledgers.download(ACCOUNT, ledger_id));
    expect(result.valid, formatXsdErrors(result)).toBe(true);
  });

  it('one rejected record: partially_accepted, that report error, the others registered', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(3);
    ports.taxAuthority.rejectInvoice(invoice(1));
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    const ledger = await fiscalkit.ledgers.get(ACCOUNT, ledger_id);
    expect(ledger.state).toBe('partially_accepted');
    expect(ledger.csv).not.toBeNull();
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'error', 'registered']);
    expect(await stateChanges(ports)).toEqual([
      [report_ids[0], 'registered'],
      [report_ids[1], 'error'],
      [report_ids[2], 'registered'],
    ]);
  });

  it('every record rejected: rejected, no CSV, every report error', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    ports.taxAuthority.rejectRecords(() => true);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    const ledger = await fiscalkit.ledgers.get(ACCOUNT, ledger_id);
    expect(ledger).toMatchObject({ state: 'rejected', csv: null });
    expect(LedgerSchema.safeParse(ledger).success).toBe(true);
    expect(await reportStates(ports, report_ids)).toEqual(['error', 'error']);
    const response = parseSiiResponse(await fiscalkit.ledgers.downloadResponse(ACCOUNT, ledger_id));
    expect(response.success && response.data.records.map((record) => record.error_code)).toEqual([
      1117, 1117,
    ]);
  });

  it('matches response lines to reports by IDFactura, whatever order AEAT answers them in', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(3);
    ports.taxAuthority.rejectInvoice(invoice(0));
    const submit = ports.taxAuthority.submit.bind(ports.taxAuthority);
    ports.taxAuthority.submit = async (submission) => {
      const { xml } = await submit(submission);
      const lines = xml.match(/<siiR:RespuestaLinea>[\s\S]*?<\/siiR:RespuestaLinea>\s*/g) ?? [];
      expect(lines).toHaveLength(3);
      const first = xml.indexOf(lines[0] ?? '');
      const end = first + lines.join('').length;
      return { xml: `${xml.slice(0, first)}${[...lines].reverse().join('')}${xml.slice(end)}` };
    };
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    const response = parseSiiResponse(await fiscalkit.ledgers.downloadResponse(ACCOUNT, ledger_id));
    expect(response.success && response.data.records.map((record) => record.invoice_number)).toEqual(
      [2, 1, 0].map(invoice),
    );
    expect(await reportStates(ports, report_ids)).toEqual(['error', 'registered', 'registered']);
  });

  it('submitting twice before the worker runs enqueues one job: AEAT receives one submission', async () => {
    const { ports, fiscalkit, ledger_id } = await ledgerOf(2);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    expect(await fiscalkit.worker.drain()).toBe(1);
    expect(ports.taxAuthority.submissions).toHaveLength(1);
  });

  it('a second job of another ledger version leaves the ledger to the job that sent it', async () => {
    const { ports, fiscalkit, ledger_id } = await ledgerOf(2);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    // The ledger changes while pending (a batch attaching reports would), and is submitted again.
    const stored = await ports.store.ledgers.get(ACCOUNT, ledger_id);
    if (stored === null) throw new Error('no ledger');
    await ports.store.ledgers.update(stored.value, stored.version);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    // The first job fails after sending, so the second finds the ledger sent on its first attempt.
    ports.taxAuthority.failNext(1);
    expect(await fiscalkit.worker.drain()).toBe(2);
    expect(ports.taxAuthority.submissions).toHaveLength(1);
    ports.clock.advance(5_000);
    await fiscalkit.worker.drain();
    expect(ports.taxAuthority.submissions).toHaveLength(2);
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('accepted');
  });
});

describe('retries and giving up', () => {
  it('retries a transport failure with backoff (5 s, then 10 s) and then succeeds', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    ports.taxAuthority.failNext(2);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    expect(await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).toMatchObject({ state: 'sent', csv: null });
    ports.clock.advance(4_999);
    expect(await fiscalkit.worker.drain()).toBe(0);
    ports.clock.advance(1);
    expect(await fiscalkit.worker.drain()).toBe(1);
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('sent');
    ports.clock.advance(9_999);
    expect(await fiscalkit.worker.drain()).toBe(0);
    ports.clock.advance(1);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('accepted');
    expect(ports.taxAuthority.submissions).toHaveLength(3);
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'registered']);
    expect(await stateChanges(ports)).toHaveLength(2);
  });

  it('after 6 failed attempts the ledger is pending again, and can be submitted again', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    ports.taxAuthority.failNext(6);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    for (let i = 0; i < 10; i += 1) {
      await fiscalkit.worker.drain();
      ports.clock.advance(600_000);
    }
    expect(ports.taxAuthority.submissions).toHaveLength(6);
    const given = await fiscalkit.ledgers.get(ACCOUNT, ledger_id);
    expect(given).toMatchObject({ state: 'pending', sent_at: null, csv: null });
    expect(LedgerSchema.safeParse(given).success).toBe(true);
    expect(await reportStates(ports, report_ids)).toEqual(['processing', 'processing']);
    expect(await stateChanges(ports)).toEqual([]);

    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('accepted');
    expect(ports.taxAuthority.submissions).toHaveLength(7);
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'registered']);
  });

  it('a failure that retrying cannot cure gives up at once: pending again', async () => {
    const { ports, fiscalkit, ledger_id } = await ledgerOf(1);
    ports.taxAuthority.failNext(1, false);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('pending');
    expect(ports.taxAuthority.submissions).toHaveLength(1);
  });

  it('an unreadable response is not stored and the ledger is pending again', async () => {
    const { ports, fiscalkit, ledger_id } = await ledgerOf(1);
    ports.taxAuthority.submit = async () => ({ xml: '<html>Service Unavailable</html>' });
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('pending');
    expect(await ports.store.ledgerResponses.get(ACCOUNT, ledger_id)).toBeNull();
  });
});

describe('refusals and tenancy', () => {
  it('409 conflict for a ledger that is not pending, or holds no report', async () => {
    const { ports, fiscalkit, ledger_id } = await ledgerOf(1);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    expect(await rejection(fiscalkit.ledgers.submit(ACCOUNT, ledger_id))).toEqual({
      code: 'conflict',
      status: 409,
      param: null,
    });
    const empty = await ports.store.ledgers.insert({
      ...(await fiscalkit.ledgers.get(ACCOUNT, ledger_id)),
      id: 999,
      state: 'pending',
      tax_report_ids: [],
      csv: null,
      sent_at: null,
    });
    expect(await rejection(fiscalkit.ledgers.submit(ACCOUNT, empty.value.id))).toMatchObject({
      code: 'conflict',
      status: 409,
    });
    expect(await rejection(fiscalkit.ledgers.download(ACCOUNT, empty.value.id))).toMatchObject({
      code: 'conflict',
    });
  });

  it('another tenant (or an unknown id) sees resource_missing at id', async () => {
    const { fiscalkit, ledger_id } = await ledgerOf(1);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    const missing = { code: 'resource_missing', status: 404, param: 'id' };
    for (const call of [
      fiscalkit.ledgers.submit(OTHER_ACCOUNT, ledger_id),
      fiscalkit.ledgers.get(OTHER_ACCOUNT, ledger_id),
      fiscalkit.ledgers.download(OTHER_ACCOUNT, ledger_id),
      fiscalkit.ledgers.downloadResponse(OTHER_ACCOUNT, ledger_id),
      fiscalkit.ledgers.get(ACCOUNT, 12_345),
    ])
      expect(await rejection(call)).toEqual(missing);
  });

  it('409 conflict on download when the account cannot be the SII titular any more', async () => {
    const { ports, fiscalkit, ledger_id } = await ledgerOf(1);
    const account = await ports.store.accounts.get(ACCOUNT, ACCOUNT);
    if (account === null) throw new Error('no account');
    await ports.store.accounts.update({ ...account.value, tin_value: null }, account.version);
    expect(await rejection(fiscalkit.ledgers.download(ACCOUNT, ledger_id))).toMatchObject({
      code: 'conflict',
      status: 409,
    });
  });
});

describe('crash and resume (issue #7)', () => {
  it('a report update that crashes once: after the retry every report has its state, AEAT got one submission', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(4);
    ports.taxAuthority.rejectInvoice(invoice(2));
    crashOnce(ports, 'taxReports', 'update', 2);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    // The ledger is answered; the second report's update crashed, so the job runs again later.
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('partially_accepted');
    expect(await reportStates(ports, report_ids)).toEqual([
      'registered',
      'processing',
      'processing',
      'processing',
    ]);
    ports.clock.advance(5_000);
    await fiscalkit.worker.drain();
    expect(await reportStates(ports, report_ids)).toEqual([
      'registered',
      'registered',
      'error',
      'registered',
    ]);
    expect(ports.taxAuthority.submissions).toHaveLength(1);
    expect(await stateChanges(ports)).toEqual([
      [report_ids[0], 'registered'],
      [report_ids[1], 'registered'],
      [report_ids[2], 'error'],
      [report_ids[3], 'registered'],
    ]);
    expect(await submissionJobs(ports)).toEqual([{ status: 'done', attempts: 2 }]);
  });

  it('a crash after the response is stored but before the ledger is answered reuses the stored response', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    crashOnce(ports, 'ledgers', 'update', 2); // 1: send, 2: answered
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('sent');
    ports.clock.advance(5_000);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('accepted');
    expect(ports.taxAuthority.submissions).toHaveLength(1);
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'registered']);
    expect(await stateChanges(ports)).toHaveLength(2);
  });

  it('a crash before the response is stored submits again (at least once towards AEAT)', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    crashOnce(ports, 'ledgerResponses', 'insert', 1);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    ports.clock.advance(5_000);
    await fiscalkit.worker.drain();
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('accepted');
    expect(ports.taxAuthority.submissions).toHaveLength(2);
    expect(ports.taxAuthority.submissions[1]?.xml).toBe(ports.taxAuthority.submissions[0]?.xml);
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'registered']);
  });

  it('a job that gives up with the response stored completes the ledger instead of unsending it', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    // The `answered` write fails in all six runs; the seventh try, while giving up, succeeds.
    const update = ports.store.ledgers.update.bind(ports.store.ledgers);
    let answers = 0;
    ports.store.ledgers.update = async (value, version) => {
      if (value.state !== 'sent' && value.state !== 'pending') {
        answers += 1;
        if (answers <= 6) throw new Error('store down');
      }
      return update(value, version);
    };
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    for (let i = 0; i < 8; i += 1) {
      await fiscalkit.worker.drain();
      ports.clock.advance(600_000);
    }
    expect(answers).toBe(7);
    expect((await fiscalkit.ledgers.get(ACCOUNT, ledger_id)).state).toBe('accepted');
    expect(ports.taxAuthority.submissions).toHaveLength(1);
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'registered']);
    expect(await submissionJobs(ports)).toEqual([{ status: 'dead', attempts: 6 }]);
  });
});

describe('the events of the states the job sets (issue #24 item 4)', () => {
  /**
   * Per report, the stored state and version, and the state and version of its highest-version
   * `tax_report.state_change`: what a receiver applying events by version ends with.
   */
  async function lastStates(ports: Ports, ids: readonly number[]) {
    const events = (await ports.events.list(ACCOUNT, { offset: 0, limit: 500 })).items;
    return Promise.all(
      ids.map(async (id) => {
        const stored = await ports.store.taxReports.get(ACCOUNT, id);
        const mine = events.flatMap((event) =>
          event.code === 'tax_report.state_change' && event.data.tax_report_id === id ? [event.data] : [],
        );
        const last = mine.reduce((a, b) => ((b.version ?? 0) > (a.version ?? 0) ? b : a));
        return {
          stored: [stored?.value.state, stored?.version],
          event: [last.state, last.version],
        };
      }),
    );
  }

  it('a re-run of the job after a later change of a report writes the state it sets again with an event of that version', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    const job = await submissionJob(ports);
    const handler = ledgerSubmissionHandler(ports, fiscalkit.publisher);
    const renew = async () => {};
    // A re-run with nothing changed finds every state set and its event stored: no new event.
    const settled = await stateChanges(ports);
    await handler.run(job, { renew });
    expect(await stateChanges(ports)).toEqual(settled);
    for (const last of await lastStates(ports, report_ids)) expect(last.event).toEqual(last.stored);
    // A report annulled meanwhile (a newer version), then the job runs again (a lease taken over).
    await ports.store.accountGroups.insert({ id: ACCOUNT, group_id: 1 });
    const [annulled] = report_ids as [number];
    await fiscalkit.taxReports.annul({ group_id: 1, api_version: '2026-04-20' }, annulled);
    await handler.run(job, { renew });
    // Whatever the re-run did, the highest-version event of every report is its stored state.
    for (const last of await lastStates(ports, report_ids)) expect(last.event).toEqual(last.stored);
  });
});

/** The status and attempts of every ledger submission job (the queue's ids are 1, 2, 3…). */
async function submissionJobs(ports: Ports) {
  const jobs = [];
  for (let id = 1; ; id += 1) {
    const job = await ports.jobs.get(id);
    if (job === null) return jobs;
    if (job.kind === LEDGER_SUBMISSION_JOB) jobs.push({ status: job.status, attempts: job.attempts });
  }
}

/** The first ledger submission job itself. */
async function submissionJob(ports: Ports): Promise<Job> {
  for (let id = 1; ; id += 1) {
    const job = await ports.jobs.get(id);
    if (job === null) throw new Error('no ledger submission job');
    if (job.kind === LEDGER_SUBMISSION_JOB) return job;
  }
}

describe('a re-run of an answered ledger’s job never takes a report back (issue #18 item 16)', () => {
  const caller = { group_id: 1, api_version: '2026-04-20' } as const;

  it('a report annulled after AEAT refused it stays annulled (it used to go back to error)', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    ports.taxAuthority.rejectInvoice(invoice(1));
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'error']);
    await ports.store.accountGroups.insert({ id: ACCOUNT, group_id: 1 });
    await fiscalkit.taxReports.annul(caller, report_ids[1] as number);
    const events = await stateChanges(ports);
    await ledgerSubmissionHandler(ports, fiscalkit.publisher).run(await submissionJob(ports), {
      renew: async () => {},
    });
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'annulled']);
    expect(await stateChanges(ports)).toEqual(events);
  });

  it('a registered report annulled at AEAT (its baja accepted) stays annulled, not registered', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    const job = await submissionJob(ports);
    await ports.store.accountGroups.insert({ id: ACCOUNT, group_id: 1 });
    const [annulled] = report_ids as [number];
    expect((await fiscalkit.taxReports.annul(caller, annulled)).state).toBe('registered');
    const ledgers = (await ports.store.ledgers.list(ACCOUNT, { offset: 0, limit: 10 })).items;
    const baja = ledgers.find((ledger) => ledger.value.kind === 'baja');
    expect(baja?.value).toMatchObject({ state: 'pending', tax_report_ids: [annulled] });
    await fiscalkit.ledgers.submit(ACCOUNT, baja?.value.id as number);
    await fiscalkit.worker.drain();
    expect(await reportStates(ports, report_ids)).toEqual(['annulled', 'registered']);
    const events = await stateChanges(ports);
    await ledgerSubmissionHandler(ports, fiscalkit.publisher).run(job, { renew: async () => {} });
    expect(await reportStates(ports, report_ids)).toEqual(['annulled', 'registered']);
    expect(await stateChanges(ports)).toEqual(events);
  });

  it('a refused report corrected and sent again stays processing in its new ledger', async () => {
    const { ports, fiscalkit, ledger_id, report_ids } = await ledgerOf(2);
    ports.taxAuthority.rejectInvoice(invoice(1));
    await fiscalkit.ledgers.submit(ACCOUNT, ledger_id);
    await fiscalkit.worker.drain();
    const job = await submissionJob(ports);
    await ports.store.accountGroups.insert({ id: ACCOUNT, group_id: 1 });
    const corrected = report_ids[1] as number;
    await fiscalkit.taxReports.update(caller, corrected, { description: 'Corrected' });
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'processing']);
    await ledgerSubmissionHandler(ports, fiscalkit.publisher).run(job, { renew: async () => {} });
    expect(await reportStates(ports, report_ids)).toEqual(['registered', 'processing']);
  });
});
