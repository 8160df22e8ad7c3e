/**
 * The rate codes of FA(3) `P_12` (`TStawkaPodatku` of `schemat_FA(3)_v1-0E.xsd`; ksef-fa3.md §3): the
 * percentages `23`, `22`, `8`, `7`, `5`, `4`, `3`, and the categories `0 KR` (0 % domestic), `0 WDT`
 * (0 % intra-EU supply of goods), `0 EX` (0 % export), `zw` (exempt), `oo` (domestic reverse charge),
 * `np I` (outside Poland) and `np II` (services under art. 100 ust. 1 pkt 4). A plain `0` is not a
 * code in FA(3) (it was in FA(2)).
 */
export const KSEF_TAX_RATES = [
  '23',
  '22',
  '8',
  '7',
  '5',
  '4',
  '3',
  '0 KR',
  '0 WDT',
  '0 EX',
  'zw',
  'oo',
  'np I',
  'np II',
] as const;

/** An FA(3) `P_12` rate code. */
export type KsefTaxRate = (typeof KSEF_TAX_RATES)[number];

/**
 * The header buckets of FA(3): the suffix of `P_13_x` (net) and `P_14_x` (VAT), in schema order
 * (ksef-fa3.md §5 and the bucket table of §6.5). `1`–`4` carry net, VAT and, in a foreign currency,
 * VAT in PLN (`P_14_xW`); `5` (OSS/IOSS) net and VAT; the others net only. `11` is the margin scheme.
 */
export const KSEF_BUCKETS = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6_1',
  '6_2',
  '6_3',
  '7',
  '8',
  '9',
  '10',
  '11',
] as const;

/** An FA(3) header bucket. */
export type KsefBucket = (typeof KSEF_BUCKETS)[number];

/** The buckets that have a VAT element `P_14_x`. */
export const KSEF_BUCKETS_WITH_TAX: readonly KsefBucket[] = ['1', '2', '3', '4', '5'];

/** The buckets that have a VAT-in-PLN element `P_14_xW` (the XSD has none for `5`). */
export const KSEF_BUCKETS_WITH_LOCAL_TAX: readonly KsefBucket[] = ['1', '2', '3', '4'];

/**
 * The bucket of each rate code (ksef-fa3.md §6.5): `22` shares bucket 1 with `23` and `7` bucket 2
 * with `8` (the pre-2011 rates, kept for corrections of old invoices); `3` shares bucket 4 with the
 * taxi flat rate `4` (the reference marks that reading of the schema as unconfirmed).
 */
export const KSEF_BUCKET_OF_RATE: Readonly<Record<KsefTaxRate, KsefBucket>> = {
  '23': '1',
  '22': '1',
  '8': '2',
  '7': '2',
  '5': '3',
  '4': '4',
  '3': '4',
  '0 KR': '6_1',
  '0 WDT': '6_2',
  '0 EX': '6_3',
  zw: '7',
  'np I': '8',
  'np II': '9',
  oo: '10',
};

/**
 * Whether `value` is an FA(3) `P_12` rate code, spelt exactly as the schema spells it.
 *
 * @example
 * ```ts
 * isKsefTaxRate('0 WDT'); // true
 * isKsefTaxRate('0'); // false: FA(3) has no plain 0
 * ```
 */
export function isKsefTaxRate(value: string): value is KsefTaxRate {
  return (KSEF_TAX_RATES as readonly string[]).includes(value);
}
