/**
 * Hand-written SII tax reports (`SiiDocument`, sii.md §10): one complete, valid record per situation
 * the SII builder must get right, for every book of sii.md §2. Every function returns a fresh object,
 * so a test may change it. Each record passes `siiRecordIssues` with {@link siiTitular} and its XML
 * (`buildSiiMessage`) validates against `shared/xsd/sii/SuministroLR.xsd`.
 *
 * Amounts satisfy the AEAT checks of sii.md §8 (ImporteTotal within ±10 €, cuota = base × rate,
 * allowed VAT and recargo rates). The titular is the OCA samples' (`header_A0.json`: "Test company",
 * `U2687761C`); counterparties use the NIFs of sii.md (`B12345674`) and valid DNI-form NIFs.
 *
 * Exports (for the other SII helpers' tests):
 * - {@link siiTitular}: the titular of every message.
 * - one function per record: {@link expedidaF1}, {@link expedidaF2}, {@link expedidaR1},
 *   {@link expedidaForeign}, {@link recibida}, {@link recibidaForeign}, {@link inversion},
 *   {@link intracomunitaria}, {@link metalico}, {@link cobrosEmitidas}, {@link pagosRecibidas},
 *   {@link seguros}, {@link agenciasViajes};
 * - {@link SII_FIXTURES}: every fixture by name, and {@link SII_BOOK_FIXTURES}: one per book.
 */
import type { SiiBookType, SiiTaxReportCreate } from '../../src/model/siiTaxReport.js';
import type { SiiTitular } from '../../src/sii/message.js';

/** The titular of every fixture message (`Cabecera/Titular`, OCA's `header_A0.json`). */
export function siiTitular(): SiiTitular {
  return { name: 'Test company', nif: 'U2687761C' };
}

/** The header fields every book with `CabeceraSii` needs: `A0`, 2026, March. */
function header(): Pick<SiiTaxReportCreate, 'type' | 'communication_type' | 'period_year' | 'period'> {
  return { type: 'SiiDocument', communication_type: 'A0', period_year: 2026, period: '03' };
}

/** A Spanish customer identified by NIF (sii.md §10's example). */
function spanishCustomer(): Partial<SiiTaxReportCreate> {
  return {
    customer_party_name: 'EMPRESA EJEMPLO SL',
    customer_party_tax_id: 'B12345674',
    customer_party_tax_scheme: '9920',
    customer_party_country: 'ES',
  };
}

/** A Spanish supplier identified by NIF. */
function spanishSupplier(): Partial<SiiTaxReportCreate> {
  return {
    supplier_party_name: 'PROVEEDOR EJEMPLO SA',
    supplier_party_tax_id: 'A58818501',
    supplier_party_tax_scheme: '9920',
    supplier_party_country: 'ES',
  };
}

/**
 * An issued F1 invoice split by type of operation (`DesgloseTipoOperacion`): goods at 21 % with
 * recargo 5.2 % and at 10 %; services at 21 %, exempt E1 and not subject (N2, location rules).
 * `ImporteTotal` = 1000 + 210 + 52 + 100 + 10 + 300 + 63 + 200 + 50 = 1985.00.
 */
export function expedidaF1(): SiiTaxReportCreate {
  return {
    ...header(),
    book_type: 'Expedida',
    invoice_number: '2026-A-000123',
    invoice_date: '2026-03-15',
    invoice_type_code: 'F1',
    special_regime_key: '01',
    additional_special_regime_keys: [],
    description: 'Venta de mercaderías & servicios <varios>',
    tax_inclusive_amount: '1985.00',
    ...spanishCustomer(),
    tax_breakdowns: [
      {
        operation_type: 'goods',
        category: 'S',
        non_exemption_code: 'S1',
        percent: '21.00',
        taxable_base: '1000.00',
        tax_amount: '210.00',
        surcharge_percent: '5.20',
        surcharge_amount: '52.00',
      },
      {
        operation_type: 'goods',
        non_exemption_code: 'S1',
        percent: '10',
        taxable_base: '100',
        tax_amount: '10',
      },
      {
        operation_type: 'services',
        non_exemption_code: 'S1',
        percent: '21',
        taxable_base: '300.00',
        tax_amount: '63.00',
      },
      { operation_type: 'services', category: 'E', reason_vat_exempt: 'E1', taxable_base: '200.00' },
      { operation_type: 'services', reason_no_subject: 'N2', taxable_base: '50.00' },
    ],
  };
}

/**
 * An issued simplified invoice (F2, a ticket): no counterparty, an invoice-level breakdown
 * (`DesgloseFactura`), 21 % on 50.00, total 60.50 (≤ 3,000 €, sii.md §8).
 */
export function expedidaF2(): SiiTaxReportCreate {
  return {
    ...header(),
    book_type: 'Expedida',
    invoice_number: 'T-2026-0042',
    invoice_date: '2026-03-16',
    invoice_type_code: 'F2',
    special_regime_key: '01',
    description: 'Venta al por menor',
    tax_inclusive_amount: '60.50',
    tax_breakdowns: [{ non_exemption_code: 'S1', percent: '21', taxable_base: '50.00', tax_amount: '10.50' }],
  };
}

