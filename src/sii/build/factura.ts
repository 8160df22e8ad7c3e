import { SII_CORRECTIVE_INVOICE_TYPE_CODES } from '../../model/siiCodes.js';
import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { amountCents, amountText, siiDate, siiText } from './formats.js';
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
 * sequence): `TipoFactura`, `TipoRectificativa?`, `FacturasRectificadas?`, `ImporteRectificacion?`
 * (substitution only, sii.md §4.2), `ClaveRegimenEspecialOTrascendencia` and its two additional
 * keys, `ImporteTotal?`, `DescripcionOperacion`, `Macrodato` (`S` when |ImporteTotal| ≥
 * 100,000,000 €, sii.md §3).
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
    'sii:FacturasRectificadas': corrective
      ? optionalList(
          repeated(report.corrected_invoices, (invoice) => ({
            'sii:NumSerieFacturaEmisor': siiText(invoice.number),
            'sii:FechaExpedicionFacturaEmisor': siiDate(invoice.date),
          })),
        )
      : undefined,
    'sii:ImporteRectificacion': substitution
      ? {
          'sii:BaseRectificada': amountText(report.corrected_taxable_base),
          'sii:CuotaRectificada': amountText(report.corrected_tax_amount),
        }
      : undefined,
    'sii:ClaveRegimenEspecialOTrascendencia': report.special_regime_key ?? undefined,
    'sii:ClaveRegimenEspecialOTrascendenciaAdicional1': additional[0],
    'sii:ClaveRegimenEspecialOTrascendenciaAdicional2': additional[1],
    'sii:ImporteTotal': amountText(report.tax_inclusive_amount),
    'sii:DescripcionOperacion': siiText(report.description),
    'sii:Macrodato': total !== null && (total < 0n ? -total : total) >= MACRODATO_CENTS ? 'S' : undefined,
  };
}

/** `FacturasRectificadas{IDFacturaRectificada[]}`, or `undefined` without corrected invoices. */
function optionalList(items: readonly XmlElement[] | undefined): XmlElement | undefined {
  return items === undefined ? undefined : { 'sii:IDFacturaRectificada': items };
}
