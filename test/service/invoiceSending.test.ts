/**
 * Sending invoices (issue #23, docs/sending.md): validate, send, the delivery job, idempotency, the
 * transport `none`, and import — on memoryPorts with a recording test channel.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/adapters/memory/clock.js';
import { type MemoryPorts, memoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import { postgresPorts } from '../../src/adapters/postgres/postgresPorts.js';
import { isApiError } from '../../src/errors/ApiError.js';
import { type DeliveryChannel, DeliveryError, type OutgoingDocument } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit, type Fiscalkit } from '../../src/service/fiscalkit.js';
import { invoiceSendHandler } from '../../src/service/invoiceSending/index.js';
import { DATABASE_URL, type PgTestContext, pgTestContext, suiteName } from '../adapters/postgres/support.js';
import { fatalFindings, HAS_JUDGE, judgeDocument, officialJudge } from '../support/einvoiceJudge.js';
import { storedAccount } from '../support/fixtures.js';

const CALLER: Caller = { group_id: 1, api_version: '2026-06-26' };

/** A channel that records what it is handed and fails on demand. */
class TestChannel implements DeliveryChannel {
  readonly sent: OutgoingDocument[] = [];
  readonly failures: DeliveryError[] = [];
  async send(document: OutgoingDocument) {
    const failure = this.failures.shift();
    if (failure !== undefined) throw failure;
    this.sent.push(document);
    return { message_id: `msg-${document.key}`, detail: 'accepted' };
  }
}

let ports: MemoryPorts;
let fiscalkit: Fiscalkit;
let peppol: TestChannel;

async function addAccount(id: number) {
  await ports.store.accounts.insert(storedAccount({ id }));
  await ports.store.accountGroups.insert({ id, group_id: 1 });
}

function body(contact: Record<string, unknown>, number = 'F-1'): Record<string, unknown> {
  return {
    number,
    date: '2026-04-20',
    buyer_reference: 'PO-77',
    contact: { name: 'Norte SA', country: 'ES', tin_scheme: '9920', tin_value: 'B76543214', ...contact },
    invoice_lines_attributes: [
      {
        description: 'Consulting',
        quantity: '10',
        price: '45.50',
        taxes_attributes: [{ name: 'IVA', percent: '21' }],
      },
    ],
  };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Runs the worker until nothing is due, moving the clock past any backoff. */
async function settle() {
  for (let round = 0; round < 20; round += 1) {
    await fiscalkit.worker.drain();
    ports.clock.advance(10 * 60 * 1000);
    if ((await fiscalkit.worker.drain()) === 0) return;
  }
}

beforeEach(async () => {
  ports = memoryPorts();
  peppol = new TestChannel();
  ports.channels = { peppol };
  fiscalkit = createFiscalkit(ports);
  await addAccount(1);
});

const toPeppol = { transport_type_code: 'peppol' };

describe('validate', () => {
  it('a Peppol invoice with a channel is valid; without the channel the rule says so', async () => {
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol));
    const valid = await fiscalkit.invoiceSending.validate(CALLER, invoice.id);
    expect(valid).toMatchObject({
      valid: true,
      errors: [],
      transport_type_code: 'peppol',
      document_type_code: 'xml.ubl.invoice.bis3',
    });
    const email = await fiscalkit.invoices.create(
      CALLER,
      1,
      body({ name: 'Sur SL', tin_value: 'A58818501', email: 'ap@sur.example' }, 'F-2'),
    );
    const invalid = await fiscalkit.invoiceSending.validate(CALLER, email.id);
    expect(invalid.valid).toBe(false);
    expect(invalid.errors.map((error) => error.rule)).toContain('fiscalkit.send.channel-unavailable');
    expect(invalid.errors[0]?.message).toContain('e-mail delivery is not configured on this server');
    const refused = await failure(fiscalkit.invoiceSending.send(CALLER, email.id));
    expect(refused).toMatchObject({ status: 422, rule: 'fiscalkit.send.channel-unavailable' });
    expect((await fiscalkit.invoices.get(CALLER, email.id)).state).toBe('new');
  });
});

