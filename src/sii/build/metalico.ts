import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte, entidadSucedida } from './contraparte.js';
import { amountText } from './formats.js';
import { periodoLiquidacion } from './periodo.js';
import type { XmlElement } from './xml.js';

/**
 * `RegistroLRCobrosMetalico` (sii.md §2, `Metalico`): `PeriodoLiquidacion` (`0A`), `Contraparte`
 * (the customer), `ImporteTotal`, `EntidadSucedida?`.
 *
 * @example
 * ```ts
 * registroMetalico(metalico())['siiLR:ImporteTotal']; // '7500.00'
 * ```
 */
export function registroMetalico(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:Contraparte': contraparte(report, 'customer'),
    'siiLR:ImporteTotal': amountText(report.tax_inclusive_amount),
    'siiLR:EntidadSucedida': entidadSucedida(report),
  };
}
