import type { ValidationIssue } from '../errors/validationIssue.js';
import type { SiiBookType, SiiTaxReportUpdate } from '../model/siiTaxReport.js';
import { isPresent, issueAt } from './issue.js';

/** A field a book can require. */
export type SiiRequiredField = keyof SiiTaxReportUpdate;

/** `Cabecera/TipoComunicacion` and `PeriodoLiquidacion`: every book with `CabeceraSii`. */
const HEADER = ['communication_type', 'period_year', 'period'] as const;
/** `IDFactura`: number and issue date of the invoice. */
const INVOICE_ID = ['invoice_number', 'invoice_date'] as const;
/** `IDFactura/IDEmisorFactura` with `NombreRazon`: the supplier issued the invoice. */
const SUPPLIER = ['supplier_party_name', 'supplier_party_tax_id'] as const;
/** `Contraparte`: the other party of issued invoices and of the cash, insurance and travel books. */
const COUNTERPARTY = ['customer_party_name', 'customer_party_tax_id'] as const;
/** The body shared by issued and received invoices: `TipoFactura`, the regime key, the description, the breakdown. */
const INVOICE_BODY = ['invoice_type_code', 'special_regime_key', 'description', 'tax_breakdowns'] as const;

/**
 * The fields each book requires, from the required elements of its AEAT record
 * (`shared/xsd/sii/trees/*.txt`; sii.md §2, §3), translated through the JSON shape of sii.md §10.
 * **fiscalkit's** table (the service documents no per-book field list):
 *
 * - `Expedida` (`RegistroLRFacturasEmitidas`): header, `IDFactura`, `TipoFactura`,
 *   `ClaveRegimenEspecialOTrascendencia`, `DescripcionOperacion`, `TipoDesglose`.
 * - `Recibida`: the same, plus the supplier (`IDEmisorFactura` and `Contraparte`), `FechaRegContable`
 *   and `CuotaDeducible`.
 * - `Inversion`: header, `IDFactura` with the supplier, `BienesInversion` (`capital_good`).
 * - `Intracomunitaria`: header, `IDFactura` with its issuer (`supplier_party_*`), `Contraparte`
 *   (`customer_party_*`), `OperacionIntracomunitaria` (`intra_community_operation`).
 * - `Metalico`, `AgenciasViajes`: header, `Contraparte`, `ImporteTotal`; `Seguros` also
 *   `ClaveOperacion`.
 * - `CobrosEmitidas`: `IDFactura` (the titular issued it) and `Cobros`; `PagosRecibidas`: `IDFactura`
 *   with the supplier and `Pagos`. No header fields: `CabeceraSiiCobrosPagos` has no
 *   `TipoComunicacion` and the records no period.
 *
 * `special_regime_key` is required even though the service has an account default for it
 * (`tax_report_setting.special_regime_key`, api-notes.md §9): a host that applies such defaults does
 * so before the rules run.
 */
export const SII_BOOK_REQUIREMENTS: Readonly<Record<SiiBookType, readonly SiiRequiredField[]>> = {
  Expedida: [...HEADER, ...INVOICE_ID, ...INVOICE_BODY],
  Recibida: [
    ...HEADER,
    ...SUPPLIER,
    ...INVOICE_ID,
    ...INVOICE_BODY,
    'accounting_date',
    'deductible_tax_amount',
  ],
  Inversion: [...HEADER, ...SUPPLIER, ...INVOICE_ID, 'capital_good'],
  Intracomunitaria: [...HEADER, ...SUPPLIER, ...INVOICE_ID, ...COUNTERPARTY, 'intra_community_operation'],
  Metalico: [...HEADER, ...COUNTERPARTY, 'tax_inclusive_amount'],
  CobrosEmitidas: [...INVOICE_ID, 'payments'],
  PagosRecibidas: [...SUPPLIER, ...INVOICE_ID, 'payments'],
  Seguros: [...HEADER, ...COUNTERPARTY, 'insurance_operation_key', 'tax_inclusive_amount'],
  AgenciasViajes: [...HEADER, ...COUNTERPARTY, 'tax_inclusive_amount'],
};

/**
 * The per-book requirements of an SII tax report ({@link SII_BOOK_REQUIREMENTS}): each required field
 * that is absent, null or blank is `parameter_blank` at that field; a required list that is empty
 * (`tax_breakdowns`, `payments`: AEAT needs at least one `DetalleIVA` / `Cobro` / `Pago`) is
 * `parameter_empty`. Without a `book_type` there is nothing to check (the schema requires it). The
 * facts are the AEAT records' (sii.md §2): `sii.2.book-field`, `sii.2.book-list`.
 *
 * @example
 * ```ts
 * siiBookRequirementIssues({ book_type: 'CobrosEmitidas', invoice_number: 'A-1', invoice_date: '2026-03-15' });
 * // [{ rule: 'sii.2.book-field', code: 'parameter_blank', param: 'payments', … }]
 * ```
 */
export function siiBookRequirementIssues(report: SiiTaxReportUpdate): ValidationIssue[] {
  const book = report.book_type;
  if (book === undefined || book === null) return [];
  const issues: ValidationIssue[] = [];
  for (const field of SII_BOOK_REQUIREMENTS[book]) {
    const value: unknown = report[field];
    if (!isPresent(value))
      issues.push(
        issueAt('sii.2.book-field', 'parameter_blank', [field], `is required for book_type ${book}`),
      );
    else if (Array.isArray(value) && value.length === 0)
      issues.push(
        issueAt(
          'sii.2.book-list',
          'parameter_empty',
          [field],
          `needs at least one element for book_type ${book}`,
        ),
      );
  }
  return issues;
}
