/**
 * Issue #19, the invoice money model over real HTTP: line `base_quantity` and
 * `allowance_charges_attributes`, document-level allowances and charges, `prepaid_amount`,
 * `payments_on_account` and `payable_rounding_amount`; the totals every response carries (`subtotal`,
 * `allowance_total_amount`, `charge_total_amount`, `tax_exclusive_amount`, `tax_inclusive_amount`,
 * `taxes`, each line's `amount`) as exact JSON numbers; the older versions' flat discount and charge
 * fields through the version chain, and their `price` (the unit price); `extra_info`,
 * `file_reference`, `tax_report_ids`; and the refusal of amount fields fiscalkit does not model.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedInvoice } from '../support/fixtures.js';
import { startService, type TestResponse, type TestService } from './harness.js';
import { insertAccount, invoiceBody } from './invoiceSupport.js';

let service: TestService;
let account: number;
beforeEach(async () => {
  service = await startService();
  account = await insertAccount(service.ports);
});
afterEach(async () => {
  await service.close();
});

const OLD = '2025-10-13';
const invoicesPath = () => `/accounts/${String(account)}/invoices`;
const errorOf = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

/** One line of `price` for `quantity` at 21 % IVA (category S), with `extra` fields. */
function line(quantity: string, price: string, extra: Record<string, unknown> = {}) {
  return {
    description: 'Item',
    quantity,
    price,
    taxes_attributes: [{ name: 'IVA', category: 'S', percent: '21' }],
    ...extra,
  };
}

const create = (invoice: Record<string, unknown>, version?: string) =>
  service.request('POST', invoicesPath(), {
    body: invoiceBody(invoice),
    ...(version === undefined ? {} : { version }),
  });

describe('the issue #19 examples', () => {
  it('base_quantity 10, price 100, 1 unit, 21 % → total 12.10 (not 121)', async () => {
    const response = await create({ invoice_lines_attributes: [line('1', '100', { base_quantity: '10' })] });
    expect(response.status).toBe(201);
    expect(response.text).toContain('"total":12.10');
    expect(response.text).toContain('"payable_amount":12.10');
    const invoice = response.json.invoice;
    expect(invoice.lines[0]).toMatchObject({ price: 100, base_quantity: 10, unit_price: 10, amount: 10 });
    expect(invoice.subtotal).toBe(10);
  });

  it('a 50 % allowance in the line allowance_charges_attributes → 60.50 (not 121)', async () => {
    const response = await create({
      invoice_lines_attributes: [
        line('1', '100', {
          allowance_charges_attributes: [
            { allowance_charge_indicator: 'allowance', percentage: '50', reason: 'Launch offer' },
          ],
        }),
      ],
    });
    expect(response.status).toBe(201);
    expect(response.text).toContain('"total":60.50');
    expect(response.json.invoice.lines[0]).toMatchObject({
      amount: 50,
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'allowance', percentage: 50, reason: 'Launch offer' },
      ],
    });
  });

  it('an invoice-level discount_percent sent by a v2025-10-13 client is honoured, and shown back to it', async () => {
    const response = await create(
      { invoice_lines_attributes: [line('1', '100')], discount_percent: '10' },
      OLD,
    );
    expect(response.status).toBe(200);
    expect(response.text).toContain('"total":108.90');
    expect(response.json.invoice).toMatchObject({
      discount_percent: 10,
      discount_amount: null,
      subtotal: 100,
      allowance_total_amount: 10,
      tax_exclusive_amount: 90,
    });
    expect(Object.hasOwn(response.json.invoice, 'allowance_charges_attributes')).toBe(false);
    // The newest version shows the entry the flat field became.
    const newest = await service.request('GET', `/invoices/${String(response.json.invoice.id)}`);
    expect(newest.json.invoice.allowance_charges_attributes).toEqual([
      { allowance_charge_indicator: 'allowance', percentage: 10 },
    ]);
    expect(Object.hasOwn(newest.json.invoice, 'discount_percent')).toBe(false);
  });

  it('a line discount_percent and charge_amount sent by a v2025-10-13 client are honoured and shown back', async () => {
    const response = await create(
      {
        invoice_lines_attributes: [
          line('2', '50', { discount_percent: '10', charge_amount: '5', discount_text: 'Promo' }),
        ],
      },
      OLD,
    );
    expect(response.status).toBe(200);
    // 100 − 10 + 5 = 95, VAT 19.95.
    expect(response.text).toContain('"total":114.95');
    expect(response.json.invoice.lines[0]).toMatchObject({
      discount_percent: 10,
      discount_text: 'Promo',
      charge_amount: 5,
      discount_amount: null,
      amount: 95,
    });
  });
});

