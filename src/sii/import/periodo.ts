/**
 * `PeriodoLiquidacion` read back (`sii:RegistroSii`, sii.md §3): the inverse of the builder's
 * `src/sii/build/periodo.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';

/**
 * Reads the record's `PeriodoLiquidacion` (mandatory in every book but the cash-accounting ones):
 * `Ejercicio` → `period_year` (the report reads the 4 digits as a number), `Periodo` → `period`.
 *
 * @example
 * ```ts
 * readPeriodoLiquidacion(record, draft);
 * draft.data; // { period_year: '2020', period: '01' } (the year becomes 2020 when the report is checked)
 * ```
 */
export function readPeriodoLiquidacion(record: ElementReader, draft: ReportDraft): void {
  const period = record.requiredChild('PeriodoLiquidacion');
  if (period === null) return;
  draft.requiredText('period_year', period, 'Ejercicio');
  draft.requiredText('period', period, 'Periodo');
}
