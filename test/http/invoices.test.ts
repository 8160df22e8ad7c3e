/**
 * The invoice endpoints over real HTTP (spec §4.6): create, get with `include`, list with the `type`
 * filter and paging, PUT, PATCH, DELETE; every error each can answer with its param; exact money on
 * the wire; tenant isolation (another group's invoice or account is 404 on every route).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeTotals } from '../../src/totals/computeTotals.js';
import { KEY, OTHER_KEY, startService, type TestService } from './harness.js';
import { createTestInvoice, INLINE_CONTACT_TIN, insertAccount, invoiceBody } from './invoiceSupport.js';

let service: TestService;
let account: number;
beforeEach(async () => {
  service = await startService();
  account = await insertAccount(service.ports);
});
afterEach(async () => {
  await service.close();
});

const errorOf = (response: { status: number; json: { error: { code: string; param: string | null } } }) => [
  response.status,
  response.json.error.code,
  response.json.error.param,
];

const invoicesPath = () => `/accounts/${String(account)}/invoices`;

describe('POST /accounts/{account}/invoices', () => {
  it('answers 201 with the full invoice: state new, the linked contact, the totals, line ids', async () => {
    const response = await service.request('POST', invoicesPath(), { body: invoiceBody({ number: 'F-1' }) });
    expect(response.status).toBe(201);
    const invoice = response.json.invoice;
    expect(invoice).toMatchObject({
      id: expect.any(Number),
      account_id: account,
      type: 'IssuedInvoice',
      number: 'F-1',
      state: 'new',
      currency: 'EUR',
      contact_id: expect.any(Number),
      contact: {
        name: 'Distribuciones Norte SA',
        tin_value: INLINE_CONTACT_TIN,
        tin_scheme: '9920',
        country: 'ES',
      },
      total: 677.75,
      payable_amount: 677.75,
      ack: false,
      attachments: [],
      invoice_references: [],
    });
    expect(invoice.lines.map((line: { id: number }) => typeof line.id)).toEqual(['number', 'number']);
    // Write-only and expandable fields are not in the default representation (spec §2.4, §2.5 rule 3).
    for (const hidden of ['total_amount_due', 'third_party', 'apply_to_local_government_unit'])
      expect(Object.hasOwn(invoice, hidden)).toBe(false);
    const contact = await service.ports.store.contacts.get(account, invoice.contact_id);
    expect(contact?.value.tin_value).toBe(INLINE_CONTACT_TIN);
  });

  it('writes the exact totals of the engine (a 3-line invoice, the account’s flags)', async () => {
    const lines = [
      { quantity: '3', price: '19.99', taxes_attributes: [{ name: 'IVA', percent: '21' }] },
      { quantity: '0.333', price: '7.77', taxes_attributes: [{ name: 'IVA', percent: '10' }] },
      {
        quantity: '2',
        price: '0.015',
        taxes_attributes: [
          { name: 'IVA', percent: '4' },
          { name: 'IRPF', percent: '-15' },
        ],
      },
    ];
    const response = await service.request('POST', invoicesPath(), {
      body: invoiceBody({ invoice_lines_attributes: lines }),
    });
    expect(response.status).toBe(201);
    const stored = (await service.ports.store.accounts.get(account, account))?.value;
    const expected = computeTotals({
      currency: 'EUR',
      rounding_method: 'half_up',
      apply_taxes_per_line: stored?.apply_taxes_per_line,
      skip_line_taxable_base_rounding: stored?.skip_line_taxable_base_rounding,
      lines: lines.map((line) => ({
        quantity: line.quantity,
        price: line.price,
        taxes: line.taxes_attributes,
      })),
    }).totals;
    expect(String(response.lossless.invoice.total)).toBe(expected.total);
    expect(response.text).toContain(`"total":${expected.total},"payable_amount":${expected.payable_amount}`);
    expect(expected.total).toBe('75.44');
    // Quantities and prices leave as JSON numbers with the digits they were given.
    expect(response.text).toContain('"quantity":0.333,"price":7.77');
    expect(response.text).toContain('"price":0.015');
  });

  it('400 invalid_request_params: malformed JSON, no wrapper, wrong JSON types', async () => {
    const malformed = await service.request('POST', invoicesPath(), { body: '{"invoice": {"number": ' });
    expect(errorOf(malformed).slice(0, 2)).toEqual([400, 'invalid_request_params']);
    const unwrapped = await service.request('POST', invoicesPath(), { body: { number: 'F-1' } });
    expect(errorOf(unwrapped)).toEqual([400, 'invalid_request_params', 'invoice']);
    const wrongType = await service.request('POST', invoicesPath(), {
      body: invoiceBody({ is_credit_note: 'yes' }),
    });
    expect(errorOf(wrongType)).toEqual([400, 'invalid_request_params', 'is_credit_note']);
    const numberAsNumber = await service.request('POST', invoicesPath(), {
      body: '{"invoice": {"number": 7, "date": "2026-04-20", "contact_id": 1, "invoice_lines_attributes": []}}',
    });
    expect(errorOf(numberAsNumber)).toEqual([400, 'invalid_request_params', 'number']);
    const linesNotAList = await service.request('POST', invoicesPath(), {
      body: invoiceBody({ invoice_lines_attributes: { quantity: '1' } }),
    });
    expect(errorOf(linesNotAList)).toEqual([400, 'invalid_request_params', 'invoice_lines_attributes']);
  });

  it('422 parameter_blank for an inline contact without tin_value or cin_value (v2026-04-20), param contact', async () => {
    const anonymous = invoiceBody({ contact: { name: 'Ana', country: 'ES' } });
    const refused = await service.request('POST', invoicesPath(), { body: anonymous, version: '2026-04-20' });
    expect(errorOf(refused)).toEqual([422, 'parameter_blank', 'contact']);
    expect(refused.json.error.type).toBe('invalid_request_error');
    expect(refused.json.error.request_log_url).toMatch(/\/request_logs\/\d+$/);
    const older = await service.request('POST', invoicesPath(), { body: anonymous, version: '2026-03-02' });
    expect(older.status).toBe(201);
    expect(older.json.invoice.contact_id).toBeNull();
    const simplified = await service.request('POST', invoicesPath(), {
      body: invoiceBody({ type: 'IssuedSimplifiedInvoice', contact: { name: 'Ana', country: 'ES' } }),
    });
    expect(simplified.status).toBe(201);
  });

  it('422 field errors with their params', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: '' }, 'parameter_blank', 'number'],
      [{ date: '2026-02-30' }, 'parameter_invalid', 'date'],
      [{ type: 'Proforma' }, 'parameter_inclusion', 'type'],
      [{ currency: 'XYZ' }, 'parameter_inclusion', 'currency'],
      [{ invoice_lines_attributes: [] }, 'parameter_empty', 'invoice_lines_attributes'],
      [{ contact: undefined }, 'parameter_blank', 'contact_id'],
      [{ contact: undefined, contact_id: 999 }, 'parameter_invalid', 'contact_id'],
      [{ total_amount_due: '10.00' }, 'parameter_invalid', 'total_amount_due'],
      [{ state: 'paid' }, 'parameter_invalid', 'state'],
      [{ contact: { country: 'ES', tin_value: 'B1' } }, 'parameter_blank', 'contact.name'],
      [{ bank_account: { iban: 'ES9121000418450200051333' } }, 'parameter_invalid', 'bank_account.iban'],
      [{ apply_to_local_government_unit: true }, 'parameter_blank', 'third_party'],
      [
        {
          invoice_references: [
            { reference_type: 'amend', number: 'A-1' },
            { reference_type: 'amend', number: 'A-2' },
          ],
        },
        'parameter_invalid',
        'invoice_references',
      ],
      [
        { invoice_lines_attributes: [{ quantity: '1', price: 'ten', taxes_attributes: [] }] },
        'parameter_invalid',
        'invoice_lines_attributes[0].price',
      ],
    ];
    for (const [overrides, code, param] of cases) {
      const response = await service.request('POST', invoicesPath(), { body: invoiceBody(overrides) });
      expect([param, ...errorOf(response)]).toEqual([param, 422, code, param]);
    }
    expect((await service.ports.store.invoices.list(account, { offset: 0, limit: 5 })).total_count).toBe(0);
  });

  it('422 parameter_taken for a number already used in the account (another series is another number)', async () => {
    expect(
      (await service.request('POST', invoicesPath(), { body: invoiceBody({ number: 'F-7' }) })).status,
    ).toBe(201);
    const again = await service.request('POST', invoicesPath(), { body: invoiceBody({ number: 'F-7' }) });
    expect(errorOf(again)).toEqual([422, 'parameter_taken', 'number']);
    const otherSeries = await service.request('POST', invoicesPath(), {
      body: invoiceBody({ number: 'F-7', series_code: 'R' }),
    });
    expect(otherSeries.status).toBe(201);
  });

  it('404 resource_missing for another group’s account, an unknown one, or a malformed id', async () => {
    const theirs = await insertAccount(service.ports, {}, 2);
    for (const path of [
      `/accounts/${String(theirs)}/invoices`,
      '/accounts/999999/invoices',
      '/accounts/abc/invoices',
    ]) {
      const response = await service.request('POST', path, { body: invoiceBody() });
      expect(errorOf(response)).toEqual([404, 'resource_missing', 'account']);
    }
    // The other group reaches its own account.
    const own = await service.request('POST', `/accounts/${String(theirs)}/invoices`, {
      body: invoiceBody(),
      key: OTHER_KEY,
    });
    expect(own.status).toBe(201);
  });
});

describe('GET /invoices/{id}', () => {
  it('answers the invoice; include adds the expandable fields (spec §2.5 rule 3)', async () => {
    const created = await createTestInvoice(service, account, {
      apply_to_vat_group_member: true,
      third_party: { role: 'vat_group_member', name: 'Grupa VAT', tin_value: '5260250274', country: 'PL' },
    });
    const plain = await service.request('GET', `/invoices/${String(created.id)}`);
    expect(plain.status).toBe(200);
    expect(Object.hasOwn(plain.json.invoice, 'third_party')).toBe(false);
    const included = await service.request(
      'GET',
      `/invoices/${String(created.id)}?include=third_party,apply_to_vat_group_member`,
    );
    expect(included.json.invoice).toMatchObject({
      apply_to_vat_group_member: true,
      third_party: { role: 'vat_group_member', name: 'Grupa VAT', country: 'PL' },
    });
    expect(Object.hasOwn(included.json.invoice, 'apply_to_local_government_unit')).toBe(false);
    const bad = await service.request('GET', `/invoices/${String(created.id)}?include=lines`);
    expect(errorOf(bad)).toEqual([422, 'parameter_inclusion', 'include']);
  });

  it('404 for another group’s invoice and for an unknown one', async () => {
    const created = await createTestInvoice(service, account);
    const theirs = await service.request('GET', `/invoices/${String(created.id)}`, { key: OTHER_KEY });
    expect(errorOf(theirs)).toEqual([404, 'resource_missing', 'id']);
    expect(errorOf(await service.request('GET', '/invoices/424242'))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    expect(errorOf(await service.request('GET', '/invoices/0'))).toEqual([404, 'resource_missing', 'id']);
  });
});

describe('GET /accounts/{account}/invoices', () => {
  it('filters by type (default IssuedInvoice) and pages with meta; entries carry the contact’s cin fields', async () => {
    for (const number of ['A-1', 'A-2', 'A-3'])
      await createTestInvoice(service, account, {
        number,
        contact: {
          name: 'Norte',
          country: 'ES',
          tin_value: INLINE_CONTACT_TIN,
          cin_value: '8412345678905',
          cin_scheme: '0088',
        },
      });
    await createTestInvoice(service, account, { number: 'R-1', type: 'ReceivedInvoice' });
    const page = await service.request('GET', `${invoicesPath()}?offset=1&limit=1`);
    expect(page.status).toBe(200);
    expect(page.json.meta).toEqual({ total_count: 3, offset: 1, limit: 1, total: 3 });
    expect(page.json.invoices.map((invoice: { number: string }) => invoice.number)).toEqual(['A-2']);
    expect(page.json.invoices[0].contact).toMatchObject({ cin_value: '8412345678905', cin_scheme: '0088' });
    const all = await service.request('GET', invoicesPath());
    expect(all.json.meta).toEqual({ total_count: 3, offset: 0, limit: 25, total: 3 });
    const received = await service.request('GET', `${invoicesPath()}?type=ReceivedInvoice`);
    expect(received.json.invoices.map((invoice: { number: string }) => invoice.number)).toEqual(['R-1']);
    const none = await service.request('GET', `${invoicesPath()}?type=IssuedSelfInvoice`);
    expect(none.json).toEqual({ invoices: [], meta: { total_count: 0, offset: 0, limit: 25, total: 0 } });
  });

  it('422 for a bad type or page, 400 for a flag that is not a boolean; 404 for another group’s account', async () => {
    expect(errorOf(await service.request('GET', `${invoicesPath()}?type=Invoice`))).toEqual([
      422,
      'parameter_inclusion',
      'type',
    ]);
    expect(errorOf(await service.request('GET', `${invoicesPath()}?limit=501`))).toEqual([
      422,
      'parameter_invalid',
      'limit',
    ]);
    // Not a boolean at all: the wrong type, 400 (spec §7.2), as in a body.
    expect(errorOf(await service.request('GET', `${invoicesPath()}?ack=perhaps`))).toEqual([
      400,
      'invalid_request_params',
      'ack',
    ]);
    expect(errorOf(await service.request('GET', invoicesPath(), { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
  });
});

describe('PUT and PATCH /invoices/{id}', () => {
  it('PATCH edits lines by id, adds and deletes; answers 200 with the recomputed invoice', async () => {
    const created = await createTestInvoice(service, account);
    const [first, second] = created.lines;
    const response = await service.request('PATCH', `/invoices/${String(created.id)}`, {
      body: {
        invoice: {
          notes: 'Thanks',
          invoice_lines_attributes: [
            { id: first?.id, quantity: '1' },
            { id: second?.id, _destroy: true },
            { quantity: '1', price: '100', taxes_attributes: [{ name: 'IVA', percent: '21' }] },
          ],
        },
      },
    });
    expect(response.status).toBe(200);
    expect(response.json.invoice).toMatchObject({ notes: 'Thanks', total: 176.06, number: created.number });
    expect(response.json.invoice.lines.map((line: { id: number }) => line.id)[0]).toBe(first?.id);
    expect(response.json.invoice.lines).toHaveLength(2);
  });

  it('PUT changes only what it sends, like PATCH (issue #19): lines by id, nothing required', async () => {
    const created = await createTestInvoice(service, account, { ponumber: 'PO-9' });
    const replaced = await service.request('PUT', `/invoices/${String(created.id)}`, {
      body: {
        invoice: {
          date: '2026-04-22',
          invoice_lines_attributes: [
            { quantity: '2', price: '10', taxes_attributes: [{ name: 'IVA', percent: '21' }] },
          ],
        },
      },
    });
    expect(replaced.status).toBe(200);
    // The new line is added to the two stored ones (677.75 + 24.20).
    expect(replaced.json.invoice).toMatchObject({
      date: '2026-04-22',
      total: 701.95,
      ponumber: 'PO-9',
      number: created.number,
    });
    expect(replaced.json.invoice.lines).toHaveLength(3);
    const renamed = await service.request('PUT', `/invoices/${String(created.id)}`, {
      body: { invoice: { ponumber: 'PO-10' } },
    });
    expect([renamed.status, renamed.json.invoice.ponumber, renamed.json.invoice.lines.length]).toEqual([
      200,
      'PO-10',
      3,
    ]);
  });

  it('errors: 400 wrong type, 422 parameter_taken / parameter_invalid, 409 once sent, 404 for another group', async () => {
    const created = await createTestInvoice(service, account, { number: 'P-1' });
    await createTestInvoice(service, account, { number: 'P-2' });
    const path = `/invoices/${String(created.id)}`;
    expect(errorOf(await service.request('PATCH', path, { body: { invoice: { date: 20260420 } } }))).toEqual([
      400,
      'invalid_request_params',
      'date',
    ]);
    expect(errorOf(await service.request('PATCH', path, { body: { invoice: { number: 'P-2' } } }))).toEqual([
      422,
      'parameter_taken',
      'number',
    ]);
    expect(
      errorOf(
        await service.request('PATCH', path, {
          body: { invoice: { invoice_lines_attributes: [{ id: 1e9, _destroy: true }] } },
        }),
      ),
    ).toEqual([422, 'parameter_invalid', 'invoice_lines_attributes[0].id']);
    expect(errorOf(await service.request('PATCH', path, { body: { invoice: { state: 'sent' } } }))).toEqual([
      422,
      'parameter_invalid',
      'state',
    ]);
    for (const method of ['PATCH', 'PUT'])
      expect(
        errorOf(
          await service.request(method, path, { body: invoiceBody({ number: 'P-1' }), key: OTHER_KEY }),
        ),
      ).toEqual([404, 'resource_missing', 'id']);
    await service.request('POST', `${path}/mark_as`, { body: { state: 'sent' } });
    const sent = await service.request('PATCH', path, { body: { invoice: { notes: 'late' } } });
    expect(errorOf(sent)).toEqual([409, 'conflict', null]);
    expect(sent.json.error.message).toMatch(/only invoices in state new or error can be edited/);
  });
});

describe('DELETE /invoices/{id}', () => {
  it('answers the full invoice and removes it; 409 once answered; 404 for another group', async () => {
    const created = await createTestInvoice(service, account);
    const path = `/invoices/${String(created.id)}`;
    expect(errorOf(await service.request('DELETE', path, { key: OTHER_KEY }))).toEqual([
      404,
      'resource_missing',
      'id',
    ]);
    const deleted = await service.request('DELETE', path);
    expect(deleted.status).toBe(200);
    expect(deleted.json.invoice).toMatchObject({ id: created.id, number: created.number, total: 677.75 });
    expect((await service.request('GET', path)).status).toBe(404);
    // Issue #23 (docs/sending.md "Deleting"): an invoice only marked sent, never delivered, may go;
    // one the customer answered may not.
    const accepted = await createTestInvoice(service, account);
    await service.request('POST', `/invoices/${String(accepted.id)}/mark_as`, {
      body: { state: 'accepted' },
    });
    expect(errorOf(await service.request('DELETE', `/invoices/${String(accepted.id)}`))).toEqual([
      409,
      'conflict',
      null,
    ]);
    const marked = await createTestInvoice(service, account);
    await service.request('POST', `/invoices/${String(marked.id)}/mark_as`, { body: { state: 'sent' } });
    expect((await service.request('DELETE', `/invoices/${String(marked.id)}`)).status).toBe(200);
  });
});

describe('review of issue #8: numbers and tax reports over HTTP', () => {
  it('PATCH cannot give a received invoice an inline supplier that already has its number (422)', async () => {
    const supplier = (tin_value: string) => ({ name: `S ${tin_value}`, country: 'ES', tin_value });
    const received = { type: 'ReceivedInvoice', number: 'N-1' };
    const first = await createTestInvoice(service, account, { ...received, contact: supplier('B11111111') });
    const second = await createTestInvoice(service, account, { ...received, contact: supplier('B22222222') });
    const path = `/invoices/${String(second.id)}`;
    const patched = await service.request('PATCH', path, {
      body: { invoice: { contact: supplier('B11111111') } },
    });
    expect(errorOf(patched)).toEqual([422, 'parameter_taken', 'number']);
    expect((await service.request('GET', path)).json.invoice.contact_id).toBe(second.contact_id);
    expect(first.contact_id).not.toBe(second.contact_id);
  });

  it('an invoice with a standing tax report answers 409 to PUT, PATCH and DELETE until the report is annulled', async () => {
    const created = await createTestInvoice(service, account, { notes: 'as reported' });
    const path = `/invoices/${String(created.id)}`;
    const generated = await service.request('POST', `${path}/generate_tax_report`, {
      body: { type: 'SiiDocument' },
    });
    expect(generated.status).toBe(201);
    const reportId = generated.json.tax_report.id as number;
    const attempts: [string, unknown][] = [
      ['PATCH', { invoice: { notes: 'changed' } }],
      ['PUT', invoiceBody({ number: created.number })],
      ['DELETE', undefined],
    ];
    for (const [method, body] of attempts) {
      const response = await service.request(method, path, body === undefined ? {} : { body });
      expect([method, ...errorOf(response)]).toEqual([method, 409, 'conflict', null]);
      expect(response.json.error.message).toContain(`tax report ${String(reportId)}`);
    }
    expect((await service.request('GET', path)).json.invoice.notes).toBe('as reported');
    expect((await service.request('DELETE', `/tax_reports/${String(reportId)}`)).status).toBe(200);
    const patched = await service.request('PATCH', path, { body: { invoice: { notes: 'changed' } } });
    expect([patched.status, patched.json.invoice.notes]).toEqual([200, 'changed']);
    expect((await service.request('DELETE', path)).status).toBe(200);
  });
});

describe('tenant isolation and limits', () => {
  it('every invoice route answers 404 resource_missing for another group’s invoice, and changes nothing', async () => {
    const created = await createTestInvoice(service, account);
    const id = String(created.id);
    const routes: [string, string, unknown][] = [
      ['GET', `/invoices/${id}`, undefined],
      ['GET', `/invoices/${id}?include=third_party`, undefined],
      ['PUT', `/invoices/${id}`, invoiceBody({ number: created.number })],
      ['PATCH', `/invoices/${id}`, { invoice: { notes: 'theirs' } }],
      ['DELETE', `/invoices/${id}`, undefined],
      ['POST', `/invoices/${id}/mark_as`, { state: 'sent' }],
      ['POST', `/invoices/${id}/ack`, undefined],
      ['POST', `/invoices/${id}/add_attachment`, { attachment: { filename: 'a.txt', content: 'aGk=' } }],
      ['POST', `/invoices/${id}/add_attachments`, { attachments: [{ filename: 'a.txt', content: 'aGk=' }] }],
      ['GET', `/invoices/${id}/attachments/1`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const response = await service.request(method, path, {
        key: OTHER_KEY,
        ...(body === undefined ? {} : { body }),
      });
      expect([method, path, ...errorOf(response)]).toEqual([method, path, 404, 'resource_missing', 'id']);
    }
    const after = await service.request('GET', `/invoices/${id}`);
    expect(after.json.invoice).toMatchObject({ state: 'new', ack: false, notes: null, attachments: [] });
  });

  it('409 conflict for a create in an archived account; 413 for a body over the limit', async () => {
    const archived = await insertAccount(service.ports, { archived: true });
    const refused = await service.request('POST', `/accounts/${String(archived)}/invoices`, {
      body: invoiceBody(),
    });
    expect(errorOf(refused)).toEqual([409, 'conflict', 'account']);
    await service.close();
    service = await startService({ http: { max_body_bytes: 2_000 } });
    account = await insertAccount(service.ports);
    const big = invoiceBody({ notes: 'x'.repeat(3_000) });
    const tooLarge = await service.request('POST', invoicesPath(), { body: big });
    expect([tooLarge.status, tooLarge.json.error.code]).toEqual([413, 'request_too_large']);
    const created = await createTestInvoice(service, account);
    const form = new FormData();
    form.append('file', new Blob(['y'.repeat(3_000)]), 'big.txt');
    const upload = await fetch(`${service.url}/invoices/${String(created.id)}/add_attachment`, {
      method: 'POST',
      headers: { 'X-B2B-API-Key': KEY, 'X-B2B-API-Version': '2026-04-20' },
      body: form,
    });
    expect(upload.status).toBe(413);
    expect(((await upload.json()) as { error: { code: string } }).error.code).toBe('request_too_large');
  });

  it('the type of an invoice cannot change (422 parameter_cannot_change)', async () => {
    const created = await createTestInvoice(service, account);
    const response = await service.request('PATCH', `/invoices/${String(created.id)}`, {
      body: { invoice: { type: 'ReceivedInvoice' } },
    });
    expect(errorOf(response)).toEqual([422, 'parameter_cannot_change', 'type']);
  });
});
