/**
 * `RegistroLRDetOperacionIntracomunitaria` read back (sii.md §2, `Intracomunitaria`): the inverse of
 * the builder's `src/sii/build/intracomunitaria.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { readContraparte, readEntidadSucedida } from './contraparte.js';
import { readIdFacturaConNombre } from './idFactura.js';
import { readPeriodoLiquidacion } from './periodo.js';
import { putFlag } from './values.js';

/**
 * Reads an intra-community operation record: `PeriodoLiquidacion`, `IDFactura` (the supplier, with
 * its name), `Contraparte` → the `customer_party_*` fields, `OperacionIntracomunitaria` →
 * `intra_community_operation` (`TipoOperacion` → `operation_key`, `ClaveDeclarado` →
 * `declared_key`, `EstadoMiembro` → `member_state`, `PlazoOperacion` → `term_days`,
 * `DescripcionBienes` → `goods_description`, `DireccionOperador` → `operator_address`,
 * `FacturasODocumentacion` → `documentation`). `RefExterna`, `NumRegistroAcuerdoFacturacion`,
 * `EntidadSucedida` and `RegPrevioGGEEoREDEMEoCompetencia` have no field (→ `ignored`).
 *
 * @example
 * ```ts
 * readRegistroIntracomunitaria(record, draft);
 * draft.data.intra_community_operation; // { operation_key: 'A', declared_key: 'D', member_state: 'DE', term_days: '30', … }
 * ```
 */
export function readRegistroIntracomunitaria(record: ElementReader, draft: ReportDraft): void {
  readPeriodoLiquidacion(record, draft);
  readIdFacturaConNombre(record.requiredChild('IDFactura'), draft);
  readContraparte(record.requiredChild('Contraparte'), draft, 'customer');
  const operation = record.requiredChild('OperacionIntracomunitaria');
  if (operation === null) return;
  const read = draft.nested('intra_community_operation');
  read.requiredText('operation_key', operation, 'TipoOperacion');
  read.requiredText('declared_key', operation, 'ClaveDeclarado');
  read.requiredText('member_state', operation, 'EstadoMiembro');
  read.text('term_days', operation, 'PlazoOperacion');
  read.requiredText('goods_description', operation, 'DescripcionBienes');
  read.requiredText('operator_address', operation, 'DireccionOperador');
  read.text('documentation', operation, 'FacturasODocumentacion');
  draft.put('intra_community_operation', read.data, operation.path);
  // The report-level fields the operation's type ends with (issue #18 item 17).
  draft.text('external_reference', operation, 'RefExterna');
  draft.text('billing_agreement_number', operation, 'NumRegistroAcuerdoFacturacion');
  readEntidadSucedida(operation, draft);
  putFlag(draft, 'prior_registration', operation, 'RegPrevioGGEEoREDEMEoCompetencia');
}
