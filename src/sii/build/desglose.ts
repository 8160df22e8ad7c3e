/**
 * The VAT breakdown of issued and received invoices (sii.md §5, §4.4, §4.5, §4.6): how each
 * `tax_breakdowns` row is classified and grouped into AEAT's blocks, and the section builders that
 * write them. `siiRecordIssues` classifies and groups with the same functions, so a record it
 * accepts is written the way it was checked.
 *
 * Issued invoices (`TipoDesglose`, a choice of exactly one):
 * - rows without `operation_type` → `DesgloseFactura`; `goods` → `DesgloseTipoOperacion/Entrega`;
 *   `services` → `DesgloseTipoOperacion/PrestacionServicios` (sii.md §10);
 * - in each block: subject, not exempt rows → `Sujeta/NoExenta/DesgloseIVA/DetalleIVA[1..6]` with
 *   `TipoNoExenta` `S1` or `S2`, `S3` when the block holds both or any row says `S3` (a row of an
 *   imported mixed block, **fiscalkit decision**, sii.md §4.4); exempt rows →
 *   `Sujeta/Exenta/DetalleExenta[1..7]`; not-subject rows → `NoSujeta`, `N1` summed into
 *   `ImportePorArticulos7_14_Otros` and `N2` into `ImporteTAIReglasLocalizacion` (sii.md §10);
 * - recargo (`TipoRecargoEquivalencia`, `CuotaRecargoEquivalencia`) only outside
 *   `PrestacionServicios` (sii.md §4.6).
 *
 * Received invoices (`DesgloseFactura`): reverse-charge rows → `InversionSujetoPasivo/DetalleIVA`,
 * the rest → `DesgloseIVA/DetalleIVA`; an exempt or not-subject row is a `DetalleIVA` with its base
 * only, as OCA writes a not-subject purchase line (`shared/samples/sii/oca-derived/
 * sii_in_invoice_p_iva0_ns_p_iva10_bc.xml`).
 *
 * @module
 */
import type { SiiTaxBreakdown } from '../../model/siiTaxReport.js';
import { amountCents, amountText, formatCents, rateText, siiFlag } from './formats.js';
import type { XmlElement } from './xml.js';

/**
 * The `TipoNoExenta` of a subject row (sii.md §4.4): `S1`, `S2`, or `S3` for a row of a mixed block
 * whose own kind is not stated (**fiscalkit decision**, see `SII_NON_EXEMPTION_CODES`).
 */
export type SiiSubjectCode = 'S1' | 'S2' | 'S3';

/** A breakdown row as a record may carry it (fields absent, null or as sent). */
export type SiiRow = Partial<SiiTaxBreakdown>;

/** How a row is reported (see the module comment). */
export type SiiRowClass =
  | { readonly kind: 'subject'; readonly code: SiiSubjectCode }
  | { readonly kind: 'exempt'; readonly reason: string }
  | { readonly kind: 'not_subject'; readonly reason: string }
  | {
      readonly kind: 'unclassified';
      /** The field that would classify the row. */
      readonly needs: 'reason_vat_exempt' | 'reason_no_subject';
    };

/** The service's tax categories that mean exempt or not subject (api-notes.md §10). */
const EXEMPT_CATEGORIES: ReadonlySet<string> = new Set(['E']);
const NOT_SUBJECT_CATEGORIES: ReadonlySet<string> = new Set(['NS', 'O']);

