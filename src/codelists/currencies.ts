import { ISO_4217_CURRENCIES } from '../money/currencies.js';

/** One entry of GET /currencies. */
export interface CurrencyEntry {
  /** ISO 4217 alphabetic code, e.g. `EUR`. */
  readonly code: string;
  /** English name from ISO 4217 list one, e.g. `Euro`. */
  readonly name: string;
  /** ISO 4217 numeric code, three digits, e.g. `978`. */
  readonly numeric: string;
  /** Minor units: how many decimals amounts carry (taxmath.md §3.2). */
  readonly minor_units: number;
}

/**
 * The currencies of GET /currencies (spec §4.8), sorted by code: exactly the codes the money module
 * accepts (`isCurrencyCode`), with the minor units it rounds to. Names and numeric codes come
 * from the `currency-codes` package (ISO 4217 list one, 2024-06-25) and, for XCG, from the
 * documented overlay in `src/money/currencies.ts`. Note that XCG reuses ANG's numeric code 532.
 */
export const CURRENCIES: readonly CurrencyEntry[] = ISO_4217_CURRENCIES.map((entry) => ({
  code: entry.code,
  // Trimmed: the package writes "Comorian Franc " (KMF) with a trailing space.
  name: entry.currency.trim(),
  numeric: entry.number,
  minor_units: entry.digits,
}));
