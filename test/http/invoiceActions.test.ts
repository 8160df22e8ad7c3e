/**
 * The invoice actions over real HTTP (spec §4.6): POST /invoices/{id}/mark_as (the state machine, its
 * 409 and 422, the `issued_invoice.state_change` event), /ack, and /add_attachment(s) in multipart
 * and JSON (base64), with fiscalkit's download of one attachment.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { KEY, OTHER_KEY, startService, type TestService } from './harness.js';
import { createTestInvoice, insertAccount } from './invoiceSupport.js';

let service: TestService;
let account: number;
let invoiceId: number;
beforeEach(async () => {
  service = await startService();
  account = await insertAccount(service.ports);
  invoiceId = (await createTestInvoice(service, account)).id;
});
afterEach(async () => {
  await service.close();
});

const errorOf = (response: { status: number; json: { error: { code: string; param: string | null } } }) => [
  response.status,
  response.json.error.code,
  response.json.error.param,
];

const path = (action: string) => `/invoices/${String(invoiceId)}/${action}`;

describe('POST /invoices/{id}/mark_as', () => {
  it('changes the state, answers the full invoice and publishes issued_invoice.state_change', async () => {
    const response = await service.request('POST', path('mark_as'), {
      body: { state: 'sent', reason: 'e-mailed to the customer' },
    });
    expect(response.status).toBe(200);
    expect(response.json.invoice).toMatchObject({
      id: invoiceId,
      state: 'sent',
      state_reason: 'e-mailed to the customer',
      total: 677.75,
    });
    const events = await service.ports.events.list(account, { offset: 0, limit: 10 });
    expect(events.items.map(({ code, data }) => ({ code, data }))).toEqual([
      { code: 'issued_invoice.state_change', data: { invoice_id: invoiceId, state: 'sent', version: 3 } },
    ]);
    const accountEvents = await service.ports.store.accountEvents.list(account, { offset: 0, limit: 10 });
    expect(accountEvents.items.map(({ value }) => [value.type, value.name, value.state])).toContainEqual([
      'InvoiceEvent',
      'state_changed',
      'sent',
    ]);
  });

  it('409 conflict for a move the state forbids (closed is final), with the allowed moves in the message', async () => {
    await service.request('POST', path('mark_as'), { body: { state: 'paid' } });
    const back = await service.request('POST', path('mark_as'), { body: { state: 'new' } });
    expect(errorOf(back)).toEqual([409, 'conflict', 'state']);
    expect(back.json.error.message).toBe(
      'an invoice in state paid cannot be marked as new; it can be marked as registered, closed',
    );
    await service.request('POST', path('mark_as'), { body: { state: 'closed' } });
    const closed = await service.request('POST', path('mark_as'), { body: { state: 'paid' } });
    expect(errorOf(closed)).toEqual([409, 'conflict', 'state']);
    expect((await service.request('GET', `/invoices/${String(invoiceId)}`)).json.invoice.state).toBe(
      'closed',
    );
  });

  it('422 parameter_inclusion for a state the type does not take, parameter_blank without one; 400 for bad JSON', async () => {
    expect(errorOf(await service.request('POST', path('mark_as'), { body: { state: 'annotated' } }))).toEqual(
      [422, 'parameter_inclusion', 'state'],
    );
    expect(errorOf(await service.request('POST', path('mark_as'), { body: { state: 'PAID' } }))).toEqual([
      422,
      'parameter_inclusion',
      'state',
    ]);
    expect(errorOf(await service.request('POST', path('mark_as'), { body: {} }))).toEqual([
      422,
      'parameter_blank',
      'state',
    ]);
    expect(
      errorOf(await service.request('POST', path('mark_as'), { body: { state: 'sent', commit: 'yes' } })),
    ).toEqual([400, 'invalid_request_params', 'commit']);
    expect(errorOf(await service.request('POST', path('mark_as'), { body: '{"state": sent}' }))[1]).toBe(
      'invalid_request_params',
    );
  });

  it('404 for another group’s invoice', async () => {
    const response = await service.request('POST', path('mark_as'), {
      body: { state: 'sent' },
      key: OTHER_KEY,
    });
    expect(errorOf(response)).toEqual([404, 'resource_missing', 'id']);
    expect((await service.ports.events.list(account, { offset: 0, limit: 10 })).total_count).toBe(0);
  });
});

describe('POST /invoices/{id}/ack', () => {
  it('acknowledges the invoice (idempotent) and the list filters on it; 404 for another group', async () => {
    expect(errorOf(await service.request('POST', path('ack'), { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    const acked = await service.request('POST', path('ack'));
    expect(acked.status).toBe(200);
    expect(acked.json.invoice).toMatchObject({ ack: true, acknowledged_at: '2026-04-20T10:40:00.000Z' });
    service.ports.clock.advance(3_600_000);
    expect((await service.request('POST', path('ack'))).json.invoice.acknowledged_at).toBe(
      '2026-04-20T10:40:00.000Z',
    );
    await createTestInvoice(service, account);
    const list = await service.request('GET', `/accounts/${String(account)}/invoices?ack=true`);
    expect(list.json.invoices.map((invoice: { id: number }) => invoice.id)).toEqual([invoiceId]);
    expect(
      (await service.request('GET', `/accounts/${String(account)}/invoices?ack=0`)).json.meta.total_count,
    ).toBe(1);
  });
});

/** A multipart POST (the harness sends JSON only). */
async function postForm(action: string, form: FormData, key = KEY) {
  const response = await fetch(`${service.url}${path(action)}`, {
    method: 'POST',
    headers: { 'X-B2B-API-Key': key, 'X-B2B-API-Version': LATEST_API_VERSION },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) };
}

