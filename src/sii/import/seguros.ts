/**
 * `RegistroLROperacionesSeguros` read back (sii.md §2, `Seguros`): the inverse of the builder's
 * `src/sii/build/seguros.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readContraparte, readEntidadSucedida } from './contraparte.js';
import { readPeriodoLiquidacion } from './periodo.js';
import { putDecimal } from './values.js';

/**
 * Reads an insurance record: `PeriodoLiquidacion`, `Contraparte` → the `customer_party_*` fields,
 * `ClaveOperacion` → `insurance_operation_key`, `ImporteTotal` → `tax_inclusive_amount`,
 * `EntidadSucedida` → `successor_entity` (issue #18 item 17).
 *
 * @example
 * ```ts
 * readRegistroSeguros(record, draft);
 * draft.data.insurance_operation_key; // 'A'
 * ```
 */
export function readRegistroSeguros(record: ElementReader, draft: ReportDraft): void {
  readPeriodoLiquidacion(record, draft);
  readContraparte(record.requiredChild('Contraparte'), draft, 'customer');
  draft.requiredText('insurance_operation_key', record, 'ClaveOperacion');
  putDecimal(draft, 'tax_inclusive_amount', record, 'ImporteTotal', true);
  readEntidadSucedida(record, draft);
}
