/**
 * The per-record rule set of the SII builder (issue #6): everything that would stop a `SiiDocument`
 * record from becoming schema-valid SII XML (`shared/xsd/sii/SuministroLR.xsd`), plus the AEAT
 * checks beyond the schema (sii.md §8), found before any XML exists. The section builders in
 * `src/sii/build/` write values through the same predicates (`build/formats.ts`,
 * `build/identification.ts`, `build/desglose.ts`), so a record this accepts is written as checked.
 *
 * @module
 */
import { IssueCollector } from '../errors/issueCollector.js';
import type { ValidationIssue } from '../errors/validationIssue.js';
import { isIsoDate } from '../model/isoDate.js';
import {
  isSiiCountryCode,
  SII_COMMUNICATION_TYPES,
  SII_CORRECTIVE_TYPES,
  SII_EXEMPTION_REASONS,
  SII_INSURANCE_OPERATION_KEYS,
  SII_INTRA_COMMUNITY_DECLARED_KEYS,
  SII_INTRA_COMMUNITY_OPERATION_KEYS,
  SII_INVOICE_TYPE_CODES,
  SII_MEMBER_STATES,
  SII_NO_SUBJECT_REASONS,
  SII_NON_EXEMPTION_CODES,
  SII_PARTY_TAX_SCHEMES,
  SII_PAYMENT_METHODS,
  SII_PERIODS,
  SII_PROPERTY_SITUATIONS,
  SII_SPECIAL_REGIME_KEYS,
} from '../model/siiCodes.js';
import {
  SII_BOOK_TYPES,
  SII_OPERATION_TYPES,
  type SiiBookType,
  type SiiTaxReportCreate,
} from '../model/siiTaxReport.js';
import { isPresent } from '../rules/issue.js';
import { siiTaxReportIssues } from '../rules/siiTaxReport.js';
import { SII_BAJA_BOOKS } from './build/baja.js';
import { classifyRow, isReverseCharge, issuedBlock, type SiiRow } from './build/desglose.js';
import { isCorrectiveType } from './build/factura.js';
import { amountCents, formatCents, isSiiNif, isXmlText, rateHundredths, xsdLength } from './build/formats.js';
import {
  isEuVatNumber,
  partyIdentification,
  partyScheme,
  SII_PARTY_FIELDS,
  type SiiPartyRole,
} from './build/identification.js';
import type { SiiMessageKind, SiiTitular } from './message.js';

/** A path to a field as `IssueCollector.add` takes it. */
type Path = readonly (string | number)[];

const set = (values: readonly string[]): ReadonlySet<string> => new Set(values);

const BOOKS = set(SII_BOOK_TYPES);
const COMMUNICATION_TYPES = set(SII_COMMUNICATION_TYPES);
const PERIODS = set(SII_PERIODS);
const INVOICE_TYPES = set(SII_INVOICE_TYPE_CODES);
const CORRECTIVE_TYPES = set(SII_CORRECTIVE_TYPES);
const OPERATION_TYPES = set(SII_OPERATION_TYPES);
const NON_EXEMPTION_CODES = set(SII_NON_EXEMPTION_CODES);
const EXEMPTION_REASONS = set(SII_EXEMPTION_REASONS);
const NO_SUBJECT_REASONS = set(SII_NO_SUBJECT_REASONS);
const PARTY_SCHEMES = set(SII_PARTY_TAX_SCHEMES);
const PAYMENT_METHODS = set(SII_PAYMENT_METHODS);
const MEMBER_STATES = set(SII_MEMBER_STATES);
const INSURANCE_KEYS = set(SII_INSURANCE_OPERATION_KEYS);
const INTRA_OPERATION_KEYS = set(SII_INTRA_COMMUNITY_OPERATION_KEYS);
const INTRA_DECLARED_KEYS = set(SII_INTRA_COMMUNITY_DECLARED_KEYS);
const ISSUED_KEYS = set(SII_SPECIAL_REGIME_KEYS);
const PROPERTY_SITUATIONS = set(SII_PROPERTY_SITUATIONS);

/**
 * The regime keys that have a meaning for received invoices (sii.md §4.3: the table's "—" rows
 * `10`, `11`, `15`, `16`, `17` have none there).
 */
const RECEIVED_KEYS = set(['01', '02', '03', '04', '05', '06', '07', '08', '09', '12', '13', '14']);

/**
 * Keys 12 and 13 (business premises rental) need `DatosInmueble` on issued invoices (sii.md §3),
 * which a `SiiDocument` has no field for.
 */
const PREMISES_KEYS = set(['12', '13']);

/** Keys the `ImporteTotal` check of sii.md §8 does not apply to. */
const TOTAL_EXEMPT_KEYS = set(['03', '05', '06', '09']);

/** The issued-invoice types `IDOtro` with `IDType 02` is allowed for (sii.md §8). */
const EU_VAT_TYPES = set(['F1', 'R1', 'R2', 'R3', 'R4']);

/** Types whose customer `siiCounterpartyIssues` requires (sii.md §8). */
const NEEDS_COUNTERPARTY = set(['F1', 'F3', 'R1', 'R2', 'R3', 'R4']);

/** Types written without `Contraparte` (sii.md §8; the builder omits it, `src/rules/siiCounterparty.ts`). */
const WITHOUT_COUNTERPARTY = set(['F2', 'F4', 'R5']);

/** Types exempt from the cuota checks' sign rule (sii.md §8): besides `TipoRectificativa I`. */
const SIGN_EXCEPTION_TYPES = set(['F2', 'F4', 'R5']);

/**
 * `TipoImpositivo` values AEAT accepts (sii.md §8): 0, 4, 10, 21, and the temporary reduced rates
 * from 2022 (5, 2, 7.5; accepted whatever the date, **fiscalkit choice**: sii.md marks them
 * unconfirmed), in hundredths of a percent.
 */
const VAT_RATES: ReadonlySet<bigint> = new Set([0n, 200n, 400n, 500n, 750n, 1000n, 2100n]);
/** Rates AEAT accepts only for operations dated 2012 or earlier (sii.md §8): 7, 8, 16, 18. */
const OLD_VAT_RATES: ReadonlySet<bigint> = new Set([700n, 800n, 1600n, 1800n]);
/** Recargo rates (sii.md §4.6): 5.2, 1.4, 0.5, 1.75, and the older 1 and 4. */
const SURCHARGE_RATES: ReadonlySet<bigint> = new Set([50n, 100n, 140n, 175n, 400n, 520n]);

/** Blocks of `DetalleIVA` and `DetalleExenta` (sii.md §6). */
const MAX_VAT_LINES = 6;
const MAX_EXEMPT_LINES = 7;

/** The `ImporteTotal` tolerance of sii.md §8: ±10 €, in cents. */
const TOTAL_TOLERANCE_CENTS = 1000n;
/** The `F2` ceiling of sii.md §8: 3,000 €, in cents. */
const F2_MAX_CENTS = 300_000n;
/** One cent, scaled like the cuota check's differences (× 10,000). */
const CENT_SCALED = 10_000n;
/** The cuota check's switch (sii.md §8): bases up to 1,000 € get 1 %, larger ones ±10 €; in cents. */
const CUOTA_BASE_SWITCH_CENTS = 100_000n;

