import { describe, expect, it } from 'vitest';
import type { Validated } from '../../src/errors/validationIssue.js';
import { invoiceTotalsInput } from '../../src/generate/totalsInput.js';
import type { SiiTaxReportCreate } from '../../src/model/siiTaxReport.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { siiLineClass } from '../../src/sii/generate/classify.js';
import { generateSiiTaxReport, type SiiSource } from '../../src/sii/generate/generateSiiTaxReport.js';
import { siiCounterparty, siiTitular } from '../../src/sii/generate/parties.js';
import { siiBookOf } from '../../src/sii/generate/typeCode.js';
import { computeTotals } from '../../src/totals/computeTotals.js';
import { storedContact } from '../support/fixtures.js';
import { hasShared } from '../support/shared.js';
import {
  FRENCH_VAT,
  foreignContact,
  irpf,
  N_NIF,
  OCA_COMPANY_NIF,
  OCA_PARTNER_NIF,
  ocaPurchase,
  ocaSale,
  recargo,
  siiAccount,
  siiContact,
  siiInvoice,
  siiLine,
  siiSource,
  vat,
} from '../support/siiInvoices.js';
import { formatXsdErrors, validateXml } from '../support/xsd.js';

/** The report, or a failed assertion showing the issues. */
function generated(from: SiiSource): SiiTaxReportCreate {
  const result = generateSiiTaxReport(from);
  if (!result.success) expect.fail(`expected a report, got ${JSON.stringify(result.issues, null, 2)}`);
  return result.data;
}

/** The first issue's code and param (its message starts with the param). */
function firstIssue(result: Validated<unknown>): { code: string; param: string } {
  if (result.success) expect.fail('expected issues, got a report');
  const [issue] = result.issues;
  if (issue === undefined) expect.fail('expected at least one issue');
  expect(issue.message.startsWith(issue.param)).toBe(true);
  return { code: issue.code, param: issue.param };
}

/** The first issue a source gives. */
function issueOf(from: SiiSource): { code: string; param: string } {
  return firstIssue(generateSiiTaxReport(from));
}

/** An issued invoice with one line of `quantity` × `price` and the given taxes. */
function oneLine(taxes: ReturnType<typeof vat>[], extra: Record<string, unknown> = {}, price = '100') {
  return siiInvoice({ lines: [siiLine(1, 'Artículo', '1', price, taxes)], ...extra });
}

/** Σ of a report's rows as `ImporteTotal` counts them (base + cuota + recargo), in cents. */
function rowsTotalCents(report: SiiTaxReportCreate): bigint {
  const cents = (value: string | null | undefined) => BigInt((value ?? '0').replace('.', ''));
  return (report.tax_breakdowns ?? []).reduce(
    (sum, row) => sum + cents(row.taxable_base) + cents(row.tax_amount) + cents(row.surcharge_amount),
    0n,
  );
}

