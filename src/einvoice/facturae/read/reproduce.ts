/**
 * Reading a Facturae document must keep every amount (issue #22 "Round trips keep every amount, party,
 * line and tax"; src/einvoice/semantic/invoiceFromDocument.ts: "an amount that would change is refused
 * by the reader with a clear issue, never dropped"). So the reader runs fiscalkit's totals engine on
 * the invoice it read and compares each figure the document states — every line's `GrossAmount` and
 * discounts, every tax's base, rate and amount, every total — with what the engine gives.
 *
 * What the document does not say, the reader finds by trying, in this order, the first that reproduces
 * every figure:
 *
 * 1. how the seller rounds: taxes per group (`accumulated`) or per line (taxmath.md §3.5), with
 *    `half_up`, then with `bankers` — becoming the seller account's `apply_taxes_per_line`,
 *    `skip_line_taxable_base_rounding` (always false: see {@link ROUNDINGS}) and `rounding_method`;
 * 2. for a line or general discount given with a rate, whether the rate is what its amount was
 *    computed from (else the amount is read);
 * 3. for the general discounts and charges, which rate each belongs to: spread over the rates by the
 *    lines' nets (docs/totals.md §2.3), else each one on the one rate — with the lines' withholding, or
 *    on the VAT alone, leaving the withholding's base to the lines — (or outside the taxes, not
 *    subject) that makes every `TaxableBase` add up (a search over at most {@link MAX_ASSIGNMENTS}
 *    combinations).
 *
 * A document none of these reproduce is refused (`facturae.read.amounts`), naming the first figure that
 * differs and the value fiscalkit computes for it.
 *
 * @module
 */
import { invoiceTotals } from '../../../generate/totalsInput.js';
import type { InvoiceAllowanceCharge, InvoiceCreate } from '../../../model/invoice.js';
import type { LineTax } from '../../../model/invoiceLine.js';
import { Decimal } from '../../../money/decimal.js';
import type { AccountRoundingMethod } from '../../../money/roundingMethod.js';
import { roundingMethodFromAccount } from '../../../money/roundingMethod.js';
import type { TotalsAllowanceChargeInput, TotalsInput, TotalsTaxInput } from '../../../totals/input.js';
import type { TotalsResult } from '../../../totals/result.js';
import { taxPlan } from '../write/taxPlan.js';
import type { Stated, StatedFigures } from './invoice.js';

/** The most tax assignments of the general discounts and charges the reader tries. */
export const MAX_ASSIGNMENTS = 4096;

/** How the seller's account rounds: the flags the reader gives the seller. */
export interface SellerRounding {
  readonly apply_taxes_per_line: boolean;
  readonly skip_line_taxable_base_rounding: boolean;
  readonly rounding_method: AccountRoundingMethod;
}

/**
 * The roundings tried, in order: taxes per group or per line, half up or half even. Not the unrounded
 * lines of taxmath.md §3.5 mode C, which the writer refuses (`facturae.write.unrounded-lines`): a
 * document read in that mode could not be written again.
 */
const ROUNDINGS: readonly SellerRounding[] = (['half_up', 'bankers'] as const).flatMap((rounding_method) => [
  { apply_taxes_per_line: false, skip_line_taxable_base_rounding: false, rounding_method },
  { apply_taxes_per_line: true, skip_line_taxable_base_rounding: false, rounding_method },
]);

/** A figure that differs: where, what the document says and what fiscalkit computes. */
export interface Difference {
  readonly path: string;
  readonly stated: string;
  readonly computed: string;
}

/** A line tax as the engine reads it. */
function totalsTax(tax: LineTax): TotalsTaxInput {
  return { name: tax.name, percent: tax.percent, kind: tax.kind, category: tax.category };
}

/**
 * The totals engine's input of a read invoice with the seller's rounding (the invoice's lines, document
 * allowances and charges, and its payments on account as the prepaid amount).
 *
 * @example
 * ```ts
 * totalsInputOf(read.invoice, { apply_taxes_per_line: false, skip_line_taxable_base_rounding: false, rounding_method: 'half_up' }).lines.length; // 2
 * ```
 */
