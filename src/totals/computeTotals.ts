import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import { decimalPlaces, formatUnits, formatUnitsTrimmed, toUnits } from '../money/fixedPoint.js';
import { type AdvanceShare, splitAdvance } from './advance.js';
import {
  type DocumentAmounts,
  documentAllowanceCharges,
  type LineNetValues,
  sumLineNets,
} from './documentAllowances.js';
import { writeFixed, writeTrimmed } from './exactNumbers.js';
import { convertUnits } from './exchange.js';
import type { TotalsInput } from './input.js';
import { lineNets } from './lineNets.js';
import { computeMode, printedNets } from './modes.js';
import type {
  NormalizedLine,
  NormalizedLineAllowanceCharge,
  NormalizedTax,
  NormalizedTotalsInput,
} from './normalized.js';
import { type NumberLineNets, numberLineNets } from './numberLines.js';
import { numberComputeMode, numberPrintedNets } from './numberModes.js';
import {
  AdjustedLine,
  AmountEntry,
  AmountLine,
  BasePercentageEntry,
  PercentageEntry,
  PlainLine,
  ReasonEntry,
  UnitPriceAdjustedLine,
  UnitPriceLine,
} from './plainObjects.js';
import type {
  AdvanceGroup,
  LocalTotals,
  Totals,
  TotalsAllowanceCharge,
  TotalsGroup,
  TotalsLine,
  TotalsLineAllowanceCharge,
  TotalsResult,
} from './result.js';
import { invoiceScales, RATE_DECIMALS } from './scales.js';
import { collectTaxGroups, type TaxGroup } from './taxGroups.js';
import { validateTotalsInput } from './validateTotalsInput.js';

interface GroupAmounts {
  group: TaxGroup;
  base: bigint;
  tax: bigint;
}

/** Sums of §3.6 over groups: bases of VAT groups, taxes of VAT + surcharge groups, withholdings. */
function sums(groups: readonly GroupAmounts[]) {
  let netTotal = 0n;
  let taxOutputs = 0n;
  let withheld = 0n;
  for (const { group, base, tax } of groups) {
    if (group.kind === 'vat') netTotal += base;
    if (group.kind === 'withholding') withheld += tax;
    else taxOutputs += tax;
  }
  return { netTotal, taxOutputs, withheld };
}

function localTotals(
  input: NormalizedTotalsInput,
  exchange: NonNullable<NormalizedTotalsInput['exchange']>,
  groups: readonly GroupAmounts[],
  total: bigint,
): LocalTotals {
  const rate = toUnits(exchange.rate, RATE_DECIMALS);
  const convert = (units: bigint) =>
    convertUnits(units, input.exponent, rate, exchange.local_exponent, input.rounding_method);
  const local = groups.map(({ group, base, tax }) => ({ group, base: convert(base), tax: convert(tax) }));
  const { taxOutputs, withheld } = sums(local);
  const write = (units: bigint) => formatUnits(units, exchange.local_exponent);
  return {
    currency: exchange.local_currency,
    exchange_rate: exchange.rate,
    groups: local.map(({ group, base, tax }) => ({ key: group.key, base: write(base), tax: write(tax) })),
    tax_outputs: write(taxOutputs),
    withheld: write(withheld),
    total_converted_directly: write(convert(total)),
  };
}

/** The document-level sums of docs/totals.md §3.3, at the currency exponent. */
interface DocumentSums {
  /** BT-106: Σ printed line nets. */
  subtotal: bigint;
  /** BT-107. */
  allowances: bigint;
  /** BT-108. */
  charges: bigint;
  /** Σ reimbursable expenses, or undefined when there are none. */
  reimbursable: bigint | undefined;
}

/**
 * The totals of §3.6 and docs/totals.md §3.3 from the group sums: every total is a sum of printed
 * amounts (BR-CO-10 … BR-CO-16 hold exactly).
 */
