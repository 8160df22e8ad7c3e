import { describe, expect, it } from 'vitest';
import type { SiiTaxReportCreate } from '../../src/model/siiTaxReport.js';
import { siiRecordIssues, siiTitularIssues } from '../../src/sii/recordIssues.js';
import {
  agenciasViajes,
  cobrosEmitidas,
  expedidaF1,
  expedidaF2,
  expedidaForeign,
  expedidaR1,
  intracomunitaria,
  inversion,
  metalico,
  pagosRecibidas,
  recibida,
  SII_FIXTURES,
  seguros,
  siiTitular,
} from '../support/siiReports.js';

type Report = SiiTaxReportCreate;
type Row = NonNullable<Report['tax_breakdowns']>[number];

/** The issues of a record as `code param` strings (the message is checked where it matters). */
function issuesOf(report: Report, kind: 'alta' | 'baja' = 'alta'): string[] {
  return siiRecordIssues(report, undefined, kind).map((issue) => `${issue.code} ${issue.param}`);
}

/** An invoice-level issued F1 with the given rows and no ImporteTotal. */
function f1(rows: Row[], changes: Partial<Report> = {}): Report {
  return { ...expedidaF1(), tax_inclusive_amount: null, tax_breakdowns: rows, ...changes };
}

const s1 = (base: string, percent: string, tax: string, extra: Partial<Row> = {}): Row => ({
  non_exemption_code: 'S1',
  percent,
  taxable_base: base,
  tax_amount: tax,
  ...extra,
});

describe('siiRecordIssues: the fixtures', () => {
  it.each(Object.entries(SII_FIXTURES))('%s has no issues (with its titular)', (_, make) => {
    expect(siiRecordIssues(make(), siiTitular())).toEqual([]);
  });

  it('every issue message starts with its param', () => {
    for (const issue of siiRecordIssues({
      ...expedidaF1(),
      period: '13' as never,
      description: 'x'.repeat(501),
    }))
      expect(issue.message.startsWith(`${issue.param} `)).toBe(true);
  });
});

describe('siiRecordIssues: book and header', () => {
  it('an unknown book_type is parameter_inclusion at book_type, and nothing else is checked', () => {
    expect(
      issuesOf({ ...expedidaF1(), book_type: 'VentaBienesConsigna' as never, period: '13' as never }),
    ).toEqual(['parameter_inclusion book_type']);
  });

  it('Periodo 13 is parameter_inclusion at period', () => {
    expect(issuesOf({ ...expedidaF1(), period: '13' as never })).toEqual(['parameter_inclusion period']);
  });

  it('a year that is not 4 digits is parameter_invalid at period_year', () => {
    expect(issuesOf({ ...expedidaF1(), period_year: 26 })).toEqual(['parameter_invalid period_year']);
  });

  it('a communication_type outside A0/A1/A4/A5/A6 is parameter_inclusion', () => {
    expect(issuesOf({ ...expedidaF1(), communication_type: 'A3' as never })).toEqual([
      'parameter_inclusion communication_type',
    ]);
  });

  it('Metalico is annual: another period is parameter_invalid at period (src/rules)', () => {
    expect(issuesOf({ ...metalico(), period: '12' })).toEqual(['parameter_invalid period']);
  });

  it('the cash-accounting books need no communication_type or period', () => {
    expect(issuesOf(cobrosEmitidas())).toEqual([]);
    expect(issuesOf({ ...pagosRecibidas(), communication_type: null, period: null })).toEqual([]);
  });
});

describe('siiRecordIssues: titular', () => {
  it('accepts the fixture titular', () => {
    expect(siiTitularIssues(siiTitular())).toEqual([]);
  });

  it('an NIF with the ES prefix is parameter_invalid at titular.nif, naming the prefix', () => {
    const [issue] = siiRecordIssues(expedidaF1(), { name: 'Test company', nif: 'ESU2687761C' });
    expect(issue).toMatchObject({ code: 'parameter_invalid', param: 'titular.nif' });
    expect(issue?.message).toContain('without the ES prefix');
  });

  it('a name over 120 characters, a blank name, a bad representative NIF', () => {
    expect(siiTitularIssues({ name: 'x'.repeat(121), nif: 'U2687761C' }).map((i) => i.param)).toEqual([
      'titular.name',
    ]);
    expect(siiTitularIssues({ name: ' ', nif: 'U2687761C' }).map((i) => `${i.code} ${i.param}`)).toEqual([
      'parameter_blank titular.name',
    ]);
    expect(
      siiTitularIssues({ name: 'a', nif: 'U2687761C', representative_nif: '1234' }).map((i) => i.param),
    ).toEqual(['titular.representative_nif']);
  });
});

