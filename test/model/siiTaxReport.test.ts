/**
 * parseSiiTaxReport and the SII resource schema (sii.md §2, §3, §4, §6, §10; the AEAT XSD
 * `SuministroInformacion.xsd`): the book vocabulary, the XSD code lists in XSD order, amounts and rates
 * in the XSD's formats, nested rows, partial updates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SII_COMMUNICATION_TYPES,
  SII_CORRECTIVE_TYPES,
  SII_EXEMPTION_REASONS,
  SII_INVOICE_TYPE_CODES,
  SII_MEMBER_STATES,
  SII_PAYMENT_METHODS,
  SII_PERIODS,
  SII_PROPERTY_SITUATIONS,
  SII_SPECIAL_REGIME_KEYS,
} from '../../src/model/siiCodes.js';
import {
  parseSiiTaxReport,
  SII_BOOK_TYPES,
  type SiiBookType,
  type SiiTaxReportCreate,
  SiiTaxReportSchema,
} from '../../src/model/siiTaxReport.js';
import { siiRecordIssues } from '../../src/sii/recordIssues.js';
import { lossless } from '../support/fixtures.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { validSiiBody } from '../support/taxReportFixtures.js';

function issuesOf(result: ReturnType<typeof parseSiiTaxReport>) {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.issues.map(({ code, param }) => ({ code, param }));
}

function dataOf(result: ReturnType<typeof parseSiiTaxReport>) {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

const create = (body: unknown) => parseSiiTaxReport(body, 'create');
const expedida = () => validSiiBody('Expedida');

describe('book_type (sii.md §2)', () => {
  it('is the closed list of nine books, the five service names first', () => {
    expect(SII_BOOK_TYPES).toEqual([
      'Expedida',
      'Recibida',
      'Inversion',
      'Intracomunitaria',
      'Metalico',
      'CobrosEmitidas',
      'PagosRecibidas',
      'Seguros',
      'AgenciasViajes',
    ]);
  });

  it.each(SII_BOOK_TYPES)('sii.md §10: the valid %s body parses', (book: SiiBookType) => {
    expect(dataOf(create(validSiiBody(book))).book_type).toBe(book);
  });

  it.each(['expedida', 'VentaBienesConsigna', 'Emitidas', 'FE'])(
    'sii.md §2: book_type %j is unknown → parameter_inclusion',
    (book) => {
      expect(issuesOf(create({ ...expedida(), book_type: book }))).toEqual([
        { code: 'parameter_inclusion', param: 'book_type' },
      ]);
    },
  );

  it('§2.7: book_type is required → parameter_blank', () => {
    const { book_type: _, ...body } = expedida();
    expect(issuesOf(create(body))).toEqual([{ code: 'parameter_blank', param: 'book_type' }]);
  });

  it('the schema is permissive where the book decides: a bare book_type parses', () => {
    expect(dataOf(create({ type: 'SiiDocument', book_type: 'Metalico' }))).toEqual({
      type: 'SiiDocument',
      book_type: 'Metalico',
    });
  });
});

/** The enumeration values of a simpleType in the AEAT XSD, in document order. */
function xsdEnumeration(typeName: string): string[] {
  const xsd = readFileSync(join(SHARED_DIR, 'xsd', 'sii', 'SuministroInformacion.xsd'), 'utf8');
  const start = xsd.indexOf(`<simpleType name="${typeName}">`);
  const end = xsd.indexOf('</simpleType>', start);
  return [...xsd.slice(start, end).matchAll(/<enumeration value="([^"]*)"/g)].map((match) => match[1] ?? '');
}

describe.skipIf(!hasShared)('code lists are the AEAT XSD enumerations, in XSD order (sii.md §3, §4)', () => {
  it.each([
    ['TipoPeriodoType', SII_PERIODS],
    ['ClaveTipoFacturaType', SII_INVOICE_TYPE_CODES],
    ['ClaveTipoComunicacionType', SII_COMMUNICATION_TYPES],
    ['IdOperacionesTrascendenciaTributariaType', SII_SPECIAL_REGIME_KEYS],
    ['CausaExencionType', SII_EXEMPTION_REASONS],
    ['MedioPagoType', SII_PAYMENT_METHODS],
    ['CountryMiembroType', SII_MEMBER_STATES],
    ['SituacionInmuebleType', SII_PROPERTY_SITUATIONS],
  ])('%s', (typeName, values) => {
    expect([...values]).toEqual(xsdEnumeration(typeName));
  });

  it('ClaveTipoRectificativaType without the single-space value (fiscalkit choice)', () => {
    expect(xsdEnumeration('ClaveTipoRectificativaType')).toEqual([...SII_CORRECTIVE_TYPES, ' ']);
  });

  it('sii.md §4.1: TipoFactura in XSD order F1 F2 R1 … R5 F3 F4 F5 F6 LC AJ', () => {
    expect(SII_INVOICE_TYPE_CODES.join(' ')).toBe('F1 F2 R1 R2 R3 R4 R5 F3 F4 F5 F6 LC AJ');
  });
});

