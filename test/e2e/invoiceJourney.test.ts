/**
 * The life of an invoice end to end (issue #23 "Done means"): "An invoice created over HTTP is
 * validated, sent, received by the local SMTP server or the Peppol outbox as a schema- and rule-valid
 * document, and reported to the simulated authority, which registers it. Every step fires an event
 * that a real receiver gets, signed."
 *
 * Everything is real and outside the test's process except the two receivers: `npm start`
 * (examples/http/server.ts, memory storage, sandbox mode) runs as a process of its own with its
 * background worker, the sandbox AEAT SII simulator and the sandbox Peppol access point
 * (examples/http/outsideWorld.ts); a real SMTP server (smtp-server) takes the mail on loopback; a real
 * HTTP receiver takes the webhooks on loopback and checks their signature with node:crypto alone.
 * Waits poll the public API (or wait for the receivers' own events); nothing asserts on time.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedBy, startReceiver, type WebhookReceiver } from '../adapters/http/receiver.js';
import { fatalFindings, HAS_JUDGE, JUDGE_SKIPPED, judgeDocument } from '../support/einvoiceJudge.js';
import {
  PROCESS_KEY_A,
  PROCESS_KEY_B,
  processHeaders,
  type ServerProcess,
  startServerProcess,
} from '../support/serverProcess.js';

/** How long any one wait may take before the test fails saying what it waited for (not a timed assertion). */
const DEADLINE_MS = 60_000;
const POLL_MS = 75;
const MAIL_FROM = 'facturas@acme.example';

/** A local SMTP server with no TLS and no authentication that keeps every mail it takes, parsed. */
interface LocalSmtp {
  url: string;
  mails: ParsedMail[];
  close(): Promise<void>;
}

