import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SII_BOOK_TYPES, type SiiBookType, type SiiTaxReportCreate } from '../../src/model/siiTaxReport.js';
import { buildSiiMessage, buildSiiRecordMessage } from '../../src/sii/build/buildSiiMessage.js';
import { groupSiiMessages } from '../../src/sii/build/groupSiiMessages.js';
import type { SiiCommunicationType, SiiMessage, SiiMessageKind } from '../../src/sii/message.js';
import { siiRecordIssues } from '../../src/sii/recordIssues.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import {
  anyValidSiiRecordArb,
  defectiveSiiRecordArb,
  SII_BAJA_BOOK_TYPES,
  SII_DEFECTS,
  siiDefectArb,
  siiMessageKindArb,
  siiTitularArb,
  VALID_SII_RECORD_ARBS,
} from '../support/siiArbitraries.js';
import {
  cobrosEmitidas,
  expedidaF1,
  expedidaF2,
  expedidaR1,
  recibida,
  SII_BOOK_FIXTURES,
  SII_FIXTURES,
  seguros,
  siiTitular,
} from '../support/siiReports.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

type Report = SiiTaxReportCreate;

/** A message of one record (or several) of `report`'s book. */
function messageOf(
  records: Report[],
  kind: SiiMessageKind = 'alta',
  communication: SiiCommunicationType | null = records[0]?.communication_type ?? null,
): SiiMessage {
  const book = records[0]?.book_type ?? 'Expedida';
  const cash = book === 'CobrosEmitidas' || book === 'PagosRecibidas';
  return {
    book_type: book,
    kind,
    communication_type: kind === 'baja' || cash ? null : communication,
    titular: siiTitular(),
    records,
  };
}

/** Builds and fails the test with the issues when the build is refused. */
function built(message: SiiMessage): string {
  const result = buildSiiMessage(message);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.data;
}

/** The XML validates against the official schema. */
function expectValid(xml: string): void {
  const result = validateXml('sii', xml);
  expect(result.valid, `${formatXsdErrors(result)}\n${xml}`).toBe(true);
}

/** The file stem of a book: `AgenciasViajes` → `agencias-viajes`. */
const stem = (book: string) => book.replace(/(?<=[a-z])(?=[A-Z])/g, '-').toLowerCase();

