import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { idFacturaConNombre } from './idFactura.js';
import { datosPagoCobro } from './pagoCobro.js';
import type { XmlElement } from './xml.js';

/**
 * `RegistroLRPagos` (sii.md §2, `PagosRecibidas`; no `PeriodoLiquidacion`): `IDFactura` (the
 * supplier, with its name), `Pagos/Pago[]`.
 *
 * @example
 * ```ts
 * registroPagosRecibidas(pagosRecibidas())['siiLR:Pagos']; // { 'sii:Pago': [{ 'sii:Fecha': '30-03-2026', … }] }
 * ```
 */
export function registroPagosRecibidas(report: SiiTaxReportCreate): XmlElement {
  return {
    'siiLR:IDFactura': idFacturaConNombre(report),
    'siiLR:Pagos': { 'sii:Pago': (report.payments ?? []).map(datosPagoCobro) },
  };
}
