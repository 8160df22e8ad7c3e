/**
 * `RegistroLRAgenciasViajes` read back (sii.md §2, `AgenciasViajes`): the inverse of the builder's
 * `src/sii/build/agenciasViajes.ts`. Its record has the shape of `Metalico`'s
 * (`PeriodoLiquidacion`, `Contraparte`, `ImporteTotal`, `EntidadSucedida?`), so it is read the same
 * way.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readRegistroMetalico } from './metalico.js';

/**
 * Reads a travel-agency record: `PeriodoLiquidacion`, `Contraparte` → the `customer_party_*` fields,
 * `ImporteTotal` → `tax_inclusive_amount` (as {@link readRegistroMetalico}).
 *
 * @example
 * ```ts
 * readRegistroAgenciasViajes(record, draft);
 * draft.data.tax_inclusive_amount; // '6500.00'
 * ```
 */
export function readRegistroAgenciasViajes(record: ElementReader, draft: ReportDraft): void {
  readRegistroMetalico(record, draft);
}