describe('the totals every response carries', () => {
  it('subtotal, allowances, charges, tax exclusive / inclusive, prepaid, rounding, total, payable and taxes', async () => {
    const response = await create({
      invoice_lines_attributes: [
        line('3', '40.00'),
        {
          description: 'Books',
          quantity: '2',
          price: '15.00',
          taxes_attributes: [{ name: 'IVA', category: 'AAA', percent: '4' }],
        },
      ],
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'allowance', amount: '10.00', reason: 'Loyalty' },
        {
          allowance_charge_indicator: 'charge',
          amount: '5.00',
          reason: 'Shipping',
          taxes_attributes: [{ name: 'IVA', category: 'S', percent: '21' }],
        },
      ],
      prepaid_amount: '20.00',
      payable_rounding_amount: '0.01',
    });
    expect(response.status).toBe(201);
    const { text } = response;
    // Lines 120.00 + 30.00; the allowance of 10.00 spread by net: 8.00 at 21 %, 2.00 at 4 %; the
    // charge 5.00 at 21 %. 21 %: 117.00 → 24.57; 4 %: 28.00 → 1.12.
    for (const field of [
      '"subtotal":150.00',
      '"allowance_total_amount":10.00',
      '"charge_total_amount":5.00',
      '"tax_exclusive_amount":145.00',
      '"tax_inclusive_amount":170.69',
      '"prepaid_amount":20.00',
      '"payable_rounding_amount":0.01',
      '"total":170.69',
      '"payable_amount":150.70',
      '"reimbursable_expenses_amount":0.00',
    ])
      expect(text).toContain(field);
    expect(text).toContain(
      '"taxes":[{"name":"IVA","category":"S","percent":21,"base":117.00,"amount":24.57},{"name":"IVA","category":"AAA","percent":4,"base":28.00,"amount":1.12}]',
    );
    expect(response.json.invoice.lines.map((entry: { amount: number }) => entry.amount)).toEqual([120, 30]);
    // The same totals on GET, and in every version (the official client reads subtotal and taxes).
    for (const version of ['2026-06-26', '2026-03-02', OLD, '2025-01-01']) {
      const read = await service.request('GET', `/invoices/${String(response.json.invoice.id)}`, { version });
      const body = read.json.invoice ?? read.json;
      expect(read.status).toBe(200);
      expect(body).toMatchObject({ subtotal: 150, total: 170.69, payable_amount: 150.7 });
      expect(body.taxes).toHaveLength(2);
    }
  });

  it('taxes is an empty-free array on a plain invoice; a withholding has a negative percent and amount', async () => {
    const response = await create({});
    expect(response.status).toBe(201);
    // invoiceBody: 10 × 45.50 + 1 × 120.00 at 21 %, −15 % IRPF on the 120.
    expect(response.text).toContain(
      '"taxes":[{"name":"IVA","category":null,"percent":21,"base":575.00,"amount":120.75},{"name":"IRPF","category":null,"percent":-15,"base":120.00,"amount":-18.00}]',
    );
    expect(response.text).toContain('"subtotal":575.00');
    expect(response.text).toContain('"total":677.75');
  });

  it('an invoice stored before the totals were kept answers them, computed as its total was', async () => {
    await service.ports.store.invoices.insert(storedInvoice({ id: 777, account_id: account }));
    const read = await service.request('GET', '/invoices/777');
    expect(read.status).toBe(200);
    expect(read.text).toContain('"subtotal":575.00');
    expect(read.text).toContain('"total":677.75');
    expect(read.json.invoice.taxes).toHaveLength(2);
    expect(read.json.invoice.lines.map((entry: { amount: number }) => entry.amount)).toEqual([455, 120]);
  });

  it('payments_on_account add up to prepaid_amount; a prepaid_amount that disagrees is 422', async () => {
    const response = await create({
      invoice_lines_attributes: [line('1', '100')],
      payments_on_account: [
        { date: '2026-03-01', amount: '20.00' },
        { date: '2026-03-15', amount: '30.50' },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.text).toContain('"prepaid_amount":50.50');
    expect(response.text).toContain('"payable_amount":70.50');
    const both = await create({
      invoice_lines_attributes: [line('1', '100')],
      payments_on_account: [{ amount: '20.00' }],
      prepaid_amount: '25.00',
    });
    expect(errorOf(both)).toEqual([422, 'parameter_invalid', 'prepaid_amount']);
  });

  it('a document-level charge given as B2Brouter’s WooCommerce plugin sends it (tax_attributes, description)', async () => {
    const response = await create({
      invoice_lines_attributes: [line('1', '100')],
      allowance_charges_attributes: [
        {
          allowance_charge_indicator: 'charge',
          amount: '15.00',
          description: 'Gift wrapping',
          apply_taxes: true,
          tax_attributes: { category: 'S', percent: '21' },
        },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.text).toContain('"total":139.15');
  });
});

describe('older versions: the unit price, and what they cannot say', () => {
  it('returns price / base_quantity in price before v2026-03-02, and the price as sent from it', async () => {
    const created = await create({ invoice_lines_attributes: [line('7', '10.00', { base_quantity: '3' })] });
    expect(created.status).toBe(201);
    const id = created.json.invoice.id;
    const old = await service.request('GET', `/invoices/${String(id)}`, { version: OLD });
    expect(old.text).toContain('"price":3.33333333');
    expect(Object.hasOwn(old.json.invoice.lines[0], 'base_quantity')).toBe(false);
    const newest = await service.request('GET', `/invoices/${String(id)}`);
    expect(newest.text).toContain('"price":10.00');
    expect(newest.json.invoice.lines[0].base_quantity).toBe(3);
    // 7 × 3.33333333 = 23.33333331 → 23.33, VAT 4.90.
    expect(newest.text).toContain('"total":28.23');
  });

  it('an older PATCH that sends the line price sends the unit price: the base quantity goes', async () => {
    const created = await create({ invoice_lines_attributes: [line('1', '100', { base_quantity: '10' })] });
    const { id, lines } = created.json.invoice;
    const patched = await service.request('PATCH', `/invoices/${String(id)}`, {
      version: OLD,
      body: { invoice: { invoice_lines_attributes: [{ id: lines[0].id, price: '10' }] } },
    });
    expect(patched.status).toBe(200);
    expect(patched.text).toContain('"total":12.10');
    const newest = await service.request('GET', `/invoices/${String(id)}`);
    expect(newest.json.invoice.lines[0]).toMatchObject({ price: 10, base_quantity: null });
  });

  it.each([
    [
      'invoice_lines_attributes[0].base_quantity',
      { invoice_lines_attributes: [line('1', '100', { base_quantity: '10' })] },
    ],
    [
      'invoice_lines_attributes[0].allowance_charges_attributes',
      {
        invoice_lines_attributes: [
          line('1', '100', {
            allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', percentage: '5' }],
          }),
        ],
      },
    ],
    [
      'allowance_charges_attributes',
      { allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', percentage: '5' }] },
    ],
    ['payments_on_account', { payments_on_account: [{ amount: '5.00' }] }],
  ])('refuses %s in a v2025-10-13 request (422, not ignored)', async (param, fields) => {
    const response = await create(fields, OLD);
    expect(errorOf(response)).toEqual([422, 'parameter_invalid', param]);
    expect(response.json.error.message).toContain('v2026-03-02');
  });

  it('answers an older client’s bad flat field at the field it sent', async () => {
    const response = await create(
      { invoice_lines_attributes: [line('1', '100', { discount_percent: '12.34567' })] },
      OLD,
    );
    expect(errorOf(response)).toEqual([
      422,
      'parameter_invalid',
      'invoice_lines_attributes[0].discount_percent',
    ]);
    const both = await create(
      { invoice_lines_attributes: [line('1', '100')], discount_percent: '5', discount_amount: '3' },
      OLD,
    );
    expect(errorOf(both)).toEqual([422, 'parameter_invalid', 'discount_amount']);
  });
});

describe('no silent drops (issue #19)', () => {
  it.each([
    ['discount_percent', { discount_percent: '5' }],
    ['charge_amount', { charge_amount: '5.00' }],
    ['apply_taxes_to_charge', { apply_taxes_to_charge: false }],
    [
      'invoice_lines_attributes[0].discount_percent',
      { invoice_lines_attributes: [line('1', '100', { discount_percent: '5' })] },
    ],
    [
      'invoice_lines_attributes[0].charge_amount',
      { invoice_lines_attributes: [line('1', '100', { charge_amount: '2' })] },
    ],
    ['tax_amount_in_tax_currency', { tax_amount_in_tax_currency: '21.00' }],
    [
      'invoice_lines_attributes[0].extension_amount',
      { invoice_lines_attributes: [line('1', '100', { extension_amount: '90' })] },
    ],
  ])('refuses %s in a v2026-03-02 request with 422 parameter_invalid', async (param, fields) => {
    const response = await create(fields, '2026-03-02');
    expect(errorOf(response)).toEqual([422, 'parameter_invalid', param]);
  });
});

describe('extra_info, file_reference and tax_report_ids', () => {
  it('keeps and returns extra_info and file_reference; tax_report_ids is empty on a new invoice', async () => {
    const created = await create({
      extra_info: 'Payment terms: 30 days net.',
      file_reference: 'EXP-2026/17',
    });
    expect(created.status).toBe(201);
    expect(created.json.invoice).toMatchObject({
      extra_info: 'Payment terms: 30 days net.',
      file_reference: 'EXP-2026/17',
      tax_report_ids: [],
    });
    const id = created.json.invoice.id;
    const updated = await service.request('PUT', `/invoices/${String(id)}`, {
      body: { invoice: { extra_info: 'Bank transfer preferred.' } },
    });
    expect(updated.json.invoice).toMatchObject({
      extra_info: 'Bank transfer preferred.',
      file_reference: 'EXP-2026/17',
    });
  });

  it('lists the ids of the tax reports generated from the invoice', async () => {
    const created = await create({});
    const id = created.json.invoice.id;
    await service.ports.store.taxReports.insert({
      id: 901,
      account_id: account,
      invoice_id: id,
      type: 'SiiDocument',
      state: 'processing',
    } as never);
    const read = await service.request('GET', `/invoices/${String(id)}`);
    expect(read.json.invoice.tax_report_ids).toEqual([901]);
    const list = await service.request('GET', invoicesPath());
    expect(list.json.invoices.find((entry: { id: number }) => entry.id === id).tax_report_ids).toEqual([901]);
  });
});
