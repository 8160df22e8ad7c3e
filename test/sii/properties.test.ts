import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SII_BOOK_TYPES, type SiiBookType, type SiiTaxReportCreate } from '../../src/model/siiTaxReport.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { partyScheme, type SiiPartyRole } from '../../src/sii/build/identification.js';
import { importSiiMessage } from '../../src/sii/import/importSiiMessage.js';
import type { SiiMessage, SiiMessageKind, SiiTitular } from '../../src/sii/message.js';
import { SII_BAJA_BOOK_TYPES, siiTitularArb, VALID_SII_RECORD_ARBS } from '../support/siiArbitraries.js';

type Report = SiiTaxReportCreate;
type Row = NonNullable<Report['tax_breakdowns']>[number];
type Loose = Record<string, unknown>;

/** A decimal string with exactly two decimals (`100` → `100.00`, `-0.5` → `-0.50`): how the builder writes amounts and rates. */
function twoDecimals(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value);
  if (match === null) return value;
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0').slice(0, 2));
  const sign = match[1] === '-' && cents !== 0n ? '-' : '';
  return `${sign}${String(cents / 100n)}.${String(cents % 100n).padStart(2, '0')}`;
}

/** Cents of a decimal string (for the not-subject sums). */
function cents(value: string): bigint {
  const text = twoDecimals(value) ?? '0.00';
  const negative = text.startsWith('-');
  const digits = BigInt(text.replace(/[-.]/g, ''));
  return negative ? -digits : digits;
}

/** Cents as a two-decimal string. */
function formatCents(value: bigint): string {
  const magnitude = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${String(magnitude / 100n)}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/** Drops the fields without a value (null, undefined, empty lists), as the XML has no element for them. */
function clean<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clean) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Loose = {};
  for (const [key, field] of Object.entries(value as Loose)) {
    if (field === null || field === undefined || (Array.isArray(field) && field.length === 0)) continue;
    out[key] = clean(field);
  }
  return out as T;
}

const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A party as the XML identifies it: the scheme the builder writes (`9920` for a NIF, without a country). */
function canonicalParty(report: Loose, role: SiiPartyRole): void {
  const taxId = `${role}_party_tax_id`;
  if (!given(report[taxId])) return;
  const scheme = partyScheme(report as Partial<Report>, role);
  report[`${role}_party_tax_scheme`] = scheme;
  if (scheme === '9920') delete report[`${role}_party_country`];
}

/** How a breakdown row is reported (sii.md §5): the builder's classification, from the row's codes. */
function kindOf(row: Row): 'subject' | 'exempt' | 'not_subject' {
  if (given(row.non_exemption_code)) return 'subject';
  if (given(row.reason_vat_exempt)) return 'exempt';
  if (given(row.reason_no_subject)) return 'not_subject';
  return 'subject';
}

function subjectRow(row: Row, withSurcharge: boolean): Loose {
  return {
    percent: twoDecimals(row.percent),
    taxable_base: twoDecimals(row.taxable_base),
    tax_amount: twoDecimals(row.tax_amount),
    ...(withSurcharge
      ? {
          surcharge_percent: twoDecimals(row.surcharge_percent),
          surcharge_amount: twoDecimals(row.surcharge_amount),
        }
      : {}),
  };
}

/**
 * Issued rows as `TipoDesglose` holds them (sii.md §5, §10): the blocks in XSD order (services before
 * goods), in each the exempt rows, the subject rows, then one row per not-subject reason with the sum
 * of its rows; amounts with two decimals.
 */
function issuedRows(rows: readonly Row[]): Loose[] {
  const split = rows.some((row) => row.operation_type === 'goods' || row.operation_type === 'services');
  const blocks: (Row['operation_type'] | null)[] = split ? ['services', 'goods'] : [null];
  return blocks.flatMap((block) => {
    const mine = rows.filter((row) => (row.operation_type ?? null) === block);
    const exempt = mine
      .filter((row) => kindOf(row) === 'exempt')
      .map((row) => ({
        operation_type: block,
        reason_vat_exempt: row.reason_vat_exempt,
        taxable_base: twoDecimals(row.taxable_base),
      }));
    const subjectRows = mine.filter((row) => kindOf(row) === 'subject');
    // A block holding S1 and S2 (or S3) rows is written S3; its rows read back as S3 (sii.md §4.4).
    const codes = new Set(subjectRows.map((row) => row.non_exemption_code ?? 'S1'));
    const mixed = codes.has('S3') || codes.size > 1;
    const subject = subjectRows.map((row) => ({
      operation_type: block,
      non_exemption_code: mixed ? 'S3' : (row.non_exemption_code ?? 'S1'),
      ...subjectRow(row, block !== 'services'),
    }));
    const notSubject = (['N1', 'N2'] as const).flatMap((reason) => {
      const summed = mine.filter((row) => kindOf(row) === 'not_subject' && row.reason_no_subject === reason);
      if (summed.length === 0) return [];
      const total = summed.reduce((sum, row) => sum + cents(row.taxable_base), 0n);
      return [{ operation_type: block, reason_no_subject: reason, taxable_base: formatCents(total) }];
    });
    return [...exempt, ...subject, ...notSubject];
  });
}

