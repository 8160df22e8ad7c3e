import { KSEF_GTU_CODES } from '../../codelists/ksefCodes.js';
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import type { InvoiceLine } from '../../model/invoiceLine.js';
import type { KsefLine, KsefOrderLine } from '../../model/ksefLine.js';
import { presentText } from '../../model/presentText.js';
import { issueAt } from '../../rules/issue.js';
import type { TotalsResult } from '../../totals/result.js';
import { NUMERIC_RATES } from '../build/fa3Types.js';
import { groupRateCodes } from './buckets.js';
import { lineDiscount } from './discount.js';
import type { LineRate } from './rateCode.js';

/** The classification elements of a line (`FaWiersz` / `ZamowienieWiersz`). */
export type LineClassification = Pick<KsefLine, 'gtin' | 'pkwiu' | 'cn' | 'pkob' | 'item_code' | 'gtu'>;

/**
 * Where a line's `classification_code` goes in FA(3) (ksef-fa3.md §6.5: `GTIN`, `PKWiU`, `CN`,
 * `PKOB`, `Indeks`, `GTU`), by its `classification_code_scheme`, compared without case: `GTIN` (also
 * `EAN` and the GS1 scheme code `0160`) → `gtin`; `PKWiU` → `pkwiu`; `CN` → `cn`; `PKOB` → `pkob`;
 * `GTU`, or a code that is itself `GTU_01`…`GTU_13`, → `gtu`; any other scheme, or none → `item_code`
 * (`Indeks`, the seller's own code — a **fiscalkit choice**: FA(3) has no element for other schemes
 * such as CPV). Length limits are FA(3)'s and are checked with the report.
 *
 * @example
 * ```ts
 * lineClassification({ classification_code: '8418 21 91', classification_code_scheme: 'CN' }); // { cn: '8418 21 91' }
 * lineClassification({ classification_code: 'GTU_10', classification_code_scheme: null }); // { gtu: 'GTU_10' }
 * ```
 */
export function lineClassification(
  line: Pick<InvoiceLine, 'classification_code' | 'classification_code_scheme'>,
): LineClassification {
  const code = line.classification_code?.trim() ?? '';
  if (code === '') return {};
  const scheme = line.classification_code_scheme?.trim().toUpperCase() ?? '';
  if ((KSEF_GTU_CODES as readonly string[]).includes(code) && (scheme === '' || scheme === 'GTU'))
    return { gtu: code as (typeof KSEF_GTU_CODES)[number] };
  switch (scheme) {
    case 'GTIN':
    case 'EAN':
    case '0160':
      return { gtin: code };
    case 'PKWIU':
      return { pkwiu: code };
    case 'CN':
      return { cn: code };
    case 'PKOB':
      return { pkob: code };
    default:
      return { item_code: code };
  }
}

/** What the line mappers need besides the invoice lines. */
export interface LineContext {
  /** Per invoice line, its FA(3) rate (from `lineRates`). */
  rates: readonly (LineRate | undefined)[];
  /** The totals of the invoice (`lines[i].net` and `lines[i].taxes`). */
  totals: Pick<TotalsResult, 'lines'>;
  /** `KursWaluty` for lines at a numeric rate, when the invoice is not in PLN. */
  exchange_rate?: string | undefined;
}

/**
 * The invoice lines as FA(3) `FaWiersz` (ksef-fa3.md §6.5): `NrWierszaFa` the position, `P_7`
 * description, `P_8A` unit, `P_8B` quantity, `P_9A` price exactly as stored (never rounded, odoo PR
 * #263812; with a `base_quantity`, the unit price the engine used), `P_10` the discount per unit when it can be stated exactly (`lineDiscount`), `P_11` the
 * totals engine's printed line net (which adds up to the group net, taxmath.md §3.7), `P_12` the rate
 * code, `KursWaluty` the invoice's exchange rate on every line at a numeric rate when the invoice is
 * not in PLN (none on `0 WDT`, `0 EX` and the other categories, MF samples 22 and 23), and the
 * classification (`lineClassification`).
 *
 * @example
 * ```ts
 * ksefLines(invoice.lines, { rates, totals })[0];
 * // { line_number: 1, description: 'lodówka Zimnotech mk1', unit: 'szt.', quantity: '1', price: '1626.01',
 * //   net_amount: '1626.01', tax_category: '23' }
 * ```
 */
