import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte } from './contraparte.js';
import { tipoDesglose } from './desglose.js';
import { facturaComun } from './factura.js';
import { amountText, siiFlag, siiText } from './formats.js';
import { partyIdentification } from './identification.js';
import { idFacturaEmitida } from './idFactura.js';
import { periodoLiquidacion } from './periodo.js';
import { repeated, type XmlElement } from './xml.js';

/**
 * The issued-invoice types that must not carry a `Contraparte` (sii.md §8): `F2`, `F4`, `R5`. The
 * builder leaves it out for them (`src/rules/siiCounterparty.ts`: "that is the XML builder's to
 * omit, not a reason to refuse the report").
 */
const WITHOUT_COUNTERPARTY: ReadonlySet<string> = new Set(['F2', 'F4', 'R5']);

/**
 * `DatosInmueble/DetalleInmueble[]{SituacionInmueble, ReferenciaCatastral?}` (`properties`), or
 * `undefined` without properties.
 */
function datosInmueble(report: SiiTaxReportCreate): XmlElement | undefined {
  const details = repeated(report.properties, (property) => ({
    'sii:SituacionInmueble': property.situation,
    'sii:ReferenciaCatastral': siiText(property.cadastral_reference),
  }));
  return details === undefined ? undefined : { 'sii:DetalleInmueble': details };
}

/**
 * `FacturaExpedida` (`FacturaExpedidaType`, sii.md §3): the common invoice part, the issued invoice's
 * own elements (`DatosInmueble` … `FacturaSinIdentifDestinatarioAritculo6.1.d`, issue #18 item 17),
 * then `Contraparte` (the customer, when identified and the type allows one) and `TipoDesglose`.
 *
 * @example
 * ```ts
 * facturaExpedida(expedidaF1())['sii:Contraparte']; // { 'sii:NombreRazon': 'EMPRESA EJEMPLO SL', 'sii:NIF': 'B12345674' }
 * ```
 */
export function facturaExpedida(report: SiiTaxReportCreate): XmlElement {
  const withCounterparty =
    !WITHOUT_COUNTERPARTY.has(report.invoice_type_code ?? '') &&
    partyIdentification(report, 'customer') !== null;
  return {
    ...facturaComun(report),
    'sii:DatosInmueble': datosInmueble(report),
    'sii:ImporteTransmisionInmueblesSujetoAIVA': amountText(report.property_transfer_amount),
    'sii:EmitidaPorTercerosODestinatario': siiFlag(report.issued_by_third_party),
    'sii:FacturacionDispAdicionalTerceraYsextayDelMercadoOrganizadoDelGas': siiFlag(
      report.gas_market_billing,
    ),
    'sii:VariosDestinatarios': siiFlag(report.multiple_recipients),
    'sii:Cupon': siiFlag(report.coupon),
    'sii:FacturaSinIdentifDestinatarioAritculo6.1.d': siiFlag(report.recipient_not_identified),
    'sii:Contraparte': withCounterparty ? contraparte(report, 'customer') : undefined,
    'sii:TipoDesglose': tipoDesglose(report.tax_breakdowns ?? []),
  };
}

/**
 * `RegistroLRFacturasEmitidas` (sii.md §2, `Expedida`): `PeriodoLiquidacion`, `IDFactura` (the
 * titular issued it), `FacturaExpedida`.
 *
 * @example
 * ```ts
 * registroExpedida(expedidaF1(), 'U2687761C');
 * // { 'sii:PeriodoLiquidacion': { … }, 'siiLR:IDFactura': { … }, 'siiLR:FacturaExpedida': { … } }
 * ```
 */
export function registroExpedida(report: SiiTaxReportCreate, titularNif: string): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:IDFactura': idFacturaEmitida(report, titularNif, true),
    'siiLR:FacturaExpedida': facturaExpedida(report),
  };
}