describe('generateSiiTaxReport reproduces OCA’s figures (sii.md §9.4)', () => {
  it('purchase 100 at 10 % + 200 at 21 % with 19 % IRPF → ImporteTotal 352.00, CuotaDeducible 52.00', () => {
    const report = generated(siiSource(ocaPurchase()));
    expect(report).toMatchObject({
      type: 'SiiDocument',
      book_type: 'Recibida',
      communication_type: 'A0',
      period_year: 2020,
      period: '01',
      invoice_number: 'sup0001',
      invoice_date: '2020-01-01',
      invoice_type_code: 'F1',
      special_regime_key: '01',
      tax_inclusive_amount: '352.00',
      supplier_party_name: 'Test partner',
      supplier_party_tax_id: OCA_PARTNER_NIF,
      supplier_party_tax_scheme: '9920',
      supplier_party_country: 'ES',
      accounting_date: '2020-01-01',
      deductible_tax_amount: '52.00',
    });
    // `sii_in_invoice_p_iva10_bc_p_irpf19_p_iva21_sc_p_irpf19.xml`: IRPF is neither a row nor deducted.
    expect(report.tax_breakdowns).toEqual([
      {
        category: 'S',
        non_exemption_code: 'S1',
        percent: '10.00',
        taxable_base: '100.00',
        tax_amount: '10.00',
      },
      {
        category: 'S',
        non_exemption_code: 'S1',
        percent: '21.00',
        taxable_base: '200.00',
        tax_amount: '42.00',
      },
    ]);
    expect(report.customer_party_name).toBeUndefined();
  });

  it('sale 100 at 10 % + RE 1.4 and 200 at 21 % + RE 5.2 → ImporteTotal 363.80, recargo inside its VAT row', () => {
    const report = generated(siiSource(ocaSale()));
    expect(report).toMatchObject({
      book_type: 'Expedida',
      invoice_type_code: 'F1',
      invoice_number: 'TEST001',
      tax_inclusive_amount: '363.80',
      customer_party_name: 'Test partner',
      customer_party_tax_id: OCA_PARTNER_NIF,
      customer_party_tax_scheme: '9920',
    });
    // A Spanish NIF customer: DesgloseFactura (no operation_type), so the recargo is never under
    // PrestacionServicios, where OCA's own sample puts it and fails the XSD (sii.md §9.7).
    expect(report.tax_breakdowns).toEqual([
      {
        category: 'S',
        non_exemption_code: 'S1',
        percent: '10.00',
        taxable_base: '100.00',
        tax_amount: '10.00',
        surcharge_percent: '1.40',
        surcharge_amount: '1.40',
      },
      {
        category: 'S',
        non_exemption_code: 'S1',
        percent: '21.00',
        taxable_base: '200.00',
        tax_amount: '42.00',
        surcharge_percent: '5.20',
        surcharge_amount: '10.40',
      },
    ]);
    expect(report.deductible_tax_amount).toBeUndefined();
    expect(report.accounting_date).toBeUndefined();
  });

  it('a received invoice with recargo: ImporteTotal 363.80, the recargo is not deductible (CuotaDeducible 52)', () => {
    const report = generated(siiSource(ocaSale({ type: 'ReceivedInvoice', number: 'sup0005' })));
    expect(report.book_type).toBe('Recibida');
    expect(report.tax_inclusive_amount).toBe('363.80');
    expect(report.deductible_tax_amount).toBe('52.00');
    expect(report.tax_breakdowns?.map((row) => [row.surcharge_percent, row.surcharge_amount])).toEqual([
      ['1.40', '1.40'],
      ['5.20', '10.40'],
    ]);
  });

  it.each([
    { apply_taxes_per_line: true, skip_line_taxable_base_rounding: false },
    { apply_taxes_per_line: true, skip_line_taxable_base_rounding: true },
  ])('gives the same figures in every computation mode (%o)', (flags) => {
    const account = siiAccount(flags);
    expect(generated(siiSource(ocaSale(), { account })).tax_inclusive_amount).toBe('363.80');
    expect(generated(siiSource(ocaPurchase(), { account })).tax_inclusive_amount).toBe('352.00');
  });

  it('ImporteTotal is the invoice’s tax_inclusive (net + VAT + recargo) and adds up the rows', () => {
    const invoice = ocaPurchase();
    const totals = computeTotals(
      invoiceTotalsInput(invoice, siiAccount(), { currency: 'EUR', local_currency: 'EUR' }),
    );
    const report = generated(siiSource(invoice));
    expect(report.tax_inclusive_amount).toBe(totals.totals.tax_inclusive);
    expect(totals.totals.total).toBe('295.00'); // what the supplier is paid: IRPF withheld
    expect(rowsTotalCents(report)).toBe(35200n);
  });
});