describe('buildSiiMessage: the message', () => {
  it('writes the declaration, the root with both namespaces, the header and the records in order', () => {
    const xml = built(messageOf([expedidaF1(), expedidaF2()]));
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<siiLR:SuministroLRFacturasEmitidas '),
    ).toBe(true);
    expect(xml).toContain(
      'xmlns:siiLR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroLR.xsd"',
    );
    expect(xml).toContain(
      'xmlns:sii="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/SuministroInformacion.xsd"',
    );
    expect(xml).toContain(
      '<sii:Cabecera>\n<sii:IDVersionSii>1.1</sii:IDVersionSii>\n<sii:Titular>\n<sii:NombreRazon>Test company</sii:NombreRazon>\n<sii:NIF>U2687761C</sii:NIF>\n</sii:Titular>\n<sii:TipoComunicacion>A0</sii:TipoComunicacion>\n</sii:Cabecera>',
    );
    expect(xml.match(/<siiLR:RegistroLRFacturasEmitidas>/g)).toHaveLength(2);
    expect(xml.indexOf('2026-A-000123')).toBeLessThan(xml.indexOf('T-2026-0042'));
  });

  it('writes amounts with 2 decimals, rates as Tipo2.2, dates dd-mm-yyyy, texts escaped', () => {
    const xml = built(messageOf([expedidaF1()]));
    expect(xml).toContain('<sii:FechaExpedicionFacturaEmisor>15-03-2026</sii:FechaExpedicionFacturaEmisor>');
    expect(xml).toContain(
      '<sii:TipoImpositivo>10.00</sii:TipoImpositivo>\n<sii:BaseImponible>100.00</sii:BaseImponible>',
    );
    expect(xml).toContain('<sii:TipoRecargoEquivalencia>5.20</sii:TipoRecargoEquivalencia>');
    expect(xml).toContain(
      '<sii:DescripcionOperacion>Venta de mercaderías &amp; servicios &lt;varios&gt;</sii:DescripcionOperacion>',
    );
  });

  it('the cash-accounting books have CabeceraSiiCobrosPagos (no TipoComunicacion) and no PeriodoLiquidacion', () => {
    const xml = built(messageOf([cobrosEmitidas()]));
    expect(xml).not.toContain('TipoComunicacion');
    expect(xml).not.toContain('PeriodoLiquidacion');
    expect(xml).toContain('<siiLR:RegistroLRCobros>');
  });

  it('a baja has the BajaLR root and CabeceraSiiBaja (no TipoComunicacion)', () => {
    const xml = built(messageOf([expedidaF1()], 'baja'));
    expect(xml).toContain('<siiLR:BajaLRFacturasEmitidas ');
    expect(xml).toContain('<siiLR:RegistroLRBajaExpedidas>');
    expect(xml).not.toContain('TipoComunicacion');
    expect(xml).not.toContain('FacturaExpedida');
  });

  it('F2 is written without Contraparte even when the report names a customer (sii.md §8)', () => {
    const xml = built(
      messageOf([{ ...expedidaF2(), customer_party_name: 'X', customer_party_tax_id: 'B12345674' }]),
    );
    expect(xml).not.toContain('Contraparte');
  });

  it('a block holding S1 and S2 rows is S3; category AE without a code is S2 (sii.md §4.4)', () => {
    const rows = [
      { non_exemption_code: 'S1' as const, percent: '21', taxable_base: '100', tax_amount: '21' },
      { category: 'AE', taxable_base: '50' },
    ];
    const xml = built(messageOf([{ ...expedidaF1(), tax_inclusive_amount: '171', tax_breakdowns: rows }]));
    expect(xml).toContain('<sii:TipoNoExenta>S3</sii:TipoNoExenta>');
    const s2 = built(
      messageOf([{ ...expedidaF1(), tax_inclusive_amount: null, tax_breakdowns: rows.slice(1) }]),
    );
    expect(s2).toContain('<sii:TipoNoExenta>S2</sii:TipoNoExenta>');
    expectValidIfShared(xml);
  });

  it('not-subject rows of one kind are summed into their NoSujeta element', () => {
    const rows = [
      { reason_no_subject: 'N1' as const, taxable_base: '10.10' },
      { reason_no_subject: 'N1' as const, taxable_base: '5' },
      { reason_no_subject: 'N2' as const, taxable_base: '1' },
    ];
    const xml = built(messageOf([{ ...expedidaF1(), tax_inclusive_amount: '16.10', tax_breakdowns: rows }]));
    expect(xml).toContain(
      '<sii:ImportePorArticulos7_14_Otros>15.10</sii:ImportePorArticulos7_14_Otros>\n<sii:ImporteTAIReglasLocalizacion>1.00</sii:ImporteTAIReglasLocalizacion>',
    );
  });

  it('writes corrective fields only for R1–R5, ImporteRectificacion only for S; Macrodato from 100,000,000 €', () => {
    expect(
      built(
        messageOf([
          {
            ...expedidaF1(),
            corrective_type: 'I',
            corrected_invoices: [{ number: 'A-1', date: '2026-01-01' }],
          },
        ]),
      ),
    ).not.toContain('Rectifica');
    const substitution = built(messageOf([expedidaR1('S')]));
    expect(substitution).toContain('<sii:TipoRectificativa>S</sii:TipoRectificativa>');
    expect(substitution).toContain('<sii:BaseRectificada>1000.00</sii:BaseRectificada>');
    expect(built(messageOf([expedidaR1('I')]))).not.toContain('ImporteRectificacion');
    const big = built(
      messageOf([
        {
          ...expedidaF1(),
          tax_inclusive_amount: '121000000.00',
          tax_breakdowns: [
            { non_exemption_code: 'S1', percent: '21', taxable_base: '100000000', tax_amount: '21000000' },
          ],
        },
      ]),
    );
    expect(big).toContain('<sii:Macrodato>S</sii:Macrodato>');
  });

  it('received invoices: reverse charge in InversionSujetoPasivo, others in DesgloseIVA, Contraparte after it', () => {
    const xml = built(messageOf([recibida()]));
    const isp = xml.indexOf('<sii:InversionSujetoPasivo>');
    const iva = xml.indexOf('<sii:DesgloseIVA>');
    expect(isp).toBeGreaterThan(0);
    expect(iva).toBeGreaterThan(isp);
    expect(xml.indexOf('<sii:Contraparte>')).toBeGreaterThan(iva);
    expect(xml).toContain('<sii:CuotaDeducible>41.00</sii:CuotaDeducible>');
  });
});

