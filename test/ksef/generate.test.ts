import { describe, expect, it } from 'vitest';
import type { Validated } from '../../src/errors/validationIssue.js';
import { documentNumber } from '../../src/generate/references.js';
import { lineDiscount } from '../../src/ksef/generate/discount.js';
import { generateKsefTaxReport, type KsefSource } from '../../src/ksef/generate/generateKsefTaxReport.js';
import { lineClassification } from '../../src/ksef/generate/lines.js';
import { paymentMethodFields } from '../../src/ksef/generate/payment.js';
import { ksefRateCode } from '../../src/ksef/generate/rateCode.js';
import { ksefTypeCodeOf } from '../../src/ksef/generate/typeCode.js';
import type { Invoice } from '../../src/model/invoice.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import type { Body } from '../support/fixtures.js';
import {
  BUYER_NIP,
  gvInvoice,
  KSEF_NUMBER,
  mf1Invoice,
  mf3Invoice,
  mf9Contact,
  mf9Invoice,
  mf10Invoice,
  mf12Invoice,
  mf14Invoice,
  mf15Invoice,
  mf18Invoice,
  mf20Contact,
  mf20Invoice,
  multiRateInvoice,
  polishAccount,
  polishContact,
  polishInvoice,
  SELLER_NIP,
  source,
  taxLine,
  UNIT_NIP,
} from '../support/ksefInvoices.js';

const EXEMPTION = 'art. 43 ust. 1 pkt 37 ustawy VAT';

/** The report, or a failed assertion showing the issues. */
function generated(from: KsefSource): KsefTaxReportCreate {
  const result = generateKsefTaxReport(from);
  if (!result.success) expect.fail(`expected a report, got ${JSON.stringify(result.issues, null, 2)}`);
  return result.data;
}

/** The first issue's code and param. */
function firstIssue(result: Validated<unknown>): { code: string; param: string } {
  if (result.success) expect.fail('expected issues, got a report');
  const [issue] = result.issues;
  if (issue === undefined) expect.fail('expected at least one issue');
  expect(issue.message.startsWith(issue.param)).toBe(true);
  return { code: issue.code, param: issue.param };
}

/** The issue a source gives. */
function issueOf(from: KsefSource): { code: string; param: string } {
  return firstIssue(generateKsefTaxReport(from));
}

/** One line with one tax. */
function oneLine(percent: string, category?: string, extra: Body = {}): Body[] {
  return [taxLine(1, 'towar', '1', '100', percent, category, extra)];
}