describe('corrective invoices (sii.md §4.1, §4.2)', () => {
  const amend = {
    id: 9,
    reference_type: 'amend',
    number: '000120',
    series_code: '2026-A-',
    date: '2026-02-10',
  };

  it('a credit note with an amend reference: R1, by differences, negative amounts (OCA refund −462.00)', () => {
    const invoice = siiInvoice({
      is_credit_note: true,
      invoice_references: [amend],
      lines: [
        siiLine(1, 'Devolución', '-1', '100', [vat('10', 'S')]),
        siiLine(2, 'Devolución', '-1', '100', [vat('10', 'S')]),
        siiLine(3, 'Devolución', '-1', '200', [vat('21', 'S')]),
      ],
      total: '-462.00',
      payable_amount: '-462.00',
    });
    const report = generated(siiSource(invoice));
    expect(report).toMatchObject({
      invoice_type_code: 'R1',
      corrective_type: 'I',
      corrected_invoices: [{ number: '2026-A-000120', date: '2026-02-10' }],
      tax_inclusive_amount: '-462.00',
    });
    // `sii_out_refund_s_iva10b_s_iva10b_s_iva21s.xml`: the two 10 % lines merged.
    expect(report.tax_breakdowns).toEqual([
      {
        category: 'S',
        non_exemption_code: 'S1',
        percent: '10.00',
        taxable_base: '-200.00',
        tax_amount: '-20.00',
      },
      {
        category: 'S',
        non_exemption_code: 'S1',
        percent: '21.00',
        taxable_base: '-200.00',
        tax_amount: '-42.00',
      },
    ]);
  });

  it('a received refund with the account’s credit_note_code R4 (OCA `sii_in_refund_p_iva21_sp_in`: −121.00)', () => {
    const invoice = ocaPurchase({
      is_credit_note: true,
      lines: [siiLine(1, 'Abono', '-1', '100', [vat('21', 'S')])],
    });
    const report = generated(siiSource(invoice, { defaults: { credit_note_code: 'R4' } }));
    expect(report).toMatchObject({
      book_type: 'Recibida',
      invoice_type_code: 'R4',
      corrective_type: 'I',
      corrected_invoices: [],
      tax_inclusive_amount: '-121.00',
      deductible_tax_amount: '-21.00',
    });
  });

  it('the amend reference’s tax_correction_code wins over the setting; KSeF codes are ignored', () => {
    const coded = (code: string) =>
      generated(
        siiSource(siiInvoice({ invoice_references: [{ ...amend, tax_correction_code: code }] }), {
          defaults: { credit_note_code: 'R4' },
        }),
      ).invoice_type_code;
    expect(coded('R3')).toBe('R3');
    expect(coded('2')).toBe('R4');
  });

  it('a simplified correction is R5, without Contraparte', () => {
    const report = generated(
      siiSource(siiInvoice({ type: 'IssuedSimplifiedInvoice', is_credit_note: true, contact: null }), {
        contact: null,
      }),
    );
    expect(report.invoice_type_code).toBe('R5');
    expect(report.corrective_type).toBe('I');
    expect(report.customer_party_tax_id).toBeNull();
  });

  it('R5 for an invoice that is not simplified is refused where it came from', () => {
    expect(
      issueOf(siiSource(siiInvoice({ is_credit_note: true }), { defaults: { credit_note_code: 'R5' } })),
    ).toEqual({ code: 'parameter_invalid', param: 'account.tax_report_setting.credit_note_code' });
    expect(
      issueOf(
        siiSource(
          siiInvoice({
            type: 'IssuedSimplifiedInvoice',
            invoice_references: [{ ...amend, tax_correction_code: 'R1' }],
          }),
        ),
      ),
    ).toEqual({ code: 'parameter_invalid', param: 'invoice_references[0].tax_correction_code' });
  });

  it('an amend reference without its date is answered at the reference', () => {
    const { date: _date, ...undated } = amend;
    expect(issueOf(siiSource(siiInvoice({ invoice_references: [undated] })))).toEqual({
      code: 'parameter_blank',
      param: 'invoice_references[0].date',
    });
  });
});

describe('simplified invoices', () => {
  it('an anonymous ticket is F2 with the invoice-level breakdown and no Contraparte', () => {
    const report = generated(
      siiSource(siiInvoice({ type: 'IssuedSimplifiedInvoice', contact: null, contact_id: null }), {
        contact: null,
      }),
    );
    expect(report).toMatchObject({
      book_type: 'Expedida',
      invoice_type_code: 'F2',
      tax_inclusive_amount: '121.00',
    });
    expect(report.customer_party_name).toBeNull();
    expect(report.tax_breakdowns?.[0]?.operation_type).toBeUndefined();
  });

  it('a ticket to a known foreign contact still leaves Contraparte out (forbidden for F2, sii.md §8)', () => {
    const report = generated(
      siiSource(siiInvoice({ type: 'IssuedSimplifiedInvoice' }), {
        contact: foreignContact('US', '12-3456789'),
      }),
    );
    expect(report.invoice_type_code).toBe('F2');
    expect(report.customer_party_tax_id).toBeNull();
    expect(report.tax_breakdowns?.[0]?.operation_type).toBeUndefined();
  });
});

