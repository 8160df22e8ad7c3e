import type { KsefTaxRate } from '../../codelists/ksefRates.js';
import { decimalPlaces, toUnits } from '../../money/fixedPoint.js';
import type { RoundingMethod } from '../../money/roundingMethod.js';
import { splitAdvance } from '../../totals/advance.js';
import { convertUnits } from '../../totals/exchange.js';
import type { TotalsResult } from '../../totals/result.js';
import { RATE_DECIMALS } from '../../totals/scales.js';
import type { RatedAmount, RatedGroup } from './buckets.js';

/** How amounts are written and converted for one report. */
export interface AmountContext {
  /** Decimals of the invoice currency. */
  exponent: number;
  /** Decimals of PLN. */
  localExponent: number;
  /** The account's rounding method (taxmath.md §3.2). */
  method: RoundingMethod;
  /** PLN per unit of the invoice currency, when the invoice is not in PLN and has a rate. */
  exchange_rate?: string | undefined;
}

/**
 * An amount of the invoice currency converted to PLN with the engine's rule, `R_L(amount × rate)`
 * (taxmath.md §3.10; `convertUnits`), or undefined without a rate.
 *
 * @example
 * ```ts
 * toLocal(311880n, { exponent: 2, localExponent: 2, method: 'half_up', exchange_rate: '4.5005' }); // 1403616n
 * ```
 */
export function toLocal(units: bigint, context: AmountContext): bigint | undefined {
  if (context.exchange_rate === undefined) return undefined;
  const rate = toUnits(context.exchange_rate, RATE_DECIMALS);
  return convertUnits(units, context.exponent, rate, context.localExponent, context.method);
}

/**
 * Splits an advance (gross, units) over the VAT groups of an order with the totals engine's
 * `splitAdvance` (taxmath.md §3.9): shares in proportion to each group's gross by largest
 * remainder, then `tax = R(share × p / (100 + p))` and `base = share − tax` (art. 106f ust. 1 pkt 3;
 * MF samples 10–14). Each share's VAT is converted to PLN when there is a rate. Undefined when the
 * order's gross is zero.
 *
 * @example
 * ```ts
 * // MF sample 14: advances of 30000 on an order of 332100 at 8 % and 5535 at 23 %:
 * splitOverOrder(3000000n, groups, context);
 * // [{ code: '8', base: 2732241n, tax: 218579n }, { code: '23', base: 39984n, tax: 9196n }]
 * ```
 */
export function splitOverOrder(
  amount: bigint,
  groups: readonly RatedGroup[],
  context: AmountContext,
): RatedAmount[] | undefined {
  const scale = Math.max(0, ...groups.map((group) => decimalPlaces(group.percent)));
  const shares = splitAdvance(
    amount,
    groups.map((group) => ({
      base: group.base,
      tax: group.tax,
      percentUnits: toUnits(group.percent, scale),
    })),
    scale,
    context.method,
  );
  if (shares === undefined) return undefined;
  return shares.map((share, index) => ({
    code: (groups[index] as RatedGroup).code,
    base: share.base,
    tax: share.tax,
    taxLocal: toLocal(share.tax, context),
  }));
}

/**
 * The advance split the totals engine computed for `total_amount_due` (`advance_groups`, taxmath.md
 * §3.9) with the rate codes of the order's groups, and each group's PLN VAT from the engine's local
 * view (which converts the advance groups when the total is overridden).
 *
 * @example
 * ```ts
 * // MF sample 10: 20000 on an order of 375150 at 23 %:
 * engineAdvance(totals, codes, context); // [{ code: '23', base: 1626016n, tax: 373984n }]
 * ```
 */
export function engineAdvance(
  totals: TotalsResult,
  codes: ReadonlyMap<string, KsefTaxRate>,
  context: AmountContext,
): RatedAmount[] {
  const local = new Map((totals.local?.groups ?? []).map((group) => [group.key, group]));
  const amounts: RatedAmount[] = [];
  for (const group of totals.advance_groups ?? []) {
    const code = codes.get(group.key);
    if (code === undefined) continue;
    const localGroup = local.get(group.key);
    amounts.push({
      code,
      base: toUnits(group.base, context.exponent),
      tax: toUnits(group.tax, context.exponent),
      taxLocal: localGroup === undefined ? undefined : toUnits(localGroup.tax, context.localExponent),
    });
  }
  return amounts;
}
