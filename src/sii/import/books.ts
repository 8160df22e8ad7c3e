/**
 * The record reader of each book's alta and baja message: the inverse of the builder's
 * `SII_ALTA_BOOKS` and `SII_BAJA_BOOKS` (`src/sii/build/books.ts`, `baja.ts`), whose roots and
 * record elements the importer recognises.
 *
 * @module
 */
import type { SiiBookType } from '../../model/siiTaxReport.js';
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readRegistroAgenciasViajes } from './agenciasViajes.js';
import { readBajaContraparte, readBajaExpedida, readBajaInversion, readBajaRecibida } from './baja.js';
import { readRegistroCobrosEmitidas } from './cobrosEmitidas.js';
import { readRegistroExpedida } from './expedida.js';
import { readRegistroIntracomunitaria } from './intracomunitaria.js';
import { readRegistroInversion } from './inversion.js';
import { readRegistroMetalico } from './metalico.js';
import { readRegistroPagosRecibidas } from './pagosRecibidas.js';
import { readRegistroRecibida } from './recibida.js';
import { readRegistroSeguros } from './seguros.js';

/**
 * Reads one record element into a report draft; `titularNif` is the header's (`Cabecera/Titular/NIF`).
 *
 * @example
 * ```ts
 * const read: SiiRecordReader = (record, draft) => readRegistroMetalico(record, draft);
 * ```
 */
export type SiiRecordReader = (record: ElementReader, draft: ReportDraft, titularNif: string) => void;

/**
 * The reader of each book's alta / modification record (`SuministroLR…`).
 *
 * @example
 * ```ts
 * SII_ALTA_READERS.Expedida(record, draft, 'U2687761C');
 * ```
 */
export const SII_ALTA_READERS: Readonly<Record<SiiBookType, SiiRecordReader>> = {
  Expedida: readRegistroExpedida,
  Recibida: (record, draft) => readRegistroRecibida(record, draft),
  Inversion: (record, draft) => readRegistroInversion(record, draft),
  Intracomunitaria: (record, draft) => readRegistroIntracomunitaria(record, draft),
  Metalico: (record, draft) => readRegistroMetalico(record, draft),
  CobrosEmitidas: readRegistroCobrosEmitidas,
  PagosRecibidas: (record, draft) => readRegistroPagosRecibidas(record, draft),
  Seguros: (record, draft) => readRegistroSeguros(record, draft),
  AgenciasViajes: (record, draft) => readRegistroAgenciasViajes(record, draft),
};

/**
 * The reader of each book's annulment record (`BajaLR…`); the cash-accounting books have none.
 *
 * @example
 * ```ts
 * SII_BAJA_READERS.Recibida?.(record, draft, 'U2687761C');
 * ```
 */
export const SII_BAJA_READERS: Readonly<Partial<Record<SiiBookType, SiiRecordReader>>> = {
  Expedida: readBajaExpedida,
  Recibida: (record, draft) => readBajaRecibida(record, draft),
  Inversion: (record, draft) => readBajaInversion(record, draft),
  Intracomunitaria: (record, draft) => readBajaRecibida(record, draft),
  Metalico: (record, draft) => readBajaContraparte(record, draft, false),
  Seguros: (record, draft) => readBajaContraparte(record, draft, true),
  AgenciasViajes: (record, draft) => readBajaContraparte(record, draft, false),
};