describe('generateKsefTaxReport reproduces the official MF samples (ksef-fa3.md §6)', () => {
  it('MF sample 1 (VAT 23 % + 5 %): buckets, lines, parties, order, payment', () => {
    const report = generated(source(mf1Invoice()));
    expect(report.invoice_type_code).toBe('VAT');
    expect(report.invoice_id).toBe(200);
    expect(report.number).toBe('FV2026/02/150');
    expect(report.date).toBe('2026-02-15');
    expect(report.currency).toBe('PLN');
    expect(report.tax_point_date).toBe('2026-01-27');
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '1666.66', tax_amount: '383.33' },
      { bucket: '3', taxable_base: '0.95', tax_amount: '0.05' },
    ]);
    // MF prints P_15 2051, the gross-based sum; fiscalkit's net-based totals give 2050.99, which
    // ksef-fa3.md §7 records ("differs by 0.01 from ΣP_13 + ΣP_14 (2050.99)").
    expect(report.total_amount).toBe('2050.99');
    expect(report.lines).toEqual([
      {
        line_number: 1,
        description: 'lodówka Zimnotech mk1',
        unit: 'szt.',
        quantity: '1',
        price: '1626.01',
        net_amount: '1626.01',
        tax_category: '23',
      },
      {
        line_number: 2,
        description: 'wniesienie sprzętu',
        unit: 'szt.',
        quantity: '1',
        price: '40.65',
        net_amount: '40.65',
        tax_category: '23',
      },
      {
        line_number: 3,
        description: 'promocja lodówka pełna mleka',
        unit: 'szt.',
        quantity: '1',
        price: '0.95',
        net_amount: '0.95',
        tax_category: '5',
      },
    ]);
    expect(report).toMatchObject({
      supplier_party_tax_id: SELLER_NIP,
      supplier_party_name: 'ABC AGD sp. z o. o.',
      supplier_party_address: 'ul. Kwiatowa 1 m. 2',
      supplier_party_postalcode: '00-001',
      supplier_party_city: 'Warszawa',
      supplier_party_country: 'PL',
      supplier_contact_email: 'abc@abc.pl',
      supplier_contact_phone: '667444555',
      supplier_party_krs: '0000099999',
      supplier_party_regon: '999999999',
      supplier_party_bdo: '000099999',
      customer_party_tax_id: BUYER_NIP,
      customer_party_name: 'F.H.U. Jan Kowalski',
      customer_party_address: 'ul. Polna 1',
      customer_party_postalcode: '00-001',
      customer_party_city: 'Warszawa',
      customer_party_country: 'PL',
      customer_party_email: 'jan@kowalski.pl',
      customer_party_phone: '555777999',
      customer_party_number: 'fdfd778343',
      customer_party_jst: false,
      customer_party_gv: false,
      purchase_order_number: '4354343',
      purchase_order_date: '2026-01-26',
      payment_method: '6',
    });
    expect(report.customer_party_id_type ?? null).toBeNull();
    expect(report.supplier_party_vat_prefix ?? null).toBeNull();
    expect(report.reverse_charge ?? null).toBeNull();
    expect(report.order_lines ?? null).toBeNull();
  });

  it('MF sample 3 (KOR from a credit note): difference row, correction block, -162.60 / -37.40 / -200', () => {
    const report = generated(source(mf3Invoice()));
    expect(report.invoice_type_code).toBe('KOR');
    expect(report.number).toBe('FK2026/03/200');
    expect(report.tax_breakdowns).toEqual([{ bucket: '1', taxable_base: '-162.60', tax_amount: '-37.40' }]);
    expect(report.total_amount).toBe('-200.00');
    expect(report.lines?.[0]).toMatchObject({
      quantity: '1',
      price: '-162.60',
      net_amount: '-162.60',
      tax_category: '23',
    });
    expect(report.corrected_invoices).toEqual([
      { date: '2026-02-15', number: 'FV2026/02/150', registration_code: KSEF_NUMBER },
    ]);
    expect(report.correction_reason).toBe('obniżka ceny o 200 zł z uwagi na uszkodzenia estetyczne');
    expect(report.correction_type).toBe('3');
    expect(report.previous_advance_total ?? null).toBeNull();
  });

  it('MF sample 9 (JST): Podmiot3 role 8 with the school NIP, 23 % + zw with its legal basis', () => {
    const report = generated(source(mf9Invoice(), { contact: mf9Contact(), exemption_basis: EXEMPTION }));
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '2000.00', tax_amount: '460.00' },
      { bucket: '7', taxable_base: '300.00' },
    ]);
    expect(report.total_amount).toBe('2760.00');
    expect(report.lines?.map((line) => line.tax_category)).toEqual(['23', 'zw']);
    expect(report.exemption_basis).toBe(EXEMPTION);
    expect(report).toMatchObject({
      customer_party_jst: true,
      customer_party_gv: false,
      customer_party_name: 'Gmina Bzdziszewo',
      third_party_role: '8',
      third_party_tax_id: UNIT_NIP,
      third_party_tax_scheme: 'NIP',
      third_party_name: 'Szkoła Podstawowa w Bzdziszewie',
      third_party_address: 'ul. Akacjowa 200',
      third_party_postalcode: '00-007',
      third_party_city: 'Bzdziszewo',
      third_party_country: 'PL',
      due_date: '2026-03-15',
      payment_method: '6',
      bank_accounts: [
        {
          account_number: 'PL73111111111111111111111111',
          bic: null,
          bank_name: 'Bank Bankowości Bankowej S. A.',
        },
      ],
    });
  });

  it('MF sample 10 (ZAL): the advance split 16260.16 + 3739.84 of 20000 over an order of 375150', () => {
    const report = generated(source(mf10Invoice()));
    expect(report.invoice_type_code).toBe('ZAL');
    expect(report.tax_breakdowns).toEqual([{ bucket: '1', taxable_base: '16260.16', tax_amount: '3739.84' }]);
    expect(report.total_amount).toBe('20000.00');
    expect(report.order_total_amount).toBe('375150.00');
    expect(report.order_lines).toEqual([
      {
        line_number: 1,
        description: 'mieszkanie 50m^2',
        unit: 'szt.',
        quantity: '1',
        price: '300000',
        net_amount: '300000.00',
        tax_amount: '69000.00',
        tax_category: '23',
      },
      {
        line_number: 2,
        description: 'usługi dodatkowe',
        unit: 'szt.',
        quantity: '1',
        price: '5000',
        net_amount: '5000.00',
        tax_amount: '1150.00',
        tax_category: '23',
      },
    ]);
    expect(report.lines ?? null).toBeNull();
    expect(report.exchange_rate ?? null).toBeNull();
  });

  it('MF sample 12 (KOR_ZAL): 20000 → 30000 gives P_13_2 9107.47, P_14_2 728.60, P_13_1 133.28, P_14_1 30.65', () => {
    const report = generated(source(mf12Invoice()));
    expect(report.invoice_type_code).toBe('KOR_ZAL');
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '133.28', tax_amount: '30.65' },
      { bucket: '2', taxable_base: '9107.47', tax_amount: '728.60' },
    ]);
    expect(report.total_amount).toBe('10000.00');
    expect(report.previous_advance_total).toBe('20000.00');
    expect(report.order_total_amount).toBe('375150.00');
    expect(report.corrected_invoices).toEqual([
      { date: '2026-02-15', number: 'FZ2026/02/150', registration_code: KSEF_NUMBER },
    ]);
    expect(report.correction_type).toBe('1');
    // The order is assumed unchanged: before/after pairs with the same number (MF sample 12).
    expect(
      report.order_lines?.map((line) => [
        line.line_number,
        line.before_correction ?? false,
        line.net_amount,
        line.tax_amount,
      ]),
    ).toEqual([
      [1, true, '341666.67', '27333.33'],
      [1, false, '341666.67', '27333.33'],
      [2, true, '5000.00', '1150.00'],
      [2, false, '5000.00', '1150.00'],
    ]);
    expect(report.lines ?? null).toBeNull();
  });

  it('MF sample 14 (ROZ): full lines, remainder after advances of 30000 (29508.20 / 491.80)', () => {
    const report = generated(source(mf14Invoice()));
    expect(report.invoice_type_code).toBe('ROZ');
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '4100.16', tax_amount: '943.04' },
      { bucket: '2', taxable_base: '280177.59', tax_amount: '22414.21' },
    ]);
    expect(report.total_amount).toBe('307635.00');
    expect(report.prepayment_references).toEqual([{ number: null, registration_code: KSEF_NUMBER }]);
    expect(report.lines).toEqual([
      {
        line_number: 1,
        description: 'mieszkanie 50m^2',
        unit: 'szt.',
        quantity: '1',
        price: '307500',
        net_amount: '307500.00',
        tax_category: '8',
        gtu: 'GTU_10',
      },
      {
        line_number: 2,
        description: 'usługi dodatkowe',
        unit: 'szt.',
        quantity: '1',
        price: '4500',
        net_amount: '4500.00',
        tax_category: '23',
      },
    ]);
    expect(report.previous_advance_total ?? null).toBeNull();
    expect(report.tax_point_date).toBe('2026-09-17');
  });

  it('MF sample 18 (KOR_ROZ): P_15ZK 300000, P_15 7635 and the change of the remainder per rate', () => {
    const report = generated(source(mf18Invoice()));
    expect(report.invoice_type_code).toBe('KOR_ROZ');
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '101.76', tax_amount: '23.41' },
      { bucket: '2', taxable_base: '6953.54', tax_amount: '556.29' },
    ]);
    expect(report.total_amount).toBe('7635.00');
    expect(report.previous_advance_total).toBe('300000.00');
    expect(report.prepayment_references).toEqual([
      { number: null, registration_code: '9999999999-20230908-76B2B580D4DC-80' },
    ]);
    expect(report.corrected_invoices).toEqual([
      { date: '2026-08-17', number: 'FV2026/08/12', registration_code: KSEF_NUMBER },
    ]);
    expect(
      report.lines?.map((line) => [line.line_number, line.before_correction ?? false, line.net_amount]),
    ).toEqual([
      [1, true, '307500.00'],
      [1, false, '307500.00'],
      [2, true, '4500.00'],
      [2, false, '4500.00'],
    ]);
  });

  it('MF sample 15 (UPR, derived from IssuedSimplifiedInvoice): a buyer known only by its NIP', () => {
    const report = generated(source(mf15Invoice(), { contact: null }));
    expect(report.invoice_type_code).toBe('UPR');
    expect(report.tax_breakdowns).toEqual([{ bucket: '1', taxable_base: '365.85', tax_amount: '84.15' }]);
    expect(report.total_amount).toBe('450.00');
    expect(report.customer_party_tax_id).toBe(BUYER_NIP);
    expect(report.customer_party_name ?? null).toBeNull();
    expect(report.customer_party_address ?? null).toBeNull();
  });

  it('a UPR without any contact has an anonymous buyer (BrakID)', () => {
    const invoice = mf15Invoice({ contact: null });
    expect(generated(source(invoice, { contact: null })).customer_party_id_type).toBe('none');
  });

  it('MF sample 20 (EUR): P_14_1W 14036.16 = 3118.80 × 4.5005, KursWaluty and CN on every line', () => {
    const report = generated(source(mf20Invoice(), { contact: mf20Contact() }));
    expect(report.currency).toBe('EUR');
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '13560.00', tax_amount: '3118.80', tax_amount_pln: '14036.16' },
    ]);
    expect(report.total_amount).toBe('16678.80');
    expect(report.lines?.map((line) => [line.net_amount, line.exchange_rate, line.cn])).toEqual([
      ['4060.00', '4.5005', '8418 21 91'],
      ['5000.00', '4.5005', '8418 40 20'],
      ['4500.00', '4.5005', '8422 11 00'],
    ]);
    expect(report.exchange_rate ?? null).toBeNull();
    expect(report.additional_info).toEqual([{ key: 'exchange_date', value: '2026-02-13' }]);
  });

  it('a ZAL in EUR carries KursWalutyZ and P_14_1W of the advance', () => {
    const invoice = mf10Invoice({ currency: 'EUR', exchange_rate: '4.2', total: '1230.00' });
    const report = generated(source(invoice));
    expect(report.exchange_rate).toBe('4.2');
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '1000.00', tax_amount: '230.00', tax_amount_pln: '966.00' },
    ]);
  });

  it('a GV invoice: Podmiot3 role 10 identified by its internal id (IDWew)', () => {
    const report = generated(source(gvInvoice()));
    expect(report).toMatchObject({
      customer_party_gv: true,
      customer_party_jst: false,
      third_party_role: '10',
      third_party_id: '1111111111-00002',
      third_party_scheme: 'IDWew',
      third_party_name: 'Członek Grupy VAT sp. z o.o.',
      third_party_country: 'PL',
    });
    expect(report.third_party_tax_id ?? null).toBeNull();
    expect(report.tax_breakdowns).toEqual([{ bucket: '1', taxable_base: '301.00', tax_amount: '69.23' }]);
  });

  it('a delivery recipient (role 2) with an EU VAT number and one with another id', () => {
    const eu = mf1Invoice({
      third_party: {
        role: 'delivery_recipient',
        name: 'Lager GmbH',
        tin_value: 'DE123456789',
        country: 'DE',
      },
    });
    expect(generated(source(eu))).toMatchObject({
      third_party_role: '2',
      third_party_tax_id: 'DE123456789',
      third_party_tax_scheme: 'VAT',
    });
    const other = mf1Invoice({
      third_party: {
        role: 'delivery_recipient',
        name: 'Warehouse Inc',
        tin_value: '12-3456789',
        country: 'US',
      },
    });
    expect(generated(source(other))).toMatchObject({
      third_party_tax_id: '12-3456789',
      third_party_tax_scheme: 'OTHER',
    });
  });

  it('every category rate in one invoice: zw, oo, np I, np II, 0 KR, 0 WDT, 0 EX', () => {
    const report = generated(source(multiRateInvoice(), { exemption_basis: EXEMPTION }));
    expect(report.tax_breakdowns).toEqual([
      { bucket: '1', taxable_base: '1800.00', tax_amount: '414.00' },
      { bucket: '2', taxable_base: '120.00', tax_amount: '9.60' },
      { bucket: '6_1', taxable_base: '1500.00' },
      { bucket: '6_2', taxable_base: '500.00' },
      { bucket: '6_3', taxable_base: '800.00' },
      { bucket: '7', taxable_base: '250.00' },
      { bucket: '8', taxable_base: '500.00' },
      { bucket: '9', taxable_base: '700.00' },
      { bucket: '10', taxable_base: '250.00' },
    ]);
    expect(report.total_amount).toBe('6843.60');
    expect(report.lines?.map((line) => line.tax_category)).toEqual([
      '23',
      '8',
      'zw',
      'oo',
      'np I',
      'np II',
      '0 KR',
      '0 WDT',
      '0 EX',
    ]);
    expect(report.lines?.[0]).toMatchObject({
      quantity: '2',
      price: '1000',
      discount: '100',
      net_amount: '1800.00',
    });
    expect(report).toMatchObject({
      reverse_charge: true,
      supplier_party_vat_prefix: true,
      exemption_basis: EXEMPTION,
      despatch_advice_reference: '44343434/2026',
      contract_number: 'UM/2026/3',
      due_date: '2026-05-18',
      payment_method: '1',
      additional_info: [
        { key: 'sales_order_reference', value: 'SO-2026-118' },
        { key: 'buyer_accounting_reference', value: 'KK-501' },
      ],
    });
  });

  it('in a foreign currency only lines at a percentage rate carry KursWaluty, only buckets 1–4 P_14_xW', () => {
    const invoice = multiRateInvoice({ currency: 'EUR', exchange_rate: '4.3', exchange_date: '2026-04-30' });
    const report = generated(source(invoice, { exemption_basis: EXEMPTION }));
    expect(report.lines?.map((line) => line.exchange_rate ?? null)).toEqual([
      '4.3',
      '4.3',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(report.tax_breakdowns?.filter((breakdown) => breakdown.tax_amount_pln !== undefined)).toEqual([
      { bucket: '1', taxable_base: '1800.00', tax_amount: '414.00', tax_amount_pln: '1780.20' },
      { bucket: '2', taxable_base: '120.00', tax_amount: '9.60', tax_amount_pln: '41.28' },
    ]);
    expect(report.additional_info?.at(-1)).toEqual({ key: 'exchange_date', value: '2026-04-30' });
  });

  it('an export-only invoice in USD needs no exchange rate (MF sample 23 has none)', () => {
    const invoice = polishInvoice({ currency: 'USD', lines: oneLine('0', 'G') });
    const report = generated(source(invoice));
    expect(report.tax_breakdowns).toEqual([{ bucket: '6_3', taxable_base: '100.00' }]);
    expect(report.lines?.[0]?.exchange_rate ?? null).toBeNull();
  });

  it('per-line and per-line-unrounded accounts: the amounts are the engine’s in that mode', () => {
    const lines = [taxLine(1, 'a', '1', '0.50', '23'), taxLine(2, 'b', '1', '0.50', '23')];
    const accumulated = generated(source(polishInvoice({ lines })));
    const perLine = generated({
      ...source(polishInvoice({ lines })),
      account: polishAccount({ apply_taxes_per_line: true }),
    });
    // R(1.00 × 23 %) = 0.23 against 2 × R(0.50 × 23 %) = 2 × 0.12 (taxmath.md §3.5).
    expect(accumulated.tax_breakdowns?.[0]?.tax_amount).toBe('0.23');
    expect(perLine.tax_breakdowns?.[0]?.tax_amount).toBe('0.24');
    const bankers = generated({
      ...source(polishInvoice({ lines })),
      account: polishAccount({ apply_taxes_per_line: true, rounding_method: 'bankers' }),
    });
    expect(bankers.tax_breakdowns?.[0]?.tax_amount).toBe('0.24');
    const truncate = generated({
      ...source(polishInvoice({ lines })),
      account: polishAccount({ apply_taxes_per_line: true, rounding_method: 'truncate' }),
    });
    expect(truncate.tax_breakdowns?.[0]?.tax_amount).toBe('0.22');
    const unrounded = generated({
      ...source(
        polishInvoice({ lines: [taxLine(1, 'a', '3', '0.333', '23'), taxLine(2, 'b', '3', '0.333', '23')] }),
      ),
      account: polishAccount({ apply_taxes_per_line: true, skip_line_taxable_base_rounding: true }),
    });
    // Σ P_11 = P_13_1 (taxmath.md §3.7: the printed nets are allocated).
    expect(unrounded.lines?.map((line) => line.net_amount)).toEqual(['1.00', '1.00']);
    expect(unrounded.tax_breakdowns?.[0]?.taxable_base).toBe('2.00');
  });

  it('a ROZ whose references carry no total uses the invoice’s prepaid_amount', () => {
    const invoice = mf14Invoice({
      invoice_references: [{ id: 61, reference_type: 'prepayment', number: 'FZ2026/02/150' }],
      prepaid_amount: '30000.00',
    });
    const report = generated(source(invoice));
    expect(report.total_amount).toBe('307635.00');
    expect(report.prepayment_references).toEqual([{ number: 'FZ2026/02/150', registration_code: null }]);
  });
});