describe('siiRecordIssues: identification (NIFType, IDOtro)', () => {
  it('a customer NIF with the ES prefix is parameter_invalid at customer_party_tax_id (NIFType is 9 characters)', () => {
    expect(issuesOf({ ...expedidaF1(), customer_party_tax_id: 'ESB12345674' })).toEqual([
      'parameter_invalid customer_party_tax_id',
    ]);
  });

  it('a supplier NIF of the wrong shape is parameter_invalid at supplier_party_tax_id', () => {
    expect(issuesOf({ ...recibida(), supplier_party_tax_id: 'A5881850' })).toEqual([
      'parameter_invalid supplier_party_tax_id',
    ]);
  });

  it('an IDOtro ID over 20 characters is parameter_invalid', () => {
    expect(
      issuesOf({ ...seguros(), customer_party_tax_scheme: '06', customer_party_tax_id: 'A'.repeat(21) }),
    ).toEqual(['parameter_invalid customer_party_tax_id']);
    expect(
      issuesOf({ ...seguros(), customer_party_tax_scheme: '06', customer_party_tax_id: 'A'.repeat(20) }),
    ).toEqual([]);
  });

  it('IDType 02 needs an EU VAT number with its prefix (sii.md §8)', () => {
    expect(issuesOf({ ...expedidaForeign(), customer_party_tax_id: '123456789' })).toEqual([
      'parameter_invalid customer_party_tax_id',
    ]);
  });

  it('IDType 02 only for F1 and R1–R4: on F3 it is parameter_invalid at customer_party_tax_scheme', () => {
    expect(issuesOf({ ...expedidaForeign(), invoice_type_code: 'F3' })).toEqual([
      'parameter_invalid customer_party_tax_scheme',
    ]);
  });

  it('an unknown scheme is parameter_inclusion; a country outside CountryType2 too', () => {
    expect(issuesOf({ ...seguros(), customer_party_tax_scheme: '01' as never })).toEqual([
      'parameter_inclusion customer_party_tax_scheme',
    ]);
    expect(
      issuesOf({
        ...seguros(),
        customer_party_tax_scheme: '04',
        customer_party_tax_id: 'X1',
        customer_party_country: 'RE',
      }),
    ).toEqual(['parameter_inclusion customer_party_country']);
  });

  it('without a scheme, an EU country means IDType 02 and another country 04 (sii.md §3)', () => {
    expect(issuesOf({ ...expedidaForeign(), customer_party_tax_scheme: null })).toEqual([]);
    expect(
      issuesOf({
        ...seguros(),
        customer_party_tax_scheme: null,
        customer_party_country: 'US',
        customer_party_tax_id: 'P-1',
      }),
    ).toEqual([]);
  });
});

