import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../src/errors/catalog.js';
import { fa3Issues } from '../../src/ksef/fa3Issues.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import {
  eurReport,
  gvReport,
  jstReport,
  KSEF_REPORTS,
  korReport,
  korRozReport,
  korZalReport,
  rozReport,
  vatReport,
  zalReport,
} from '../support/ksefReports.js';

type Report = KsefTaxReportCreate;
type Line = NonNullable<Report['lines']>[number];
type OrderLine = NonNullable<Report['order_lines']>[number];

/** The code and param of every issue. */
function found(report: Report): { code: ErrorCode; param: string }[] {
  return fa3Issues(report).map(({ code, param }) => ({ code, param }));
}

/** A report that was not parsed: any value in any field. */
function unparsed(report: Report, changes: Record<string, unknown>): Report {
  return { ...report, ...changes } as unknown as Report;
}

/** The fixture's lines with one changed. */
function withLine(report: Report, index: number, changes: Partial<Line> | Record<string, unknown>): Report {
  const lines = [...(report.lines ?? [])];
  lines[index] = { ...(lines[index] as Line), ...changes } as Line;
  return { ...report, lines };
}

/** The fixture's order lines with one changed. */
function withOrderLine(
  report: Report,
  index: number,
  changes: Partial<OrderLine> | Record<string, unknown>,
): Report {
  const lines = [...(report.order_lines ?? [])];
  lines[index] = { ...(lines[index] as OrderLine), ...changes } as OrderLine;
  return { ...report, order_lines: lines };
}

const blank = (param: string) => ({ code: 'parameter_blank' as const, param });
const invalid = (param: string) => ({ code: 'parameter_invalid' as const, param });
const inclusion = (param: string) => ({ code: 'parameter_inclusion' as const, param });

describe('fa3Issues: valid reports', () => {
  it.each(Object.keys(KSEF_REPORTS))('%s has no issues', (name) => {
    expect(fa3Issues((KSEF_REPORTS[name] as () => Report)())).toEqual([]);
  });

  it('messages start with the param and name the FA(3) element', () => {
    expect(fa3Issues({ ...vatReport(), number: null })).toEqual([
      {
        rule: 'fa3.Fa.P_2',
        code: 'parameter_blank',
        param: 'number',
        message: 'number is required (FA(3) Fa/P_2)',
      },
    ]);
  });

  it('accepts a NIP with PL prefix and dashes, a collapsed long token, tabs and new lines', () => {
    expect(
      found({
        ...vatReport(),
        supplier_party_tax_id: 'PL 999-999-99-99',
        supplier_party_name: `A${' '.repeat(600)}B`,
        footer_text: 'line 1\n\tline 2',
      }),
    ).toEqual([]);
  });
});

describe('fa3Issues: required fields', () => {
  it.each([
    ['invoice_type_code', null],
    ['number', '   '],
    ['date', null],
    ['currency', null],
    ['total_amount', null],
    ['supplier_party_tax_id', null],
    ['supplier_party_name', ''],
    ['supplier_party_country', null],
    ['supplier_party_address', ' '],
  ])('%s missing or blank is parameter_blank', (field, value) => {
    expect(found(unparsed(vatReport(), { [field]: value }))).toEqual([blank(field)]);
  });

  it('an invoice_type_code outside the list is parameter_inclusion', () => {
    expect(found(unparsed(vatReport(), { invoice_type_code: 'FA' }))).toEqual([
      inclusion('invoice_type_code'),
    ]);
  });

  it('the seller NIP must pass the checksum and the TNrNIP shape (ksef-fa3.md §4)', () => {
    expect(found({ ...vatReport(), supplier_party_tax_id: '9999999998' })).toEqual([
      invalid('supplier_party_tax_id'),
    ]);
    expect(found({ ...vatReport(), supplier_party_tax_id: '1000000006' })).toEqual([
      invalid('supplier_party_tax_id'),
    ]);
    expect(found({ ...vatReport(), supplier_party_tax_id: 'DE123456789' })).toEqual([
      invalid('supplier_party_tax_id'),
    ]);
  });

  it('a currency outside TKodWaluty is parameter_inclusion (ZWG is ISO 4217 but not in FA(3))', () => {
    expect(found({ ...vatReport(), currency: 'ZWG' })).toEqual([inclusion('currency')]);
    expect(found(unparsed(vatReport(), { currency: 'eur' }))).toEqual([inclusion('currency')]);
  });

  it('a country outside the list, or in lower case, is parameter_inclusion', () => {
    expect(found(unparsed(vatReport(), { supplier_party_country: 'pl' }))).toEqual([
      inclusion('supplier_party_country'),
    ]);
    expect(found(unparsed(vatReport(), { customer_party_country: 'XX' }))).toEqual([
      inclusion('customer_party_country'),
    ]);
  });
});