/**
 * Collects issues (the shared {@link IssueCollector}) and checks single values against the SII
 * simple types. A value that does not fit its type is rule `sii.<XSD type>` (`sii.TextMax120Type`,
 * `sii.ImporteSgn12.2Type`, `sii.fecha`); a required element that is absent is rule
 * `sii.<element path>` (`sii.Titular.NIF`), from the same element path the message cites.
 */
class Checker extends IssueCollector {
  /** A required value: `parameter_blank` when absent or blank; true when it is given. */
  required(path: Path, value: unknown, element: string): boolean {
    if (isPresent(value)) return true;
    this.add(`sii.${element.split('/').join('.')}`, 'parameter_blank', path, `is required (SII ${element})`);
    return false;
  }

  /** A text of at most `max` characters an XML document can carry; the trimmed text, or null. */
  text(path: Path, value: unknown, max: number, element: string): string | null {
    if (!isPresent(value)) return null;
    if (typeof value !== 'string') {
      this.add(`sii.TextMax${max}Type`, 'parameter_invalid', path, `must be a string (SII ${element})`);
      return null;
    }
    const trimmed = value.trim();
    if (!isXmlText(trimmed)) {
      this.add('xml.char', 'parameter_invalid', path, `must not contain control characters (SII ${element})`);
      return null;
    }
    if (xsdLength(trimmed) > max) {
      this.add(
        `sii.TextMax${max}Type`,
        'parameter_invalid',
        path,
        `must be at most ${max} characters (SII ${element})`,
      );
      return null;
    }
    return trimmed;
  }

  /** An amount (`ImporteSgn12.2Type`): cents, or null when absent or refused. */
  amount(path: Path, value: unknown, element: string): bigint | null {
    if (!isPresent(value)) return null;
    const cents = amountCents(value);
    if (cents === null)
      this.add(
        'sii.ImporteSgn12.2Type',
        'parameter_invalid',
        path,
        `must be a decimal string with at most 12 integer digits and 2 decimals (SII ${element}, ImporteSgn12.2Type)`,
      );
    return cents;
  }

  /** A rate (`Tipo2.2Type`): hundredths of a percent, or null when absent or refused. */
  rate(path: Path, value: unknown, element: string): bigint | null {
    if (!isPresent(value)) return null;
    const units = rateHundredths(value);
    if (units === null)
      this.add(
        'sii.Tipo2.2Type',
        'parameter_invalid',
        path,
        `must be an unsigned decimal string with at most 3 integer digits and 2 decimals (SII ${element}, Tipo2.2Type)`,
      );
    return units;
  }

  /** A calendar date `YYYY-MM-DD` (written `dd-mm-yyyy`); false when given and refused. */
  date(path: Path, value: unknown, element: string): boolean {
    if (!isPresent(value)) return true;
    if (typeof value === 'string' && isIsoDate(value)) return true;
    this.add('sii.fecha', 'parameter_invalid', path, `must be a date written YYYY-MM-DD (SII ${element})`);
    return false;
  }

  /** A code of a closed list (rule `rule`, the list's XSD type): `parameter_inclusion` otherwise. */
  code(rule: string, path: Path, value: unknown, codes: ReadonlySet<string>, element: string): boolean {
    if (!isPresent(value)) return true;
    if (typeof value === 'string' && codes.has(value)) return true;
    this.add(rule, 'parameter_inclusion', path, `must be one of ${[...codes].join(', ')} (SII ${element})`);
    return false;
  }
}

/**
 * Every issue of one SII record (issue #6; sii.md §2, §3, §4, §5, §6, §7, §8), before any XML exists; `[]`
 * when the record can be written as schema-valid SII XML that also passes the AEAT checks of sii.md §8.
 * Params are the report's fields as on the wire (`tax_breakdowns[2].surcharge_amount`,
 * `customer_party_tax_id`, `period`); codes from `src/errors/catalog.ts`.
 *
 * - An unknown `book_type` is `parameter_inclusion` at `book_type` (nothing else is checked). A
 *   non-SII `type` is not this function's (the batch answers `unsupported_type`).
 * - The business rules of `src/rules/siiTaxReport.ts` run first (per-book required fields, annual
 *   period of `Metalico`, customer of `F1`/`F3`/`R1`–`R4`, corrective invoices, breakdown rows).
 * - Then every field the record's message carries is held to its XSD type: codes to their lists
 *   (`parameter_inclusion`, e.g. `period` `13`), lengths (`NombreRazon` ≤ 120, `DescripcionOperacion`
 *   ≤ 500, `NumSerieFacturaEmisor` 1–60, `IDOtro/ID` ≤ 20, …), characters XML can carry, amounts as
 *   `ImporteSgn12.2Type` (≤ 12 integer digits, ≤ 2 decimals), rates as `Tipo2.2Type`, dates, `NIF`
 *   as `NIFType` (9 characters: `ESB12345674` is `parameter_invalid`).
 * - Then the breakdown's shape (sii.md §5, §6) and the AEAT checks (sii.md §8): see
 *   `siiBreakdownIssues` and the issued-invoice checks below.
 *
 * `titular` (optional) adds the titular's own checks at `titular.name`, `titular.nif`,
 * `titular.representative_nif`. `kind` `baja` checks the record as an annulment instead: only what
 * the book's `BajaLR…` record carries (period, `IDFactura`, `Contraparte`, …); a book without an
 * annulment message (`CobrosEmitidas`, `PagosRecibidas`) is `parameter_invalid` at `book_type`.
 *
 * @example
 * ```ts
 * siiRecordIssues(expedidaF1(), { name: 'Test company', nif: 'U2687761C' }); // []
 * siiRecordIssues({ ...expedidaF1(), customer_party_tax_id: 'ESB12345674' });
 * // [{ rule: 'sii.NIFType', code: 'parameter_invalid', param: 'customer_party_tax_id', … }]
 * siiRecordIssues({ ...expedidaF1(), period: '13' as never });
 * // [{ rule: 'sii.TipoPeriodoType', code: 'parameter_inclusion', param: 'period', … }]
 * ```
 */
export function siiRecordIssues(
  report: SiiTaxReportCreate,
  titular?: SiiTitular,
  kind: SiiMessageKind = 'alta',
): ValidationIssue[] {
  const check = new Checker([]);
  if (titular !== undefined) check.issues.push(...siiTitularIssues(titular));
  const book = report.book_type as unknown;
  if (typeof book !== 'string' || !BOOKS.has(book)) {
    check.add(
      'sii.2.book-type',
      'parameter_inclusion',
      ['book_type'],
      `must be one of ${SII_BOOK_TYPES.join(', ')}`,
    );
    return check.issues;
  }
  if (kind === 'baja') {
    bajaIssues(check, report, book as SiiBookType);
    return check.issues;
  }
  check.issues.push(...siiTaxReportIssues(report));
  altaIssues(check, report, book as SiiBookType);
  return check.issues;
}

/**
 * The titular's issues (`Cabecera/Titular`, `PersonaFisicaJuridicaESType`; sii.md §3), at
 * `titular.name`, `titular.nif` and `titular.representative_nif`: `NombreRazon` required and ≤ 120
 * characters, `NIF` required and a `NIFType` (no `ES` prefix), `NIFRepresentante` a `NIFType`.
 *
 * @example
 * ```ts
 * siiTitularIssues({ name: 'Test company', nif: 'U2687761C' }); // []
 * siiTitularIssues({ name: 'Test company', nif: 'ESU2687761C' });
 * // [{ rule: 'sii.NIFType', code: 'parameter_invalid', param: 'titular.nif', … }]
 * ```
 */
