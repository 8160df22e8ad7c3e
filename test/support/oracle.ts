/**
 * An independent oracle for `computeTotals`: taxmath.md §3 written again, straight from the text,
 * with decimal.js at 200 significant digits. It shares no runtime code with the engine (which
 * computes on scaled bigints): only the public input and result *types* are imported, so the two
 * agree on the shape and on nothing else.
 *
 * The oracle assumes a valid input (as the arbitraries produce); it does not validate.
 */
import DecimalJs from 'decimal.js';
import type {
  AdvanceGroup,
  LocalTotals,
  RoundingMethod,
  TaxKind,
  Totals,
  TotalsGroup,
  TotalsInput,
  TotalsLine,
  TotalsLineInput,
  TotalsResult,
} from '../../src/index.js';

/** The oracle's decimal constructor: 200 significant digits, so no product of §3.1 inputs is cut. */
export const Dec = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_HALF_UP });
/** A value of {@link Dec}. */
export type Dec = InstanceType<typeof Dec>;

const ZERO = new Dec(0);
const HUNDRED = new Dec(100);

/** decimal.js rounding modes per fiscalkit rounding method (taxmath.md §3.2). */
const MODES: Readonly<Record<RoundingMethod, DecimalJs.Rounding>> = {
  half_up: Dec.ROUND_HALF_UP, // ties away from zero
  half_even: Dec.ROUND_HALF_EVEN,
  down: Dec.ROUND_DOWN, // towards zero
  half_ceil: Dec.ROUND_HALF_CEIL, // ties towards +∞ (XPath round)
};

/** ISO 4217 exponents of the currencies the tests use (the oracle's own table, taxmath.md §3.2). */
const EXPONENTS: Readonly<Record<string, number>> = {
  JPY: 0,
  KRW: 0,
  CLP: 0,
  EUR: 2,
  PLN: 2,
  USD: 2,
  SAR: 2,
  NOK: 2,
  GBP: 2,
  BHD: 3,
  OMR: 3,
  KWD: 3,
  CLF: 4,
};

/** The ISO 4217 exponent of a currency the oracle knows. */
export function exponentOf(currency: string): number {
  const exponent = EXPONENTS[currency];
  if (exponent === undefined) throw new Error(`oracle: unknown currency ${currency}`);
  return exponent;
}

/** Counters the oracle fills while it computes. */
export interface OracleStats {
  /** How many values rounded were exactly half a unit away from both neighbours. */
  ties: number;
}

/**
 * `R(x)`: rounds to `exponent` decimals with `method`. Counts exact ties in `stats`.
 *
 * @example
 * ```ts
 * roundTo(new Dec('-1446.375'), 2, 'half_up').toFixed(2); // '-1446.38'
 * ```
 */
export function roundTo(
  x: DecimalJs.Value,
  exponent: number,
  method: RoundingMethod,
  stats?: OracleStats,
): Dec {
  const value = new Dec(x);
  if (stats !== undefined) {
    const scaled = value.times(new Dec(10).pow(exponent)).abs();
    if (scaled.minus(scaled.floor()).eq(0.5)) stats.ties += 1;
  }
  return value.toDecimalPlaces(exponent, MODES[method]);
}

/** A printed amount: exactly `exponent` decimals, no exponent notation, zero without a sign. */
export function printed(x: Dec, exponent: number): string {
  return x.isZero() ? ZERO.toFixed(exponent) : x.toFixed(exponent);
}

/** An exact amount: as few decimals as needed, no exponent notation, zero without a sign. */
export function plain(x: Dec): string {
  return x.isZero() ? '0' : x.toFixed();
}

/** The tax kind of a tax as the API reads it: `kind`, else `withholding` for a negative percent. */
function kindOf(tax: { kind?: TaxKind | null | undefined; percent: string }): TaxKind {
  return (
    tax.kind ?? (new Dec(tax.percent).isNegative() && !new Dec(tax.percent).isZero() ? 'withholding' : 'vat')
  );
}

/** The group key `kind|category|name|percent` with the percent normalized (taxmath.md §3.4). */
export function groupKey(tax: TotalsLineInput['taxes'][number]): string {
  return `${kindOf(tax)}|${tax.category ?? ''}|${tax.name}|${plain(new Dec(tax.percent).abs())}`;
}