describe('siiRecordIssues: amounts, rates, dates, texts', () => {
  it('an amount with 3 decimals is parameter_invalid at its field', () => {
    expect(issuesOf(f1([s1('100.001', '21', '21.00')], { customer_party_tax_id: 'B12345674' }))).toEqual([
      'parameter_invalid tax_breakdowns[0].taxable_base',
    ]);
  });

  it('ImporteSgn12.2: at most 12 integer digits (leading zeros do not count)', () => {
    expect(issuesOf({ ...metalico(), tax_inclusive_amount: '1234567890123' })).toEqual([
      'parameter_invalid tax_inclusive_amount',
    ]);
    expect(issuesOf({ ...metalico(), tax_inclusive_amount: '-999999999999.99' })).toEqual([]);
    expect(issuesOf({ ...metalico(), tax_inclusive_amount: '0007500' })).toEqual([]);
  });

  it('Tipo2.2: at most 3 integer digits, 2 decimals, unsigned', () => {
    const proration = (value: string) =>
      issuesOf({
        ...inversion(),
        capital_good: { ...must(inversion().capital_good), annual_proration: value },
      });
    expect(proration('1000')).toEqual(['parameter_invalid capital_good.annual_proration']);
    expect(proration('21.123')).toEqual(['parameter_invalid capital_good.annual_proration']);
    expect(proration('-1')).toEqual(['parameter_invalid capital_good.annual_proration']);
    expect(proration('100.00')).toEqual([]);
  });

  it('a date that is not a calendar date is parameter_invalid', () => {
    expect(issuesOf({ ...recibida(), accounting_date: '2026-02-30' })).toEqual([
      'parameter_invalid accounting_date',
    ]);
  });

  it('DescripcionOperacion: required for Expedida and Recibida, at most 500 characters', () => {
    expect(issuesOf({ ...expedidaF1(), description: null })).toEqual(['parameter_blank description']);
    expect(issuesOf({ ...recibida(), description: ' ' })).toEqual(['parameter_blank description']);
    expect(issuesOf({ ...recibida(), description: 'x'.repeat(501) })).toEqual([
      'parameter_invalid description',
    ]);
    expect(issuesOf({ ...recibida(), description: '😀'.repeat(500) })).toEqual([]);
  });

  it('NombreRazon at most 120 characters (astral characters count once)', () => {
    expect(issuesOf({ ...agenciasViajes(), customer_party_name: 'Ñ'.repeat(121) })).toEqual([
      'parameter_invalid customer_party_name',
    ]);
    expect(issuesOf({ ...agenciasViajes(), customer_party_name: '😀'.repeat(120) })).toEqual([]);
  });

  it('NumSerieFacturaEmisor 1–60 characters', () => {
    expect(issuesOf({ ...cobrosEmitidas(), invoice_number: '1'.repeat(61) })).toEqual([
      'parameter_invalid invoice_number',
    ]);
    expect(issuesOf({ ...cobrosEmitidas(), invoice_number: '' })).toEqual(['parameter_blank invoice_number']);
  });

  it('a control character no XML can carry is parameter_invalid', () => {
    expect(issuesOf({ ...expedidaF1(), description: 'Venta\u0000' })).toEqual([
      'parameter_invalid description',
    ]);
  });
});

describe('siiRecordIssues: required fields per book (src/rules reused)', () => {
  it('Recibida: FechaRegContable and CuotaDeducible', () => {
    expect(issuesOf({ ...recibida(), accounting_date: null, deductible_tax_amount: null })).toEqual([
      'parameter_blank accounting_date',
      'parameter_blank deductible_tax_amount',
    ]);
  });

  it('F1 needs its customer (Contraparte, sii.md §8)', () => {
    expect(issuesOf({ ...expedidaF1(), customer_party_tax_id: null })).toEqual([
      'parameter_blank customer_party_tax_id',
    ]);
  });

  it('a customer given by name only on a type that does not need one is parameter_blank at the tax id', () => {
    expect(
      issuesOf({ ...expedidaF1(), invoice_type_code: 'F6' as never, customer_party_tax_id: null }),
    ).toEqual(['parameter_blank customer_party_tax_id']);
  });

  it('the book blocks: capital_good, intra_community_operation, payments', () => {
    expect(
      issuesOf({
        ...inversion(),
        capital_good: { ...must(inversion().capital_good), identification: 'x'.repeat(41) },
      }),
    ).toEqual(['parameter_invalid capital_good.identification']);
    const operation = must(intracomunitaria().intra_community_operation);
    expect(
      issuesOf({
        ...intracomunitaria(),
        intra_community_operation: { ...operation, member_state: 'US' as never },
      }),
    ).toEqual(['parameter_inclusion intra_community_operation.member_state']);
    expect(
      issuesOf({ ...intracomunitaria(), intra_community_operation: { ...operation, term_days: 1000 } }),
    ).toEqual(['parameter_invalid intra_community_operation.term_days']);
    const payment = must(pagosRecibidas().payments?.[0]);
    expect(issuesOf({ ...pagosRecibidas(), payments: [{ ...payment, method: '09' as never }] })).toEqual([
      'parameter_inclusion payments[0].method',
    ]);
    expect(issuesOf({ ...pagosRecibidas(), payments: [{ ...payment, account: 'x'.repeat(35) }] })).toEqual([
      'parameter_invalid payments[0].account',
    ]);
    expect(issuesOf({ ...pagosRecibidas(), payments: [] })).toEqual(['parameter_empty payments']);
  });

  it('Seguros needs its ClaveOperacion', () => {
    expect(issuesOf({ ...seguros(), insurance_operation_key: null })).toEqual([
      'parameter_blank insurance_operation_key',
    ]);
  });
});

