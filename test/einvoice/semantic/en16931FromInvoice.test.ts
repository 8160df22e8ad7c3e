/**
 * `en16931FromInvoice` on invoices created through the service, one concern per test: amounts from
 * the engine (worked by hand below), line prices and base quantities, allowances and charges at both
 * levels, every VAT category with its exemption reason, credit notes, a foreign currency, reimbursable
 * expenses, prepaid and rounding amounts, parties and identifiers, the XRechnung differences.
 */
import { describe, expect, it } from 'vitest';
import { en16931FromInvoice } from '../../../src/einvoice/semantic/en16931FromInvoice.js';
import type { En16931Invoice } from '../../../src/einvoice/semantic/en16931Invoice.js';
import type { En16931Specification } from '../../../src/einvoice/semantic/en16931Specification.js';
import { Decimal } from '../../../src/money/decimal.js';
import { CASES, line, SPANISH_BUYER, SPANISH_SELLER } from './cases.js';
import { type Case, sourceOf } from './support.js';

async function documentOf(
  given: Case,
  specification: En16931Specification = 'peppol-bis3',
): Promise<En16931Invoice> {
  const written = en16931FromInvoice(await sourceOf(given), specification);
  if (!written.success) throw new Error(JSON.stringify(written.issues));
  return written.data;
}

const sum = (values: readonly (string | undefined)[]) =>
  values.reduce((total, value) => total.plus(value ?? '0'), new Decimal(0));

/** BR-CO-10 … BR-CO-16 and BR-S-08 on a document. */
function expectEn16931Arithmetic(document: En16931Invoice) {
  const { totals } = document;
  expect(sum(document.lines.map((entry) => entry.net_amount)).equals(totals.line_net)).toBe(true);
  const allowances = document.allowances_charges
    .filter((entry) => !entry.charge)
    .map((entry) => entry.amount);
  const charges = document.allowances_charges.filter((entry) => entry.charge).map((entry) => entry.amount);
  expect(sum(allowances).equals(totals.allowances ?? '0')).toBe(true);
  expect(sum(charges).equals(totals.charges ?? '0')).toBe(true);
  expect(
    new Decimal(totals.line_net)
      .minus(totals.allowances ?? '0')
      .plus(totals.charges ?? '0')
      .equals(totals.tax_exclusive),
  ).toBe(true);
  expect(sum(document.vat_breakdown.map((row) => row.tax_amount)).equals(totals.vat)).toBe(true);
  expect(new Decimal(totals.tax_exclusive).plus(totals.vat).equals(totals.tax_inclusive)).toBe(true);
  expect(
    new Decimal(totals.tax_inclusive)
      .minus(totals.prepaid ?? '0')
      .plus(totals.rounding ?? '0')
      .equals(totals.payable),
  ).toBe(true);
  for (const row of document.vat_breakdown) {
    const same = (category: string, rate: string | undefined) =>
      category === row.category && new Decimal(rate ?? '0').equals(row.rate ?? '0');
    const base = sum(
      document.lines
        .filter((entry) => same(entry.vat.category, entry.vat.rate))
        .map((entry) => entry.net_amount),
    )
      .minus(
        sum(
          document.allowances_charges
            .filter((entry) => !entry.charge && same(entry.vat_category, entry.vat_rate))
            .map((entry) => entry.amount),
        ),
      )
      .plus(
        sum(
          document.allowances_charges
            .filter((entry) => entry.charge && same(entry.vat_category, entry.vat_rate))
            .map((entry) => entry.amount),
        ),
      );
    expect(base.equals(row.taxable_amount), `BR-${row.category}-08`).toBe(true);
  }
}