describe('type codes (ksef-fa3.md §6.13 BT-3)', () => {
  const base = { type: 'IssuedInvoice' as const, is_credit_note: false, invoice_references: [] };
  const amend = { id: 1, reference_type: 'amend' as const };
  it.each([
    ['a KSeF type_code as it is', { ...base, type_code: 'ROZ' }, 'ROZ'],
    ['an amend reference → KOR', { ...base, type_code: '380', invoice_references: [amend] }, 'KOR'],
    ['a credit note → KOR', { ...base, type_code: '381', is_credit_note: true }, 'KOR'],
    [
      'a simplified invoice → UPR',
      { ...base, type: 'IssuedSimplifiedInvoice' as const, type_code: null },
      'UPR',
    ],
    ['anything else → VAT', { ...base, type_code: '380' }, 'VAT'],
  ])('%s', (_, invoice, code) => {
    expect(ksefTypeCodeOf(invoice)).toEqual({ success: true, data: code });
  });
});

describe('rate codes of line taxes (ksef-fa3.md §3, §6.5)', () => {
  const at = ['lines', 0, 'taxes_attributes', 0] as const;
  it.each([
    ['23', null, '23'],
    ['23.00', null, '23'],
    ['22', 'S', '22'],
    ['8', 'S', '8'],
    ['7', null, '7'],
    ['5.0', 'S', '5'],
    ['4', null, '4'],
    ['3', null, '3'],
    ['0', 'Z', '0 KR'],
    ['0', 'K', '0 WDT'],
    ['0', 'G', '0 EX'],
    ['0', 'E', 'zw'],
    ['0', 'AE', 'oo'],
    ['0', 'O', 'np I'],
    ['0.00', 'ae', 'oo'],
    ['0', '0 KR', '0 KR'],
    ['0', '0 WDT', '0 WDT'],
    ['0', '0 EX', '0 EX'],
    ['0', 'zw', 'zw'],
    ['0', 'ZW', 'zw'],
    ['0', 'oo', 'oo'],
    ['0', 'np I', 'np I'],
    ['0', 'np II', 'np II'],
    ['0', 'NP  ii', 'np II'],
    ['23', '23', '23'],
    ['8.00', '8', '8'],
  ])('percent %s, category %s → %s', (percent, category, code) => {
    expect(ksefRateCode({ name: 'VAT', percent, category }, at)).toEqual({ success: true, data: code });
  });

  it.each([
    ['0', null, 'lines[0].taxes_attributes[0].category'],
    ['0', 'XX', 'lines[0].taxes_attributes[0].category'],
    ['10', 'AA', 'lines[0].taxes_attributes[0].category'],
    ['21', 'S', 'lines[0].taxes_attributes[0].percent'],
    ['21', null, 'lines[0].taxes_attributes[0].percent'],
    ['0', 'S', 'lines[0].taxes_attributes[0].percent'],
    ['23', 'E', 'lines[0].taxes_attributes[0].percent'],
    ['23', 'zw', 'lines[0].taxes_attributes[0].percent'],
    ['8', '23', 'lines[0].taxes_attributes[0].percent'],
  ])('percent %s, category %s is parameter_invalid at %s', (percent, category, param) => {
    expect(firstIssue(ksefRateCode({ name: 'VAT', percent, category }, at))).toEqual({
      code: 'parameter_invalid',
      param,
    });
  });

  it('a 0 % tax without a category names the codes it could be', () => {
    const result = ksefRateCode({ name: 'VAT', percent: '0' }, at);
    expect(result.success).toBe(false);
    if (!result.success)
      for (const code of ['0 KR', '0 WDT', '0 EX', 'zw', 'oo', 'np I', 'np II'])
        expect(result.issues[0]?.message).toContain(code);
  });

  it.each([
    ['surcharge', { name: 'RE', percent: '5.2', kind: 'surcharge' as const }],
    ['withholding by kind', { name: 'IRPF', percent: '15', kind: 'withholding' as const }],
    ['withholding by a negative percent', { name: 'IRPF', percent: '-15' }],
  ])('a %s tax has no FA(3) element', (_, tax) => {
    expect(firstIssue(ksefRateCode(tax, at))).toEqual({
      code: 'parameter_invalid',
      param: 'lines[0].taxes_attributes[0]',
    });
  });
});