describe('categories: exempt, intra-EU, export, reverse charge, not subject (sii.md §4.4, §4.5, §5)', () => {
  it('E is exempt with the account’s reason_vat_exempt, E1 by default; no cuota', () => {
    const invoice = oneLine([vat('0', 'E')]);
    expect(generated(siiSource(invoice)).tax_breakdowns).toEqual([
      { category: 'E', reason_vat_exempt: 'E1', taxable_base: '100.00' },
    ]);
    expect(
      generated(siiSource(invoice, { defaults: { reason_vat_exempt: 'E6' } })).tax_breakdowns?.[0]
        ?.reason_vat_exempt,
    ).toBe('E6');
  });

  it('K to a French customer: E5 (art. 25 LIVA), IDOtro 02 with the country prefix, goods', () => {
    const report = generated(
      siiSource(oneLine([vat('0', 'K')]), { contact: foreignContact('FR', FRENCH_VAT) }),
    );
    expect(report).toMatchObject({
      customer_party_tax_id: `FR${FRENCH_VAT}`,
      customer_party_tax_scheme: '02',
      customer_party_country: 'FR',
      special_regime_key: '01',
      tax_inclusive_amount: '100.00',
    });
    expect(report.tax_breakdowns).toEqual([
      { operation_type: 'goods', category: 'K', reason_vat_exempt: 'E5', taxable_base: '100.00' },
    ]);
  });

  it('K services are not subject by place-of-supply rules (N2, OCA `sii_out_invoice_s_iva0_sp_i_s_iva0_ic`)', () => {
    const invoice = siiInvoice({
      lines: [
        siiLine(1, 'Mercancía', '1', '200', [vat('0', 'K')]),
        siiLine(2, 'Consultoría', '1', '100', [vat('0', 'K')]),
      ],
    });
    const report = generated(
      siiSource(invoice, {
        contact: foreignContact('FR', `FR${FRENCH_VAT}`),
        operation_types: [null, 'services'],
      }),
    );
    expect(report.tax_breakdowns).toEqual([
      { operation_type: 'goods', category: 'K', reason_vat_exempt: 'E5', taxable_base: '200.00' },
      { operation_type: 'services', category: 'K', reason_no_subject: 'N2', taxable_base: '100.00' },
    ]);
    expect(report.tax_inclusive_amount).toBe('300.00');
  });

  it('G to a US customer: E2 (art. 21 LIVA), IDOtro 04, regime key 02 (export)', () => {
    const report = generated(
      siiSource(oneLine([vat('0', 'G')]), { contact: foreignContact('US', '12-3456789') }),
    );
    expect(report).toMatchObject({
      customer_party_tax_id: '12-3456789',
      customer_party_tax_scheme: '04',
      customer_party_country: 'US',
      special_regime_key: '02',
      additional_special_regime_keys: [],
    });
    expect(report.tax_breakdowns).toEqual([
      { operation_type: 'goods', category: 'G', reason_vat_exempt: 'E2', taxable_base: '100.00' },
    ]);
  });

  it('an export never uses IDType 02, even to an EU contact (AEAT error 1104, sii.md §3)', () => {
    const report = generated(
      siiSource(oneLine([vat('0', 'G')]), { contact: foreignContact('FR', FRENCH_VAT) }),
    );
    expect(report.customer_party_tax_scheme).toBe('04');
  });

  it('an export under another regime key keeps it and adds 02', () => {
    const report = generated(
      siiSource(oneLine([vat('0', 'G')]), {
        contact: foreignContact('US', '12-3456789'),
        defaults: { special_regime_key: '07' },
      }),
    );
    expect(report.special_regime_key).toBe('07');
    expect(report.additional_special_regime_keys).toEqual(['02']);
  });

  it('a foreign contact without an identifier is IDType 06 NO_DISPONIBLE', () => {
    const report = generated(siiSource(oneLine([vat('0', 'G')]), { contact: foreignContact('US', null) }));
    expect(report.customer_party_tax_scheme).toBe('06');
    expect(report.customer_party_tax_id).toBe('NO_DISPONIBLE');
  });

  it('a Spanish NIF starting with N splits the breakdown by operation type (sii.md §5)', () => {
    const report = generated(
      siiSource(oneLine([vat('21', 'S')]), { contact: siiContact({ tin_value: N_NIF }) }),
    );
    expect(report.customer_party_tax_id).toBe(N_NIF);
    expect(report.tax_breakdowns?.[0]?.operation_type).toBe('goods');
  });

  it('AE on a received invoice from a Spanish supplier: S2, reverse charge, deductible (OCA `sii_in_invoice_p_iva21_sp_ex`)', () => {
    const report = generated(siiSource(oneLine([vat('21', 'AE')], { type: 'ReceivedInvoice' })));
    expect(report.tax_breakdowns).toEqual([
      {
        category: 'AE',
        non_exemption_code: 'S2',
        percent: '21.00',
        taxable_base: '100.00',
        tax_amount: '21.00',
        reverse_charge: true,
      },
    ]);
    expect(report).toMatchObject({
      tax_inclusive_amount: '121.00',
      deductible_tax_amount: '21.00',
      special_regime_key: '01',
    });
  });

  it('an intra-EU acquisition (received K, or AE from an EU supplier) is key 09 in DesgloseIVA, not reverse charge', () => {
    for (const category of ['K', 'AE']) {
      const report = generated(
        siiSource(oneLine([vat('21', category)], { type: 'ReceivedInvoice' }), {
          contact: foreignContact('FR', FRENCH_VAT),
        }),
      );
      expect(report).toMatchObject({
        special_regime_key: '09',
        supplier_party_tax_scheme: '02',
        supplier_party_tax_id: `FR${FRENCH_VAT}`,
        deductible_tax_amount: '21.00',
      });
      expect(report.tax_breakdowns?.[0]).toMatchObject({ non_exemption_code: 'S1', tax_amount: '21.00' });
      expect(report.tax_breakdowns?.[0]?.reverse_charge).toBeUndefined();
    }
  });

  it('AE on an issued invoice is S2', () => {
    const report = generated(siiSource(oneLine([vat('0', 'AE')])));
    expect(report.tax_breakdowns).toEqual([
      {
        category: 'AE',
        non_exemption_code: 'S2',
        percent: '0.00',
        taxable_base: '100.00',
        tax_amount: '0.00',
      },
    ]);
  });

  it('Z (zero rate) is S1 at 0 %; O / NS are not subject with the account’s reason, N1 by default', () => {
    expect(generated(siiSource(oneLine([vat('0', 'Z')]))).tax_breakdowns?.[0]).toMatchObject({
      non_exemption_code: 'S1',
      percent: '0.00',
      tax_amount: '0.00',
    });
    expect(generated(siiSource(oneLine([vat('0', 'O')]))).tax_breakdowns).toEqual([
      { category: 'O', reason_no_subject: 'N1', taxable_base: '100.00' },
    ]);
    expect(
      generated(siiSource(oneLine([vat('0', 'NS')]), { defaults: { reason_no_subject: 'N2' } }))
        .tax_breakdowns?.[0]?.reason_no_subject,
    ).toBe('N2');
  });

  it('a withholding-only row never appears and never lowers ImporteTotal', () => {
    const report = generated(siiSource(oneLine([vat('21', 'S'), irpf('15')])));
    expect(report.tax_breakdowns).toHaveLength(1);
    expect(report.tax_inclusive_amount).toBe('121.00');
  });
});

