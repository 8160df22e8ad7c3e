/**
 * Issue #19: the tax reports generated from an invoice carry the amounts of its money model — line
 * nets with base quantities and allowances, document-level allowances and charges — and the XML they
 * download states the invoice's totals: KSeF FA(3) writes each document-level piece as a line at its
 * group's rate (`ksefDocumentLines`), SII adds it to the breakdown row of its rate (`siiBreakdown`).
 * What a format cannot say is refused with 422 naming the entry, never dropped.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasShared } from '../support/shared.js';
import { ES_ACCOUNT, PL_ACCOUNT, seedWorld } from '../support/taxReportWorld.js';
import { disposeSchemas, formatXsdErrors, type SchemaName, validateXml } from '../support/xsd.js';
import { startService, type TestResponse, type TestService } from './harness.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
  await seedWorld(service.ports);
});
afterEach(async () => {
  await service.close();
});
afterAll(disposeSchemas);

/** The official XSD accepts the document (when the shared schemas are here). */
function expectSchemaValid(schema: SchemaName, xml: string): void {
  if (!hasShared) return;
  const result = validateXml(schema, xml);
  expect(result.valid, formatXsdErrors(result)).toBe(true);
}

/** The MF buyer of the Polish account and the contact of the Spanish one (`seedWorld`). */
const POLISH_CONTACT = 17;
const SPANISH_CONTACT = 7;

const errorOf = (response: TestResponse) => [
  response.status,
  response.json?.error?.code,
  response.json?.error?.param,
];

