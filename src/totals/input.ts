import type { AllowanceChargeIndicator } from '../codelists/allowanceCharges.js';
import type { TaxKind } from '../codelists/taxKinds.js';
import type { RoundingMethod } from '../money/roundingMethod.js';

/** One tax of a line (taxmath.md §3.1). */
export interface TotalsTaxInput {
  /** The tax name, e.g. `IVA`, `VAT`, `RE`, `IRPF`. Part of the group key; no `|`. */
  name: string;
  /** Decimal string, up to 8 decimals, −100…100. A negative percent means a withholding. */
  percent: string;
  /** Defaults to `withholding` for a negative percent, else `vat`. */
  kind?: TaxKind | null | undefined;
  /** Tax category (EN 16931 UNCL5305 `S`, `AA`, `Z`, `E`, `AE`, `K`, `G`, `O`, …). Part of the group key. */
  category?: string | null | undefined;
}

/**
 * One allowance or charge of a line (EN 16931 BG-27 / BG-28; the service's line
 * `allowance_charges_attributes[]`, api-notes.md §3.2). Exactly one of `percentage` and `amount`.
 * It is part of the line net (BT-131) and shares the line's taxes (docs/totals.md §2.2).
 */
export interface TotalsLineAllowanceChargeInput {
  /** `allowance` subtracts from the line, `charge` adds to it. */
  allowance_charge_indicator: AllowanceChargeIndicator;
  /**
   * Decimal string, up to 4 decimals, ≥ 0 (an allowance at most 100): a percentage of `base_amount`,
   * or of the line gross `quantity × price / base_quantity` (EN 16931 BT-138 / BT-143).
   */
  percentage?: string | null | undefined;
  /** Decimal string, up to 8 decimals, applied as given (signed) (BT-136 / BT-141). */
  amount?: string | null | undefined;
  /** Only with `percentage`: the amount it is a percentage of (BT-137 / BT-142), up to 8 decimals. */
  base_amount?: string | null | undefined;
  /** Informational (BT-139 / BT-144), up to 1024 characters. */
  reason?: string | null | undefined;
  /** Informational (BT-140 / BT-145, UNCL 5189 / 7161), up to 16 characters. */
  reason_code?: string | null | undefined;
  /** Must be true or absent on a line: a line charge is always taxed with its line (docs/totals.md §2.2). */
  apply_taxes?: boolean | null | undefined;
  /** Must be false or absent on a line: a reimbursable expense is a document-level charge. */
  is_reimbursable_expense?: boolean | null | undefined;
}

/**
 * One allowance or charge of the whole invoice (EN 16931 BG-20 / BG-21; the service's invoice-level
 * `allowance_charges_attributes[]`). Exactly one of `percentage` and `amount`; amounts have at most
 * the currency's decimals. Which taxes it carries (docs/totals.md §2.3):
 *
 * - `taxes` given: exactly those (one `vat`, like a line); it adds to / subtracts from those groups;
 * - no `taxes`, `apply_taxes` true or absent: it is spread over the lines' tax sets in proportion to
 *   their nets (one allowance per VAT rate, as EN 16931 needs);
 * - `apply_taxes: false`: a not-subject VAT group (category `NS`, 0 %);
 * - `is_reimbursable_expense: true` (a charge given as an amount, Spanish *suplido*): no tax at all;
 *   outside the taxable amounts, added to `payable_amount`.
 */
export interface TotalsAllowanceChargeInput {
  allowance_charge_indicator: AllowanceChargeIndicator;
  /** Decimal string, up to 4 decimals, ≥ 0 (an allowance at most 100) (BT-94 / BT-101). */
  percentage?: string | null | undefined;
  /** Decimal string with at most the currency's decimals, signed (BT-92 / BT-99). */
  amount?: string | null | undefined;
  /**
   * Only with `percentage`, at most the currency's decimals (BT-93 / BT-100). Default: the sum of
   * the line nets (BT-106) — of the lines of each tax set when the entry is spread.
   */
  base_amount?: string | null | undefined;
  /** Informational (BT-97 / BT-104), up to 1024 characters. */
  reason?: string | null | undefined;
  /** Informational (BT-98 / BT-105), up to 16 characters. */
  reason_code?: string | null | undefined;
  /** The entry's own taxes (BT-95 / BT-96, BT-102 / BT-103): exactly one `vat`, like a line. */
  taxes?: TotalsTaxInput[] | null | undefined;
  /** Default true. False: not subject to tax (its own `NS` 0 % VAT group); not with `taxes`. */
  apply_taxes?: boolean | null | undefined;
  /** A charge outside every tax base, added to the amount payable (Facturae `ReimbursableExpenses`). */
  is_reimbursable_expense?: boolean | null | undefined;
}

