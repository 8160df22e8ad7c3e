import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte, entidadSucedida } from './contraparte.js';
import { siiFlag, siiText } from './formats.js';
import { idFacturaConNombre } from './idFactura.js';
import { periodoLiquidacion } from './periodo.js';
import type { XmlElement } from './xml.js';

/**
 * `OperacionIntracomunitaria` (`OperacionIntracomunitariaType`, sii.md §3): `TipoOperacion`,
 * `ClaveDeclarado`, `EstadoMiembro`, `PlazoOperacion?` (days), `DescripcionBienes`,
 * `DireccionOperador`, `FacturasODocumentacion?`, `RefExterna?`, `NumRegistroAcuerdoFacturacion?`,
 * `EntidadSucedida?`, `RegPrevioGGEEoREDEMEoCompetencia?`.
 *
 * @example
 * ```ts
 * operacionIntracomunitaria(intracomunitaria())['sii:PlazoOperacion']; // '30'
 * ```
 */
export function operacionIntracomunitaria(report: SiiTaxReportCreate): XmlElement {
  const operation = report.intra_community_operation;
  const term = operation?.term_days;
  return {
    'sii:TipoOperacion': operation?.operation_key,
    'sii:ClaveDeclarado': operation?.declared_key,
    'sii:EstadoMiembro': operation?.member_state,
    'sii:PlazoOperacion': term === null || term === undefined ? undefined : String(term),
    'sii:DescripcionBienes': siiText(operation?.goods_description),
    'sii:DireccionOperador': siiText(operation?.operator_address),
    'sii:FacturasODocumentacion': siiText(operation?.documentation),
    'sii:RefExterna': siiText(report.external_reference),
    'sii:NumRegistroAcuerdoFacturacion': siiText(report.billing_agreement_number),
    'sii:EntidadSucedida': entidadSucedida(report),
    'sii:RegPrevioGGEEoREDEMEoCompetencia': siiFlag(report.prior_registration),
  };
}

/**
 * `RegistroLRDetOperacionIntracomunitaria` (sii.md §2, `Intracomunitaria`): `PeriodoLiquidacion`,
 * `IDFactura` (its issuer, `supplier_party_*`), `Contraparte` (`customer_party_*`),
 * `OperacionIntracomunitaria`.
 *
 * @example
 * ```ts
 * registroIntracomunitaria(intracomunitaria())['siiLR:Contraparte']; // { 'sii:NombreRazon': 'LIEFERANT GMBH', 'sii:IDOtro': { … } }
 * ```
 */
export function registroIntracomunitaria(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:IDFactura': idFacturaConNombre(report),
    'siiLR:Contraparte': contraparte(report, 'customer'),
    'siiLR:OperacionIntracomunitaria': operacionIntracomunitaria(report),
  };
}
