import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte, identificacion } from './contraparte.js';
import { siiDate, siiText } from './formats.js';
import { partyIdentification } from './identification.js';
import type { XmlElement } from './xml.js';

/**
 * `NumSerieFacturaEmisor`, `NumSerieFacturaEmisorResumenFin` (the last invoice of an `F4` summary,
 * `last_invoice_number`; only where the type has it, `withRangeEnd`) and `FechaExpedicionFacturaEmisor`
 * (dd-mm-yyyy), shared by every `IDFactura`.
 */
function numberAndDate(
  report: Pick<SiiTaxReportCreate, 'invoice_number' | 'invoice_date' | 'last_invoice_number'>,
  withRangeEnd = false,
): XmlElement {
  return {
    'sii:NumSerieFacturaEmisor': siiText(report.invoice_number),
    'sii:NumSerieFacturaEmisorResumenFin': withRangeEnd ? siiText(report.last_invoice_number) : undefined,
    'sii:FechaExpedicionFacturaEmisor': siiDate(report.invoice_date),
  };
}

/**
 * `IDFactura` of an invoice the titular issued (`IDFacturaExpedidaType`, `IDFacturaExpedidaBCType`;
 * sii.md §3): `IDEmisorFactura/NIF` is the titular's NIF, then number and issue date, and — in the
 * alta's `IDFacturaExpedidaType` only (`withRangeEnd`) — `NumSerieFacturaEmisorResumenFin`.
 *
 * @example
 * ```ts
 * idFacturaEmitida({ invoice_number: 'A-1', invoice_date: '2026-03-15' }, 'U2687761C');
 * // { 'sii:IDEmisorFactura': { 'sii:NIF': 'U2687761C' }, 'sii:NumSerieFacturaEmisor': 'A-1', 'sii:FechaExpedicionFacturaEmisor': '15-03-2026' }
 * ```
 */
export function idFacturaEmitida(
  report: Partial<SiiTaxReportCreate>,
  titularNif: string,
  withRangeEnd = false,
): XmlElement {
  return {
    'sii:IDEmisorFactura': { 'sii:NIF': siiText(titularNif) },
    ...numberAndDate(report, withRangeEnd),
  };
}

/**
 * `IDFactura` of a received invoice (`IDFacturaRecibidaType`, sii.md §3): the supplier as `NIF` or
 * `IDOtro` (no name), then number, `NumSerieFacturaEmisorResumenFin` and issue date.
 *
 * @example
 * ```ts
 * idFacturaRecibida({ supplier_party_tax_id: 'A58818501', invoice_number: 'F-1', invoice_date: '2026-03-02' });
 * // { 'sii:IDEmisorFactura': { 'sii:NIF': 'A58818501' }, 'sii:NumSerieFacturaEmisor': 'F-1', … }
 * ```
 */
export function idFacturaRecibida(report: Partial<SiiTaxReportCreate>): XmlElement {
  return {
    'sii:IDEmisorFactura': identificacion(partyIdentification(report, 'supplier')),
    ...numberAndDate(report, true),
  };
}

/**
 * `IDFactura` whose issuer has a name (`IDFacturaComunitariaType`, `IDFacturaRecibidaNombreBCType`;
 * sii.md §2): `IDEmisorFactura{NombreRazon, NIF | IDOtro}` is the supplier, then number and date.
 * Used by `Inversion`, `Intracomunitaria`, `PagosRecibidas` and the `Recibida` baja.
 *
 * @example
 * ```ts
 * idFacturaConNombre({ supplier_party_name: 'PROVEEDOR SA', supplier_party_tax_id: 'A58818501', invoice_number: 'F-1', invoice_date: '2026-03-02' });
 * // { 'sii:IDEmisorFactura': { 'sii:NombreRazon': 'PROVEEDOR SA', 'sii:NIF': 'A58818501' }, … }
 * ```
 */
export function idFacturaConNombre(report: Partial<SiiTaxReportCreate>): XmlElement {
  return { 'sii:IDEmisorFactura': contraparte(report, 'supplier', false), ...numberAndDate(report) };
}