export function totalsInputOf(invoice: InvoiceCreate, rounding: SellerRounding): TotalsInput {
  const payments = invoice.payments_on_account ?? [];
  const prepaid =
    payments.length > 0
      ? payments.reduce((sum, payment) => sum.plus(payment.amount), new Decimal(0)).toString()
      : invoice.prepaid_amount;
  const input: TotalsInput = {
    currency: invoice.currency ?? 'EUR',
    rounding_method: roundingMethodFromAccount(rounding.rounding_method),
    apply_taxes_per_line: rounding.apply_taxes_per_line,
    skip_line_taxable_base_rounding: rounding.skip_line_taxable_base_rounding,
    lines: invoice.invoice_lines_attributes.map((line) => ({
      quantity: line.quantity,
      price: line.price,
      base_quantity: line.base_quantity,
      allowance_charges: line.allowance_charges_attributes?.map((entry) => ({
        allowance_charge_indicator: entry.allowance_charge_indicator,
        percentage: entry.percentage,
        amount: entry.amount,
        reason: entry.reason,
      })),
      taxes: line.taxes_attributes.map(totalsTax),
    })),
    allowance_charges: invoice.allowance_charges_attributes?.map(
      (entry): TotalsAllowanceChargeInput => ({
        allowance_charge_indicator: entry.allowance_charge_indicator,
        percentage: entry.percentage,
        amount: entry.amount,
        reason: entry.reason,
        apply_taxes: entry.apply_taxes,
        is_reimbursable_expense: entry.is_reimbursable_expense,
        taxes: entry.taxes_attributes?.map(totalsTax),
      }),
    ),
    prepaid_amount: prepaid,
  };
  return input;
}

/** Whether two decimal strings are the same number. */
function equal(a: string, b: string): boolean {
  return new Decimal(a).eq(new Decimal(b));
}

/**
 * The differences between what the document states and what this writer would write for the invoice
 * read, from the engine's result on it (empty: reproduced): each line's net and adjustments, the taxes
 * summed per code and rates, every total.
 *
 * @example
 * ```ts
 * differences(read.stated, result, read.invoice);
 * // [{ path: '/fe:Facturae/Invoices/Invoice[1]/InvoiceTotals/InvoiceTotal', stated: '5080.92', computed: '4480.62' }]
 * ```
 */