describe('buildSiiMessage: issues instead of XML', () => {
  it('runs siiRecordIssues on every record, params prefixed records[i].', () => {
    const result = buildSiiMessage(messageOf([expedidaF1(), { ...expedidaF1(), period: '13' as never }]));
    expect(result).toEqual({
      success: false,
      issues: [expect.objectContaining({ code: 'parameter_inclusion', param: 'records[1].period' })],
    });
    if (!result.success) expect(result.issues[0]?.message.startsWith('records[1].period ')).toBe(true);
  });

  it('checks the titular once, at titular.*', () => {
    const result = buildSiiMessage({
      ...messageOf([expedidaF1()]),
      titular: { name: 'Test company', nif: 'ESU2687761C' },
    });
    expect(result.success ? [] : result.issues.map((issue) => issue.param)).toEqual(['titular.nif']);
  });

  it('refuses an empty message, a record of another book, another communication_type', () => {
    const params = (message: SiiMessage) => {
      const result = buildSiiMessage(message);
      return result.success ? [] : result.issues.map((issue) => `${issue.code} ${issue.param}`);
    };
    expect(params(messageOf([], 'alta', 'A0'))).toEqual(['parameter_empty records']);
    expect(params({ ...messageOf([expedidaF1()]), records: [expedidaF1(), seguros()] })).toEqual([
      'parameter_invalid records[1].book_type',
    ]);
    expect(params(messageOf([expedidaF1(), { ...expedidaF1(), communication_type: 'A1' }]))).toEqual([
      'parameter_invalid records[1].communication_type',
    ]);
    expect(params(messageOf([cobrosEmitidas()], 'baja'))).toEqual(['parameter_invalid kind']);
    expect(params({ ...messageOf([expedidaF1()]), communication_type: null })).toEqual([
      'parameter_inclusion communication_type',
    ]);
  });

  it('refuses more than 10,000 records', () => {
    const records = Array.from({ length: 10_001 }, () => cobrosEmitidas());
    const result = buildSiiMessage(messageOf(records));
    expect(result.success ? [] : result.issues.map((issue) => issue.param)).toEqual(['records']);
  });
});

describe('buildSiiRecordMessage: the one-record message of per-record validation (sii.md §11)', () => {
  it('wraps one record in the real message’s header', () => {
    const a1 = (report: Report): Report => ({ ...report, communication_type: 'A1' });
    const message = messageOf([a1(expedidaF1()), a1(expedidaF2())], 'alta', 'A1');
    const one = buildSiiRecordMessage(message, 1);
    if (!one.success) throw new Error(JSON.stringify(one.issues));
    expect(one.data).toContain('<sii:TipoComunicacion>A1</sii:TipoComunicacion>');
    expect(one.data.match(/<siiLR:RegistroLRFacturasEmitidas>/g)).toHaveLength(1);
    expect(one.data).toContain('T-2026-0042');
    expect(one.data).not.toContain('2026-A-000123');
  });

  it('gives the record’s issues at records[index]., and an index outside the message at index', () => {
    const message = messageOf([expedidaF1(), { ...expedidaF1(), description: null }]);
    const bad = buildSiiRecordMessage(message, 1);
    expect(bad.success ? [] : bad.issues.map((issue) => issue.param)).toEqual(['records[1].description']);
    expect(buildSiiRecordMessage(message, 0).success).toBe(true);
    const outside = buildSiiRecordMessage(message, 2);
    expect(outside.success ? [] : outside.issues.map((issue) => issue.param)).toEqual(['index']);
  });
});