describe('fa3Issues: the buyer', () => {
  it('an identification that cannot be resolved is an issue at customer_party_tax_id', () => {
    expect(
      found({
        ...vatReport(),
        customer_party_id_type: 'eu_vat',
        customer_party_tax_id: '123',
        customer_party_country: 'US',
      }),
    ).toEqual([invalid('customer_party_tax_id')]);
    expect(found({ ...vatReport(), customer_party_id_type: 'nip', customer_party_tax_id: null })).toEqual([
      blank('customer_party_tax_id'),
    ]);
  });

  it('an unknown customer_party_id_type is parameter_inclusion', () => {
    expect(found(unparsed(vatReport(), { customer_party_id_type: 'vat' }))).toEqual([
      inclusion('customer_party_id_type'),
    ]);
  });

  it('a buyer NIP must pass the checksum; an EU VAT number must fit TNrVatUE; another id is at most 50', () => {
    expect(found({ ...vatReport(), customer_party_tax_id: '1234567890' })).toEqual([
      invalid('customer_party_tax_id'),
    ]);
    expect(
      found({ ...vatReport(), customer_party_tax_id: 'DE1234567890123', customer_party_country: 'DE' }),
    ).toEqual([invalid('customer_party_tax_id')]);
    expect(
      found({ ...vatReport(), customer_party_tax_id: 'X'.repeat(51), customer_party_country: 'US' }),
    ).toEqual([invalid('customer_party_tax_id')]);
  });

  it('an address without a country is parameter_blank at customer_party_country', () => {
    expect(found({ ...vatReport(), customer_party_country: null })).toEqual([
      blank('customer_party_country'),
    ]);
  });
});

describe('fa3Issues: third parties', () => {
  it('a third party whose identification cannot be resolved is an issue at third_party_tax_id', () => {
    expect(
      found({
        ...jstReport(),
        third_party_tax_id: 'ABC123',
        third_party_tax_scheme: 'VAT',
        third_party_country: 'US',
      }),
    ).toEqual([invalid('third_party_tax_id')]);
  });

  it('a third-party NIP must pass the checksum; an IDWew needs a valid NIP part', () => {
    expect(found({ ...jstReport(), third_party_tax_id: '3333333334' })).toEqual([
      invalid('third_party_tax_id'),
    ]);
    expect(found({ ...gvReport(), third_party_id: '1234567890-00001' })).toEqual([invalid('third_party_id')]);
    expect(found({ ...gvReport(), third_party_id: '1111111111-1', third_party_scheme: 'IDWew' })).toEqual([
      invalid('third_party_id'),
    ]);
  });

  it('additional third parties: the role is required and must be a KSeF role', () => {
    expect(found(unparsed(vatReport(), { additional_third_parties: [{ name: 'X' }] }))).toEqual([
      blank('additional_third_parties[0].role'),
    ]);
    expect(found(unparsed(vatReport(), { additional_third_parties: [{ role: '12' }] }))).toEqual([
      inclusion('additional_third_parties[0].role'),
    ]);
    expect(
      found({
        ...vatReport(),
        additional_third_parties: [{ role: '6', tax_id: 'AB1', tax_scheme: 'VAT', country: 'US' }],
      }),
    ).toEqual([invalid('additional_third_parties[0].tax_id')]);
  });

  it('third-party data without third_party_role is parameter_blank at third_party_role', () => {
    expect(found({ ...vatReport(), third_party_name: 'Odbiorca' })).toEqual([blank('third_party_role')]);
  });

  it('a third-party address without a country is parameter_blank at the country', () => {
    expect(found({ ...jstReport(), third_party_country: null })).toEqual([blank('third_party_country')]);
    expect(
      found({ ...vatReport(), additional_third_parties: [{ role: '2', address: 'ul. Długa 1' }] }),
    ).toEqual([blank('additional_third_parties[0].country')]);
  });

  it('Udzial is a percentage from 0 to 100', () => {
    expect(found({ ...zalReport(), third_party_share: '100.5' })).toEqual([invalid('third_party_share')]);
  });

  it('at most 100 Podmiot3 in all', () => {
    const parties = Array.from({ length: 100 }, () => ({ role: '6' as const }));
    expect(found({ ...vatReport(), additional_third_parties: parties })).toEqual([]);
    expect(found({ ...zalReport(), additional_third_parties: parties })).toEqual([
      invalid('additional_third_parties'),
    ]);
  });
});