describe('422 at the field of the invoice, account or contact', () => {
  it.each<[string, () => KsefSource, string, string]>([
    [
      'the account has no NIP',
      () => ({ ...source(mf1Invoice()), account: polishAccount({ tin_value: null }) }),
      'parameter_blank',
      'account.tin_value',
    ],
    [
      'the account NIP is wrong',
      () => ({ ...source(mf1Invoice()), account: polishAccount({ tin_value: '9999999998' }) }),
      'parameter_invalid',
      'account.tin_value',
    ],
    [
      'the account has a Spanish NIF',
      () => ({ ...source(mf1Invoice()), account: polishAccount({ tin_value: 'B12345674' }) }),
      'parameter_invalid',
      'account.tin_value',
    ],
    [
      'an unknown category',
      () =>
        source(
          mf1Invoice({ lines: [taxLine(1, 'a', '1', '1', '23'), taxLine(2, 'b', '1', '1', '0', 'XX')] }),
        ),
      'parameter_invalid',
      'lines[1].taxes_attributes[0].category',
    ],
    [
      'a 0 % tax without a category',
      () => source(mf1Invoice({ lines: oneLine('0') })),
      'parameter_invalid',
      'lines[0].taxes_attributes[0].category',
    ],
    [
      'a percent Poland does not have',
      () => source(mf1Invoice({ lines: oneLine('21', 'S') })),
      'parameter_invalid',
      'lines[0].taxes_attributes[0].percent',
    ],
    [
      'a surcharge next to the VAT',
      () =>
        source(
          mf1Invoice({
            lines: [
              {
                id: 1,
                quantity: '1',
                price: '100',
                taxes_attributes: [
                  { name: 'VAT', percent: '23' },
                  { name: 'RE', percent: '5.2', kind: 'surcharge' },
                ],
              },
            ],
          }),
        ),
      'parameter_invalid',
      'lines[0].taxes_attributes[1]',
    ],
    [
      'a withholding next to the VAT',
      () =>
        source(
          mf1Invoice({
            lines: [
              {
                id: 1,
                quantity: '1',
                price: '100',
                taxes_attributes: [
                  { name: 'VAT', percent: '23' },
                  { name: 'IRPF', percent: '-15' },
                ],
              },
            ],
          }),
        ),
      'parameter_invalid',
      'lines[0].taxes_attributes[1]',
    ],
    [
      'a KOR without an amend reference',
      () => source(mf3Invoice({ invoice_references: [] })),
      'parameter_blank',
      'invoice_references',
    ],
    [
      'an amend reference without a date',
      () => source(mf3Invoice({ invoice_references: [{ id: 9, reference_type: 'amend', number: 'FV/1' }] })),
      'parameter_blank',
      'invoice_references[0].date',
    ],
    [
      'a KOR_ZAL without an amend reference',
      () => source(mf12Invoice({ invoice_references: [] })),
      'parameter_blank',
      'invoice_references',
    ],
    [
      'a KOR_ZAL whose reference has no total_amount',
      () =>
        source(
          mf12Invoice({
            invoice_references: [
              { id: 51, reference_type: 'amend', number: 'FZ2026/02/150', date: '2026-02-15' },
            ],
          }),
        ),
      'parameter_blank',
      'invoice_references[0].total_amount',
    ],
    [
      'a KOR_ZAL whose reference is in another currency',
      () =>
        source(
          mf12Invoice({
            invoice_references: [
              {
                id: 51,
                reference_type: 'amend',
                number: 'FZ/1',
                date: '2026-02-15',
                total_amount: '20000',
                currency: 'EUR',
              },
            ],
          }),
        ),
      'parameter_invalid',
      'invoice_references[0].currency',
    ],
    [
      'a KOR_ROZ whose reference has no total_amount',
      () =>
        source(
          mf18Invoice({
            invoice_references: [
              { id: 71, reference_type: 'amend', number: 'FV/1', date: '2026-08-17' },
              { id: 72, reference_type: 'prepayment', number: 'FZ/1', total_amount: '30000' },
            ],
          }),
        ),
      'parameter_blank',
      'invoice_references[0].total_amount',
    ],
    [
      'a ROZ without prepayment references',
      () => source(mf14Invoice({ invoice_references: [] })),
      'parameter_blank',
      'invoice_references',
    ],
    [
      'a ROZ advance without a total (and no prepaid_amount)',
      () =>
        source(
          mf14Invoice({ invoice_references: [{ id: 61, reference_type: 'prepayment', number: 'FZ/1' }] }),
        ),
      'parameter_blank',
      'invoice_references[0].total_amount',
    ],
    [
      'a prepayment reference without number or KSeF number',
      () =>
        source(
          mf14Invoice({ invoice_references: [{ id: 61, reference_type: 'prepayment', total_amount: '1' }] }),
        ),
      'parameter_blank',
      'invoice_references[0].number',
    ],
    [
      'a zw line without exemption_basis',
      () => source(mf9Invoice(), { contact: mf9Contact() }),
      'parameter_blank',
      'exemption_basis',
    ],
    [
      'a EUR invoice at 23 % without exchange_rate',
      () => source(mf20Invoice({ exchange_rate: null }), { contact: mf20Contact() }),
      'parameter_blank',
      'exchange_rate',
    ],
    [
      'an exchange rate with 7 decimals (KursWaluty has 6)',
      () => source(mf20Invoice({ exchange_rate: '4.5005001' }), { contact: mf20Contact() }),
      'parameter_invalid',
      'exchange_rate',
    ],
    [
      'a received invoice',
      () => source(mf1Invoice({ type: 'ReceivedInvoice' })),
      'parameter_invalid',
      'type',
    ],
    [
      'a self-billed invoice',
      () => source(mf1Invoice({ type: 'IssuedSelfInvoice' })),
      'parameter_invalid',
      'type',
    ],
    [
      'a 3-decimal currency',
      () => source(mf1Invoice({ currency: 'KWD', exchange_rate: '13.1' })),
      'parameter_invalid',
      'currency',
    ],
    [
      'a VAT invoice without a contact',
      () => source(mf1Invoice({ contact: null }), { contact: null }),
      'parameter_blank',
      'contact',
    ],
    [
      'a buyer NIP with a wrong check digit',
      () => source(mf1Invoice(), { contact: polishContact({ tin_value: '1111111112' }) }),
      'parameter_invalid',
      'contact.tin_value',
    ],
    [
      'the JST flag without a third party',
      () => source(mf1Invoice({ apply_to_local_government_unit: true })),
      'parameter_blank',
      'third_party',
    ],
    [
      'both flags',
      () => source(mf9Invoice({ apply_to_vat_group_member: true })),
      'parameter_invalid',
      'apply_to_vat_group_member',
    ],
    [
      'a third party without a role',
      () => source(mf1Invoice({ third_party: { name: 'X', tin_value: UNIT_NIP, country: 'PL' } })),
      'parameter_blank',
      'third_party.role',
    ],
    [
      'a JST unit identified only by a foreign id',
      () =>
        source(mf9Invoice({ third_party: { name: 'X', tin_value: 'ABC-1', country: 'US' } }), {
          exemption_basis: EXEMPTION,
        }),
      'parameter_invalid',
      'third_party.tin_value',
    ],
    [
      'a JST unit without any id',
      () => source(mf9Invoice({ third_party: { name: 'X', country: 'PL' } }), { exemption_basis: EXEMPTION }),
      'parameter_blank',
      'third_party.tin_value',
    ],
    [
      'a JST unit NIP with a wrong check digit',
      () =>
        source(mf9Invoice({ third_party: { name: 'X', tin_value: '2222222223', country: 'PL' } }), {
          exemption_basis: EXEMPTION,
        }),
      'parameter_invalid',
      'third_party.tin_value',
    ],
    [
      'a delivery recipient without a country',
      () =>
        source(mf1Invoice({ third_party: { role: 'delivery_recipient', name: 'X', tin_value: UNIT_NIP } })),
      'parameter_blank',
      'third_party.country',
    ],
    [
      'inconsistent account flags',
      () => ({ ...source(mf1Invoice()), account: polishAccount({ skip_line_taxable_base_rounding: true }) }),
      'parameter_invalid',
      'account.skip_line_taxable_base_rounding',
    ],
    [
      'a line with two VAT taxes',
      () =>
        source(
          mf1Invoice({
            lines: [
              {
                id: 1,
                quantity: '1',
                price: '1',
                taxes_attributes: [
                  { name: 'VAT', percent: '23' },
                  { name: 'VAT2', percent: '8' },
                ],
              },
            ],
          }),
        ),
      'parameter_invalid',
      'lines[0].taxes_attributes',
    ],
    ['an invoice without lines', () => source(mf1Invoice({ lines: [] })), 'parameter_empty', 'lines'],
    [
      'a ZAL total with more decimals than the currency',
      () => source(mf10Invoice({ total: '20000.001' })),
      'parameter_invalid',
      'total',
    ],
    [
      'an account phone longer than FA(3) Telefon',
      () => ({ ...source(mf1Invoice()), account: polishAccount({ phone: '+48 22 123 45 67 ext. 89' }) }),
      'parameter_invalid',
      'account.phone',
    ],
    [
      'a KRS routing code that is not 10 digits',
      () => ({
        ...source(mf1Invoice()),
        account: polishAccount({ routing_codes: { cin4_value: '12345', cin4_scheme: '8037' } }),
      }),
      'parameter_invalid',
      'account.routing_codes.cin4_value',
    ],
    [
      'a description longer than P_7',
      () => source(mf1Invoice({ lines: [taxLine(1, 'x'.repeat(600), '1', '1', '23')] })),
      'parameter_invalid',
      'lines[0].description',
    ],
    [
      'a GTIN longer than FA(3) GTIN',
      () =>
        source(
          mf1Invoice({
            lines: oneLine('23', undefined, {
              classification_code: '1'.repeat(25),
              classification_code_scheme: 'GTIN',
            }),
          }),
        ),
      'parameter_invalid',
      'lines[0].classification_code',
    ],
  ])('%s', (_, from, code, param) => {
    expect(issueOf(from())).toEqual({ code, param });
  });

  it('never throws, whatever the stored invoice holds', () => {
    const broken: Invoice[] = [
      {
        ...mf1Invoice(),
        lines: [{ id: 1, quantity: 'x', price: '1', taxes_attributes: [{ name: 'VAT', percent: 'abc' }] }],
      },
      {
        ...mf1Invoice(),
        lines: [
          {
            id: 1,
            quantity: '1',
            price: '1',
            taxes_attributes: [{ name: 'VAT', percent: '23', category: '%%' }],
          },
        ],
      },
      {
        ...mf14Invoice(),
        invoice_references: [{ id: 1, reference_type: 'prepayment', number: 'FZ/1', total_amount: 'abc' }],
      },
      mf12Invoice({ total: '0.00', lines: [taxLine(1, 'a', '0', '0', '23')] }),
      mf14Invoice({ lines: [taxLine(1, 'a', '1', '0', '23')] }),
    ];
    for (const invoice of broken) expect(generateKsefTaxReport(source(invoice)).success).toBe(false);
  });
});

