import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { entidadSucedida } from './contraparte.js';
import { amountText, rateText, siiDate, siiText } from './formats.js';
import { idFacturaConNombre } from './idFactura.js';
import { periodoLiquidacion } from './periodo.js';
import type { XmlElement } from './xml.js';

/**
 * `BienesInversion` (`BienDeInversionType`, sii.md §3): `IdentificacionBien`,
 * `FechaInicioUtilizacion`, `ProrrataAnualDefinitiva`, `RegularizacionAnualDeduccion?`,
 * `IdentificacionEntrega?`, `RegularizacionDeduccionEfectuada?`, `RefExterna?`,
 * `NumRegistroAcuerdoFacturacion?`, `EntidadSucedida?`.
 *
 * @example
 * ```ts
 * bienesInversion(inversion())['sii:ProrrataAnualDefinitiva']; // '80.00'
 * ```
 */
export function bienesInversion(report: SiiTaxReportCreate): XmlElement {
  const good = report.capital_good;
  return {
    'sii:IdentificacionBien': siiText(good?.identification),
    'sii:FechaInicioUtilizacion': siiDate(good?.start_date),
    'sii:ProrrataAnualDefinitiva': rateText(good?.annual_proration),
    'sii:RegularizacionAnualDeduccion': amountText(good?.annual_regularization),
    'sii:IdentificacionEntrega': siiText(good?.delivery_identification),
    'sii:RegularizacionDeduccionEfectuada': amountText(good?.regularization_made),
    'sii:RefExterna': siiText(report.external_reference),
    'sii:NumRegistroAcuerdoFacturacion': siiText(report.billing_agreement_number),
    'sii:EntidadSucedida': entidadSucedida(report),
  };
}

/**
 * `RegistroLRBienesInversion` (sii.md §2, `Inversion`): `PeriodoLiquidacion`, `IDFactura` (the
 * supplier, with its name), `BienesInversion`.
 *
 * @example
 * ```ts
 * Object.keys(registroInversion(inversion())); // ['sii:PeriodoLiquidacion', 'siiLR:IDFactura', 'siiLR:BienesInversion']
 * ```
 */
export function registroInversion(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:IDFactura': idFacturaConNombre(report),
    'siiLR:BienesInversion': bienesInversion(report),
  };
}