describe('fa3Issues: rates and currency', () => {
  it('an unknown rate code on a line or an order line is parameter_inclusion', () => {
    expect(found(withLine(vatReport(), 1, { tax_category: '0' }))).toEqual([
      inclusion('lines[1].tax_category'),
    ]);
    expect(found(withOrderLine(zalReport(), 0, { tax_category: '21' }))).toEqual([
      inclusion('order_lines[0].tax_category'),
    ]);
  });

  it('a line at a percentage rate in a foreign currency without an exchange rate is schema-valid (issue #18 item 12)', () => {
    // `KursWaluty` is optional in the XSD: that the line has one is ksefForeignCurrencyIssues (src/rules).
    expect(found(withLine(eurReport(), 0, { exchange_rate: null }))).toEqual([]);
  });

  it('a line at 0 WDT / 0 EX / np / oo in a foreign currency needs none', () => {
    const report: Report = {
      ...eurReport(),
      tax_breakdowns: [{ bucket: '6_2', taxable_base: '13560' }],
      total_amount: '13560',
    };
    expect(found(withLine(report, 0, { exchange_rate: null, tax_category: '0 WDT' }))).toEqual([]);
  });

  it('a ZAL in a foreign currency without exchange_rate is schema-valid (KursWalutyZ is optional)', () => {
    const report: Report = {
      ...zalReport(),
      currency: 'EUR',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '16260.16', tax_amount: '3739.84', tax_amount_pln: '16081.31' },
      ],
    };
    expect(found(report)).toEqual([]);
    expect(found({ ...report, exchange_rate: '4.3' })).toEqual([]);
  });

  it('an exchange rate must be greater than zero and fit TIlosci', () => {
    expect(found(withLine(eurReport(), 0, { exchange_rate: '0' }))).toEqual([
      invalid('lines[0].exchange_rate'),
    ]);
    expect(found({ ...vatReport(), exchange_rate: '1.1234567' })).toEqual([invalid('exchange_rate')]);
  });

  it('buckets 1–4 without tax_amount_pln in a foreign currency are schema-valid (P_14_xW is optional)', () => {
    const report = eurReport();
    expect(
      found({ ...report, tax_breakdowns: [{ bucket: '1', taxable_base: '13560', tax_amount: '3118.80' }] }),
    ).toEqual([]);
  });
});

