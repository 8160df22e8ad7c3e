/**
 * The KSeF 2.0 client against the local protocol simulator (issue #23 "Real clients, behind the same
 * port"): a real FA(3) document from the builder goes through authentication, the online session and
 * the status polls; the simulator, written from the published OpenAPI, decrypts and checks it.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KSEF_ENVIRONMENTS, ksefClient, ksefClientFromEnv } from '../../../src/adapters/ksef/index.js';
import { type KsefStatus, type KsefSubmission, TaxAuthorityError } from '../../../src/ports.js';
import {
  type KsefProtocolSimulator,
  startKsefProtocolSimulator,
} from '../../support/ksefProtocolSimulator.js';
import { vatReport, zalReport } from '../../support/ksefReports.js';
import { fa3Of } from '../../support/taxReportWorld.js';

const TOKEN = '20260101-EC-0123456789-ABCDEF0123-45|nip-9999999999|0123456789abcdef';
const NIP = '9999999999';
const noWait = () => Promise.resolve();

let sim: KsefProtocolSimulator;
beforeAll(async () => {
  sim = await startKsefProtocolSimulator({ tokens: { [TOKEN]: NIP } });
});
afterAll(async () => {
  await sim.close();
});

function client(token = TOKEN) {
  return ksefClient({ baseUrl: sim.baseUrl, token, pollIntervalMs: 1, sleep: noWait });
}

let serial = 0;
function submission(xml: string): KsefSubmission {
  serial += 1;
  return { tax_report_id: serial, account_id: 3, nip: NIP, xml, key: `tax_report_${serial}` };
}

/** A VAT invoice with its own number (KSeF's duplicate check is seller NIP + type + number). */
function invoiceXml(number: string): string {
  return fa3Of({ ...vatReport(), number });
}

async function rejectionOf(promise: Promise<unknown>): Promise<TaxAuthorityError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TaxAuthorityError);
  return error as TaxAuthorityError;
}