/**
 * Received rows as `DesgloseFactura` holds them (sii.md §5): the reverse-charge rows, then the others;
 * a row without VAT (exempt or not subject) is a base only, read back as the not-subject category.
 */
function receivedRows(rows: readonly Row[]): Loose[] {
  const reverse = (row: Row) =>
    kindOf(row) === 'subject' &&
    (row.reverse_charge === true || (row.reverse_charge !== false && row.non_exemption_code === 'S2'));
  // Issue #18 item 17: the REAGYP compensation (DesgloseIVA only) and BienInversion come back too.
  const extras = (row: Row, compensation: boolean): Loose => ({
    ...(compensation
      ? {
          compensation_percent: twoDecimals(row.compensation_percent),
          compensation_amount: twoDecimals(row.compensation_amount),
        }
      : {}),
    investment_good: row.investment_good,
  });
  return [
    ...rows
      .filter(reverse)
      .map((row) => ({ reverse_charge: true, ...subjectRow(row, true), ...extras(row, false) })),
    ...rows
      .filter((row) => !reverse(row))
      .map((row) => ({
        ...(kindOf(row) === 'subject'
          ? subjectRow(row, true)
          : { category: 'NS', taxable_base: twoDecimals(row.taxable_base) }),
        ...extras(row, true),
      })),
  ];
}

const CORRECTIVE = new Set(['R1', 'R2', 'R3', 'R4', 'R5']);
const WITHOUT_COUNTERPARTY = new Set(['F2', 'F4', 'R5']);
const AMOUNTS = [
  'tax_inclusive_amount',
  'corrected_taxable_base',
  'corrected_tax_amount',
  'deductible_tax_amount',
  'corrected_surcharge_amount',
  'cost_taxable_base',
  'property_transfer_amount',
];

/**
 * An alta record as its XML holds it: what `buildSiiMessage` writes of it, read back — the identity
 * up to the spellings the builder normalises (amounts and rates with two decimals, a party's scheme,
 * the row order of the breakdown, summed not-subject amounts) and the fields it has no element for.
 */
function canonicalAlta(report: Report): Loose {
  const record = clean({ ...report }) as Loose;
  for (const field of AMOUNTS) if (field in record) record[field] = twoDecimals(record[field]);
  const type = String(record.invoice_type_code ?? '');
  if (
    report.book_type === 'Expedida' &&
    (WITHOUT_COUNTERPARTY.has(type) || !given(record.customer_party_tax_id))
  )
    for (const field of ['name', 'tax_id', 'tax_scheme', 'country', 'representative_nif'])
      delete record[`customer_party_${field}`];
  if (report.book_type === 'Expedida' || report.book_type === 'Recibida') {
    if (!CORRECTIVE.has(type))
      for (const field of ['corrective_type', 'corrected_invoices']) delete record[field];
    if (!CORRECTIVE.has(type) || record.corrective_type !== 'S')
      for (const field of ['corrected_taxable_base', 'corrected_tax_amount', 'corrected_surcharge_amount'])
        delete record[field];
    const rows = report.tax_breakdowns ?? [];
    record.tax_breakdowns = clean(report.book_type === 'Expedida' ? issuedRows(rows) : receivedRows(rows));
    if ((record.tax_breakdowns as Loose[]).length === 0) delete record.tax_breakdowns;
  }
  if (report.book_type === 'Inversion') {
    const good = record.capital_good as Loose;
    good.annual_proration = twoDecimals(good.annual_proration);
    if ('annual_regularization' in good) good.annual_regularization = twoDecimals(good.annual_regularization);
    if ('regularization_made' in good) good.regularization_made = twoDecimals(good.regularization_made);
  }
  if (Array.isArray(record.payments))
    record.payments = (record.payments as Loose[]).map((payment) => ({
      ...payment,
      amount: twoDecimals(payment.amount),
    }));
  canonicalParty(record, 'customer');
  canonicalParty(record, 'supplier');
  return record;
}

const PERIOD = ['period_year', 'period'];
const INVOICE = ['invoice_number', 'invoice_date'];
const party = (role: SiiPartyRole) =>
  ['name', 'tax_id', 'tax_scheme', 'country'].map((field) => `${role}_party_${field}`);

/** The fields a baja record carries (sii.md §2): what identifies the record it annuls. */
const BAJA_FIELDS: Readonly<Partial<Record<SiiBookType, readonly string[]>>> = {
  Expedida: [...PERIOD, ...INVOICE, 'external_reference'],
  Recibida: [...PERIOD, ...INVOICE, ...party('supplier'), 'external_reference'],
  Inversion: [...PERIOD, ...INVOICE, ...party('supplier'), 'external_reference'],
  Intracomunitaria: [...PERIOD, ...INVOICE, ...party('supplier'), 'external_reference'],
  Metalico: [...PERIOD, ...party('customer'), 'customer_party_representative_nif'],
  AgenciasViajes: [...PERIOD, ...party('customer'), 'customer_party_representative_nif'],
  Seguros: [...PERIOD, ...party('customer'), 'insurance_operation_key', 'customer_party_representative_nif'],
};

