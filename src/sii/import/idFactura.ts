/**
 * `IDFactura` read back (sii.md §3): the issuer, `NumSerieFacturaEmisor` → `invoice_number`,
 * `FechaExpedicionFacturaEmisor` → `invoice_date`, `NumSerieFacturaEmisorResumenFin` (F4 ranges) →
 * `last_invoice_number` — the inverse of the builder's `src/sii/build/idFactura.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import {
  putIdentification,
  type ReadIdentification,
  readContraparte,
  readIdentification,
} from './contraparte.js';
import { putDate } from './values.js';

/** `NumSerieFacturaEmisor` and `FechaExpedicionFacturaEmisor`, both mandatory in every `IDFactura`. */
function readNumberAndDate(idFactura: ElementReader, draft: ReportDraft): void {
  draft.requiredText('invoice_number', idFactura, 'NumSerieFacturaEmisor');
  // Only the alta types of issued and received invoices have it (issue #18 item 17).
  draft.text('last_invoice_number', idFactura, 'NumSerieFacturaEmisorResumenFin');
  putDate(draft, 'invoice_date', idFactura, 'FechaExpedicionFacturaEmisor', true);
}

/**
 * `IDFactura` of an invoice the titular issued (`IDFacturaExpedidaType`, `…BCType`): the issuer is
 * the titular, so `IDEmisorFactura/NIF` maps to no field — read and checked against `titularNif`,
 * and listed in `ignored` when it differs (the builder writes the titular's NIF there).
 *
 * @example
 * ```ts
 * readIdFacturaEmitida(record.requiredChild('IDFactura'), draft, 'U2687761C');
 * draft.data; // { invoice_number: 'TEST001', invoice_date: '2020-01-01' }
 * ```
 */
export function readIdFacturaEmitida(
  idFactura: ElementReader | null,
  draft: ReportDraft,
  titularNif: string,
): void {
  if (idFactura === null) return;
  const issuer = idFactura.requiredChild('IDEmisorFactura');
  if (issuer !== null && issuer.requiredText('NIF') !== titularNif) issuer.release('NIF');
  readNumberAndDate(idFactura, draft);
}

/**
 * `IDFactura` of a received invoice (`IDFacturaRecibidaType`): the supplier's identification (no
 * name) → `supplier_party_tax_id`, `_tax_scheme`, `_country`; returns it, for the `Contraparte`
 * that repeats it.
 *
 * @example
 * ```ts
 * readIdFacturaRecibida(record.requiredChild('IDFactura'), draft)?.taxId; // 'F35999705'
 * ```
 */
export function readIdFacturaRecibida(
  idFactura: ElementReader | null,
  draft: ReportDraft,
): ReadIdentification | null {
  if (idFactura === null) return null;
  const issuer = idFactura.requiredChild('IDEmisorFactura');
  const identification = issuer === null ? null : readIdentification(issuer);
  putIdentification(draft, 'supplier', identification);
  readNumberAndDate(idFactura, draft);
  return identification;
}

/**
 * `IDFactura` whose issuer has a name (`IDFacturaComunitariaType`, `IDFacturaRecibidaNombreBCType`):
 * `IDEmisorFactura{NombreRazon, NIF | IDOtro}` → the `supplier_party_*` fields.
 *
 * @example
 * ```ts
 * readIdFacturaConNombre(record.requiredChild('IDFactura'), draft);
 * draft.data.supplier_party_name; // 'PROVEEDOR EJEMPLO SA'
 * ```
 */
export function readIdFacturaConNombre(idFactura: ElementReader | null, draft: ReportDraft): void {
  if (idFactura === null) return;
  readContraparte(idFactura.requiredChild('IDEmisorFactura'), draft, 'supplier');
  readNumberAndDate(idFactura, draft);
}