/** Every decimal text of `element` in `xml`, in document order. */
function values(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<(?:\\w+:)?${element}>([^<]*)</(?:\\w+:)?${element}>`, 'g'))].map(
    (match) => match[1] as string,
  );
}

/** Σ of decimal texts in cents (two decimals at most). */
function cents(texts: readonly string[]): bigint {
  return texts.reduce((sum, text) => {
    const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
    const value = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
    return sum + (text.startsWith('-') ? -value : value);
  }, 0n);
}

/** An amount of the invoice's JSON (a JS number of at most two decimals) in cents. */
function centsOf(amount: number): bigint {
  return cents([amount.toFixed(2)]);
}

async function createInvoice(account: number, invoice: Record<string, unknown>) {
  const response = await service.request('POST', `/accounts/${String(account)}/invoices`, {
    body: { invoice: { date: '2026-04-20', ...invoice } },
  });
  if (response.status !== 201) throw new Error(`create: ${String(response.status)} ${response.text}`);
  return response.json.invoice;
}

async function generateAndDownload(invoice: number): Promise<{ report: TestResponse; xml: string }> {
  const report = await service.request('POST', `/invoices/${String(invoice)}/generate_tax_report`);
  if (report.status !== 201) return { report, xml: '' };
  const file = await service.request('GET', `/tax_reports/${String(report.json.tax_report.id)}/download`);
  return { report, xml: file.text };
}

const vat = (percent: string) => [{ name: 'VAT', percent }];

describe('KSeF FA(3) from an invoice with the issue #19 money model', () => {
  const polishInvoice = (extra: Record<string, unknown> = {}) => ({
    number: `FV/${String(Math.random()).slice(2, 8)}`,
    currency: 'PLN',
    contact_id: POLISH_CONTACT,
    invoice_lines_attributes: [
      {
        description: 'papier',
        quantity: '1',
        price: '100',
        base_quantity: '10',
        taxes_attributes: vat('23'),
      },
      {
        description: 'usługa',
        quantity: '2',
        price: '50',
        taxes_attributes: vat('23'),
        allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', percentage: '10' }],
      },
      { description: 'książki', quantity: '3', price: '40', taxes_attributes: vat('8') },
    ],
    allowance_charges_attributes: [
      { allowance_charge_indicator: 'allowance', amount: '10.00', reason: 'Rabat lojalnościowy' },
      { allowance_charge_indicator: 'charge', amount: '5.00', taxes_attributes: vat('23') },
    ],
    ...extra,
  });

  it('states the invoice totals: P_15 = total, Σ P_13_x = tax_exclusive_amount, and the lines add up to each P_13_x', async () => {
    const invoice = await createInvoice(PL_ACCOUNT, polishInvoice());
    // Lines 10.00 + 90.00 at 23 %, 120.00 at 8 %; the allowance 10.00 spread by net (100 : 120, largest
    // remainder) 4.55 / 5.45; the charge 5.00 at 23 %: 23 % base 100.45 → 23.10, 8 % base 114.55 → 9.16.
    expect(invoice).toMatchObject({ subtotal: 220, tax_exclusive_amount: 215, total: 247.26 });
    const { report, xml } = await generateAndDownload(invoice.id);
    expect(report.status).toBe(201);
    expectSchemaValid('ksef-fa3', xml);
    expect(values(xml, 'P_15')).toEqual(['247.26']);
    expect(values(xml, 'P_13_1')).toEqual(['100.45']);
    expect(values(xml, 'P_14_1')).toEqual(['23.10']);
    expect(values(xml, 'P_13_2')).toEqual(['114.55']);
    expect(values(xml, 'P_14_2')).toEqual(['9.16']);
    expect(cents([...values(xml, 'P_13_1'), ...values(xml, 'P_13_2')])).toBe(
      centsOf(invoice.tax_exclusive_amount),
    );
    expect(cents(values(xml, 'P_15'))).toBe(centsOf(invoice.total));
    // The unit price of the base-quantity line is P_9A, the line allowance P_10 per unit; the pieces
    // are rows of their own (the spread allowance one per rate).
    expect(values(xml, 'P_9A').slice(0, 3)).toEqual(['10', '50', '40']);
    expect(values(xml, 'P_10')).toEqual(['5']);
    expect(values(xml, 'P_7')).toEqual([
      'papier',
      'usługa',
      'książki',
      'Rabat lojalnościowy',
      'Rabat lojalnościowy',
      'Opłata dodatkowa',
    ]);
    expect(values(xml, 'P_11').slice(3)).toEqual(['-4.55', '-5.45', '5.00']);
    const rows = values(xml, 'P_11');
    const rates = values(xml, 'P_12');
    const at = (rate: string) => cents(rows.filter((_, index) => rates[index] === rate));
    expect(at('23')).toBe(cents(values(xml, 'P_13_1')));
    expect(at('8')).toBe(cents(values(xml, 'P_13_2')));
  });

  it('refuses a document-level charge at a rate no line has (422 at the entry)', async () => {
    const invoice = await createInvoice(
      PL_ACCOUNT,
      polishInvoice({
        allowance_charges_attributes: [
          { allowance_charge_indicator: 'charge', amount: '5.00', taxes_attributes: vat('5') },
        ],
      }),
    );
    const { report } = await generateAndDownload(invoice.id);
    expect(errorOf(report)).toEqual([422, 'parameter_invalid', 'allowance_charges_attributes[0]']);
  });

  it('refuses a reimbursable expense (422 at the entry), which FA(3) cannot state', async () => {
    const invoice = await createInvoice(
      PL_ACCOUNT,
      polishInvoice({
        allowance_charges_attributes: [
          {
            allowance_charge_indicator: 'charge',
            amount: '30.00',
            is_reimbursable_expense: true,
            apply_taxes: false,
          },
        ],
      }),
    );
    const { report } = await generateAndDownload(invoice.id);
    expect(errorOf(report)).toEqual([
      422,
      'parameter_invalid',
      'allowance_charges_attributes[0].is_reimbursable_expense',
    ]);
  });
});

describe('SII from an invoice with the issue #19 money model', () => {
  const iva = (percent: string, category = 'S') => [{ name: 'IVA', category, percent }];

  it('ImporteTotal = tax_inclusive_amount and the breakdown bases add up to tax_exclusive_amount', async () => {
    const invoice = await createInvoice(ES_ACCOUNT, {
      number: `F/${String(Math.random()).slice(2, 8)}`,
      currency: 'EUR',
      contact_id: SPANISH_CONTACT,
      invoice_lines_attributes: [
        {
          description: 'Tornillos',
          quantity: '250',
          price: '8.40',
          base_quantity: '100',
          taxes_attributes: iva('21'),
        },
        {
          description: 'Consultoría',
          quantity: '3',
          price: '19.99',
          taxes_attributes: iva('21'),
          allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', percentage: '12.5' }],
        },
        { description: 'Alimentos', quantity: '10', price: '4.35', taxes_attributes: iva('10', 'AA') },
      ],
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'allowance', percentage: '5' },
        { allowance_charge_indicator: 'charge', amount: '6.00', taxes_attributes: iva('21') },
        { allowance_charge_indicator: 'charge', amount: '2.00', apply_taxes: false, reason: 'Tasa' },
        {
          allowance_charge_indicator: 'charge',
          amount: '45.60',
          is_reimbursable_expense: true,
          apply_taxes: false,
        },
      ],
    });
    const { report, xml } = await generateAndDownload(invoice.id);
    expect(report.status).toBe(201);
    expectSchemaValid('sii', xml);
    expect(values(xml, 'ImporteTotal')).toHaveLength(1);
    expect(cents(values(xml, 'ImporteTotal'))).toBe(centsOf(invoice.tax_inclusive_amount));
    const bases = [
      ...values(xml, 'BaseImponible'),
      ...values(xml, 'ImportePorArticulos7_14_Otros'),
      ...values(xml, 'ImporteTAIReglasLocalizacion'),
    ];
    expect(cents(bases)).toBe(centsOf(invoice.tax_exclusive_amount));
    expect(cents(values(xml, 'CuotaRepercutida'))).toBe(
      centsOf(invoice.tax_inclusive_amount) - centsOf(invoice.tax_exclusive_amount),
    );
    // The suplido is outside the record, as it is outside the invoice's total; it is payable.
    expect(invoice.reimbursable_expenses_amount).toBe(45.6);
    expect(centsOf(invoice.payable_amount)).toBe(centsOf(invoice.total) + 4560n);
  });
});