/** The exact components of a line (taxmath.md §3.3). */
export interface LineComponents {
  gross: Dec;
  discount: Dec;
  charge: Dec;
  /** `gross − discount + charge`, exact. */
  net: Dec;
}

/** `gross_x`, `disc_x`, `charge_x` and `net_x` of a line (taxmath.md §3.3), exactly. */
export function lineComponents(line: TotalsLineInput): LineComponents {
  const gross = new Dec(line.quantity).times(line.price);
  let discount = ZERO;
  if (line.discount_amount !== undefined && line.discount_amount !== null) {
    // A fixed discount is a magnitude that follows the sign of the gross (haltr #6514).
    discount = new Dec(line.discount_amount).abs().times(gross.isZero() ? 0 : gross.isNegative() ? -1 : 1);
  } else if (line.discount_percent !== undefined && line.discount_percent !== null) {
    discount = gross.times(line.discount_percent).div(HUNDRED);
  }
  const charge = new Dec(line.charge_amount ?? 0);
  return { gross, discount, charge, net: gross.minus(discount).plus(charge) };
}

/** The mode the account flags select (taxmath.md §3.5); the forbidden combination throws. */
export function modeOf(input: TotalsInput): 'accumulated' | 'per_line' | 'per_line_unrounded' {
  const perLine = input.apply_taxes_per_line ?? false;
  const skip = input.skip_line_taxable_base_rounding ?? false;
  if (skip && !perLine)
    throw new Error('oracle: skip_line_taxable_base_rounding without apply_taxes_per_line');
  if (!perLine) return 'accumulated';
  return skip ? 'per_line_unrounded' : 'per_line';
}

/**
 * Largest-remainder allocation (taxmath.md §3.7), from the text: start from `R(x_i)`, then give ±1
 * unit to the shares with the largest residual `x_i − R(x_i)` in the direction of the difference,
 * ties to the lower index (and round again if the difference exceeds the number of shares).
 */
export function allocateOracle(
  values: readonly Dec[],
  target: Dec,
  exponent: number,
  method: RoundingMethod,
  stats?: OracleStats,
): Dec[] {
  const unit = new Dec(10).pow(-exponent);
  const shares = values.map((x) => roundTo(x, exponent, method, stats));
  const residuals = values.map((x, i) => x.minus(shares[i] as Dec));
  let delta = target.minus(shares.reduce((sum, share) => sum.plus(share), ZERO)).div(unit);
  if (!delta.isInteger()) throw new Error('oracle: allocation target is not at the exponent');
  if (delta.isZero() || shares.length === 0) return shares;
  const up = delta.isPositive();
  // Residuals of rational shares (advance split) are 200-digit approximations: compare with a
  // tolerance far below any real difference between them.
  const epsilon = new Dec('1e-120');
  const order = shares
    .map((_, i) => i)
    .sort((a, b) => {
      const difference = (residuals[a] as Dec).minus(residuals[b] as Dec);
      if (difference.abs().lt(epsilon)) return a - b;
      return up ? (difference.isPositive() ? -1 : 1) : difference.isNegative() ? -1 : 1;
    });
  const step = up ? unit : unit.negated();
  while (!delta.isZero()) {
    for (const i of order) {
      if (delta.isZero()) break;
      shares[i] = (shares[i] as Dec).plus(step);
      delta = up ? delta.minus(1) : delta.plus(1);
    }
  }
  return shares;
}

interface OracleGroup {
  key: string;
  kind: TaxKind;
  name: string;
  /** Normalized percent string. */
  percent: string;
  /** The rate `percent / 100`. */
  rate: Dec;
  /** Line indexes, in line order. */
  lines: number[];
  base: Dec;
  tax: Dec;
  baseExact?: Dec;
  taxExact?: Dec;
}

/**
 * `computeTotals` according to taxmath.md §3, in decimal.js: line nets (§3.3), groups (§3.4), the
 * three modes (§3.5), totals (§3.6), printed line amounts (§3.7), `total_amount_due` (§3.9) and the
 * local-currency view (§3.10). Throws a plain `Error` where the engine must answer 422 and the
 * oracle cannot compute (zero order gross with `total_amount_due`).
 */