describe('amounts from the engine', () => {
  it('writes lines, allowances, charges and totals as the engine printed them', async () => {
    // Lines: 250 × 8.40 / 100 = 21.00; 3 × 19.99 = 59.97 − 7.50 (12.5 %, 7.49625) + 1.00 = 53.47 (21 %);
    // 2 × 40.00 − 5.00 (10 % of 50.00) = 75.00 (10 %). BT-106 149.47. The 5 % allowance is spread per
    // rate: 74.47 × 5 % = 3.72, 75.00 × 5 % = 3.75; shipping 6.00 at 21 %. 21 %: 74.47 − 3.72 + 6.00 =
    // 76.75 → 16.12; 10 %: 71.25 → 7.125 → 7.13. BT-110 23.25, BT-112 148.00 + 23.25 = 171.25.
    const document = await documentOf(CASES.standard as Case);
    expect(document.totals).toEqual({
      line_net: '149.47',
      allowances: '7.47',
      charges: '6.00',
      tax_exclusive: '148.00',
      vat: '23.25',
      vat_in_tax_currency: undefined,
      tax_inclusive: '171.25',
      prepaid: undefined,
      rounding: undefined,
      payable: '171.25',
    });
    expect(
      document.vat_breakdown.map((row) => [row.category, row.rate, row.taxable_amount, row.tax_amount]),
    ).toEqual([
      ['S', '21', '76.75', '16.12'],
      ['S', '10', '71.25', '7.13'],
    ]);
    expectEn16931Arithmetic(document);
  });

  it('writes price, base quantity and unit as the line has them, and the line net the engine printed', async () => {
    const [coffee, hours, course] = (await documentOf(CASES.standard as Case)).lines;
    expect(coffee).toMatchObject({
      id: '1',
      quantity: '250',
      unit_code: 'KGM',
      price: { net: '8.40', base_quantity: '100' },
      net_amount: '21.00',
      vat: { category: 'S', rate: '21' },
      item: { name: 'Coffee beans', classifications: [] },
    });
    expect(hours).toMatchObject({ id: '2', unit_code: 'HUR', net_amount: '53.47', price: { net: '19.99' } });
    expect(course?.item.classifications).toEqual([{ id: '72220000-1', scheme: 'STI' }]);
  });

  it('writes a line percentage with its base when they give the amount, and a reason always', async () => {
    const [, hours, course] = (await documentOf(CASES.standard as Case)).lines;
    expect(hours?.allowances_charges).toEqual([
      {
        charge: false,
        amount: '7.50',
        base_amount: '59.97',
        percentage: '12.5',
        reason: 'Loyalty',
        reason_code: undefined,
      },
      {
        charge: true,
        amount: '1.00',
        base_amount: undefined,
        percentage: undefined,
        reason: undefined,
        reason_code: 'FC',
      },
    ]);
    expect(course?.allowances_charges[0]).toMatchObject({
      amount: '5.00',
      base_amount: '50.00',
      percentage: '10',
      reason_code: '95',
    });
  });

  it('writes a document-level entry without taxes as one piece per VAT rate, each with its category', async () => {
    const document = await documentOf(CASES.standard as Case);
    expect(document.allowances_charges).toEqual([
      {
        charge: false,
        amount: '3.72',
        base_amount: '74.47',
        percentage: '5',
        vat_category: 'S',
        vat_rate: '21',
        reason: 'Volume',
        reason_code: undefined,
      },
      {
        charge: false,
        amount: '3.75',
        base_amount: '75.00',
        percentage: '5',
        vat_category: 'S',
        vat_rate: '10',
        reason: 'Volume',
        reason_code: undefined,
      },
      {
        charge: true,
        amount: '6.00',
        base_amount: undefined,
        percentage: undefined,
        vat_category: 'S',
        vat_rate: '21',
        reason: 'Shipping',
        reason_code: undefined,
      },
    ]);
  });

  it('writes an entry without reason as Discount or Charge (BR-33, BR-38, BR-42, BR-44)', async () => {
    const document = await documentOf({
      account: SPANISH_SELLER,
      contact: SPANISH_BUYER,
      invoice: {
        number: 'F-R',
        date: '2026-04-20',
        buyer_reference: 'X',
        invoice_lines_attributes: [
          line('1', '100.00', undefined, {
            allowance_charges_attributes: [{ allowance_charge_indicator: 'charge', amount: '2.00' }],
          }),
        ],
        allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', amount: '1.00' }],
      },
    });
    expect(document.lines[0]?.allowances_charges[0]?.reason).toBe('Charge');
    expect(document.allowances_charges[0]?.reason).toBe('Discount');
  });

  it('merges groups that EN 16931 does not tell apart into one breakdown row (BR-S-08)', async () => {
    const document = await documentOf({
      account: SPANISH_SELLER,
      contact: SPANISH_BUYER,
      invoice: {
        number: 'F-M',
        date: '2026-04-20',
        buyer_reference: 'X',
        invoice_lines_attributes: [
          line('1', '10.05', [{ name: 'IVA', category: 'S', percent: '21' }]),
          line('1', '10.05', [{ name: 'VAT', category: 'H', percent: '21.00' }]),
        ],
      },
    });
    // Each group: 10.05 × 21 % = 2.1105 → 2.11; the row sums them: 20.10 and 4.22 (BR-CO-17 allows the
    // cent against 20.10 × 21 % = 4.221 → 4.22).
    expect(document.vat_breakdown).toEqual([
      {
        taxable_amount: '20.10',
        tax_amount: '4.22',
        category: 'S',
        rate: '21',
        exemption_reason: undefined,
        exemption_reason_code: undefined,
      },
    ]);
    expectEn16931Arithmetic(document);
  });

  it('writes a negative price as a positive price of a negative quantity (BR-27)', async () => {
    const document = await documentOf({
      account: SPANISH_SELLER,
      contact: SPANISH_BUYER,
      invoice: {
        number: 'F-N',
        date: '2026-04-20',
        buyer_reference: 'X',
        invoice_lines_attributes: [line('2', '100.00'), line('1', '-30.00')],
      },
    });
    expect(document.lines[1]).toMatchObject({
      quantity: '-1',
      price: { net: '30.00' },
      net_amount: '-30.00',
    });
    expect(document.totals.line_net).toBe('170.00');
  });
});

