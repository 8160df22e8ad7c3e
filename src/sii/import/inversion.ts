/**
 * `RegistroLRBienesInversion` read back (sii.md §2, `Inversion`): the inverse of the builder's
 * `src/sii/build/inversion.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readEntidadSucedida } from './contraparte.js';
import { readIdFacturaConNombre } from './idFactura.js';
import { readPeriodoLiquidacion } from './periodo.js';
import { putDate, putDecimal } from './values.js';

/**
 * Reads a capital-good record: `PeriodoLiquidacion`, `IDFactura` (the supplier, with its name),
 * `BienesInversion` → `capital_good` (`IdentificacionBien` → `identification`,
 * `FechaInicioUtilizacion` → `start_date`, `ProrrataAnualDefinitiva` → `annual_proration`,
 * `RegularizacionAnualDeduccion` → `annual_regularization`, `IdentificacionEntrega` →
 * `delivery_identification`, `RegularizacionDeduccionEfectuada` → `regularization_made`), and the
 * report's `RefExterna` → `external_reference`, `NumRegistroAcuerdoFacturacion` →
 * `billing_agreement_number`, `EntidadSucedida` → `successor_entity` (issue #18 item 17).
 *
 * @example
 * ```ts
 * readRegistroInversion(record, draft);
 * draft.data.capital_good; // { identification: 'Máquina CNC 3000', start_date: '2025-01-15', annual_proration: '80.00', … }
 * ```
 */
export function readRegistroInversion(record: ElementReader, draft: ReportDraft): void {
  readPeriodoLiquidacion(record, draft);
  readIdFacturaConNombre(record.requiredChild('IDFactura'), draft);
  const good = record.requiredChild('BienesInversion');
  if (good === null) return;
  const capital = draft.nested('capital_good');
  capital.requiredText('identification', good, 'IdentificacionBien');
  putDate(capital, 'start_date', good, 'FechaInicioUtilizacion', true);
  putDecimal(capital, 'annual_proration', good, 'ProrrataAnualDefinitiva', true);
  putDecimal(capital, 'annual_regularization', good, 'RegularizacionAnualDeduccion');
  capital.text('delivery_identification', good, 'IdentificacionEntrega');
  putDecimal(capital, 'regularization_made', good, 'RegularizacionDeduccionEfectuada');
  draft.put('capital_good', capital.data, good.path);
  draft.text('external_reference', good, 'RefExterna');
  draft.text('billing_agreement_number', good, 'NumRegistroAcuerdoFacturacion');
  readEntidadSucedida(good, draft);
}
