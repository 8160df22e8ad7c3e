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
import { putDecimal, putFlag } from './values.js';

/**
 * The issued-invoice types written without `Contraparte` (sii.md §8: forbidden for `F2`, `F4`, `R5`;
 * the builder leaves it out), so a `Contraparte` on them is listed in `ignored`, not read.
 */
const WITHOUT_COUNTERPARTY: ReadonlySet<string> = new Set(['F2', 'F4', 'R5']);

/** `DatosInmueble/DetalleInmueble[]` → `properties[{situation, cadastral_reference}]`. */
function readDatosInmueble(factura: ElementReader, draft: ReportDraft): void {
  const list = factura.child('DatosInmueble');
  if (list === null) return;
  const items = list.children('DetalleInmueble');
  if (items.length === 0) list.context.missing(list.pathOf('DetalleInmueble'));
  draft.list('properties', items, list.pathOf('DetalleInmueble'), (item, property) => {
    property.requiredText('situation', item, 'SituacionInmueble');
    property.text('cadastral_reference', item, 'ReferenciaCatastral');
  });
}

/**
 * Reads an issued-invoice record: `PeriodoLiquidacion`, `IDFactura` (the titular issued it),
 * `FacturaExpedida` (the common invoice part; `DatosInmueble` → `properties`,
 * `ImporteTransmisionInmueblesSujetoAIVA` → `property_transfer_amount` and the issued invoice's
 * `S`/`N` flags, issue #18 item 17; `Contraparte` → the `customer_party_*` fields, `TipoDesglose` →
 * `tax_breakdowns`).
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
  readDatosInmueble(factura, draft);
  putDecimal(draft, 'property_transfer_amount', factura, 'ImporteTransmisionInmueblesSujetoAIVA');
  putFlag(draft, 'issued_by_third_party', factura, 'EmitidaPorTercerosODestinatario');
  putFlag(
    draft,
    'gas_market_billing',
    factura,
    'FacturacionDispAdicionalTerceraYsextayDelMercadoOrganizadoDelGas',
  );
  putFlag(draft, 'multiple_recipients', factura, 'VariosDestinatarios');
  putFlag(draft, 'coupon', factura, 'Cupon');
  putFlag(draft, 'recipient_not_identified', factura, 'FacturaSinIdentifDestinatarioAritculo6.1.d');
  const type = factura.text('TipoFactura');
  if (type === null || !WITHOUT_COUNTERPARTY.has(type))
    readContraparte(factura.child('Contraparte'), draft, 'customer');
  readTipoDesglose(factura, draft);
}
