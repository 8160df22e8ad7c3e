/**
 * `RegistroLRFacturasRecibidas` read back (sii.md §2, `Recibida`): the inverse of the builder's
 * `src/sii/build/recibida.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readIdentification, sameIdentification } from './contraparte.js';
import { readDesgloseRecibida } from './desglose.js';
import { readFacturaComun } from './factura.js';
import { readIdFacturaRecibida } from './idFactura.js';
import { readPeriodoLiquidacion } from './periodo.js';
import { putDate, putDecimal, putFlag } from './values.js';

/**
 * Reads a received-invoice record: `PeriodoLiquidacion`; `IDFactura` (the supplier's identification
 * → `supplier_party_tax_id`, `_tax_scheme`, `_country`, number, date); `FacturaRecibida`: the common
 * invoice part, `DesgloseFactura` → `tax_breakdowns`, `Contraparte` (the supplier: `NombreRazon` →
 * `supplier_party_name`, `NIFRepresentante` → `supplier_party_representative_nif`; its identification
 * repeats `IDFactura`'s and is listed in `ignored` when it names another party), `FechaRegContable`
 * → `accounting_date`, `CuotaDeducible` → `deductible_tax_amount`, `ADeducirEnPeriodoPosterior` →
 * `deduct_in_later_period`, `EjercicioDeduccion` → `deduction_year`, `PeriodoDeduccion` →
 * `deduction_period` (issue #18 item 17).
 *
 * @example
 * ```ts
 * readRegistroRecibida(record, draft);
 * draft.data.deductible_tax_amount; // '21.00'
 * ```
 */
export function readRegistroRecibida(record: ElementReader, draft: ReportDraft): void {
  readPeriodoLiquidacion(record, draft);
  const supplier = readIdFacturaRecibida(record.requiredChild('IDFactura'), draft);
  const factura = record.requiredChild('FacturaRecibida');
  if (factura === null) return;
  readFacturaComun(factura, draft);
  readDesgloseRecibida(factura, draft);
  const party = factura.requiredChild('Contraparte');
  if (party !== null) {
    draft.requiredText('supplier_party_name', party, 'NombreRazon');
    draft.text('supplier_party_representative_nif', party, 'NIFRepresentante');
    if (!sameIdentification(readIdentification(party), supplier)) {
      party.release('NIF');
      party.release('IDOtro');
    }
  }
  putDate(draft, 'accounting_date', factura, 'FechaRegContable', true);
  putDecimal(draft, 'deductible_tax_amount', factura, 'CuotaDeducible', true);
  putFlag(draft, 'deduct_in_later_period', factura, 'ADeducirEnPeriodoPosterior');
  draft.text('deduction_year', factura, 'EjercicioDeduccion');
  draft.text('deduction_period', factura, 'PeriodoDeduccion');
}