describe('header and identification fields (sii.md §3)', () => {
  it.each(SII_PERIODS)('period %s is accepted', (period) => {
    expect(dataOf(create({ ...expedida(), period })).period).toBe(period);
  });

  it.each(['1', '13', '00', '5T', '0a', 'Q1'])('period %j → parameter_inclusion', (period) => {
    expect(issuesOf(create({ ...expedida(), period }))).toEqual([
      { code: 'parameter_inclusion', param: 'period' },
    ]);
  });

  it.each(['A2', 'A3', 'B0', 'a0'])('communication_type %j → parameter_inclusion', (value) => {
    expect(issuesOf(create({ ...expedida(), communication_type: value }))).toEqual([
      { code: 'parameter_inclusion', param: 'communication_type' },
    ]);
  });

  it('period_year accepts a JSON number, a lossless number or a digit string (YearType, 4 digits)', () => {
    expect(dataOf(create({ ...expedida(), period_year: 2026 })).period_year).toBe(2026);
    expect(dataOf(create({ ...expedida(), period_year: lossless('2026') })).period_year).toBe(2026);
    expect(dataOf(create({ ...expedida(), period_year: '2026' })).period_year).toBe(2026);
  });

  it.each([999, 10000, -2026])('period_year %d is not 4 digits → parameter_invalid', (year) => {
    expect(issuesOf(create({ ...expedida(), period_year: year }))).toEqual([
      { code: 'parameter_invalid', param: 'period_year' },
    ]);
  });

  it('period_year of the wrong JSON type → invalid_request_params', () => {
    expect(issuesOf(create({ ...expedida(), period_year: true }))).toEqual([
      { code: 'invalid_request_params', param: 'period_year' },
    ]);
  });

  it('sii.md §6: invoice_number is 1–60 characters (NumSerieFacturaEmisor)', () => {
    expect(dataOf(create({ ...expedida(), invoice_number: 'x'.repeat(60) })).invoice_number).toHaveLength(60);
    expect(issuesOf(create({ ...expedida(), invoice_number: 'x'.repeat(61) }))).toEqual([
      { code: 'parameter_invalid', param: 'invoice_number' },
    ]);
  });

  it('sii.md §6: description is at most 500 characters (DescripcionOperacion)', () => {
    expect(issuesOf(create({ ...expedida(), description: 'x'.repeat(501) }))).toEqual([
      { code: 'parameter_invalid', param: 'description' },
    ]);
  });

  it('invoice_date is YYYY-MM-DD (the builder writes dd-mm-yyyy)', () => {
    expect(issuesOf(create({ ...expedida(), invoice_date: '15-03-2026' }))).toEqual([
      { code: 'parameter_invalid', param: 'invoice_date' },
    ]);
  });

  it('sii.md §4.3: additional_special_regime_keys holds at most 2 keys', () => {
    expect(
      dataOf(create({ ...expedida(), additional_special_regime_keys: ['07', '14'] }))
        .additional_special_regime_keys,
    ).toEqual(['07', '14']);
    expect(issuesOf(create({ ...expedida(), additional_special_regime_keys: ['07', '14', '01'] }))).toEqual([
      { code: 'parameter_invalid', param: 'additional_special_regime_keys' },
    ]);
    expect(issuesOf(create({ ...expedida(), additional_special_regime_keys: ['18'] }))).toEqual([
      { code: 'parameter_inclusion', param: 'additional_special_regime_keys[0]' },
    ]);
  });

  it('sii.md §10: party schemes are 9920 and the IDType codes 02–07, not padded ISO 6523 codes', () => {
    expect(dataOf(create({ ...expedida(), customer_party_tax_scheme: '02' })).customer_party_tax_scheme).toBe(
      '02',
    );
    expect(issuesOf(create({ ...expedida(), customer_party_tax_scheme: '0002' }))).toEqual([
      { code: 'parameter_inclusion', param: 'customer_party_tax_scheme' },
    ]);
    expect(issuesOf(create({ ...expedida(), supplier_party_tax_scheme: '01' }))).toEqual([
      { code: 'parameter_inclusion', param: 'supplier_party_tax_scheme' },
    ]);
  });

  it('sii.md §3: party names ≤ 120 and ids ≤ 20 characters', () => {
    expect(issuesOf(create({ ...expedida(), customer_party_name: 'x'.repeat(121) }))).toEqual([
      { code: 'parameter_invalid', param: 'customer_party_name' },
    ]);
    expect(issuesOf(create({ ...expedida(), customer_party_tax_id: 'x'.repeat(21) }))).toEqual([
      { code: 'parameter_invalid', param: 'customer_party_tax_id' },
    ]);
  });
});

