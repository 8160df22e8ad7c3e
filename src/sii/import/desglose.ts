/**
 * The VAT breakdown read back (sii.md §5, §4.4, §4.5, §4.6, §10): the inverse of the builder's
 * `src/sii/build/desglose.ts`, one `tax_breakdowns` row per `DetalleIVA`, per `DetalleExenta` and per
 * `NoSujeta` amount, in document order.
 *
 * Issued invoices (`TipoDesglose`): `DesgloseFactura` rows have no `operation_type`;
 * `DesgloseTipoOperacion/PrestacionServicios` rows are `services`, `Entrega` rows `goods`. In each
 * block: `Exenta/DetalleExenta` → `reason_vat_exempt` (`CausaExencion`; without one the row gets the
 * service's exempt category `E`, which the builder asks a reason for), `taxable_base`;
 * `NoExenta/DesgloseIVA/DetalleIVA` → `non_exemption_code` (`TipoNoExenta` `S1` / `S2` / `S3`), `percent`,
 * `taxable_base`, `tax_amount`, `surcharge_percent`, `surcharge_amount` (read wherever they stand, also
 * under `PrestacionServicios`, where the XSD has no room for them — `siiRecordIssues` then refuses the
 * row); `NoSujeta/ImportePorArticulos7_14_Otros` → `reason_no_subject` `N1`,
 * `ImporteTAIReglasLocalizacion` → `N2`. `TipoNoExenta` `S3` (both kinds in one block): its
 * `DetalleIVA` do not say which row is `S1` and which `S2`, so every row of the block gets
 * `non_exemption_code` `S3`, "a row of a mixed block, its own kind not stated" (**fiscalkit decision**,
 * sii.md §4.4); the builder writes such rows back as an `S3` block.
 *
 * Received invoices (`DesgloseFactura`): `InversionSujetoPasivo/DetalleIVA` → `reverse_charge: true`
 * rows; `DesgloseIVA/DetalleIVA` → ordinary rows, except that a `DetalleIVA` with a base only (no
 * rate, cuota or recargo: how the builder writes an exempt or not-subject line, and how OCA writes a
 * not-subject purchase) becomes a row of the service's not-subject category `NS`, without a reason
 * (the element does not say which). `PorcentCompensacionREAGYP`, `ImporteCompensacionREAGYP` and
 * `BienInversion` → `compensation_percent`, `compensation_amount`, `investment_good` (issue #18 item
 * 17).
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { putDecimal, putFlag, readCode } from './values.js';

/** The operation type of an issued block: `goods`, `services`, or none (`DesgloseFactura`). */
type OperationType = 'goods' | 'services' | null;

/** The rows read so far, each a draft at `tax_breakdowns[i]`. */
class Rows {
  readonly drafts: ReportDraft[] = [];

  constructor(private readonly draft: ReportDraft) {}

  /** A new row, with its `operation_type` (read from `block`) when it has one. */
  add(block: ElementReader, operationType: OperationType): ReportDraft {
    const row = this.draft.nested(`tax_breakdowns[${String(this.drafts.length)}]`);
    row.put('operation_type', operationType, block.path);
    this.drafts.push(row);
    return row;
  }

  /** Puts the rows as `tax_breakdowns`, read from `source`. */
  finish(source: string): void {
    if (this.drafts.length > 0)
      this.draft.put(
        'tax_breakdowns',
        this.drafts.map((row) => row.data),
        source,
      );
  }
}

/** Every `DetalleX` of `parent` (at least one is mandatory where `parent` stands). */
function details(parent: ElementReader, name: string): ElementReader[] {
  const found = parent.children(name);
  if (found.length === 0) parent.context.missing(parent.pathOf(name));
  return found;
}

/** The VAT and recargo of a `DetalleIVA`: rate, base, cuota (`cuota` names the element), recargo. */
function readDetalleIva(detalle: ElementReader, row: ReportDraft, cuota: string): void {
  putDecimal(row, 'percent', detalle, 'TipoImpositivo');
  putDecimal(row, 'taxable_base', detalle, 'BaseImponible', true);
  putDecimal(row, 'tax_amount', detalle, cuota);
  putDecimal(row, 'surcharge_percent', detalle, 'TipoRecargoEquivalencia');
  putDecimal(row, 'surcharge_amount', detalle, 'CuotaRecargoEquivalencia');
}

/** `Sujeta{Exenta?, NoExenta?}` of one issued block. */
function readSujeta(sujeta: ElementReader, block: ElementReader, type: OperationType, rows: Rows): void {
  const exenta = sujeta.child('Exenta');
  if (exenta !== null)
    for (const detalle of details(exenta, 'DetalleExenta')) {
      const row = rows.add(block, type);
      const cause = detalle.text('CausaExencion');
      if (cause !== null) row.put('reason_vat_exempt', cause, detalle.pathOf('CausaExencion'));
      else row.put('category', 'E', detalle.path);
      putDecimal(row, 'taxable_base', detalle, 'BaseImponible', true);
    }
  const noExenta = sujeta.child('NoExenta');
  if (noExenta === null) return;
  const code = readCode(noExenta, 'TipoNoExenta', ['S1', 'S2', 'S3'], true);
  const desglose = noExenta.requiredChild('DesgloseIVA');
  if (desglose === null) return;
  for (const detalle of details(desglose, 'DetalleIVA')) {
    const row = rows.add(block, type);
    // sii.md §4.4: an S3 block's rows each carry S3 (their own kind is not stated).
    if (code === 'S1' || code === 'S2' || code === 'S3')
      row.put('non_exemption_code', code, noExenta.pathOf('TipoNoExenta'));
    readDetalleIva(detalle, row, 'CuotaRepercutida');
  }
}

