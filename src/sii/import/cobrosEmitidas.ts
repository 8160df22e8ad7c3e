/**
 * `RegistroLRCobros` read back (sii.md §2, `CobrosEmitidas`): the inverse of the builder's
 * `src/sii/build/cobrosEmitidas.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readIdFacturaEmitida } from './idFactura.js';
import { readPagosCobros } from './pagoCobro.js';

/**
 * Reads a collections record (no `PeriodoLiquidacion`): `IDFactura` (the titular issued it),
 * `Cobros/Cobro[]` → `payments`.
 *
 * @example
 * ```ts
 * readRegistroCobrosEmitidas(record, draft, 'U2687761C');
 * draft.data.payments?.length; // 2
 * ```
 */
export function readRegistroCobrosEmitidas(
  record: ElementReader,
  draft: ReportDraft,
  titularNif: string,
): void {
  readIdFacturaEmitida(record.requiredChild('IDFactura'), draft, titularNif);
  readPagosCobros(record, 'Cobros', 'Cobro', draft);
}