function orderTotals(
  input: NormalizedTotalsInput,
  order: ReturnType<typeof sums>,
  document: DocumentSums,
): Totals {
  const write = (units: bigint) => formatUnits(units, input.exponent);
  const taxInclusive = order.netTotal + order.taxOutputs;
  const total = taxInclusive - order.withheld;
  let payable = total;
  const totals: Totals = {
    net_total: write(order.netTotal),
    tax_outputs: write(order.taxOutputs),
    withheld: write(order.withheld),
    tax_inclusive: write(taxInclusive),
    total: write(total),
    payable_amount: '',
  };
  if (input.extended_result) {
    totals.subtotal = write(document.subtotal);
    totals.allowance_total_amount = write(document.allowances);
    totals.charge_total_amount = write(document.charges);
    totals.tax_exclusive_amount = write(order.netTotal);
    totals.tax_inclusive_amount = write(taxInclusive);
  }
  if (input.prepaid_amount !== undefined) {
    const prepaid = toUnits(input.prepaid_amount, input.exponent);
    totals.prepaid_amount = write(prepaid);
    payable -= prepaid;
  }
  if (document.reimbursable !== undefined) {
    totals.reimbursable_expenses_amount = write(document.reimbursable);
    payable += document.reimbursable;
  }
  if (input.payable_rounding_amount !== undefined) {
    const rounding = toUnits(input.payable_rounding_amount, input.exponent);
    totals.payable_rounding_amount = write(rounding);
    payable += rounding;
  }
  totals.payable_amount = write(payable);
  return totals;
}

/** The document-level sums: Σ printed line nets, Σ allowance and charge pieces, Σ reimbursable. */
function documentSums(subtotal: bigint, document: DocumentAmounts | undefined): DocumentSums {
  let allowances = 0n;
  let charges = 0n;
  let reimbursable: bigint | undefined;
  for (const piece of document?.pieces ?? []) {
    if (piece.entry.allowance_charge_indicator === 'allowance') allowances += piece.amount;
    else charges += piece.amount;
  }
  for (const { amount } of document?.reimbursable ?? []) reimbursable = (reimbursable ?? 0n) + amount;
  return { subtotal, allowances, charges, reimbursable };
}

/** A line's allowances and charges as printed: each one's `R(x)` with what was given about it. */
function writtenAdjustments(
  entries: readonly NormalizedLineAllowanceCharge[],
  amounts: readonly bigint[] | readonly number[],
  offset: number,
  exponent: number,
): TotalsLineAllowanceCharge[] {
  // A loop rather than `entries.map` (no closure per line), into an array of the exact length
  // (`push` would give each line's array room for 17 entries, all of it kept in the result).
  const count = entries.length;
  const written = new Array<TotalsLineAllowanceCharge>(count);
  for (let j = 0; j < count; j++) {
    const entry = entries[j] as NormalizedLineAllowanceCharge;
    const units = amounts[offset + j] as bigint | number;
    const amount = typeof units === 'bigint' ? formatUnits(units, exponent) : writeFixed(units, exponent);
    written[j] = writtenAdjustment(entry, amount);
  }
  return written;
}

/** One line allowance or charge of the result, its fields in the order of the type. */
function writtenAdjustment(entry: NormalizedLineAllowanceCharge, amount: string): TotalsLineAllowanceCharge {
  const indicator = entry.allowance_charge_indicator;
  const { percentage, base_amount: base, reason } = entry;
  // The common entries are built by one constructor each (no shape transitions, no property store
  // grown per line, no pretenuring: plainObjects.ts).
  if (entry.reason_code === undefined) {
    if (percentage === undefined && base === undefined) {
      return reason === undefined
        ? new AmountEntry(indicator, amount)
        : new ReasonEntry(indicator, amount, reason);
    }
    if (percentage !== undefined && reason === undefined) {
      return base === undefined
        ? new PercentageEntry(indicator, amount, percentage)
        : new BasePercentageEntry(indicator, amount, percentage, base);
    }
  }
  const written: TotalsLineAllowanceCharge = { allowance_charge_indicator: indicator, amount };
  if (percentage !== undefined) written.percentage = percentage;
  if (base !== undefined) written.base_amount = base;
  if (reason !== undefined) written.reason = reason;
  if (entry.reason_code !== undefined) written.reason_code = entry.reason_code;
  return written;
}

/**
 * The document-level allowances and charges of the result, in entry order: one per piece (with its
 * printed taxes) and one per reimbursable expense.
 */
