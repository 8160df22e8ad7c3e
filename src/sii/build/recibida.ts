import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte } from './contraparte.js';
import { desgloseRecibida } from './desglose.js';
import { facturaComun } from './factura.js';
import { amountText, siiDate, siiFlag } from './formats.js';
import { idFacturaRecibida } from './idFactura.js';
import { periodoLiquidacion } from './periodo.js';
import type { XmlElement } from './xml.js';

/**
 * `FacturaRecibida` (`FacturaRecibidaType`, sii.md §3, §5): the common invoice part, `DesgloseFactura`
 * (reverse charge vs ordinary VAT), `Contraparte` (the supplier, required), `FechaRegContable`,
 * `CuotaDeducible`, then `ADeducirEnPeriodoPosterior`, `EjercicioDeduccion`, `PeriodoDeduccion`.
 *
 * @example
 * ```ts
 * facturaRecibida(recibida())['sii:CuotaDeducible']; // '41.00'
 * ```
 */
export function facturaRecibida(report: SiiTaxReportCreate): XmlElement {
  return {
    ...facturaComun(report),
    'sii:DesgloseFactura': desgloseRecibida(report.tax_breakdowns ?? []),
    'sii:Contraparte': contraparte(report, 'supplier'),
    'sii:FechaRegContable': siiDate(report.accounting_date),
    'sii:CuotaDeducible': amountText(report.deductible_tax_amount),
    'sii:ADeducirEnPeriodoPosterior': siiFlag(report.deduct_in_later_period),
    'sii:EjercicioDeduccion':
      report.deduction_year === null || report.deduction_year === undefined
        ? undefined
        : String(report.deduction_year),
    'sii:PeriodoDeduccion': report.deduction_period ?? undefined,
  };
}

/**
 * `RegistroLRFacturasRecibidas` (sii.md §2, `Recibida`): `PeriodoLiquidacion`, `IDFactura` (the
 * supplier issued it), `FacturaRecibida`.
 *
 * @example
 * ```ts
 * registroRecibida(recibida())['siiLR:IDFactura']; // { 'sii:IDEmisorFactura': { 'sii:NIF': 'A58818501' }, … }
 * ```
 */
export function registroRecibida(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:IDFactura': idFacturaRecibida(report),
    'siiLR:FacturaRecibida': facturaRecibida(report),
  };
}