describe('the seller’s registers (spec §2.7 rule 2: company identifiers with schemes 8036/8037/8038)', () => {
  it('takes KRS from the account’s primary cin when its scheme is 8037, and it wins over a routing code', () => {
    const noRegisters = { routing_codes: {} };
    const krs = generated({
      ...source(mf1Invoice()),
      account: polishAccount({ ...noRegisters, cin_scheme: '8037', cin_value: '0000012345' }),
    });
    expect(krs).toMatchObject({ supplier_party_krs: '0000012345' });
    expect(krs.supplier_party_regon ?? null).toBeNull();
    // The routing codes still give the registers the cin does not hold; the cin's own scheme is its.
    const both = generated({
      ...source(mf1Invoice()),
      account: polishAccount({ cin_scheme: '8037', cin_value: '0000012345' }),
    });
    expect(both).toMatchObject({
      supplier_party_krs: '0000012345',
      supplier_party_regon: '999999999',
      supplier_party_bdo: '000099999',
    });
    const regon = generated({
      ...source(mf1Invoice()),
      account: polishAccount({ ...noRegisters, cin_scheme: '8036', cin_value: '123456785' }),
    });
    expect(regon).toMatchObject({ supplier_party_regon: '123456785' });
    // Another scheme in the cin maps to no register.
    const other = generated({
      ...source(mf1Invoice()),
      account: polishAccount({ ...noRegisters, cin_scheme: '0088', cin_value: '5901234123457' }),
    });
    expect(other.supplier_party_krs ?? null).toBeNull();
  });
});