export function ksefLines(lines: readonly InvoiceLine[], context: LineContext): KsefLine[] {
  return lines.map((line, index) => {
    const code = context.rates[index]?.code;
    // With a base quantity `P_9A` is the unit price the engine used, `price / base_quantity` to 8
    // decimals (docs/totals.md §2.1, §3.4: "`unit_price` is `P_9A`"), so that P_8B × P_9A is the gross.
    const unitPrice = context.totals.lines[index]?.unit_price ?? line.price;
    const result: KsefLine = {
      line_number: index + 1,
      description: presentText(line.description),
      unit: presentText(line.unit),
      quantity: line.quantity,
      price: unitPrice,
      net_amount: context.totals.lines[index]?.net ?? null,
      tax_category: code ?? null,
      ...lineClassification(line),
    };
    const discount = lineDiscount(line, unitPrice);
    if (discount !== null) result.discount = discount.discount;
    if (context.exchange_rate !== undefined && code !== undefined && NUMERIC_RATES.includes(code))
      result.exchange_rate = context.exchange_rate;
    return result;
  });
}

/** `P_7` of a document-level allowance or charge without a reason. */
const PIECE_DESCRIPTIONS = { allowance: 'Rabat', charge: 'Opłata dodatkowa' } as const;

/**
 * The document-level allowances and charges of the invoice (issue #19: `allowance_charges_attributes`,
 * EN 16931 BG-20 / BG-21) as FA(3) `FaWiersz` rows after the invoice's lines. FA(3) has no
 * document-level allowance or charge element (docs/totals.md §3.4: "an exporter writes them as
 * lines (or refuses them)"), and its `P_13_x` / `P_14_x` are the sums per rate of the lines: the totals
 * engine already puts each piece into its VAT group (one piece per VAT rate, docs/totals.md §2.3), so
 * each piece becomes one row at its group's rate — `P_7` its reason (else `Rabat` / `Opłata
 * dodatkowa`), `P_8B` 1, `P_9A` and `P_11` its signed amount (an allowance negative) — and the rows add
 * up to the buckets the report states, as the invoice's totals do.
 *
 * Refused (422 at the entry, never dropped): a reimbursable expense (a Spanish *suplido*: FA(3)
 * states the amount due in `P_15` and has no element for an amount outside the taxable amounts), and
 * a piece whose VAT group no invoice line has (a charge at a rate of its own, or `apply_taxes: false`):
 * its rate code is read from the lines of its group, and FA(3) would need one.
 *
 * @example
 * ```ts
 * ksefDocumentLines(totals, rates, 2, undefined);
 * // { success: true, data: [{ line_number: 3, description: 'Rabat', quantity: '1', price: '-10.00', net_amount: '-10.00', tax_category: '23' }] }
 * ```
 */
