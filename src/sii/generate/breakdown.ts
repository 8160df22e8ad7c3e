import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import type { LineTax } from '../../model/invoiceLine.js';
import { decimalPlaces, formatUnits, pow10, toUnits } from '../../money/fixedPoint.js';
import type { RoundingMethod } from '../../money/roundingMethod.js';
import { issueAt } from '../../rules/issue.js';
import { allocate } from '../../totals/allocate.js';
import type { TotalsResult } from '../../totals/result.js';
import { RATE_DECIMALS } from '../../totals/scales.js';
import type { SiiLineClass, SiiOperationType } from './classify.js';

/** The decimals of the euro, the currency of every SII amount (sii.md §6). */
const EUR_EXPONENT = 2;

/** What the generator decided for one invoice line before the amounts. */
export interface SiiLinePlan {
  /** The index of the line's VAT tax in `taxes_attributes`. */
  vatTax: number;
  /** The index of the line's equivalence surcharge (recargo), when it has one. */
  surchargeTax: number | undefined;
  /** The VAT tax's category as written on the report (`S` when the tax has none). */
  category: string;
  cls: SiiLineClass;
  /** `goods` / `services` when the record is split by operation type (sii.md §5), else undefined. */
  operation: SiiOperationType | undefined;
}

/** One row of `tax_breakdowns` as generated (the model parses it). */
export interface SiiBreakdownRow {
  operation_type?: SiiOperationType;
  category: string;
  non_exemption_code?: 'S1' | 'S2';
  reason_vat_exempt?: string;
  reason_no_subject?: string;
  percent?: string;
  taxable_base: string;
  tax_amount?: string;
  surcharge_percent?: string;
  surcharge_amount?: string;
  reverse_charge?: true;
}

/** The breakdown of a record and the sums the record states besides. */
export interface SiiBreakdown {
  rows: SiiBreakdownRow[];
  /**
   * `rows[k]` → the first invoice line it was made from (for params); a row made of a document-level
   * allowance or charge alone is `−1 − k` for its entry `allowance_charges_attributes[k]`.
   */
  rowLines: number[];
  /** `ImporteTotal`: Σ base + cuota + recargo of every row (sii.md §8, §9.4), EUR. */
  tax_inclusive_amount: string;
  /** `CuotaDeducible`: Σ cuota of the subject rows, `S1` and `S2` (sii.md §9.4), EUR. */
  deductible_tax_amount: string;
}

/**
 * How invoice-currency amounts become euros. The totals must carry the engine's euro view
 * (`TotalsResult.local`) whenever the invoice is not in euros; the generator refuses an invoice in
 * another currency without `exchange_rate` before it gets here.
 */
export interface SiiAmountContext {
  /** Decimals of the invoice currency. */
  exponent: number;
  /** The account's rounding method (taxmath.md §3.2). */
  method: RoundingMethod;
}

/** A row being summed: its key parts, its lines and its amounts in units of the invoice currency. */
interface Draft {
  plan: SiiLinePlan;
  vatKey: string;
  surchargeKey: string | undefined;
  lines: number[];
  /** The document-level entries in the row (`allowance_charges_attributes[k]`). */
  pieces: number[];
  base: bigint;
  tax: bigint;
  surcharge: bigint;
}

/** The group key among a line's printed taxes that starts with `kind|` (taxmath.md §3.4). */
function keyOf(taxes: Readonly<Record<string, string>>, kind: 'vat' | 'surcharge'): string | undefined {
  return Object.keys(taxes).find((key) => key.startsWith(`${kind}|`));
}

/**
 * A percent as `Tipo2.2Type` writes it (sii.md §6): two decimals (`21` → `21.00`, `5.2` → `5.20`).
 * A percent with more decimals is left as it is, for the model to refuse at its param.
 */
function rate(percent: string): string {
  return decimalPlaces(percent) > 2 ? percent : formatUnits(toUnits(percent, 2), 2);
}

/**
 * Splits a group's euro amount over the rows that share the group, in proportion to their
 * invoice-currency parts (largest remainder, taxmath.md §3.7), so the rows add up to the engine's
 * euro group exactly: the exact euro values of the parts (`part × rate`) add up to the exact euro
 * value of the group, whose rounding the engine made (taxmath.md §3.10).
 */
