/**
 * `RegistroLRPagos` read back (sii.md §2, `PagosRecibidas`): the inverse of the builder's
 * `src/sii/build/pagosRecibidas.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readIdFacturaConNombre } from './idFactura.js';
import { readPagosCobros } from './pagoCobro.js';

/**
 * Reads a payments record (no `PeriodoLiquidacion`): `IDFactura` (the supplier, with its name),
 * `Pagos/Pago[]` → `payments`.
 *
 * @example
 * ```ts
 * readRegistroPagosRecibidas(record, draft);
 * draft.data.payments; // [{ date: '2026-03-30', amount: '343.80', method: '02', account: 'Cheque 000123' }]
 * ```
 */
export function readRegistroPagosRecibidas(record: ElementReader, draft: ReportDraft): void {
  readIdFacturaConNombre(record.requiredChild('IDFactura'), draft);
  readPagosCobros(record, 'Pagos', 'Pago', draft);
}