export function ksefDocumentLines(
  totals: Pick<TotalsResult, 'lines' | 'allowance_charges'>,
  rates: readonly (LineRate | undefined)[],
  after: number,
  exchangeRate: string | undefined,
): Validated<{ lines: KsefLine[]; sources: number[] }> {
  const pieces = totals.allowance_charges ?? [];
  const codes = groupRateCodes(totals, rates);
  const issues: ValidationIssue[] = [];
  const lines: KsefLine[] = [];
  const sources: number[] = [];
  for (const piece of pieces) {
    const at = ['allowance_charges_attributes', piece.index];
    if (piece.is_reimbursable_expense === true) {
      issues.push(
        issueAt(
          'fiscalkit.ksef.reimbursable-expense',
          'parameter_invalid',
          [...at, 'is_reimbursable_expense'],
          'cannot be written to FA(3): a reimbursable expense is outside the taxable amounts, and FA(3) has no element for it beside the amount due P_15 (issue the expense on its own document)',
        ),
      );
      continue;
    }
    const vatKey = Object.keys(piece.taxes).find((key) => key.startsWith('vat|'));
    const code = vatKey === undefined ? undefined : codes.get(vatKey);
    if (code === undefined) {
      issues.push(
        issueAt(
          'fiscalkit.ksef.document-charge-group',
          'parameter_invalid',
          at,
          `cannot be written to FA(3): it is taxed in a VAT group no invoice line has (${vatKey ?? 'none'}), and FA(3), which has no document-level allowance or charge, states it as a line at the rate of its group; give it as an invoice line`,
        ),
      );
      continue;
    }
    const signed = piece.allowance_charge_indicator === 'allowance' ? `-${piece.amount}` : piece.amount;
    const amount = signed.replace(/^--/, '');
    const line: KsefLine = {
      line_number: after + lines.length + 1, // money-safe: a line position, counted.
      description: presentText(piece.reason) ?? PIECE_DESCRIPTIONS[piece.allowance_charge_indicator],
      unit: null,
      quantity: '1',
      price: amount,
      net_amount: amount,
      tax_category: code,
    };
    if (exchangeRate !== undefined && NUMERIC_RATES.includes(code)) line.exchange_rate = exchangeRate;
    lines.push(line);
    // A piece row is answered at its entry (`sourceParamOf`): −1 − k for entry k.
    sources.push(-1 - piece.index);
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data: { lines, sources } };
}

/**
 * The invoice lines of an advance (`ZAL`, `KOR_ZAL`) as FA(3) `ZamowienieWiersz` (ksef-fa3.md §6.8:
 * the invoice lines describe the order): `P_11NettoZ` the printed line net and `P_11VatZ` that line's
 * VAT from the totals engine (its share of the group VAT, taxmath.md §3.7), so that Σ
 * (`P_11NettoZ` + `P_11VatZ`) is the order's gross `WartoscZamowienia` (MF sample 10: 300000 + 69000 +
 * 5000 + 1150 = 375150).
 *
 * @example
 * ```ts
 * ksefOrderLines(invoice.lines, { rates, totals })[0];
 * // { line_number: 1, description: 'mieszkanie 50m^2', …, net_amount: '300000.00', tax_amount: '69000.00', tax_category: '23' }
 * ```
 */
export function ksefOrderLines(lines: readonly InvoiceLine[], context: LineContext): KsefOrderLine[] {
  return lines.map((line, index) => {
    const computed = context.totals.lines[index];
    const vatKey = Object.keys(computed?.taxes ?? {}).find((key) => key.startsWith('vat|'));
    const classification = lineClassification(line);
    return {
      line_number: index + 1,
      description: presentText(line.description),
      unit: presentText(line.unit),
      quantity: line.quantity,
      price: computed?.unit_price ?? line.price,
      net_amount: computed?.net ?? null,
      tax_amount: vatKey === undefined ? null : (computed?.taxes[vatKey] ?? null),
      tax_category: context.rates[index]?.code ?? null,
      ...classification,
    };
  });
}

/**
 * Before/after pairs of a correction that leaves the lines as they are (ksef-fa3.md §6.7, §6.8): each
 * line twice with the same number, first as the "before" row (`StanPrzed` / `StanPrzedZ` = 1), then
 * as the "after" row, as MF samples 12 and 18 write an unchanged order or settlement. Also returns,
 * for each row, the index of the line it repeats.
 *
 * @example
 * ```ts
 * beforeAfterPairs([{ line_number: 1 }]);
 * // { rows: [{ line_number: 1, before_correction: true }, { line_number: 1 }], sources: [0, 0] }
 * ```
 */
export function beforeAfterPairs<T extends { before_correction?: boolean | null | undefined }>(
  rows: readonly T[],
): { rows: T[]; sources: number[] } {
  const paired: T[] = [];
  const sources: number[] = [];
  rows.forEach((row, index) => {
    paired.push({ ...row, before_correction: true }, row);
    sources.push(index, index);
  });
  return { rows: paired, sources };
}
