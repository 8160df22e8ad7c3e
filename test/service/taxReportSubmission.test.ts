/**
 * Tax reports that progress (issue #23): the reports made on send (`taxReportsOnSend`, idempotent),
 * their submission by the `tax_report_submission` job — SII through its ledger to the memory AEAT,
 * KSeF through a `KsefTransport` double polled by `ksef_status` — the authority's answers on the
 * report (`state`, `authority`), the `tax_report.state_change` events, and the annulment (baja).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryPorts } from '../../src/adapters/memory/index.js';
import type { MemoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import { isApiError } from '../../src/errors/ApiError.js';
import type { Invoice } from '../../src/model/invoice.js';
import { TaxReportSchema } from '../../src/model/taxReport.js';
import type { KsefStatus, KsefSubmission, KsefTransport } from '../../src/ports.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { taxReportsOnSend } from '../../src/service/taxReportOnSend.js';
import { KSEF_STATUS_JOB, TAX_REPORT_SUBMISSION_JOB } from '../../src/service/taxReportSubmission.js';
import {
  callerOf,
  ES_ACCOUNT,
  KSEF_INVOICE,
  PL_ACCOUNT,
  SII_INVOICE,
  seedWorld,
} from '../support/taxReportWorld.js';

const caller = callerOf(1);
const deps = () => ({ publisher: fiscalkit.publisher, base_url: 'https://api.example.test' });

let ports: MemoryPorts;
let fiscalkit: Fiscalkit;

beforeEach(async () => {
  ports = memoryPorts();
  await seedWorld(ports);
  fiscalkit = createFiscalkit(ports, { base_url: 'https://api.example.test' });
});

/** A KSeF double: answers `submit` with the first status, then each `status` with the next ones. */
function ksefDouble(statuses: KsefStatus[]) {
  const submissions: KsefSubmission[] = [];
  const polls: string[] = [];
  let next = 0;
  const take = (): KsefStatus => {
    const status = statuses[Math.min(next, statuses.length - 1)];
    next += 1;
    if (status === undefined) throw new Error('no status scripted');
    return status;
  };
  const transport: KsefTransport = {
    async submit(submission) {
      submissions.push(submission);
      return take();
    },
    async status(_submission, reference) {
      polls.push(reference);
      return take();
    },
  };
  return { transport, submissions, polls };
}

const pending = (code = 150): KsefStatus => ({
  state: 'pending',
  reference: '20260420-EE-0000000001-AB',
  code,
  description: 'Trwa przetwarzanie',
});

/** Drains the worker, advancing the manual clock past every backoff, until no job is left due. */
async function settle(rounds = 40): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await fiscalkit.worker.drain();
    ports.clock.advance(600_000); // money-safe: milliseconds, past the longest backoff
  }
  await fiscalkit.worker.drain();
}

async function invoice(account_id: number, id: number): Promise<Invoice> {
  const stored = await ports.store.invoices.get(account_id, id);
  if (stored === null) throw new Error(`no invoice ${String(id)}`);
  return stored.value;
}

async function report(account_id: number, id: number) {
  const stored = await ports.store.taxReports.get(account_id, id);
  if (stored === null) throw new Error(`no tax report ${String(id)}`);
  return stored.value;
}

/** The account's `tax_report.state_change` events as `[report id, state]`. */
async function stateChanges(account_id: number) {
  const events = await ports.events.list(account_id, { offset: 0, limit: 500 });
  return events.items.flatMap((event) =>
    event.code === 'tax_report.state_change' ? [[event.data.tax_report_id, event.data.state]] : [],
  );
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
}

async function siiSetting(fields: Record<string, unknown> = {}) {
  await fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, {
    code: 'sii',
    start_date: '2026-01-01',
    ...fields,
  });
}

async function ksefSetting(fields: Record<string, unknown> = {}) {
  await fiscalkit.taxReportSettings.create(caller, PL_ACCOUNT, {
    code: 'ksef',
    start_date: '2026-01-01',
    ...fields,
  });
}