describe('siiRecordIssues: regime keys', () => {
  it('keys 12 and 13 need DatosInmueble: the properties (issue #18 item 17)', () => {
    expect(issuesOf({ ...expedidaF1(), special_regime_key: '12' })).toEqual([
      'parameter_invalid special_regime_key',
    ]);
    expect(issuesOf({ ...expedidaF1(), additional_special_regime_keys: ['13'] })).toEqual([
      'parameter_invalid additional_special_regime_keys[0]',
    ]);
    const properties = [{ situation: '1' as const, cadastral_reference: '1234567AB1234C0001DE' }];
    expect(issuesOf({ ...expedidaF1(), special_regime_key: '12', properties })).toEqual([]);
  });

  it('received invoices take only the keys with a meaning for them (sii.md §4.3)', () => {
    expect(issuesOf({ ...recibida(), special_regime_key: '15' })).toEqual([
      'parameter_inclusion special_regime_key',
    ]);
    expect(issuesOf({ ...recibida(), special_regime_key: '12' })).toEqual([]);
  });
});

describe('siiRecordIssues: breakdown shape (sii.md §5, §6)', () => {
  const seven = Array.from({ length: 7 }, () => s1('100', '21', '21'));

  it('more than 6 DetalleIVA in one block is parameter_invalid at tax_breakdowns', () => {
    expect(issuesOf(f1(seven))).toEqual(['parameter_invalid tax_breakdowns']);
    expect(issuesOf(f1(seven.slice(1)))).toEqual([]);
  });

  it('the limits count per block: 6 goods and 6 services rows are fine', () => {
    const goods = seven.slice(1).map((row) => ({ ...row, operation_type: 'goods' as const }));
    const services = seven.slice(1).map((row) => ({ ...row, operation_type: 'services' as const }));
    expect(issuesOf(f1([...goods, ...services]))).toEqual([]);
  });

  it('more than 7 exempt lines in one block is parameter_invalid at tax_breakdowns', () => {
    const exempt = Array.from({ length: 8 }, (): Row => ({ reason_vat_exempt: 'E1', taxable_base: '10' }));
    expect(issuesOf(f1(exempt))).toEqual(['parameter_invalid tax_breakdowns']);
    expect(issuesOf(f1(exempt.slice(1)))).toEqual([]);
  });

  it('both breakdown kinds at once (DesgloseFactura and DesgloseTipoOperacion) is parameter_invalid at tax_breakdowns', () => {
    expect(issuesOf(f1([s1('100', '21', '21'), s1('100', '21', '21', { operation_type: 'goods' })]))).toEqual(
      ['parameter_invalid tax_breakdowns'],
    );
  });

  it('recargo on services is parameter_invalid at the surcharge field (src/rules; OCA sample of sii.md §9.7)', () => {
    // sii_out_invoice_s_iva10b_s_req014_s_iva21s_s_req52.xml as a report: its XML fails the XSD.
    const report = f1([
      s1('200', '21', '42', {
        operation_type: 'services',
        surcharge_percent: '5.2',
        surcharge_amount: '10.40',
      }),
      s1('100', '10', '10', { operation_type: 'goods', surcharge_percent: '1.4', surcharge_amount: '1.40' }),
    ]);
    expect(issuesOf(report)).toEqual(['parameter_invalid tax_breakdowns[0].surcharge_percent']);
    expect(
      issuesOf({
        ...report,
        tax_breakdowns: [{ ...must(report.tax_breakdowns?.[0]), surcharge_percent: null }],
      }),
    ).toEqual([
      'parameter_invalid tax_breakdowns[0].surcharge_amount',
      'parameter_blank tax_breakdowns[0].surcharge_percent',
    ]);
  });

  it('a foreign customer (IDOtro or a NIF starting with N) needs DesgloseTipoOperacion (sii.md §5)', () => {
    const invoiceLevel = must(expedidaForeign().tax_breakdowns).map((row) => ({
      ...row,
      operation_type: null,
    }));
    expect(issuesOf({ ...expedidaForeign(), tax_breakdowns: invoiceLevel })).toEqual([
      'parameter_invalid tax_breakdowns',
    ]);
    expect(issuesOf({ ...expedidaF2(), invoice_type_code: 'F1', ...nCustomer() })).toEqual([
      'parameter_invalid tax_breakdowns',
    ]);
  });

  it('a row the category says is exempt or not subject needs its reason (the builder does not guess)', () => {
    expect(issuesOf(f1([{ category: 'E', taxable_base: '100' }]))).toEqual([
      'parameter_blank tax_breakdowns[0].reason_vat_exempt',
    ]);
    expect(issuesOf(f1([{ category: 'NS', taxable_base: '100' }]))).toEqual([
      'parameter_blank tax_breakdowns[0].reason_no_subject',
    ]);
    expect(issuesOf(f1([{ category: 'S', percent: '21', taxable_base: '100', tax_amount: '21' }]))).toEqual(
      [],
    );
  });

  it('a row is subject, exempt or not subject, never two (src/rules)', () => {
    expect(issuesOf(f1([{ ...s1('100', '21', '21'), reason_vat_exempt: 'E1' }]))).toEqual([
      'parameter_invalid tax_breakdowns[0].reason_vat_exempt',
    ]);
  });

  it('an S1 row needs its rate and cuota; an S2 row may go without', () => {
    expect(issuesOf(f1([{ non_exemption_code: 'S1', taxable_base: '100' }]))).toEqual([
      'parameter_blank tax_breakdowns[0].percent',
      'parameter_blank tax_breakdowns[0].tax_amount',
    ]);
    expect(issuesOf(f1([{ non_exemption_code: 'S2', taxable_base: '100' }]))).toEqual([]);
  });

  it('an exempt or not-subject row carries no tax', () => {
    expect(issuesOf(f1([{ reason_vat_exempt: 'E1', taxable_base: '100', tax_amount: '21' }]))).toEqual([
      'parameter_invalid tax_breakdowns[0].tax_amount',
    ]);
    expect(issuesOf(f1([{ reason_no_subject: 'N1', taxable_base: '100', tax_amount: '0.00' }]))).toEqual([]);
  });
});