function euroParts(
  parts: readonly bigint[],
  euros: bigint,
  rateUnits: bigint,
  context: SiiAmountContext,
): bigint[] {
  if (parts.length === 1) return [euros];
  const shift = context.exponent + RATE_DECIMALS - EUR_EXPONENT;
  return allocate(
    parts.map((part) => part * rateUnits),
    pow10(shift),
    euros,
    context.method,
  );
}

/** Converts the drafts' amounts to euros in place, group by group, from the engine's euro groups. */
function toEuros(drafts: readonly Draft[], totals: TotalsResult, context: SiiAmountContext): void {
  const local = totals.local;
  if (local === undefined) return;
  const rateUnits = toUnits(local.exchange_rate, RATE_DECIMALS);
  for (const group of local.groups) {
    const vat = group.key.startsWith('vat|');
    const sharing = drafts.filter((draft) => (vat ? draft.vatKey : draft.surchargeKey) === group.key);
    if (sharing.length === 0) continue;
    const tax = euroParts(
      sharing.map((draft) => (vat ? draft.tax : draft.surcharge)),
      toUnits(group.tax, EUR_EXPONENT),
      rateUnits,
      context,
    );
    const base = vat
      ? euroParts(
          sharing.map((draft) => draft.base),
          toUnits(group.base, EUR_EXPONENT),
          rateUnits,
          context,
        )
      : undefined;
    sharing.forEach((draft, k) => {
      if (vat) {
        draft.tax = tax[k] as bigint;
        draft.base = (base as bigint[])[k] as bigint;
      } else draft.surcharge = tax[k] as bigint;
    });
  }
}

/** The breakdown row of a draft (sii.md §5, §10), amounts in euro units. */
function rowOf(draft: Draft, totals: TotalsResult): SiiBreakdownRow {
  const { plan } = draft;
  const percentOf = (key: string | undefined) =>
    totals.groups.find((group) => group.key === key)?.percent ?? '0';
  const euros = (units: bigint) => formatUnits(units, EUR_EXPONENT);
  const row: SiiBreakdownRow = { category: plan.category, taxable_base: euros(draft.base) };
  if (plan.operation !== undefined) row.operation_type = plan.operation;
  const { cls } = plan;
  if (cls.kind === 'subject') {
    row.non_exemption_code = cls.code;
    row.percent = rate(percentOf(draft.vatKey));
    row.tax_amount = euros(draft.tax);
    if (cls.reverse_charge) row.reverse_charge = true;
  } else if (cls.kind === 'exempt') row.reason_vat_exempt = cls.reason;
  else row.reason_no_subject = cls.reason;
  if (draft.surchargeKey !== undefined) {
    row.surcharge_percent = rate(percentOf(draft.surchargeKey));
    row.surcharge_amount = euros(draft.surcharge);
  }
  return row;
}

/**
 * The VAT breakdown of an SII record from the totals engine's result (sii.md §5, §9, §10):
 *
 * - one row per VAT group (`kind|category|name|percent`, taxmath.md §3.4) — OCA merges the lines of a
 *   rate the same way (sii.md §9.3) — split further only when its lines differ in operation type
 *   (goods / services, sii.md §5) or in their equivalence surcharge;
 * - a row's base and cuota are its lines' printed nets and printed VAT (`TotalsResult.lines`, which add
 *   up to the group in every mode, taxmath.md §3.7), so an unsplit row carries its group's amounts
 *   exactly;
 * - the recargo of a line goes **inside** its VAT row (`surcharge_percent`, `surcharge_amount`: the
 *   same base, sii.md §4.6, §9.3), as the printed surcharge of its lines;
 * - withholding (IRPF) is left out: the SII has no place for it and `ImporteTotal` is the total before
 *   it (sii.md §9.4: purchase 100 at 10 % + 200 at 21 % with 19 % IRPF → 352.00);
 * - exempt and not-subject rows carry the base only (`DetalleExenta`, `NoSujeta`);
 * - in euros (sii.md §6): an invoice in another currency takes the engine's euro groups
 *   (`local_currency: 'EUR'`, each group converted from its rounded amount, taxmath.md §3.10), split
 *   over the rows that share a group by largest remainder, so the rows add up to the euro groups.
 *
 * - document-level allowances and charges (issue #19, docs/sii.md): SII has no element for them and
 *   states amounts per rate, so each piece the engine made of them (one per VAT group, docs/totals.md
 *   §2.3) joins the row of its group — its signed amount in the base, its printed VAT and recargo in
 *   the cuotas — or, when no line has its group, a row of its own (`piecePlans`, `siiPiecePlans`);
 *   a reimbursable expense (*suplido*) stays out, as it is outside the invoice's taxable amounts
 *   and its `tax_inclusive_amount` (art. 78.Tres.3º LIVA).
 *
 * `tax_inclusive_amount` (`ImporteTotal`) = Σ base + cuota + recargo of the rows — the invoice's
 * `tax_inclusive` (net + VAT + recargo, taxmath.md §3.6) in euros, which satisfies AEAT's
 * `ImporteTotal` check (sii.md §8); `deductible_tax_amount` (`CuotaDeducible`) = Σ cuota of the
 * subject rows (`S1`, `S2`; the recargo is not deductible, sii.md §9.4).
 *
 * @example
 * ```ts
 * // OCA's sale (sii.md §9.4): 100 at 10 % + RE 1.4 and 200 at 21 % + RE 5.2
 * const breakdown = siiBreakdown(plans, totals, { exponent: 2, method: 'half_up' });
 * breakdown.rows[1]; // { category: 'S', non_exemption_code: 'S1', percent: '21.00', taxable_base: '200.00', tax_amount: '42.00', surcharge_percent: '5.20', surcharge_amount: '10.40' }
 * breakdown.tax_inclusive_amount; // '363.80'
 * ```
 */