describe('taxReportsOnSend', () => {
  it('makes nothing without a setting, before start_date, or with auto_generate off', async () => {
    const sent = await invoice(ES_ACCOUNT, SII_INVOICE);
    expect(await taxReportsOnSend(ports, deps(), caller, sent)).toEqual([]);
    await fiscalkit.taxReportSettings.create(caller, ES_ACCOUNT, { code: 'sii', start_date: '2026-03-16' });
    expect(await taxReportsOnSend(ports, deps(), caller, sent)).toEqual([]); // invoice dated 2026-03-15
    await fiscalkit.taxReportSettings.update(caller, ES_ACCOUNT, 'sii', {
      start_date: '2026-03-15',
      auto_generate: false,
    });
    expect(await taxReportsOnSend(ports, deps(), caller, sent)).toEqual([]);
    expect((await ports.store.taxReports.list(ES_ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(0);
  });

  it('generates the SII record once, in its ledger, and answers the same id again', async () => {
    await siiSetting();
    const sent = await invoice(ES_ACCOUNT, SII_INVOICE);
    const ids = await taxReportsOnSend(ports, deps(), caller, sent);
    expect(ids).toHaveLength(1);
    expect(await taxReportsOnSend(ports, deps(), caller, sent)).toEqual(ids);
    const all = await ports.store.taxReports.list(ES_ACCOUNT, { offset: 0, limit: 10 });
    expect(all.items.map((item) => item.value.id)).toEqual(ids);
    expect(all.items[0]?.value).toMatchObject({
      type: 'SiiDocument',
      state: 'processing',
      invoice_id: SII_INVOICE,
    });
    // No auto_send: nothing queued, the record waits in its pending ledger.
    await settle(1);
    expect(ports.taxAuthority.submissions).toHaveLength(0);
  });

  it('concurrent calls make one report between them', async () => {
    await siiSetting();
    const sent = await invoice(ES_ACCOUNT, SII_INVOICE);
    const [a, b] = await Promise.all([
      taxReportsOnSend(ports, deps(), caller, sent),
      taxReportsOnSend(ports, deps(), caller, sent),
    ]);
    expect(a).toEqual(b);
    expect((await ports.store.taxReports.list(ES_ACCOUNT, { offset: 0, limit: 10 })).total_count).toBe(1);
  });

  it('the stored sii setting feeds the generate defaults (special_regime_key)', async () => {
    await siiSetting({ special_regime_key: '05' });
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(ES_ACCOUNT, SII_INVOICE));
    expect(await report(ES_ACCOUNT, id as number)).toMatchObject({ special_regime_key: '05' });
  });

  it('a Polish account with a ksef setting gets a Ksef report', async () => {
    await ksefSetting();
    const ids = await taxReportsOnSend(ports, deps(), caller, await invoice(PL_ACCOUNT, KSEF_INVOICE));
    expect(ids).toHaveLength(1);
    expect(await report(PL_ACCOUNT, ids[0] as number)).toMatchObject({ type: 'Ksef', state: 'processing' });
  });
});

describe('SII submission by the job', () => {
  it('auto_send: the record is sent with its ledger and registered, with one state change', async () => {
    await siiSetting({ auto_send: true });
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(ES_ACCOUNT, SII_INVOICE));
    // A repeated send queues nothing more.
    await taxReportsOnSend(ports, deps(), caller, await invoice(ES_ACCOUNT, SII_INVOICE));
    await settle(1);
    expect(ports.taxAuthority.submissions).toHaveLength(1);
    const registered = await report(ES_ACCOUNT, id as number);
    expect(registered.state).toBe('registered');
    expect(registered.authority).toMatchObject({ code: null, reference: expect.any(String) });
    expect(registered.authority?.csv).toMatch(/^MEM/);
    expect(TaxReportSchema.safeParse(registered).success).toBe(true);
    expect(await stateChanges(ES_ACCOUNT)).toEqual([[id, 'registered']]);
  });

  it('POST /tax_reports/{id}/submit → a rejected record ends in error with the AEAT code', async () => {
    await siiSetting();
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(ES_ACCOUNT, SII_INVOICE));
    const record = await report(ES_ACCOUNT, id as number);
    if (record.type !== 'SiiDocument') throw new Error('not SII');
    ports.taxAuthority.rejectInvoice(String(record.invoice_number), {
      code: 3000,
      description: 'Factura duplicada',
    });
    const answered = await fiscalkit.taxReportSubmissions.submit(caller, id as number);
    expect(answered.state).toBe('processing');
    await settle(1);
    const refused = await report(ES_ACCOUNT, id as number);
    expect(refused.state).toBe('error');
    expect(refused.authority).toMatchObject({ code: '3000', description: 'Factura duplicada' });
    expect(await stateChanges(ES_ACCOUNT)).toEqual([[id, 'error']]);
  });

  it('a retryable transport failure is retried, then registered', async () => {
    await siiSetting({ auto_send: true });
    ports.taxAuthority.failNext(2, true);
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(ES_ACCOUNT, SII_INVOICE));
    await fiscalkit.worker.drain();
    expect((await report(ES_ACCOUNT, id as number)).state).toBe('processing');
    await settle(5);
    expect(ports.taxAuthority.submissions).toHaveLength(3);
    expect((await report(ES_ACCOUNT, id as number)).state).toBe('registered');
  });

  it('an annulment is submitted through the same job (baja ledger) and ends annulled', async () => {
    await siiSetting({ auto_send: true });
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(ES_ACCOUNT, SII_INVOICE));
    await settle(1);
    expect((await report(ES_ACCOUNT, id as number)).state).toBe('registered');
    const asked = await fiscalkit.taxReports.annul(caller, id as number);
    expect(asked.state).toBe('registered'); // AEAT still holds the record
    await fiscalkit.taxReportSubmissions.submit(caller, id as number);
    await settle(1);
    expect(ports.taxAuthority.submissions).toHaveLength(2);
    expect(ports.taxAuthority.submissions[1]?.xml).toMatch(/BajaLRFacturasEmitidas/);
    expect((await report(ES_ACCOUNT, id as number)).state).toBe('annulled');
    expect(await stateChanges(ES_ACCOUNT)).toEqual([
      [id, 'registered'],
      [id, 'annulled'],
    ]);
  });

  it('a registered report is not submitted again (409)', async () => {
    await siiSetting({ auto_send: true });
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(ES_ACCOUNT, SII_INVOICE));
    await settle(1);
    expect(await rejection(fiscalkit.taxReportSubmissions.submit(caller, id as number))).toMatchObject({
      code: 'conflict',
      status: 409,
    });
  });
});