describe('fa3Issues: buckets', () => {
  it('tax_amount only on buckets 1–5, tax_amount_pln only on 1–4', () => {
    expect(
      found({
        ...jstReport(),
        tax_breakdowns: [
          { bucket: '1', taxable_base: '100', tax_amount: '23' },
          { bucket: '7', taxable_base: '50', tax_amount: '0' },
        ],
      }),
    ).toEqual([invalid('tax_breakdowns[1].tax_amount')]);
    expect(
      found({
        ...eurReport(),
        tax_breakdowns: [
          { bucket: '1', taxable_base: '13560', tax_amount: '3118.80', tax_amount_pln: '14036.16' },
          { bucket: '5', taxable_base: '1', tax_amount: '0.2', tax_amount_pln: '0.9' },
        ],
      }),
    ).toEqual([invalid('tax_breakdowns[1].tax_amount_pln')]);
  });

  it('buckets 1–4 need tax_amount (P_14_x follows P_13_x); bucket 5 does not', () => {
    expect(found({ ...vatReport(), tax_breakdowns: [{ bucket: '1', taxable_base: '1666.66' }] })).toEqual([
      blank('tax_breakdowns[0].tax_amount'),
    ]);
    expect(found({ ...vatReport(), tax_breakdowns: [{ bucket: '5', taxable_base: '1' }] })).toEqual([]);
  });

  it('no duplicate buckets', () => {
    expect(
      found({
        ...vatReport(),
        tax_breakdowns: [
          { bucket: '1', taxable_base: '1', tax_amount: '0.23' },
          { bucket: '1', taxable_base: '2', tax_amount: '0.46' },
        ],
      }),
    ).toEqual([invalid('tax_breakdowns[1].bucket')]);
  });

  it('an unknown bucket is parameter_inclusion; a missing taxable base parameter_blank', () => {
    expect(found(unparsed(vatReport(), { tax_breakdowns: [{ bucket: '6', taxable_base: '1' }] }))).toEqual([
      inclusion('tax_breakdowns[0].bucket'),
    ]);
    expect(found(unparsed(vatReport(), { tax_breakdowns: [{ bucket: '6_1' }] }))).toEqual([
      blank('tax_breakdowns[0].taxable_base'),
    ]);
  });
});