export function siiTitularIssues(titular: SiiTitular): ValidationIssue[] {
  const check = new Checker([]);
  if (check.required(['titular', 'name'], titular.name, 'Titular/NombreRazon'))
    check.text(['titular', 'name'], titular.name, 120, 'Titular/NombreRazon');
  if (check.required(['titular', 'nif'], titular.nif, 'Titular/NIF'))
    nif(check, ['titular', 'nif'], titular.nif, 'Titular/NIF');
  if (isPresent(titular.representative_nif))
    nif(check, ['titular', 'representative_nif'], titular.representative_nif, 'Titular/NIFRepresentante');
  return check.issues;
}

/** A `NIFType` value (sii.md §6): exactly 9 characters; the `ES` prefix named when that is the problem. */
function nif(check: Checker, path: Path, value: unknown, element: string): void {
  if (typeof value === 'string' && isSiiNif(value.trim())) return;
  const prefixed = typeof value === 'string' && /^ES/i.test(value.trim()) && isSiiNif(value.trim().slice(2));
  check.add(
    'sii.NIFType',
    'parameter_invalid',
    path,
    prefixed
      ? `must be the NIF without the ES prefix: NIFType is exactly 9 characters (SII ${element})`
      : `must be a Spanish NIF of 9 characters (SII ${element}, NIFType)`,
  );
}

// -------------------------------------------------------------------------------------------------
// Alta (and modification) records
// -------------------------------------------------------------------------------------------------

/** The header fields of the books with `CabeceraSii`: `TipoComunicacion` and `PeriodoLiquidacion`. */
function headerIssues(check: Checker, report: SiiTaxReportCreate): void {
  check.code(
    'sii.ClaveTipoComunicacionType',
    ['communication_type'],
    report.communication_type,
    COMMUNICATION_TYPES,
    'Cabecera/TipoComunicacion',
  );
  periodIssues(check, report);
}

/** `PeriodoLiquidacion`: `Ejercicio` 4 digits (`YearType`), `Periodo` from `TipoPeriodoType`. */
function periodIssues(check: Checker, report: SiiTaxReportCreate): void {
  const year = report.period_year as unknown;
  if (isPresent(year)) {
    const text = typeof year === 'number' && Number.isInteger(year) ? String(year) : year;
    if (typeof text !== 'string' || !/^\d{4}$/.test(text))
      check.add(
        'sii.YearType',
        'parameter_invalid',
        ['period_year'],
        'must be a year of 4 digits (SII PeriodoLiquidacion/Ejercicio)',
      );
  }
  check.code('sii.TipoPeriodoType', ['period'], report.period, PERIODS, 'PeriodoLiquidacion/Periodo');
}

/** `IDFactura`'s number (1–60 characters) and issue date. */
function invoiceIdIssues(check: Checker, report: SiiTaxReportCreate): void {
  check.text(['invoice_number'], report.invoice_number, 60, 'NumSerieFacturaEmisor');
  check.date(['invoice_date'], report.invoice_date, 'FechaExpedicionFacturaEmisor');
}

/**
 * A party's fields (sii.md §3, §10): `NombreRazon` ≤ 120; the scheme; the tax id as `NIFType` or as
 * `IDOtro/ID` (≤ 20; an EU VAT number with its prefix for `02`, sii.md §8); the country as
 * `CountryType2`. With `complete`, a name without a tax id (or the reverse) is `parameter_blank` at
 * the missing one: `PersonaFisicaJuridicaType` needs both.
 */
function partyIssues(
  check: Checker,
  report: SiiTaxReportCreate,
  role: SiiPartyRole,
  complete: boolean,
): void {
  const fields = SII_PARTY_FIELDS[role];
  const name = report[fields.name];
  const taxId = report[fields.taxId];
  check.text([fields.name], name, 120, 'NombreRazon');
  if (complete && isPresent(name) !== isPresent(taxId)) {
    const missing = isPresent(name) ? fields.taxId : fields.name;
    check.add(
      'sii.PersonaFisicaJuridicaType',
      'parameter_blank',
      [missing],
      `is required with ${isPresent(name) ? fields.name : fields.taxId} (SII Contraparte)`,
    );
  }
  if (
    !check.code(
      'sii.10.party-tax-scheme',
      [fields.scheme],
      report[fields.scheme],
      PARTY_SCHEMES,
      'IDOtro/IDType',
    )
  )
    return;
  const scheme = partyScheme(report, role);
  if (scheme === '9920') {
    if (isPresent(taxId)) nif(check, [fields.taxId], taxId, 'NIF');
    return;
  }
  const id = check.text([fields.taxId], taxId, 20, 'IDOtro/ID');
  if (id !== null && scheme === '02' && !isEuVatNumber(id))
    check.add(
      'sii.8.idotro-eu-vat',
      'parameter_invalid',
      [fields.taxId],
      'must be an EU VAT number with its country prefix (SII IDOtro/ID with IDType 02)',
    );
  const country = report[fields.country];
  if (isPresent(country) && (typeof country !== 'string' || !isSiiCountryCode(country)))
    check.add(
      'sii.CountryType2',
      'parameter_inclusion',
      [fields.country],
      'must be a country of the SII list (IDOtro/CodigoPais, CountryType2)',
    );
}

/** `EntidadSucedida` (`PersonaFisicaJuridicaUnicaESType`): `NombreRazon` ≤ 120 and a `NIF`, both required. */
function successorIssues(check: Checker, report: SiiTaxReportCreate): void {
  const entity = report.successor_entity;
  if (entity === null || entity === undefined || typeof entity !== 'object') return;
  if (check.required(['successor_entity', 'name'], entity.name, 'EntidadSucedida/NombreRazon'))
    check.text(['successor_entity', 'name'], entity.name, 120, 'EntidadSucedida/NombreRazon');
  if (check.required(['successor_entity', 'tax_id'], entity.tax_id, 'EntidadSucedida/NIF'))
    nif(check, ['successor_entity', 'tax_id'], entity.tax_id, 'EntidadSucedida/NIF');
}

/** A `NIFRepresentante` of a party (`NIFType`), when given. */
function representativeIssues(check: Checker, report: SiiTaxReportCreate, role: SiiPartyRole): void {
  const field = `${role}_party_representative_nif` as const;
  if (isPresent(report[field])) nif(check, [field], report[field], 'Contraparte/NIFRepresentante');
}

/**
 * The elements of `SuministroLR.xsd` 1.1 modelled by issue #18 item 17 ("every element of a valid
 * message has a field"), held to their XSD types where `book`'s message writes them: texts
 * (`RefExterna` ≤ 60, `NumRegistroAcuerdoFacturacion` ≤ 15, `NumSerieFacturaEmisorResumenFin` ≤ 60,
 * `IdentificacionEntrega` ≤ 40, `ReferenciaCatastral` ≤ 25), amounts, rates, dates, NIFs, codes, and
 * `FacturasAgrupadas` like `FacturasRectificadas`. The REAGYP compensation exists only in
 * `DesgloseIVA`: on a reverse-charge row (`InversionSujetoPasivo`, `DetalleIVARecibida2Type`) it is
 * refused rather than left out of the XML.
 */