/**
 * An issued corrective invoice R1 (sii.md §4.2). `I` (differences): −100.00 at 21 % (−21.00), total
 * −121.00. `S` (substitution): the new values 900.00 / 189.00 and `ImporteRectificacion` 1000.00 /
 * 210.00 of the corrected invoice, total 1089.00.
 */
export function expedidaR1(correctiveType: 'I' | 'S' = 'I'): SiiTaxReportCreate {
  const common = {
    ...header(),
    book_type: 'Expedida' as const,
    invoice_number: `2026-R-00000${correctiveType === 'I' ? '1' : '2'}`,
    invoice_date: '2026-03-20',
    invoice_type_code: 'R1' as const,
    corrective_type: correctiveType,
    corrected_invoices: [{ number: '2026-A-000100', date: '2026-02-10' }],
    special_regime_key: '01' as const,
    description: 'Rectificación de la factura 2026-A-000100',
    ...spanishCustomer(),
  };
  if (correctiveType === 'I')
    return {
      ...common,
      tax_inclusive_amount: '-121.00',
      tax_breakdowns: [
        { non_exemption_code: 'S1', percent: '21.00', taxable_base: '-100.00', tax_amount: '-21.00' },
      ],
    };
  return {
    ...common,
    corrected_taxable_base: '1000.00',
    corrected_tax_amount: '210.00',
    tax_inclusive_amount: '1089.00',
    tax_breakdowns: [
      { non_exemption_code: 'S1', percent: '21.00', taxable_base: '900.00', tax_amount: '189.00' },
    ],
  };
}

/**
 * An issued F1 invoice to an EU customer identified by `IDOtro` (IDType `02`, EU VAT number):
 * AEAT wants the split by type of operation then (sii.md §5); an intra-community supply of goods,
 * exempt E5, and a service not subject by location rules (N2). Total 1500.00.
 */
export function expedidaForeign(): SiiTaxReportCreate {
  return {
    ...header(),
    book_type: 'Expedida',
    invoice_number: '2026-E-000007',
    invoice_date: '2026-03-05',
    invoice_type_code: 'F1',
    special_regime_key: '01',
    description: 'Entrega intracomunitaria y servicios',
    tax_inclusive_amount: '1500.00',
    customer_party_name: 'KUNDE GMBH',
    customer_party_tax_id: 'DE123456789',
    customer_party_tax_scheme: '02',
    customer_party_country: 'DE',
    tax_breakdowns: [
      { operation_type: 'goods', reason_vat_exempt: 'E5', taxable_base: '1200.00' },
      { operation_type: 'services', reason_no_subject: 'N2', taxable_base: '300.00' },
    ],
  };
}

/**
 * A received invoice (sii.md §5): a reverse-charge line (`InversionSujetoPasivo`) 21 % 100.00 /
 * 21.00 and an ordinary line 10 % 200.00 / 20.00 with recargo 1.4 % (2.80). `CuotaDeducible` 41.00,
 * total 121 + 222.80 = 343.80.
 */
export function recibida(): SiiTaxReportCreate {
  return {
    ...header(),
    book_type: 'Recibida',
    ...spanishSupplier(),
    invoice_number: 'FP-2026/0815',
    invoice_date: '2026-03-02',
    invoice_type_code: 'F1',
    special_regime_key: '01',
    description: 'Compra de material',
    tax_inclusive_amount: '343.80',
    tax_breakdowns: [
      {
        non_exemption_code: 'S2',
        reverse_charge: true,
        percent: '21',
        taxable_base: '100.00',
        tax_amount: '21.00',
      },
      {
        non_exemption_code: 'S1',
        percent: '10',
        taxable_base: '200.00',
        tax_amount: '20.00',
        surcharge_percent: '1.4',
        surcharge_amount: '2.80',
      },
    ],
    accounting_date: '2026-03-04',
    deductible_tax_amount: '41.00',
  };
}

/**
 * A received invoice from a French supplier identified by `IDOtro` (`02`, `FR…`), reverse charge
 * 21 % on 500.00 plus a not-subject line of 40.00 (a `DetalleIVA` with the base only, as in OCA's
 * `sii_in_invoice_p_iva0_ns_p_iva10_bc.xml`). Total 645.00, deductible 105.00.
 */
export function recibidaForeign(): SiiTaxReportCreate {
  return {
    ...header(),
    book_type: 'Recibida',
    supplier_party_name: 'FOURNISSEUR SARL',
    supplier_party_tax_id: 'FR12345678901',
    supplier_party_tax_scheme: '02',
    supplier_party_country: 'FR',
    invoice_number: 'F-778',
    invoice_date: '2026-03-01',
    invoice_type_code: 'F1',
    special_regime_key: '09',
    description: 'Adquisición intracomunitaria de servicios',
    tax_inclusive_amount: '645.00',
    tax_breakdowns: [
      { reverse_charge: true, percent: '21', taxable_base: '500.00', tax_amount: '105.00' },
      { reason_no_subject: 'N1', taxable_base: '40.00' },
    ],
    accounting_date: '2026-03-06',
    deductible_tax_amount: '105.00',
  };
}