export function siiBreakdown(
  plans: readonly (SiiLinePlan | undefined)[],
  totals: TotalsResult,
  context: SiiAmountContext,
  piecePlans: readonly (SiiLinePlan | undefined)[] = [],
): SiiBreakdown {
  const drafts: Draft[] = [];
  const byKey = new Map<string, Draft>();
  totals.lines.forEach((line, index) => {
    const plan = plans[index];
    const vatKey = keyOf(line.taxes, 'vat');
    if (plan === undefined || vatKey === undefined) return;
    const surchargeKey = keyOf(line.taxes, 'surcharge');
    const key = [vatKey, surchargeKey ?? '', plan.operation ?? ''].join('\n');
    let draft = byKey.get(key);
    if (draft === undefined) {
      draft = { plan, vatKey, surchargeKey, lines: [], pieces: [], base: 0n, tax: 0n, surcharge: 0n };
      byKey.set(key, draft);
      drafts.push(draft);
    }
    draft.lines.push(index);
    draft.base += toUnits(line.net, context.exponent);
    draft.tax += toUnits(line.taxes[vatKey] ?? '0', context.exponent);
    if (surchargeKey !== undefined)
      draft.surcharge += toUnits(line.taxes[surchargeKey] ?? '0', context.exponent);
  });
  addPieces(drafts, totals, piecePlans, context);
  toEuros(drafts, totals, context);

  let total = 0n;
  let deductible = 0n;
  for (const draft of drafts) {
    const subject = draft.plan.cls.kind === 'subject';
    total += draft.base + (subject ? draft.tax : 0n) + draft.surcharge;
    if (subject) deductible += draft.tax;
  }
  return {
    rows: drafts.map((draft) => rowOf(draft, totals)),
    rowLines: drafts.map((draft) => draft.lines[0] ?? -1 - (draft.pieces[0] ?? 0)),
    tax_inclusive_amount: formatUnits(total, EUR_EXPONENT),
    deductible_tax_amount: formatUnits(deductible, EUR_EXPONENT),
  };
}

/** The signed amount of a piece: an allowance lowers its group's base, a charge raises it. */
function signedPiece(amount: string, indicator: 'allowance' | 'charge', exponent: number): bigint {
  const units = toUnits(amount, exponent);
  return indicator === 'allowance' ? -units : units;
}

/**
 * Adds the document-level pieces to the rows of their groups (in invoice-currency units, before the
 * euro conversion, so that the rows still add up to the engine's euro groups), opening a row for a
 * piece whose group no line has (`piecePlans[k]`, from `siiPiecePlans`).
 */