export function differences(
  stated: StatedFigures,
  result: TotalsResult,
  invoice: InvoiceCreate,
): Difference[] {
  const found: Difference[] = [];
  const compare = (figure: Stated | undefined, computed: string) => {
    if (figure !== undefined && !equal(figure.value, computed))
      found.push({ path: figure.path, stated: figure.value, computed });
  };
  stated.lines.forEach((line, index) => {
    const printed = result.lines[index];
    if (printed === undefined) return;
    compare(line.gross, printed.net);
    const entries = printed.allowance_charges ?? [];
    line.adjustments.forEach((amount, position) => {
      compare(amount, entries[position]?.amount ?? '0');
    });
  });
  // The taxes this writer would state for the invoice read (src/einvoice/facturae/write/taxPlan.ts),
  // summed per code and rates on both sides: two groups fiscalkit keeps apart by a name or category
  // Facturae does not write (IVA and VAT at 21 %) read back as one, whose amounts are the two's sums.
  const plan = taxPlan({ invoice: { lines: invoice.invoice_lines_attributes }, issues: [] }, result);
  if (plan === undefined) {
    found.push({ path: 'TaxesOutputs', stated: 'the taxes', computed: 'taxes Facturae cannot state' });
    return found;
  }
  const statedTaxes = new Map<string, SummedTax>();
  for (const tax of stated.outputs)
    addTax(
      statedTaxes,
      `vat ${tax.code} ${rateKey(tax.rate)} ${rateKey(tax.surchargeRate)}`,
      tax.base,
      tax.tax,
      tax.surcharge,
    );
  for (const tax of stated.withheld)
    addTax(statedTaxes, `withholding ${tax.code} ${rateKey(tax.rate)}`, tax.base, tax.tax, undefined);
  const computedTaxes = new Map<string, SummedTax>();
  const at = (value: string): Stated => ({ value, path: '' });
  for (const tax of plan.outputs)
    addTax(
      computedTaxes,
      `vat ${tax.code} ${rateKey(tax.rate)} ${rateKey(tax.surchargeRate)}`,
      at(tax.base),
      at(tax.tax),
      tax.surcharge === undefined ? undefined : at(tax.surcharge.tax),
    );
  for (const tax of plan.withheld)
    addTax(
      computedTaxes,
      `withholding ${tax.code} ${rateKey(tax.rate)}`,
      at(tax.group.base),
      at(tax.group.tax),
      undefined,
    );
  for (const [key, tax] of statedTaxes) {
    const computed = computedTaxes.get(key);
    if (computed === undefined) {
      found.push({ path: tax.path, stated: tax.base.toString(), computed: 'no tax of that rate' });
      continue;
    }
    compareSum(found, tax.path, tax.base, computed.base);
    if (tax.taxStated) compareSum(found, tax.taxPath, tax.tax, computed.tax);
    if (tax.surchargeStated) compareSum(found, tax.surchargePath, tax.surcharge, computed.surcharge);
  }
  for (const [key, tax] of computedTaxes)
    if (!statedTaxes.has(key))
      found.push({
        path: 'TaxesOutputs',
        stated: 'none',
        computed: `a tax (${key}) on ${tax.base.toString()}`,
      });
  const totals = result.totals;
  const pieces = result.allowance_charges ?? [];
  for (const general of stated.generals)
    compare(
      general.amount,
      pieces
        .filter((piece) => piece.index === general.index)
        .reduce((sum, piece) => sum.plus(piece.amount), new Decimal(0))
        .toString(),
    );
  compare(stated.totalGross, totals.subtotal ?? totals.net_total);
  compare(stated.totalDiscounts, totals.allowance_total_amount ?? '0');
  compare(stated.totalCharges, totals.charge_total_amount ?? '0');
  compare(stated.beforeTaxes, totals.tax_exclusive_amount ?? totals.net_total);
  compare(stated.taxOutputs, totals.tax_outputs);
  compare(stated.taxesWithheld, totals.withheld);
  compare(stated.invoiceTotal, totals.total);
  compare(stated.outstanding, new Decimal(totals.total).minus(totals.prepaid_amount ?? '0').toString());
  compare(stated.reimbursable, totals.reimbursable_expenses_amount ?? '0');
  compare(stated.executable, totals.payable_amount);
  return found;
}

/** A tax's amounts summed over the elements (or groups) of one code and rates. */
interface SummedTax {
  path: string;
  base: Decimal;
  tax: Decimal;
  taxStated: boolean;
  taxPath: string;
  surcharge: Decimal;
  surchargeStated: boolean;
  surchargePath: string;
}

/** A rate as a key part: its number in plain form, `-` for none. */
function rateKey(rate: string | undefined): string {
  return rate === undefined ? '-' : new Decimal(rate).toString();
}

/** Adds one tax's amounts to the sum of its key. */
function addTax(
  sums: Map<string, SummedTax>,
  key: string,
  base: Stated,
  tax: Stated | undefined,
  surcharge: Stated | undefined,
): void {
  let sum = sums.get(key);
  if (sum === undefined) {
    sum = {
      path: base.path,
      base: new Decimal(0),
      tax: new Decimal(0),
      taxStated: false,
      taxPath: tax?.path ?? base.path,
      surcharge: new Decimal(0),
      surchargeStated: false,
      surchargePath: surcharge?.path ?? base.path,
    };
    sums.set(key, sum);
  }
  sum.base = sum.base.plus(base.value);
  if (tax !== undefined) {
    sum.tax = sum.tax.plus(tax.value);
    sum.taxStated = true;
  }
  if (surcharge !== undefined) {
    sum.surcharge = sum.surcharge.plus(surcharge.value);
    sum.surchargeStated = true;
  }
}

/** Records a difference between two sums. */
function compareSum(found: Difference[], path: string, stated: Decimal, computed: Decimal): void {
  if (!stated.eq(computed)) found.push({ path, stated: stated.toString(), computed: computed.toString() });
}

