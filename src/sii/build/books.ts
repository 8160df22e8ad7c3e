import type { SiiBookType, SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { registroAgenciasViajes } from './agenciasViajes.js';
import { registroCobrosEmitidas } from './cobrosEmitidas.js';
import { registroExpedida } from './expedida.js';
import { registroIntracomunitaria } from './intracomunitaria.js';
import { registroInversion } from './inversion.js';
import { registroMetalico } from './metalico.js';
import { registroPagosRecibidas } from './pagosRecibidas.js';
import { registroRecibida } from './recibida.js';
import { registroSeguros } from './seguros.js';
import type { XmlElement } from './xml.js';

/** A book's alta / modification message: its root, its record element and the record builder. */
export interface SiiAltaBook {
  /** The message root in `SuministroLR.xsd` (without prefix). */
  readonly root: string;
  /** The record element (without prefix). */
  readonly record: string;
  /** The record's content, in XSD order. */
  readonly build: (report: SiiTaxReportCreate, titularNif: string) => XmlElement;
}

/**
 * The alta / modification message of each book: sii.md §2's mapping table (root → record).
 *
 * @example
 * ```ts
 * SII_ALTA_BOOKS.Metalico.root; // 'SuministroLRCobrosMetalico'
 * SII_ALTA_BOOKS.CobrosEmitidas.record; // 'RegistroLRCobros'
 * ```
 */
export const SII_ALTA_BOOKS: Readonly<Record<SiiBookType, SiiAltaBook>> = {
  Expedida: {
    root: 'SuministroLRFacturasEmitidas',
    record: 'RegistroLRFacturasEmitidas',
    build: registroExpedida,
  },
  Recibida: {
    root: 'SuministroLRFacturasRecibidas',
    record: 'RegistroLRFacturasRecibidas',
    build: registroRecibida,
  },
  Inversion: {
    root: 'SuministroLRBienesInversion',
    record: 'RegistroLRBienesInversion',
    build: registroInversion,
  },
  Intracomunitaria: {
    root: 'SuministroLRDetOperacionIntracomunitaria',
    record: 'RegistroLRDetOperacionIntracomunitaria',
    build: registroIntracomunitaria,
  },
  Metalico: {
    root: 'SuministroLRCobrosMetalico',
    record: 'RegistroLRCobrosMetalico',
    build: registroMetalico,
  },
  CobrosEmitidas: {
    root: 'SuministroLRCobrosEmitidas',
    record: 'RegistroLRCobros',
    build: registroCobrosEmitidas,
  },
  PagosRecibidas: {
    root: 'SuministroLRPagosRecibidas',
    record: 'RegistroLRPagos',
    build: registroPagosRecibidas,
  },
  Seguros: {
    root: 'SuministroLROperacionesSeguros',
    record: 'RegistroLROperacionesSeguros',
    build: registroSeguros,
  },
  AgenciasViajes: {
    root: 'SuministroLRAgenciasViajes',
    record: 'RegistroLRAgenciasViajes',
    build: registroAgenciasViajes,
  },
};