/** A baja record as its XML holds it: the identifying fields only. */
function canonicalBaja(report: Report): Loose {
  const fields = BAJA_FIELDS[report.book_type] ?? [];
  const record: Loose = { type: 'SiiDocument', book_type: report.book_type };
  for (const field of fields) record[field] = (report as Loose)[field];
  // A capital good's baja names the good by IdentificacionBien alone.
  if (report.book_type === 'Inversion')
    record.capital_good = { identification: report.capital_good?.identification };
  const cleaned = clean(record);
  canonicalParty(cleaned, 'customer');
  canonicalParty(cleaned, 'supplier');
  return cleaned;
}

/** A message of 1–3 records of `book`, all with the first one's communication type. */
function messageArb(book: SiiBookType, kind: SiiMessageKind): fc.Arbitrary<SiiMessage> {
  return fc
    .tuple(fc.array(VALID_SII_RECORD_ARBS[book], { minLength: 1, maxLength: 3 }), siiTitularArb)
    .map(([records, titular]): SiiMessage => {
      const type = records[0]?.communication_type ?? null;
      return {
        book_type: book,
        kind,
        communication_type: kind === 'baja' ? null : type,
        titular,
        records: records.map((record) => (type === null ? record : { ...record, communication_type: type })),
      };
    });
}

function buildOrFail(message: SiiMessage): string {
  const built = buildSiiMessage(message);
  if (!built.success) throw new Error(JSON.stringify({ issues: built.issues, message }, null, 2));
  return built.data;
}

function importOrFail(xml: string): SiiMessage {
  const imported = importSiiMessage(xml);
  if (!imported.success) throw new Error(JSON.stringify({ issues: imported.issues, xml }, null, 2));
  expect(imported.data.ignored).toEqual([]);
  return imported.data.message;
}

const titularOf = (titular: SiiTitular) => clean(titular);

describe('build → import is the identity on records (SII property)', () => {
  it.each([...SII_BOOK_TYPES])(
    'alta %s: the records come back as the XML holds them, and rebuild to the same XML',
    (book) => {
      fc.assert(
        fc.property(messageArb(book, 'alta'), (message) => {
          const xml = buildOrFail(message);
          const imported = importOrFail(xml);
          expect(imported.book_type).toBe(book);
          expect(imported.kind).toBe('alta');
          expect(imported.communication_type).toBe(message.communication_type);
          expect(imported.titular).toEqual(titularOf(message.titular));
          expect(imported.records).toEqual(message.records.map(canonicalAlta));
          const rebuilt = buildOrFail(imported);
          expect(rebuilt).toBe(xml);
          expect(importOrFail(rebuilt).records).toEqual(imported.records);
        }),
        { numRuns: 100 },
      );
    },
  );

  it('a block holding S1 and S2 rows imports back as S3 rows and rebuilds to the same XML (sii.md §4.4)', () => {
    fc.assert(
      fc.property(VALID_SII_RECORD_ARBS.Expedida, siiTitularArb, (record, titular) => {
        const rows = record.tax_breakdowns ?? [];
        const block = rows[0]?.operation_type ?? null;
        const subject = rows.filter(
          (row) => kindOf(row) === 'subject' && (row.operation_type ?? null) === block,
        );
        fc.pre(new Set(subject.map((row) => row.non_exemption_code ?? 'S1')).size > 1);
        const message: SiiMessage = {
          book_type: 'Expedida',
          kind: 'alta',
          communication_type: record.communication_type ?? null,
          titular,
          records: [record],
        };
        const xml = buildOrFail(message);
        expect(xml).toContain('<sii:TipoNoExenta>S3</sii:TipoNoExenta>');
        const imported = importOrFail(xml);
        const importedRows = imported.records[0]?.tax_breakdowns ?? [];
        const mixedRows = importedRows.filter(
          (row) => (row.operation_type ?? null) === block && row.non_exemption_code !== undefined,
        );
        expect(mixedRows.length).toBe(subject.length);
        for (const row of mixedRows) expect(row.non_exemption_code).toBe('S3');
        expect(imported.records).toEqual(message.records.map(canonicalAlta));
        const rebuilt = buildOrFail(imported);
        expect(rebuilt).toBe(xml);
        expect(importOrFail(rebuilt).records).toEqual(imported.records);
      }),
      { numRuns: 30 },
    );
  });

  it.each(SII_BAJA_BOOK_TYPES)(
    'baja %s: the identifying fields come back, and rebuild to the same XML',
    (book) => {
      fc.assert(
        fc.property(messageArb(book, 'baja'), (message) => {
          const xml = buildOrFail(message);
          const imported = importOrFail(xml);
          expect(imported).toMatchObject({ book_type: book, kind: 'baja', communication_type: null });
          expect(imported.records).toEqual(message.records.map(canonicalBaja));
          expect(buildOrFail(imported)).toBe(xml);
        }),
        { numRuns: 30 },
      );
    },
  );
});
