import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte, entidadSucedida } from './contraparte.js';
import { amountText } from './formats.js';
import { periodoLiquidacion } from './periodo.js';
import type { XmlElement } from './xml.js';

/**
 * `RegistroLRAgenciasViajes` (sii.md §2, `AgenciasViajes`): `PeriodoLiquidacion`, `Contraparte`,
 * `ImporteTotal`, `EntidadSucedida?`.
 *
 * @example
 * ```ts
 * registroAgenciasViajes(agenciasViajes())['siiLR:ImporteTotal']; // '6500.00'
 * ```
 */
export function registroAgenciasViajes(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:Contraparte': contraparte(report, 'customer'),
    'siiLR:ImporteTotal': amountText(report.tax_inclusive_amount),
    'siiLR:EntidadSucedida': entidadSucedida(report),
  };
}
