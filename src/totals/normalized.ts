/**
 * The totals input after validation (`validateTotalsInput`), as the engine computes it: its own module
 * so that the validator and the engine's parts (scales, tax groups, line nets) both read it without
 * importing each other (issue #20 §2: no cycles, type-only ones included).
 *
 * @module
 */
import type { AllowanceChargeIndicator } from '../codelists/allowanceCharges.js';
import type { TaxKind } from '../codelists/taxKinds.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import type { TotalsMode } from './mode.js';

/**
 * A tax of a line after validation: kind resolved, percent non-negative. Identical taxes of one
 * input are one shared (read-only) object.
 */
export interface NormalizedTax {
  name: string;
  kind: TaxKind;
  category: string;
  /** The percent as given, without a leading minus (a withholding is stored positive). */
  percent: string;
}

/**
 * One allowance or charge of a line after validation (docs/totals.md §2.2): the list entries as
 * given, and the older versions' flat fields in the same form (`discount_percent` and
 * `charge_percent` as percentages, `discount_amount` and `charge_amount` as amounts).
 */
export interface NormalizedLineAllowanceCharge {
  allowance_charge_indicator: AllowanceChargeIndicator;
  /** Exactly one of `percentage` and `amount`. */
  percentage?: string;
  amount?: string;
  /** With `percentage`: its base; absent means the line gross. */
  base_amount?: string;
  /**
   * The flat `discount_amount`: a magnitude applied with the sign of the line gross, so nothing on
   * a line whose gross is zero (taxmath.md §3.3, haltr #6514). List amounts are applied as given.
   */
  follows_gross_sign?: true;
  reason?: string;
  reason_code?: string;
}

/** A line after validation. */
export interface NormalizedLine {
  quantity: string;
  /** The unit price: `price / base_quantity` rounded to 8 decimals, or `price` itself (docs/totals.md §2.1). */
  price: string;
  /** The base quantity as given, when given. */
  base_quantity?: string | undefined;
  discount_percent?: string | undefined;
  discount_amount?: string | undefined;
  charge_amount?: string | undefined;
  charge_percent?: string | undefined;
  /** The line's allowances and charges (list entries or flat fields), in order; undefined when none. */
  adjustments?: NormalizedLineAllowanceCharge[] | undefined;
  taxes: NormalizedTax[];
}

/**
 * Which taxes a document-level allowance or charge carries (docs/totals.md §2.3): its own `taxes`;
 * spread over the lines' tax sets; the not-subject VAT group (`apply_taxes: false`); or none, as a
 * reimbursable expense outside every tax base.
 */
export type AllowanceChargeTaxation = 'taxes' | 'spread' | 'not_subject' | 'reimbursable';

/** A document-level allowance or charge after validation. */
export interface NormalizedAllowanceCharge {
  /** Its position in the input's `allowance_charges`. */
  index: number;
  allowance_charge_indicator: AllowanceChargeIndicator;
  /** Exactly one of `percentage` and `amount` (an amount has at most the currency's decimals). */
  percentage?: string;
  amount?: string;
  /** With `percentage`: its base (currency decimals); absent means the sum of the line nets. */
  base_amount?: string;
  reason?: string;
  reason_code?: string;
  taxation: AllowanceChargeTaxation;
  /** With taxation `taxes` or `not_subject`: the taxes (exactly one VAT). */
  taxes?: NormalizedTax[];
}

/** A validated `TotalsInput` (`validateTotalsInput`): defaults applied, mode chosen, kinds resolved. */
export interface NormalizedTotalsInput {
  currency: string;
  exponent: number;
  rounding_method: RoundingMethod;
  mode: TotalsMode;
  lines: NormalizedLine[];
  /** Document-level allowances and charges, in input order (empty when none). */
  allowance_charges: NormalizedAllowanceCharge[];
  /**
   * Whether the input uses a field of docs/totals.md — `allowance_charges` (document or line level,
   * even empty), `base_quantity` or `payable_rounding_amount` — so that the result carries the
   * EN 16931 totals and line amounts (docs/totals.md §3.3). An input without them (every older
   * version's) gets exactly the result it got before.
   */
  extended_result: boolean;
  total_amount_due?: string;
  prepaid_amount?: string;
  payable_rounding_amount?: string;
  exchange?: { rate: string; local_currency: string; local_exponent: number };
}