describe('VAT categories', () => {
  it('writes reverse charge (AE) with its reason and the buyer VAT identifier', async () => {
    const document = await documentOf(CASES.reverse_charge as Case);
    expect(document.lines[0]?.vat).toEqual({ category: 'AE', rate: '0' });
    expect(document.vat_breakdown).toEqual([
      {
        taxable_amount: '1140.00',
        tax_amount: '0.00',
        category: 'AE',
        rate: '0',
        exemption_reason: 'Reverse charge',
        exemption_reason_code: 'VATEX-EU-AE',
      },
    ]);
    expect(document.buyer.vat_identifier).toBe('DE123456789');
  });

  it('writes an intra-community supply (K) with its supply date and the buyer address as deliver-to', async () => {
    const document = await documentOf(CASES.intra_community as Case);
    expect(document.vat_breakdown[0]).toMatchObject({
      category: 'K',
      rate: '0',
      exemption_reason_code: 'VATEX-EU-IC',
    });
    expect(document.delivery_date).toBe('2026-04-18');
    expect(document.tax_point_date).toBe('2026-04-18');
    expect(document.delivery_address).toEqual(document.buyer.address);
    expect(document.delivery_address?.country).toBe('FR');
    expect(document.lines[0]?.unit_code).toBe('XBX');
  });

  it('writes an export (G) with the buyer tax id as its identifier and electronic address', async () => {
    const document = await documentOf(CASES.export as Case);
    expect(document.vat_breakdown[0]).toMatchObject({
      category: 'G',
      exemption_reason: 'Export outside the EU',
      exemption_reason_code: 'VATEX-EU-G',
    });
    expect(document.buyer.vat_identifier).toBeUndefined();
    expect(document.buyer.identifiers).toEqual([{ id: '12-3456789', scheme: undefined }]);
    expect(document.buyer.electronic_address).toEqual({ id: '12-3456789', scheme: '9959' });
  });

  it('writes standard, exempt and zero rated amounts as three rows, a 0 % tax without category as Z', async () => {
    const document = await documentOf(CASES.exempt_and_zero as Case);
    expect(
      document.vat_breakdown.map((row) => [row.category, row.rate, row.taxable_amount, row.exemption_reason]),
    ).toEqual([
      ['S', '21', '500.00', undefined],
      ['E', '0', '160.00', 'Exempt from VAT'],
      ['Z', '0', '12.00', undefined],
    ]);
  });

  it('writes a not-subject invoice (O) without rates and without VAT identifiers (BR-O-02 … BR-O-05)', async () => {
    const document = await documentOf(CASES.not_subject as Case);
    expect(document.lines[0]?.vat).toEqual({ category: 'O', rate: undefined });
    expect(document.vat_breakdown[0]).toMatchObject({
      category: 'O',
      rate: undefined,
      exemption_reason_code: 'VATEX-EU-O',
    });
    expect(document.seller).toMatchObject({
      vat_identifier: undefined,
      tax_registration: 'ESB12345674',
      identifiers: [{ id: 'ESB12345674', scheme: undefined }],
    });
    expect(document.buyer.vat_identifier).toBeUndefined();
    expect(document.buyer.electronic_address).toEqual({ id: 'FR40303265045', scheme: '9957' });
    const german = await documentOf(CASES.not_subject as Case, 'xrechnung-3.0');
    expect(german.vat_breakdown[0]?.rate).toBe('0'); // BR-DE-14
    expect(german.lines[0]?.vat.rate).toBeUndefined();
  });

  it('writes the Canary Islands (L, IGIC by name) and Ceuta and Melilla (M) taxes', async () => {
    const document = await documentOf(CASES.canary_and_ceuta as Case);
    expect(
      document.vat_breakdown.map((row) => [row.category, row.rate, row.tax_amount, row.exemption_reason]),
    ).toEqual([
      ['L', '7', '7.00', undefined],
      ['M', '4', '4.00', undefined],
    ]);
  });
});