/** Two optional rates that are both absent or the same number. */
function sameRate(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return equal(a, b);
}

/** What {@link reproduce} answers. */
export type Reproduction =
  | { readonly success: true; readonly invoice: InvoiceCreate; readonly rounding: SellerRounding }
  | { readonly success: false; readonly difference: Difference | undefined; readonly engine?: string };

/** The engine's result on the invoice, or its first refusal's message. */
function run(invoice: InvoiceCreate, rounding: SellerRounding): { result?: TotalsResult; refusal?: string } {
  const computed = invoiceTotals(totalsInputOf(invoice, rounding));
  return computed.success ? { result: computed.data } : { refusal: computed.issues[0]?.message ?? 'refused' };
}

/** The first rounding that reproduces the document, with the differences of the default one otherwise. */
function firstRounding(
  invoice: InvoiceCreate,
  stated: StatedFigures,
): { rounding?: SellerRounding; differences: Difference[]; refusal?: string | undefined } {
  let first: { differences: Difference[]; refusal?: string | undefined } | undefined;
  for (const rounding of ROUNDINGS) {
    const { result, refusal } = run(invoice, rounding);
    if (result === undefined) {
      first ??= { differences: [], refusal };
      continue;
    }
    const found = differences(stated, result, invoice);
    if (found.length === 0) return { rounding, differences: [] };
    first ??= { differences: found };
  }
  return first ?? { differences: [] };
}

/** Each percentage entry whose amount the engine does not reproduce, read as its amount instead. */
function amountsForRates(invoice: InvoiceCreate, stated: StatedFigures): InvoiceCreate {
  const { result } = run(invoice, ROUNDINGS[0] as SellerRounding);
  if (result === undefined) return invoice;
  const lines = invoice.invoice_lines_attributes.map((line, index) => {
    const entries = line.allowance_charges_attributes;
    const printed = result.lines[index]?.allowance_charges ?? [];
    const statedAmounts = stated.lines[index]?.adjustments ?? [];
    if (entries === null || entries === undefined) return line;
    return {
      ...line,
      allowance_charges_attributes: entries.map((entry, position) => {
        const amount = statedAmounts[position]?.value;
        if (entry.percentage === undefined || entry.percentage === null || amount === undefined) return entry;
        if (equal(printed[position]?.amount ?? '0', amount)) return entry;
        const { percentage: _, ...rest } = entry;
        return { ...rest, amount };
      }),
    };
  });
  const entries = invoice.allowance_charges_attributes?.map((entry, index) => {
    const general = stated.generals.find((candidate) => candidate.index === index);
    if (general === undefined || entry.percentage === undefined || entry.percentage === null) return entry;
    const printed = (result.allowance_charges ?? [])
      .filter((piece) => piece.index === index)
      .reduce((sum, piece) => sum.plus(piece.amount), new Decimal(0));
    if (printed.eq(general.amount.value)) return entry;
    const { percentage: _, ...rest } = entry;
    return { ...rest, amount: general.amount.value };
  });
  return entries === undefined
    ? { ...invoice, invoice_lines_attributes: lines }
    : { ...invoice, invoice_lines_attributes: lines, allowance_charges_attributes: entries };
}

/** Where a general discount or charge may belong: a tax set of the lines, outside the taxes, or spread. */
type Candidate = LineTax[] | 'not_subject' | 'spread';

/** Whether a line tax is a withholding: its kind, or a negative rate without one (taxmath.md §3.1). */
function isWithholding(tax: LineTax): boolean {
  return tax.kind === 'withholding' || ((tax.kind ?? null) === null && tax.percent.startsWith('-'));
}

/**
 * The candidates of a general discount or charge: each distinct tax set of the lines, then each of
 * those with a withholding without it, "not subject" (`apply_taxes: false`) and spread over the lines'
 * tax sets (no taxes, docs/totals.md §2.3).
 *
 * The set without its withholding is the entry whose own tax is the VAT only (`tax_attributes:
 * {percent, category}`, docs/totals.md §2.3): it joins the VAT group's base but not the withholding's,
 * so the document states the IRPF `TaxableBase` of the lines alone — as fiscalkit's writer does for
 * such an entry. Facturae 3.2.2 gives a general discount no tax of its own (`DiscountType` has none),
 * so only the bases tell the two apart; the full set is tried first (its bases differ from the VAT-only
 * one's by the entry's amount on the withholding, so at most one of them reproduces the document).
 */