function schemaFieldIssues(check: Checker, report: SiiTaxReportCreate, book: SiiBookType): void {
  const invoice = book === 'Expedida' || book === 'Recibida';
  if (invoice || book === 'Inversion' || book === 'Intracomunitaria') {
    check.text(['external_reference'], report.external_reference, 60, 'RefExterna');
    check.text(
      ['billing_agreement_number'],
      report.billing_agreement_number,
      15,
      'NumRegistroAcuerdoFacturacion',
    );
  }
  if (book !== 'CobrosEmitidas' && book !== 'PagosRecibidas') successorIssues(check, report);
  if (book !== 'Recibida' && book !== 'Inversion' && book !== 'CobrosEmitidas' && book !== 'PagosRecibidas')
    representativeIssues(check, report, 'customer');
  if (book === 'Inversion') {
    const good = report.capital_good;
    check.text(
      ['capital_good', 'delivery_identification'],
      good?.delivery_identification,
      40,
      'IdentificacionEntrega',
    );
    check.amount(
      ['capital_good', 'regularization_made'],
      good?.regularization_made,
      'RegularizacionDeduccionEfectuada',
    );
  }
  if (!invoice) return;
  check.text(['last_invoice_number'], report.last_invoice_number, 60, 'NumSerieFacturaEmisorResumenFin');
  (report.grouped_invoices ?? []).forEach((grouped, index) => {
    const path = ['grouped_invoices', index];
    if (check.required([...path, 'number'], grouped?.number, 'IDFacturaAgrupada/NumSerieFacturaEmisor'))
      check.text([...path, 'number'], grouped.number, 60, 'IDFacturaAgrupada/NumSerieFacturaEmisor');
    if (check.required([...path, 'date'], grouped?.date, 'IDFacturaAgrupada/FechaExpedicionFacturaEmisor'))
      check.date([...path, 'date'], grouped.date, 'IDFacturaAgrupada/FechaExpedicionFacturaEmisor');
  });
  if (isCorrectiveType(report.invoice_type_code) && report.corrective_type === 'S')
    check.amount(
      ['corrected_surcharge_amount'],
      report.corrected_surcharge_amount,
      'ImporteRectificacion/CuotaRecargoRectificado',
    );
  check.date(['operation_date'], report.operation_date, 'FechaOperacion');
  check.amount(['cost_taxable_base'], report.cost_taxable_base, 'BaseImponibleACoste');
  if (book === 'Expedida') {
    check.amount(
      ['property_transfer_amount'],
      report.property_transfer_amount,
      'ImporteTransmisionInmueblesSujetoAIVA',
    );
    (report.properties ?? []).forEach((property, index) => {
      check.code(
        'sii.SituacionInmuebleType',
        ['properties', index, 'situation'],
        property?.situation,
        PROPERTY_SITUATIONS,
        'DetalleInmueble/SituacionInmueble',
      );
      check.text(
        ['properties', index, 'cadastral_reference'],
        property?.cadastral_reference,
        25,
        'DetalleInmueble/ReferenciaCatastral',
      );
    });
    return;
  }
  representativeIssues(check, report, 'supplier');
  const year = report.deduction_year as unknown;
  if (
    isPresent(year) &&
    !(typeof year === 'number' && Number.isInteger(year) && year >= 1000 && year <= 9999)
  )
    check.add(
      'sii.YearType',
      'parameter_invalid',
      ['deduction_year'],
      'must be a year of 4 digits (SII EjercicioDeduccion)',
    );
  check.code(
    'sii.TipoPeriodoType',
    ['deduction_period'],
    report.deduction_period,
    PERIODS,
    'PeriodoDeduccion',
  );
  (report.tax_breakdowns ?? []).forEach((row, index) => {
    check.rate(
      ['tax_breakdowns', index, 'compensation_percent'],
      row?.compensation_percent,
      'PorcentCompensacionREAGYP',
    );
    check.amount(
      ['tax_breakdowns', index, 'compensation_amount'],
      row?.compensation_amount,
      'ImporteCompensacionREAGYP',
    );
    if (isReverseCharge(row) && (isPresent(row.compensation_percent) || isPresent(row.compensation_amount)))
      check.add(
        'sii.DetalleIVARecibida2Type',
        'parameter_invalid',
        [
          'tax_breakdowns',
          index,
          isPresent(row.compensation_percent) ? 'compensation_percent' : 'compensation_amount',
        ],
        'cannot be given on a reverse-charge row: the REAGYP compensation is in DesgloseIVA only, not in InversionSujetoPasivo (SII DetalleIVARecibida2Type)',
      );
  });
}

/** The checks of an alta / modification record of `book`. */
function altaIssues(check: Checker, report: SiiTaxReportCreate, book: SiiBookType): void {
  schemaFieldIssues(check, report, book);
  switch (book) {
    case 'Expedida':
      headerIssues(check, report);
      invoiceIdIssues(check, report);
      expedidaIssues(check, report);
      return;
    case 'Recibida':
      headerIssues(check, report);
      invoiceIdIssues(check, report);
      partyIssues(check, report, 'supplier', false);
      recibidaIssues(check, report);
      return;
    case 'Inversion':
      headerIssues(check, report);
      invoiceIdIssues(check, report);
      partyIssues(check, report, 'supplier', false);
      capitalGoodIssues(check, report);
      return;
    case 'Intracomunitaria':
      headerIssues(check, report);
      invoiceIdIssues(check, report);
      partyIssues(check, report, 'supplier', false);
      partyIssues(check, report, 'customer', false);
      intraCommunityIssues(check, report);
      return;
    case 'Metalico':
    case 'Seguros':
    case 'AgenciasViajes':
      headerIssues(check, report);
      partyIssues(check, report, 'customer', false);
      check.code(
        'sii.ClaveOperacionType',
        ['insurance_operation_key'],
        book === 'Seguros' ? report.insurance_operation_key : null,
        INSURANCE_KEYS,
        'ClaveOperacion',
      );
      check.amount(['tax_inclusive_amount'], report.tax_inclusive_amount, 'ImporteTotal');
      return;
    case 'CobrosEmitidas':
    case 'PagosRecibidas':
      invoiceIdIssues(check, report);
      if (book === 'PagosRecibidas') partyIssues(check, report, 'supplier', false);
      paymentIssues(check, report);
      return;
  }
}

/**
 * The invoice part shared by issued and received invoices (`FacturaType`): type, regime keys,
 * description, total, corrective fields. Returns the total in cents when usable.
 */
