/**
 * `RegistroLRCobrosMetalico` read back (sii.md §2, `Metalico`): the inverse of the builder's
 * `src/sii/build/metalico.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readContraparte, readEntidadSucedida } from './contraparte.js';
import { readPeriodoLiquidacion } from './periodo.js';
import { putDecimal } from './values.js';

/**
 * Reads a record of a counterparty and a total (`Metalico`; also `Seguros` and `AgenciasViajes`, whose
 * records share the shape): `PeriodoLiquidacion`, `Contraparte` (`siiLR:`) → the `customer_party_*`
 * fields, `ImporteTotal` (mandatory) → `tax_inclusive_amount`, `EntidadSucedida` →
 * `successor_entity` (issue #18 item 17).
 *
 * @example
 * ```ts
 * readRegistroMetalico(record, draft);
 * draft.data; // { period_year: '2025', period: '0A', customer_party_name: 'JUAN ESPAÑOL PÉREZ', …, tax_inclusive_amount: '7500.00' }
 * ```
 */
export function readRegistroMetalico(record: ElementReader, draft: ReportDraft): void {
  readPeriodoLiquidacion(record, draft);
  readContraparte(record.requiredChild('Contraparte'), draft, 'customer');
  putDecimal(draft, 'tax_inclusive_amount', record, 'ImporteTotal', true);
  readEntidadSucedida(record, draft);
}
