/**
 * The leading part of `FacturaType` read back (`FacturaExpedida`, `FacturaRecibida`; sii.md §3, §4):
 * the inverse of the builder's `src/sii/build/factura.ts`. Every element of the type has a report
 * field (issue #18 item 17: nothing of a valid message is dropped). What the builder never writes
 * from a report is listed in `ignored` rather than read: the corrective elements on a type that is
 * not corrective, `ImporteRectificacion` on a correction by differences (it is the substitution's,
 * sii.md §4.2). `Macrodato` is derived from `ImporteTotal` by the builder, so it is read when it says
 * what the builder would write and listed in `ignored` when it does not.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { facturaComun, isCorrectiveType } from '../build/factura.js';
import { readEntidadSucedida } from './contraparte.js';
import { putDate, putDecimal, putFlag } from './values.js';

/** `FacturasRectificadas/IDFacturaRectificada[]` → `corrected_invoices[{number, date}]`. */
function readFacturasRectificadas(factura: ElementReader, draft: ReportDraft): void {
  const list = factura.child('FacturasRectificadas');
  if (list === null) return;
  const items = list.children('IDFacturaRectificada');
  if (items.length === 0) list.context.missing(list.pathOf('IDFacturaRectificada'));
  draft.list('corrected_invoices', items, list.pathOf('IDFacturaRectificada'), (item, invoice) => {
    invoice.requiredText('number', item, 'NumSerieFacturaEmisor');
    putDate(invoice, 'date', item, 'FechaExpedicionFacturaEmisor', true);
  });
}

/** `ImporteRectificacion{BaseRectificada, CuotaRectificada}` → `corrected_taxable_base`, `corrected_tax_amount`. */
function readImporteRectificacion(factura: ElementReader, draft: ReportDraft): void {
  const amounts = factura.child('ImporteRectificacion');
  if (amounts === null) return;
  putDecimal(draft, 'corrected_taxable_base', amounts, 'BaseRectificada', true);
  putDecimal(draft, 'corrected_tax_amount', amounts, 'CuotaRectificada', true);
  putDecimal(draft, 'corrected_surcharge_amount', amounts, 'CuotaRecargoRectificado');
}

/** `FacturasAgrupadas/IDFacturaAgrupada[]` → `grouped_invoices[{number, date}]`. */
function readFacturasAgrupadas(factura: ElementReader, draft: ReportDraft): void {
  const list = factura.child('FacturasAgrupadas');
  if (list === null) return;
  const items = list.children('IDFacturaAgrupada');
  if (items.length === 0) list.context.missing(list.pathOf('IDFacturaAgrupada'));
  draft.list('grouped_invoices', items, list.pathOf('IDFacturaAgrupada'), (item, invoice) => {
    invoice.requiredText('number', item, 'NumSerieFacturaEmisor');
    putDate(invoice, 'date', item, 'FechaExpedicionFacturaEmisor', true);
  });
}

/**
 * Takes `Macrodato` when it is what the builder derives from `total` (`S` when |ImporteTotal| ≥
 * 100,000,000 €, sii.md §3), else leaves it to `ignored`.
 */
function checkMacrodato(factura: ElementReader, total: string | null): void {
  const written = factura.text('Macrodato');
  if (written === null) return;
  // The builder writes `S` or nothing: an `N` below the threshold says the same as its absence.
  const derived = facturaComun({ tax_inclusive_amount: total })['sii:Macrodato'] ?? 'N';
  if (written !== derived) factura.release('Macrodato');
}

/**
 * Reads the common invoice part of `factura` into the report: `TipoFactura` → `invoice_type_code`;
 * `FacturasAgrupadas` → `grouped_invoices`; for a corrective type (`R1`–`R5`) `TipoRectificativa` →
 * `corrective_type`, `FacturasRectificadas` → `corrected_invoices` and, for a substitution (`S`),
 * `ImporteRectificacion` → `corrected_taxable_base` / `corrected_tax_amount` /
 * `corrected_surcharge_amount`; `FechaOperacion` → `operation_date`;
 * `ClaveRegimenEspecialOTrascendencia` and its two additional keys → `special_regime_key`,
 * `additional_special_regime_keys`; `NumRegistroAcuerdoFacturacion` → `billing_agreement_number`;
 * `ImporteTotal` → `tax_inclusive_amount`; `BaseImponibleACoste` → `cost_taxable_base`;
 * `DescripcionOperacion` → `description`; `RefExterna` → `external_reference`;
 * `FacturaSimplificadaArticulos7.2_7.3` → `qualified_simplified_invoice`; `EntidadSucedida` →
 * `successor_entity`; `RegPrevioGGEEoREDEMEoCompetencia` → `prior_registration`.
 *
 * @example
 * ```ts
 * readFacturaComun(record.requiredChild('FacturaRecibida'), draft);
 * draft.data; // { invoice_type_code: 'R4', corrective_type: 'I', special_regime_key: '01', tax_inclusive_amount: '-121.00', description: '/' }
 * ```
 */
export function readFacturaComun(factura: ElementReader, draft: ReportDraft): void {
  const type = draft.requiredText('invoice_type_code', factura, 'TipoFactura');
  readFacturasAgrupadas(factura, draft);
  if (isCorrectiveType(type)) {
    const correctiveType = draft.text('corrective_type', factura, 'TipoRectificativa');
    readFacturasRectificadas(factura, draft);
    if (correctiveType === 'S') readImporteRectificacion(factura, draft);
  }
  putDate(draft, 'operation_date', factura, 'FechaOperacion');
  draft.requiredText('special_regime_key', factura, 'ClaveRegimenEspecialOTrascendencia');
  const additional = [
    'ClaveRegimenEspecialOTrascendenciaAdicional1',
    'ClaveRegimenEspecialOTrascendenciaAdicional2',
  ]
    .map((name) => ({ key: factura.text(name), path: factura.pathOf(name) }))
    .filter((entry) => entry.key !== null);
  if (additional.length > 0) {
    draft.put(
      'additional_special_regime_keys',
      additional.map((entry) => entry.key),
      additional[0]?.path ?? '',
    );
    additional.forEach((entry, index) => {
      draft.source(`additional_special_regime_keys[${String(index)}]`, entry.path);
    });
  }
  draft.text('billing_agreement_number', factura, 'NumRegistroAcuerdoFacturacion');
  const total = putDecimal(draft, 'tax_inclusive_amount', factura, 'ImporteTotal');
  putDecimal(draft, 'cost_taxable_base', factura, 'BaseImponibleACoste');
  draft.requiredText('description', factura, 'DescripcionOperacion');
  draft.text('external_reference', factura, 'RefExterna');
  putFlag(draft, 'qualified_simplified_invoice', factura, 'FacturaSimplificadaArticulos7.2_7.3');
  readEntidadSucedida(factura, draft);
  putFlag(draft, 'prior_registration', factura, 'RegPrevioGGEEoREDEMEoCompetencia');
  checkMacrodato(factura, total);
}