function invoiceBodyIssues(
  check: Checker,
  report: SiiTaxReportCreate,
  keys: ReadonlySet<string>,
): bigint | null {
  // Keys outside the received list exist in the XSD but mean nothing on a received invoice (sii.md §4.3).
  const keyRule =
    keys === RECEIVED_KEYS ? 'sii.4.3.received-keys' : 'sii.IdOperacionesTrascendenciaTributariaType';
  check.code(
    'sii.ClaveTipoFacturaType',
    ['invoice_type_code'],
    report.invoice_type_code,
    INVOICE_TYPES,
    'TipoFactura',
  );
  check.code(
    keyRule,
    ['special_regime_key'],
    report.special_regime_key,
    keys,
    'ClaveRegimenEspecialOTrascendencia',
  );
  const additional = report.additional_special_regime_keys as unknown;
  if (Array.isArray(additional)) {
    if (additional.length > 2)
      check.add(
        'sii.ClaveRegimenEspecialOTrascendenciaAdicional',
        'parameter_invalid',
        ['additional_special_regime_keys'],
        'must have at most 2 keys (SII ClaveRegimenEspecialOTrascendenciaAdicional1 and 2)',
      );
    additional.forEach((key, index) => {
      check.code(
        keyRule,
        ['additional_special_regime_keys', index],
        key,
        keys,
        'ClaveRegimenEspecialOTrascendenciaAdicional',
      );
    });
  }
  check.text(['description'], report.description, 500, 'DescripcionOperacion');
  const total = check.amount(['tax_inclusive_amount'], report.tax_inclusive_amount, 'ImporteTotal');
  if (isCorrectiveType(report.invoice_type_code)) {
    check.code(
      'sii.ClaveTipoRectificativaType',
      ['corrective_type'],
      report.corrective_type,
      CORRECTIVE_TYPES,
      'TipoRectificativa',
    );
    (report.corrected_invoices ?? []).forEach((invoice, index) => {
      if (
        check.required(
          ['corrected_invoices', index, 'number'],
          invoice?.number,
          'IDFacturaRectificada/NumSerieFacturaEmisor',
        )
      )
        check.text(
          ['corrected_invoices', index, 'number'],
          invoice.number,
          60,
          'IDFacturaRectificada/NumSerieFacturaEmisor',
        );
      if (
        check.required(
          ['corrected_invoices', index, 'date'],
          invoice?.date,
          'IDFacturaRectificada/FechaExpedicionFacturaEmisor',
        )
      )
        check.date(
          ['corrected_invoices', index, 'date'],
          invoice.date,
          'IDFacturaRectificada/FechaExpedicionFacturaEmisor',
        );
    });
    if (report.corrective_type === 'S') {
      check.amount(
        ['corrected_taxable_base'],
        report.corrected_taxable_base,
        'ImporteRectificacion/BaseRectificada',
      );
      check.amount(
        ['corrected_tax_amount'],
        report.corrected_tax_amount,
        'ImporteRectificacion/CuotaRectificada',
      );
    }
  }
  return total;
}

/** The regime keys of a record: the main key and the additional ones. */
function regimeKeys(report: SiiTaxReportCreate): string[] {
  const keys = [report.special_regime_key, ...(report.additional_special_regime_keys ?? [])];
  return keys.filter((key): key is NonNullable<typeof key> => typeof key === 'string');
}

/** Issued invoices (`FacturaExpedida`; sii.md §3, §5, §8). */
function expedidaIssues(check: Checker, report: SiiTaxReportCreate): void {
  const total = invoiceBodyIssues(check, report, ISSUED_KEYS);
  const type = report.invoice_type_code ?? '';
  const premises = PREMISES_KEYS.has(report.special_regime_key ?? '')
    ? ['special_regime_key']
    : (report.additional_special_regime_keys ?? []).some((key) => PREMISES_KEYS.has(key))
      ? [
          'additional_special_regime_keys',
          (report.additional_special_regime_keys ?? []).findIndex((key) => PREMISES_KEYS.has(key)),
        ]
      : null;
  // Keys 12 and 13 (premises rental) need DatosInmueble (sii.md §3), the report's `properties`
  // since issue #18 item 17 modelled it.
  if (premises !== null && (report.properties ?? []).length === 0)
    check.add(
      'sii.3.premises-rental',
      'parameter_invalid',
      premises,
      'cannot be 12 or 13 (premises rental) without properties: AEAT then needs DatosInmueble/DetalleInmueble (sii.md §3)',
    );
  const rows = report.tax_breakdowns ?? [];
  const sum = siiBreakdownIssues(check, report, rows);

  // Contraparte: written unless F2 / F4 / R5 (sii.md §8; the builder omits it for them).
  const written = !WITHOUT_COUNTERPARTY.has(type);
  if (written) {
    // F1, F3, R1–R4 need both fields (`siiCounterpartyIssues`); for other types a half-given customer.
    partyIssues(check, report, 'customer', !NEEDS_COUNTERPARTY.has(type));
    const identification = partyIdentification(report, 'customer');
    if (
      identification?.kind === 'other' &&
      identification.idType === '02' &&
      INVOICE_TYPES.has(type) &&
      !EU_VAT_TYPES.has(type)
    )
      check.add(
        'sii.8.idotro-02-types',
        'parameter_invalid',
        ['customer_party_tax_scheme'],
        `cannot be 02 (EU VAT number, IDOtro) for an issued invoice of type ${type}: only F1 and R1–R4 (sii.md §8)`,
      );
    const split = rows.length > 0 && rows.every((row) => issuedBlock(row) !== 'invoice');
    const foreign =
      identification !== null && (identification.kind === 'other' || /^N/i.test(identification.nif));
    if (foreign && rows.length > 0 && rows.every((row) => issuedBlock(row) === 'invoice'))
      check.add(
        'sii.5.operation-breakdown',
        'parameter_invalid',
        ['tax_breakdowns'],
        'must give every row an operation_type (goods or services) when the customer is identified by IDOtro or a NIF starting with N: AEAT wants DesgloseTipoOperacion then (sii.md §5)',
      );
    if (type === 'R2' || type === 'R3') {
      if (split || rows.some((row) => issuedBlock(row) !== 'invoice'))
        check.add(
          'sii.8.r2-r3-breakdown',
          'parameter_invalid',
          ['tax_breakdowns'],
          `must not have operation_type rows for ${type}: ${type} allows only the invoice-level breakdown, DesgloseFactura (sii.md §8)`,
        );
      if (identification !== null && identification.kind !== 'nif')
        check.add(
          'sii.8.r2-r3-nif',
          'parameter_invalid',
          ['customer_party_tax_id'],
          `must be a Spanish NIF for ${type}: AEAT accepts ${type} only with a NIF counterparty (sii.md §8)`,
        );
    }
  }

  // F2 ≤ 3,000 € (sii.md §8), on ImporteTotal or, without one, on what the breakdown adds up to.
  const amount = total ?? sum;
  if (type === 'F2' && amount !== null && (amount < 0n ? -amount : amount) > F2_MAX_CENTS)
    check.add(
      'sii.8.f2-limit',
      'parameter_invalid',
      ['invoice_type_code'],
      `cannot be F2 (simplified invoice) for a total of ${formatCents(amount)} EUR: AEAT accepts F2 up to 3000.00 EUR (sii.md §8)`,
    );
  totalIssues(check, report, total, sum);
}

/** Received invoices (`FacturaRecibida`; sii.md §3, §5, §8). */
function recibidaIssues(check: Checker, report: SiiTaxReportCreate): void {
  const total = invoiceBodyIssues(check, report, RECEIVED_KEYS);
  const sum = siiBreakdownIssues(check, report, report.tax_breakdowns ?? []);
  check.date(['accounting_date'], report.accounting_date, 'FechaRegContable');
  check.amount(['deductible_tax_amount'], report.deductible_tax_amount, 'CuotaDeducible');
  totalIssues(check, report, total, sum);
}

/**
 * The `ImporteTotal` check of sii.md §8: when given, within ±10 € of what the breakdown adds up to
 * (`siiBreakdownIssues`), except under keys 03, 05, 06, 09.
 */