function addPieces(
  drafts: Draft[],
  totals: TotalsResult,
  piecePlans: readonly (SiiLinePlan | undefined)[],
  context: SiiAmountContext,
): void {
  (totals.allowance_charges ?? []).forEach((piece, position) => {
    if (piece.is_reimbursable_expense === true) return;
    const vatKey = keyOf(piece.taxes, 'vat');
    if (vatKey === undefined) return;
    const surchargeKey = keyOf(piece.taxes, 'surcharge');
    let draft = drafts.find(
      (candidate) => candidate.vatKey === vatKey && candidate.surchargeKey === surchargeKey,
    );
    if (draft === undefined) {
      const plan = piecePlans[position];
      if (plan === undefined) return;
      draft = { plan, vatKey, surchargeKey, lines: [], pieces: [], base: 0n, tax: 0n, surcharge: 0n };
      drafts.push(draft);
    }
    draft.pieces.push(piece.index);
    draft.base += signedPiece(piece.amount, piece.allowance_charge_indicator, context.exponent);
    draft.tax += toUnits(piece.taxes[vatKey] ?? '0', context.exponent);
    if (surchargeKey !== undefined)
      draft.surcharge += toUnits(piece.taxes[surchargeKey] ?? '0', context.exponent);
  });
}

/**
 * The plan of each document-level piece of the totals (`TotalsResult.allowance_charges`, issue #19)
 * that needs a breakdown row of its own: one whose VAT group (and recargo) no invoice line has — a
 * charge at a rate of its own, or a not-subject entry (`apply_taxes: false`, category `NS`) — classified
 * like a line's VAT tax (`classify`). Undefined for a piece that joins the row of its group's lines,
 * and for a reimbursable expense (kept out, see `siiBreakdown`).
 *
 * Refused (422 at `allowance_charges_attributes[k]`): a piece whose group's lines are split between
 * goods and services (sii.md §5: the record is broken down by operation type), since nothing says
 * which part it belongs to, and a piece needing a row of its own in such a record, which would need an
 * operation type.
 *
 * @example
 * ```ts
 * const piecePlans = siiPiecePlans(totals, plans, (tax, at) => siiLineClass(tax, undefined, context, at));
 * if (piecePlans.success) siiBreakdown(plans, totals, amountContext, piecePlans.data);
 * ```
 */
export function siiPiecePlans(
  totals: TotalsResult,
  plans: readonly (SiiLinePlan | undefined)[],
  classify: (tax: LineTax, at: readonly PropertyKey[]) => Validated<SiiLinePlan['cls']>,
): Validated<(SiiLinePlan | undefined)[]> {
  const issues: ValidationIssue[] = [];
  const byOperation = plans.some((plan) => plan?.operation !== undefined);
  const piecePlans = (totals.allowance_charges ?? []).map((piece): SiiLinePlan | undefined => {
    if (piece.is_reimbursable_expense === true) return undefined;
    const vatKey = keyOf(piece.taxes, 'vat');
    if (vatKey === undefined) return undefined;
    const surchargeKey = keyOf(piece.taxes, 'surcharge');
    const at = ['allowance_charges_attributes', piece.index];
    const operations = new Set<string>();
    totals.lines.forEach((line, index) => {
      const plan = plans[index];
      if (
        plan !== undefined &&
        keyOf(line.taxes, 'vat') === vatKey &&
        keyOf(line.taxes, 'surcharge') === surchargeKey
      )
        operations.add(plan.operation ?? '');
    });
    if (operations.size > 1) {
      issues.push(
        issueAt(
          'fiscalkit.sii.document-charge-split',
          'parameter_invalid',
          at,
          'cannot be written to SII: the record is broken down into goods and services (sii.md §5) and both have lines in its VAT group, so its part of each is unknown; give it as allowances of the lines instead',
        ),
      );
      return undefined;
    }
    if (operations.size === 1) return undefined;
    if (byOperation) {
      issues.push(
        issueAt(
          'fiscalkit.sii.document-charge-group',
          'parameter_invalid',
          at,
          'cannot be written to SII: it is taxed in a VAT group no line has, and the record is broken down into goods and services (sii.md §5), which would need its operation type; give it as an invoice line',
        ),
      );
      return undefined;
    }
    const group = totals.groups.find((candidate) => candidate.key === vatKey);
    if (group === undefined) return undefined;
    const category = vatKey.split('|')[1] ?? '';
    const tax: LineTax = {
      name: group.name,
      percent: group.percent,
      category: category === '' ? null : category,
    };
    const cls = classify(tax, [...at, 'taxes_attributes', 0]);
    if (!cls.success) {
      issues.push(...cls.issues);
      return undefined;
    }
    return {
      vatTax: 0,
      surchargeTax: surchargeKey === undefined ? undefined : 1,
      category: category === '' ? 'S' : category.toUpperCase(),
      cls: cls.data,
      operation: undefined,
    };
  });
  return issues.length > 0 ? { success: false, issues } : { success: true, data: piecePlans };
}
