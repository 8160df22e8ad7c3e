import type { TaxKind } from './input.js';

/**
 * A tax group of the result (taxmath.md §3.4). Amounts are decimal strings with exactly the
 * currency's decimals; `base_exact` and `tax_exact` (only in `per_line_unrounded`) are the exact
 * sums before rounding, written with as few decimals as they need.
 */
export interface TotalsGroup {
  key: string;
  kind: TaxKind;
  name: string;
  percent: string;
  base: string;
  tax: string;
  base_exact?: string;
  tax_exact?: string;
}

/** The invoice totals (taxmath.md §3.6). */
export interface Totals {
  /** Σ VAT-group bases (EN 16931 BT-109 without document allowances/charges). */
  net_total: string;
  /** Σ VAT and surcharge group taxes (BT-110). */
  tax_outputs: string;
  /** Σ withholding group taxes (Facturae `TotalTaxesWithheld`). */
  withheld: string;
  /** `net_total + tax_outputs` (BT-112). */
  tax_inclusive: string;
  /** `tax_inclusive − withheld` (Facturae `InvoiceTotal`; the service's `total`). */
  total: string;
  /** `total − prepaid_amount` (BT-115). */
  payable_amount: string;
  /** The prepaid amount subtracted, when one was given. */
  prepaid_amount?: string;
  /** Present (true) when `total_amount_due` set the total (spec §2.4). */
  total_overridden?: true;
}

/** One line of the result: its exact net and the printed amounts that add up to the groups. */
export interface TotalsLine {
  /** `quantity × price − discount + charge`, exact. */
  net_exact: string;
  /** The printed line net. */
  net: string;
  /** The printed tax of the line per group key. */
  taxes: Record<string, string>;
}

/** A group converted into the local currency. */
export interface LocalGroup {
  key: string;
  base: string;
  tax: string;
}

/** The local-currency view of the totals (taxmath.md §3.10), present when `exchange_rate` is given. */
export interface LocalTotals {
  currency: string;
  /** The rate as given: local units per 1 invoice-currency unit. */
  exchange_rate: string;
  /** Each group converted from its rounded amounts (the advance groups when the total is overridden). */
  groups: LocalGroup[];
  /** Σ local VAT and surcharge taxes (KSeF `P_14_xW` add up to it). */
  tax_outputs: string;
  /** Σ local withholding taxes. */
  withheld: string;
  /** `R_L(total × rate)`, which may differ by a unit from the sum of the local parts. */
  total_converted_directly: string;
}

/** The order totals of an advance invoice (KSeF `Zamowienie`). */
export interface OrderTotals {
  net_total: string;
  tax_outputs: string;
  tax_inclusive: string;
}

/** One VAT group's part of an advance payment (taxmath.md §3.9). */
export interface AdvanceGroup {
  key: string;
  gross: string;
  base: string;
  tax: string;
}

/** The result of `computeTotals`, in the shape of `shared/vectors/taxmath-vectors.json`. */
export interface TotalsResult {
  /** Groups in order of first appearance. With `total_amount_due`, these are the order's groups. */
  groups: TotalsGroup[];
  totals: Totals;
  /** One entry per input line, in input order. */
  lines: TotalsLine[];
  local?: LocalTotals;
  /** With `total_amount_due`: the totals of the order the lines describe. */
  order_totals?: OrderTotals;
  /** With `total_amount_due`: the advance split per VAT group. */
  advance_groups?: AdvanceGroup[];
}