/** A capital good (`Inversion`, annual period 0A): proration 80 %, regularisation −120.50. */
export function inversion(): SiiTaxReportCreate {
  return {
    ...header(),
    period_year: 2025,
    period: '0A',
    book_type: 'Inversion',
    ...spanishSupplier(),
    invoice_number: 'FP-2025/0101',
    invoice_date: '2025-01-10',
    capital_good: {
      identification: 'Máquina CNC 3000',
      start_date: '2025-01-15',
      annual_proration: '80',
      annual_regularization: '-120.50',
    },
  };
}

/**
 * An intra-community operation (`Intracomunitaria`, art. 66 RIVA): goods received from Germany for
 * work (`A`, declared by the recipient `D`), 30 days.
 */
export function intracomunitaria(): SiiTaxReportCreate {
  return {
    ...header(),
    book_type: 'Intracomunitaria',
    supplier_party_name: 'LIEFERANT GMBH',
    supplier_party_tax_id: 'DE987654321',
    supplier_party_tax_scheme: '02',
    supplier_party_country: 'DE',
    invoice_number: 'LS-4711',
    invoice_date: '2026-03-09',
    customer_party_name: 'LIEFERANT GMBH',
    customer_party_tax_id: 'DE987654321',
    customer_party_tax_scheme: '02',
    customer_party_country: 'DE',
    intra_community_operation: {
      operation_key: 'A',
      declared_key: 'D',
      member_state: 'DE',
      term_days: 30,
      goods_description: 'Moldes para reparación',
      operator_address: 'Hauptstraße 1, 10115 Berlin',
      documentation: 'Albarán 123',
    },
  };
}

/** Cash collections above 6,000 € from one customer in 2025 (`Metalico`, period 0A). */
export function metalico(): SiiTaxReportCreate {
  return {
    ...header(),
    period_year: 2025,
    period: '0A',
    book_type: 'Metalico',
    customer_party_name: 'JUAN ESPAÑOL PÉREZ',
    customer_party_tax_id: '12345678Z',
    customer_party_tax_scheme: '9920',
    tax_inclusive_amount: '7500.00',
  };
}

/** Collections of an issued invoice (cash accounting, `CobrosEmitidas`): a transfer and cash. */
export function cobrosEmitidas(): SiiTaxReportCreate {
  return {
    type: 'SiiDocument',
    book_type: 'CobrosEmitidas',
    invoice_number: '2026-A-000123',
    invoice_date: '2026-03-15',
    payments: [
      { date: '2026-03-20', amount: '1000.00', method: '01', account: 'ES9121000418450200051332' },
      { date: '2026-03-25', amount: '985', method: '04' },
    ],
  };
}

/** Payments of a received invoice (cash accounting, `PagosRecibidas`). */
export function pagosRecibidas(): SiiTaxReportCreate {
  return {
    type: 'SiiDocument',
    book_type: 'PagosRecibidas',
    ...spanishSupplier(),
    invoice_number: 'FP-2026/0815',
    invoice_date: '2026-03-02',
    payments: [{ date: '2026-03-30', amount: '343.80', method: '02', account: 'Cheque 000123' }],
  };
}

/** An insurance operation (`Seguros`, `ClaveOperacion` A). */
export function seguros(): SiiTaxReportCreate {
  return {
    ...header(),
    period_year: 2025,
    period: '0A',
    book_type: 'Seguros',
    ...spanishCustomer(),
    insurance_operation_key: 'A',
    tax_inclusive_amount: '15000.00',
  };
}

/** A travel agency amount (`AgenciasViajes`, D.A. 4ª RD 1619/2012). */
export function agenciasViajes(): SiiTaxReportCreate {
  return {
    ...header(),
    period_year: 2025,
    period: '0A',
    book_type: 'AgenciasViajes',
    ...spanishCustomer(),
    tax_inclusive_amount: '6500.00',
  };
}

/** Every fixture by a short name (also the golden file stem's first part). */
export const SII_FIXTURES: Readonly<Record<string, () => SiiTaxReportCreate>> = {
  'expedida-f1': expedidaF1,
  'expedida-f2': expedidaF2,
  'expedida-r1-i': () => expedidaR1('I'),
  'expedida-r1-s': () => expedidaR1('S'),
  'expedida-foreign': expedidaForeign,
  recibida,
  'recibida-foreign': recibidaForeign,
  inversion,
  intracomunitaria,
  metalico,
  'cobros-emitidas': cobrosEmitidas,
  'pagos-recibidas': pagosRecibidas,
  seguros,
  'agencias-viajes': agenciasViajes,
};

/** One representative fixture per book. */
export const SII_BOOK_FIXTURES: Readonly<Record<SiiBookType, () => SiiTaxReportCreate>> = {
  Expedida: expedidaF1,
  Recibida: recibida,
  Inversion: inversion,
  Intracomunitaria: intracomunitaria,
  Metalico: metalico,
  CobrosEmitidas: cobrosEmitidas,
  PagosRecibidas: pagosRecibidas,
  Seguros: seguros,
  AgenciasViajes: agenciasViajes,
};
