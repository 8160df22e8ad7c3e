import {
  KSEF_BUCKET_OF_RATE,
  KSEF_BUCKETS,
  KSEF_BUCKETS_WITH_LOCAL_TAX,
  KSEF_BUCKETS_WITH_TAX,
  type KsefBucket,
  type KsefTaxRate,
} from '../../codelists/ksefRates.js';
import type { KsefTaxBreakdown } from '../../model/ksefTaxBreakdown.js';
import { formatUnits, toUnits } from '../../money/fixedPoint.js';
import type { TotalsResult } from '../../totals/result.js';

/**
 * Net and VAT of one rate, in units of the invoice currency (`taxLocal` in units of PLN, present for
 * an invoice in another currency).
 */
export interface RatedAmount {
  code: KsefTaxRate;
  base: bigint;
  tax: bigint;
  taxLocal?: bigint | undefined;
}

/** A VAT group of the totals with its FA(3) rate code, amounts in units. */
export interface RatedGroup extends RatedAmount {
  key: string;
  /** The group's percent, normalized (`23`, `8`, `0`). */
  percent: string;
}

/**
 * The FA(3) rate code of each VAT group of the totals, read from the lines: each line names its VAT
 * group in `taxes` (the key starting `vat|`), and every line of one group carries the same category
 * and percent, so the same code.
 *
 * @example
 * ```ts
 * groupRateCodes(totals, [{ code: '23', taxIndex: 0 }, { code: '5', taxIndex: 0 }]);
 * // Map { 'vat||VAT|23' => '23', 'vat||VAT|5' => '5' }
 * ```
 */
export function groupRateCodes(
  totals: Pick<TotalsResult, 'lines'>,
  lineCodes: readonly ({ code: KsefTaxRate } | undefined)[],
): Map<string, KsefTaxRate> {
  const codes = new Map<string, KsefTaxRate>();
  totals.lines.forEach((line, index) => {
    const code = lineCodes[index]?.code;
    if (code === undefined) return;
    for (const key of Object.keys(line.taxes))
      if (key.startsWith('vat|') && !codes.has(key)) codes.set(key, code);
  });
  return codes;
}

/**
 * The VAT groups of a totals result with their rate codes, as units: `base` and `tax` from `groups`
 * (the order's groups when `total_amount_due` applied), `taxLocal` from the PLN view when there is one
 * and its groups are these (not an advance's).
 *
 * @example
 * ```ts
 * ratedGroups(totals, codes, 2, 2, true)[0]; // { key: 'vat||VAT|23', code: '23', base: 1666666n, tax: 38333n, percent: '23' }
 * ```
 */
export function ratedGroups(
  totals: TotalsResult,
  codes: ReadonlyMap<string, KsefTaxRate>,
  exponent: number,
  localExponent: number,
  withLocal: boolean,
): RatedGroup[] {
  const local = new Map((withLocal ? (totals.local?.groups ?? []) : []).map((group) => [group.key, group]));
  const rated: RatedGroup[] = [];
  for (const group of totals.groups) {
    const code = codes.get(group.key);
    if (group.kind !== 'vat' || code === undefined) continue;
    const localGroup = local.get(group.key);
    rated.push({
      key: group.key,
      code,
      percent: group.percent,
      base: toUnits(group.base, exponent),
      tax: toUnits(group.tax, exponent),
      taxLocal: localGroup === undefined ? undefined : toUnits(localGroup.tax, localExponent),
    });
  }
  return rated;
}

/** The amounts of one bucket, units. */
export interface BucketSum {
  base: bigint;
  tax: bigint;
  taxLocal: bigint | undefined;
}

/**
 * Sums rated amounts per FA(3) bucket (`KSEF_BUCKET_OF_RATE`: `23` and `22` share bucket 1, `8` and
 * `7` bucket 2, …; ksef-fa3.md §6.5). `P_14_xW` is the sum of the groups' PLN taxes, so the `…W`
 * values add up to the PLN VAT total (taxmath.md §3.10).
 *
 * @example
 * ```ts
 * bucketSums([{ code: '23', base: 100n, tax: 23n }, { code: '22', base: 100n, tax: 22n }]).get('1');
 * // { base: 200n, tax: 45n, taxLocal: undefined }
 * ```
 */