describe('send', () => {
  it('new → sending → sent with one delivery; a second send sends nothing more', async () => {
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol));
    const sent = await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    expect(sent.invoice.state).toBe('sending');
    expect(sent.tax_report_ids).toEqual([]);
    const again = await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    expect(again.invoice.state).toBe('sending');
    await settle();
    expect((await fiscalkit.invoices.get(CALLER, invoice.id)).state).toBe('sent');
    expect(peppol.sent).toHaveLength(1);
    expect(peppol.sent[0]?.peppol?.process_id).toContain('poacc:billing:01:1.0');
    await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    await settle();
    expect(peppol.sent).toHaveLength(1);
    const log = await fiscalkit.invoiceSending.deliveries(CALLER, invoice.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      status: 'delivered',
      transport: 'peppol',
      message_id: `msg-${log[0]?.key}`,
    });
    const codes = (await ports.events.list(1, { offset: 0, limit: 100 })).items
      .filter((event) => event.code === 'issued_invoice.state_change')
      .map((event) => (event.data as { state: string }).state);
    expect(codes).toEqual(['sending', 'sent']);
    // Delivered and sent: it can be deleted (the official `invoices.php` does), and its delivery log stays.
    await fiscalkit.invoices.remove(CALLER, invoice.id);
    const kept = await ports.store.invoiceDeliveries.find(
      1,
      { invoice_id: invoice.id },
      { offset: 0, limit: 10 },
    );
    expect(kept.items.map(({ value }) => value.status)).toEqual(['delivered']);
  });

  it.skipIf(!HAS_JUDGE)('the delivered document is schema- and rule-valid', async () => {
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol));
    await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    await settle();
    const document = peppol.sent[0];
    expect(document).toBeDefined();
    // With the official validator wired, validation judges the document it would send: no findings.
    ports.einvoice = await officialJudge();
    const other = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol, 'F-9'));
    expect(await fiscalkit.invoiceSending.validate(CALLER, other.id)).toMatchObject({
      valid: true,
      errors: [],
    });
    expect(fatalFindings(await judgeDocument(document?.content ?? new Uint8Array()))).toEqual([]);
  });

  it('a re-run of the job after the delivery was recorded sends nothing again (a crash after the channel)', async () => {
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol));
    await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    await settle();
    const [delivery] = await fiscalkit.invoiceSending.deliveries(CALLER, invoice.id);
    const handler = invoiceSendHandler(ports, {
      publisher: fiscalkit.publisher,
      base_url: 'http://localhost',
    });
    const job = {
      id: 999,
      kind: 'invoice_send',
      payload: { account_id: 1, invoice_id: invoice.id, key: delivery?.key ?? '' },
      key: null,
      status: 'leased' as const,
      attempts: 2,
      run_at: 0,
      last_error: null,
    };
    await handler.run(job, { renew: async () => {} });
    expect(peppol.sent).toHaveLength(1);
    expect((await fiscalkit.invoices.get(CALLER, invoice.id)).state).toBe('sent');
  });

  it('an Idempotency-Key replay answers the stored answer, even after the invoice moved on', async () => {
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol));
    const first = await fiscalkit.invoiceSending.send(CALLER, invoice.id, { idempotency_key: 'k-1' });
    await settle();
    const replay = await fiscalkit.invoiceSending.send(CALLER, invoice.id, { idempotency_key: 'k-1' });
    expect(JSON.stringify(replay)).toBe(JSON.stringify(first));
    expect(replay.invoice.state).toBe('sending');
    expect(peppol.sent).toHaveLength(1);
  });

  it('a retryable failure is retried and then delivered, each attempt recorded', async () => {
    peppol.failures.push(new DeliveryError('access point answered 503', true, '503'));
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol));
    await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    await settle();
    expect((await fiscalkit.invoices.get(CALLER, invoice.id)).state).toBe('sent');
    const [delivery] = await fiscalkit.invoiceSending.deliveries(CALLER, invoice.id);
    expect(delivery?.attempts.map((attempt) => attempt.error)).toEqual(['access point answered 503', null]);
  });

  it('a permanent failure ends in error with the channel message as state_reason', async () => {
    peppol.failures.push(new DeliveryError('unknown participant 9920:B76543214', false));
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol));
    await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    await settle();
    const stored = await fiscalkit.invoices.get(CALLER, invoice.id);
    expect(stored).toMatchObject({ state: 'error', state_reason: 'unknown participant 9920:B76543214' });
    const [delivery] = await fiscalkit.invoiceSending.deliveries(CALLER, invoice.id);
    expect(delivery).toMatchObject({ status: 'failed', detail: 'unknown participant 9920:B76543214' });
    expect(peppol.sent).toHaveLength(0);
    // Sent again after the error: a second delivery, which succeeds.
    await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    await settle();
    expect((await fiscalkit.invoices.get(CALLER, invoice.id)).state).toBe('sent');
    expect(peppol.sent).toHaveLength(1);
  });

  it('transport none without a tax report: error, nothing sent, answered 200; deletable', async () => {
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body({}));
    const sent = await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    expect(sent.invoice).toMatchObject({ state: 'error' });
    expect(sent.invoice.state_reason).toContain('nothing to send');
    await fiscalkit.invoices.markAs(CALLER, invoice.id, { state: 'sent' });
    expect((await fiscalkit.invoices.remove(CALLER, invoice.id)).id).toBe(invoice.id);
  });

  it('transport none with the account SII setting: the report is generated, the invoice issued', async () => {
    await ports.store.taxReportSettings.insert({
      id: 500,
      account_id: 1,
      code: 'sii',
      start_date: '2026-01-01',
      auto_generate: true,
      auto_send: false,
      special_regime_key: null,
      reason_vat_exempt: null,
      reason_no_subject: null,
      credit_note_code: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const invoice = await fiscalkit.invoices.create(CALLER, 1, body({}));
    const sent = await fiscalkit.invoiceSending.send(CALLER, invoice.id);
    expect(sent.invoice.state).toBe('issued');
    expect(sent.tax_report_ids).toHaveLength(1);
    expect(sent.invoice.tax_report_ids).toEqual(sent.tax_report_ids);
    // Sent again: the same report, no second one, no change.
    expect(await fiscalkit.invoiceSending.send(CALLER, invoice.id)).toEqual(sent);
    expect(peppol.sent).toHaveLength(0);
  });

  it('a received invoice is refused with 409', async () => {
    const received = await fiscalkit.invoices.create(CALLER, 1, { ...body({}), type: 'ReceivedInvoice' });
    expect(await failure(fiscalkit.invoiceSending.send(CALLER, received.id))).toMatchObject({ status: 409 });
  });
});