function candidateTaxes(invoice: InvoiceCreate): Candidate[] {
  const seen = new Map<string, LineTax[]>();
  for (const line of invoice.invoice_lines_attributes) {
    const key = JSON.stringify(line.taxes_attributes);
    if (!seen.has(key)) seen.set(key, line.taxes_attributes);
  }
  const full = [...seen.values()];
  const withoutWithholding = new Map<string, LineTax[]>();
  for (const taxes of full) {
    const kept = taxes.filter((tax) => !isWithholding(tax));
    if (kept.length === taxes.length || kept.length === 0) continue;
    const key = JSON.stringify(kept);
    if (!seen.has(key) && !withoutWithholding.has(key)) withoutWithholding.set(key, kept);
  }
  return [...full, ...withoutWithholding.values(), 'not_subject', 'spread'];
}

/** The line tax set a candidate is, or is taken from (a set without its withholding: the set's line). */
function lineOfCandidate(invoice: InvoiceCreate, candidate: LineTax[]): number {
  const lines = invoice.invoice_lines_attributes;
  const same = lines.findIndex((entry) => entry.taxes_attributes === candidate);
  if (same !== -1) return same;
  const key = JSON.stringify(candidate);
  return lines.findIndex(
    (entry) => JSON.stringify(entry.taxes_attributes.filter((tax) => !isWithholding(tax))) === key,
  );
}

/** The stated output tax (row) each candidate lands in: -1 outside the taxes, -2 spread over them. */
function candidateRows(
  invoice: InvoiceCreate,
  stated: StatedFigures,
  candidates: readonly Candidate[],
): number[] {
  return candidates.map((candidate) => {
    if (candidate === 'spread') return -2;
    if (candidate === 'not_subject') return -1;
    const line = lineOfCandidate(invoice, candidate);
    const output = stated.lines[line]?.output;
    if (output === undefined) return -1;
    return stated.outputs.findIndex(
      (tax) =>
        tax.code === output.code &&
        equal(tax.rate, output.rate) &&
        sameRate(tax.surchargeRate, output.surchargeRate),
    );
  });
}

/** Per stated output tax: its TaxableBase minus the GrossAmount of the lines stated at it. */
function baseGaps(stated: StatedFigures): Decimal[] {
  return stated.outputs.map((tax) => {
    let gap = new Decimal(tax.base.value);
    for (const line of stated.lines)
      if (
        line.output.code === tax.code &&
        equal(line.output.rate, tax.rate) &&
        sameRate(line.output.surchargeRate, tax.surchargeRate)
      )
        gap = gap.minus(line.gross.value);
    return gap;
  });
}

/**
 * Whether the general entries, each on the row of its candidate, can fill every row's gap: exactly
 * when none is spread; with spread ones, the gaps left must add up to what they spread (the engine
 * then judges the split).
 */
function fits(
  positions: readonly number[],
  rowOf: readonly number[],
  signed: readonly Decimal[],
  needed: readonly Decimal[],
): boolean {
  const left = [...needed];
  let spread = new Decimal(0);
  let spreading = false;
  positions.forEach((position, entry) => {
    const row = rowOf[position] ?? -1;
    const amount = signed[entry] ?? new Decimal(0);
    if (row === -2) {
      spreading = true;
      spread = spread.plus(amount);
      return;
    }
    const gap = left[row];
    if (gap !== undefined) left[row] = gap.minus(amount);
  });
  if (!spreading) return left.every((gap) => gap.isZero());
  return left.reduce((sum, gap) => sum.plus(gap), new Decimal(0)).eq(spread);
}