describe('groupSiiMessages', () => {
  const titular = siiTitular();
  const other = { name: 'Otra empresa', nif: 'B12345674' };

  it('one message per (book, titular NIF, kind, communication_type), in order of first appearance', () => {
    const messages = groupSiiMessages([
      { report: expedidaF1(), titular },
      { report: recibida(), titular },
      { report: expedidaF2(), titular },
      { report: expedidaF1(), titular: other },
      { report: { ...expedidaF1(), communication_type: 'A1' }, titular },
      { report: expedidaR1('I'), titular, kind: 'baja' },
      { report: expedidaR1('S'), titular, kind: 'baja' },
      { report: cobrosEmitidas(), titular },
      { report: { ...cobrosEmitidas(), communication_type: 'A1' }, titular },
    ]);
    expect(
      messages.map((m) => [m.book_type, m.titular.nif, m.kind, m.communication_type, m.records.length]),
    ).toEqual([
      ['Expedida', 'U2687761C', 'alta', 'A0', 2],
      ['Recibida', 'U2687761C', 'alta', 'A0', 1],
      ['Expedida', 'B12345674', 'alta', 'A0', 1],
      ['Expedida', 'U2687761C', 'alta', 'A1', 1],
      ['Expedida', 'U2687761C', 'baja', null, 2],
      ['CobrosEmitidas', 'U2687761C', 'alta', null, 2],
    ]);
    expect(messages[0]?.records.map((r) => r.invoice_number)).toEqual(['2026-A-000123', 'T-2026-0042']);
    for (const message of messages) expect(buildSiiMessage(message).success).toBe(true);
  });

  it('splits beyond 10,000 records: 10,001 records → 2 messages', () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({
      report: { ...cobrosEmitidas(), invoice_number: `A-${i}` },
      titular,
    }));
    const messages = groupSiiMessages(entries);
    expect(messages.map((m) => m.records.length)).toEqual([10_000, 1]);
    expect(messages[1]?.records[0]?.invoice_number).toBe('A-10000');
    expect(groupSiiMessages([])).toEqual([]);
  });
});