describe('foreign currency (taxmath.md §3.10, sii.md §6)', () => {
  it('a USD invoice is reported in euros from the engine’s euro groups', () => {
    const invoice = oneLine([vat('21', 'S')], { currency: 'USD', exchange_rate: '0.9' });
    const report = generated(siiSource(invoice));
    expect(report.tax_breakdowns).toEqual([
      {
        category: 'S',
        non_exemption_code: 'S1',
        percent: '21.00',
        taxable_base: '90.00',
        tax_amount: '18.90',
      },
    ]);
    expect(report.tax_inclusive_amount).toBe('108.90');
  });

  it('rows sharing a VAT group split its euro amounts so that they add up to the group exactly', () => {
    const invoice = siiInvoice({
      currency: 'USD',
      exchange_rate: '0.91234567',
      lines: [
        siiLine(1, 'Goods', '1', '33.33', [vat('21', 'S')]),
        siiLine(2, 'Services', '1', '33.33', [vat('21', 'S')]),
      ],
    });
    const report = generated(
      siiSource(invoice, {
        contact: foreignContact('US', '12-3456789'),
        operation_types: ['goods', 'services'],
      }),
    );
    const totals = computeTotals(
      invoiceTotalsInput(invoice, siiAccount(), { currency: 'USD', local_currency: 'EUR' }),
    );
    const group = totals.local?.groups[0];
    expect(group).toEqual({ key: 'vat|S|IVA|21', base: '60.82', tax: '12.77' });
    // Each part converts to 6.3864…: rounding both would give 12.78, one unit more than the group.
    expect(
      report.tax_breakdowns?.map((row) => [row.operation_type, row.taxable_base, row.tax_amount]),
    ).toEqual([
      ['goods', '30.41', '6.38'],
      ['services', '30.41', '6.39'],
    ]);
    expect(report.tax_inclusive_amount).toBe('73.59');
  });
});