async function localSmtp(): Promise<LocalSmtp> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    // smtp:// without credentials (smtpChannel sends credentials only over TLS): plain, no AUTH.
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** pdftotext (poppler), when the machine has it. */
async function pdfText(pdf: Buffer): Promise<string | null> {
  const directory = mkdtempSync(join(tmpdir(), 'fiscalkit-e2e-pdf-'));
  try {
    const file = join(directory, 'invoice.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Polls `probe` until it answers something other than undefined; fails naming `what` after the deadline. */
async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

let server: ServerProcess;
let smtp: LocalSmtp;
let receiver: WebhookReceiver;
/** The UBL the sandbox access point took for the Peppol invoice, and for its import sent again. */
let peppolDocument = '';
let importedDocument = '';

interface Json {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON answers by key
  json: any;
  text: string;
}

/** A request with `key` (default group 1's); a string body goes as it is, with `contentType`. */
async function call(
  method: string,
  path: string,
  body?: unknown,
  options: { key?: string; contentType?: string } = {},
): Promise<Json> {
  const raw = typeof body === 'string';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...processHeaders(options.key ?? PROCESS_KEY_A),
      ...(body === undefined ? {} : { 'Content-Type': options.contentType ?? 'application/json' }),
    },
    ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json, text };
}

async function created(path: string, body: unknown, what: string, key = PROCESS_KEY_A): Promise<Json> {
  const answer = await call('POST', path, body, { key });
  if (answer.status !== 201) throw new Error(`${what} not created: ${String(answer.status)} ${answer.text}`);
  return answer;
}

/** One VAT-only line: an EN 16931 document carries no withholding. 10 × 45.50 at 21 %: 550.55. */
const LINES = [
  {
    description: 'Consulting hours',
    quantity: '10',
    price: '45.50',
    taxes_attributes: [{ name: 'IVA', percent: '21' }],
  },
];

beforeAll(async () => {
  [smtp, receiver] = await Promise.all([localSmtp(), startReceiver()]);
  server = await startServerProcess({
    FISCALKIT_ENV: 'sandbox',
    FISCALKIT_SMTP_URL: smtp.url,
    FISCALKIT_MAIL_FROM: MAIL_FROM,
    FISCALKIT_THREADS: '0',
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.close(), receiver?.close()]);
});

describe('issue #23, done means: an invoice created over HTTP goes all the way', () => {
  let account: number;
  let secret: string;
  const journeys: {
    transport: 'email' | 'peppol';
    id: number;
    number: string;
    tax_report_ids: number[];
    contact: number;
  }[] = [];

  it('sets up a Spanish account that reports to SII on send, a webhook subscription and two contacts', async () => {
    account = (
      await created(
        '/accounts',
        {
          account: {
            name: 'ACME Journey SL',
            country: 'ES',
            tin_scheme: '9920',
            tin_value: 'B12345674',
            email: 'billing@acme.example',
          },
        },
        'account',
      )
    ).json.account.id;
    const setting = await created(
      `/accounts/${String(account)}/tax_report_settings`,
      { tax_report_setting: { code: 'sii', start_date: '2026-01-01', auto_generate: true, auto_send: true } },
      'tax report setting',
    );
    expect(setting.json.tax_report_setting).toMatchObject({
      code: 'sii',
      auto_generate: true,
      auto_send: true,
    });
    const hook = await created(
      `/accounts/${String(account)}/web_hooks`,
      {
        web_hook: {
          url: `${receiver.origin}/hooks`,
          events: ['issued_invoice.state_change', 'tax_report.state_change'],
        },
      },
      'web hook',
    );
    secret = hook.json.web_hook.secret;
    expect(secret).toMatch(/^whsec_/);

    const byMail = await created(
      `/accounts/${String(account)}/contacts`,
      {
        contact: {
          name: 'Distribuciones Norte SA',
          country: 'ES',
          tin_scheme: '9920',
          tin_value: 'B76543214',
          email: 'compras@norte.example',
          transport_type_code: 'email',
        },
      },
      'e-mail contact',
    );
    const byPeppol = await created(
      `/accounts/${String(account)}/contacts`,
      {
        contact: {
          name: 'Otra SL',
          country: 'ES',
          tin_scheme: '9920',
          tin_value: 'A58818501',
          // The participant id is the CIN under an EAS scheme (docs/sending.md, "Which channel"): a VAT
          // number alone does not reach anyone on Peppol. A GLN (ICD 0088, valid check digit), so that
          // the document written carries it as BT-47 with its scheme and reads back as the same CIN.
          cin_scheme: '0088',
          cin_value: '5790000436064',
          transport_type_code: 'peppol',
        },
      },
      'Peppol contact',
    );
    for (const [transport, contact] of [
      ['email', byMail.json.contact.id],
      ['peppol', byPeppol.json.contact.id],
    ] as const) {
      const number = `E2E-${transport.toUpperCase()}-1`;
      const invoice = await created(
        `/accounts/${String(account)}/invoices`,
        {
          invoice: {
            type: 'IssuedInvoice',
            number,
            date: '2026-04-20',
            due_date: '2026-05-20',
            currency: 'EUR',
            contact_id: contact,
            buyer_reference: `PO-${transport}`,
            invoice_lines_attributes: LINES,
          },
        },
        `${transport} invoice`,
      );
      expect(invoice.json.invoice).toMatchObject({ number, state: 'new', total: 550.55 });
      journeys.push({ transport, id: invoice.json.invoice.id, number, tax_report_ids: [], contact });
    }
  });

  it('validates each invoice as the document its transport sends, and sends it (200, tax_report_ids)', async () => {
    expect(journeys).toHaveLength(2);
    for (const journey of journeys) {
      const validation = await call('GET', `/invoices/${String(journey.id)}/validate`);
      expect(validation.status, validation.text).toBe(200);
      expect(validation.json, validation.text).toMatchObject({
        valid: true,
        errors: [],
        transport_type_code: journey.transport,
        document_type_code: journey.transport === 'email' ? 'pdf.invoice' : 'xml.ubl.invoice.bis3',
      });
      const sent = await call('POST', `/invoices/send_invoice/${String(journey.id)}`);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.json.invoice).toMatchObject({ id: journey.id, state: 'sending' });
      expect(sent.json.tax_report_ids).toHaveLength(1);
      expect(sent.json.invoice.tax_report_ids).toEqual(sent.json.tax_report_ids);
      journey.tax_report_ids = sent.json.tax_report_ids;
    }
  });

  it('each invoice ends sent, delivered once, and its SII report registered by the simulator', async () => {
    for (const journey of journeys) {
      const invoice = await until(`invoice ${journey.number} to be sent`, async () => {
        const answer = await call('GET', `/invoices/${String(journey.id)}`);
        const state = answer.json?.invoice?.state;
        if (state === 'error') throw new Error(`invoice ${journey.number} failed: ${answer.text}`);
        return state === 'sent' ? answer.json.invoice : undefined;
      });
      expect(invoice.state).toBe('sent');
      const deliveries = await call('GET', `/invoices/${String(journey.id)}/deliveries`);
      expect(deliveries.json.deliveries, deliveries.text).toMatchObject([
        { status: 'delivered', transport: journey.transport, message_id: expect.any(String) },
      ]);
      for (const id of journey.tax_report_ids) {
        const report = await until(`tax report ${String(id)} to be registered`, async () => {
          const answer = await call('GET', `/tax_reports/${String(id)}`);
          const state = answer.json?.tax_report?.state;
          if (state === 'error' || state === 'registered_with_errors')
            throw new Error(`tax report ${String(id)} was not registered: ${answer.text}`);
          return state === 'registered' ? answer.json.tax_report : undefined;
        });
        expect(report).toMatchObject({ id, state: 'registered', invoice_id: journey.id });
        expect(report.authority?.csv, JSON.stringify(report)).toEqual(expect.any(String));
        expect(report.authority.csv.length).toBeGreaterThan(0);
      }
    }
  });

  it('the local SMTP server got the e-mail invoice, with its PDF attached', async () => {
    const journey = journeys.find((entry) => entry.transport === 'email');
    if (journey === undefined) throw new Error('no e-mail invoice');
    const mail = await until('the mail to arrive', async () =>
      smtp.mails.find((entry) => JSON.stringify(entry.to).includes('compras@norte.example')),
    );
    expect(smtp.mails).toHaveLength(1);
    expect(JSON.stringify(mail.from)).toContain(MAIL_FROM);
    const pdfs = mail.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);
    const pdf = (pdfs[0] as { content: Buffer }).content;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    if (text === null) console.warn('pdftotext (poppler) not found: the PDF text is not read');
    else expect(text).toContain(journey.number);
  });

  it('the sandbox Peppol outbox holds the Peppol invoice once, as UBL that names it', async () => {
    const journey = journeys.find((entry) => entry.transport === 'peppol');
    if (journey === undefined) throw new Error('no Peppol invoice');
    const outbox = await call('GET', `/accounts/${String(account)}/peppol_outbox`);
    expect(outbox.status, outbox.text).toBe(200);
    expect(outbox.json.peppol_outbox).toHaveLength(1);
    const entry = outbox.json.peppol_outbox[0];
    expect(entry).toMatchObject({ sender_id: '9920:ESB12345674', receiver_id: '0088:5790000436064' });
    const document = await fetch(`${server.url}/peppol_outbox/${String(entry.id)}/document`, {
      headers: processHeaders(PROCESS_KEY_A),
    });
    expect(document.status).toBe(200);
    const xml = await document.text();
    expect(xml).toContain(`<cbc:ID>${journey.number}</cbc:ID>`);
    expect(xml).toContain('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    peppolDocument = xml;
  });

  it('imports the Peppol document into another tenant with send_after_import, and it is sent again', async () => {
    expect(peppolDocument, 'the Peppol document was not read').not.toBe('');
    // The seller's own document, from its ERP, imported by another tenant (group 2) of the same company.
    const other = (
      await created(
        '/accounts',
        { account: { name: 'ACME Journey SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' } },
        'second account',
        PROCESS_KEY_B,
      )
    ).json.account.id;
    const imported = await call(
      'POST',
      `/accounts/${String(other)}/invoices/import?send_after_import=true`,
      peppolDocument,
      { key: PROCESS_KEY_B, contentType: 'application/xml' },
    );
    expect(imported.status, imported.text).toBe(201);
    expect(imported.json.send_error).toBeUndefined();
    // Group 2's account has no tax report setting: nothing is reported for it.
    expect(imported.json.tax_report_ids).toEqual([]);
    expect(imported.json.invoice).toMatchObject({
      account_id: other,
      number: 'E2E-PEPPOL-1',
      state: 'sending',
      total: 550.55,
    });
    const id = imported.json.invoice.id as number;
    await until('the imported invoice to be sent', async () => {
      const answer = await call('GET', `/invoices/${String(id)}`, undefined, { key: PROCESS_KEY_B });
      const state = answer.json?.invoice?.state;
      if (state === 'error') throw new Error(`the imported invoice failed: ${answer.text}`);
      return state === 'sent' ? true : undefined;
    });
    const outbox = await call('GET', `/accounts/${String(other)}/peppol_outbox`, undefined, {
      key: PROCESS_KEY_B,
    });
    expect(outbox.json.peppol_outbox, outbox.text).toMatchObject([
      { invoice_id: id, sender_id: '9920:ESB12345674', receiver_id: '0088:5790000436064' },
    ]);
    const document = await fetch(
      `${server.url}/peppol_outbox/${String(outbox.json.peppol_outbox[0].id)}/document`,
      {
        headers: processHeaders(PROCESS_KEY_B),
      },
    );
    expect(document.status).toBe(200);
    importedDocument = await document.text();
    expect(importedDocument).toContain('<cbc:ID>E2E-PEPPOL-1</cbc:ID>');
  });

  describe('the Peppol documents (sent, and sent again after the import), judged by the official rules (EN 16931, Peppol BIS 3)', () => {
    if (!HAS_JUDGE) {
      it.skip(JUDGE_SKIPPED, () => undefined);
      return;
    }
    it('have zero fatal findings', async () => {
      for (const document of [peppolDocument, importedDocument]) {
        expect(document, 'a Peppol document was not read').not.toBe('');
        const verdict = await judgeDocument(document);
        expect(fatalFindings(verdict), fatalFindings(verdict).join('\n')).toEqual([]);
        expect(verdict.specification).toBe(
          'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
        );
        // The XSD and the schematrons did run: a rule set that was unavailable would judge nothing.
        expect(verdict.ruleSets.map((set) => set.status)).not.toContain('unavailable');
      }
    }, 30_000);
  });

  it('the receiver got every state change, each signed with the subscription’s secret', async () => {
    const wanted = [
      ...journeys.flatMap((journey) =>
        (['sending', 'sent'] as const).map((state) => `issued_invoice ${String(journey.id)} ${state}`),
      ),
      ...journeys.flatMap((journey) =>
        journey.tax_report_ids.map((id) => `tax_report ${String(id)} registered`),
      ),
    ];
    const seen = () =>
      receiver.requests.map((request) => {
        const event = JSON.parse(request.body) as {
          code: string;
          data: { invoice_id?: number; tax_report_id?: number; state: string };
        };
        return event.code === 'issued_invoice.state_change'
          ? `issued_invoice ${String(event.data.invoice_id)} ${event.data.state}`
          : `${event.code.split('.')[0]} ${String(event.data.tax_report_id)} ${event.data.state}`;
      });
    await until('every webhook to arrive', async () =>
      wanted.every((line) => seen().includes(line)) ? true : undefined,
    );
    expect(seen()).toEqual(expect.arrayContaining(wanted));
    for (const request of receiver.requests) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/hooks');
      expect(signedBy(request.headers['x-b2brouter-signature'], request.body, secret), request.body).toBe(
        true,
      );
      expect(signedBy(request.headers['x-b2brouter-signature'], `${request.body} `, secret)).toBe(false);
    }
    // Each state change arrives once: the receiver answers 200 at once, so nothing is retried.
    expect(new Set(seen()).size, seen().join('\n')).toBe(seen().length);
  });
});
