/**
 * The annulment records (`BajaLR…`, sii.md §2) read back: the inverse of the builder's
 * `src/sii/build/baja.ts`. A baja record carries only what identifies the record it annuls, so the
 * report read from it has only those fields, and `RefExterna` → `external_reference` (issue #18 item
 * 17).
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readContraparte } from './contraparte.js';
import { readIdFacturaConNombre, readIdFacturaEmitida } from './idFactura.js';
import { readPeriodoLiquidacion } from './periodo.js';

/**
 * `RegistroLRBajaExpedidas`: `PeriodoLiquidacion`, `IDFactura` (the titular issued it).
 *
 * @example
 * ```ts
 * readBajaExpedida(record, draft, 'U2687761C');
 * draft.data; // { period_year: '2026', period: '03', invoice_number: '2026-A-000123', invoice_date: '2026-03-15' }
 * ```
 */
export function readBajaExpedida(record: ElementReader, draft: ReportDraft, titularNif: string): void {
  readPeriodoLiquidacion(record, draft);
  readIdFacturaEmitida(record.requiredChild('IDFactura'), draft, titularNif);
  draft.text('external_reference', record, 'RefExterna');
}

/**
 * `RegistroLRBajaRecibidas`, `RegistroLRBajaDetOperacionIntracomunitaria`: `PeriodoLiquidacion`,
 * `IDFactura` with the issuer's name (the `supplier_party_*` fields).
 *
 * @example
 * ```ts
 * readBajaRecibida(record, draft);
 * draft.data.supplier_party_name; // 'PROVEEDOR EJEMPLO SA'
 * ```
 */
export function readBajaRecibida(record: ElementReader, draft: ReportDraft): void {
  readPeriodoLiquidacion(record, draft);
  readIdFacturaConNombre(record.requiredChild('IDFactura'), draft);
  draft.text('external_reference', record, 'RefExterna');
}

/**
 * `RegistroLRBajaBienesInversion`: as {@link readBajaRecibida}, plus `IdentificacionBien` →
 * `capital_good.identification` (an annulment carries the identification alone; `start_date` and
 * `annual_proration` are an alta's).
 *
 * @example
 * ```ts
 * readBajaInversion(record, draft); // draft.data.capital_good = { identification: 'Maquina-01' }
 * ```
 */
export function readBajaInversion(record: ElementReader, draft: ReportDraft): void {
  readBajaRecibida(record, draft);
  const capital = draft.nested('capital_good');
  if (capital.requiredText('identification', record, 'IdentificacionBien') !== null)
    draft.put('capital_good', capital.data, record.pathOf('IdentificacionBien'));
}

/**
 * `RegistroLRBajaCobrosMetalico`, `RegistroLRBajaAgenciasViajes`, `RegistroLRBajaOperacionesSeguros`:
 * `PeriodoLiquidacion`, `Contraparte` (the `customer_party_*` fields), and for `Seguros` (`withKey`)
 * `ClaveOperacion` → `insurance_operation_key`.
 *
 * @example
 * ```ts
 * readBajaContraparte(record, draft, true);
 * draft.data.insurance_operation_key; // 'A'
 * ```
 */
export function readBajaContraparte(record: ElementReader, draft: ReportDraft, withKey: boolean): void {
  readPeriodoLiquidacion(record, draft);
  readContraparte(record.requiredChild('Contraparte'), draft, 'customer');
  if (withKey) draft.requiredText('insurance_operation_key', record, 'ClaveOperacion');
}
