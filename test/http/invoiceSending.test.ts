/**
 * The sending routes over HTTP (issue #23, docs/sending.md): validate, send_invoice with
 * Idempotency-Key, import (JSON as the official PHP client sends it, and a UBL document), deliveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryChannel, OutgoingDocument } from '../../src/ports.js';
import { createAccount, startService, type TestService } from './harness.js';
import { createTestInvoice, invoiceBody } from './invoiceSupport.js';

class RecordingChannel implements DeliveryChannel {
  readonly sent: OutgoingDocument[] = [];
  async send(document: OutgoingDocument) {
    this.sent.push(document);
    return { message_id: `m-${String(this.sent.length)}`, detail: 'taken' };
  }
}

let service: TestService;
let account: number;
const peppol = new RecordingChannel();
/** One VAT-only line: EN 16931 documents carry no withholding (`en16931.write.withholding`). */
const LINES = [
  {
    description: 'Consulting',
    quantity: '10',
    price: '45.50',
    taxes_attributes: [{ name: 'IVA', percent: '21' }],
  },
];
const PEPPOL_CONTACT = {
  name: 'Distribuciones Norte SA',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'B76543214',
  transport_type_code: 'peppol',
};

beforeAll(async () => {
  service = await startService();
  service.ports.channels = { peppol };
  account = await createAccount(service);
});

afterAll(async () => {
  await service.close();
});

describe('GET /invoices/{id}/validate and POST /invoices/send_invoice/{id}', () => {
  it('validates, sends with tax_report_ids at the top level, and a keyed retry answers the same bytes', async () => {
    const invoice = await createTestInvoice(service, account, {
      contact: PEPPOL_CONTACT,
      invoice_lines_attributes: LINES,
      buyer_reference: 'PO-1',
    });
    const validation = await service.request('GET', `/invoices/${String(invoice.id)}/validate`);
    expect(validation.status).toBe(200);
    expect(validation.json).toMatchObject({ valid: true, errors: [] });
    const headers = { 'Idempotency-Key': 'send-1' };
    const first = await service.request('POST', `/invoices/send_invoice/${String(invoice.id)}`, { headers });
    expect(first.status).toBe(200);
    expect(first.json.tax_report_ids).toEqual([]);
    expect(first.json.invoice).toMatchObject({ id: invoice.id, state: 'sending' });
    await service.fiscalkit.worker.drain();
    const replay = await service.request('POST', `/invoices/send_invoice/${String(invoice.id)}`, { headers });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(peppol.sent.filter((document) => document.invoice_id === invoice.id)).toHaveLength(1);
    const deliveries = await service.request('GET', `/invoices/${String(invoice.id)}/deliveries`);
    expect(deliveries.json.deliveries).toMatchObject([
      { status: 'delivered', transport: 'peppol', message_id: expect.any(String) },
    ]);
    expect((await service.request('GET', `/invoices/${String(invoice.id)}`)).json.invoice.state).toBe('sent');
  });

  it('an invoice whose document cannot be written: validate lists the rule, send is 422 and changes nothing', async () => {
    const invoice = await createTestInvoice(service, account, {
      contact: PEPPOL_CONTACT,
      invoice_lines_attributes: LINES,
    });
    const validation = await service.request('GET', `/invoices/${String(invoice.id)}/validate`);
    expect(validation.json.valid).toBe(false);
    expect(validation.json.errors.map((error: { rule: string }) => error.rule)).toContain(
      'en16931.write.buyer-reference',
    );
    const sent = await service.request('POST', `/invoices/send_invoice/${String(invoice.id)}`);
    expect(sent.status).toBe(422);
    expect(sent.json.error).toMatchObject({
      code: expect.any(String),
      message: expect.stringContaining('buyer_reference'),
    });
    expect((await service.request('GET', `/invoices/${String(invoice.id)}`)).json.invoice.state).toBe('new');
  });
});

describe('the official example invoices.php', () => {
  it('validate, send to a download-only contact (200, error), mark as sent, delete: no error response', async () => {
    const invoice = await createTestInvoice(service, account, {
      contact: { name: 'Acme Corporation', tin_value: 'ESP9109010J', country: 'ES' },
    });
    const validation = await service.request('GET', `/invoices/${String(invoice.id)}/validate`);
    expect(validation.status).toBe(200);
    expect(validation.json).toMatchObject({ transport_type_code: 'none', document_type_code: 'none' });
    const sent = await service.request('POST', `/invoices/send_invoice/${String(invoice.id)}`);
    expect(sent.status).toBe(200);
    expect(sent.json.invoice.state).toBe('error');
    expect(sent.json.invoice.state_reason).toContain('nothing to send');
    const deliveries = await service.request('GET', `/invoices/${String(invoice.id)}/deliveries`);
    expect(deliveries.json.deliveries).toMatchObject([{ status: 'skipped', transport: 'none' }]);
    const marked = await service.request('POST', `/invoices/${String(invoice.id)}/mark_as`, {
      body: { state: 'sent' },
    });
    expect(marked.status).toBe(200);
    expect((await service.request('DELETE', `/invoices/${String(invoice.id)}`)).status).toBe(200);
  });
});

describe('POST /accounts/{account}/invoices/import', () => {
  it('imports the PHP client JSON with send_after_import, and a UBL document with ?send_after_import=true', async () => {
    const json = await service.request('POST', `/accounts/${String(account)}/invoices/import`, {
      body: {
        ...invoiceBody({
          contact: PEPPOL_CONTACT,
          invoice_lines_attributes: LINES,
          buyer_reference: 'PO-2',
        }),
        send_after_import: true,
      },
    });
    expect(json.status).toBe(201);
    expect(json.json.invoice.state).toBe('sending');
    const source = await createTestInvoice(service, account, {
      contact: PEPPOL_CONTACT,
      invoice_lines_attributes: LINES,
      buyer_reference: 'PO-3',
      number: 'UBL-9',
    });
    const ubl = await service.request('GET', `/invoices/${String(source.id)}/as/xml.ubl.invoice.bis3`);
    expect(ubl.status).toBe(200);
    const other = await createAccount(service, {
      name: 'Otra SL',
      tin_value: 'A58818501',
      transport_type_code: 'peppol',
    });
    const imported = await service.request(
      'POST',
      `/accounts/${String(other)}/invoices/import?send_after_import=true`,
      {
        body: ubl.text,
        headers: { 'Content-Type': 'application/xml' },
      },
    );
    expect(imported.status).toBe(201);
    expect(imported.json.invoice).toMatchObject({ number: 'UBL-9', state: 'sending', total: source.total });
    await service.fiscalkit.worker.drain();
    expect(
      peppol.sent.some((document) => document.account_id === other && document.invoice_number === 'UBL-9'),
    ).toBe(true);
  });

  it('refuses a DOCTYPE with 422 in the spec shape', async () => {
    const refused = await service.request('POST', `/accounts/${String(account)}/invoices/import`, {
      body: '<!DOCTYPE x [<!ENTITY e "x">]><Invoice/>',
      headers: { 'Content-Type': 'application/xml' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
      type: expect.any(String),
    });
  });
});