function writtenDocumentEntries(
  document: DocumentAmounts,
  groups: readonly TaxGroup[],
  pieceTaxes: readonly bigint[][],
  write: (units: bigint) => string,
): TotalsAllowanceCharge[] {
  const taxes = document.pieces.map((): Record<string, string> => ({}));
  groups.forEach((group, g) => {
    const inGroup = document.groupPieces[g] ?? [];
    const printed = pieceTaxes[g] ?? [];
    inGroup.forEach(({ piece }, k) => {
      (taxes[piece] as Record<string, string>)[group.key] = write(printed[k] as bigint);
    });
  });
  const written: { index: number; order: number; entry: TotalsAllowanceCharge }[] = [];
  document.pieces.forEach((piece, p) => {
    const entry = {
      index: piece.entry.index,
      allowance_charge_indicator: piece.entry.allowance_charge_indicator,
      amount: write(piece.amount),
    } as TotalsAllowanceCharge;
    if (piece.entry.percentage !== undefined) entry.percentage = piece.entry.percentage;
    if (piece.base !== undefined) entry.base_amount = write(piece.base);
    if (piece.entry.reason !== undefined) entry.reason = piece.entry.reason;
    if (piece.entry.reason_code !== undefined) entry.reason_code = piece.entry.reason_code;
    entry.taxes = taxes[p] as Record<string, string>;
    written.push({ index: piece.entry.index, order: p, entry });
  });
  document.reimbursable.forEach(({ entry: given, amount }, r) => {
    const entry = {
      index: given.index,
      allowance_charge_indicator: given.allowance_charge_indicator,
      amount: write(amount),
    } as TotalsAllowanceCharge;
    if (given.reason !== undefined) entry.reason = given.reason;
    if (given.reason_code !== undefined) entry.reason_code = given.reason_code;
    entry.taxes = {};
    entry.is_reimbursable_expense = true;
    written.push({ index: given.index, order: document.pieces.length + r, entry });
  });
  written.sort((a, b) => a.index - b.index || a.order - b.order);
  return written.map(({ entry }) => entry);
}

/**
 * `total_amount_due` sets `total` and `payable_amount`; the lines then describe the order, and the
 * advance is split over the order's VAT groups (spec §2.4, taxmath.md §3.9).
 */
function advanceTotals(
  amountDue: string,
  input: NormalizedTotalsInput,
  groupAmounts: readonly GroupAmounts[],
  percentScale: number,
) {
  const write = (units: bigint) => formatUnits(units, input.exponent);
  const due = toUnits(amountDue, input.exponent);
  const vat = groupAmounts.filter(({ group }) => group.kind === 'vat');
  const shares = splitAdvance(
    due,
    vat.map(({ group, base, tax }) => ({ base, tax, percentUnits: group.percentUnits })),
    percentScale,
    input.rounding_method,
  );
  if (shares === undefined) {
    throw new ApiError(
      'parameter_invalid',
      'total_amount_due cannot be split: the order lines have a zero gross total',
      { param: 'total_amount_due', rule: 'taxmath.3.9.advance-split' },
    );
  }
  const groups = vat.map(({ group }, g): GroupAmounts => {
    const share = shares[g] as AdvanceShare;
    return { group, base: share.base, tax: share.tax };
  });
  const advance = sums(groups);
  // The advance has no allowances or charges of its own (they are refused with total_amount_due):
  // its amount without tax is the sum of the advance bases.
  const totals: Totals = {
    net_total: write(advance.netTotal),
    tax_outputs: write(advance.taxOutputs),
    withheld: write(0n),
    tax_inclusive: write(due),
    total: write(due),
    payable_amount: write(due),
    total_overridden: true,
  };
  if (input.extended_result) {
    totals.subtotal = write(advance.netTotal);
    totals.allowance_total_amount = write(0n);
    totals.charge_total_amount = write(0n);
    totals.tax_exclusive_amount = write(advance.netTotal);
    totals.tax_inclusive_amount = write(due);
  }
  const advanceGroups = vat.map(({ group }, g): AdvanceGroup => {
    const share = shares[g] as AdvanceShare;
    return { key: group.key, gross: write(share.gross), base: write(share.base), tax: write(share.tax) };
  });
  return { groups, totals, advanceGroups };
}

