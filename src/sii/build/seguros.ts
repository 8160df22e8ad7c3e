import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte, entidadSucedida } from './contraparte.js';
import { amountText } from './formats.js';
import { periodoLiquidacion } from './periodo.js';
import type { XmlElement } from './xml.js';

/**
 * `RegistroLROperacionesSeguros` (sii.md §2, `Seguros`): `PeriodoLiquidacion`, `Contraparte`,
 * `ClaveOperacion` (`A` / `B`), `ImporteTotal`, `EntidadSucedida?`.
 *
 * @example
 * ```ts
 * registroSeguros(seguros())['siiLR:ClaveOperacion']; // 'A'
 * ```
 */
export function registroSeguros(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:Contraparte': contraparte(report, 'customer'),
    'siiLR:ClaveOperacion': report.insurance_operation_key ?? undefined,
    'siiLR:ImporteTotal': amountText(report.tax_inclusive_amount),
    'siiLR:EntidadSucedida': entidadSucedida(report),
  };
}