describe('credit notes', () => {
  it('writes a credit note stored with negative amounts as 381 with the credit positive', async () => {
    // −3 × 19.99 = −59.97, −12.5 % = −7.50 → −52.47; 1 × −10.00. 21 % of −62.47 = −13.1187 → −13.12.
    const document = await documentOf(CASES.credit_note_negative as Case);
    expect(document.type_code).toBe('381');
    expect(document.totals).toMatchObject({
      line_net: '62.47',
      vat: '13.12',
      tax_inclusive: '75.59',
      payable: '75.59',
    });
    expect(document.lines.map((entry) => [entry.quantity, entry.price.net, entry.net_amount])).toEqual([
      ['3', '19.99', '52.47'],
      ['1', '10.00', '10.00'],
    ]);
    expect(document.lines[0]?.allowances_charges[0]).toMatchObject({ amount: '7.50', base_amount: '59.97' });
    expect(document.preceding_invoices).toEqual([{ number: 'F-1', issue_date: '2026-04-01' }]);
    expectEn16931Arithmetic(document);
  });

  it('writes a credit note stored with positive amounts as it is', async () => {
    const document = await documentOf(CASES.credit_note_positive as Case);
    expect(document.type_code).toBe('381');
    expect(document.totals.payable).toBe('121.00');
    expect(document.lines[0]?.quantity).toBe('2');
  });
});

describe('currencies and payable amounts', () => {
  it('writes the account currency as the VAT accounting currency with the converted VAT (BT-6, BT-111)', async () => {
    // 7 × 129.99 = 909.93; 21 % = 191.0853 → 191.09; × 0.9134 = 174.541606 → 174.54 EUR.
    const document = await documentOf(CASES.foreign_currency as Case);
    expect(document).toMatchObject({ currency: 'USD', tax_currency: 'EUR', exchange_rate: '0.9134' });
    expect(document.totals).toMatchObject({
      vat: '191.09',
      vat_in_tax_currency: '174.54',
      payable: '1101.02',
    });
    expect(document.payment?.means_code).toBe('30'); // not a euro invoice: credit transfer, not SEPA
  });

  it('writes a reimbursable expense as an exempt charge under article 79(c), the amount due unchanged', async () => {
    const source = await sourceOf(CASES.reimbursable as Case);
    const written = en16931FromInvoice(source, 'peppol-bis3');
    if (!written.success) throw new Error(JSON.stringify(written.issues));
    const document = written.data;
    expect(document.allowances_charges).toEqual([
      {
        charge: true,
        amount: '45.60',
        vat_category: 'E',
        vat_rate: '0',
        reason: 'Court fees',
        reason_code: undefined,
      },
    ]);
    expect(document.vat_breakdown[1]).toEqual({
      taxable_amount: '45.60',
      tax_amount: '0.00',
      category: 'E',
      rate: '0',
      exemption_reason: 'Exempt based on article 79, point c of Council Directive 2006/112/EC',
      exemption_reason_code: 'VATEX-EU-79-C',
    });
    expect(document.totals).toMatchObject({
      charges: '45.60',
      tax_exclusive: '345.60',
      tax_inclusive: '408.60',
      payable: '408.60',
    });
    expect(source.invoice.payable_amount).toBe('408.60');
    expect(source.invoice.total).toBe('363.00');
    expectEn16931Arithmetic(document);
  });

  it('writes the prepaid and rounding amounts (BT-113, BT-114) and the prepayment invoice (BG-3)', async () => {
    // 3 × 17.45 = 52.35; 10 % = 5.235 → 5.24; 57.59 − 20.00 + 0.01 = 37.60.
    const document = await documentOf(CASES.prepaid_and_rounding as Case);
    expect(document.totals).toMatchObject({
      tax_inclusive: '57.59',
      prepaid: '20.00',
      rounding: '0.01',
      payable: '37.60',
    });
    expect(document.preceding_invoices).toEqual([{ number: 'A-1', issue_date: '2026-03-01' }]);
  });
});