/**
 * Computes the totals of an invoice exactly as `shared/reference/taxmath.md` §3 specifies: tax
 * groups, totals, printed line amounts that add up to the groups, the local-currency view when an
 * exchange rate is given, and the advance breakdown when `total_amount_due` applies.
 *
 * The mode comes from the account flags (`apply_taxes_per_line`, `skip_line_taxable_base_rounding`);
 * the rounding method defaults to `half_up` (ties away from zero). Inputs are decimal strings only;
 * every amount in the result is a string with exactly the currency's decimals.
 *
 * Bad input throws one {@link ApiError} (HTTP 422 with `param` naming the field, e.g.
 * `lines[2].price`); nothing else is ever thrown for any input.
 *
 * @example
 * ```ts
 * import { computeTotals } from 'fiscalkit';
 *
 * const result = computeTotals({
 *   currency: 'EUR',
 *   apply_taxes_per_line: false,
 *   lines: [
 *     { quantity: '1', price: '7886.64', taxes: [{ name: 'IVA', category: 'S', percent: '21', kind: 'vat' }] },
 *     { quantity: '1', price: '818.44', taxes: [{ name: 'IVA', category: 'S', percent: '21', kind: 'vat' }] },
 *   ],
 * });
 * result.totals.tax_outputs; // '1828.07' ('1828.06' with apply_taxes_per_line: true)
 * result.totals.total; // '10533.15'
 * ```
 */
export function computeTotals(input: TotalsInput): TotalsResult {
  const validated = validateTotalsInput(input);
  if (!validated.success) throw apiErrorFromIssues(validated.issues);
  const normalized = validated.data;
  const documentTaxes: NormalizedTax[][] = [];
  for (const entry of normalized.allowance_charges) {
    if (entry.taxes !== undefined) documentTaxes.push(entry.taxes);
  }
  // The number path gives the same result whenever every value is exact in a number (it checks);
  // otherwise the invoice is computed with bigints (docs/totals.md §7).
  return assemble(
    normalized,
    numberParts(normalized, documentTaxes) ?? bigintParts(normalized, documentTaxes),
  );
}

/**
 * `computeTotals` by one path only, to test that the two agree (test/totals/numberPath.test.ts):
 * `'number'` returns `undefined` when some value of the input would not be exact in a number (then
 * `computeTotals` takes the bigint path); `'bigint'` always computes. Not part of the package's
 * entry points.
 *
 * @example
 * ```ts
 * const input = { currency: 'EUR', lines: [{ quantity: '3', price: '10.10', taxes: [{ name: 'IVA', percent: '21' }] }] };
 * computeTotalsByPath(input, 'number')?.totals.total; // '36.66'
 * computeTotalsByPath(input, 'bigint')?.totals.total; // '36.66'
 * ```
 */
export function computeTotalsByPath(input: TotalsInput, path: 'number' | 'bigint'): TotalsResult | undefined {
  const validated = validateTotalsInput(input);
  if (!validated.success) throw apiErrorFromIssues(validated.issues);
  const normalized = validated.data;
  const documentTaxes: NormalizedTax[][] = [];
  for (const entry of normalized.allowance_charges) {
    if (entry.taxes !== undefined) documentTaxes.push(entry.taxes);
  }
  const parts =
    path === 'number' ? numberParts(normalized, documentTaxes) : bigintParts(normalized, documentTaxes);
  return parts === undefined ? undefined : assemble(normalized, parts);
}

/** What either path computes, for {@link assemble}. */
interface ComputedParts {
  groups: TaxGroup[];
  groupBases: bigint[];
  groupTaxes: bigint[];
  /** `per_line_unrounded` only, at `exactScale` and `exactScale + percentShift`. */
  groupBasesExact?: bigint[] | undefined;
  groupTaxesExact?: bigint[] | undefined;
  exactScale: number;
  percentScale: number;
  percentShift: number;
  groupPieceTaxes: bigint[][];
  document: DocumentAmounts | undefined;
  /** BT-106: Σ printed line nets. */
  subtotal: bigint;
  lines: TotalsLine[];
}

