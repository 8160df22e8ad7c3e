import type { TaxKind } from '../../codelists/taxKinds.js';
import type { Validated } from '../../errors/validationIssue.js';
import type { InvoiceLine, LineTax } from '../../model/invoiceLine.js';
import { presentText } from '../../model/presentText.js';
import type { SII_OPERATION_TYPES } from '../../model/siiTaxReport.js';
import { isDecimalString, toUnits } from '../../money/fixedPoint.js';
import { issueAt } from '../../rules/issue.js';
import type { SiiInvoiceBook } from './typeCode.js';

/** `goods` (`Entrega`) or `services` (`PrestacionServicios`), sii.md §5, §10. */
export type SiiOperationType = (typeof SII_OPERATION_TYPES)[number];

/** Which taxes of an invoice line are its VAT and its equivalence surcharge (indexes in `taxes_attributes`). */
export interface SiiLineTaxes {
  vat: number | undefined;
  surcharge: number | undefined;
}

/** The kind of a line tax as the totals engine reads it: absent means withholding when negative. */
function kindOf(tax: LineTax): TaxKind {
  return tax.kind ?? (tax.percent.trim().startsWith('-') ? 'withholding' : 'vat');
}

/**
 * The VAT and the equivalence surcharge (recargo) of an invoice line, by tax kind (taxmath.md §1,
 * §3.1: exactly one `vat`, at most one `surcharge`; a `withholding`, IRPF, has no place in the SII,
 * sii.md §9.4). A line without a VAT tax is the totals engine's to refuse.
 *
 * @example
 * ```ts
 * siiLineTaxes({ taxes_attributes: [{ name: 'IVA', percent: '21' }, { name: 'RE', percent: '5.2', kind: 'surcharge' }] });
 * // { vat: 0, surcharge: 1 }
 * ```
 */
export function siiLineTaxes(line: Pick<InvoiceLine, 'taxes_attributes'>): SiiLineTaxes {
  const kinds = line.taxes_attributes.map(kindOf);
  const index = (kind: TaxKind) => {
    const found = kinds.indexOf(kind);
    return found < 0 ? undefined : found;
  };
  return { vat: index('vat'), surcharge: index('surcharge') };
}

/** How one VAT tax is recorded in the SII breakdown (sii.md §4.4, §4.5, §5, §10). */
export type SiiLineClass =
  | {
      kind: 'subject';
      /** `TipoNoExenta`: `S1` without, `S2` with reverse charge (issued invoices, sii.md §4.4). */
      code: 'S1' | 'S2';
      /** Received invoices: `InversionSujetoPasivo` rather than `DesgloseIVA` (sii.md §5). */
      reverse_charge: boolean;
      /** Received invoices: an intra-community acquisition (`ClaveRegimenEspecial` 09, sii.md §4.3). */
      intra_eu_acquisition: boolean;
    }
  | { kind: 'exempt'; reason: string; fromSetting: boolean }
  | { kind: 'not_subject'; reason: string; fromSetting: boolean };

/** What the classification of a line depends on besides its tax. */
export interface SiiClassContext {
  book: SiiInvoiceBook;
  /** The counterparty is in another EU member state (`IDType 02`). */
  eu: boolean;
  /** The account's `reason_vat_exempt` setting (sii.md §10), default `E1`. */
  reason_vat_exempt?: string | null | undefined;
  /** The account's `reason_no_subject` setting (sii.md §10), default `N1`. */
  reason_no_subject?: string | null | undefined;
}

/**
 * The categories that are subject and not exempt: UNCL5305 `S` standard and `Z` zero rate (AEAT
 * accepts `TipoImpositivo` 0, sii.md §8), and the service's `H`, `AA` (10 %), `AAA` (4 %)
 * (api-notes.md §10).
 */
const SUBJECT_CATEGORIES: ReadonlySet<string> = new Set(['S', 'Z', 'H', 'AA', 'AAA']);

/** Not subject: UNCL5305 `O` (outside the scope) and the service's `NS` (api-notes.md §10). */
const NOT_SUBJECT_CATEGORIES: ReadonlySet<string> = new Set(['O', 'NS']);

/** The categories this generator knows, for messages. */
const KNOWN =
  'S, Z, H, AA, AAA (subject), AE (reverse charge), E (exempt), K (intra-EU), G (export), O or NS (not subject)';

