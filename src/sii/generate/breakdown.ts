import { decimalPlaces, formatUnits, pow10, toUnits } from '../../money/fixedPoint.js';
import type { RoundingMethod } from '../../money/roundingMethod.js';
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
  /** `rows[k]` → the first invoice line it was made from (for params). */
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
      draft = { plan, vatKey, surchargeKey, lines: [], base: 0n, tax: 0n, surcharge: 0n };
      byKey.set(key, draft);
      drafts.push(draft);
    }
    draft.lines.push(index);
    draft.base += toUnits(line.net, context.exponent);
    draft.tax += toUnits(line.taxes[vatKey] ?? '0', context.exponent);
    if (surchargeKey !== undefined)
      draft.surcharge += toUnits(line.taxes[surchargeKey] ?? '0', context.exponent);
  });
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
    rowLines: drafts.map((draft) => draft.lines[0] as number),
    tax_inclusive_amount: formatUnits(total, EUR_EXPONENT),
    deductible_tax_amount: formatUnits(deductible, EUR_EXPONENT),
  };
}