function totalIssues(
  check: Checker,
  report: SiiTaxReportCreate,
  total: bigint | null,
  sum: bigint | null,
): void {
  if (total === null || sum === null || regimeKeys(report).some((key) => TOTAL_EXEMPT_KEYS.has(key))) return;
  const difference = total - sum;
  if ((difference < 0n ? -difference : difference) > TOTAL_TOLERANCE_CENTS)
    check.add(
      'sii.8.total-amount',
      'parameter_invalid',
      ['tax_inclusive_amount'],
      `must be within 10.00 EUR of the breakdown's total ${formatCents(sum)} (bases, cuotas and recargo; AEAT ImporteTotal check, sii.md §8)`,
    );
}

/**
 * The breakdown of an issued or received invoice (sii.md §4.4, §4.5, §4.6, §5, §6, §8); returns what it
 * adds up to, in cents, when every amount is usable:
 *
 * - every row: `taxable_base` required, amounts and rates to their types, codes to their lists;
 *   a subject row needs `percent` and `tax_amount` (`S1` on issued invoices, every subject row on
 *   received ones); an issued row the `category` says is exempt or not subject needs its reason;
 * - `percent` one of AEAT's VAT rates (0, 2, 4, 5, 7.5, 10, 21; 7, 8, 16, 18 up to 2012) and the
 *   recargo one of 0.5, 1, 1.4, 1.75, 4, 5.2, percent and amount given together;
 * - an exempt or not-subject row carries no tax (`tax_amount` other than zero, recargo on a received
 *   one: `parameter_invalid`); `reverse_charge` only on a subject row, and not `false` with `S2`;
 * - the cuota check: |cuota − base × rate| ≤ 1 % of a base up to 1,000 € (at least one cent, the
 *   rounding), ≤ 10 € above, and cuota with the base's sign — except for `TipoRectificativa I`, `F2`, `F4`, `R5`;
 * - issued invoices: not both the invoice-level breakdown (rows without `operation_type`) and the
 *   split by operation type (`DesgloseFactura` vs `DesgloseTipoOperacion`, a choice) →
 *   `parameter_invalid` at `tax_breakdowns`; at most 6 `DetalleIVA` and 7 `DetalleExenta` per
 *   block; the not-subject sums fit `ImporteSgn12.2Type`;
 * - received invoices: at most 6 reverse-charge and 6 other `DetalleIVA`.
 */
function siiBreakdownIssues(
  checker: Checker,
  report: SiiTaxReportCreate,
  rows: readonly SiiRow[],
): bigint | null {
  const issued = report.book_type === 'Expedida';
  const type = report.invoice_type_code ?? '';
  const signExempt = report.corrective_type === 'I' || SIGN_EXCEPTION_TYPES.has(type);
  const old = typeof report.invoice_date === 'string' && report.invoice_date < '2013-01-01';
  // One pass: each amount is read once; the blocks are tallied on the way (this runs per record).
  let total: bigint | null = 0n;
  const tally = new BlockTally();
  rows.forEach((row, index) => {
    if (row === null || typeof row !== 'object') {
      checker.add(
        'fiscalkit.sii.breakdown-row-object',
        'invalid_request_params',
        ['tax_breakdowns', index],
        'must be an object',
      );
      total = null;
      return;
    }
    if (issued)
      checker.code(
        'sii.10.operation-type',
        ['tax_breakdowns', index, 'operation_type'],
        row.operation_type,
        OPERATION_TYPES,
        'DesgloseTipoOperacion',
      );
    checker.code(
      'sii.TipoOperacionSujetaNoExentaType',
      ['tax_breakdowns', index, 'non_exemption_code'],
      row.non_exemption_code,
      NON_EXEMPTION_CODES,
      'TipoNoExenta',
    );
    checker.code(
      'sii.CausaExencionType',
      ['tax_breakdowns', index, 'reason_vat_exempt'],
      row.reason_vat_exempt,
      EXEMPTION_REASONS,
      'CausaExencion',
    );
    checker.code(
      'sii.10.reason-no-subject',
      ['tax_breakdowns', index, 'reason_no_subject'],
      row.reason_no_subject,
      NO_SUBJECT_REASONS,
      'NoSujeta',
    );
    const base = checker.required(
      ['tax_breakdowns', index, 'taxable_base'],
      row.taxable_base,
      'BaseImponible',
    )
      ? checker.amount(['tax_breakdowns', index, 'taxable_base'], row.taxable_base, 'BaseImponible')
      : null;
    const rate = checker.rate(['tax_breakdowns', index, 'percent'], row.percent, 'TipoImpositivo');
    const tax = checker.amount(
      ['tax_breakdowns', index, 'tax_amount'],
      row.tax_amount,
      issued ? 'CuotaRepercutida' : 'CuotaSoportada',
    );
    const surchargeRate = checker.rate(
      ['tax_breakdowns', index, 'surcharge_percent'],
      row.surcharge_percent,
      'TipoRecargoEquivalencia',
    );
    const surcharge = checker.amount(
      ['tax_breakdowns', index, 'surcharge_amount'],
      row.surcharge_amount,
      'CuotaRecargoEquivalencia',
    );
    const kind = classifyRow(row);
    // What the row adds to ImporteTotal (sii.md §8): base, plus cuota and recargo of a subject row.
    if (total !== null) {
      const unusable =
        base === null ||
        (kind.kind === 'subject' &&
          ((tax === null && isPresent(row.tax_amount)) ||
            (surcharge === null && isPresent(row.surcharge_amount))));
      total = unusable
        ? null
        : total + base + (kind.kind === 'subject' ? (tax ?? 0n) + (surcharge ?? 0n) : 0n);
    }
    tally.add(row, kind, base ?? 0n, issued);

    if (kind.kind === 'unclassified') {
      if (issued)
        checker.add(
          'fiscalkit.sii.row-reason',
          'parameter_blank',
          ['tax_breakdowns', index, kind.needs],
          `is required for a row of category ${String(row.category)} (SII ${kind.needs === 'reason_vat_exempt' ? 'Exenta/CausaExencion' : 'NoSujeta'})`,
        );
    } else if (kind.kind === 'subject') {
      // An issued S2 row may leave rate and cuota out; an S3 row (of a mixed block, its own kind not
      // stated, sii.md §4.4) may be S2, so it is not asked for them either (**fiscalkit choice**).
      if (!issued || kind.code === 'S1') {
        checker.required(['tax_breakdowns', index, 'percent'], row.percent, 'TipoImpositivo');
        checker.required(
          ['tax_breakdowns', index, 'tax_amount'],
          row.tax_amount,
          issued ? 'CuotaRepercutida' : 'CuotaSoportada',
        );
      }
      if (rate !== null && !VAT_RATES.has(rate) && !(old && OLD_VAT_RATES.has(rate)))
        checker.add(
          'sii.8.vat-rate',
          'parameter_invalid',
          ['tax_breakdowns', index, 'percent'],
          'must be a VAT rate AEAT accepts: 0, 2, 4, 5, 7.5, 10 or 21 (7, 8, 16, 18 for operations up to 2012; sii.md §8)',
        );
      if (isPresent(row.surcharge_percent) !== isPresent(row.surcharge_amount))
        checker.add(
          'sii.4.6.recargo-pair',
          'parameter_blank',
          [
            'tax_breakdowns',
            index,
            isPresent(row.surcharge_percent) ? 'surcharge_amount' : 'surcharge_percent',
          ],
          'is required with the other recargo field (SII TipoRecargoEquivalencia and CuotaRecargoEquivalencia)',
        );
      if (surchargeRate !== null && !SURCHARGE_RATES.has(surchargeRate))
        checker.add(
          'sii.4.6.recargo-rate',
          'parameter_invalid',
          ['tax_breakdowns', index, 'surcharge_percent'],
          'must be a recargo rate AEAT accepts: 0.5, 1, 1.4, 1.75, 4 or 5.2 (sii.md §4.6)',
        );
      if (!signExempt && base !== null && tax !== null && rate !== null)
        cuotaIssues(checker, ['tax_breakdowns', index, 'tax_amount'], base, rate, tax);
      // sii.md §4.4: only S2 contradicts reverse_charge false; an S3 row may be S1 or S2, so either
      // reverse_charge value stands (**fiscalkit choice**).
      if (row.reverse_charge === false && kind.code === 'S2')
        checker.add(
          'sii.4.4.s2-reverse-charge',
          'parameter_invalid',
          ['tax_breakdowns', index, 'reverse_charge'],
          'cannot be false on an S2 row (S2 is reverse charge, sii.md §4.4)',
        );
    } else {
      if (tax !== null && tax !== 0n)
        checker.add(
          'sii.5.exempt-no-tax',
          'parameter_invalid',
          ['tax_breakdowns', index, 'tax_amount'],
          `must be zero or absent on an ${kind.kind === 'exempt' ? 'exempt' : 'not-subject'} row`,
        );
      // On issued invoices `siiTaxBreakdownIssues` says so already.
      if (!issued)
        for (const field of ['surcharge_percent', 'surcharge_amount'] as const)
          if (isPresent(row[field]))
            checker.add(
              'sii.5.exempt-no-tax',
              'parameter_invalid',
              ['tax_breakdowns', index, field],
              'is only allowed on a subject, not exempt row',
            );
    }
    if (row.reverse_charge === true && kind.kind !== 'subject')
      checker.add(
        'sii.5.reverse-charge-subject',
        'parameter_invalid',
        ['tax_breakdowns', index, 'reverse_charge'],
        'is only allowed on a subject, not exempt row (InversionSujetoPasivo)',
      );
  });
  tally.issues(checker, issued);
  return total;
}

