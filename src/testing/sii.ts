/**
 * fast-check arbitraries of SII records (`SiiDocument`, sii.md §10) for property tests.
 *
 * Exports:
 * - {@link siiTitularArb}: a valid titular (`Cabecera/Titular`).
 * - {@link validSiiRecordArb}`(book)`: records of one book that `siiRecordIssues` accepts and whose
 *   XML (`buildSiiMessage` / `buildSiiRecordMessage`) the official XSD accepts. {@link
 *   VALID_SII_RECORD_ARBS} has one per book, {@link anyValidSiiRecordArb} picks any book.
 *   Expedida records cover every issued type (F1–F4, R1–R5 with `I` / `S`), both breakdown kinds,
 *   S1 / S2 / S3 blocks, exempt and not-subject rows, recargo on goods, counterparties by NIF and by
 *   IDOtro (02–07); Recibida records reverse charge, recargo, base-only rows, foreign suppliers. Texts
 *   mix XML specials, Spanish letters and astral characters, sometimes at the XSD's length limit;
 *   amounts are spelt with 0, 1 or 2 decimals and satisfy the AEAT checks of sii.md §8 (cuota =
 *   base × rate rounded, `ImporteTotal` within ±10 €, F2 ≤ 3,000 €). Each record has its own random
 *   `communication_type`: to put several in one message, set theirs to the header's
 *   (`buildSiiMessage` refuses a record whose `communication_type` differs from the header's).
 *   Every element of SuministroLR.xsd 1.1 a book's record can hold appears now and then (issue #18
 *   item 17: `RefExterna`, `EntidadSucedida`, `DatosInmueble`, the REAGYP compensation, …).
 * - {@link siiMessageKindArb}: `alta` or `baja` for a book (baja only for books that have one);
 *   {@link SII_BAJA_BOOK_TYPES}: the books with an annulment message.
 * - {@link siiTextArb}`(min, max)`: texts of `min`–`max` characters (code points) with XML specials,
 *   Spanish letters and an astral character, trimmed, at the limit about one time in five.
 * - {@link defectiveSiiRecordArb}: a valid record with ONE deliberate defect, as
 *   {@link SiiDefect}`{ report, code, param, defect }`: `siiRecordIssues` must report an issue with
 *   that `code` at that `param` (possibly among others), and `buildSiiMessage` must give no XML.
 *   {@link SII_DEFECTS} lists the defect names; {@link siiDefectArb}`(name)` gives one kind.
 *
 * Every amount is built from an integer count of cents (bigint), never from a JS float.
 */
import * as fc from 'fast-check';
import { COUNTRIES } from '../codelists/countries.js';
import type { ErrorCode } from '../errors/catalog.js';
import {
  SII_COMMUNICATION_TYPES,
  SII_EXEMPTION_REASONS,
  SII_MEMBER_STATES,
  SII_PAYMENT_METHODS,
  SII_PERIODS,
  SII_PROPERTY_SITUATIONS,
} from '../model/siiCodes.js';
import {
  SII_BOOK_TYPES,
  type SiiBookType,
  type SiiTaxBreakdown,
  type SiiTaxReportCreate,
} from '../model/siiTaxReport.js';
import { isReverseCharge } from '../sii/build/desglose.js';
import type { SiiMessageKind, SiiTitular } from '../sii/message.js';
import { unitsToDecimal } from './decimal.js';
import { validSpanishTinArb } from './spanishTin.js';

type Report = SiiTaxReportCreate;
type Row = SiiTaxBreakdown;

// -------------------------------------------------------------------------------------------------
// Building blocks
// -------------------------------------------------------------------------------------------------

/** One code point each: letters, digits, Spanish letters, XML specials, space, an astral character. */
const TEXT_UNITS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'áéíóúñÑüÜçÇ€ºª',
  '&',
  '<',
  '>',
  '"',
  "'",
  ' ',
  '-',
  '/',
  '.',
  ',',
  '😀',
];
const NON_SPACE_UNITS = TEXT_UNITS.filter((unit) => unit !== ' ');

/**
 * A text of `min`–`max` characters (code points, as the XSD counts them) that starts and ends with a
 * non-space character; at the limit `max` about one time in five.
 *
 * @example
 * ```ts
 * // My SII writer counts characters as the XSD does (code points, not UTF-16 units):
 * fc.assert(fc.property(siiTextArb(1, 120), (name) => myFitsNombreRazon(name)));
 * ```
 */
export function siiTextArb(min: number, max: number): fc.Arbitrary<string> {
  const length = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 30) }) },
    { weight: 1, arbitrary: fc.constant(max) },
  );
  return length.chain((n) =>
    fc
      .tuple(
        fc.constantFrom(...NON_SPACE_UNITS),
        fc.array(fc.constantFrom(...TEXT_UNITS), {
          minLength: Math.max(0, n - 2),
          maxLength: Math.max(0, n - 2),
        }),
        fc.constantFrom(...NON_SPACE_UNITS),
      )
      .map(([first, middle, last]) => (n === 1 ? first : first + middle.join('') + last)),
  );
}

/** Cents with at most `digits` integer digits (smaller magnitudes as likely as large ones). */
function centsArb(digits: number, signed = false): fc.Arbitrary<bigint> {
  return fc
    .integer({ min: 0, max: digits })
    .chain((integerDigits) =>
      fc
        .bigInt({ min: 0n, max: 10n ** BigInt(integerDigits + 2) - 1n })
        .chain((cents) => (signed ? fc.constantFrom(cents, -cents) : fc.constant(cents))),
    );
}

/** Cents as an amount string: 2 decimals, or fewer when they are zeros (`100`, `100.5`, `100.50`). */
function spellCents(cents: bigint): fc.Arbitrary<string> {
  const options = [unitsToDecimal(cents, 2)];
  if (cents % 10n === 0n) options.push(unitsToDecimal(cents / 10n, 1));
  if (cents % 100n === 0n) options.push(unitsToDecimal(cents / 100n, 0));
  return fc.constantFrom(...options);
}

/** `round(base × rate / 100)` in cents, half away from zero (rate in hundredths of a percent). */
function taxOf(baseCents: bigint, rateHundredths: bigint): bigint {
  const product = baseCents * rateHundredths;
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 5_000n) / 10_000n;
  return negative ? -rounded : rounded;
}

