/**
 * The version differences that show on invoices over real HTTP (spec §9; api-notes.md §3): statuses
 * (201 / 200 / 204), the misspelt `clasification_code_scheme` before v2026-04-20, the flat amendment
 * fields versus `invoice_references`, the v2026-04-20 additions (`exchange_rate`, `order_date`, the
 * contact's cin fields, `third_party`), `type_document`, the legacy `client` and paths, and the list
 * `type` filter that the legacy version lacks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from './harness.js';
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

const invoicesPath = () => `/accounts/${String(account)}/invoices`;

async function get(id: number, version: string, query = '') {
  const response = await service.request('GET', `/invoices/${String(id)}${query}`, { version });
  expect(response.status).toBe(200);
  return response.json.invoice;
}

describe('statuses per version (spec §2.1, api-notes.md §3.2)', () => {
  it('create: 201 from v2026-03-02, 200 in v2025-10-13, 204 with Location in the legacy version', async () => {
    for (const [version, status] of [
      ['2026-06-26', 201],
      ['2026-04-20', 201],
      ['2026-03-02', 201],
      ['2025-10-13', 200],
    ] as const) {
      const response = await service.request('POST', invoicesPath(), { body: invoiceBody(), version });
      expect([version, response.status]).toEqual([version, status]);
      expect(response.json.invoice.state).toBe('new');
    }
    const legacy = await service.request('POST', `/projects/${String(account)}/invoices`, {
      body: invoiceBody({ number: 'L-1' }),
      version: '2025-01-01',
    });
    expect(legacy.status).toBe(204);
    expect(legacy.text).toBe('');
    const location = legacy.headers.get('location') ?? '';
    expect(location).toMatch(/\/invoices\/\d+$/);
    const id = Number(location.split('/').pop());
    expect((await get(id, '2026-04-20')).number).toBe('L-1');
  });

  it('writes: 200 with the invoice from v2025-10-13, 204 without a body in the legacy version', async () => {
    const invoice = await createTestInvoice(service, account);
    const path = `/invoices/${String(invoice.id)}`;
    const modern = await service.request('PATCH', path, {
      body: { invoice: { notes: 'a' } },
      version: '2025-10-13',
    });
    expect([modern.status, modern.json.invoice.notes]).toEqual([200, 'a']);
    const legacy = await service.request('PATCH', path, {
      body: { invoice: { notes: 'b' } },
      version: '2025-01-01',
    });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    const marked = await service.request('POST', `${path}/mark_as`, {
      body: { state: 'sent' },
      version: '2025-01-01',
    });
    expect(marked.status).toBe(204);
    expect(await get(invoice.id, '2026-04-20')).toMatchObject({ notes: 'b', state: 'sent' });
  });
});

describe('line classification scheme spelling (spec §9 v2026-04-20)', () => {
  it('older versions return the misspelt name; every version accepts the correct one, older ones the old one', async () => {
    const lines = [
      {
        quantity: '1',
        price: '100',
        classification_code: '72212000',
        classification_code_scheme: 'CPV',
        taxes_attributes: [{ name: 'IVA', percent: '21' }],
      },
    ];
    const invoice = await createTestInvoice(service, account, { invoice_lines_attributes: lines });
    const [newest] = (await get(invoice.id, '2026-04-20')).lines;
    expect(newest).toMatchObject({ classification_code_scheme: 'CPV' });
    expect(Object.hasOwn(newest, 'clasification_code_scheme')).toBe(false);
    for (const version of ['2026-03-02', '2025-10-13']) {
      const [older] = (await get(invoice.id, version)).lines;
      expect(older).toMatchObject({ clasification_code_scheme: 'CPV' });
      expect(Object.hasOwn(older, 'classification_code_scheme')).toBe(false);
    }
    const misspelt = await service.request('POST', invoicesPath(), {
      version: '2026-03-02',
      body: invoiceBody({
        invoice_lines_attributes: [
          { ...lines[0], classification_code_scheme: undefined, clasification_code_scheme: 'UNSPSC' },
        ],
      }),
    });
    expect(misspelt.status).toBe(201);
    expect((await get(misspelt.json.invoice.id, '2026-04-20')).lines[0].classification_code_scheme).toBe(
      'UNSPSC',
    );
  });
});

describe('amendment references (spec §2.4 rule 2, §2.6)', () => {
  const FLAT = {
    amended_number: 'F-0099',
    amended_date: '2026-03-01',
    amend_reason: 'Wrong quantity',
    correction_method: '01',
    amend_code_tax: 'R1',
    amended_invoicing_period_start: '2026-02-01',
    amended_invoicing_period_end: '2026-02-28',
  };

  it('before v2026-04-20 the flat fields are accepted and returned; v2026-04-20 shows invoice_references', async () => {
    const created = await service.request('POST', invoicesPath(), {
      version: '2026-03-02',
      body: invoiceBody({ is_credit_note: true, ...FLAT }),
    });
    expect(created.status).toBe(201);
    expect(created.json.invoice).toMatchObject(FLAT);
    expect(Object.hasOwn(created.json.invoice, 'invoice_references')).toBe(false);
    const id = created.json.invoice.id;
    const newest = await get(id, '2026-04-20');
    expect(newest.invoice_references).toEqual([
      {
        id: expect.any(Number),
        reference_type: 'amend',
        number: 'F-0099',
        date: '2026-03-01',
        reason: 'Wrong quantity',
        correction_method: '01',
      },
    ]);
    for (const flat of Object.keys(FLAT)) expect(Object.hasOwn(newest, flat)).toBe(false);
    // An older PATCH of one flat field edits the same reference, not a second one.
    const patched = await service.request('PATCH', `/invoices/${String(id)}`, {
      version: '2025-10-13',
      body: { invoice: { amend_reason: 'Wrong price' } },
    });
    expect(patched.json.invoice).toMatchObject({ ...FLAT, amend_reason: 'Wrong price' });
    const after = await get(id, '2026-04-20');
    expect(
      after.invoice_references.map((reference: { id: number; reason: string }) => [
        reference.id,
        reference.reason,
      ]),
    ).toEqual([[newest.invoice_references[0].id, 'Wrong price']]);
  });

  it('from v2026-04-20 the flat fields are not accepted; invoice_references is, with _destroy on PATCH', async () => {
    const ignored = await createTestInvoice(service, account, FLAT);
    expect(ignored.invoice_references).toEqual([]);
    const created = await createTestInvoice(service, account, {
      invoice_references: [
        { reference_type: 'amend', number: 'F-1', tax_correction_code: 'R4' },
        { reference_type: 'prepayment', number: 'Z-1', total_amount: '100.00', currency: 'EUR' },
      ],
    });
    expect(created.invoice_references).toEqual([
      { id: expect.any(Number), reference_type: 'amend', number: 'F-1' },
      {
        id: expect.any(Number),
        reference_type: 'prepayment',
        number: 'Z-1',
        total_amount: 100,
        currency: 'EUR',
      },
    ]);
    const [amend] = created.invoice_references as { id: number }[];
    const patched = await service.request('PATCH', `/invoices/${String(created.id)}`, {
      body: { invoice: { invoice_references: [{ id: amend?.id, _destroy: true }] } },
    });
    expect(
      patched.json.invoice.invoice_references.map(
        (reference: { reference_type: string }) => reference.reference_type,
      ),
    ).toEqual(['prepayment']);
    // An older client cannot see the prepayment reference, and its PUT does not wipe it.
    const older = await service.request('PUT', `/invoices/${String(created.id)}`, {
      version: '2026-03-02',
      body: invoiceBody({ number: created.number, ...FLAT }),
    });
    expect(older.status).toBe(200);
    expect(
      (await get(created.id, '2026-04-20')).invoice_references.map(
        (reference: { reference_type: string }) => reference.reference_type,
      ),
    ).toEqual(['prepayment', 'amend']);
  });
});

describe('fields added in v2026-04-20 (spec §9)', () => {
  it('exchange_rate, exchange_date, order_date: accepted from older versions, returned only from v2026-04-20', async () => {
    const created = await service.request('POST', invoicesPath(), {
      version: '2026-03-02',
      body: invoiceBody({
        currency: 'USD',
        exchange_rate: '0.9234',
        exchange_date: '2026-04-19',
        order_date: '2026-04-01',
      }),
    });
    expect(created.status).toBe(201);
    for (const field of ['exchange_rate', 'exchange_date', 'order_date'])
      expect(Object.hasOwn(created.json.invoice, field)).toBe(false);
    const newest = await service.request('GET', `/invoices/${String(created.json.invoice.id)}`);
    expect(newest.json.invoice).toMatchObject({
      exchange_rate: 0.9234,
      exchange_date: '2026-04-19',
      order_date: '2026-04-01',
    });
    expect(newest.text).toContain('"exchange_rate":0.9234');
  });

  it('the invoice contact carries cin_value / cin_scheme from v2026-04-20; padded schemes from v2026-03-02', async () => {
    const invoice = await createTestInvoice(service, account, {
      contact: {
        name: 'Norte',
        country: 'ES',
        tin_scheme: '9920',
        tin_value: INLINE_CONTACT_TIN,
        cin_value: '8412345678905',
        cin_scheme: '88',
      },
    });
    expect((await get(invoice.id, '2026-04-20')).contact).toMatchObject({
      cin_value: '8412345678905',
      cin_scheme: '0088',
    });
    const march = (await get(invoice.id, '2026-03-02')).contact;
    expect(march).toMatchObject({ tin_value: INLINE_CONTACT_TIN, tin_scheme: '9920' });
    expect(Object.hasOwn(march, 'cin_value')).toBe(false);
    // Before v2025-10-13 the contact is `client`, its tax identifier a `taxcode`.
    const legacy = (await get(invoice.id, '2025-01-01')).client;
    expect(legacy).toMatchObject({ taxcode: `9920:${INLINE_CONTACT_TIN}`, name: 'Norte' });
  });

  it('third_party and its flags exist from v2026-04-20 only, even when included', async () => {
    const invoice = await createTestInvoice(service, account, {
      apply_to_local_government_unit: true,
      third_party: { role: 'local_government_unit_recipient', name: 'Gmina', country: 'PL' },
    });
    const include = '?include=third_party,apply_to_local_government_unit';
    expect((await get(invoice.id, '2026-04-20', include)).third_party).toMatchObject({ name: 'Gmina' });
    const older = await get(invoice.id, '2026-03-02', include);
    expect(Object.hasOwn(older, 'third_party')).toBe(false);
    expect(Object.hasOwn(older, 'apply_to_local_government_unit')).toBe(false);
  });

  it('type_code is type_document before v2026-03-02; a KSeF code is null before v2026-04-20', async () => {
    const invoice = await createTestInvoice(service, account, { type_code: '380' });
    expect((await get(invoice.id, '2025-10-13')).type_document).toBe('380');
    expect(Object.hasOwn(await get(invoice.id, '2025-10-13'), 'type_code')).toBe(false);
    const ksef = await createTestInvoice(service, account, { type_code: 'VAT' });
    expect((await get(ksef.id, '2026-03-02')).type_code).toBeNull();
    expect((await get(ksef.id, '2026-04-20')).type_code).toBe('VAT');
  });
});

describe('the list and the legacy version', () => {
  it('the type filter works from v2025-10-13 and is ignored in the legacy version (spec §9)', async () => {
    await createTestInvoice(service, account, { number: 'I-1' });
    await createTestInvoice(service, account, { number: 'R-1', type: 'ReceivedInvoice' });
    const modern = await service.request('GET', `${invoicesPath()}?type=ReceivedInvoice`, {
      version: '2025-10-13',
    });
    expect(modern.json.invoices.map((invoice: { number: string }) => invoice.number)).toEqual(['R-1']);
    const legacy = await service.request(
      'GET',
      `/projects/${String(account)}/invoices?type=ReceivedInvoice`,
      {
        version: '2025-01-01',
      },
    );
    expect(legacy.status).toBe(200);
    expect(legacy.json.invoices.map((invoice: { number: string }) => invoice.number)).toEqual(['I-1']);
  });

  it('a legacy create with `client` in the legacy contact shape links the contact by its TIN', async () => {
    const response = await service.request('POST', `/projects/${String(account)}/invoices`, {
      version: '2025-01-01',
      body: invoiceBody({
        contact: undefined,
        client: { name: 'Norte', country: 'ES', taxcode: `9920:${INLINE_CONTACT_TIN}` },
      }),
    });
    expect(response.status).toBe(204);
    const id = Number((response.headers.get('location') ?? '').split('/').pop());
    const invoice = await get(id, '2026-04-20');
    expect(invoice.contact).toMatchObject({
      tin_value: INLINE_CONTACT_TIN,
      tin_scheme: '9920',
      name: 'Norte',
    });
    expect(invoice.contact_id).toEqual(expect.any(Number));
  });
});