describe('parties, payment and header', () => {
  it('writes the seller from the account and the buyer from the contact', async () => {
    const document = await documentOf(CASES.standard as Case);
    expect(document.seller).toEqual({
      name: 'Acme Servicios SL',
      identifiers: [],
      legal_registration: undefined,
      vat_identifier: 'ESB12345674',
      tax_registration: undefined,
      electronic_address: { id: 'ESB12345674', scheme: '9920' },
      address: {
        line1: 'Calle Mayor 1',
        line2: undefined,
        city: 'Madrid',
        postal_code: '28013',
        subdivision: 'Madrid',
        country: 'ES',
      },
      contact: { name: undefined, phone: '+34 910 000 000', email: 'facturas@acme.example' },
    });
    expect(document.buyer).toMatchObject({
      vat_identifier: 'BE0123456749',
      legal_registration: { id: '0123456749', scheme: '0208' },
      electronic_address: { id: '0123456749', scheme: '0208' },
      contact: { email: 'ap@brussels.example' },
    });
  });

  it("prefers the account's Peppol participant as the seller's electronic address", async () => {
    const document = await documentOf({
      ...(CASES.standard as Case),
      seller_endpoint: { scheme: '0088', id: '5790000435975' },
    });
    expect(document.seller.electronic_address).toEqual({ id: '5790000435975', scheme: '0088' });
  });

  it('writes the Belgian structured reference as the remittance information (BT-83)', async () => {
    const document = await documentOf(CASES.belgian_ogm as Case);
    // The number's digits make the base 0020260042, and 20260042 mod 97 = 40 its check digits.
    expect(document.payment).toMatchObject({
      means_code: '58',
      remittance_information: '+++002/0260/04240+++',
    });
  });

  it('writes the payment instructions with the IBAN, BIC and payment method text', async () => {
    const document = await documentOf(CASES.standard as Case);
    expect(document.payment).toEqual({
      means_code: '58',
      means_text: 'transfer',
      remittance_information: undefined,
      credit_transfers: [{ id: 'ES9121000418450200051332', provider: 'CAIXESBBXXX' }],
    });
  });

  it('writes the header references and the number with its series', async () => {
    const document = await documentOf({
      account: SPANISH_SELLER,
      contact: SPANISH_BUYER,
      invoice: {
        number: '0042',
        series_code: 'FV',
        date: '2026-04-20',
        due_date: '2026-05-20',
        ponumber: 'PO-1',
        contract_number: 'C-9',
        sales_order_reference: 'SO-3',
        delivery_note_number: 'DN-4',
        file_reference: 'EXP-5',
        buyer_accounting_reference: '6000',
        notes: 'Gracias',
        invoice_lines_attributes: [line('1', '10.00')],
      },
    });
    expect(document).toMatchObject({
      number: 'FV0042',
      issue_date: '2026-04-20',
      due_date: '2026-05-20',
      purchase_order_reference: 'PO-1',
      contract_reference: 'C-9',
      sales_order_reference: 'SO-3',
      despatch_advice_reference: 'DN-4',
      invoiced_object: 'EXP-5',
      buyer_accounting_reference: '6000',
      notes: ['Gracias'],
      buyer_reference: undefined,
    });
  });

  it('names the seller contact point for XRechnung (BR-DE-5) and for German parties on Peppol', async () => {
    const xrechnung = await documentOf(CASES.xrechnung as Case, 'xrechnung-3.0');
    expect(xrechnung.seller.contact).toEqual({
      name: 'Hamburg Software GmbH',
      phone: '+49 40 123456',
      email: 'rechnung@hamburg.example',
    });
    expect(xrechnung.buyer_reference).toBe('04011000-12345-67');
    expect((await documentOf(CASES.xrechnung as Case, 'peppol-bis3')).seller.contact?.name).toBe(
      'Hamburg Software GmbH',
    );
    expect((await documentOf(CASES.xrechnung as Case, 'en16931')).seller.contact?.name).toBeUndefined();
    expect((await documentOf(CASES.standard as Case, 'xrechnung-3.0')).seller.contact?.name).toBe(
      'Acme Servicios SL',
    );
  });
});