export function oracleTotals(input: TotalsInput, stats?: OracleStats): TotalsResult {
  const e = exponentOf(input.currency);
  const method: RoundingMethod = input.rounding_method ?? 'half_up';
  const mode = modeOf(input);
  const R = (x: Dec) => roundTo(x, e, method, stats);
  const write = (x: Dec) => printed(x, e);

  const components = input.lines.map(lineComponents);
  const exactNets = components.map((c) => c.net);
  // accumulated and per_line: component rounding, R(gross) − R(discount) + R(charge).
  const roundedNets = components.map((c) => {
    let net = R(c.gross);
    if (!c.discount.isZero()) net = net.minus(R(c.discount));
    if (!c.charge.isZero()) net = net.plus(R(c.charge));
    return net;
  });

  const groups: OracleGroup[] = [];
  const byKey = new Map<string, OracleGroup>();
  input.lines.forEach((line, index) => {
    for (const tax of line.taxes) {
      const key = groupKey(tax);
      let group = byKey.get(key);
      if (group === undefined) {
        const percent = new Dec(tax.percent).abs();
        group = {
          key,
          kind: kindOf(tax),
          name: tax.name,
          percent: plain(percent),
          rate: percent.div(HUNDRED),
          lines: [],
          base: ZERO,
          tax: ZERO,
        };
        byKey.set(key, group);
        groups.push(group);
      }
      group.lines.push(index);
    }
  });

  const lineNets: Dec[] = mode === 'per_line_unrounded' ? exactNets.map(() => ZERO) : [...roundedNets];
  const lineTaxes: Map<string, Dec>[] = input.lines.map(() => new Map());
  const sum = (values: readonly Dec[]) => values.reduce((acc, value) => acc.plus(value), ZERO);

  for (const group of groups) {
    const of = <T>(values: readonly T[]) => group.lines.map((line) => values[line] as T);
    if (mode === 'accumulated') {
      group.base = sum(of(roundedNets));
      group.tax = R(group.base.times(group.rate));
      const shares = allocateOracle(
        of(roundedNets).map((net) => net.times(group.rate)),
        group.tax,
        e,
        method,
        stats,
      );
      group.lines.forEach((line, k) => {
        lineTaxes[line]?.set(group.key, shares[k] as Dec);
      });
    } else if (mode === 'per_line') {
      group.base = sum(of(roundedNets));
      const taxes = of(roundedNets).map((net) => R(net.times(group.rate)));
      group.tax = sum(taxes);
      group.lines.forEach((line, k) => {
        lineTaxes[line]?.set(group.key, taxes[k] as Dec);
      });
    } else {
      const nets = of(exactNets);
      const exactTaxes = nets.map((net) => net.times(group.rate));
      group.baseExact = sum(nets);
      group.taxExact = sum(exactTaxes);
      group.base = R(group.baseExact);
      group.tax = R(group.taxExact);
      if (group.kind === 'vat') {
        const printedNets = allocateOracle(nets, group.base, e, method, stats);
        group.lines.forEach((line, k) => {
          lineNets[line] = printedNets[k] as Dec;
        });
      }
      const shares = allocateOracle(exactTaxes, group.tax, e, method, stats);
      group.lines.forEach((line, k) => {
        lineTaxes[line]?.set(group.key, shares[k] as Dec);
      });
    }
  }

  const sumsOf = (list: readonly { kind: TaxKind; base: Dec; tax: Dec }[]) => {
    let netTotal = ZERO;
    let taxOutputs = ZERO;
    let withheld = ZERO;
    for (const group of list) {
      if (group.kind === 'vat') netTotal = netTotal.plus(group.base);
      if (group.kind === 'withholding') withheld = withheld.plus(group.tax);
      else taxOutputs = taxOutputs.plus(group.tax);
    }
    return { netTotal, taxOutputs, withheld };
  };

  const order = sumsOf(groups);
  const orderTotal = order.netTotal.plus(order.taxOutputs).minus(order.withheld);
  let totals: Totals = {
    net_total: write(order.netTotal),
    tax_outputs: write(order.taxOutputs),
    withheld: write(order.withheld),
    tax_inclusive: write(order.netTotal.plus(order.taxOutputs)),
    total: write(orderTotal),
    payable_amount: write(orderTotal),
  };
  if (input.prepaid_amount !== undefined && input.prepaid_amount !== null) {
    totals.prepaid_amount = write(new Dec(input.prepaid_amount));
    totals.payable_amount = write(orderTotal.minus(input.prepaid_amount));
  }

  const result: TotalsResult = {
    groups: groups.map((group): TotalsGroup => {
      const written: TotalsGroup = {
        key: group.key,
        kind: group.kind,
        name: group.name,
        percent: group.percent,
        base: write(group.base),
        tax: write(group.tax),
      };
      if (group.baseExact !== undefined) written.base_exact = plain(group.baseExact);
      if (group.taxExact !== undefined) written.tax_exact = plain(group.taxExact);
      return written;
    }),
    totals,
    lines: input.lines.map(
      (_, i): TotalsLine => ({
        net_exact: plain(exactNets[i] as Dec),
        net: write(lineNets[i] as Dec),
        taxes: Object.fromEntries(
          [...(lineTaxes[i] as Map<string, Dec>)].map(([key, tax]) => [key, write(tax)]),
        ),
      }),
    ),
  };

  // total_amount_due (§3.9): shares of the order's VAT groups in proportion to their gross.
  let localGroups: readonly { key: string; kind: TaxKind; base: Dec; tax: Dec }[] = groups;
  let total = orderTotal;
  if (input.total_amount_due !== undefined && input.total_amount_due !== null) {
    const due = new Dec(input.total_amount_due);
    const vat = groups.filter((group) => group.kind === 'vat');
    const grosses = vat.map((group) => group.base.plus(group.tax));
    const orderGross = sum(grosses);
    if (orderGross.isZero()) throw new Error('oracle: zero order gross, nothing to split');
    const shares = allocateOracle(
      grosses.map((gross) => due.times(gross).div(orderGross)),
      due,
      e,
      method,
      stats,
    );
    const advance = vat.map((group, g) => {
      const gross = shares[g] as Dec;
      const percent = group.rate.times(HUNDRED);
      const tax = R(gross.times(percent).div(HUNDRED.plus(percent)));
      return { key: group.key, kind: group.kind, gross, base: gross.minus(tax), tax };
    });
    const sums = sumsOf(advance);
    totals = {
      net_total: write(sums.netTotal),
      tax_outputs: write(sums.taxOutputs),
      withheld: write(ZERO),
      tax_inclusive: write(due),
      total: write(due),
      payable_amount: write(due),
      total_overridden: true,
    };
    result.totals = totals;
    result.order_totals = {
      net_total: write(order.netTotal),
      tax_outputs: write(order.taxOutputs),
      tax_inclusive: write(order.netTotal.plus(order.taxOutputs)),
    };
    result.advance_groups = advance.map(
      (group): AdvanceGroup => ({
        key: group.key,
        gross: write(group.gross),
        base: write(group.base),
        tax: write(group.tax),
      }),
    );
    localGroups = advance;
    total = due;
  }

  // Local currency (§3.10): R_L(rounded group amount × rate) per group; totals are sums of those.
  if (input.exchange_rate !== undefined && input.exchange_rate !== null && input.local_currency) {
    const localExponent = exponentOf(input.local_currency);
    const rate = new Dec(input.exchange_rate);
    const convert = (x: Dec) => roundTo(x.times(rate), localExponent, method, stats);
    const converted = localGroups.map((group) => ({
      key: group.key,
      kind: group.kind,
      base: convert(group.base),
      tax: convert(group.tax),
    }));
    const sums = sumsOf(converted);
    const local: LocalTotals = {
      currency: input.local_currency,
      exchange_rate: input.exchange_rate,
      groups: converted.map((group) => ({
        key: group.key,
        base: printed(group.base, localExponent),
        tax: printed(group.tax, localExponent),
      })),
      tax_outputs: printed(sums.taxOutputs, localExponent),
      withheld: printed(sums.withheld, localExponent),
      total_converted_directly: printed(convert(total), localExponent),
    };
    result.local = local;
  }
  return result;
}
