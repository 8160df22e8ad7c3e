/**
 * The content rules of the VAT act a Ksef report created directly or generated is held to, and an
 * imported document is not (issue #18 items 6 and 12): the exemption basis, the corrected invoice, the
 * PLN conversion of a foreign-currency invoice (`ksefInvoiceContentIssues`), and the buyer-unit rule's
 * import mode. `createKsefTaxReport` applies them by `origin`.
 */
import { describe, expect, it } from 'vitest';
import { createKsefTaxReport } from '../../src/ksef/createKsefTaxReport.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import { ksefBuyerUnitIssues } from '../../src/rules/ksefBuyerUnit.js';
import { ksefCorrectedInvoicesIssues } from '../../src/rules/ksefCorrectedInvoices.js';
import { ksefExemptionBasisIssues } from '../../src/rules/ksefExemptionBasis.js';
import { ksefForeignCurrencyIssues } from '../../src/rules/ksefForeignCurrency.js';
import { ksefInvoiceContentIssues } from '../../src/rules/ksefInvoiceContent.js';
import { ksefTaxReportIssues } from '../../src/rules/ksefTaxReport.js';
import {
  eurReport,
  jstReport,
  KSEF_REPORTS,
  korReport,
  korRozReport,
  korZalReport,
  vatReport,
  zalReport,
} from '../support/ksefReports.js';

type Report = KsefTaxReportCreate;

const codes = (issues: readonly { code: string; param: string }[]) =>
  issues.map(({ code, param }) => ({ code, param }));
const blank = (param: string) => ({ code: 'parameter_blank', param });

describe('ksefInvoiceContentIssues', () => {
  it.each(Object.keys(KSEF_REPORTS))('%s has none', (name) => {
    expect(ksefInvoiceContentIssues((KSEF_REPORTS[name] as () => Report)())).toEqual([]);
  });

  it('a zw line, a zw order line or bucket 7 needs exemption_basis (art. 106e ust. 1 pkt 19)', () => {
    expect(codes(ksefExemptionBasisIssues({ ...jstReport(), exemption_basis: null }))).toEqual([
      blank('exemption_basis'),
    ]);
    expect(codes(ksefExemptionBasisIssues({ ...jstReport(), exemption_basis: ' ', lines: [] }))).toEqual([
      blank('exemption_basis'),
    ]);
    expect(ksefExemptionBasisIssues({ order_lines: [{ tax_category: 'zw' }] })).toHaveLength(1);
    expect(ksefExemptionBasisIssues({ lines: [{ tax_category: '23' }] })).toEqual([]);
  });

  it.each([
    ['KOR', korReport],
    ['KOR_ZAL', korZalReport],
    ['KOR_ROZ', korRozReport],
  ])('%s needs a corrected invoice (art. 106j ust. 2)', (_type, build) => {
    expect(codes(ksefCorrectedInvoicesIssues({ ...build(), corrected_invoices: [] }))).toEqual([
      blank('corrected_invoices'),
    ]);
    expect(codes(ksefCorrectedInvoicesIssues({ ...build(), corrected_invoices: null }))).toEqual([
      blank('corrected_invoices'),
    ]);
    expect(ksefCorrectedInvoicesIssues(vatReport())).toEqual([]);
  });

  it('a foreign-currency invoice states its PLN conversion: P_14_xW, KursWaluty, KursWalutyZ on ZAL', () => {
    const withoutPln: Report = {
      ...eurReport(),
      tax_breakdowns: [{ bucket: '1', taxable_base: '13560', tax_amount: '3118.80' }],
    };
    expect(codes(ksefForeignCurrencyIssues(withoutPln))).toEqual([blank('tax_breakdowns[0].tax_amount_pln')]);
    const line = eurReport().lines?.[0];
    expect(
      codes(ksefForeignCurrencyIssues({ ...eurReport(), lines: [{ ...line, exchange_rate: null }] })),
    ).toEqual([blank('lines[0].exchange_rate')]);
    expect(
      ksefForeignCurrencyIssues({
        ...eurReport(),
        exchange_rate: '4.5',
        lines: [{ ...line, exchange_rate: null }],
      }),
    ).toEqual([]);
    // 0 WDT, zw, np, oo lines carry no rate (MF samples 22, 23).
    expect(ksefForeignCurrencyIssues({ currency: 'EUR', lines: [{ tax_category: '0 WDT' }] })).toEqual([]);
    const zal: Report = {
      ...zalReport(),
      currency: 'EUR',
      tax_breakdowns: [
        { bucket: '1', taxable_base: '16260.16', tax_amount: '3739.84', tax_amount_pln: '16081.31' },
      ],
    };
    expect(codes(ksefForeignCurrencyIssues(zal))).toEqual([blank('exchange_rate')]);
    expect(ksefForeignCurrencyIssues({ ...zal, currency: 'PLN' })).toEqual([]);
  });
});