/**
 * The SII classification of one VAT tax of an invoice line (sii.md §4.4, §4.5, §10), by its UNCL5305
 * category (api-notes.md §10) and, for `K` / `G`, whether the line is goods or services:
 *
 * | category | `Expedida` | `Recibida` |
 * |---|---|---|
 * | `S`, `Z`, `H`, `AA`, `AAA`, none with a percent | `S1` | `S1` (`DesgloseIVA`) |
 * | `AE` | `S2` | `S2`, `reverse_charge` (`InversionSujetoPasivo`, art. 84.Uno.2º/4º LIVA); from an EU supplier an intra-EU acquisition instead |
 * | `E` | exempt, the `reason_vat_exempt` setting (default `E1`, art. 20 LIVA) | same (base only) |
 * | `K` | goods: exempt `E5` (art. 25 LIVA, intra-EU supply); services: not subject `N2` (place-of-supply rules, art. 69 LIVA) | intra-EU acquisition: `S1`, key `09` |
 * | `G` | goods: exempt `E2` (art. 21 LIVA, export); services: not subject `N2` (art. 69 LIVA) | `parameter_invalid`: imports are recorded from the customs declaration (`F5`, sii.md §4.1) |
 * | `O`, `NS` | not subject, the `reason_no_subject` setting (default `N1`) | same (base only) |
 *
 * An intra-EU acquisition (received `K`, or `AE` from an EU supplier) goes to `DesgloseIVA` with key
 * `09`, never to `InversionSujetoPasivo`, which is for the domestic reverse charge (AEAT FAQ on the
 * received book: "adquisiciones intracomunitarias de bienes y servicios … clave 09"). Exempt and
 * not-subject taxes carry no VAT, so their percent must be 0 (`parameter_invalid` at `percent`):
 * otherwise the invoice's total would hold a cuota the breakdown cannot state (sii.md §8 `ImporteTotal`
 * check). A 0 % tax without a category says neither which 0 it is (`parameter_invalid` at
 * `category`), nor does an unknown category. `at` is the tax's path.
 *
 * @example
 * ```ts
 * siiLineClass({ name: 'IVA', percent: '0', category: 'K' }, 'goods', { book: 'Expedida', eu: true }, ['lines', 0, 'taxes_attributes', 0]);
 * // { success: true, data: { kind: 'exempt', reason: 'E5', fromSetting: false } }
 * ```
 */
export function siiLineClass(
  tax: LineTax,
  operation: SiiOperationType | undefined,
  context: SiiClassContext,
  at: readonly PropertyKey[],
): Validated<SiiLineClass> {
  const category = presentText(tax.category)?.toUpperCase() ?? '';
  const percent = tax.percent.trim();
  // A malformed percent is the totals engine's to report, at the same param: not judged here.
  const wellFormed = isDecimalString(percent, 8);
  const zero = wellFormed && toUnits(percent, 8) === 0n;
  const received = context.book === 'Recibida';
  const subject = (
    code: 'S1' | 'S2',
    reverse_charge = false,
    intra_eu_acquisition = false,
  ): Validated<SiiLineClass> => ({
    success: true,
    data: { kind: 'subject', code, reverse_charge, intra_eu_acquisition },
  });
  const untaxed = (
    kind: 'exempt' | 'not_subject',
    reason: string,
    fromSetting = false,
  ): Validated<SiiLineClass> =>
    zero || !wellFormed
      ? { success: true, data: { kind, reason, fromSetting } }
      : fail(
          'fiscalkit.sii.untaxed-percent',
          [...at, 'percent'],
          `is ${percent}, but the category ${category} is ${kind === 'exempt' ? 'exempt' : 'not subject'} and carries no VAT: the percent must be 0`,
        );
  const withSetting = (
    kind: 'exempt' | 'not_subject',
    setting: string | null | undefined,
    fallback: string,
  ) => {
    const given = presentText(setting);
    return untaxed(kind, given ?? fallback, given !== null);
  };
  if (category === '') {
    if (zero)
      return fail(
        'fiscalkit.sii.zero-category',
        [...at, 'category'],
        `is needed for a 0 % tax: the SII records a 0 % line as zero-rated, exempt or not subject, so the category must say which (${KNOWN})`,
      );
    return subject('S1');
  }
  if (SUBJECT_CATEGORIES.has(category)) return subject('S1');
  if (NOT_SUBJECT_CATEGORIES.has(category))
    return withSetting('not_subject', context.reason_no_subject, 'N1');
  switch (category) {
    case 'AE':
      if (received && context.eu) return subject('S1', false, true);
      return subject('S2', received);
    case 'E':
      return withSetting('exempt', context.reason_vat_exempt, 'E1');
    case 'K':
      if (received) return subject('S1', false, true);
      return operation === 'services' ? untaxed('not_subject', 'N2') : untaxed('exempt', 'E5');
    case 'G':
      if (received)
        return fail(
          'sii.4.1.import-dua',
          [...at, 'category'],
          'is G (export) on a received invoice: an import is recorded from its customs declaration (DUA, TipoFactura F5, sii.md §4.1), not from the supplier invoice',
        );
      return operation === 'services' ? untaxed('not_subject', 'N2') : untaxed('exempt', 'E2');
    default:
      return fail(
        'fiscalkit.sii.category',
        [...at, 'category'],
        `is ${JSON.stringify(category)}, which the SII has no place for: use ${KNOWN}`,
      );
  }
}

/** A failure with one `parameter_invalid` issue. */
function fail(rule: string, path: readonly PropertyKey[], message: string): Validated<SiiLineClass> {
  return { success: false, issues: [issueAt(rule, 'parameter_invalid', path, message)] };
}