describe('fa3Issues: lists, texts, amounts, dates', () => {
  it('more than 10,000 lines or order lines', () => {
    const line: Line = { description: 'x', tax_category: '23' };
    expect(found({ ...vatReport(), lines: Array.from({ length: 10_001 }, () => line) })).toEqual([
      invalid('lines'),
    ]);
    const orderLine: OrderLine = { description: 'x', tax_category: '23' };
    expect(found({ ...zalReport(), order_lines: Array.from({ length: 10_001 }, () => orderLine) })).toEqual([
      invalid('order_lines'),
    ]);
  });

  it('a list field that is not a list', () => {
    expect(found(unparsed(vatReport(), { lines: 'none' }))).toEqual([invalid('lines')]);
  });

  it('texts longer than the schema allows', () => {
    expect(found({ ...vatReport(), supplier_party_name: 'x'.repeat(513) })).toEqual([
      invalid('supplier_party_name'),
    ]);
    expect(found({ ...vatReport(), number: 'x'.repeat(257) })).toEqual([invalid('number')]);
    expect(found(withLine(vatReport(), 0, { gtin: '1'.repeat(21) }))).toEqual([invalid('lines[0].gtin')]);
    expect(found(withLine(vatReport(), 0, { uuid: 'u'.repeat(51) }))).toEqual([invalid('lines[0].uuid')]);
    expect(found({ ...vatReport(), footer_text: 'x'.repeat(3501) })).toEqual([invalid('footer_text')]);
    expect(found({ ...vatReport(), supplier_party_name: '😀'.repeat(512) })).toEqual([]);
  });

  it('texts an XML 1.0 document cannot carry (control characters, lone surrogates, discouraged characters)', () => {
    expect(found({ ...vatReport(), supplier_party_name: 'A\u0000B' })).toEqual([
      invalid('supplier_party_name'),
    ]);
    expect(found(withLine(vatReport(), 2, { description: 'bell \u0007' }))).toEqual([
      invalid('lines[2].description'),
    ]);
    expect(found({ ...vatReport(), customer_party_name: 'x\uD800y' })).toEqual([
      invalid('customer_party_name'),
    ]);
    expect(found({ ...vatReport(), issue_place: 'del\u007F' })).toEqual([invalid('issue_place')]);
    expect(found({ ...vatReport(), footer_text: '\uFFFE' })).toEqual([invalid('footer_text')]);
  });

  it('amounts beyond the integer digits of TKwotowy (16), TKwotowy2 (14) and TIlosci (16), or with too many decimals', () => {
    expect(found({ ...vatReport(), total_amount: '12345678901234567' })).toEqual([invalid('total_amount')]);
    expect(found({ ...vatReport(), total_amount: '1234567890123456.99' })).toEqual([]);
    expect(found(withLine(vatReport(), 0, { price: '123456789012345' }))).toEqual([
      invalid('lines[0].price'),
    ]);
    expect(found(withLine(vatReport(), 0, { price: '12345678901234.12345678' }))).toEqual([]);
    expect(found(withLine(vatReport(), 0, { quantity: '1.1234567' }))).toEqual([
      invalid('lines[0].quantity'),
    ]);
    expect(found(withLine(vatReport(), 0, { net_amount: '1.001' }))).toEqual([
      invalid('lines[0].net_amount'),
    ]);
    expect(found({ ...vatReport(), order_total_amount: '1e3' })).toEqual([invalid('order_total_amount')]);
  });

  it('an amount that is a JS number is refused (money is never a number)', () => {
    expect(found(unparsed(vatReport(), { total_amount: 2051 }))).toEqual([invalid('total_amount')]);
  });

  it('dates outside TDataT (2006-01-01…2050-01-01), TDataU (1990-…) and TData (2016-07-01…)', () => {
    expect(found({ ...vatReport(), date: '2005-12-31' })).toEqual([invalid('date')]);
    expect(found({ ...vatReport(), date: '2050-01-02' })).toEqual([invalid('date')]);
    expect(found({ ...vatReport(), date: '2050-01-01', tax_point_date: '2006-01-01' })).toEqual([]);
    expect(found({ ...vatReport(), date: '2026-02-30' })).toEqual([invalid('date')]);
    expect(found({ ...vatReport(), purchase_order_date: '1989-12-31' })).toEqual([
      invalid('purchase_order_date'),
    ]);
    expect(found({ ...vatReport(), contract_date: '1990-01-01' })).toEqual([]);
    expect(found({ ...vatReport(), payment_date: '2016-06-30' })).toEqual([invalid('payment_date')]);
    expect(found({ ...vatReport(), due_date: '2050-01-02' })).toEqual([invalid('due_date')]);
    expect(found(withLine(vatReport(), 0, { tax_point_date: '2000-01-01' }))).toEqual([
      invalid('lines[0].tax_point_date'),
    ]);
  });

  it('line numbers are TNaturalny: 1 to 14 digits', () => {
    expect(found(withLine(vatReport(), 0, { line_number: 100_000_000_000_000 }))).toEqual([
      invalid('lines[0].line_number'),
    ]);
    expect(
      found(unparsed(vatReport(), { additional_info: [{ line_number: 0, key: 'k', value: 'v' }] })),
    ).toEqual([invalid('additional_info[0].line_number')]);
  });

  it('a key/value note needs both', () => {
    expect(found(unparsed(vatReport(), { additional_info: [{ key: 'k' }] }))).toEqual([
      blank('additional_info[0].value'),
    ]);
  });

  it('codes of lines and order lines: GTU, Procedura, ProceduraZ (no I_42 / I_63), OSS percentage', () => {
    expect(found(unparsed(withLine(vatReport(), 0, { gtu: 'GTU_14' }), {}))).toEqual([
      inclusion('lines[0].gtu'),
    ]);
    expect(found(withLine(vatReport(), 0, { procedure: 'I_42' }))).toEqual([]);
    expect(found(withOrderLine(zalReport(), 0, { procedure: 'I_42' }))).toEqual([
      inclusion('order_lines[0].procedure'),
    ]);
    expect(found(withLine(vatReport(), 0, { oss_percent: '101' }))).toEqual([
      invalid('lines[0].oss_percent'),
    ]);
  });
});