/** The document-level allowances and charges, from the printed line nets (docs/totals.md §2.3). */
function documentOf(
  normalized: NormalizedTotalsInput,
  groups: TaxGroup[],
  lineNets: LineNetValues,
  percentScale: number,
): DocumentAmounts | undefined {
  const entries = normalized.allowance_charges;
  if (entries.length === 0) return undefined;
  return documentAllowanceCharges(
    entries,
    normalized.lines,
    groups,
    lineNets,
    normalized.exponent,
    normalized.rounding_method,
    percentScale,
  );
}

/**
 * The bigint path: every amount a fixed-point bigint at one scale for the whole invoice
 * (`invoiceScales`), exact for every valid input.
 */
function bigintParts(normalized: NormalizedTotalsInput, documentTaxes: NormalizedTax[][]): ComputedParts {
  const { exponent, rounding_method: method, mode } = normalized;
  const write = (units: bigint) => formatUnits(units, exponent);
  const scales = invoiceScales(normalized.lines, exponent, documentTaxes);
  const taxGroups = collectTaxGroups(normalized.lines, scales.percent);
  const nets = lineNets(normalized.lines, scales, exponent, method, mode !== 'per_line_unrounded');
  const printed = printedNets(mode, nets, taxGroups, scales, exponent, method);
  // Document-level allowances and charges need the printed line nets (their bases, BT-106) and may
  // add groups of their own (docs/totals.md §2.3).
  const document = documentOf(normalized, taxGroups, printed.lineNets, scales.percent);
  const computed = computeMode(mode, {
    nets,
    groups: taxGroups,
    scales,
    exponent,
    method,
    printed,
    pieces: document?.groupPieces ?? [],
  });

  // The EN 16931 names and the allowance details only for inputs that use docs/totals.md's fields:
  // older inputs get exactly the result they always got.
  const extended = normalized.extended_result;
  let adjustmentAt = 0; // the running offset into nets.adjustments
  // The lines' `taxes` records, kept apart so that filling them in below does not read `taxes` back
  // from line objects of several shapes (with or without unit_price, allowance_charges).
  const lineTaxes = new Array<Record<string, string>>(nets.exact.length);
  const lines: TotalsLine[] = [];
  for (let i = 0; i < nets.exact.length; i++) {
    const net = write(computed.lineNets[i] as bigint);
    const netExact = formatUnitsTrimmed(nets.exact[i] as bigint, scales.net);
    const taxes: Record<string, string> = {};
    lineTaxes[i] = taxes;
    const given = normalized.lines[i] as NormalizedLine;
    let written: TotalsLineAllowanceCharge[] | undefined;
    if (extended && given.adjustments !== undefined) {
      written = writtenAdjustments(given.adjustments, nets.adjustments, adjustmentAt, exponent);
      adjustmentAt += given.adjustments.length;
    }
    lines.push(writtenLine(extended, netExact, net, taxes, given, written));
  }
  // Each group knows its lines; its line taxes come in the same order.
  taxGroups.forEach((group, g) => {
    const taxes = computed.groupLineTaxes[g] as bigint[];
    for (let k = 0; k < group.lines.length; k++) {
      (lineTaxes[group.lines[k] as number] as Record<string, string>)[group.key] = write(taxes[k] as bigint);
    }
  });
  return {
    groups: taxGroups,
    groupBases: computed.groupBases,
    groupTaxes: computed.groupTaxes,
    groupBasesExact: computed.groupBasesExact,
    groupTaxesExact: computed.groupTaxesExact,
    exactScale: scales.net,
    percentScale: scales.percent,
    percentShift: scales.percentShift,
    groupPieceTaxes: computed.groupPieceTaxes,
    document,
    subtotal: sumLineNets(computed.lineNets),
    lines,
  };
}

