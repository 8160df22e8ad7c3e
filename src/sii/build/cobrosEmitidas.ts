import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { idFacturaEmitida } from './idFactura.js';
import { datosPagoCobro } from './pagoCobro.js';
import type { XmlElement } from './xml.js';

/**
 * `RegistroLRCobros` (sii.md §2, `CobrosEmitidas`; no `PeriodoLiquidacion`): `IDFactura` (the
 * titular issued it), `Cobros/Cobro[]`.
 *
 * @example
 * ```ts
 * registroCobrosEmitidas(cobrosEmitidas(), 'U2687761C')['siiLR:Cobros']; // { 'sii:Cobro': [{ 'sii:Fecha': '20-03-2026', … }, …] }
 * ```
 */
export function registroCobrosEmitidas(report: SiiTaxReportCreate, titularNif: string): XmlElement {
  return {
    'siiLR:IDFactura': idFacturaEmitida(report, titularNif),
    'siiLR:Cobros': { 'sii:Cobro': (report.payments ?? []).map(datosPagoCobro) },
  };
}