/** A rate in hundredths of a percent, spelt as `Tipo2.2Type` (`21`, `21.0`, `21.00`, `5.2`, …). */
function spellRate(hundredths: bigint): fc.Arbitrary<string> {
  return spellCents(hundredths);
}

/** VAT rates AEAT accepts (sii.md §8), hundredths of a percent. */
const VAT_RATES = [0n, 400n, 1000n, 2100n, 500n, 200n, 750n];
/** Recargo rates (sii.md §4.6). */
const SURCHARGE_RATES = [520n, 140n, 50n, 175n];
/** Issued-invoice regime keys without 12 and 13 (those need DatosInmueble). */
const ISSUED_KEYS = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '14',
  '15',
  '16',
  '17',
] as const;
/** Received-invoice regime keys (sii.md §4.3). */
const RECEIVED_KEYS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '12', '13', '14'] as const;
/** ISO countries AEAT's CountryType2 lists (without ES, for IDOtro). */
const SII_COUNTRIES = COUNTRIES.map((country) => country.code).filter(
  (code) => !['AX', 'BL', 'EH', 'GF', 'GP', 'MF', 'MQ', 'RE', 'SJ', 'ES'].includes(code),
);
/** EU member states and their VAT prefixes. */
const EU = SII_MEMBER_STATES.filter((code) => code !== 'GB' && code !== 'ES');