/** The decimals of tax percents (`invoiceScales(...).percent`), reading each shared tax list once. */
function percentScaleOf(lines: readonly NormalizedLine[], documentTaxes: readonly NormalizedTax[][]): number {
  let percent = 0;
  let previous: NormalizedTax[] | undefined;
  const seen = new Set<NormalizedTax[]>();
  const read = (taxes: readonly NormalizedTax[]) => {
    for (const tax of taxes) percent = Math.max(percent, decimalPlaces(tax.percent));
  };
  for (let i = 0; i < lines.length; i++) {
    const taxes = (lines[i] as NormalizedLine).taxes;
    if (taxes === previous || seen.has(taxes)) continue;
    previous = taxes;
    seen.add(taxes);
    read(taxes);
  }
  for (const taxes of documentTaxes) read(taxes);
  return percent;
}

/**
 * The number path: the same computation as {@link bigintParts}, with every per-line value an exact
 * integer in a number and each line at its own scale (`numberLineNets`, `numberComputeMode`), so
 * that a 10,000-line invoice allocates next to nothing but its result (docs/totals.md §7).
 * `undefined` when some value would not be exact in a number.
 */
function numberParts(
  normalized: NormalizedTotalsInput,
  documentTaxes: NormalizedTax[][],
): ComputedParts | undefined {
  const { exponent, rounding_method: method, mode } = normalized;
  const nets = numberLineNets(normalized.lines, exponent, method);
  if (nets === undefined) return undefined;
  const percentScale = percentScaleOf(normalized.lines, documentTaxes);
  const percentShift = percentScale + 2;
  const taxGroups = collectTaxGroups(normalized.lines, percentScale);
  const printed = numberPrintedNets(mode, nets, taxGroups, exponent, method);
  if (printed === undefined) return undefined;
  const document = documentOf(normalized, taxGroups, printed.lineNets, percentScale);
  const computed = numberComputeMode(
    mode,
    nets,
    taxGroups,
    document?.groupPieces ?? [],
    printed,
    exponent,
    method,
    percentShift,
  );
  if (computed === undefined) return undefined;

  const lines = writtenNumberLines(normalized, nets, computed.lineNets, taxGroups, computed.groupLineTaxes);
  return {
    groups: taxGroups,
    groupBases: computed.groupBases,
    groupTaxes: computed.groupTaxes,
    groupBasesExact: computed.groupBasesExact,
    groupTaxesExact: computed.groupTaxesExact,
    exactScale: exponent + nets.maxDigits,
    percentScale,
    percentShift,
    groupPieceTaxes: computed.groupPieceTaxes,
    document,
    subtotal: sumLineNets(computed.lineNets),
    lines,
  };
}

/**
 * The result lines of the number path (the shapes and key order of {@link bigintParts}'), each with
 * its `taxes` record filled in as it is made: keys in group order, as bigintParts adds them group by
 * group. A group's lines are in line order, so walking the lines finds each line at the next
 * position of each of its groups.
 */
function writtenNumberLines(
  normalized: NormalizedTotalsInput,
  nets: NumberLineNets,
  lineNetsPrinted: Float64Array,
  taxGroups: readonly TaxGroup[],
  groupLineTaxes: readonly Float64Array[],
): TotalsLine[] {
  const { exponent, extended_result: extended } = normalized;
  const { netWhole, netRest, netDigits, adjustments } = nets;
  const count = normalized.lines.length;
  const lines: TotalsLine[] = [];
  const positions = new Int32Array(taxGroups.length);
  // The groups of each (shared) tax list, in group order, found on its first line.
  const groupsOfList = new Map<NormalizedTax[], number[]>();
  let lastList: NormalizedTax[] | undefined;
  let lastGroups: number[] = [];
  let adjustmentAt = 0;
  for (let i = 0; i < count; i++) {
    const given = normalized.lines[i] as NormalizedLine;
    const net = writeFixed(lineNetsPrinted[i] as number, exponent);
    const netExact = writeTrimmed(
      netWhole[i] as number,
      netRest[i] as number,
      netDigits[i] as number,
      exponent,
    );
    const list = given.taxes;
    if (list !== lastList) {
      let groups = groupsOfList.get(list);
      if (groups === undefined) {
        groups = [];
        for (let g = 0; g < taxGroups.length; g++) {
          if ((taxGroups[g] as TaxGroup).lines[positions[g] as number] === i) groups.push(g);
        }
        groupsOfList.set(list, groups);
      }
      lastList = list;
      lastGroups = groups;
    }
    const taxes: Record<string, string> = {};
    for (let t = 0; t < lastGroups.length; t++) {
      const g = lastGroups[t] as number;
      const position = positions[g] as number;
      positions[g] = position + 1;
      taxes[(taxGroups[g] as TaxGroup).key] = writeFixed(
        (groupLineTaxes[g] as Float64Array)[position] as number,
        exponent,
      );
    }
    let written: TotalsLineAllowanceCharge[] | undefined;
    if (extended && given.adjustments !== undefined) {
      written = writtenAdjustments(given.adjustments, adjustments, adjustmentAt, exponent);
      adjustmentAt += given.adjustments.length;
    }
    lines.push(writtenLine(extended, netExact, net, taxes, given, written));
  }
  return lines;
}