describe('the smaller mappings', () => {
  it.each([
    ['2026/02/150', 'FV', 'FV2026/02/150'],
    ['F-2026/0001', 'F', 'F-2026/0001'],
    ['FV/7', null, 'FV/7'],
    ['  ', 'FV', null],
  ])('documentNumber(%s, %s) → %s', (number, series, expected) => {
    expect(documentNumber(number, series)).toBe(expected);
  });

  it.each([
    ['1', { payment_method: '1' }],
    ['CASH', { payment_method: '1' }],
    ['card', { payment_method: '2' }],
    ['voucher', { payment_method: '3' }],
    ['11', { payment_method: '4' }],
    ['cheque', { payment_method: '4' }],
    ['credit', { payment_method: '5' }],
    ['4', { payment_method: '6' }],
    ['Bank transfer', { payment_method: '6' }],
    ['mobile', { payment_method: '7' }],
    ['2', { payment_method_description: 'Direct debit' }],
    ['barter', { payment_method_description: 'barter' }],
    [null, {}],
  ])('payment_method %s', (method, expected) => {
    expect(paymentMethodFields(method)).toEqual(expected);
  });

  it.each([
    ['5901234123457', 'GTIN', { gtin: '5901234123457' }],
    ['5901234123457', '0160', { gtin: '5901234123457' }],
    ['28.25.12.0', 'PKWiU', { pkwiu: '28.25.12.0' }],
    ['8418 21 91', 'cn', { cn: '8418 21 91' }],
    ['1110', 'PKOB', { pkob: '1110' }],
    ['GTU_12', 'GTU', { gtu: 'GTU_12' }],
    ['GTU_06', null, { gtu: 'GTU_06' }],
    ['45000000-7', 'CPV', { item_code: '45000000-7' }],
    ['A-17', null, { item_code: 'A-17' }],
  ])('classification %s (%s)', (code, scheme, expected) => {
    expect(lineClassification({ classification_code: code, classification_code_scheme: scheme })).toEqual(
      expected,
    );
  });

  it.each([
    [{ quantity: '20', price: '1000', discount_percent: '10' }, '100'],
    [{ quantity: '4', price: '10', discount_amount: '2' }, '0.5'],
    [{ quantity: '-2', price: '10', discount_amount: '2' }, '1'],
    [{ quantity: '3', price: '10', discount_amount: '10' }, null],
    [{ quantity: '1', price: '10', discount_percent: '10', charge_amount: '1' }, null],
    [{ quantity: '0', price: '10', discount_percent: '10' }, null],
    [{ quantity: '1', price: '10' }, null],
  ])('P_10 of %o is %s (per unit, MF sample 4)', (line, expected) => {
    const discount = lineDiscount({ id: 1, taxes_attributes: [], ...line });
    expect(discount?.discount ?? null).toBe(expected);
  });
});