/** One invoice line (taxmath.md §3.1, docs/totals.md §2.1). Discounts and charges are optional. */
export interface TotalsLineInput {
  /** Decimal string, up to 6 decimals (KSeF `TIlosci`); negative on credit lines. */
  quantity: string;
  /** Decimal string, up to 8 decimals (KSeF `TKwotowy2`): the price of `base_quantity` units. */
  price: string;
  /**
   * The number of units `price` is for (EN 16931 BT-149), > 0, up to 6 decimals; default 1. The
   * unit price used is `price / base_quantity` rounded to 8 decimals (docs/totals.md §2.1).
   */
  base_quantity?: string | null | undefined;
  /** Older versions' flat field: decimal string, 0…100, up to 4 decimals. Excludes `discount_amount`. */
  discount_percent?: string | null | undefined;
  /** Older versions' flat field: a fixed discount, a magnitude (≥ 0, up to 8 decimals) that follows the sign of the line. */
  discount_amount?: string | null | undefined;
  /** Older versions' flat field: a charge added to the line net, up to 8 decimals. Excludes `charge_percent`. */
  charge_amount?: string | null | undefined;
  /** Older versions' flat field: a charge as a percentage (≥ 0, up to 4 decimals) of the line gross. */
  charge_percent?: string | null | undefined;
  /** The line's allowances and charges (v2026-03-02); not together with the flat fields. */
  allowance_charges?: TotalsLineAllowanceChargeInput[] | null | undefined;
  /** Exactly one `vat`, at most one `surcharge`, at most one `withholding`. */
  taxes: TotalsTaxInput[];
}

/**
 * The input of `computeTotals`: decimal strings only (a JS number is rejected, never converted).
 * Optional fields may be absent or null.
 */
export interface TotalsInput {
  /** ISO 4217 code of the invoice; sets the decimals of every amount. */
  currency: string;
  /** Defaults to `half_up` (ties away from zero). */
  rounding_method?: RoundingMethod | null | undefined;
  /** Account flag (spec §2.2). Default false. */
  apply_taxes_per_line?: boolean | null | undefined;
  /** Account flag (spec §2.2). Default false; true requires `apply_taxes_per_line`. */
  skip_line_taxable_base_rounding?: boolean | null | undefined;
  /** Invoice type code (spec §2.9); `total_amount_due` needs `ZAL` or `KOR_ZAL`. */
  type_code?: string | null | undefined;
  /** Informational: never flips signs (taxmath.md §3.8). */
  is_credit_note?: boolean | null | undefined;
  /** At least one line. */
  lines: TotalsLineInput[];
  /** Sets total and payable amount of a ZAL / KOR_ZAL invoice; at most the currency's decimals. */
  total_amount_due?: string | null | undefined;
  /** Advances already paid (EN 16931 BT-113); at most the currency's decimals. */
  prepaid_amount?: string | null | undefined;
  /**
   * Added to the amount payable to round it (EN 16931 BT-114), as the client gives it: signed, at
   * most the currency's decimals. Never applied to a tax amount.
   */
  payable_rounding_amount?: string | null | undefined;
  /** Document-level allowances and charges (EN 16931 BG-20 / BG-21). */
  allowance_charges?: TotalsAllowanceChargeInput[] | null | undefined;
  /** Local currency units per 1 invoice currency unit, > 0, up to 8 decimals. */
  exchange_rate?: string | null | undefined;
  /** The tax authority's currency (PLN for KSeF, EUR for SII); required with `exchange_rate`. */
  local_currency?: string | null | undefined;
}