describe('fields taken from the invoice', () => {
  it('invoice_number is the series and the number; the period is the invoice date’s month', () => {
    const report = generated(siiSource(siiInvoice()));
    expect(report).toMatchObject({
      invoice_id: 300,
      invoice_number: '2026-A-000123',
      invoice_date: '2026-03-15',
      period_year: 2026,
      period: '03',
      special_regime_key: '01',
    });
  });

  it('a given period and, on a received invoice, a given accounting date are used', () => {
    expect(generated(siiSource(siiInvoice(), { period: { year: 2026, period: '1T' } }))).toMatchObject({
      period_year: 2026,
      period: '1T',
    });
    const received = generated(siiSource(ocaPurchase(), { accounting_date: '2020-02-03' }));
    expect(received).toMatchObject({ accounting_date: '2020-02-03', period_year: 2020, period: '02' });
  });

  it('description: the notes, else the line descriptions, else "/"; at most 500 characters', () => {
    expect(generated(siiSource(siiInvoice({ notes: '  Venta de mercaderías  ' }))).description).toBe(
      'Venta de mercaderías',
    );
    expect(generated(siiSource(ocaPurchase())).description).toBe('Bienes corrientes - Servicios');
    expect(
      generated(siiSource(siiInvoice({ lines: [siiLine(1, '  ', '1', '100', [vat('21', 'S')])] })))
        .description,
    ).toBe('/');
    const long = generated(siiSource(siiInvoice({ notes: 'é'.repeat(600) }))).description;
    expect(long).toBe('é'.repeat(500));
  });

  it('an IssuedSelfInvoice goes to the received book with the contact as issuer', () => {
    expect(siiBookOf('IssuedSelfInvoice')).toBe('Recibida');
    const report = generated(siiSource(siiInvoice({ type: 'IssuedSelfInvoice' })));
    expect(report).toMatchObject({ book_type: 'Recibida', supplier_party_tax_id: OCA_PARTNER_NIF });
  });

  it('without a stored contact, the invoice’s contact summary is the counterparty', () => {
    const report = generated(siiSource(siiInvoice(), { contact: null }));
    expect(report).toMatchObject({
      customer_party_name: 'Test partner',
      customer_party_tax_id: OCA_PARTNER_NIF,
    });
  });

  it('the titular is the account: its NIF compact, its name cut to 120 characters', () => {
    expect(siiTitular(siiAccount({ tin_value: `es ${OCA_COMPANY_NIF}`, name: 'A'.repeat(130) }))).toEqual({
      success: true,
      data: { name: 'A'.repeat(120), nif: OCA_COMPANY_NIF },
    });
  });

  it('Spanish identifiers lose their ES prefix; EU ones gain theirs (EL for Greece)', () => {
    const invoice = siiInvoice();
    expect(siiCounterparty(siiContact({ tin_value: `ES-${OCA_PARTNER_NIF}` }), invoice, false)).toMatchObject(
      {
        data: { tax_id: OCA_PARTNER_NIF, tax_scheme: '9920' },
      },
    );
    expect(siiCounterparty(foreignContact('GR', '094259216'), invoice, false)).toMatchObject({
      data: { tax_id: 'EL094259216', tax_scheme: '02', country: 'GR', eu: true },
    });
  });
});