describe('ksefClient against the protocol simulator', () => {
  it('sends an FA(3) invoice: pending, then accepted with a KSeF number and the UPO; the XML arrives byte-identical', async () => {
    const ksef = client();
    const xml = invoiceXml('FV/KSEF/1');
    const sent = submission(xml);
    const before = sim.decrypted.length;
    const first = await ksef.submit(sent);
    expect(first).toMatchObject({ state: 'pending', code: 100 });
    expect(sim.decrypted.length).toBe(before + 1);
    expect(sim.decrypted[before]?.equals(Buffer.from(xml, 'utf8'))).toBe(true);

    const second = await ksef.status(sent, first.reference);
    expect(second.state).toBe('accepted');
    const accepted = second as Extract<KsefStatus, { state: 'accepted' }>;
    expect(accepted.code).toBe(200);
    expect(accepted.ksef_number).toMatch(/^9999999999-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
    expect(accepted.upo).toContain(`<NumerKSeFDokumentu>${accepted.ksef_number}</NumerKSeFDokumentu>`);
    const hash = createHash('sha256').update(Buffer.from(xml, 'utf8')).digest('base64');
    expect(accepted.upo).toContain(`<SkrotDokumentu>${hash}</SkrotDokumentu>`);
    await ksef.close();
  });

  it('authenticates once and reuses the session for further invoices of the NIP; close() closes it', async () => {
    const ksef = client();
    const start = sim.requests.length;
    await ksef.submit(submission(invoiceXml('FV/KSEF/2')));
    await ksef.submit(submission(invoiceXml('FV/KSEF/3')));
    const calls = sim.requests
      .slice(start)
      .map((r) => `${r.method} ${r.path.replace(/[0-9A-Z]{8}-[A-Z]{2}-[0-9A-F-]+/g, '{ref}')}`);
    expect(calls.filter((c) => c === 'POST /auth/challenge')).toHaveLength(1);
    expect(calls.filter((c) => c === 'POST /auth/token/redeem')).toHaveLength(1);
    expect(calls.filter((c) => c === 'POST /sessions/online')).toHaveLength(1);
    expect(calls.filter((c) => c === 'POST /sessions/online/{ref}/invoices')).toHaveLength(2);
    await ksef.close();
    const closes = sim.requests.slice(start).filter((r) => r.method === 'POST' && r.path.endsWith('/close'));
    expect(closes).toHaveLength(1);
  });

  it('does not send the same key twice within the process: the re-submit reads the status', async () => {
    const ksef = client();
    const sent = submission(invoiceXml('FV/KSEF/4'));
    const before = sim.decrypted.length;
    const first = await ksef.submit(sent);
    const again = await ksef.submit(sent);
    expect(sim.decrypted.length).toBe(before + 1);
    expect(again.reference).toBe(first.reference);
    expect(again.state).toBe('accepted');
    await ksef.close();
  });

  it('after a restart, KSeF answers 440 and the same document is taken as the original, with its KSeF number', async () => {
    const xml = invoiceXml('FV/KSEF/5');
    const sent = submission(xml);
    const original = client();
    const pending = await original.submit(sent);
    const accepted = (await original.status(sent, pending.reference)) as Extract<
      KsefStatus,
      { state: 'accepted' }
    >;
    expect(accepted.state).toBe('accepted');

    const restarted = client();
    const resent = await restarted.submit(sent);
    expect(resent.state).toBe('pending');
    const answer = await restarted.status(sent, resent.reference);
    expect(answer).toMatchObject({ state: 'accepted', code: 440, ksef_number: accepted.ksef_number });
    expect((answer as Extract<KsefStatus, { state: 'accepted' }>).upo).toContain(accepted.ksef_number);
    await original.close();
    await restarted.close();
  });

  it('a different document with a registered number stays rejected with 440, naming the original', async () => {
    const ksef = client();
    const first = submission(invoiceXml('FV/KSEF/6'));
    const accepted = (await ksef.status(first, (await ksef.submit(first)).reference)) as Extract<
      KsefStatus,
      { state: 'accepted' }
    >;
    const other = submission(fa3Of({ ...vatReport(), number: 'FV/KSEF/6', issue_place: 'Kraków' }));
    const answer = await ksef.status(other, (await ksef.submit(other)).reference);
    expect(answer.state).toBe('rejected');
    expect(answer.code).toBe(440);
    expect((answer as Extract<KsefStatus, { state: 'rejected' }>).details.join(' ')).toContain(
      accepted.ksef_number,
    );
    await ksef.close();
  });

  it('a document that is not FA(3) is rejected with KSeF status 450 and its details', async () => {
    const ksef = client();
    const sent = submission(
      '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
    );
    const answer = await ksef.status(sent, (await ksef.submit(sent)).reference);
    expect(answer).toMatchObject({ state: 'rejected', code: 450 });
    expect((answer as Extract<KsefStatus, { state: 'rejected' }>).details.join(' ')).toContain('FA(3)');
    await ksef.close();
  });

  it('the simulator checks what the client computed: a wrong invoiceHash is 430, a wrong encryptedInvoiceHash HTTP 400', async () => {
    /** A fetch that changes one field of the invoice request, to show the simulator would notice. */
    const tampering =
      (field: string): typeof fetch =>
      (input, init) => {
        const url = String(input);
        if (init?.method === 'POST' && url.endsWith('/invoices') && typeof init.body === 'string') {
          const body = JSON.parse(init.body) as Record<string, unknown>;
          body[field] = createHash('sha256').update('something else').digest('base64');
          return fetch(input, { ...init, body: JSON.stringify(body) });
        }
        return fetch(input, init);
      };
    const plainHash = ksefClient({
      baseUrl: sim.baseUrl,
      token: TOKEN,
      pollIntervalMs: 1,
      sleep: noWait,
      fetch: tampering('invoiceHash'),
    });
    const sent = submission(invoiceXml('FV/KSEF/12'));
    const answer = await plainHash.status(sent, (await plainHash.submit(sent)).reference);
    expect(answer).toMatchObject({ state: 'rejected', code: 430 });
    await plainHash.close();

    const cipherHash = ksefClient({
      baseUrl: sim.baseUrl,
      token: TOKEN,
      pollIntervalMs: 1,
      sleep: noWait,
      fetch: tampering('encryptedInvoiceHash'),
    });
    const error = await rejectionOf(cipherHash.submit(submission(invoiceXml('FV/KSEF/13'))));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('encryptedInvoiceHash');
    await cipherHash.close();
  });

  it('KSeF answering 503 is a retryable TaxAuthorityError, and the next attempt goes through', async () => {
    const ksef = client();
    const sent = submission(fa3Of(zalReport()));
    sim.failNext(503);
    const error = await rejectionOf(ksef.submit(sent));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('503');
    const retried = await ksef.submit(sent);
    expect(retried.state).toBe('pending');
    await ksef.close();
  });

  it('a 429 with a short Retry-After is waited out; a long one is thrown as retryable', async () => {
    const waits: number[] = [];
    const ksef = ksefClient({
      baseUrl: sim.baseUrl,
      token: TOKEN,
      pollIntervalMs: 1,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    sim.failNext(429, 1, 2);
    const sent = submission(invoiceXml('FV/KSEF/7'));
    const first = await ksef.submit(sent);
    expect(first.state).toBe('pending');
    expect(waits).toContain(2000);
    sim.failNext(429, 1, 3600);
    const error = await rejectionOf(ksef.status(sent, first.reference));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('retry after 3600 s');
    await ksef.close();
  });

  it('an unknown KSeF token is a non-retryable TaxAuthorityError, and nothing is sent', async () => {
    const ksef = client('not-a-token-ksef-knows');
    const before = sim.decrypted.length;
    const error = await rejectionOf(ksef.submit(submission(invoiceXml('FV/KSEF/8'))));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('450');
    expect(sim.decrypted.length).toBe(before);
  });

  it('a submission for another NIP than the configured one is refused before any call', async () => {
    const ksef = ksefClient({ baseUrl: sim.baseUrl, token: TOKEN, nip: NIP, sleep: noWait });
    const before = sim.requests.length;
    const error = await rejectionOf(
      ksef.submit({ ...submission(invoiceXml('FV/KSEF/9')), nip: '1111111111' }),
    );
    expect(error.retryable).toBe(false);
    expect(sim.requests.length).toBe(before);
  });

  it('an expired access token (401) is renewed and the call made again', async () => {
    const ksef = client();
    const sent = submission(invoiceXml('FV/KSEF/10'));
    const first = await ksef.submit(sent);
    sim.expireAccessTokens();
    const later = await ksef.status(sent, first.reference);
    expect(later.state).toBe('accepted');
    await ksef.close();
  });

  it('a kept session KSeF has closed is replaced by a new one, and the invoice sent once', async () => {
    const ksef = client();
    await ksef.submit(submission(invoiceXml('FV/KSEF/14')));
    sim.closeAllSessions();
    const start = sim.requests.length;
    const before = sim.decrypted.length;
    expect((await ksef.submit(submission(invoiceXml('FV/KSEF/15')))).state).toBe('pending');
    const opened = sim.requests
      .slice(start)
      .filter((r) => r.method === 'POST' && r.path === '/sessions/online');
    expect(opened).toHaveLength(1);
    expect(sim.decrypted.length).toBe(before + 1);
    await ksef.close();
  });

  it('an unreachable KSeF is a retryable TaxAuthorityError', async () => {
    const ksef = ksefClient({ baseUrl: 'http://127.0.0.1:1/v2', token: TOKEN, sleep: noWait });
    const error = await rejectionOf(ksef.submit(submission(invoiceXml('FV/KSEF/11'))));
    expect(error.retryable).toBe(true);
  });
});

describe('ksefClientFromEnv', () => {
  it('is undefined without configuration and a client with it', () => {
    expect(ksefClientFromEnv({})).toBeUndefined();
    const ksef = ksefClientFromEnv({
      FISCALKIT_KSEF_URL: 'test',
      FISCALKIT_KSEF_TOKEN: 'x',
      FISCALKIT_KSEF_NIP: NIP,
    });
    expect(typeof ksef?.submit).toBe('function');
    expect(KSEF_ENVIRONMENTS.test).toBe('https://api-test.ksef.mf.gov.pl/v2');
  });

  it('refuses half a configuration and a malformed NIP or URL', () => {
    expect(() => ksefClientFromEnv({ FISCALKIT_KSEF_URL: 'test' })).toThrow(/FISCALKIT_KSEF_TOKEN/);
    expect(() => ksefClientFromEnv({ FISCALKIT_KSEF_TOKEN: 'x' })).toThrow(/FISCALKIT_KSEF_URL/);
    expect(() =>
      ksefClientFromEnv({ FISCALKIT_KSEF_URL: 'test', FISCALKIT_KSEF_TOKEN: 'x', FISCALKIT_KSEF_NIP: '12' }),
    ).toThrow(/10 digits/);
    expect(() => ksefClientFromEnv({ FISCALKIT_KSEF_URL: 'staging', FISCALKIT_KSEF_TOKEN: 'x' })).toThrow(
      /http/,
    );
  });
});