describe('siiRecordIssues: AEAT checks beyond the schema (sii.md §8)', () => {
  it('VAT rates 0, 2, 4, 5, 7.5, 10, 21; 7, 8, 16, 18 only up to 2012', () => {
    expect(issuesOf(f1([s1('100', '15', '15')]))).toEqual(['parameter_invalid tax_breakdowns[0].percent']);
    expect(issuesOf(f1([s1('100', '16', '16')]))).toEqual(['parameter_invalid tax_breakdowns[0].percent']);
    expect(issuesOf(f1([s1('100', '16', '16')], { invoice_date: '2012-06-30' }))).toEqual([]);
    expect(issuesOf(f1([s1('100', '7.5', '7.50')]))).toEqual([]);
  });

  it('recargo rates 0.5, 1, 1.4, 1.75, 4, 5.2 (sii.md §4.6)', () => {
    expect(issuesOf(f1([s1('100', '21', '21', { surcharge_percent: '3', surcharge_amount: '3' })]))).toEqual([
      'parameter_invalid tax_breakdowns[0].surcharge_percent',
    ]);
  });

  it('cuota = base × rate: within 1 % of a base up to 1,000 €, ±10 € above', () => {
    expect(issuesOf(f1([s1('1000', '21', '220')]))).toEqual([]);
    expect(issuesOf(f1([s1('1000', '21', '220.01')]))).toEqual([
      'parameter_invalid tax_breakdowns[0].tax_amount',
    ]);
    expect(issuesOf(f1([s1('2000', '21', '430')]))).toEqual([]);
    expect(issuesOf(f1([s1('2000', '21', '430.01')]))).toEqual([
      'parameter_invalid tax_breakdowns[0].tax_amount',
    ]);
    expect(issuesOf(f1([s1('0.01', '4', '0.00')]))).toEqual([]);
  });

  it('cuota has the base’s sign, except TipoRectificativa I, F2, F4, R5', () => {
    expect(issuesOf(f1([s1('100', '0', '-0.50')]))).toEqual([
      'parameter_invalid tax_breakdowns[0].tax_amount',
    ]);
    expect(
      issuesOf({
        ...expedidaR1('I'),
        tax_breakdowns: [s1('0', '21', '-5.00')],
        tax_inclusive_amount: '-5.00',
      }),
    ).toEqual([]);
  });

  it('ImporteTotal within ±10 € of the breakdown, not for keys 03, 05, 06, 09', () => {
    expect(issuesOf({ ...expedidaF1(), tax_inclusive_amount: '1995.00' })).toEqual([]);
    expect(issuesOf({ ...expedidaF1(), tax_inclusive_amount: '1995.01' })).toEqual([
      'parameter_invalid tax_inclusive_amount',
    ]);
    expect(issuesOf({ ...expedidaF1(), tax_inclusive_amount: '1974.99' })).toEqual([
      'parameter_invalid tax_inclusive_amount',
    ]);
    expect(issuesOf({ ...expedidaF1(), tax_inclusive_amount: '5000', special_regime_key: '03' })).toEqual([]);
    expect(issuesOf({ ...recibida(), tax_inclusive_amount: '100' })).toEqual([
      'parameter_invalid tax_inclusive_amount',
    ]);
  });

  it('F2 ≤ 3,000 €, on ImporteTotal or on the breakdown', () => {
    const f2 = (base: string, tax: string, total: string | null) =>
      issuesOf({ ...expedidaF2(), tax_inclusive_amount: total, tax_breakdowns: [s1(base, '21', tax)] });
    expect(f2('2479.34', '520.66', '3000.00')).toEqual([]);
    expect(f2('2479.35', '520.66', '3000.01')).toEqual(['parameter_invalid invoice_type_code']);
    expect(f2('2479.35', '520.66', null)).toEqual(['parameter_invalid invoice_type_code']);
  });

  it('R2 / R3 only with DesgloseFactura and a NIF counterparty', () => {
    const r2 = { ...expedidaR1('I'), invoice_type_code: 'R2' as const };
    expect(issuesOf(r2)).toEqual([]);
    expect(
      issuesOf({
        ...r2,
        tax_breakdowns: must(r2.tax_breakdowns).map((row) => ({ ...row, operation_type: 'goods' as const })),
      }),
    ).toEqual(['parameter_invalid tax_breakdowns']);
    expect(
      issuesOf({
        ...r2,
        invoice_type_code: 'R3',
        customer_party_tax_scheme: '04',
        customer_party_tax_id: 'P123',
        customer_party_country: 'US',
        tax_breakdowns: must(r2.tax_breakdowns).map((row) => ({
          ...row,
          operation_type: 'services' as const,
        })),
      }),
    ).toEqual(['parameter_invalid tax_breakdowns', 'parameter_invalid customer_party_tax_id']);
  });

  it('F2, F4, R5 are not refused for a customer: the builder leaves Contraparte out (src/rules/siiCounterparty.ts)', () => {
    expect(issuesOf({ ...expedidaF2(), customer_party_name: 'X', customer_party_tax_id: 'ES-bad' })).toEqual(
      [],
    );
  });
});

