import { SII_CORRECTIVE_INVOICE_TYPE_CODES } from '../../model/siiCodes.js';
import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { entidadSucedida } from './contraparte.js';
import { amountCents, amountText, siiDate, siiFlag, siiText } from './formats.js';
import { repeated, type XmlElement } from './xml.js';

const CORRECTIVE: ReadonlySet<string> = new Set(SII_CORRECTIVE_INVOICE_TYPE_CODES);

/** `Macrodato` is `S` from this `ImporteTotal` on, in cents: 100,000,000 € (sii.md §3). */
const MACRODATO_CENTS = 10_000_000_000n;

/**
 * Whether an invoice type is a corrective one (`R1`–`R5`, sii.md §4.1): only those carry
 * `TipoRectificativa`, `FacturasRectificadas` and `ImporteRectificacion`; on any other type the
 * builder leaves the corrective fields out (**fiscalkit choice**, like the counterparty of `F2`).
 *
 * @example
 * ```ts
 * isCorrectiveType('R4'); // true
 * isCorrectiveType('F1'); // false
 * ```
 */
export function isCorrectiveType(type: string | null | undefined): boolean {
  return typeof type === 'string' && CORRECTIVE.has(type);
}

/**
 * The leading part of `FacturaType`, shared by `FacturaExpedida` and `FacturaRecibida` (XSD
 * sequence): `TipoFactura`, `TipoRectificativa?`, `FacturasAgrupadas?`, `FacturasRectificadas?`,
 * `ImporteRectificacion?` (substitution only, sii.md §4.2, with `CuotaRecargoRectificado`),
 * `FechaOperacion?`, `ClaveRegimenEspecialOTrascendencia` and its two additional keys,
 * `NumRegistroAcuerdoFacturacion?`, `ImporteTotal?`, `BaseImponibleACoste?`, `DescripcionOperacion`,
 * `RefExterna?`, `FacturaSimplificadaArticulos7.2_7.3?`, `EntidadSucedida?`,
 * `RegPrevioGGEEoREDEMEoCompetencia?` (issue #18 item 17: every element of the schema from a field),
 * `Macrodato` (`S` when |ImporteTotal| ≥ 100,000,000 €, sii.md §3).
 *
 * @example
 * ```ts
 * facturaComun({ invoice_type_code: 'F1', special_regime_key: '01', description: 'Venta', tax_inclusive_amount: '121' });
 * // { 'sii:TipoFactura': 'F1', …, 'sii:ImporteTotal': '121.00', 'sii:DescripcionOperacion': 'Venta', 'sii:Macrodato': undefined }
 * ```
 */
export function facturaComun(report: Partial<SiiTaxReportCreate>): XmlElement {
  const corrective = isCorrectiveType(report.invoice_type_code);
  const substitution = corrective && report.corrective_type === 'S';
  const additional = report.additional_special_regime_keys ?? [];
  const total = amountCents(report.tax_inclusive_amount);
  return {
    'sii:TipoFactura': report.invoice_type_code ?? undefined,
    'sii:TipoRectificativa': corrective ? (report.corrective_type ?? undefined) : undefined,
    'sii:FacturasAgrupadas': invoiceList('sii:IDFacturaAgrupada', report.grouped_invoices),
    'sii:FacturasRectificadas': corrective
      ? invoiceList('sii:IDFacturaRectificada', report.corrected_invoices)
      : undefined,
    'sii:ImporteRectificacion': substitution
      ? {
          'sii:BaseRectificada': amountText(report.corrected_taxable_base),
          'sii:CuotaRectificada': amountText(report.corrected_tax_amount),
          'sii:CuotaRecargoRectificado': amountText(report.corrected_surcharge_amount),
        }
      : undefined,
    'sii:FechaOperacion': siiDate(report.operation_date),
    'sii:ClaveRegimenEspecialOTrascendencia': report.special_regime_key ?? undefined,
    'sii:ClaveRegimenEspecialOTrascendenciaAdicional1': additional[0],
    'sii:ClaveRegimenEspecialOTrascendenciaAdicional2': additional[1],
    'sii:NumRegistroAcuerdoFacturacion': siiText(report.billing_agreement_number),
    'sii:ImporteTotal': amountText(report.tax_inclusive_amount),
    'sii:BaseImponibleACoste': amountText(report.cost_taxable_base),
    'sii:DescripcionOperacion': siiText(report.description),
    'sii:RefExterna': siiText(report.external_reference),
    'sii:FacturaSimplificadaArticulos7.2_7.3': siiFlag(report.qualified_simplified_invoice),
    'sii:EntidadSucedida': entidadSucedida(report),
    'sii:RegPrevioGGEEoREDEMEoCompetencia': siiFlag(report.prior_registration),
    'sii:Macrodato': total !== null && (total < 0n ? -total : total) >= MACRODATO_CENTS ? 'S' : undefined,
  };
}

/**
 * `FacturasAgrupadas{IDFacturaAgrupada[]}` / `FacturasRectificadas{IDFacturaRectificada[]}`
 * (`IDFacturaARType`: number and date), or `undefined` without invoices.
 */
function invoiceList(
  element: string,
  invoices: readonly { number: string; date: string }[] | null | undefined,
): XmlElement | undefined {
  const items = repeated(invoices, (invoice) => ({
    'sii:NumSerieFacturaEmisor': siiText(invoice.number),
    'sii:FechaExpedicionFacturaEmisor': siiDate(invoice.date),
  }));
  return items === undefined ? undefined : { [element]: items };
}