describe('createKsefTaxReport applies them on create, not on import', () => {
  const cases: [string, Report, string][] = [
    ['an exempt line with P_19N', { ...jstReport(), exemption_basis: null }, 'exemption_basis'],
    [
      'a KOR without corrected invoices',
      { ...korReport(), corrected_invoices: [], correction_reason: null, correction_type: null },
      'corrected_invoices',
    ],
    [
      'an EUR invoice without P_14_1W',
      { ...eurReport(), tax_breakdowns: [{ bucket: '1', taxable_base: '13560', tax_amount: '3118.80' }] },
      'tax_breakdowns[0].tax_amount_pln',
    ],
  ];
  it.each(cases)('%s: 422 on create, accepted as an import', (_name, report, param) => {
    const created = createKsefTaxReport(report);
    expect(created.success).toBe(false);
    if (!created.success) expect(codes(created.issues)).toEqual([blank(param)]);
    expect(createKsefTaxReport(report, { origin: 'import' }).success).toBe(true);
  });
});

describe('the buyer-unit rule on import (issue #18 item 6; spec §2.7 "Also accepted on import")', () => {
  it('needs no third party for JST / GV; the flags still exclude each other', () => {
    expect(ksefBuyerUnitIssues({ customer_party_jst: true }, { imported: true })).toEqual([]);
    expect(
      ksefBuyerUnitIssues({ customer_party_gv: true, third_party_role: '2' }, { imported: true }),
    ).toEqual([]);
    expect(ksefBuyerUnitIssues({ third_party_role: '8' }, { imported: true })).toEqual([]);
    expect(
      codes(ksefBuyerUnitIssues({ customer_party_jst: true, customer_party_gv: true }, { imported: true })),
    ).toEqual([{ code: 'parameter_invalid', param: 'customer_party_gv' }]);
    expect(codes(ksefBuyerUnitIssues({ customer_party_jst: true }))).toEqual([blank('third_party_role')]);
  });

  it('ksefTaxReportIssues and createKsefTaxReport by origin', () => {
    const report: Report = { ...vatReport(), customer_party_jst: true };
    expect(codes(ksefTaxReportIssues(report))).toEqual([blank('third_party_role')]);
    expect(ksefTaxReportIssues(report, undefined, { origin: 'import' })).toEqual([]);
    expect(createKsefTaxReport(report, { origin: 'import' }).success).toBe(true);
    const created = createKsefTaxReport(report);
    expect(created.success ? [] : codes(created.issues)).toEqual([blank('third_party_role')]);
  });
});

describe('rule ids (issue #20 §4): the content rules are fiscalkit.ksef.*', () => {
  it('a correction without the corrected invoice is fiscalkit.ksef.corrected-invoice', () => {
    expect(ksefCorrectedInvoicesIssues({ invoice_type_code: 'KOR' })[0]).toMatchObject({
      rule: 'fiscalkit.ksef.corrected-invoice',
      code: 'parameter_blank',
      param: 'corrected_invoices',
    });
  });

  it('an exempt line without its basis is fiscalkit.ksef.exemption-basis', () => {
    expect(ksefExemptionBasisIssues({ lines: [{ tax_category: 'zw' }] })[0]).toMatchObject({
      rule: 'fiscalkit.ksef.exemption-basis',
      code: 'parameter_blank',
      param: 'exemption_basis',
    });
  });

  it('the PLN conversion: tax in PLN, a line rate, the advance rate', () => {
    expect(
      ksefForeignCurrencyIssues({
        invoice_type_code: 'ZAL',
        currency: 'EUR',
        tax_breakdowns: [{ bucket: '1', tax_amount: '23' }],
        lines: [{ tax_category: '23' }],
      }),
    ).toMatchObject([
      { rule: 'fiscalkit.ksef.advance-exchange-rate', param: 'exchange_rate' },
      { rule: 'fiscalkit.ksef.tax-amount-pln', param: 'tax_breakdowns[0].tax_amount_pln' },
      { rule: 'fiscalkit.ksef.line-exchange-rate', param: 'lines[0].exchange_rate' },
    ]);
  });
});