/**
 * One line of the result: `{ net_exact, net, taxes }` for inputs without docs/totals.md's fields,
 * else with `amount`, then `unit_price` (with a base quantity: the price is the unit price, already
 * written trimmed by unitPrice) and `allowance_charges` when the line has them. One constructor per
 * combination (plainObjects.ts says why not literals).
 */
function writtenLine(
  extended: boolean,
  netExact: string,
  net: string,
  taxes: Record<string, string>,
  given: NormalizedLine,
  entries: TotalsLineAllowanceCharge[] | undefined,
): TotalsLine {
  if (!extended) return new PlainLine(netExact, net, taxes);
  if (entries === undefined) {
    return given.base_quantity === undefined
      ? new AmountLine(netExact, net, taxes)
      : new UnitPriceLine(netExact, net, taxes, given.price);
  }
  return given.base_quantity === undefined
    ? new AdjustedLine(netExact, net, taxes, entries)
    : new UnitPriceAdjustedLine(netExact, net, taxes, given.price, entries);
}

/** The result from either path's parts: groups, totals, document entries, advance, local view. */
function assemble(normalized: NormalizedTotalsInput, parts: ComputedParts): TotalsResult {
  const { exponent } = normalized;
  const write = (units: bigint) => formatUnits(units, exponent);
  const { groups: taxGroups, document } = parts;
  const groupAmounts: GroupAmounts[] = taxGroups.map((group, g) => ({
    group,
    base: parts.groupBases[g] as bigint,
    tax: parts.groupTaxes[g] as bigint,
  }));

  const groups = groupAmounts.map(({ group, base, tax }, g): TotalsGroup => {
    const written: TotalsGroup = {
      key: group.key,
      kind: group.kind,
      name: group.name,
      percent: group.percent,
      base: write(base),
      tax: write(tax),
    };
    if (parts.groupBasesExact !== undefined && parts.groupTaxesExact !== undefined) {
      written.base_exact = formatUnitsTrimmed(parts.groupBasesExact[g] as bigint, parts.exactScale);
      written.tax_exact = formatUnitsTrimmed(
        parts.groupTaxesExact[g] as bigint,
        parts.exactScale + parts.percentShift,
      );
    }
    return written;
  });

  const order = sums(groupAmounts);
  const result: TotalsResult = {
    groups,
    totals: orderTotals(normalized, order, documentSums(parts.subtotal, document)),
    lines: parts.lines,
  };
  if (document !== undefined) {
    result.allowance_charges = writtenDocumentEntries(document, taxGroups, parts.groupPieceTaxes, write);
  }
  let totalGroups = groupAmounts;
  if (normalized.total_amount_due !== undefined) {
    const advance = advanceTotals(normalized.total_amount_due, normalized, groupAmounts, parts.percentScale);
    totalGroups = advance.groups;
    result.totals = advance.totals;
    result.order_totals = {
      net_total: write(order.netTotal),
      tax_outputs: write(order.taxOutputs),
      tax_inclusive: write(order.netTotal + order.taxOutputs),
    };
    result.advance_groups = advance.advanceGroups;
  }
  if (normalized.exchange !== undefined) {
    const total = toUnits(result.totals.total, exponent);
    result.local = localTotals(normalized, normalized.exchange, totalGroups, total);
  }
  return result;
}
