/**
 * Issue #23's kill test: "Killing the server mid-send (SIGKILL, PostgreSQL) loses and doubles nothing".
 *
 * The real server process (`examples/http/server.ts`, the `npm start` wiring of
 * examples/http/outsideWorld.ts: the sandbox Peppol access point and the sandbox AEAT SII simulator)
 * serves one PostgreSQL schema with a 2 s job lease. Over HTTP: a Spanish account with an `sii` tax
 * report setting (`auto_generate` + `auto_send`), a Peppol contact and {@link N} invoices, all sent
 * (every third with an `Idempotency-Key`). While the sends are still arriving and the worker has
 * delivered some but not all of them to the Peppol outbox, the server is SIGKILLed. A second server
 * starts on the same schema; the client retries the sends that got no answer (with their keys, as a
 * client does after a dropped connection). Once every invoice is `sent` and every tax report
 * `registered`, the database is read directly:
 *
 * - the outbox holds exactly one entry per invoice (no invoice missing, no key twice);
 * - every invoice has exactly one delivery, and it is `delivered`;
 * - every invoice has exactly one tax report, `registered`;
 * - every invoice's `issued_invoice.state_change` events are exactly `sending`, `sent` — one per
 *   transition — and every report's `tax_report.state_change` to `registered` is there once;
 * - sending every invoice again once the queue is empty delivers nothing more.
 *
 * The sandbox SII simulator keeps what it registered in the memory of its process
 * (docs/sandbox-authorities.md): the second server's simulator has forgotten what the first
 * registered. A ledger the first process submitted and whose answer it never stored is therefore
 * submitted again and accepted again (a real AEAT would answer 3000 "Registro de factura duplicado"
 * to such a record; see docs/sending-benchmarks.md for what fiscalkit does with that answer). What is
 * asserted here is fiscalkit's side: one report per invoice, registered once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_URL, type PgTestContext, pgTestContext, suiteName } from '../adapters/postgres/support.js';
import {
  createAccount,
  PROCESS_KEY_A,
  processHeaders,
  type ServerProcess,
  startServerProcess,
} from '../support/serverProcess.js';

/** Invoices sent: enough that the kill lands in the middle of the deliveries, few enough for a busy CI. */
const N = 40;
const LEASE_MS = 2000;
/** Generous: both servers normally settle in well under this (and the test's own timeout is longer). */
const DEADLINE_MS = 45_000;
/** Requests in flight at once. */
const PARALLEL = 8;

