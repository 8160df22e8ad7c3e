/**
 * `RegistroLRFacturasEmitidas` read back (sii.md §2, `Expedida`): the inverse of the builder's
 * `src/sii/build/expedida.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readContraparte } from './contraparte.js';
import { readTipoDesglose } from './desglose.js';
import { readFacturaComun } from './factura.js';
import { readIdFacturaEmitida } from './idFactura.js';
import { readPeriodoLiquidacion } from './periodo.js';

/**
 * The issued-invoice types written without `Contraparte` (sii.md §8: forbidden for `F2`, `F4`, `R5`;
 * the builder leaves it out), so a `Contraparte` on them is listed in `ignored`, not read.
 */
const WITHOUT_COUNTERPARTY: ReadonlySet<string> = new Set(['F2', 'F4', 'R5']);

/**
 * Reads an issued-invoice record: `PeriodoLiquidacion`, `IDFactura` (the titular issued it),
 * `FacturaExpedida` (the common invoice part, `Contraparte` → the `customer_party_*` fields,
 * `TipoDesglose` → `tax_breakdowns`).
 *
 * @example
 * ```ts
 * readRegistroExpedida(record, draft, 'U2687761C');
 * draft.data.customer_party_name; // 'Test partner'
 * ```
 */
export function readRegistroExpedida(record: ElementReader, draft: ReportDraft, titularNif: string): void {
  readPeriodoLiquidacion(record, draft);
  readIdFacturaEmitida(record.requiredChild('IDFactura'), draft, titularNif);
  const factura = record.requiredChild('FacturaExpedida');
  if (factura === null) return;
  readFacturaComun(factura, draft);
  const type = factura.text('TipoFactura');
  if (type === null || !WITHOUT_COUNTERPARTY.has(type))
    readContraparte(factura.child('Contraparte'), draft, 'customer');
  readTipoDesglose(factura, draft);
}