describe('XRechnung electronic addresses', () => {
  it('addresses a party without an EAS identifier by its email (EM) in XRechnung only', async () => {
    const buyer = {
      ...(CASES.xrechnung as Case).contact,
      tin_scheme: null,
      tin_value: null,
      email: 'einkauf@berlin.example',
    };
    const given = { ...(CASES.xrechnung as Case), contact: buyer };
    expect((await documentOf(given, 'xrechnung-3.0')).buyer.electronic_address).toEqual({
      id: 'einkauf@berlin.example',
      scheme: 'EM',
    });
    expect((await documentOf(given, 'en16931')).buyer.electronic_address).toBeUndefined();
  });
});

describe('invoices the account receives', () => {
  const received = (type: string): Case => ({
    account: SPANISH_SELLER,
    contact: {
      ...SPANISH_BUYER,
      name: 'Proveedor Norte SA',
      phone: '+34 944 000 000',
      email: 'ventas@norte.example',
    },
    invoice: {
      number: 'P-7',
      date: '2026-04-20',
      type,
      buyer_reference: 'X',
      bank_account: { iban: 'ES9121000418450200051332' },
      invoice_lines_attributes: [line('1', '100.00')],
    },
  });

  it('writes a received invoice with the contact as seller and the account (with its participant) as buyer', async () => {
    const document = await documentOf({
      ...received('ReceivedInvoice'),
      seller_endpoint: { scheme: '0088', id: '5790000435975' },
    });
    expect(document.type_code).toBe('380');
    expect(document.seller).toMatchObject({ name: 'Proveedor Norte SA', vat_identifier: 'ESA58818501' });
    expect(document.buyer).toMatchObject({
      name: 'Acme Servicios SL',
      vat_identifier: 'ESB12345674',
      electronic_address: { id: '5790000435975', scheme: '0088' },
    });
  });

  it('writes a self-billed invoice as 389 where the specification has it, and refuses it on Peppol BIS 3', async () => {
    expect((await documentOf(received('IssuedSelfInvoice'), 'en16931')).type_code).toBe('389');
    expect((await documentOf(received('IssuedSelfInvoice'), 'xrechnung-3.0')).type_code).toBe('389');
    const peppol = en16931FromInvoice(await sourceOf(received('IssuedSelfInvoice')), 'peppol-bis3');
    expect(peppol.success || peppol.issues.map((issue) => [issue.rule, issue.param])).toEqual([
      ['en16931.write.self-billing', 'type'],
    ]);
  });

  it("names the contact's fields for the seller's prerequisites when the contact is the seller", async () => {
    const given = received('ReceivedInvoice');
    const written = en16931FromInvoice(
      await sourceOf({
        ...given,
        contact: { ...(given.contact as object), tin_scheme: null, tin_value: 'A58818501' },
      }),
      'peppol-bis3',
    );
    // BR-CO-26 (a tax id that is no VAT number identifies no seller) and R020, at the contact's fields.
    expect(written.success || written.issues.map((issue) => issue.param)).toEqual([
      'contact.tin_value',
      'contact.cin_scheme',
    ]);
    expect(written.success || written.issues[1]?.message.startsWith('contact.cin_scheme')).toBe(true);
  });
});