describe('amounts and rates (sii.md §6: ImporteSgn12.2Type, Tipo2.2Type)', () => {
  it('amounts accept decimal strings and lossless numbers, signed', () => {
    expect(dataOf(create({ ...expedida(), tax_inclusive_amount: '-121.00' })).tax_inclusive_amount).toBe(
      '-121.00',
    );
    expect(
      dataOf(create({ ...expedida(), tax_inclusive_amount: lossless('1462.00') })).tax_inclusive_amount,
    ).toBe('1462.00');
  });

  it.each([
    'tax_inclusive_amount',
    'corrected_taxable_base',
    'corrected_tax_amount',
    'deductible_tax_amount',
  ])('%s refuses a JS number → invalid_request_params', (field) => {
    expect(issuesOf(create({ ...expedida(), [field]: 1462 }))).toEqual([
      { code: 'invalid_request_params', param: field },
    ]);
  });

  it('12 integer digits pass, 13 fail → parameter_invalid', () => {
    expect(
      dataOf(create({ ...expedida(), tax_inclusive_amount: '999999999999.99' })).tax_inclusive_amount,
    ).toBe('999999999999.99');
    expect(issuesOf(create({ ...expedida(), tax_inclusive_amount: '1000000000000.00' }))).toEqual([
      { code: 'parameter_invalid', param: 'tax_inclusive_amount' },
    ]);
  });

  it('3 decimals → parameter_invalid (one issue, not two)', () => {
    expect(issuesOf(create({ ...expedida(), tax_inclusive_amount: '1.005' }))).toEqual([
      { code: 'parameter_invalid', param: 'tax_inclusive_amount' },
    ]);
  });

  it('rates: up to 3 integer digits, unsigned', () => {
    const row = (percent: unknown) => ({
      ...expedida(),
      tax_breakdowns: [{ taxable_base: '100.00', percent }],
    });
    expect(dataOf(create(row('21.00'))).tax_breakdowns?.[0]?.percent).toBe('21.00');
    expect(dataOf(create(row(lossless('5.2')))).tax_breakdowns?.[0]?.percent).toBe('5.2');
    expect(issuesOf(create(row('1000')))).toEqual([
      { code: 'parameter_invalid', param: 'tax_breakdowns[0].percent' },
    ]);
    expect(issuesOf(create(row('-21')))).toEqual([
      { code: 'parameter_invalid', param: 'tax_breakdowns[0].percent' },
    ]);
    expect(issuesOf(create(row(21)))).toEqual([
      { code: 'invalid_request_params', param: 'tax_breakdowns[0].percent' },
    ]);
  });
});