describe.skipIf(!hasShared)('the official XSD judges the XML (SuministroLR.xsd)', () => {
  afterAll(disposeSchemas);

  it.each(Object.entries(SII_FIXTURES))('fixture %s builds XSD-valid XML', (_, make) => {
    expectValid(built(messageOf([make()])));
  });

  const BOOKS = Object.entries(SII_BOOK_FIXTURES) as [SiiBookType, () => Report][];
  const OPERATIONS = BOOKS.flatMap(([book, make]) => {
    const cash = book === 'CobrosEmitidas' || book === 'PagosRecibidas';
    const operations: [string, SiiMessage][] = cash
      ? [['alta', messageOf([make()])]]
      : [
          ['A0', messageOf([make()], 'alta', 'A0')],
          ['A1', messageOf([{ ...make(), communication_type: 'A1' }], 'alta', 'A1')],
        ];
    if (SII_BAJA_BOOK_TYPES.includes(book)) operations.push(['baja', messageOf([make()], 'baja')]);
    return operations.map(([operation, message]) => [`${stem(book)}-${operation}`, message] as const);
  });

  it.each(OPERATIONS)('golden %s.xml, XSD-valid', async (name, message) => {
    const xml = built(message);
    expectValid(xml);
    await expect(xml).toMatchFileSnapshot(`./golden/${name}.xml`);
  });

  it.each(['expedida-f2', 'expedida-r1-i', 'expedida-r1-s', 'expedida-foreign', 'recibida-foreign'])(
    'golden %s-A0.xml, XSD-valid',
    async (name) => {
      const make = SII_FIXTURES[name];
      if (make === undefined) throw new Error(name);
      const xml = built(messageOf([make()]));
      expectValid(xml);
      await expect(xml).toMatchFileSnapshot(`./golden/${name}-A0.xml`);
    },
  );

  it('random valid records: one-record and multi-record messages are XSD-valid (100 runs)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(VALID_SII_RECORD_ARBS) as SiiBookType[])).chain((book) =>
          fc.record({
            book: fc.constant(book),
            kind: siiMessageKindArb(book),
            records: fc.array(VALID_SII_RECORD_ARBS[book], { minLength: 1, maxLength: 4 }),
            titular: siiTitularArb,
          }),
        ),
        ({ book, kind, records, titular }) => {
          const communication = records[0]?.communication_type ?? 'A0';
          // The header's TipoComunicacion is the message's: align the records to it.
          const aligned = records.map((record) => ({
            ...record,
            communication_type: record.communication_type && communication,
          }));
          const message: SiiMessage = {
            book_type: book,
            kind,
            communication_type:
              kind === 'baja' || book === 'CobrosEmitidas' || book === 'PagosRecibidas'
                ? null
                : communication,
            titular,
            records: aligned,
          };
          expectValid(built(message));
          const one = buildSiiRecordMessage(message, aligned.length - 1);
          if (!one.success) throw new Error(JSON.stringify(one.issues));
          expectValid(one.data);
        },
      ),
      { numRuns: 100 },
    );
  });

  it.each(SII_BOOK_TYPES)('random valid %s records: no issues, XSD-valid (20 runs)', (book) => {
    fc.assert(
      fc.property(VALID_SII_RECORD_ARBS[book], siiTitularArb, (report, titular) => {
        expect(siiRecordIssues(report, titular)).toEqual([]);
        expectValid(built({ ...messageOf([report]), titular }));
      }),
      { numRuns: 20 },
    );
  });

  it('random valid records of any book have no issues (100 runs)', () => {
    fc.assert(
      fc.property(anyValidSiiRecordArb, siiTitularArb, (report, titular) => {
        expect(siiRecordIssues(report, titular)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * The OCA-derived samples (`shared/samples/sii/oca-derived/`, SOURCES.md §3) as reports: the builder
 * writes the same elements in the same order with the same values. Amounts and rates are compared
 * as numbers (OCA writes `21.0`, `200`; fiscalkit `21.00`, `200.00`).
 */
const OCA_PARTNER = { name: 'Test partner', nif: 'F35999705' };
const ocaHeader = {
  type: 'SiiDocument' as const,
  communication_type: 'A0' as const,
  period_year: 2020,
  period: '01' as const,
  invoice_date: '2020-01-01',
  special_regime_key: '01' as const,
  description: '/',
};
const ocaIssued = (total: string, rows: NonNullable<Report['tax_breakdowns']>): Report => ({
  ...ocaHeader,
  book_type: 'Expedida',
  invoice_number: 'TEST001',
  invoice_type_code: 'F1',
  tax_inclusive_amount: total,
  customer_party_name: OCA_PARTNER.name,
  customer_party_tax_id: OCA_PARTNER.nif,
  tax_breakdowns: rows,
});
const ocaReceived = (number: string, changes: Partial<Report>): Report => ({
  ...ocaHeader,
  book_type: 'Recibida',
  supplier_party_name: OCA_PARTNER.name,
  supplier_party_tax_id: OCA_PARTNER.nif,
  invoice_number: number,
  invoice_type_code: 'F1',
  accounting_date: '2020-10-01',
  ...changes,
});
const OCA_SAMPLES: [string, Report][] = [
  [
    'sii_out_invoice_s_iva10b_s_iva21s.xml',
    ocaIssued('352.00', [
      {
        operation_type: 'services',
        non_exemption_code: 'S1',
        percent: '21',
        taxable_base: '200',
        tax_amount: '42',
      },
      {
        operation_type: 'goods',
        non_exemption_code: 'S1',
        percent: '10',
        taxable_base: '100',
        tax_amount: '10',
      },
    ]),
  ],
  [
    'sii_out_invoice_s_iva0_sp_i_s_iva0_ic.xml',
    ocaIssued('300.00', [
      { operation_type: 'goods', reason_vat_exempt: 'E5', taxable_base: '200' },
      { operation_type: 'services', reason_no_subject: 'N2', taxable_base: '100' },
    ]),
  ],
  [
    'sii_in_invoice_p_iva21_sp_ex.xml',
    ocaReceived('sup0004', {
      tax_inclusive_amount: '121.00',
      tax_breakdowns: [{ reverse_charge: true, percent: '21', taxable_base: '100', tax_amount: '21' }],
      deductible_tax_amount: '21.00',
    }),
  ],
  [
    'sii_in_refund_p_iva21_sp_in.xml',
    ocaReceived('sup0008', {
      invoice_type_code: 'R4',
      corrective_type: 'I',
      tax_inclusive_amount: '-121.00',
      tax_breakdowns: [{ non_exemption_code: 'S1', percent: '21', taxable_base: '-100', tax_amount: '-21' }],
      deductible_tax_amount: '-21.00',
    }),
  ],
];

/** The message from its `Cabecera` on, numbers compared as numbers, one element a line. */
function comparable(xml: string): string[] {
  return xml
    .slice(xml.indexOf('<sii:Cabecera>'))
    .replace(/>(-?)(\d+)(?:\.(\d+))?</g, (_, sign: string, integer: string, fraction = '') => {
      const digits = fraction.replace(/0+$/, '');
      return `>${sign}${integer.replace(/^0+(?=\d)/, '')}${digits === '' ? '' : `.${digits}`}<`;
    })
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

describe.skipIf(!hasShared)(
  'the OCA-derived samples, rebuilt from reports (shared/samples/sii/SOURCES.md)',
  () => {
    afterAll(disposeSchemas);

    it.each(OCA_SAMPLES)('%s', (file, report) => {
      expect(siiRecordIssues(report, siiTitular())).toEqual([]);
      const xml = built(messageOf([report]));
      const sample = readFileSync(join(SHARED_DIR, 'samples', 'sii', 'oca-derived', file), 'utf8');
      expect(comparable(xml)).toEqual(comparable(sample));
      expectValid(xml);
    });
  },
);

describe('random records with one defect', () => {
  it.each(SII_DEFECTS)('defect %s is reported at its param (10 runs)', (name) => {
    fc.assert(
      fc.property(siiDefectArb(name), ({ report, code, param }) => {
        expect(siiRecordIssues(report).map((issue) => `${issue.code} ${issue.param}`)).toContain(
          `${code} ${param}`,
        );
      }),
      { numRuns: 10 },
    );
  });

  it('siiRecordIssues reports the defect at its param, and buildSiiMessage gives no XML (150 runs)', () => {
    fc.assert(
      fc.property(defectiveSiiRecordArb, ({ defect, report, code, param }) => {
        const issues = siiRecordIssues(report);
        expect(
          issues.some((issue) => issue.code === code && issue.param === param),
          `${defect}: expected ${code} at ${param}, got ${JSON.stringify(issues)}`,
        ).toBe(true);
        // The record's own message, so that the defect (not a book mismatch) is what refuses it.
        const book = (SII_BOOK_TYPES as readonly string[]).includes(report.book_type)
          ? report.book_type
          : 'Expedida';
        const result = buildSiiMessage({
          book_type: book,
          kind: 'alta',
          communication_type:
            book === 'CobrosEmitidas' || book === 'PagosRecibidas'
              ? null
              : (report.communication_type ?? 'A0'),
          titular: siiTitular(),
          records: [report],
        });
        expect(result.success ? [] : result.issues.map((issue) => `${issue.code} ${issue.param}`)).toContain(
          `${code} records[0].${param}`,
        );
        expect(result.success).toBe(false);
        expect(result).not.toHaveProperty('data');
      }),
      { numRuns: 150 },
    );
  });
});

/** Validates when `shared/` is there (tests outside the XSD block). */
function expectValidIfShared(xml: string): void {
  if (hasShared) expectValid(xml);
}