const PDF = new TextEncoder().encode('%PDF-1.7 fake');

describe('POST /invoices/{id}/add_attachment(s)', () => {
  it('multipart: one file with add_attachment, several with add_attachments; the bytes come back', async () => {
    const one = new FormData();
    one.append('file', new Blob([PDF], { type: 'application/pdf' }), 'po.pdf');
    const single = await postForm('add_attachment', one);
    expect(single.status).toBe(200);
    expect(single.json.invoice.attachments).toEqual([
      { id: expect.any(Number), filename: 'po.pdf', content_type: 'application/pdf', size: PDF.byteLength },
    ]);
    const many = new FormData();
    many.append('files[]', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'lines.csv');
    many.append('files[]', new Blob(['x']), '../../etc/passwd');
    const several = await postForm('add_attachments', many);
    expect(several.status).toBe(200);
    expect(
      several.json.invoice.attachments.map(
        (file: { filename: string; content_type: string; size: number }) => [
          file.filename,
          file.content_type,
          file.size,
        ],
      ),
    ).toEqual([
      ['po.pdf', 'application/pdf', PDF.byteLength],
      ['lines.csv', 'text/csv', 8],
      ['passwd', 'application/octet-stream', 1],
    ]);
    const [pdf] = several.json.invoice.attachments;
    const download = await fetch(`${service.url}${path(`attachments/${String(pdf.id)}`)}`, {
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': LATEST_API_VERSION },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('filename="po.pdf"');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
    const theirs = await fetch(`${service.url}${path(`attachments/${String(pdf.id)}`)}`, {
      headers: { 'X-B2B-API-Key': OTHER_KEY, 'X-B2B-API-Version': LATEST_API_VERSION },
    });
    expect(theirs.status).toBe(404);
  });

  it('multipart errors: an empty file, no file, a text value, two files on add_attachment, another group', async () => {
    const empty = new FormData();
    empty.append('file', new Blob([]), 'empty.pdf');
    expect(errorOf(await postForm('add_attachment', empty))).toEqual([422, 'parameter_empty', 'file']);
    const none = new FormData();
    none.append('note', 'hello');
    expect(errorOf(await postForm('add_attachment', none))).toEqual([422, 'parameter_blank', 'file']);
    expect(errorOf(await postForm('add_attachments', none))).toEqual([422, 'parameter_blank', 'files']);
    const text = new FormData();
    text.append('file', 'not a file');
    expect(errorOf(await postForm('add_attachment', text))).toEqual([400, 'invalid_request_params', 'file']);
    const two = new FormData();
    two.append('file', new Blob(['1']), 'a.txt');
    two.append('attachment', new Blob(['2']), 'b.txt');
    expect(errorOf(await postForm('add_attachment', two))).toEqual([422, 'parameter_invalid', 'file']);
    const emptySecond = new FormData();
    emptySecond.append('files[]', new Blob(['1']), 'a.txt');
    emptySecond.append('files[]', new Blob([]), 'b.txt');
    expect(errorOf(await postForm('add_attachments', emptySecond))).toEqual([
      422,
      'parameter_empty',
      'files[1]',
    ]);
    const valid = new FormData();
    valid.append('file', new Blob(['1']), 'a.txt');
    expect(errorOf(await postForm('add_attachment', valid, OTHER_KEY))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    expect((await service.request('GET', `/invoices/${String(invoiceId)}`)).json.invoice.attachments).toEqual(
      [],
    );
  });

  it('JSON with base64 content: one or several; bad base64, empty content and bad shapes name their field', async () => {
    const single = await service.request('POST', path('add_attachment'), {
      body: {
        attachment: { filename: 'note.txt', content_type: 'text/plain; charset=UTF-8', content: 'aGVsbG8=' },
      },
    });
    expect(single.status).toBe(200);
    expect(single.json.invoice.attachments).toEqual([
      { id: expect.any(Number), filename: 'note.txt', content_type: 'text/plain; charset=UTF-8', size: 5 },
    ]);
    const several = await service.request('POST', path('add_attachments'), {
      body: {
        attachments: [
          { filename: 'a.bin', content: 'AAEC' },
          { filename: 'b.bin', content: 'AAECAw' },
        ],
      },
    });
    expect(several.json.invoice.attachments.map((file: { size: number }) => file.size)).toEqual([5, 3, 4]);
    const cases: [string, unknown, number, string, string][] = [
      [
        'add_attachment',
        { attachment: { filename: 'x', content: 'not base64!' } },
        422,
        'parameter_invalid',
        'attachment.content',
      ],
      [
        'add_attachment',
        { attachment: { filename: 'x', content: '' } },
        422,
        'parameter_empty',
        'attachment.content',
      ],
      ['add_attachment', { attachment: { filename: 'x' } }, 422, 'parameter_blank', 'attachment.content'],
      ['add_attachment', { attachment: { content: 'aGk=' } }, 422, 'parameter_blank', 'attachment.filename'],
      [
        'add_attachment',
        { attachment: { filename: 'x', content: 'aGk=', content_type: 'pdf' } },
        422,
        'parameter_invalid',
        'attachment.content_type',
      ],
      [
        'add_attachment',
        { attachment: { filename: 'x', content: 12 } },
        400,
        'invalid_request_params',
        'attachment.content',
      ],
      ['add_attachment', {}, 422, 'parameter_blank', 'attachment'],
      ['add_attachments', { attachments: [] }, 422, 'parameter_empty', 'attachments'],
      ['add_attachments', { attachments: { filename: 'x' } }, 400, 'invalid_request_params', 'attachments'],
      [
        'add_attachments',
        {
          attachments: [
            { filename: 'x', content: 'aGk=' },
            { filename: 'y', content: 'a' },
          ],
        },
        422,
        'parameter_invalid',
        'attachments[1].content',
      ],
    ];
    for (const [action, body, status, code, param] of cases)
      expect([param, ...errorOf(await service.request('POST', path(action), { body }))]).toEqual([
        param,
        status,
        code,
        param,
      ]);
    expect(
      (await service.request('GET', `/invoices/${String(invoiceId)}`)).json.invoice.attachments,
    ).toHaveLength(3);
  });

  it('deleting the invoice removes the files from the blob port', async () => {
    const added = await service.request('POST', path('add_attachment'), {
      body: { attachment: { filename: 'n.txt', content: 'aGk=' } },
    });
    const [file] = added.json.invoice.attachments;
    expect(await service.ports.blobs.get(account, file.id)).not.toBeNull();
    expect((await service.request('DELETE', `/invoices/${String(invoiceId)}`)).status).toBe(200);
    expect(await service.ports.blobs.get(account, file.id)).toBeNull();
  });
});

describe('an archived account is read-only (tenancy.ts activeAccount)', () => {
  it('refuses every invoice write with 409 conflict at account, keeps reads, and allows them again after unarchive', async () => {
    expect((await service.request('DELETE', `/accounts/${String(account)}`)).status).toBe(200);
    const writes: [string, string, unknown][] = [
      ['POST', `/accounts/${String(account)}/invoices`, { invoice: { number: 'X', date: '2026-04-20' } }],
      ['PATCH', `/invoices/${String(invoiceId)}`, { invoice: { notes: 'x' } }],
      ['POST', `/invoices/${String(invoiceId)}/mark_as`, { state: 'sent' }],
      ['POST', `/invoices/${String(invoiceId)}/ack`, {}],
      ['DELETE', `/invoices/${String(invoiceId)}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const response = await service.request(method, path, body === undefined ? {} : { body });
      expect([
        method,
        path,
        response.status,
        response.json?.error?.code,
        response.json?.error?.param,
      ]).toEqual([method, path, 409, 'conflict', 'account']);
    }
    expect((await service.request('GET', `/invoices/${String(invoiceId)}`)).status).toBe(200);
    expect((await service.request('POST', `/accounts/${String(account)}/unarchive`)).status).toBe(200);
    const marked = await service.request('POST', `/invoices/${String(invoiceId)}/mark_as`, {
      body: { state: 'sent' },
    });
    expect([marked.status, marked.json.invoice.state]).toEqual([200, 'sent']);
  });
});