describe('nested rows', () => {
  it('sii.md §5: every breakdown row needs taxable_base → parameter_blank', () => {
    expect(
      issuesOf(create({ ...expedida(), tax_breakdowns: [{ percent: '21.00', tax_amount: '21.00' }] })),
    ).toEqual([{ code: 'parameter_blank', param: 'tax_breakdowns[0].taxable_base' }]);
  });

  it('sii.md §4: breakdown codes are closed lists', () => {
    const body = {
      ...expedida(),
      tax_breakdowns: [
        {
          taxable_base: '1',
          operation_type: 'rent',
          non_exemption_code: 'S4',
          reason_vat_exempt: 'E7',
          reason_no_subject: 'N3',
        },
      ],
    };
    expect(issuesOf(create(body))).toEqual([
      { code: 'parameter_inclusion', param: 'tax_breakdowns[0].operation_type' },
      { code: 'parameter_inclusion', param: 'tax_breakdowns[0].non_exemption_code' },
      { code: 'parameter_inclusion', param: 'tax_breakdowns[0].reason_vat_exempt' },
      { code: 'parameter_inclusion', param: 'tax_breakdowns[0].reason_no_subject' },
    ]);
  });

  it('tax_breakdowns not an array → invalid_request_params', () => {
    expect(issuesOf(create({ ...expedida(), tax_breakdowns: { taxable_base: '1' } }))).toEqual([
      { code: 'invalid_request_params', param: 'tax_breakdowns' },
    ]);
  });

  it('sii.md §3: a payment needs date, amount and method (Cobro/Pago)', () => {
    const body = { ...validSiiBody('CobrosEmitidas'), payments: [{ account: 'ES91' }] };
    expect(issuesOf(create(body))).toEqual([
      { code: 'parameter_blank', param: 'payments[0].date' },
      { code: 'parameter_blank', param: 'payments[0].amount' },
      { code: 'parameter_blank', param: 'payments[0].method' },
    ]);
  });

  it('sii.md §3: payment method is 01–05 and account ≤ 34', () => {
    const payment = { date: '2026-04-02', amount: '1.00', method: '06', account: 'x'.repeat(35) };
    expect(issuesOf(create({ ...validSiiBody('CobrosEmitidas'), payments: [payment] }))).toEqual([
      { code: 'parameter_inclusion', param: 'payments[0].method' },
      { code: 'parameter_invalid', param: 'payments[0].account' },
    ]);
  });

  it('sii.md §4.2: a corrected invoice needs number and date', () => {
    expect(issuesOf(create({ ...expedida(), corrected_invoices: [{ number: '' }] }))).toEqual([
      { code: 'parameter_blank', param: 'corrected_invoices[0].number' },
      { code: 'parameter_blank', param: 'corrected_invoices[0].date' },
    ]);
  });

  it('capital_good (fiscalkit proposal): identification required; start_date and annual_proration are an alta’s', () => {
    // An annulment names the good by its identification alone, so the model needs only that; the
    // record rules require the other two for an alta (test/sii/recordIssues.test.ts).
    expect(issuesOf(create({ ...validSiiBody('Inversion'), capital_good: {} }))).toEqual([
      { code: 'parameter_blank', param: 'capital_good.identification' },
    ]);
    const good = create({ ...validSiiBody('Inversion'), capital_good: { identification: 'Maquina-01' } });
    expect(dataOf(good).capital_good).toEqual({ identification: 'Maquina-01' });
    expect(siiRecordIssues(dataOf(good) as SiiTaxReportCreate).map((issue) => issue.param)).toEqual(
      expect.arrayContaining(['capital_good.start_date', 'capital_good.annual_proration']),
    );
  });

  it('intra_community_operation (fiscalkit proposal): XSD keys and member states', () => {
    const body = validSiiBody('Intracomunitaria');
    const operation = body.intra_community_operation as Record<string, unknown>;
    expect(
      dataOf(create({ ...body, intra_community_operation: { ...operation, member_state: 'pt' } }))
        .intra_community_operation?.member_state,
    ).toBe('PT');
    expect(
      issuesOf(
        create({
          ...body,
          intra_community_operation: {
            ...operation,
            operation_key: 'C',
            declared_key: 'V',
            member_state: 'US',
            term_days: 1000,
          },
        }),
      ),
    ).toEqual([
      { code: 'parameter_inclusion', param: 'intra_community_operation.operation_key' },
      { code: 'parameter_inclusion', param: 'intra_community_operation.declared_key' },
      { code: 'parameter_inclusion', param: 'intra_community_operation.member_state' },
      { code: 'parameter_invalid', param: 'intra_community_operation.term_days' },
    ]);
  });
});

describe('parseSiiTaxReport: update', () => {
  it('every field is optional, book_type included', () => {
    expect(dataOf(parseSiiTaxReport({ period: '1T' }, 'update'))).toEqual({ period: '1T' });
  });

  it('values are still checked on update', () => {
    expect(issuesOf(parseSiiTaxReport({ book_type: 'Libro' }, 'update'))).toEqual([
      { code: 'parameter_inclusion', param: 'book_type' },
    ]);
  });
});

describe('SiiTaxReportSchema (the stored resource)', () => {
  const stored = {
    ...validSiiBody('Expedida'),
    id: 10,
    account_id: 2,
    state: 'registered_with_errors',
    invoice_id: 33,
    corrected_invoices: [],
    payments: [],
  };

  it('accepts a stored report', () => {
    expect(SiiTaxReportSchema.parse(stored).state).toBe('registered_with_errors');
  });

  it('lists are always present in a stored report', () => {
    const { payments: _, ...withoutPayments } = stored;
    expect(SiiTaxReportSchema.safeParse(withoutPayments).success).toBe(false);
  });
});