describe('refusals: 422 at the field of the invoice, account or contact', () => {
  it.each([
    [
      'no NIF on the account',
      siiSource(siiInvoice(), { account: siiAccount({ tin_value: null }) }),
      'parameter_blank',
      'account.tin_value',
    ],
    [
      'an invalid account NIF',
      siiSource(siiInvoice(), { account: siiAccount({ tin_value: 'B12345678' }) }),
      'parameter_invalid',
      'account.tin_value',
    ],
    [
      'a USD invoice without exchange_rate',
      siiSource(oneLine([vat('21', 'S')], { currency: 'USD' })),
      'parameter_blank',
      'exchange_rate',
    ],
    [
      'an unknown category',
      siiSource(oneLine([vat('21', 'XX')])),
      'parameter_invalid',
      'lines[0].taxes_attributes[0].category',
    ],
    [
      'a 0 % tax without category',
      siiSource(oneLine([vat('0')])),
      'parameter_invalid',
      'lines[0].taxes_attributes[0].category',
    ],
    [
      'an exempt tax with a percent',
      siiSource(oneLine([vat('21', 'E')])),
      'parameter_invalid',
      'lines[0].taxes_attributes[0].percent',
    ],
    [
      'an export on a received invoice',
      siiSource(oneLine([vat('0', 'G')], { type: 'ReceivedInvoice' })),
      'parameter_invalid',
      'lines[0].taxes_attributes[0].category',
    ],
    [
      'a rate AEAT does not accept',
      siiSource(oneLine([vat('15', 'S')])),
      'parameter_invalid',
      'lines[0].taxes_attributes[0].percent',
    ],
    [
      'a line without VAT',
      siiSource(oneLine([irpf('15')])),
      'parameter_invalid',
      'lines[0].taxes_attributes',
    ],
    [
      'an F1 customer without NIF',
      siiSource(siiInvoice(), { contact: siiContact({ tin_value: null }) }),
      'parameter_blank',
      'contact.tin_value',
    ],
    [
      'an invalid Spanish customer NIF',
      siiSource(siiInvoice(), { contact: siiContact({ tin_value: 'B12345678' }) }),
      'parameter_invalid',
      'contact.tin_value',
    ],
    [
      'an F1 without any contact',
      siiSource(siiInvoice({ contact: null }), { contact: null }),
      'parameter_blank',
      'contact',
    ],
    [
      'a number over 60 characters',
      siiSource(siiInvoice({ number: '9'.repeat(61), series_code: null })),
      'parameter_invalid',
      'number',
    ],
    [
      'a period AEAT does not know',
      siiSource(siiInvoice(), { period: { year: 2026, period: '13' } }),
      'parameter_inclusion',
      'period.period',
    ],
    [
      'an exemption reason AEAT does not know in the account setting',
      siiSource(oneLine([vat('0', 'E')]), { defaults: { reason_vat_exempt: 'E9' as never } }),
      'parameter_inclusion',
      'account.tax_report_setting.reason_vat_exempt',
    ],
    [
      'a premises-rental regime key in the account setting (needs DatosInmueble)',
      siiSource(siiInvoice(), { defaults: { special_regime_key: '12' } }),
      'parameter_invalid',
      'account.tax_report_setting.special_regime_key',
    ],
    [
      'an issued ticket over 3000 EUR',
      siiSource(oneLine([vat('21', 'S')], { type: 'IssuedSimplifiedInvoice' }, '3000')),
      'parameter_invalid',
      'type',
    ],
  ])('%s', (_name, from, code, param) => {
    expect(issueOf(from)).toEqual({ code, param });
  });

  it('recargo on a line the host says is services is refused at the recargo (sii.md §4.6)', () => {
    const invoice = oneLine([vat('21', 'S'), recargo('5.2')]);
    expect(
      issueOf(
        siiSource(invoice, { contact: foreignContact('US', '12-3456789'), operation_types: ['services'] }),
      ),
    ).toEqual({ code: 'parameter_invalid', param: 'lines[0].taxes_attributes[1]' });
  });

  it('every problem of the invoice is reported at once', () => {
    const result = generateSiiTaxReport(
      siiSource(oneLine([vat('21', 'XX')], { currency: 'USD' }), {
        account: siiAccount({ tin_value: null }),
      }),
    );
    expect(result.success ? [] : result.issues.map((issue) => issue.param)).toEqual([
      'account.tin_value',
      'exchange_rate',
      'lines[0].taxes_attributes[0].category',
    ]);
  });

  it('siiLineClass names the possible categories', () => {
    const result = siiLineClass(
      { name: 'IVA', percent: '21', category: 'L' },
      undefined,
      { book: 'Expedida', eu: false },
      ['lines', 0, 'taxes_attributes', 0],
    );
    expect(result.success ? '' : result.issues[0]?.message).toMatch(/AE \(reverse charge\)/);
  });

  it('a contact whose stored scheme is a Spanish NIF without country is Spanish', () => {
    const contact = storedContact({ tin_value: OCA_PARTNER_NIF });
    const party = siiCounterparty({ ...contact, country: null as unknown as string }, siiInvoice(), false);
    expect(party).toMatchObject({ data: { tax_scheme: '9920', country: 'ES' } });
  });
});