describe('siiRecordIssues: corrective invoices (src/rules reused)', () => {
  it('a corrective type without S or I, S without its amounts, a corrected invoice without number', () => {
    expect(issuesOf({ ...expedidaR1('I'), corrective_type: null })).toEqual([
      'parameter_blank corrective_type',
    ]);
    expect(issuesOf({ ...expedidaR1('S'), corrected_tax_amount: null })).toEqual([
      'parameter_blank corrected_tax_amount',
    ]);
    expect(
      issuesOf({ ...expedidaR1('I'), corrected_invoices: [{ number: ' ', date: '2026-02-10' }] }),
    ).toEqual(['parameter_blank corrected_invoices[0].number']);
  });
});

describe('siiRecordIssues: received invoices', () => {
  it('a reverse-charge row needs rate and cuota (DetalleIVARecibida2Type)', () => {
    const rows = must(recibida().tax_breakdowns);
    expect(
      issuesOf({ ...recibida(), tax_breakdowns: [{ ...must(rows[0]), tax_amount: null }, must(rows[1])] }),
    ).toEqual(['parameter_blank tax_breakdowns[0].tax_amount', 'parameter_invalid tax_inclusive_amount']);
  });

  it('reverse_charge on an exempt row, or false on an S2 row, is parameter_invalid', () => {
    const base = { ...recibida(), tax_inclusive_amount: null };
    expect(
      issuesOf({
        ...base,
        tax_breakdowns: [{ reason_vat_exempt: 'E1', taxable_base: '10', reverse_charge: true }],
      }),
    ).toEqual(['parameter_invalid tax_breakdowns[0].reverse_charge']);
    expect(
      issuesOf({
        ...base,
        tax_breakdowns: [{ ...must(recibida().tax_breakdowns?.[0]), reverse_charge: false }],
      }),
    ).toEqual(['parameter_invalid tax_breakdowns[0].reverse_charge']);
  });

  it('recargo on a base-only (exempt) received row is parameter_invalid', () => {
    const base = { ...recibida(), tax_inclusive_amount: null };
    expect(
      issuesOf({
        ...base,
        tax_breakdowns: [
          { reason_no_subject: 'N1', taxable_base: '10', surcharge_percent: '5.2', surcharge_amount: '0.52' },
        ],
      }),
    ).toEqual([
      'parameter_invalid tax_breakdowns[0].surcharge_percent',
      'parameter_invalid tax_breakdowns[0].surcharge_amount',
    ]);
  });

  it('more than 6 reverse-charge rows is parameter_invalid at tax_breakdowns', () => {
    const row = must(recibida().tax_breakdowns?.[0]);
    expect(
      issuesOf({ ...recibida(), tax_inclusive_amount: null, tax_breakdowns: Array(7).fill(row) }),
    ).toEqual(['parameter_invalid tax_breakdowns']);
  });
});