/** `NoSujeta{ImportePorArticulos7_14_Otros?, ImporteTAIReglasLocalizacion?}`: one row per amount. */
function readNoSujeta(noSujeta: ElementReader, block: ElementReader, type: OperationType, rows: Rows): void {
  for (const [name, reason] of [
    ['ImportePorArticulos7_14_Otros', 'N1'],
    ['ImporteTAIReglasLocalizacion', 'N2'],
  ] as const) {
    if (!noSujeta.has(name)) continue;
    const row = rows.add(block, type);
    row.put('reason_no_subject', reason, noSujeta.pathOf(name));
    putDecimal(row, 'taxable_base', noSujeta, name, true);
  }
}

/** One issued block (`TipoSinDesgloseType` / `TipoSinDesglosePrestacionType`). */
function readBlock(block: ElementReader | null, type: OperationType, rows: Rows): void {
  if (block === null) return;
  const sujeta = block.child('Sujeta');
  if (sujeta !== null) readSujeta(sujeta, block, type, rows);
  const noSujeta = block.child('NoSujeta');
  if (noSujeta !== null) readNoSujeta(noSujeta, block, type, rows);
}

/**
 * Reads `TipoDesglose` of an issued invoice (mandatory; exactly one of `DesgloseFactura` and
 * `DesgloseTipoOperacion`) into `tax_breakdowns`.
 *
 * @example
 * ```ts
 * readTipoDesglose(facturaExpedida, draft);
 * draft.data.tax_breakdowns;
 * // [{ operation_type: 'services', reason_no_subject: 'N2', taxable_base: '100.00' },
 * //  { operation_type: 'goods', reason_vat_exempt: 'E5', taxable_base: '200' }]
 * ```
 */
export function readTipoDesglose(factura: ElementReader, draft: ReportDraft): void {
  const tipo = factura.requiredChild('TipoDesglose');
  if (tipo === null) return;
  const rows = new Rows(draft);
  const invoice = tipo.child('DesgloseFactura');
  const split = tipo.child('DesgloseTipoOperacion');
  if (invoice === null && split === null) tipo.context.missing(tipo.pathOf('DesgloseFactura'));
  if (invoice !== null && split !== null)
    tipo.context.invalid(
      tipo.path,
      'must hold one of DesgloseFactura and DesgloseTipoOperacion, not both (an XSD choice, sii.md §5)',
    );
  readBlock(invoice, null, rows);
  if (split !== null) {
    readBlock(split.child('PrestacionServicios'), 'services', rows);
    readBlock(split.child('Entrega'), 'goods', rows);
  }
  rows.finish(tipo.path);
}

/** Whether a received `DetalleIVA` has a base only (no rate, cuota or recargo). */
function baseOnly(detalle: ElementReader): boolean {
  return !['TipoImpositivo', 'CuotaSoportada', 'TipoRecargoEquivalencia', 'CuotaRecargoEquivalencia'].some(
    (name) => detalle.has(name),
  );
}

/**
 * What a received `DetalleIVA` holds besides its VAT (issue #18 item 17): `PorcentCompensacionREAGYP`
 * → `compensation_percent`, `ImporteCompensacionREAGYP` → `compensation_amount` (the schema has them
 * in `DesgloseIVA` only; one under `InversionSujetoPasivo` is read, for `siiRecordIssues` to refuse),
 * `BienInversion` → `investment_good`.
 */
function readRecibidaExtras(detalle: ElementReader, row: ReportDraft): void {
  putDecimal(row, 'compensation_percent', detalle, 'PorcentCompensacionREAGYP');
  putDecimal(row, 'compensation_amount', detalle, 'ImporteCompensacionREAGYP');
  putFlag(row, 'investment_good', detalle, 'BienInversion');
}

/**
 * Reads `DesgloseFactura` of a received invoice (mandatory) into `tax_breakdowns`: the
 * `InversionSujetoPasivo` rows (`reverse_charge: true`), then the `DesgloseIVA` rows.
 *
 * @example
 * ```ts
 * readDesgloseRecibida(facturaRecibida, draft);
 * draft.data.tax_breakdowns; // [{ reverse_charge: true, percent: '21.00', taxable_base: '100.00', tax_amount: '21.00' }]
 * ```
 */
export function readDesgloseRecibida(factura: ElementReader, draft: ReportDraft): void {
  const desglose = factura.requiredChild('DesgloseFactura');
  if (desglose === null) return;
  const rows = new Rows(draft);
  const reverse = desglose.child('InversionSujetoPasivo');
  if (reverse !== null)
    for (const detalle of details(reverse, 'DetalleIVA')) {
      const row = rows.add(reverse, null);
      row.put('reverse_charge', true, reverse.path);
      readDetalleIva(detalle, row, 'CuotaSoportada');
      readRecibidaExtras(detalle, row);
    }
  const ordinary = desglose.child('DesgloseIVA');
  if (ordinary !== null)
    for (const detalle of details(ordinary, 'DetalleIVA')) {
      const row = rows.add(ordinary, null);
      if (baseOnly(detalle)) {
        row.put('category', 'NS', detalle.path);
        putDecimal(row, 'taxable_base', detalle, 'BaseImponible', true);
      } else readDetalleIva(detalle, row, 'CuotaSoportada');
      readRecibidaExtras(detalle, row);
    }
  rows.finish(desglose.path);
}