/** The cuota check of sii.md §8 on one subject row (cents, hundredths of a percent). */
function cuotaIssues(check: Checker, path: Path, base: bigint, rate: bigint, tax: bigint): void {
  const absBase = base < 0n ? -base : base;
  // |cuota − base × rate/100| ≤ tolerance, all scaled by 10,000 to stay in integers.
  const difference = tax * 10_000n - base * rate;
  // A cuota rounded to the cent is never refused, however small the base (**fiscalkit choice**: 1 %
  // of a base under 1 € is less than the rounding, which AEAT's check cannot mean to refuse).
  const onePercent = absBase * 100n;
  const tolerance =
    absBase <= CUOTA_BASE_SWITCH_CENTS
      ? onePercent < CENT_SCALED
        ? CENT_SCALED
        : onePercent
      : TOTAL_TOLERANCE_CENTS * 10_000n;
  if ((difference < 0n ? -difference : difference) > tolerance) {
    check.add(
      'sii.8.cuota',
      'parameter_invalid',
      path,
      'must be the taxable base times the rate, within 1 % of a base up to 1000.00 EUR or 10.00 EUR above (AEAT cuota check, sii.md §8)',
    );
    return;
  }
  if (tax !== 0n && base !== 0n && tax < 0n !== base < 0n)
    check.add(
      'sii.8.cuota-sign',
      'parameter_invalid',
      path,
      'must have the sign of the taxable base (AEAT check, sii.md §8)',
    );
}

/** The names of the issued-invoice blocks in messages. */
const BLOCK_NAMES = {
  invoice: 'DesgloseFactura',
  goods: 'Entrega (goods)',
  services: 'PrestacionServicios (services)',
} as const;

/** The largest |sum| of not-subject rows `ImporteSgn12.2Type` can carry, in cents: 12 nines and 2. */
const MAX_AMOUNT_CENTS = 99_999_999_999_999n;

/**
 * The rows of a breakdown counted per block (sii.md §5, §6): subject and exempt rows and the
 * not-subject sums of each issued-invoice block, reverse-charge and other rows of a received
 * invoice, and whether issued rows use both breakdown kinds.
 */
class BlockTally {
  private readonly subject = { invoice: 0, goods: 0, services: 0 };
  private readonly exempt = { invoice: 0, goods: 0, services: 0 };
  private readonly notSubject = new Map<string, bigint>();
  private reverse = 0;
  private other = 0;
  private invoiceLevel = false;
  private split = false;

  add(row: SiiRow, kind: ReturnType<typeof classifyRow>, base: bigint, issued: boolean): void {
    if (!issued) {
      if (isReverseCharge(row)) this.reverse += 1;
      else this.other += 1;
      return;
    }
    const block = issuedBlock(row);
    if (block === 'invoice') this.invoiceLevel = true;
    else this.split = true;
    if (kind.kind === 'subject') this.subject[block] += 1;
    else if (kind.kind === 'exempt') this.exempt[block] += 1;
    else if (kind.kind === 'not_subject') {
      const key = `${BLOCK_NAMES[block]} ${kind.reason}`;
      this.notSubject.set(key, (this.notSubject.get(key) ?? 0n) + base);
    }
  }

  issues(check: Checker, issued: boolean): void {
    if (!issued) {
      if (this.reverse > MAX_VAT_LINES)
        check.add(
          'sii.6.detalle-iva-limit',
          'parameter_invalid',
          ['tax_breakdowns'],
          `must have at most ${MAX_VAT_LINES} reverse-charge rows: ${this.reverse} given (SII InversionSujetoPasivo/DetalleIVA, sii.md §5)`,
        );
      if (this.other > MAX_VAT_LINES)
        check.add(
          'sii.6.detalle-iva-limit',
          'parameter_invalid',
          ['tax_breakdowns'],
          `must have at most ${MAX_VAT_LINES} rows without reverse charge: ${this.other} given (SII DesgloseIVA/DetalleIVA, sii.md §5)`,
        );
      return;
    }
    if (this.invoiceLevel && this.split)
      check.add(
        'sii.5.one-breakdown',
        'parameter_invalid',
        ['tax_breakdowns'],
        'cannot mix rows without operation_type (DesgloseFactura) and rows with one (DesgloseTipoOperacion): AEAT takes exactly one breakdown kind (sii.md §5)',
      );
    for (const block of ['invoice', 'goods', 'services'] as const) {
      if (this.subject[block] > MAX_VAT_LINES)
        check.add(
          'sii.6.detalle-iva-limit',
          'parameter_invalid',
          ['tax_breakdowns'],
          `must have at most ${MAX_VAT_LINES} subject, not exempt rows in ${BLOCK_NAMES[block]}: ${this.subject[block]} given (SII DetalleIVA, sii.md §6)`,
        );
      if (this.exempt[block] > MAX_EXEMPT_LINES)
        check.add(
          'sii.6.detalle-exenta-limit',
          'parameter_invalid',
          ['tax_breakdowns'],
          `must have at most ${MAX_EXEMPT_LINES} exempt rows in ${BLOCK_NAMES[block]}: ${this.exempt[block]} given (SII DetalleExenta, sii.md §6)`,
        );
    }
    for (const [key, sum] of this.notSubject)
      if ((sum < 0n ? -sum : sum) > MAX_AMOUNT_CENTS)
        check.add(
          'sii.ImporteSgn12.2Type',
          'parameter_invalid',
          ['tax_breakdowns'],
          `must have not-subject rows (${key}) that add up to at most 12 integer digits (SII NoSujeta, ImporteSgn12.2Type)`,
        );
  }
}

