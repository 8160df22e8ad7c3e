/**
 * Issue #24 items 1 and 5 against `npm start` as it runs (examples/http/server.ts in its own process):
 *
 * - a 10 MB SII ledger import no longer holds the event loop: another tenant's GET sent while the
 *   import is being computed is answered before the import is (the import's CPU is on a worker
 *   thread), and the import still succeeds;
 * - four concurrent 10 MB JSON bodies to `POST /accounts` are refused 413 by their Content-Length
 *   without being parsed, so the server's peak memory (VmHWM of the server process) stays under
 *   300 MB, and a GET of another key sent with them is answered.
 *
 * No tight timing: the first asserts an order, the second a memory high-water mark and generous bounds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { benchSiiMessage } from '../bench/siiWorkload.js';
import {
  createAccount,
  PROCESS_KEY_A,
  PROCESS_KEY_B,
  peakMegabytes,
  postBody,
  processHeaders,
  type ServerProcess,
  startServerProcess,
} from '../support/serverProcess.js';
import { siiTitular } from '../support/siiReports.js';

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('issue #24 item 1: a large import does not hold the event loop', () => {
  it('a 10 MB SII ledger import: another key’s GET sent while it is computed is answered first', async () => {
    server = await startServerProcess();
    const { url } = server;
    const importer = await createAccount(url, PROCESS_KEY_A, siiTitular());
    const other = await createAccount(url, PROCESS_KEY_B, { name: 'ACME SL', nif: 'B12345674' });
    const message = buildSiiMessage(benchSiiMessage(4400));
    if (!message.success) throw new Error('the bench message builds');
    expect(message.data.length).toBeGreaterThan(9_500_000);

    const order: string[] = [];
    const upload = postBody(
      `${url}/accounts/${String(importer)}/ledgers/import`,
      PROCESS_KEY_A,
      message.data,
      'application/xml',
    );
    const imported = upload.answer.then((answer) => {
      order.push('import');
      return answer;
    });
    // The body is with the server; give it a moment to read it and start on the import, which takes
    // seconds of CPU.
    await upload.sent;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const read = await fetch(`${url}/accounts/${String(other)}`, { headers: processHeaders(PROCESS_KEY_B) });
    order.push('get');
    expect(read.status).toBe(200);
    const answer = await imported;
    expect(answer.status).toBe(201);
    const { ledger } = JSON.parse(answer.body) as { ledger: { tax_report_ids: number[] } };
    expect(ledger.tax_report_ids).toHaveLength(4400);
    expect(order).toEqual(['get', 'import']);
  }, 180_000);
});

describe('issue #24 item 1: a large JSON body is parsed on a worker thread, without loss', () => {
  it('an invoice of 3,000 lines (over 256 KiB) keeps its amounts digit for digit', async () => {
    server = await startServerProcess();
    const { url } = server;
    const account = await createAccount(url, PROCESS_KEY_A, siiTitular());
    const lines = Array.from({ length: 3000 }, (_, index) => ({
      description: `Item ${String(index + 1)}`,
      quantity: 'QUANTITY',
      price: 'PRICE',
      taxes_attributes: [{ name: 'IVA', category: 'S', percent: 'PERCENT' }],
    }));
    // JSON numbers, written as a client writes them: 12.50 must come back as 12.50, not 12.5.
    const body = JSON.stringify({
      invoice: {
        number: 'B-1',
        date: '2026-04-20',
        currency: 'EUR',
        contact: { name: 'Cliente SA', country: 'ES', tin_scheme: '9920', tin_value: 'A58818501' },
        invoice_lines_attributes: lines,
      },
    })
      .replaceAll('"QUANTITY"', '1.000')
      .replaceAll('"PRICE"', '12.50')
      .replaceAll('"PERCENT"', '21');
    expect(body.length).toBeGreaterThan(256 * 1024);
    const created = await postBody(
      `${url}/accounts/${String(account)}/invoices`,
      PROCESS_KEY_A,
      body,
      'application/json',
    ).answer;
    expect(created.status).toBe(201);
    expect(created.body).toContain('"price":12.50');
    expect(created.body).toContain('"quantity":1.000');
    const { invoice } = JSON.parse(created.body) as { invoice: { total: number } };
    // 3,000 × 12.50 × 1.21 = 45,375.00
    expect(invoice.total).toBe(45375);
  }, 120_000);
});

describe('issue #24 item 5: JSON bodies are limited before they are read', () => {
  it('four concurrent 10 MB bodies to POST /accounts: 413 each, peak memory under 300 MB, a GET still answered', async () => {
    server = await startServerProcess();
    const { url, pid } = server;
    const other = await createAccount(url, PROCESS_KEY_B, { name: 'ACME SL', nif: 'B12345674' });
    const before = peakMegabytes(pid);
    // The attack: a 10 MB array.
    const body = `{"account":[${'1,'.repeat(5_000_000)}1]}`;
    expect(body.length).toBeGreaterThan(10_000_000);
    const started = Date.now();
    const bodies = Array.from({ length: 4 }, () =>
      postBody(`${url}/accounts`, PROCESS_KEY_A, body, 'application/json'),
    );
    const read = fetch(`${url}/accounts/${String(other)}`, { headers: processHeaders(PROCESS_KEY_B) }).then(
      (response) => ({ status: response.status, ms: Date.now() - started }),
    );
    const answers = await Promise.all(bodies.map(({ answer }) => answer));
    const after = peakMegabytes(pid);
    console.log(`VmHWM of the server: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
    expect(after).toBeLessThan(300);
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      const { error } = JSON.parse(answer.body) as { error: { code: string; message: string } };
      expect(error.code).toBe('request_too_large');
      expect(error.message).toContain('larger than 1048576 bytes (1 MiB)');
    }
    const get = await read;
    expect(get.status).toBe(200);
    // How long the GET waited is a speed, and speeds belong in benchmarks: `npm run bench:reliability`
    // (test/bench/heavyRequests.ts) measures it against the target (the issue measured 18 s).
    // A fixed bound here failed on a busy 2-core machine (6.6 s) with nothing wrong in the server.
    console.log(`GET /accounts/{id} answered ${String(get.status)} after ${String(get.ms)} ms`);
  }, 120_000);
});
