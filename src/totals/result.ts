import type { AllowanceChargeIndicator } from '../codelists/allowanceCharges.js';
import type { TaxKind } from '../codelists/taxKinds.js';

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

/**
 * The invoice totals (taxmath.md §3.6, docs/totals.md §3.3). Every total is a sum or difference of
 * printed amounts, so EN 16931 BR-CO-10 … BR-CO-16 hold exactly.
 */
export interface Totals {
  /** Σ VAT-group bases; equal to `tax_exclusive_amount` (BT-109). */
  net_total: string;
  /** Σ VAT and surcharge group taxes (BT-110). */
  tax_outputs: string;
  /** Σ withholding group taxes (Facturae `TotalTaxesWithheld`). */
  withheld: string;
  /** `net_total + tax_outputs` (BT-112). */
  tax_inclusive: string;
  /** `tax_inclusive − withheld` (Facturae `InvoiceTotal`; the service's `total`). */
  total: string;
  /**
   * `total − prepaid_amount + reimbursable_expenses_amount + payable_rounding_amount` (BT-115;
   * Facturae `TotalExecutableAmount` when there is no withholding on payment).
   */
  payable_amount: string;
  /** The prepaid amount subtracted, when one was given (BT-113). */
  prepaid_amount?: string;
  /**
   * BT-106: Σ printed line nets (`lines[].amount`), BR-CO-10. This and the next four EN 16931
   * totals are present when the input uses a field of docs/totals.md (`allowance_charges` at either
   * level, `base_quantity`, `payable_rounding_amount`); otherwise they equal `net_total`, 0, 0,
   * `net_total` and `tax_inclusive`, and are left out so that older inputs get the result they
   * always got.
   */
  subtotal?: string;
  /** BT-107: Σ document-level allowances, BR-CO-11. */
  allowance_total_amount?: string;
  /** BT-108: Σ document-level charges (reimbursable expenses excluded), BR-CO-12. */
  charge_total_amount?: string;
  /** BT-109: `subtotal − allowance_total_amount + charge_total_amount` (BR-CO-13) = Σ VAT-group bases. */
  tax_exclusive_amount?: string;
  /** BT-112: `tax_exclusive_amount + tax_outputs` (BR-CO-15); equal to `tax_inclusive`. */
  tax_inclusive_amount?: string;
  /** BT-114, as given, when one was given. */
  payable_rounding_amount?: string;
  /**
   * Σ reimbursable expenses (Spanish *suplidos*, Facturae `TotalReimbursableExpenses`), outside every
   * tax base and added to `payable_amount`; present when the invoice has any.
   */
  reimbursable_expenses_amount?: string;
  /** Present (true) when `total_amount_due` set the total (spec §2.4). */
  total_overridden?: true;
}

/** One allowance or charge of a line in the result (BG-27 / BG-28). */
export interface TotalsLineAllowanceCharge {
  allowance_charge_indicator: AllowanceChargeIndicator;
  /**
   * Its amount rounded to the currency's decimals, `R(x)` (BT-136 / BT-141), as applied: a flat
   * `discount_amount` with the sign of the line. In `accumulated` and `per_line` the line's `amount`
   * is `R(gross) − Σ R(allowances) + Σ R(charges)`.
   */
  amount: string;
  /** As given. */
  percentage?: string;
  /** As given. */
  base_amount?: string;
  reason?: string;
  reason_code?: string;
}

/** One line of the result: its exact net and the printed amounts that add up to the groups. */
export interface TotalsLine {
  /** `quantity × unit price − allowances + charges`, exact. */
  net_exact: string;
  /** The printed line net. */
  net: string;
  /**
   * The printed line net again, under its EN 16931 name (BT-131 invoice line net amount); present
   * when the input uses docs/totals.md's fields (see `Totals.subtotal`).
   */
  amount?: string;
  /** The printed tax of the line per group key. */
  taxes: Record<string, string>;
  /** With `base_quantity`: the unit price used, `price / base_quantity` to 8 decimals (docs/totals.md §2.1). */
  unit_price?: string;
  /**
   * The line's allowances and charges (list entries or flat fields), when it has any and the input
   * uses docs/totals.md's fields.
   */
  allowance_charges?: TotalsLineAllowanceCharge[];
}

/**
 * A document-level allowance or charge in the result (BG-20 / BG-21): one per tax set it went to,
 * so each carries one VAT category and rate; a reimbursable expense carries none.
 */
export interface TotalsAllowanceCharge {
  /** The entry's position in the input's `allowance_charges` (shared by the parts of a spread entry). */
  index: number;
  allowance_charge_indicator: AllowanceChargeIndicator;
  /** BT-92 / BT-99 at the currency's decimals. */
  amount: string;
  /** BT-94 / BT-101, as given. */
  percentage?: string;
  /** BT-93 / BT-100: the base the percentage was taken of. */
  base_amount?: string;
  reason?: string;
  reason_code?: string;
  /** The printed tax per group key (the `vat|…` key is its category and rate, BT-95/96, BT-102/103). */
  taxes: Record<string, string>;
  /** Present (true) for a reimbursable expense, which has no taxes. */
  is_reimbursable_expense?: true;
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
  /** The document-level allowances and charges, when the input has any (docs/totals.md §2.3). */
  allowance_charges?: TotalsAllowanceCharge[];
}