/** `BienesInversion` (sii.md §3). */
function capitalGoodIssues(check: Checker, report: SiiTaxReportCreate): void {
  const good = report.capital_good;
  if (good === null || good === undefined || typeof good !== 'object') return;
  if (check.required(['capital_good', 'identification'], good.identification, 'IdentificacionBien'))
    check.text(['capital_good', 'identification'], good.identification, 40, 'IdentificacionBien');
  if (check.required(['capital_good', 'start_date'], good.start_date, 'FechaInicioUtilizacion'))
    check.date(['capital_good', 'start_date'], good.start_date, 'FechaInicioUtilizacion');
  if (check.required(['capital_good', 'annual_proration'], good.annual_proration, 'ProrrataAnualDefinitiva'))
    check.rate(['capital_good', 'annual_proration'], good.annual_proration, 'ProrrataAnualDefinitiva');
  check.amount(
    ['capital_good', 'annual_regularization'],
    good.annual_regularization,
    'RegularizacionAnualDeduccion',
  );
}

/** `OperacionIntracomunitaria` (sii.md §3). */
function intraCommunityIssues(check: Checker, report: SiiTaxReportCreate): void {
  const operation = report.intra_community_operation;
  if (operation === null || operation === undefined || typeof operation !== 'object') return;
  if (
    check.required(['intra_community_operation', 'operation_key'], operation.operation_key, 'TipoOperacion')
  )
    check.code(
      'sii.TipoOperacionType',
      ['intra_community_operation', 'operation_key'],
      operation.operation_key,
      INTRA_OPERATION_KEYS,
      'TipoOperacion',
    );
  if (check.required(['intra_community_operation', 'declared_key'], operation.declared_key, 'ClaveDeclarado'))
    check.code(
      'sii.OperacionIntracomunitaria.ClaveDeclarado',
      ['intra_community_operation', 'declared_key'],
      operation.declared_key,
      INTRA_DECLARED_KEYS,
      'ClaveDeclarado',
    );
  if (check.required(['intra_community_operation', 'member_state'], operation.member_state, 'EstadoMiembro'))
    check.code(
      'sii.CountryMiembroType',
      ['intra_community_operation', 'member_state'],
      operation.member_state,
      MEMBER_STATES,
      'EstadoMiembro',
    );
  const term = operation.term_days as unknown;
  if (isPresent(term) && !(typeof term === 'number' && Number.isInteger(term) && term >= 0 && term <= 999))
    check.add(
      'sii.OperacionIntracomunitaria.PlazoOperacion',
      'parameter_invalid',
      ['intra_community_operation', 'term_days'],
      'must be a whole number of days from 0 to 999 (SII PlazoOperacion)',
    );
  if (
    check.required(
      ['intra_community_operation', 'goods_description'],
      operation.goods_description,
      'DescripcionBienes',
    )
  )
    check.text(
      ['intra_community_operation', 'goods_description'],
      operation.goods_description,
      40,
      'DescripcionBienes',
    );
  if (
    check.required(
      ['intra_community_operation', 'operator_address'],
      operation.operator_address,
      'DireccionOperador',
    )
  )
    check.text(
      ['intra_community_operation', 'operator_address'],
      operation.operator_address,
      120,
      'DireccionOperador',
    );
  check.text(
    ['intra_community_operation', 'documentation'],
    operation.documentation,
    150,
    'FacturasODocumentacion',
  );
}

/** `Cobros/Cobro` or `Pagos/Pago` (sii.md §3). */
function paymentIssues(check: Checker, report: SiiTaxReportCreate): void {
  (report.payments ?? []).forEach((payment, index) => {
    if (payment === null || typeof payment !== 'object') {
      check.add(
        'fiscalkit.sii.payment-object',
        'invalid_request_params',
        ['payments', index],
        'must be an object',
      );
      return;
    }
    if (check.required(['payments', index, 'date'], payment.date, 'Fecha'))
      check.date(['payments', index, 'date'], payment.date, 'Fecha');
    if (check.required(['payments', index, 'amount'], payment.amount, 'Importe'))
      check.amount(['payments', index, 'amount'], payment.amount, 'Importe');
    if (check.required(['payments', index, 'method'], payment.method, 'Medio'))
      check.code(
        'sii.MedioPagoType',
        ['payments', index, 'method'],
        payment.method,
        PAYMENT_METHODS,
        'Medio',
      );
    check.text(['payments', index, 'account'], payment.account, 34, 'Cuenta_O_Medio');
  });
}

// -------------------------------------------------------------------------------------------------
// Baja (annulment) records
// -------------------------------------------------------------------------------------------------

/**
 * An annulment record (`BajaLR…`, sii.md §2): only what the book's baja record carries — the
 * period, and `IDFactura` (number, date, and the supplier for supplier books), `Contraparte` for the
 * counterparty books, `IdentificacionBien` for `Inversion`, `ClaveOperacion` for `Seguros`.
 */
function bajaIssues(check: Checker, report: SiiTaxReportCreate, book: SiiBookType): void {
  if (SII_BAJA_BOOKS[book] === undefined) {
    check.add(
      'sii.2.baja-books',
      'parameter_invalid',
      ['book_type'],
      `has no annulment (baja) message: ${book} records cannot be annulled (sii.md §2)`,
    );
    return;
  }
  const required = (field: keyof SiiTaxReportCreate, element: string) =>
    check.required([field], report[field], element);
  required('period_year', 'PeriodoLiquidacion/Ejercicio');
  required('period', 'PeriodoLiquidacion/Periodo');
  periodIssues(check, report);
  if (book === 'Metalico' || book === 'Seguros' || book === 'AgenciasViajes') {
    representativeIssues(check, report, 'customer');
    required('customer_party_name', 'Contraparte/NombreRazon');
    required('customer_party_tax_id', 'Contraparte/NIF');
    partyIssues(check, report, 'customer', false);
    if (book === 'Seguros' && required('insurance_operation_key', 'ClaveOperacion'))
      check.code(
        'sii.ClaveOperacionType',
        ['insurance_operation_key'],
        report.insurance_operation_key,
        INSURANCE_KEYS,
        'ClaveOperacion',
      );
    return;
  }
  if (book !== 'Expedida') {
    required('supplier_party_name', 'IDEmisorFactura/NombreRazon');
    required('supplier_party_tax_id', 'IDEmisorFactura/NIF');
    partyIssues(check, report, 'supplier', false);
  }
  required('invoice_number', 'NumSerieFacturaEmisor');
  required('invoice_date', 'FechaExpedicionFacturaEmisor');
  invoiceIdIssues(check, report);
  check.text(['external_reference'], report.external_reference, 60, 'RefExterna');
  if (book === 'Inversion') {
    const identification = report.capital_good?.identification;
    if (check.required(['capital_good', 'identification'], identification, 'IdentificacionBien'))
      check.text(['capital_good', 'identification'], identification, 40, 'IdentificacionBien');
  }
}