/** The general entries (not the reimbursable ones) with their tax assignment. */
function assigned(
  invoice: InvoiceCreate,
  choice: readonly Candidate[],
  generals: readonly number[],
): InvoiceCreate {
  const entries = (invoice.allowance_charges_attributes ?? []).map((entry, index): InvoiceAllowanceCharge => {
    const position = generals.indexOf(index);
    const taxes = choice[position];
    if (position === -1 || taxes === undefined || taxes === 'spread') return entry;
    // A percentage on a rate is taken of the lines' total (docs/totals.md §2.3), as Facturae's
    // DiscountRate is of TotalGrossAmount: kept, for the engine to judge.
    return taxes === 'not_subject' ? { ...entry, apply_taxes: false } : { ...entry, taxes_attributes: taxes };
  });
  return { ...invoice, allowance_charges_attributes: entries };
}

/**
 * The invoice as read, adjusted until the engine reproduces every figure the document states (module
 * comment), with the seller's rounding; or the first difference that remains.
 *
 * @example
 * ```ts
 * const reproduced = reproduce(read.invoice, read.stated);
 * reproduced.success && reproduced.rounding; // { apply_taxes_per_line: false, skip_line_taxable_base_rounding: false, rounding_method: 'half_up' }
 * ```
 */
export function reproduce(invoice: InvoiceCreate, stated: StatedFigures): Reproduction {
  // The attempt that came closest, for the refusal: its first difference is the one worth naming.
  let best: { differences: Difference[]; refusal?: string | undefined } | undefined;
  const attempt = (candidate: InvoiceCreate): Reproduction | undefined => {
    const found = firstRounding(candidate, stated);
    if (found.rounding !== undefined) return { success: true, invoice: candidate, rounding: found.rounding };
    const closer =
      best === undefined ||
      (best.differences.length === 0 && found.differences.length > 0) ||
      (found.differences.length > 0 && found.differences.length < best.differences.length);
    if (closer) best = found;
    return undefined;
  };
  const asRead = attempt(invoice);
  if (asRead !== undefined) return asRead;
  const withAmounts = amountsForRates(invoice, stated);
  const amounts = attempt(withAmounts);
  if (amounts !== undefined) return amounts;

  // Which rate each general discount or charge belongs to: only the combinations whose amounts make
  // every stated TaxableBase add up are given to the engine.
  const generals = stated.generals.map((general) => general.index);
  if (generals.length > 0) {
    const candidates = candidateTaxes(withAmounts);
    // money-safe: a count of combinations, not an amount.
    const combinations = candidates.length ** generals.length;
    if (combinations <= MAX_ASSIGNMENTS) {
      const rowOf = candidateRows(withAmounts, stated, candidates);
      const needed = baseGaps(stated);
      const signed = stated.generals.map((general) =>
        general.charge ? new Decimal(general.amount.value) : new Decimal(general.amount.value).negated(),
      );
      const allAmounts: InvoiceCreate = {
        ...withAmounts,
        allowance_charges_attributes: (withAmounts.allowance_charges_attributes ?? []).map((entry, index) => {
          const general = stated.generals.find((candidate) => candidate.index === index);
          if (general === undefined || entry.percentage === undefined || entry.percentage === null)
            return entry;
          const { percentage: _, ...rest } = entry;
          return { ...rest, amount: general.amount.value };
        }),
      };
      const positions = generals.map(() => 0);
      for (let step = 0; step < combinations; step += 1) {
        if (fits(positions, rowOf, signed, needed)) {
          const choice = positions.map((position): Candidate => candidates[position] ?? 'spread');
          // The entries as read (a rate as its percentage), then with the amounts the document states.
          for (const base of [invoice, withAmounts, allAmounts]) {
            const found = attempt(assigned(base, choice, generals));
            if (found !== undefined) return found;
          }
        }
        // The next combination (an odometer over the candidates).
        for (let digit = 0; digit < positions.length; digit += 1) {
          // money-safe: an index into the candidates, not an amount.
          positions[digit] = ((positions[digit] ?? 0) + 1) % candidates.length;
          if (positions[digit] !== 0) break;
        }
      }
    }
  }
  const closest = best as { differences: Difference[]; refusal?: string | undefined } | undefined;
  return {
    success: false,
    difference: closest?.differences[0],
    ...(closest?.refusal === undefined ? {} : { engine: closest.refusal }),
  };
}