/** Whether a string field is given (not blank). */
function given(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * How a row is reported. The first of `non_exemption_code`, `reason_vat_exempt`,
 * `reason_no_subject` given wins (giving two is `siiTaxBreakdownIssues`' `parameter_invalid`). A row
 * with none is subject and not exempt, `S1` (the SDK's usual value, sii.md §10), or `S2` for the
 * service's reverse-charge category `AE` — unless its `category` says exempt (`E`) or not subject
 * (`NS`, `O`; api-notes.md §10): then it is `unclassified`, because the builder must not guess the
 * cause (**fiscalkit rule**).
 *
 * @example
 * ```ts
 * classifyRow({ taxable_base: '100', percent: '21' }); // { kind: 'subject', code: 'S1' }
 * classifyRow({ taxable_base: '100', reason_vat_exempt: 'E5' }); // { kind: 'exempt', reason: 'E5' }
 * classifyRow({ taxable_base: '100', category: 'E' }); // { kind: 'unclassified', needs: 'reason_vat_exempt' }
 * ```
 */
export function classifyRow(row: SiiRow): SiiRowClass {
  if (given(row.non_exemption_code))
    return {
      kind: 'subject',
      code:
        row.non_exemption_code === 'S2' || row.non_exemption_code === 'S3' ? row.non_exemption_code : 'S1',
    };
  if (given(row.reason_vat_exempt)) return { kind: 'exempt', reason: row.reason_vat_exempt };
  if (given(row.reason_no_subject)) return { kind: 'not_subject', reason: row.reason_no_subject };
  const category = typeof row.category === 'string' ? row.category.trim().toUpperCase() : '';
  if (EXEMPT_CATEGORIES.has(category)) return { kind: 'unclassified', needs: 'reason_vat_exempt' };
  if (NOT_SUBJECT_CATEGORIES.has(category)) return { kind: 'unclassified', needs: 'reason_no_subject' };
  return { kind: 'subject', code: category === 'AE' ? 'S2' : 'S1' };
}

/**
 * Whether a received-invoice row goes to `InversionSujetoPasivo` (sii.md §5): a subject row with
 * `reverse_charge` true, or with `S2` (reverse charge, sii.md §4.4) when `reverse_charge` is not
 * given (**fiscalkit choice**). An `S3` row (of a mixed block, its own kind not stated, sii.md §4.4)
 * is reverse charge only when `reverse_charge` is true: `S3` alone does not say (**fiscalkit choice**).
 *
 * @example
 * ```ts
 * isReverseCharge({ taxable_base: '100', reverse_charge: true }); // true
 * isReverseCharge({ taxable_base: '100', non_exemption_code: 'S2' }); // true
 * isReverseCharge({ taxable_base: '100', non_exemption_code: 'S3' }); // false
 * isReverseCharge({ taxable_base: '100', reason_vat_exempt: 'E1', reverse_charge: true }); // false
 * ```
 */
export function isReverseCharge(row: SiiRow): boolean {
  const kind = classifyRow(row);
  if (kind.kind !== 'subject') return false;
  if (row.reverse_charge === true) return true;
  // sii.md §4.4: only S2 implies reverse charge; an S3 row's own kind is not stated.
  return row.reverse_charge !== false && kind.code === 'S2';
}

/** The three blocks of an issued invoice's breakdown. */
export type SiiIssuedBlock = 'invoice' | 'goods' | 'services';

/**
 * The block of an issued invoice's breakdown a row belongs to: its `operation_type`, or `invoice`
 * (`DesgloseFactura`) without one.
 *
 * @example
 * ```ts
 * issuedBlock({ operation_type: 'services', taxable_base: '1' }); // 'services'
 * issuedBlock({ taxable_base: '1' }); // 'invoice'
 * ```
 */
export function issuedBlock(row: SiiRow): SiiIssuedBlock {
  return row.operation_type === 'goods' || row.operation_type === 'services' ? row.operation_type : 'invoice';
}

/** The rows of one block, by how they are reported, each with its index in `tax_breakdowns`. */
export interface SiiBlockRows {
  readonly subject: { row: SiiRow; index: number; code: SiiSubjectCode }[];
  readonly exempt: { row: SiiRow; index: number }[];
  readonly notSubject: { row: SiiRow; index: number; reason: string }[];
}

/**
 * The rows of each issued-invoice block, in record order (unclassified rows are left out: the
 * record is refused for them).
 *
 * @example
 * ```ts
 * issuedBlocks([{ operation_type: 'goods', taxable_base: '10', percent: '21', tax_amount: '2.10' }]).goods.subject.length; // 1
 * ```
 */
export function issuedBlocks(rows: readonly SiiRow[]): Record<SiiIssuedBlock, SiiBlockRows> {
  const blocks: Record<SiiIssuedBlock, SiiBlockRows> = {
    invoice: { subject: [], exempt: [], notSubject: [] },
    goods: { subject: [], exempt: [], notSubject: [] },
    services: { subject: [], exempt: [], notSubject: [] },
  };
  rows.forEach((row, index) => {
    const block = blocks[issuedBlock(row)];
    const kind = classifyRow(row);
    if (kind.kind === 'subject') block.subject.push({ row, index, code: kind.code });
    else if (kind.kind === 'exempt') block.exempt.push({ row, index });
    else if (kind.kind === 'not_subject') block.notSubject.push({ row, index, reason: kind.reason });
  });
  return blocks;
}

/**
 * The sum of the not-subject rows of a block with `reason` (`N1` or `N2`), in cents, or null when
 * there are none. Rows whose base is not an SII amount count as zero (the record is refused for
 * them anyway).
 *
 * @example
 * ```ts
 * notSubjectCents(issuedBlocks([{ reason_no_subject: 'N1', taxable_base: '1.50' }]).invoice, 'N1'); // 150n
 * ```
 */
export function notSubjectCents(block: SiiBlockRows, reason: string): bigint | null {
  let sum: bigint | null = null;
  for (const entry of block.notSubject)
    if (entry.reason === reason) sum = (sum ?? 0n) + (amountCents(entry.row.taxable_base) ?? 0n);
  return sum;
}

/** `DetalleIVA` of an issued invoice: with recargo (`DetalleIVAEmitidaType`) or without (`…PrestacionType`). */
function detalleIvaEmitida(row: SiiRow, withSurcharge: boolean): XmlElement {
  return {
    'sii:TipoImpositivo': rateText(row.percent),
    'sii:BaseImponible': amountText(row.taxable_base),
    'sii:CuotaRepercutida': amountText(row.tax_amount),
    'sii:TipoRecargoEquivalencia': withSurcharge ? rateText(row.surcharge_percent) : undefined,
    'sii:CuotaRecargoEquivalencia': withSurcharge ? amountText(row.surcharge_amount) : undefined,
  };
}

/**
 * `Sujeta` of one block (`SujetaType` / `SujetaPrestacionType`): `Exenta/DetalleExenta[]` then
 * `NoExenta{TipoNoExenta, DesgloseIVA/DetalleIVA[]}`; `undefined` when the block has neither.
 *
 * @example
 * ```ts
 * sujeta(issuedBlocks([{ taxable_base: '100', reason_vat_exempt: 'E1' }]).invoice, true);
 * // { 'sii:Exenta': { 'sii:DetalleExenta': [{ 'sii:CausaExencion': 'E1', 'sii:BaseImponible': '100.00' }] }, 'sii:NoExenta': undefined }
 * ```
 */
export function sujeta(block: SiiBlockRows, withSurcharge: boolean): XmlElement | undefined {
  if (block.subject.length === 0 && block.exempt.length === 0) return undefined;
  const codes = new Set(block.subject.map((entry) => entry.code));
  return {
    'sii:Exenta':
      block.exempt.length === 0
        ? undefined
        : {
            'sii:DetalleExenta': block.exempt.map(({ row }) => ({
              'sii:CausaExencion': given(row.reason_vat_exempt) ? row.reason_vat_exempt : undefined,
              'sii:BaseImponible': amountText(row.taxable_base),
            })),
          },
    'sii:NoExenta':
      block.subject.length === 0
        ? undefined
        : {
            // sii.md §4.4: S3 for both kinds in one block, or for rows imported from an S3 block.
            'sii:TipoNoExenta': codes.has('S3') || codes.size > 1 ? 'S3' : (block.subject[0]?.code ?? 'S1'),
            'sii:DesgloseIVA': {
              'sii:DetalleIVA': block.subject.map(({ row }) => detalleIvaEmitida(row, withSurcharge)),
            },
          },
  };
}

/**
 * `NoSujeta` of one block (`NoSujetaType`): the `N1` rows' sum in `ImportePorArticulos7_14_Otros`,
 * the `N2` rows' in `ImporteTAIReglasLocalizacion`; `undefined` without not-subject rows.
 *
 * @example
 * ```ts
 * noSujeta(issuedBlocks([{ taxable_base: '100', reason_no_subject: 'N2' }]).invoice);
 * // { 'sii:ImportePorArticulos7_14_Otros': undefined, 'sii:ImporteTAIReglasLocalizacion': '100.00' }
 * ```
 */
export function noSujeta(block: SiiBlockRows): XmlElement | undefined {
  if (block.notSubject.length === 0) return undefined;
  const n1 = notSubjectCents(block, 'N1');
  const n2 = notSubjectCents(block, 'N2');
  return {
    'sii:ImportePorArticulos7_14_Otros': n1 === null ? undefined : formatCents(n1),
    'sii:ImporteTAIReglasLocalizacion': n2 === null ? undefined : formatCents(n2),
  };
}

/** One block's content (`TipoSinDesgloseType` / `TipoSinDesglosePrestacionType`), or `undefined` when empty. */
function blockContent(block: SiiBlockRows, withSurcharge: boolean): XmlElement | undefined {
  const content = { 'sii:Sujeta': sujeta(block, withSurcharge), 'sii:NoSujeta': noSujeta(block) };
  return content['sii:Sujeta'] === undefined && content['sii:NoSujeta'] === undefined ? undefined : content;
}

/**
 * `TipoDesglose` of an issued invoice (sii.md §5): `DesgloseFactura` when no row has an
 * `operation_type`, else `DesgloseTipoOperacion{PrestacionServicios?, Entrega?}` (services first,
 * the XSD's sequence). A record mixing both is refused by `siiRecordIssues` before this runs.
 *
 * @example
 * ```ts
 * tipoDesglose([{ taxable_base: '100', percent: '21', tax_amount: '21' }]);
 * // { 'sii:DesgloseFactura': { 'sii:Sujeta': { …, 'sii:NoExenta': { 'sii:TipoNoExenta': 'S1', … } }, … } }
 * ```
 */
export function tipoDesglose(rows: readonly SiiRow[]): XmlElement {
  const blocks = issuedBlocks(rows);
  if (rows.every((row) => issuedBlock(row) === 'invoice'))
    return { 'sii:DesgloseFactura': blockContent(blocks.invoice, true) };
  return {
    'sii:DesgloseTipoOperacion': {
      'sii:PrestacionServicios': blockContent(blocks.services, false),
      'sii:Entrega': blockContent(blocks.goods, true),
    },
  };
}

/**
 * `DetalleIVA` of a received invoice: the base only (no VAT) for an exempt or not-subject row; then
 * the REAGYP compensation (`PorcentCompensacionREAGYP`, `ImporteCompensacionREAGYP`: only in
 * `DesgloseIVA`, `withCompensation`; `siiRecordIssues` refuses them on a reverse-charge row) and
 * `BienInversion` (issue #18 item 17).
 */
function detalleIvaRecibida(row: SiiRow, withCompensation: boolean): XmlElement {
  const vat: XmlElement =
    classifyRow(row).kind !== 'subject'
      ? { 'sii:BaseImponible': amountText(row.taxable_base) }
      : {
          'sii:TipoImpositivo': rateText(row.percent),
          'sii:BaseImponible': amountText(row.taxable_base),
          'sii:CuotaSoportada': amountText(row.tax_amount),
          'sii:TipoRecargoEquivalencia': rateText(row.surcharge_percent),
          'sii:CuotaRecargoEquivalencia': amountText(row.surcharge_amount),
        };
  return {
    ...vat,
    'sii:PorcentCompensacionREAGYP': withCompensation ? rateText(row.compensation_percent) : undefined,
    'sii:ImporteCompensacionREAGYP': withCompensation ? amountText(row.compensation_amount) : undefined,
    'sii:BienInversion': siiFlag(row.investment_good),
  };
}

/**
 * `DesgloseFactura` of a received invoice (`DesgloseFacturaRecibidasType`, sii.md §5):
 * `InversionSujetoPasivo/DetalleIVA[]` for the reverse-charge rows ({@link isReverseCharge}), then
 * `DesgloseIVA/DetalleIVA[]` for the others.
 *
 * @example
 * ```ts
 * desgloseRecibida([{ reverse_charge: true, percent: '21', taxable_base: '100', tax_amount: '21' }]);
 * // { 'sii:InversionSujetoPasivo': { 'sii:DetalleIVA': [{ 'sii:TipoImpositivo': '21.00', … }] }, 'sii:DesgloseIVA': undefined }
 * ```
 */
export function desgloseRecibida(rows: readonly SiiRow[]): XmlElement {
  const reverse = rows.filter(isReverseCharge);
  const other = rows.filter((row) => !isReverseCharge(row));
  return {
    'sii:InversionSujetoPasivo':
      reverse.length === 0
        ? undefined
        : { 'sii:DetalleIVA': reverse.map((row) => detalleIvaRecibida(row, false)) },
    'sii:DesgloseIVA':
      other.length === 0
        ? undefined
        : { 'sii:DetalleIVA': other.map((row) => detalleIvaRecibida(row, true)) },
  };
}
