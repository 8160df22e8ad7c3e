import type { RoundingMethod } from '../money/roundingMethod.js';

/** The tax kinds of taxmath.md §1: VAT, Spanish recargo (surcharge), Spanish IRPF (withholding). */
export const TAX_KINDS = ['vat', 'surcharge', 'withholding'] as const;
/** A tax kind. */
export type TaxKind = (typeof TAX_KINDS)[number];

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

/** One invoice line (taxmath.md §3.1). Discounts and charges are optional (spec: "not shown"). */
export interface TotalsLineInput {
  /** Decimal string, up to 6 decimals (KSeF `TIlosci`); negative on credit lines. */
  quantity: string;
  /** Decimal string, up to 8 decimals (KSeF `TKwotowy2`). */
  price: string;
  /** Decimal string, 0…100, up to 4 decimals. Excludes `discount_amount`. */
  discount_percent?: string | null | undefined;
  /** A fixed discount, a magnitude (≥ 0, up to 8 decimals) that follows the sign of the line. */
  discount_amount?: string | null | undefined;
  /** A charge added to the line net, up to 8 decimals. */
  charge_amount?: string | null | undefined;
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
  /** Local currency units per 1 invoice currency unit, > 0, up to 8 decimals. */
  exchange_rate?: string | null | undefined;
  /** The tax authority's currency (PLN for KSeF, EUR for SII); required with `exchange_rate`. */
  local_currency?: string | null | undefined;
}