describe('siiRecordIssues: annulments (kind baja)', () => {
  it('needs only what the BajaLR record carries', () => {
    const expedida: Report = {
      type: 'SiiDocument',
      book_type: 'Expedida',
      period_year: 2026,
      period: '03',
      invoice_number: 'A-1',
      invoice_date: '2026-03-15',
    };
    expect(issuesOf(expedida, 'baja')).toEqual([]);
    expect(issuesOf({ ...expedida, period: null }, 'baja')).toEqual(['parameter_blank period']);
    expect(issuesOf({ ...seguros(), insurance_operation_key: null }, 'baja')).toEqual([
      'parameter_blank insurance_operation_key',
    ]);
    expect(issuesOf({ ...recibida(), supplier_party_name: null }, 'baja')).toEqual([
      'parameter_blank supplier_party_name',
    ]);
  });

  it('the cash-accounting books have no annulment: parameter_invalid at book_type', () => {
    expect(issuesOf(cobrosEmitidas(), 'baja')).toEqual(['parameter_invalid book_type']);
  });
});

/** A Spanish customer whose NIF starts with N (a foreign entity, sii.md §5). */
function nCustomer(): Partial<Report> {
  return {
    customer_party_name: 'FOREIGN LTD',
    customer_party_tax_id: 'N0032484H',
    customer_party_tax_scheme: '9920',
  };
}

/** The value, or a failed test when it is absent. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('fixture value missing');
  return value;
}