/** `DATABASE_URL` with every connection's `search_path` pinned to `schema` (as fleet.test.ts). */
function schemaUrl(schema: string): string {
  const url = new URL(DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 50 ms until it answers true; throws past the deadline. */
async function until(what: string, probe: () => Promise<boolean>, deadline_ms = DEADLINE_MS): Promise<void> {
  const end = Date.now() + deadline_ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...processHeaders(PROCESS_KEY_A), 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** Runs `work` over `items`, {@link PARALLEL} at a time. */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += PARALLEL)
    results.push(...(await Promise.all(items.slice(start, start + PARALLEL).map(work))));
  return results;
}

/** The send key of the `index`-th invoice: every third send carries one. */
function sendKey(index: number): Record<string, string> {
  return index % 3 === 0 ? { 'Idempotency-Key': `kill-send-${String(index)}` } : {};
}

describe.skipIf(DATABASE_URL === undefined)(suiteName('SIGKILL of the server mid-send (issue #23)'), () => {
  let context: PgTestContext;
  const servers: ServerProcess[] = [];
  /**
   * No official e-invoice artefacts: the sends are not judged by the Schematron (a warning
   * `fiscalkit.send.not-judged` says so), which this test is not about and which would make each
   * send cost tens of milliseconds of CPU on a busy machine.
   */
  const noArtefacts = mkdtempSync(join(tmpdir(), 'fiscalkit-no-artefacts-'));
  /** When each phase ended, for whoever reads the log (never asserted). */
  const phases: Record<string, number> = {};
  const began = Date.now();
  const mark = (phase: string) => {
    phases[phase] = Date.now() - began;
  };

  beforeAll(async () => {
    context = await pgTestContext({ max: 2 });
  });

  afterAll(async () => {
    for (const server of servers) await server.stop().catch(() => undefined);
    await context?.cleanup();
    rmSync(noArtefacts, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    const server = await startServerProcess({
      DATABASE_URL: schemaUrl(context.schema),
      FISCALKIT_LEASE_MS: String(LEASE_MS),
      FISCALKIT_THREADS: '0',
      FISCALKIT_ARTEFACTS: noArtefacts,
    });
    servers.push(server);
    return server;
  }

  /** Where things stand, for whoever reads a failure. */
  async function diagnose(server: ServerProcess): Promise<void> {
    const rows = async (sql: string) => (await context.pool.query(sql)).rows;
    console.log(
      server.output(),
      await rows(
        "select body->>'state' as state, body->>'state_reason' as reason, count(*) from invoices group by 1, 2",
      ),
      await rows(
        "select body->>'state' as state, body->'authority'->>'code' as code, count(*) from tax_reports group by 1, 2",
      ),
      await rows(
        'select kind, status, count(*), max(attempts) as attempts, max(last_error) as error from fiscalkit_jobs group by 1, 2',
      ),
      await rows(
        "select id, body->>'state' as state, jsonb_array_length(coalesce(body->'tax_report_ids', '[]')) as reports from ledgers",
      ),
      await rows(
        "select id, body - 'lines' - 'records' as body from tax_reports where state = '\"processing\"'",
      ),
      await rows(
        `select i.id, d.body->>'status' as delivery, d.body->>'key' as key, i.body->>'send_key' as send_key
           from invoices i left join invoice_deliveries d on d.body->>'invoice_id' = i.id::text
          where i.state = '"sending"'`,
      ),
    );
  }

  const count = async (sql: string): Promise<number> =>
    Number((await context.pool.query<{ n: string }>(sql)).rows[0]?.n ?? 'NaN');

  it('loses and doubles nothing: one outbox entry, one delivery, one registered report per invoice', async () => {
    const first = await start();
    const account = await createAccount(first.url, PROCESS_KEY_A, { name: 'Kill test SL', nif: 'U2687761C' });
    const setting = await call(first, 'POST', `/accounts/${String(account)}/tax_report_settings`, {
      tax_report_setting: { code: 'sii', start_date: '2026-01-01', auto_generate: true, auto_send: true },
    });
    expect(setting.status).toBe(201);
    const contact = await call(first, 'POST', `/accounts/${String(account)}/contacts`, {
      contact: {
        name: 'Distribuciones Norte SA',
        country: 'ES',
        tin_scheme: '9920',
        tin_value: 'B76543214',
        // The Peppol participant id (docs/sending.md: a VAT number alone does not make one).
        cin_scheme: '9920',
        cin_value: 'ESB76543214',
        transport_type_code: 'peppol',
      },
    });
    expect(contact.status).toBe(201);
    const contact_id = (contact.json.contact as { id: number }).id;

    const indexes = Array.from({ length: N }, (_, index) => index);
    const ids = await inBatches(indexes, async (index) => {
      const created = await call(first, 'POST', `/accounts/${String(account)}/invoices`, {
        invoice: {
          type: 'IssuedInvoice',
          number: `KILL-${String(index + 1)}`,
          date: '2026-04-20',
          currency: 'EUR',
          contact_id,
          buyer_reference: 'PO-1',
          invoice_lines_attributes: [
            {
              description: 'Consulting',
              quantity: '10',
              price: '45.50',
              taxes_attributes: [{ name: 'IVA', percent: '21' }],
            },
          ],
        },
      });
      if (created.status !== 201) throw new Error(`invoice not created: ${JSON.stringify(created.json)}`);
      return (created.json.invoice as { id: number }).id;
    });

    mark('created');
    // The sends, in the background; a send whose connection the kill cuts is remembered for a retry.
    const unanswered = new Set<number>();
    let answeredBeforeKill = 0;
    const sending = inBatches(indexes, async (index) => {
      try {
        const sent = await call(
          first,
          'POST',
          `/invoices/send_invoice/${String(ids[index])}`,
          undefined,
          sendKey(index),
        );
        if (sent.status !== 200) throw new Error(`send refused: ${JSON.stringify(sent.json)}`);
        answeredBeforeKill += 1;
      } catch (error) {
        if (error instanceof TypeError)
          unanswered.add(index); // fetch failed: the server is gone
        else throw error;
      }
    });
    const outboxTotal = async (server: ServerProcess) => {
      const outbox = await call(server, 'GET', `/accounts/${String(account)}/peppol_outbox?limit=1`);
      return (outbox.json.meta as { total_count: number }).total_count;
    };
    let deliveredAtKill = 0;
    await until('the first deliveries in the outbox', async () => {
      deliveredAtKill = await count('select count(*) as n from peppol_outbox');
      return deliveredAtKill > 0;
    }).catch(async (error) => {
      // What the server said and where the invoices stand, for whoever reads the failure.
      const states = await context.pool.query(
        "select body->>'state' as state, body->>'state_reason' as reason, count(*) from invoices group by 1, 2",
      );
      console.log(first.output(), states.rows);
      throw error;
    });
    process.kill(first.pid, 'SIGKILL');
    await sending;
    mark('killed');
    expect(deliveredAtKill).toBeGreaterThan(0);
    expect(deliveredAtKill).toBeLessThan(N);
    const atKill = {
      outbox: await count('select count(*) as n from peppol_outbox'),
      sent: await count(`select count(*) as n from invoices where state = '"sent"'`),
      sending: await count(`select count(*) as n from invoices where state = '"sending"'`),
      leased: await count(`select count(*) as n from fiscalkit_jobs where status = 'leased'`),
      answered: answeredBeforeKill,
      unanswered: unanswered.size,
    };
    // Killed in the middle: not every invoice is delivered yet.
    expect(atKill.outbox).toBeLessThan(N);

    const second = await start();
    mark('restarted');
    // The client retries what got no answer (with the same key, when it had one) and sends what it
    // never got to send.
    const retried = indexes.filter((index) => unanswered.has(index));
    await inBatches(retried, async (index) => {
      const sent = await call(
        second,
        'POST',
        `/invoices/send_invoice/${String(ids[index])}`,
        undefined,
        sendKey(index),
      );
      if (sent.status !== 200) throw new Error(`send refused: ${JSON.stringify(sent.json)}`);
    });

    await until('every invoice sent and every tax report answered', async () => {
      const sent = await count(`select count(*) as n from invoices where state = '"sent"'`);
      const answered = await count(`select count(*) as n from tax_reports where state <> '"processing"'`);
      return sent === N && answered >= N;
    }).catch(async (error) => {
      console.log('phases (ms)', phases);
      await diagnose(second);
      throw error;
    });
    mark('settled');
    expect(await outboxTotal(second)).toBe(N);

    // The outbox: one entry per invoice, every invoice there, no key twice.
    const outbox = await context.pool.query<{ invoice_id: string; entries: string; keys: string }>(
      `select body->>'invoice_id' as invoice_id, count(*) as entries, count(distinct idempotency_key) as keys
         from peppol_outbox group by 1 order by 1`,
    );
    expect(outbox.rows.map((row) => Number(row.invoice_id)).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    for (const row of outbox.rows)
      expect({ ...row, entries: Number(row.entries) }).toMatchObject({ entries: 1 });
    expect(await count('select count(distinct idempotency_key) as n from peppol_outbox')).toBe(N);

    // One delivery per invoice, delivered.
    const deliveries = await context.pool.query<{ invoice_id: string; statuses: string[] }>(
      `select body->>'invoice_id' as invoice_id, array_agg(body->>'status') as statuses
         from invoice_deliveries group by 1`,
    );
    expect(deliveries.rows).toHaveLength(N);
    for (const row of deliveries.rows) expect(row.statuses).toEqual(['delivered']);

    // One tax report per invoice, registered.
    const reports = await context.pool.query<{ invoice_id: string; states: string[] }>(
      `select body->>'invoice_id' as invoice_id, array_agg(body->>'state') as states from tax_reports group by 1`,
    );
    expect(reports.rows).toHaveLength(N);
    const unregistered = reports.rows.filter((row) => row.states.join() !== 'registered');
    expect(unregistered).toEqual([]);

    // The events: per invoice exactly `sending` then `sent`; per report one `registered`.
    const invoiceEvents = await context.pool.query<{ invoice: string; states: string[] }>(
      `select body->'data'->>'invoice_id' as invoice, array_agg(body->'data'->>'state' order by id) as states
         from fiscalkit_events where body->>'code' = 'issued_invoice.state_change' group by 1`,
    );
    expect(invoiceEvents.rows).toHaveLength(N);
    for (const row of invoiceEvents.rows) expect(row.states).toEqual(['sending', 'sent']);
    const reportEvents = await context.pool.query<{ report: string; states: string[] }>(
      `select body->'data'->>'tax_report_id' as report, array_agg(body->'data'->>'state' order by id) as states
         from fiscalkit_events where body->>'code' = 'tax_report.state_change' group by 1`,
    );
    expect(reportEvents.rows).toHaveLength(N);
    for (const row of reportEvents.rows)
      expect(row.states.filter((state) => state === 'registered')).toHaveLength(1);

    // Sending every invoice again, once the queue is empty, delivers nothing more.
    // The jobs of sending and reporting (the event dispatches, which deliver webhooks, are not these).
    const SENDING_JOBS = `kind in ('invoice_send', 'tax_report_submission', 'ledger_submission')`;
    const pending = `select count(*) as n from fiscalkit_jobs where ${SENDING_JOBS} and status in ('queued', 'leased')`;
    await until('the sending jobs to finish', async () => (await count(pending)) === 0);
    const jobsBefore = await count(`select count(*) as n from fiscalkit_jobs where ${SENDING_JOBS}`);
    await inBatches(indexes, async (index) => {
      const again = await call(second, 'POST', `/invoices/send_invoice/${String(ids[index])}`);
      expect(again.status).toBe(200);
      expect((again.json.invoice as { state: string }).state).toBe('sent');
    });
    await until('the sending jobs to finish again', async () => (await count(pending)) === 0);
    // Nothing was queued: a sent invoice is not sent again (docs/sending.md "Idempotency").
    expect(await count(`select count(*) as n from fiscalkit_jobs where ${SENDING_JOBS}`)).toBe(jobsBefore);
    expect(await count('select count(*) as n from peppol_outbox')).toBe(N);
    expect(await count('select count(*) as n from invoice_deliveries')).toBe(N);
    expect(await count('select count(*) as n from tax_reports')).toBe(N);
    mark('resent');
    console.log('sendKill: at the kill', atKill, 'phases (ms)', phases);
  }, 180_000);
});