export function bucketSums(amounts: readonly RatedAmount[]): Map<KsefBucket, BucketSum> {
  const sums = new Map<KsefBucket, BucketSum>();
  for (const amount of amounts) {
    const bucket = KSEF_BUCKET_OF_RATE[amount.code];
    const sum = sums.get(bucket) ?? { base: 0n, tax: 0n, taxLocal: undefined };
    sum.base += amount.base;
    sum.tax += amount.tax;
    if (amount.taxLocal !== undefined) sum.taxLocal = (sum.taxLocal ?? 0n) + amount.taxLocal;
    sums.set(bucket, sum);
  }
  return sums;
}

/**
 * `minuend − subtrahend` per rated amount (matched by code; a code of either side appears), for the
 * differences of corrections and the remainders of settlements (ksef-fa3.md §6.8, §6.9).
 *
 * @example
 * ```ts
 * subtractRated([{ code: '8', base: 100n, tax: 8n }], [{ code: '8', base: 40n, tax: 3n }]);
 * // [{ code: '8', base: 60n, tax: 5n, taxLocal: undefined }]
 * ```
 */
export function subtractRated(
  minuend: readonly RatedAmount[],
  subtrahend: readonly RatedAmount[],
): RatedAmount[] {
  const result: RatedAmount[] = [];
  const index = new Map<KsefTaxRate, RatedAmount>();
  const add = (amount: RatedAmount, sign: bigint) => {
    let entry = index.get(amount.code);
    if (entry === undefined) {
      entry = { code: amount.code, base: 0n, tax: 0n, taxLocal: undefined };
      index.set(amount.code, entry);
      result.push(entry);
    }
    entry.base += sign * amount.base;
    entry.tax += sign * amount.tax;
    if (amount.taxLocal !== undefined) entry.taxLocal = (entry.taxLocal ?? 0n) + sign * amount.taxLocal;
  };
  for (const amount of minuend) add(amount, 1n);
  for (const amount of subtrahend) add(amount, -1n);
  return result;
}

/**
 * The `tax_breakdowns` of a report from bucket sums, in schema order (`P_13_1` … `P_13_11`): the net
 * always, the VAT (`P_14_x`) for buckets 1–5 only, and the VAT in PLN (`P_14_xW`) for buckets 1–4
 * only and only when `withLocal` (an invoice not in PLN; ksef-fa3.md §6.6: MF sample 20,
 * 3118.80 EUR × 4.5005 = 14036.16).
 *
 * @example
 * ```ts
 * taxBreakdowns(bucketSums([{ code: '23', base: 166666n, tax: 38333n }]), 2, 2, false);
 * // [{ bucket: '1', taxable_base: '1666.66', tax_amount: '383.33' }]
 * ```
 */
export function taxBreakdowns(
  sums: ReadonlyMap<KsefBucket, BucketSum>,
  exponent: number,
  localExponent: number,
  withLocal: boolean,
): KsefTaxBreakdown[] {
  const breakdowns: KsefTaxBreakdown[] = [];
  for (const bucket of KSEF_BUCKETS) {
    const sum = sums.get(bucket);
    if (sum === undefined) continue;
    const breakdown: KsefTaxBreakdown = { bucket, taxable_base: formatUnits(sum.base, exponent) };
    if (KSEF_BUCKETS_WITH_TAX.includes(bucket)) breakdown.tax_amount = formatUnits(sum.tax, exponent);
    if (withLocal && KSEF_BUCKETS_WITH_LOCAL_TAX.includes(bucket) && sum.taxLocal !== undefined)
      breakdown.tax_amount_pln = formatUnits(sum.taxLocal, localExponent);
    breakdowns.push(breakdown);
  }
  return breakdowns;
}