describe('KSeF submission by the job', () => {
  it('pending, then accepted → registered with the KSeF number and the UPO', async () => {
    const ksef = ksefDouble([
      pending(100),
      pending(150),
      {
        state: 'accepted',
        reference: pending().reference,
        code: 200,
        description: 'Sukces',
        ksef_number: '5265877635-20260420-0100A0B1C2D3-E4',
        upo: '<Potwierdzenie/>',
      },
    ]);
    ports.ksef = ksef.transport;
    await ksefSetting({ auto_send: true });
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(PL_ACCOUNT, KSEF_INVOICE));
    await fiscalkit.worker.drain();
    expect(ksef.submissions).toHaveLength(1);
    expect(ksef.submissions[0]).toMatchObject({ tax_report_id: id, account_id: PL_ACCOUNT });
    expect(ksef.submissions[0]?.xml).toMatch(/<Faktura/);
    expect(ksef.submissions[0]?.nip).toMatch(/^\d{10}$/);
    expect((await report(PL_ACCOUNT, id as number)).state).toBe('processing');
    await settle(5);
    expect(ksef.polls.length).toBe(2);
    const registered = await report(PL_ACCOUNT, id as number);
    expect(registered.state).toBe('registered');
    expect(registered.authority).toMatchObject({
      code: '200',
      ksef_number: '5265877635-20260420-0100A0B1C2D3-E4',
      upo: '<Potwierdzenie/>',
      reference: pending().reference,
    });
    expect(await stateChanges(PL_ACCOUNT)).toEqual([[id, 'registered']]);
    // KSeF has no annulment: a report KSeF accepted is neither annulled nor changed here.
    const annul = await rejection(fiscalkit.taxReports.annul(caller, id as number));
    expect(annul).toMatchObject({ code: 'conflict', status: 409 });
    expect(annul.message).toContain('KSeF has no annulment');
    expect(await rejection(fiscalkit.taxReports.update(caller, id as number, { notes: 'x' }))).toMatchObject({
      code: 'conflict',
    });
    expect((await report(PL_ACCOUNT, id as number)).state).toBe('registered');
  });

  it('rejected → error with KSeF code and description', async () => {
    const ksef = ksefDouble([
      pending(),
      {
        state: 'rejected',
        reference: pending().reference,
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: ['P_15 niezgodne'],
      },
    ]);
    ports.ksef = ksef.transport;
    await ksefSetting({ auto_send: true });
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(PL_ACCOUNT, KSEF_INVOICE));
    await settle(3);
    const refused = await report(PL_ACCOUNT, id as number);
    expect(refused.state).toBe('error');
    expect(refused.authority).toMatchObject({ code: '450', ksef_number: null });
    expect(refused.authority?.description).toContain('P_15 niezgodne');
    expect(await stateChanges(PL_ACCOUNT)).toEqual([[id, 'error']]);
  });

  it('without ports.ksef the route refuses 409 and nothing pretends to be sent', async () => {
    await ksefSetting();
    const [id] = await taxReportsOnSend(ports, deps(), caller, await invoice(PL_ACCOUNT, KSEF_INVOICE));
    const refused = await rejection(fiscalkit.taxReportSubmissions.submit(caller, id as number));
    expect(refused).toMatchObject({ code: 'conflict', status: 409 });
    expect(refused.message).toContain('KSeF is not configured on this server');
    expect((await report(PL_ACCOUNT, id as number)).state).toBe('processing');
  });

  it('job kinds are the documented ones', () => {
    expect([TAX_REPORT_SUBMISSION_JOB, KSEF_STATUS_JOB]).toEqual(['tax_report_submission', 'ksef_status']);
  });
});
