import type { AllowanceChargeIndicator } from '../codelists/allowanceCharges.js';
import type { TotalsLine, TotalsLineAllowanceCharge } from './result.js';

/**
 * Constructors of the objects a 10,000-line result has 10,000 of (its lines and their allowances
 * and charges) and of the engine's normalized lines: each builds a **plain object**, with
 * `Object.prototype` as its prototype and its fields in the order the result has always had, exactly
 * what an object literal builds (`JSON.stringify`, `toStrictEqual`, `constructor === Object` all
 * agree).
 *
 * Why not literals: V8 tracks the allocation site of every object literal, and when nearly every
 * object of a site survives a minor garbage collection (as the lines of a result being built do) it
 * decides to allocate that site's objects in the old generation from then on ("pretenuring"). Each
 * finished result then stays in the old generation until a full collection, and keeps every young
 * string it points to alive through every minor one: on the docs/totals.md §7 workload minor
 * collections went from about 2 ms to 25 ms, most of the engine's time. Objects made by `new` are
 * not tracked that way (docs/totals.md §7).
 */

type Constructor<A extends unknown[], T> = new (...args: A) => T;

/**
 * Gives a constructor function the prototype of object literals, so that `new` builds plain objects.
 *
 * @example
 * ```ts
 * const Pair = plain(function (this: { a: string; b: string }, a: string, b: string) {
 *   this.a = a;
 *   this.b = b;
 * });
 * Object.getPrototypeOf(new Pair('x', 'y')) === Object.prototype; // true
 * ```
 */
export function plain<A extends unknown[], T>(build: (this: T, ...args: A) => void): Constructor<A, T> {
  build.prototype = Object.prototype;
  return build as unknown as Constructor<A, T>;
}

/** `{ net_exact, net, taxes }`: a line of a result without docs/totals.md's fields.
 *
 * @example
 * ```ts
 * new PlainLine('9.0045', '9.00', {}); // { net_exact: '9.0045', net: '9.00', taxes: {} }
 * ```
 */
export const PlainLine = plain(function (
  this: TotalsLine,
  netExact: string,
  net: string,
  taxes: Record<string, string>,
) {
  this.net_exact = netExact;
  this.net = net;
  this.taxes = taxes;
});

/** `{ net_exact, net, amount, taxes }`.
 *
 * @example
 * ```ts
 * new AmountLine('9.0045', '9.00', {}); // { net_exact: '9.0045', net: '9.00', amount: '9.00', taxes: {} }
 * ```
 */
export const AmountLine = plain(function (
  this: TotalsLine,
  netExact: string,
  net: string,
  taxes: Record<string, string>,
) {
  this.net_exact = netExact;
  this.net = net;
  this.amount = net;
  this.taxes = taxes;
});

/** `{ net_exact, net, amount, taxes, unit_price }`.
 *
 * @example
 * ```ts
 * new UnitPriceLine('23.33333331', '23.33', {}, '3.33333333'); // { …, unit_price: '3.33333333' }
 * ```
 */
export const UnitPriceLine = plain(function (
  this: TotalsLine,
  netExact: string,
  net: string,
  taxes: Record<string, string>,
  unitPrice: string,
) {
  this.net_exact = netExact;
  this.net = net;
  this.amount = net;
  this.taxes = taxes;
  this.unit_price = unitPrice;
});

/** `{ net_exact, net, amount, taxes, allowance_charges }`.
 *
 * @example
 * ```ts
 * new AdjustedLine('53.47775', '53.47', {}, entries); // { …, allowance_charges: entries }
 * ```
 */
export const AdjustedLine = plain(function (
  this: TotalsLine,
  netExact: string,
  net: string,
  taxes: Record<string, string>,
  entries: TotalsLineAllowanceCharge[],
) {
  this.net_exact = netExact;
  this.net = net;
  this.amount = net;
  this.taxes = taxes;
  this.allowance_charges = entries;
});

/** `{ net_exact, net, amount, taxes, unit_price, allowance_charges }`.
 *
 * @example
 * ```ts
 * new UnitPriceAdjustedLine('1188.25', '1188', {}, '0.98', entries); // { …, unit_price: '0.98', allowance_charges: entries }
 * ```
 */
export const UnitPriceAdjustedLine = plain(function (
  this: TotalsLine,
  netExact: string,
  net: string,
  taxes: Record<string, string>,
  unitPrice: string,
  entries: TotalsLineAllowanceCharge[],
) {
  this.net_exact = netExact;
  this.net = net;
  this.amount = net;
  this.taxes = taxes;
  this.unit_price = unitPrice;
  this.allowance_charges = entries;
});

/** `{ allowance_charge_indicator, amount }`.
 *
 * @example
 * ```ts
 * new AmountEntry('charge', '1.00'); // { allowance_charge_indicator: 'charge', amount: '1.00' }
 * ```
 */
export const AmountEntry = plain(function (
  this: TotalsLineAllowanceCharge,
  indicator: AllowanceChargeIndicator,
  amount: string,
) {
  this.allowance_charge_indicator = indicator;
  this.amount = amount;
});

/** `{ allowance_charge_indicator, amount, reason }`.
 *
 * @example
 * ```ts
 * new ReasonEntry('charge', '0.75', 'Handling'); // { …, reason: 'Handling' }
 * ```
 */
export const ReasonEntry = plain(function (
  this: TotalsLineAllowanceCharge,
  indicator: AllowanceChargeIndicator,
  amount: string,
  reason: string,
) {
  this.allowance_charge_indicator = indicator;
  this.amount = amount;
  this.reason = reason;
});

/** `{ allowance_charge_indicator, amount, percentage }`.
 *
 * @example
 * ```ts
 * new PercentageEntry('allowance', '7.50', '12.5'); // { …, percentage: '12.5' }
 * ```
 */
export const PercentageEntry = plain(function (
  this: TotalsLineAllowanceCharge,
  indicator: AllowanceChargeIndicator,
  amount: string,
  percentage: string,
) {
  this.allowance_charge_indicator = indicator;
  this.amount = amount;
  this.percentage = percentage;
});

/** `{ allowance_charge_indicator, amount, percentage, base_amount }`.
 *
 * @example
 * ```ts
 * new BasePercentageEntry('allowance', '5.00', '10', '50.00'); // { …, percentage: '10', base_amount: '50.00' }
 * ```
 */
export const BasePercentageEntry = plain(function (
  this: TotalsLineAllowanceCharge,
  indicator: AllowanceChargeIndicator,
  amount: string,
  percentage: string,
  base: string,
) {
  this.allowance_charge_indicator = indicator;
  this.amount = amount;
  this.percentage = percentage;
  this.base_amount = base;
});