describe('fa3Issues: corrections, advances, settlements', () => {
  it.each([
    ['KOR', korReport],
    ['KOR_ZAL', korZalReport],
    ['KOR_ROZ', korRozReport],
  ])(
    '%s: the correction fields need at least one corrected invoice; the type alone does not',
    (_type, build) => {
      expect(found({ ...build(), corrected_invoices: [] })).toEqual([blank('corrected_invoices')]);
      expect(found({ ...build(), corrected_invoices: null })).toEqual([blank('corrected_invoices')]);
      // The block is optional in the XSD whatever the type (ksefCorrectedInvoicesIssues asks for it).
      const bare = {
        ...build(),
        corrected_invoices: [],
        correction_reason: null,
        correction_type: null,
        corrected_period: null,
        previous_advance_total: null,
      };
      expect(found(bare)).toEqual([]);
    },
  );

  it('a correction reason or type without a corrected invoice on another type', () => {
    expect(found({ ...vatReport(), correction_reason: 'x' })).toEqual([blank('corrected_invoices')]);
  });

  it('a corrected invoice needs its date and number; its KSeF number must fit TNumerKSeF', () => {
    expect(found(unparsed(korReport(), { corrected_invoices: [{ number: 'FV/1' }] }))).toEqual([
      blank('corrected_invoices[0].date'),
    ]);
    expect(
      found({
        ...korReport(),
        corrected_invoices: [
          { date: '2026-02-15', number: 'FV/1', registration_code: '9999999999-20230908-8bef280c8d35-4d' },
        ],
      }),
    ).toEqual([invalid('corrected_invoices[0].registration_code')]);
  });

  it('codes of the correction and the annotations', () => {
    expect(found(unparsed(korReport(), { correction_type: '4' }))).toEqual([inclusion('correction_type')]);
    expect(found(unparsed(vatReport(), { margin_scheme: '1' }))).toEqual([inclusion('margin_scheme')]);
    expect(found(unparsed(jstReport(), { exemption_basis_type: 'D' }))).toEqual([
      inclusion('exemption_basis_type'),
    ]);
  });

  it('order lines need order_total_amount', () => {
    expect(found({ ...zalReport(), order_total_amount: null })).toEqual([blank('order_total_amount')]);
  });

  it('a ZAL or KOR_ZAL order total needs order lines; other types leave it unused', () => {
    expect(found({ ...zalReport(), order_lines: [] })).toEqual([blank('order_lines')]);
    expect(found({ ...korZalReport(), order_lines: null })).toEqual([blank('order_lines')]);
    expect(found({ ...rozReport(), order_total_amount: '100' })).toEqual([]);
  });

  it('an advance reference needs a number or a KSeF number fitting TNumerKSeF; at most 100', () => {
    expect(found({ ...rozReport(), prepayment_references: [{ number: null }] })).toEqual([
      blank('prepayment_references[0].number'),
    ]);
    expect(found({ ...rozReport(), prepayment_references: [{ registration_code: 'KSeF-1' }] })).toEqual([
      invalid('prepayment_references[0].registration_code'),
    ]);
    expect(
      found({ ...rozReport(), prepayment_references: [{ id: 1, _destroy: true }, { number: 'A' }] }),
    ).toEqual([]);
    const many = Array.from({ length: 101 }, (_, index) => ({ number: `FZ/${String(index)}` }));
    expect(found({ ...rozReport(), prepayment_references: many })).toEqual([
      invalid('prepayment_references'),
    ]);
  });
});

