import type { SiiBookType, SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { contraparte } from './contraparte.js';
import { siiText } from './formats.js';
import { idFacturaConNombre, idFacturaEmitida } from './idFactura.js';
import { periodoLiquidacion } from './periodo.js';
import type { XmlElement } from './xml.js';

/** A book's annulment message: its root, its record element and the record builder. */
export interface SiiBajaBook {
  /** The message root in `SuministroLR.xsd` (without prefix). */
  readonly root: string;
  /** The record element (without prefix). */
  readonly record: string;
  /** The record's content, in XSD order. */
  readonly build: (report: SiiTaxReportCreate, titularNif: string) => XmlElement;
}

/**
 * `RegistroLRBajaExpedidas` (`LRBajaExpedidasType`): `PeriodoLiquidacion`, `IDFactura` (the titular),
 * `RefExterna?` (`external_reference`, issue #18 item 17).
 *
 * @example
 * ```ts
 * bajaExpedida(expedidaF1(), 'U2687761C')['siiLR:IDFactura']; // { 'sii:IDEmisorFactura': { 'sii:NIF': 'U2687761C' }, … }
 * ```
 */
export function bajaExpedida(report: SiiTaxReportCreate, titularNif: string): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:IDFactura': idFacturaEmitida(report, titularNif),
    'siiLR:RefExterna': siiText(report.external_reference),
  };
}

/**
 * The baja record of the books identified by a supplier's invoice (`LRBajaRecibidasType`,
 * `LRBajaOperacionIntracomunitariaType`): `PeriodoLiquidacion`, `IDFactura` with the issuer's name,
 * `RefExterna?`.
 *
 * @example
 * ```ts
 * bajaRecibida(recibida())['siiLR:IDFactura']; // { 'sii:IDEmisorFactura': { 'sii:NombreRazon': 'PROVEEDOR EJEMPLO SA', … }, … }
 * ```
 */
export function bajaRecibida(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:IDFactura': idFacturaConNombre(report),
    'siiLR:RefExterna': siiText(report.external_reference),
  };
}

/**
 * `RegistroLRBajaBienesInversion` (`LRBajaBienesInversionType`): `PeriodoLiquidacion`, `IDFactura`,
 * `IdentificacionBien`, `RefExterna?`.
 *
 * @example
 * ```ts
 * bajaInversion(inversion())['siiLR:IdentificacionBien']; // 'Máquina CNC 3000'
 * ```
 */
export function bajaInversion(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:IDFactura': idFacturaConNombre(report),
    'siiLR:IdentificacionBien': siiText(report.capital_good?.identification),
    'siiLR:RefExterna': siiText(report.external_reference),
  };
}

/**
 * The baja record of the counterparty books (`LRBajaCobrosMetalicoType`, `LRBajaAgenciasViajesType`,
 * `LRBajaRegistroLROperacionesSegurosType`): `PeriodoLiquidacion`, `Contraparte`, and for `Seguros`
 * `ClaveOperacion`.
 *
 * @example
 * ```ts
 * bajaContraparte(seguros())['siiLR:ClaveOperacion']; // 'A'
 * bajaContraparte(metalico())['siiLR:ClaveOperacion']; // undefined
 * ```
 */
export function bajaContraparte(report: SiiTaxReportCreate): XmlElement {
  return {
    'sii:PeriodoLiquidacion': periodoLiquidacion(report),
    'siiLR:Contraparte': contraparte(report, 'customer'),
    'siiLR:ClaveOperacion':
      report.book_type === 'Seguros' ? (report.insurance_operation_key ?? undefined) : undefined,
  };
}

/**
 * The annulment message of each book that has one (`SuministroLR.xsd`; sii.md §2). The
 * cash-accounting books (`CobrosEmitidas`, `PagosRecibidas`) have none.
 *
 * @example
 * ```ts
 * SII_BAJA_BOOKS.Expedida?.root; // 'BajaLRFacturasEmitidas'
 * SII_BAJA_BOOKS.CobrosEmitidas; // undefined
 * ```
 */
export const SII_BAJA_BOOKS: Readonly<Partial<Record<SiiBookType, SiiBajaBook>>> = {
  Expedida: { root: 'BajaLRFacturasEmitidas', record: 'RegistroLRBajaExpedidas', build: bajaExpedida },
  Recibida: { root: 'BajaLRFacturasRecibidas', record: 'RegistroLRBajaRecibidas', build: bajaRecibida },
  Inversion: { root: 'BajaLRBienesInversion', record: 'RegistroLRBajaBienesInversion', build: bajaInversion },
  Intracomunitaria: {
    root: 'BajaLRDetOperacionIntracomunitaria',
    record: 'RegistroLRBajaDetOperacionIntracomunitaria',
    build: bajaRecibida,
  },
  Metalico: { root: 'BajaLRCobrosMetalico', record: 'RegistroLRBajaCobrosMetalico', build: bajaContraparte },
  Seguros: {
    root: 'BajaLROperacionesSeguros',
    record: 'RegistroLRBajaOperacionesSeguros',
    build: bajaContraparte,
  },
  AgenciasViajes: {
    root: 'BajaLRAgenciasViajes',
    record: 'RegistroLRBajaAgenciasViajes',
    build: bajaContraparte,
  },
};
