import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import type { XmlElement } from './xml.js';

/**
 * `PeriodoLiquidacion` (`sii:RegistroSii`, sii.md §3): `Ejercicio` (4 digits, `YearType`) and
 * `Periodo` (`01`–`12`, `0A`, `1T`–`4T`). Every book's record has it but the cash-accounting books'.
 *
 * @example
 * ```ts
 * periodoLiquidacion({ period_year: 2026, period: '03' });
 * // { 'sii:Ejercicio': '2026', 'sii:Periodo': '03' }
 * ```
 */
export function periodoLiquidacion(report: Pick<SiiTaxReportCreate, 'period_year' | 'period'>): XmlElement {
  const year = report.period_year;
  return {
    'sii:Ejercicio': year === null || year === undefined ? undefined : String(year),
    'sii:Periodo': report.period ?? undefined,
  };
}