describe('fa3Issues: dates of the supply, exemption', () => {
  it('tax_point_date together with an invoicing period is a conflict', () => {
    expect(found({ ...jstReport(), tax_point_date: '2026-02-28' })).toEqual([invalid('tax_point_date')]);
  });

  it('an invoicing period needs both ends', () => {
    expect(found({ ...jstReport(), invoicing_period_end: null })).toEqual([blank('invoicing_period_end')]);
    expect(found({ ...jstReport(), invoicing_period_start: null })).toEqual([
      blank('invoicing_period_start'),
    ]);
  });

  it('a zw line or bucket 7 without exemption_basis is schema-valid: P_19N (issue #18 item 12)', () => {
    // That an exempt supply names its legal basis is ksefExemptionBasisIssues (src/rules).
    expect(found({ ...jstReport(), exemption_basis: null })).toEqual([]);
    expect(found({ ...withLine(vatReport(), 2, { tax_category: 'zw' }), exemption_basis: null })).toEqual([]);
  });
});

describe('fa3Issues: payment', () => {
  it('bank account numbers are 10–34 characters and required', () => {
    const account = (account_number: string) => ({ ...vatReport(), bank_accounts: [{ account_number }] });
    expect(found(account('123456789'))).toEqual([invalid('bank_accounts[0].account_number')]);
    expect(found(account('1'.repeat(35)))).toEqual([invalid('bank_accounts[0].account_number')]);
    expect(found(account('1234567890'))).toEqual([]);
    expect(found(account(''))).toEqual([blank('bank_accounts[0].account_number')]);
  });

  it('a BIC fits [A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?', () => {
    const bic = (value: string) => ({
      ...vatReport(),
      bank_accounts: [{ account_number: '1234567890', bic: value }],
    });
    expect(found(bic('wbkpplpp'))).toEqual([invalid('bank_accounts[0].bic')]);
    expect(found(bic('WBKPPLPPX'))).toEqual([invalid('bank_accounts[0].bic')]);
    expect(found(bic('WBKPPLPPXXX'))).toEqual([]);
  });

  it('paid needs payment_date; payment_date needs paid', () => {
    expect(found({ ...vatReport(), payment_date: null })).toEqual([blank('payment_date')]);
    expect(found({ ...vatReport(), paid: false })).toEqual([invalid('payment_date')]);
  });

  it('payment_method and payment_method_description are a choice; the method is a KSeF code', () => {
    expect(found({ ...vatReport(), payment_method_description: 'barter' })).toEqual([
      invalid('payment_method_description'),
    ]);
    expect(found(unparsed(vatReport(), { payment_method: '8' }))).toEqual([inclusion('payment_method')]);
  });
});

describe('fa3Issues: contacts and registers', () => {
  it('phones are at most 16 characters', () => {
    expect(found({ ...vatReport(), supplier_contact_phone: '1'.repeat(17) })).toEqual([
      invalid('supplier_contact_phone'),
    ]);
    expect(found({ ...vatReport(), customer_party_phone: '+48 123 456 789 0' })).toEqual([
      invalid('customer_party_phone'),
    ]);
  });

  it('e-mail addresses fit (.)+@(.)+', () => {
    expect(found({ ...vatReport(), supplier_contact_email: 'abc.pl' })).toEqual([
      invalid('supplier_contact_email'),
    ]);
    expect(found({ ...vatReport(), customer_party_email: '@kowalski.pl' })).toEqual([
      invalid('customer_party_email'),
    ]);
  });

  it('KRS is 10 digits, REGON 9 or 14, BDO at most 9 characters', () => {
    expect(found({ ...vatReport(), supplier_party_krs: '99999' })).toEqual([invalid('supplier_party_krs')]);
    expect(found({ ...vatReport(), supplier_party_regon: '12345678' })).toEqual([
      invalid('supplier_party_regon'),
    ]);
    expect(found({ ...vatReport(), supplier_party_regon: '12345678901234' })).toEqual([]);
    expect(found({ ...vatReport(), supplier_party_bdo: '1234567890' })).toEqual([
      invalid('supplier_party_bdo'),
    ]);
  });
});