const isoDateArb = fc
  .record({
    year: fc.integer({ min: 2017, max: 2030 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);

/** A NIF that does not start with N (foreign entities, which AEAT treats like IDOtro, sii.md §5). */
const domesticNifArb = validSpanishTinArb()
  .map((nif) => nif.tin)
  .filter((tin) => !tin.startsWith('N'));

/**
 * A valid titular: `NombreRazon` 1–120 characters, a NIF, sometimes a representative's NIF.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(siiTitularArb, validSiiRecordArb('Expedida'), (titular, record) => {
 *   const message = { book_type: 'Expedida', kind: 'alta', titular, communication_type: record.communication_type ?? null, records: [record] };
 *   expect(buildSiiMessage(message).success).toBe(true);
 * }));
 * ```
 */
export const siiTitularArb: fc.Arbitrary<SiiTitular> = fc.record({
  name: siiTextArb(1, 120),
  nif: validSpanishTinArb().map((nif) => nif.tin),
  representative_nif: fc.option(domesticNifArb, { nil: null }),
});

/** The header fields of a book with `CabeceraSii`. */
const headerArb = fc.record({
  type: fc.constant('SiiDocument' as const),
  communication_type: fc.constantFrom(...SII_COMMUNICATION_TYPES),
  period_year: fc.integer({ min: 2017, max: 2030 }),
  period: fc.constantFrom(...SII_PERIODS),
});

/** The party identification fields of a role, as a partial report. */
type PartyPrefix = 'customer' | 'supplier';

/** How a party is identified: by NIF (optionally one starting with N) or by IDOtro of a scheme. */
type PartyKind = 'nif' | 'nif_n' | '02' | '03' | '04' | '05' | '06' | '07';

function partyArb(role: PartyPrefix, kinds: readonly PartyKind[]): fc.Arbitrary<Partial<Report>> {
  const fields = (
    name: string,
    taxId: string,
    scheme: string | null,
    country: string | null,
  ): Partial<Report> =>
    ({
      [`${role}_party_name`]: name,
      [`${role}_party_tax_id`]: taxId,
      [`${role}_party_tax_scheme`]: scheme,
      [`${role}_party_country`]: country,
    }) as Partial<Report>;
  return fc.constantFrom(...kinds).chain((kind): fc.Arbitrary<Partial<Report>> => {
    const name = siiTextArb(1, 120);
    if (kind === 'nif' || kind === 'nif_n')
      return fc
        .tuple(
          name,
          kind === 'nif'
            ? domesticNifArb
            : validSpanishTinArb({ kind: 'cif' }).map((nif) => `N${nif.tin.slice(1)}`),
          fc.constantFrom('9920', null),
          fc.constantFrom('ES', null),
        )
        .map(([partyName, tin, scheme, country]) => fields(partyName, tin, scheme, country));
    if (kind === '02')
      return fc
        .tuple(name, fc.constantFrom(...EU), fc.stringMatching(/^[0-9A-Z]{2,12}$/), fc.boolean())
        .map(([partyName, country, number, explicit]) =>
          // Without a scheme, an EU country defaults to 02 (sii.md §3).
          fields(partyName, `${country === 'GR' ? 'EL' : country}${number}`, explicit ? '02' : null, country),
        );
    return fc
      .tuple(name, fc.option(fc.constantFrom(...SII_COUNTRIES), { nil: null }), siiTextArb(1, 20))
      .map(([partyName, country, id]) => fields(partyName, id, kind, country));
  });
}

// -------------------------------------------------------------------------------------------------
// Breakdown rows
// -------------------------------------------------------------------------------------------------

/** A generated row and what it adds to `ImporteTotal`, in cents. */
interface GeneratedRow {
  row: Row;
  total: bigint;
}

/** A subject, not exempt row: rate, base, cuota = base × rate rounded, optional recargo. */
function subjectRowArb(options: {
  operation: 'goods' | 'services' | null;
  baseDigits: number;
  signed: boolean;
  surcharge: boolean;
  codes: readonly ('S1' | 'S2')[];
  reverseCharge?: boolean;
}): fc.Arbitrary<GeneratedRow> {
  return fc
    .record({
      code: fc.constantFrom(...options.codes),
      rate: fc.constantFrom(...VAT_RATES),
      base: centsArb(options.baseDigits, options.signed),
      surchargeRate: options.surcharge
        ? fc.option(fc.constantFrom(...SURCHARGE_RATES), { nil: null })
        : fc.constant(null),
    })
    .chain(({ code, rate, base, surchargeRate }) => {
      const tax = taxOf(base, rate);
      const surcharge = surchargeRate === null ? null : taxOf(base, surchargeRate);
      return fc
        .record({
          percent: spellRate(rate),
          taxable_base: spellCents(base),
          tax_amount: spellCents(tax),
          surcharge_percent: surchargeRate === null ? fc.constant(null) : spellRate(surchargeRate),
          surcharge_amount: surcharge === null ? fc.constant(null) : spellCents(surcharge),
        })
        .map((amounts) => ({
          row: {
            operation_type: options.operation,
            non_exemption_code: code,
            ...(options.reverseCharge === undefined ? {} : { reverse_charge: options.reverseCharge }),
            ...amounts,
          } as Row,
          total: base + tax + (surcharge ?? 0n),
        }));
    });
}

/** An exempt row (cause E1–E6). */
function exemptRowArb(operation: 'goods' | 'services' | null, baseDigits: number, signed: boolean) {
  return fc
    .record({ reason: fc.constantFrom(...SII_EXEMPTION_REASONS), base: centsArb(baseDigits, signed) })
    .chain(({ reason, base }) =>
      spellCents(base).map((taxable_base) => ({
        row: { operation_type: operation, reason_vat_exempt: reason, taxable_base } as Row,
        total: base,
      })),
    );
}

/** A not-subject row (N1 or N2). */
function notSubjectRowArb(operation: 'goods' | 'services' | null, baseDigits: number, signed: boolean) {
  return fc
    .record({ reason: fc.constantFrom('N1' as const, 'N2' as const), base: centsArb(baseDigits, signed) })
    .chain(({ reason, base }) =>
      spellCents(base).map((taxable_base) => ({
        row: { operation_type: operation, reason_no_subject: reason, taxable_base } as Row,
        total: base,
      })),
    );
}

/** The rows of one issued-invoice block: ≤ 6 subject, ≤ 7 exempt, ≤ 3 not subject. */
function blockRowsArb(
  operation: 'goods' | 'services' | null,
  baseDigits: number,
  signed: boolean,
  maxRows: { subject: number; exempt: number; notSubject: number },
): fc.Arbitrary<GeneratedRow[]> {
  return fc
    .tuple(
      fc.array(
        subjectRowArb({
          operation,
          baseDigits,
          signed,
          surcharge: operation !== 'services',
          codes: ['S1', 'S2'],
        }),
        { maxLength: maxRows.subject },
      ),
      fc.array(exemptRowArb(operation, baseDigits, signed), { maxLength: maxRows.exempt }),
      fc.array(notSubjectRowArb(operation, baseDigits, signed), { maxLength: maxRows.notSubject }),
    )
    .map(([subject, exempt, notSubject]) => [...subject, ...exempt, ...notSubject])
    .chain((rows) => fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }));
}

/** Issued-invoice rows: invoice-level (`DesgloseFactura`) or split by operation type; at least one. */
function issuedRowsArb(
  split: boolean,
  baseDigits: number,
  signed: boolean,
  small: boolean,
): fc.Arbitrary<GeneratedRow[]> {
  const limits = small ? { subject: 3, exempt: 3, notSubject: 2 } : { subject: 6, exempt: 7, notSubject: 3 };
  const rows = split
    ? fc
        .tuple(
          blockRowsArb('goods', baseDigits, signed, limits),
          blockRowsArb('services', baseDigits, signed, limits),
        )
        .map(([goods, services]) => [...goods, ...services])
    : blockRowsArb(null, baseDigits, signed, limits);
  return rows.filter((list) => list.length > 0);
}

/** `ImporteTotal` for a computed sum: exact, off by up to ±10 €, or absent. */
function totalArb(sum: bigint, allowOff: boolean): fc.Arbitrary<string | null> {
  const exact = spellCents(sum);
  if (!allowOff) return exact;
  return fc.oneof(
    { weight: 4, arbitrary: exact },
    {
      weight: 1,
      arbitrary: fc.bigInt({ min: -1000n, max: 1000n }).map((delta) => unitsToDecimal(sum + delta, 2)),
    },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

// -------------------------------------------------------------------------------------------------
// Books
// -------------------------------------------------------------------------------------------------

const ISSUED_TYPES = ['F1', 'F2', 'F3', 'F4', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;

/** Corrective fields for a type (R1–R5): the method, corrected invoices, substitution amounts. */
function correctiveArb(type: string): fc.Arbitrary<Partial<Report>> {
  if (!type.startsWith('R')) return fc.constant({});
  return fc
    .record({
      corrective_type: fc.constantFrom('I' as const, 'S' as const),
      corrected_invoices: fc.array(fc.record({ number: siiTextArb(1, 60), date: isoDateArb }), {
        maxLength: 2,
      }),
    })
    .chain((fields) =>
      fields.corrective_type === 'S'
        ? fc
            .tuple(centsArb(9, true).chain(spellCents), centsArb(9, true).chain(spellCents))
            .map(([base, tax]) => ({ ...fields, corrected_taxable_base: base, corrected_tax_amount: tax }))
        : fc.constant(fields),
    );
}

/** A valid `Expedida` record (see the module comment). */
const expedidaArb: fc.Arbitrary<Report> = fc.constantFrom(...ISSUED_TYPES).chain((type) => {
  const withCounterparty = ['F1', 'F3', 'R1', 'R2', 'R3', 'R4'].includes(type);
  const partyKinds: PartyKind[] =
    type === 'R2' || type === 'R3'
      ? ['nif']
      : type === 'F1' || type === 'R1' || type === 'R4'
        ? ['nif', 'nif', 'nif_n', '02', '03', '04', '05', '06', '07']
        : ['nif', 'nif', 'nif_n', '03', '04', '05', '06', '07'];
  const party = withCounterparty
    ? partyArb('customer', partyKinds)
    : fc.option(partyArb('customer', partyKinds), { nil: {} as Partial<Report> }); // F2, F4, R5: omitted by the builder
  return fc
    .record({
      header: headerArb,
      party,
      corrective: correctiveArb(type),
      key: fc.constantFrom(...ISSUED_KEYS),
      additional: fc.array(fc.constantFrom(...ISSUED_KEYS), { maxLength: 2 }),
      number: siiTextArb(1, 60),
      date: isoDateArb,
      description: siiTextArb(1, 500),
      splitChoice: fc.boolean(),
    })
    .chain((parts) => {
      const taxId = String(parts.party.customer_party_tax_id ?? '');
      const foreign =
        withCounterparty &&
        (parts.party.customer_party_tax_scheme !== undefined &&
        parts.party.customer_party_tax_scheme !== null &&
        parts.party.customer_party_tax_scheme !== '9920'
          ? true
          : (parts.party.customer_party_country ?? 'ES') !== 'ES' || taxId.startsWith('N'));
      const split = type === 'R2' || type === 'R3' ? false : foreign || parts.splitChoice;
      const signed = parts.corrective.corrective_type === 'I' || type === 'R5';
      const small = type === 'F2';
      return issuedRowsArb(split, small ? 2 : 9, signed, small).chain((rows) => {
        const sum = rows.reduce((acc, generated) => acc + generated.total, 0n);
        const keys = [parts.key, ...parts.additional];
        const noTotalCheck = keys.some((key) => ['03', '05', '06', '09'].includes(key));
        return totalArb(sum, !noTotalCheck && type !== 'F2').map(
          (total): Report => ({
            ...parts.header,
            book_type: 'Expedida',
            invoice_number: parts.number,
            invoice_date: parts.date,
            invoice_type_code: type,
            ...parts.corrective,
            special_regime_key: parts.key,
            additional_special_regime_keys: parts.additional,
            description: parts.description,
            tax_inclusive_amount: total,
            ...parts.party,
            tax_breakdowns: rows.map((generated) => generated.row),
          }),
        );
      });
    });
});

/** Received-invoice rows: ≤ 6 reverse-charge, ≤ 6 others (subject with optional recargo, or base only). */
const receivedRowsArb: fc.Arbitrary<GeneratedRow[]> = fc
  .tuple(
    fc.array(
      subjectRowArb({
        operation: null,
        baseDigits: 9,
        signed: true,
        surcharge: false,
        codes: ['S1', 'S2'],
        reverseCharge: true,
      }),
      {
        maxLength: 3,
      },
    ),
    fc.array(
      fc.oneof(
        {
          weight: 3,
          arbitrary: subjectRowArb({
            operation: null,
            baseDigits: 9,
            signed: true,
            surcharge: true,
            codes: ['S1'],
          }),
        },
        { weight: 1, arbitrary: exemptRowArb(null, 9, true) },
        { weight: 1, arbitrary: notSubjectRowArb(null, 9, true) },
      ),
      { maxLength: 6 },
    ),
  )
  .map(([reverse, other]) => [...reverse, ...other])
  .filter((rows) => rows.length > 0);

/** A valid `Recibida` record. */
const recibidaArb: fc.Arbitrary<Report> = fc
  .record({
    header: headerArb,
    supplier: partyArb('supplier', ['nif', 'nif_n', '02', '03', '04', '05', '06', '07']),
    type: fc.constantFrom('F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'LC', 'R1', 'R4', 'R5'),
    key: fc.constantFrom(...RECEIVED_KEYS),
    number: siiTextArb(1, 60),
    date: isoDateArb,
    accounting: isoDateArb,
    description: siiTextArb(1, 500),
    rows: receivedRowsArb,
    deductible: centsArb(9, true).chain(spellCents),
  })
  .chain((parts) =>
    fc
      .tuple(
        correctiveArb(parts.type),
        totalArb(
          parts.rows.reduce((acc, row) => acc + row.total, 0n),
          false,
        ),
      )
      .map(
        ([corrective, total]): Report => ({
          ...parts.header,
          book_type: 'Recibida',
          ...parts.supplier,
          invoice_number: parts.number,
          invoice_date: parts.date,
          invoice_type_code: parts.type as Report['invoice_type_code'],
          ...corrective,
          special_regime_key: parts.key,
          description: parts.description,
          tax_inclusive_amount: total,
          tax_breakdowns: parts.rows.map((row) => row.row),
          accounting_date: parts.accounting,
          deductible_tax_amount: parts.deductible,
        }),
      ),
  );

/** A valid `Inversion` record. */
const inversionArb: fc.Arbitrary<Report> = fc
  .record({
    header: headerArb,
    supplier: partyArb('supplier', ['nif', '02', '04', '06']),
    number: siiTextArb(1, 60),
    date: isoDateArb,
    identification: siiTextArb(1, 40),
    start: isoDateArb,
    proration: fc.bigInt({ min: 0n, max: 10_000n }).chain(spellRate),
    regularization: fc.option(centsArb(9, true).chain(spellCents), { nil: null }),
  })
  .map((parts) => ({
    ...parts.header,
    book_type: 'Inversion' as const,
    ...parts.supplier,
    invoice_number: parts.number,
    invoice_date: parts.date,
    capital_good: {
      identification: parts.identification,
      start_date: parts.start,
      annual_proration: parts.proration,
      annual_regularization: parts.regularization,
    },
  }));

/** A valid `Intracomunitaria` record. */
const intracomunitariaArb: fc.Arbitrary<Report> = fc
  .record({
    header: headerArb,
    supplier: partyArb('supplier', ['nif', '02', '04']),
    customer: partyArb('customer', ['nif', '02', '03']),
    number: siiTextArb(1, 60),
    date: isoDateArb,
    operation: fc.record({
      operation_key: fc.constantFrom('A' as const, 'B' as const),
      declared_key: fc.constantFrom('D' as const, 'R' as const),
      member_state: fc.constantFrom(...SII_MEMBER_STATES),
      term_days: fc.option(fc.integer({ min: 0, max: 999 }), { nil: null }),
      goods_description: siiTextArb(1, 40),
      operator_address: siiTextArb(1, 120),
      documentation: fc.option(siiTextArb(1, 150), { nil: null }),
    }),
  })
  .map((parts) => ({
    ...parts.header,
    book_type: 'Intracomunitaria' as const,
    ...parts.supplier,
    ...parts.customer,
    invoice_number: parts.number,
    invoice_date: parts.date,
    intra_community_operation: parts.operation,
  }));

/** A valid record of a counterparty book (`Metalico`, `Seguros`, `AgenciasViajes`). */
function counterpartyBookArb(book: 'Metalico' | 'Seguros' | 'AgenciasViajes'): fc.Arbitrary<Report> {
  return fc
    .record({
      header: headerArb,
      customer: partyArb('customer', ['nif', 'nif_n', '02', '03', '04', '05', '06', '07']),
      total: centsArb(12, true).chain(spellCents),
      key: fc.constantFrom('A' as const, 'B' as const),
    })
    .map((parts) => ({
      ...parts.header,
      ...(book === 'Metalico' ? { period: '0A' as const } : {}),
      book_type: book,
      ...parts.customer,
      tax_inclusive_amount: parts.total,
      ...(book === 'Seguros' ? { insurance_operation_key: parts.key } : {}),
    }));
}

/** Collections or payments: 1–4, account ≤ 34 sometimes. */
const paymentsArb = fc.array(
  fc.record({
    date: isoDateArb,
    amount: centsArb(12, true).chain(spellCents),
    method: fc.constantFrom(...SII_PAYMENT_METHODS),
    account: fc.option(siiTextArb(1, 34), { nil: null }),
  }),
  { minLength: 1, maxLength: 4 },
);

/** A valid `CobrosEmitidas` record. */
const cobrosEmitidasArb: fc.Arbitrary<Report> = fc
  .record({ number: siiTextArb(1, 60), date: isoDateArb, payments: paymentsArb })
  .map((parts) => ({
    type: 'SiiDocument' as const,
    book_type: 'CobrosEmitidas' as const,
    invoice_number: parts.number,
    invoice_date: parts.date,
    payments: parts.payments,
  }));

/** A valid `PagosRecibidas` record. */
const pagosRecibidasArb: fc.Arbitrary<Report> = fc
  .record({
    supplier: partyArb('supplier', ['nif', '02', '04', '06']),
    number: siiTextArb(1, 60),
    date: isoDateArb,
    payments: paymentsArb,
  })
  .map((parts) => ({
    type: 'SiiDocument' as const,
    book_type: 'PagosRecibidas' as const,
    ...parts.supplier,
    invoice_number: parts.number,
    invoice_date: parts.date,
    payments: parts.payments,
  }));

/** An amount spelt with 0, 1 or 2 decimals. */
const amountArb = centsArb(12, true).chain(spellCents);

/** `EntidadSucedida`: a name and a NIF. */
const successorArb = fc.record({ name: siiTextArb(1, 120), tax_id: domesticNifArb });

/**
 * The elements of SuministroLR.xsd 1.1 that fiscalkit models since issue #18 item 17, as a record of
 * `book` may carry them, each present or not: references, dates, flags, the successor entity, the
 * representatives, properties, the cost base and the amounts a message may hold besides the breakdown.
 */
function schemaExtrasArb(book: SiiBookType): fc.Arbitrary<Partial<Report>> {
  const invoice = {
    last_invoice_number: siiTextArb(1, 60),
    grouped_invoices: fc.array(fc.record({ number: siiTextArb(1, 60), date: isoDateArb }), {
      minLength: 1,
      maxLength: 3,
    }),
    corrected_surcharge_amount: amountArb,
    operation_date: isoDateArb,
    billing_agreement_number: siiTextArb(1, 15),
    cost_taxable_base: amountArb,
    external_reference: siiTextArb(1, 60),
    qualified_simplified_invoice: fc.boolean(),
    successor_entity: successorArb,
    prior_registration: fc.boolean(),
  };
  const none = { requiredKeys: [] as never[] };
  switch (book) {
    case 'Expedida':
      return fc.record(
        {
          ...invoice,
          properties: fc.array(
            fc.record(
              {
                situation: fc.constantFrom(...SII_PROPERTY_SITUATIONS),
                cadastral_reference: siiTextArb(1, 25),
              },
              { requiredKeys: ['situation'] },
            ),
            { minLength: 1, maxLength: 3 },
          ),
          property_transfer_amount: amountArb,
          issued_by_third_party: fc.boolean(),
          gas_market_billing: fc.boolean(),
          multiple_recipients: fc.boolean(),
          coupon: fc.boolean(),
          recipient_not_identified: fc.boolean(),
          customer_party_representative_nif: domesticNifArb,
        },
        none,
      );
    case 'Recibida':
      return fc.record(
        {
          ...invoice,
          supplier_party_representative_nif: domesticNifArb,
          deduct_in_later_period: fc.boolean(),
          deduction_year: fc.integer({ min: 2017, max: 2030 }),
          deduction_period: fc.constantFrom(...SII_PERIODS),
        },
        none,
      );
    case 'Inversion':
      return fc.record(
        {
          external_reference: siiTextArb(1, 60),
          billing_agreement_number: siiTextArb(1, 15),
          successor_entity: successorArb,
        },
        none,
      );
    case 'Intracomunitaria':
      return fc.record(
        {
          external_reference: siiTextArb(1, 60),
          billing_agreement_number: siiTextArb(1, 15),
          successor_entity: successorArb,
          prior_registration: fc.boolean(),
          customer_party_representative_nif: domesticNifArb,
        },
        none,
      );
    case 'Metalico':
    case 'Seguros':
    case 'AgenciasViajes':
      return fc.record(
        { successor_entity: successorArb, customer_party_representative_nif: domesticNifArb },
        none,
      );
    default:
      return fc.constant({});
  }
}

/**
 * A record with the modelled schema elements of issue #18 item 17 added ({@link schemaExtrasArb}),
 * and for the books that have them the row- and good-level ones: a received row's REAGYP compensation
 * (not on a reverse-charge row: `DetalleIVARecibida2Type` has none) and `BienInversion`, a capital
 * good's delivery and the regularisation made.
 */
function withSchemaExtras(book: SiiBookType, records: fc.Arbitrary<Report>): fc.Arbitrary<Report> {
  const rowExtras = fc.record(
    {
      compensation_percent: fc.bigInt({ min: 0n, max: 99_999n }).chain(spellRate),
      compensation_amount: amountArb,
      investment_good: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  const goodExtras = fc.record(
    { delivery_identification: siiTextArb(1, 40), regularization_made: amountArb },
    { requiredKeys: [] },
  );
  return fc
    .tuple(records, schemaExtrasArb(book), fc.array(rowExtras, { minLength: 7, maxLength: 7 }), goodExtras)
    .map(([record, extras, rows, good]) => {
      const extended: Report = { ...record, ...extras };
      if (book === 'Recibida' && record.tax_breakdowns !== null && record.tax_breakdowns !== undefined)
        extended.tax_breakdowns = record.tax_breakdowns.map((row, index) => {
          // money-safe: a row index, cycling over the seven row extras.
          const more = rows[index % rows.length] ?? {};
          if (!isReverseCharge(row)) return { ...row, ...more };
          const { investment_good } = more;
          return investment_good === undefined ? row : { ...row, investment_good };
        });
      if (book === 'Inversion' && record.capital_good !== null && record.capital_good !== undefined)
        extended.capital_good = { ...record.capital_good, ...good };
      return extended;
    });
}

/**
 * Valid records of each book (see the module comment), by book.
 *
 * @example
 * ```ts
 * // My SII pipeline accepts every record fiscalkit accepts, in every book:
 * for (const [book, records] of Object.entries(VALID_SII_RECORD_ARBS))
 *   fc.assert(fc.property(records, (record) => {
 *     expect(siiRecordIssues(record)).toEqual([]);
 *     expect(mySiiValidator(book, record).ok).toBe(true);
 *   }), { numRuns: 100 });
 * ```
 */
export const VALID_SII_RECORD_ARBS: Readonly<Record<SiiBookType, fc.Arbitrary<Report>>> = {
  Expedida: withSchemaExtras('Expedida', expedidaArb),
  Recibida: withSchemaExtras('Recibida', recibidaArb),
  Inversion: withSchemaExtras('Inversion', inversionArb),
  Intracomunitaria: withSchemaExtras('Intracomunitaria', intracomunitariaArb),
  Metalico: withSchemaExtras('Metalico', counterpartyBookArb('Metalico')),
  CobrosEmitidas: cobrosEmitidasArb,
  PagosRecibidas: pagosRecibidasArb,
  Seguros: withSchemaExtras('Seguros', counterpartyBookArb('Seguros')),
  AgenciasViajes: withSchemaExtras('AgenciasViajes', counterpartyBookArb('AgenciasViajes')),
};

/**
 * Valid records of one book (`SII_BOOK_TYPES`): `siiRecordIssues` finds nothing, and the XML
 * of `buildSiiMessage` validates against the AEAT schemas.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(validSiiRecordArb('Recibida'), (record) => {
 *   expect(siiRecordIssues(record)).toEqual([]);
 *   expect(myDeductibleVat(record)).toBe(record.deductible_tax_amount);
 * }));
 * ```
 */
export function validSiiRecordArb(book: SiiBookType): fc.Arbitrary<Report> {
  return VALID_SII_RECORD_ARBS[book];
}

/**
 * Valid records of any book (Expedida and Recibida more often).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(anyValidSiiRecordArb, (record) => siiRecordIssues(record).length === 0));
 * ```
 */
export const anyValidSiiRecordArb: fc.Arbitrary<Report> = fc.oneof(
  { weight: 3, arbitrary: expedidaArb },
  { weight: 2, arbitrary: recibidaArb },
  ...SII_BOOK_TYPES.filter((book) => book !== 'Expedida' && book !== 'Recibida').map((book) => ({
    weight: 1,
    arbitrary: VALID_SII_RECORD_ARBS[book],
  })),
);

/**
 * The books that have an annulment (baja) message (sii.md §2): every book but `CobrosEmitidas` and
 * `PagosRecibidas`.
 *
 * @example
 * ```ts
 * SII_BAJA_BOOK_TYPES.includes('PagosRecibidas'); // false
 * ```
 */
export const SII_BAJA_BOOK_TYPES: readonly SiiBookType[] = SII_BOOK_TYPES.filter(
  (book) => book !== 'CobrosEmitidas' && book !== 'PagosRecibidas',
);

/**
 * `alta`, or `baja` for a book that has an annulment message.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(siiTitularArb, validSiiRecordArb('Seguros'), siiMessageKindArb('Seguros'), (titular, record, kind) =>
 *   buildSiiMessage({ book_type: 'Seguros', kind, titular, communication_type: record.communication_type ?? null, records: [record] }).success,
 * ));
 * ```
 */
export function siiMessageKindArb(book: SiiBookType): fc.Arbitrary<SiiMessageKind> {
  return SII_BAJA_BOOK_TYPES.includes(book)
    ? fc.constantFrom('alta' as const, 'baja' as const)
    : fc.constant('alta' as const);
}

// -------------------------------------------------------------------------------------------------
// Defects
// -------------------------------------------------------------------------------------------------

/** A record with one deliberate defect, and where `siiRecordIssues` must report it. */
export interface SiiDefect {
  /** The defective record. */
  report: Report;
  /** The catalog code expected. */
  code: ErrorCode;
  /** The param expected (as on the wire). */
  param: string;
  /** The defect's name (one of {@link SII_DEFECTS}). */
  defect: string;
}

/** A valid record of `book` narrowed by `accept`, turned into a defect. */
function defect(
  name: string,
  records: fc.Arbitrary<Report>,
  make: (report: Report) => fc.Arbitrary<Omit<SiiDefect, 'defect'>> | Omit<SiiDefect, 'defect'>,
): fc.Arbitrary<SiiDefect> {
  return records.chain((report) => {
    const made = make(report);
    const arbitrary = made instanceof fc.Arbitrary ? made : fc.constant(made);
    return arbitrary.map((result) => ({ ...result, defect: name }));
  });
}

/** A generated amount string (at most 2 decimals) as cents; absent is zero. */
function centsOfText(text: string | null | undefined): bigint {
  if (text === null || text === undefined) return 0n;
  const negative = text.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const cents = BigInt(integer) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

const rowsOf = (report: Report): Row[] => [...(report.tax_breakdowns ?? [])];

/** Expedida records of the given types with a NIF customer. */
const expedidaOf = (types: readonly string[]) =>
  expedidaArb.filter((report) => types.includes(report.invoice_type_code ?? ''));
const withNifCustomer = expedidaOf(['F1', 'F3', 'R1', 'R4']).filter(
  (report) =>
    (report.customer_party_tax_scheme ?? '9920') === '9920' &&
    (report.customer_party_country ?? 'ES') === 'ES',
);
/** Expedida records with an invoice-level breakdown and a written customer identified by a NIF not starting with N. */
const invoiceLevel = expedidaOf(['F1', 'R1', 'R4']).filter(
  (report) =>
    rowsOf(report).every((row) => row.operation_type === null || row.operation_type === undefined) &&
    (report.customer_party_tax_scheme ?? '9920') === '9920' &&
    (report.customer_party_country ?? 'ES') === 'ES' &&
    !String(report.customer_party_tax_id).startsWith('N'),
);
const totalChecked = (report: Report) =>
  ![report.special_regime_key, ...(report.additional_special_regime_keys ?? [])].some((key) =>
    ['03', '05', '06', '09'].includes(key ?? ''),
  );

const DEFECTS: Record<string, fc.Arbitrary<SiiDefect>> = {
  'nif-es-prefix': defect('nif-es-prefix', withNifCustomer, (report) => ({
    report: { ...report, customer_party_tax_id: `ES${report.customer_party_tax_id}` },
    code: 'parameter_invalid',
    param: 'customer_party_tax_id',
  })),
  'amount-3-decimals': defect('amount-3-decimals', expedidaArb, (report) => ({
    report: {
      ...report,
      tax_breakdowns: rowsOf(report).map((row, i) => (i === 0 ? { ...row, taxable_base: '12.345' } : row)),
    },
    code: 'parameter_invalid',
    param: 'tax_breakdowns[0].taxable_base',
  })),
  'amount-13-digits': defect('amount-13-digits', VALID_SII_RECORD_ARBS.Metalico, (report) => ({
    report: { ...report, tax_inclusive_amount: '1234567890123.00' },
    code: 'parameter_invalid',
    param: 'tax_inclusive_amount',
  })),
  'too-many-vat-lines': defect('too-many-vat-lines', invoiceLevel, (report) => ({
    report: {
      ...report,
      tax_inclusive_amount: null,
      tax_breakdowns: [
        ...rowsOf(report).filter((row) => row.non_exemption_code === undefined),
        ...Array.from({ length: 7 }, () => ({
          non_exemption_code: 'S1' as const,
          percent: '21',
          taxable_base: '100',
          tax_amount: '21',
        })),
      ],
    },
    code: 'parameter_invalid',
    param: 'tax_breakdowns',
  })),
  'too-many-exempt-lines': defect('too-many-exempt-lines', invoiceLevel, (report) => ({
    report: {
      ...report,
      tax_inclusive_amount: null,
      tax_breakdowns: [
        ...rowsOf(report).filter((row) => row.reason_vat_exempt === undefined),
        ...Array.from({ length: 8 }, () => ({ reason_vat_exempt: 'E1' as const, taxable_base: '10.00' })),
      ],
    },
    code: 'parameter_invalid',
    param: 'tax_breakdowns',
  })),
  'mixed-breakdown': defect('mixed-breakdown', invoiceLevel, (report) => ({
    report: {
      ...report,
      tax_inclusive_amount: null,
      tax_breakdowns: [
        ...rowsOf(report),
        { operation_type: 'services', reason_no_subject: 'N2', taxable_base: '1.00' },
      ],
    },
    code: 'parameter_invalid',
    param: 'tax_breakdowns',
  })),
  'surcharge-on-services': defect('surcharge-on-services', expedidaOf(['F1', 'F3']), (report) => ({
    report: {
      ...report,
      customer_party_tax_scheme: '04',
      customer_party_country: 'US',
      tax_inclusive_amount: null,
      tax_breakdowns: [
        ...rowsOf(report).map((row) => ({
          ...row,
          operation_type: row.operation_type ?? ('goods' as const),
        })),
        {
          operation_type: 'services',
          non_exemption_code: 'S1',
          percent: '21',
          taxable_base: '200',
          tax_amount: '42',
          surcharge_percent: '5.2',
          surcharge_amount: '10.40',
        },
      ],
    },
    code: 'parameter_invalid',
    param: `tax_breakdowns[${rowsOf(report).length}].surcharge_percent`,
  })),
  'period-13': defect('period-13', expedidaArb, (report) => ({
    report: { ...report, period: '13' as Report['period'] },
    code: 'parameter_inclusion',
    param: 'period',
  })),
  'total-off': defect(
    'total-off',
    expedidaOf(['F1', 'F3', 'F4', 'R1', 'R2', 'R3', 'R4']).filter(totalChecked),
    (report) => ({
      report: {
        ...report,
        // The exact sum of the breakdown, plus 10.01 €.
        tax_inclusive_amount: unitsToDecimal(
          rowsOf(report).reduce(
            (sum, row) =>
              sum +
              centsOfText(row.taxable_base) +
              (row.non_exemption_code === undefined
                ? 0n
                : centsOfText(row.tax_amount) + centsOfText(row.surcharge_amount)),
            0n,
          ) + 1001n,
          2,
        ),
      },
      code: 'parameter_invalid',
      param: 'tax_inclusive_amount',
    }),
  ),
  'f2-over-3000': defect('f2-over-3000', expedidaOf(['F2']), (report) => ({
    report: {
      ...report,
      tax_inclusive_amount: '3630.00',
      tax_breakdowns: [
        { non_exemption_code: 'S1', percent: '21', taxable_base: '3000.00', tax_amount: '630.00' },
      ],
    },
    code: 'parameter_invalid',
    param: 'invoice_type_code',
  })),
  'counterparty-missing': defect(
    'counterparty-missing',
    expedidaOf(['F1', 'F3', 'R1', 'R2', 'R3', 'R4']),
    (report) => ({
      report: { ...report, customer_party_tax_id: null },
      code: 'parameter_blank',
      param: 'customer_party_tax_id',
    }),
  ),
  'r2-split': defect('r2-split', expedidaOf(['R2', 'R3']), (report) => ({
    report: {
      ...report,
      tax_breakdowns: rowsOf(report).map((row) => ({
        ...row,
        operation_type: 'goods' as const,
        surcharge_amount: null,
        surcharge_percent: null,
      })),
    },
    code: 'parameter_invalid',
    param: 'tax_breakdowns',
  })),
  'r3-idotro': defect('r3-idotro', expedidaOf(['R3']), (report) => ({
    report: {
      ...report,
      customer_party_tax_scheme: '04',
      customer_party_country: 'US',
      customer_party_tax_id: 'P1234567',
    },
    code: 'parameter_invalid',
    param: 'customer_party_tax_id',
  })),
  'eu-vat-on-f3': defect('eu-vat-on-f3', expedidaOf(['F3']), (report) => ({
    report: {
      ...report,
      customer_party_tax_scheme: '02',
      customer_party_country: 'FR',
      customer_party_tax_id: 'FR12345678901',
      tax_breakdowns: rowsOf(report).map((row) => ({
        ...row,
        operation_type: row.operation_type ?? ('goods' as const),
      })),
    },
    code: 'parameter_invalid',
    param: 'customer_party_tax_scheme',
  })),
  'description-missing': defect('description-missing', fc.oneof(expedidaArb, recibidaArb), (report) => ({
    report: { ...report, description: null },
    code: 'parameter_blank',
    param: 'description',
  })),
  'description-too-long': defect('description-too-long', fc.oneof(expedidaArb, recibidaArb), (report) => ({
    report: { ...report, description: 'x'.repeat(501) },
    code: 'parameter_invalid',
    param: 'description',
  })),
  'name-too-long': defect('name-too-long', VALID_SII_RECORD_ARBS.AgenciasViajes, (report) => ({
    report: { ...report, customer_party_name: 'Ñ'.repeat(121) },
    code: 'parameter_invalid',
    param: 'customer_party_name',
  })),
  'invoice-number-too-long': defect(
    'invoice-number-too-long',
    VALID_SII_RECORD_ARBS.CobrosEmitidas,
    (report) => ({
      report: { ...report, invoice_number: '1'.repeat(61) },
      code: 'parameter_invalid',
      param: 'invoice_number',
    }),
  ),
  'id-too-long': defect('id-too-long', VALID_SII_RECORD_ARBS.Seguros, (report) => ({
    report: { ...report, customer_party_tax_scheme: '06', customer_party_tax_id: 'A'.repeat(21) },
    code: 'parameter_invalid',
    param: 'customer_party_tax_id',
  })),
  'rate-4-digits': defect('rate-4-digits', VALID_SII_RECORD_ARBS.Inversion, (report) => ({
    report: {
      ...report,
      capital_good: {
        ...(report.capital_good as NonNullable<Report['capital_good']>),
        annual_proration: '1000',
      },
    },
    code: 'parameter_invalid',
    param: 'capital_good.annual_proration',
  })),
  'unknown-book': defect('unknown-book', anyValidSiiRecordArb, (report) => ({
    report: { ...report, book_type: 'Consigna' as Report['book_type'] },
    code: 'parameter_inclusion',
    param: 'book_type',
  })),
  'accounting-date-missing': defect('accounting-date-missing', recibidaArb, (report) => ({
    report: { ...report, accounting_date: null },
    code: 'parameter_blank',
    param: 'accounting_date',
  })),
  'deductible-missing': defect('deductible-missing', recibidaArb, (report) => ({
    report: { ...report, deductible_tax_amount: null },
    code: 'parameter_blank',
    param: 'deductible_tax_amount',
  })),
  'control-character': defect('control-character', VALID_SII_RECORD_ARBS.Intracomunitaria, (report) => ({
    report: {
      ...report,
      intra_community_operation: {
        ...(report.intra_community_operation as NonNullable<Report['intra_community_operation']>),
        goods_description: 'Moldes\u0007',
      },
    },
    code: 'parameter_invalid',
    param: 'intra_community_operation.goods_description',
  })),
  'cuota-mismatch': defect('cuota-mismatch', expedidaOf(['F1', 'F3']), (report) => ({
    report: {
      ...report,
      tax_inclusive_amount: null,
      tax_breakdowns: rowsOf(report).map((row, i) =>
        i === 0
          ? {
              operation_type: row.operation_type,
              non_exemption_code: 'S1' as const,
              percent: '21',
              taxable_base: '2000.00',
              tax_amount: '400.00',
            }
          : row,
      ),
    },
    code: 'parameter_invalid',
    param: 'tax_breakdowns[0].tax_amount',
  })),
  'payment-method': defect('payment-method', VALID_SII_RECORD_ARBS.PagosRecibidas, (report) => ({
    report: {
      ...report,
      payments: (report.payments ?? []).map((payment, i) =>
        i === 0 ? { ...payment, method: '09' as never } : payment,
      ),
    },
    code: 'parameter_inclusion',
    param: 'payments[0].method',
  })),
  'metalico-period': defect('metalico-period', VALID_SII_RECORD_ARBS.Metalico, (report) => ({
    report: { ...report, period: '12' },
    code: 'parameter_invalid',
    param: 'period',
  })),
  'impossible-date': defect('impossible-date', VALID_SII_RECORD_ARBS.Recibida, (report) => ({
    report: { ...report, invoice_date: '2026-02-30' },
    code: 'parameter_invalid',
    param: 'invoice_date',
  })),
};

/**
 * The names of the defects {@link defectiveSiiRecordArb} produces.
 *
 * @example
 * ```ts
 * SII_DEFECTS.includes('nif-es-prefix'); // true
 * ```
 */
export const SII_DEFECTS: readonly string[] = Object.keys(DEFECTS);

/**
 * A record of one book with exactly one deliberate defect, and the expected `code` and `param`.
 * Every book has defects of its own (`unknown-book` breaks any).
 *
 * @example
 * ```ts
 * // My SII validator refuses every record fiscalkit refuses, at the same field:
 * fc.assert(fc.property(defectiveSiiRecordArb, ({ report, code, param }) => {
 *   expect(siiRecordIssues(report)).toContainEqual(expect.objectContaining({ code, param }));
 *   expect(mySiiValidator(report.book_type, report).ok).toBe(false);
 * }));
 * ```
 */
export const defectiveSiiRecordArb: fc.Arbitrary<SiiDefect> = fc.oneof(...Object.values(DEFECTS));

/**
 * The defect arbitrary of one name (to test one rule).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(siiDefectArb('period-13'), ({ report }) => !buildSiiMessage(messageOf(report)).success));
 * ```
 */
export function siiDefectArb(name: string): fc.Arbitrary<SiiDefect> {
  const arbitrary = DEFECTS[name];
  if (arbitrary === undefined) throw new Error(`unknown SII defect ${name}`);
  return arbitrary;
}
