import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import { formatUnits, formatUnitsTrimmed, toUnits } from '../money/fixedPoint.js';
import { type AdvanceShare, splitAdvance } from './advance.js';
import { convertUnits } from './exchange.js';
import type { TotalsInput } from './input.js';
import { lineNets } from './lineNets.js';
import { computeMode } from './modes.js';
import type { AdvanceGroup, LocalTotals, Totals, TotalsGroup, TotalsLine, TotalsResult } from './result.js';
import { invoiceScales, RATE_DECIMALS } from './scales.js';
import { collectTaxGroups, type TaxGroup } from './taxGroups.js';
import { type NormalizedTotalsInput, validateTotalsInput } from './validateTotalsInput.js';

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

/** The totals of §3.6 from the group sums: every total is a sum of printed amounts. */
function orderTotals(input: NormalizedTotalsInput, order: ReturnType<typeof sums>): Totals {
  const write = (units: bigint) => formatUnits(units, input.exponent);
  const taxInclusive = order.netTotal + order.taxOutputs;
  const total = taxInclusive - order.withheld;
  const totals: Totals = {
    net_total: write(order.netTotal),
    tax_outputs: write(order.taxOutputs),
    withheld: write(order.withheld),
    tax_inclusive: write(taxInclusive),
    total: write(total),
    payable_amount: write(total),
  };
  if (input.prepaid_amount !== undefined) {
    const prepaid = toUnits(input.prepaid_amount, input.exponent);
    totals.prepaid_amount = write(prepaid);
    totals.payable_amount = write(total - prepaid);
  }
  return totals;
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
      {
        param: 'total_amount_due',
      },
    );
  }
  const groups = vat.map(({ group }, g): GroupAmounts => {
    const share = shares[g] as AdvanceShare;
    return { group, base: share.base, tax: share.tax };
  });
  const advance = sums(groups);
  const totals: Totals = {
    net_total: write(advance.netTotal),
    tax_outputs: write(advance.taxOutputs),
    withheld: write(0n),
    tax_inclusive: write(due),
    total: write(due),
    payable_amount: write(due),
    total_overridden: true,
  };
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
  const { exponent, rounding_method: method, mode } = normalized;
  const write = (units: bigint) => formatUnits(units, exponent);

  const scales = invoiceScales(normalized.lines, exponent);
  const taxGroups = collectTaxGroups(normalized.lines, scales.percent);
  const nets = lineNets(normalized.lines, scales, exponent, method, mode !== 'per_line_unrounded');
  const computed = computeMode(mode, { nets, groups: taxGroups, scales, exponent, method });
  const groupAmounts: GroupAmounts[] = taxGroups.map((group, g) => ({
    group,
    base: computed.groupBases[g] as bigint,
    tax: computed.groupTaxes[g] as bigint,
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
    if (computed.groupBasesExact !== undefined && computed.groupTaxesExact !== undefined) {
      written.base_exact = formatUnitsTrimmed(computed.groupBasesExact[g] as bigint, scales.net);
      written.tax_exact = formatUnitsTrimmed(
        computed.groupTaxesExact[g] as bigint,
        scales.net + scales.percentShift,
      );
    }
    return written;
  });

  const lines = nets.exact.map(
    (netExact, i): TotalsLine => ({
      net_exact: formatUnitsTrimmed(netExact, scales.net),
      net: write(computed.lineNets[i] as bigint),
      taxes: {},
    }),
  );
  // Each group knows its lines; its line taxes come in the same order.
  taxGroups.forEach((group, g) => {
    const taxes = computed.groupLineTaxes[g] as bigint[];
    for (let k = 0; k < group.lines.length; k++) {
      (lines[group.lines[k] as number] as TotalsLine).taxes[group.key] = write(taxes[k] as bigint);
    }
  });

  const order = sums(groupAmounts);
  const result: TotalsResult = { groups, totals: orderTotals(normalized, order), lines };
  let totalGroups = groupAmounts;
  if (normalized.total_amount_due !== undefined) {
    const advance = advanceTotals(normalized.total_amount_due, normalized, groupAmounts, scales.percent);
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