describe('import', () => {
  it('JSON with send_after_import creates and sends', async () => {
    const imported = await fiscalkit.invoiceSending.import(CALLER, 1, {
      kind: 'invoice',
      invoice: body(toPeppol, 'IMP-1'),
      send_after_import: true,
    });
    expect(imported.invoice.state).toBe('sending');
    await settle();
    expect(peppol.sent.map((document) => document.invoice_number)).toEqual(['IMP-1']);
  });

  it('a UBL document written from one account is imported into another and sent', async () => {
    const source = await fiscalkit.invoices.create(CALLER, 1, body(toPeppol, 'UBL-1'));
    const ubl = await fiscalkit.invoiceDocuments.render(CALLER, source.id, 'xml.ubl.invoice.bis3');
    await addAccount(2);
    const stored = await ports.store.accounts.get(2, 2);
    if (stored === null) throw new Error('account 2 is not stored');
    await ports.store.accounts.update({ ...stored.value, transport_type_code: 'peppol' }, stored.version);
    const imported = await fiscalkit.invoiceSending.import(CALLER, 2, {
      kind: 'document',
      content: ubl.body,
      send_after_import: true,
    });
    expect(imported.send_error).toBeUndefined();
    expect(imported.invoice).toMatchObject({ number: 'UBL-1', state: 'sending', total: source.total });
    await settle();
    expect(peppol.sent.map((document) => [document.account_id, document.invoice_number])).toEqual([
      [2, 'UBL-1'],
    ]);
  });

  it('a DOCTYPE is refused', async () => {
    const refused = await failure(
      fiscalkit.invoiceSending.import(CALLER, 1, {
        kind: 'document',
        content: new TextEncoder().encode('<!DOCTYPE x [<!ENTITY e "x">]><Invoice/>'),
        send_after_import: false,
      }),
    );
    expect(refused.status).toBe(422);
  });
});

describe.skipIf(DATABASE_URL === undefined)(suiteName('sending on PostgreSQL'), () => {
  let context: PgTestContext;
  beforeAll(async () => {
    context = await pgTestContext();
  });
  afterAll(() => context?.cleanup());

  it('send, a failed attempt, a retry, delivered once; the keyed replay answers the same', async () => {
    const clock = manualClock(Date.UTC(2026, 3, 20, 10, 40));
    const pgPorts = postgresPorts({ pool: context.pool, clock });
    const channel = new TestChannel();
    channel.failures.push(new DeliveryError('access point answered 503', true, '503'));
    pgPorts.channels = { peppol: channel };
    const service = createFiscalkit(pgPorts);
    await pgPorts.store.accounts.insert(storedAccount({ id: 1 }));
    await pgPorts.store.accountGroups.insert({ id: 1, group_id: 1 });
    const invoice = await service.invoices.create(CALLER, 1, body(toPeppol));
    const first = await service.invoiceSending.send(CALLER, invoice.id, { idempotency_key: 'pg-1' });
    expect(first.invoice.state).toBe('sending');
    for (let round = 0; round < 5; round += 1) {
      await service.worker.drain();
      clock.advance(10 * 60 * 1000); // money-safe: ten minutes in milliseconds
    }
    expect((await service.invoices.get(CALLER, invoice.id)).state).toBe('sent');
    expect(channel.sent).toHaveLength(1);
    const [delivery] = await service.invoiceSending.deliveries(CALLER, invoice.id);
    expect(delivery).toMatchObject({ status: 'delivered', request_key: 'pg-1' });
    expect(delivery?.attempts).toHaveLength(2);
    const replay = await service.invoiceSending.send(CALLER, invoice.id, { idempotency_key: 'pg-1' });
    expect(JSON.stringify(replay)).toBe(JSON.stringify(first));
  });
});