describe.skipIf(!hasShared)(
  'generated reports build and validate against the official XSD (sii.md §11)',
  () => {
    const titular = { name: 'Test company', nif: OCA_COMPANY_NIF };
    const sources: [string, SiiSource][] = [
      ['OCA purchase with IRPF', siiSource(ocaPurchase())],
      ['OCA sale with recargo', siiSource(ocaSale())],
      ['received with recargo', siiSource(ocaSale({ type: 'ReceivedInvoice' }))],
      [
        'refund R1',
        siiSource(
          siiInvoice({
            is_credit_note: true,
            invoice_references: [{ id: 9, reference_type: 'amend', number: '000120', date: '2026-02-10' }],
            lines: [siiLine(1, 'Devolución', '-1', '100', [vat('21', 'S')])],
          }),
        ),
      ],
      [
        'ticket F2',
        siiSource(siiInvoice({ type: 'IssuedSimplifiedInvoice', contact: null }), { contact: null }),
      ],
      ['exempt E1', siiSource(oneLine([vat('0', 'E')]))],
      [
        'intra-EU goods and services',
        siiSource(
          siiInvoice({
            lines: [
              siiLine(1, 'Mercancía', '1', '200', [vat('0', 'K')]),
              siiLine(2, 'Servicio', '1', '100', [vat('0', 'K')]),
            ],
          }),
          { contact: foreignContact('FR', FRENCH_VAT), operation_types: [null, 'services'] },
        ),
      ],
      ['export', siiSource(oneLine([vat('0', 'G')]), { contact: foreignContact('US', '12-3456789') })],
      ['received reverse charge', siiSource(oneLine([vat('21', 'AE')], { type: 'ReceivedInvoice' }))],
      [
        'received intra-EU acquisition',
        siiSource(oneLine([vat('21', 'K')], { type: 'ReceivedInvoice' }), {
          contact: foreignContact('FR', FRENCH_VAT),
        }),
      ],
      ['USD', siiSource(oneLine([vat('21', 'S')], { currency: 'USD', exchange_rate: '0.9' }))],
      ['foreign customer, recargo on goods', siiSource(ocaSale(), { contact: foreignContact('US', null) })],
    ];

    it.each(sources)('%s', (_name, from) => {
      const report = generated(from);
      const built = buildSiiMessage({
        book_type: report.book_type,
        kind: 'alta',
        communication_type: 'A0',
        titular,
        records: [report],
      });
      if (!built.success) expect.fail(JSON.stringify(built.issues, null, 2));
      const result = validateXml('sii', built.data);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
    });
  },
);
