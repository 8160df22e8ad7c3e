import { z } from 'zod';
import { ALLOWANCE_CHARGE_INDICATORS } from '../codelists/allowanceCharges.js';
import { TAX_KINDS } from '../codelists/taxKinds.js';
import { decimal, destroyFlag, identifier, oneOf, optional, requiredText, text } from './fields.js';

/**
 * One tax of a line (spec §2.4: `taxes_attributes` of `name`, `percent`; api-notes.md §10 adds
 * `category`). `kind` is fiscalkit's (taxmath.md §3.1): absent means `withholding` for a negative
 * percent and `vat` otherwise, as the totals engine reads it.
 */
export const LineTaxSchema = z.object({
  name: requiredText(32),
  percent: decimal({ maxDecimals: 8 }),
  category: text(8).nullish(),
  kind: optional(oneOf(TAX_KINDS)),
});

/** A line tax as sent. */
export type LineTax = z.output<typeof LineTaxSchema>;

/**
 * One allowance or charge of a line (api-notes.md §3.2, v2026-03-02 `allowance_charges_attributes`:
 * `allowance_charge_indicator` `allowance` / `charge`, either `percentage` or `amount`, its own
 * `apply_taxes` and `is_reimbursable_expense`; EN 16931 BG-27 / BG-28). The totals engine judges the
 * combination (docs/totals.md §2.2: exactly one of `percentage` and `amount`, `base_amount` only with a
 * percentage, `apply_taxes: false` and `is_reimbursable_expense: true` refused on a line). `reason` and
 * `reason_code` are BT-139/140 (BT-144/145); `description` is the name B2Brouter's own WooCommerce
 * plugin sends for the same text, read as the reason when `reason` is absent (docs/versions.md).
 */
export const LineAllowanceChargeSchema = z.object({
  allowance_charge_indicator: oneOf(ALLOWANCE_CHARGE_INDICATORS),
  percentage: optional(decimal({ maxDecimals: 4 })),
  amount: optional(decimal({ maxDecimals: 8 })),
  base_amount: optional(decimal({ maxDecimals: 8 })),
  reason: text(1024).nullish(),
  reason_code: text(16).nullish(),
  description: text(1024).nullish(),
  apply_taxes: z.boolean().nullish(),
  is_reimbursable_expense: z.boolean().nullish(),
});

/** A line allowance or charge as sent. */
export type LineAllowanceCharge = z.output<typeof LineAllowanceChargeSchema>;

/** Allowances and charges per line or per invoice: fiscalkit's bound (the spec shows none). */
export const MAX_ALLOWANCE_CHARGES = 100;

/**
 * One invoice line as written (spec §2.4 `invoice_lines_attributes`): `quantity`, `price`,
 * `description`, `taxes_attributes`; from v2026-03-02 `base_quantity` (the number of units `price`
 * is for, EN 16931 BT-149) and `allowance_charges_attributes` (api-notes.md §3.2), which replaced the
 * flat discount and charge fields (older requests' flat fields are mapped onto the list by
 * `src/versions/changes/v2026_03_02.ts`; a newer request that sends them is refused by
 * `removedAmountFieldIssues`). `classification_code_scheme` is the correct spelling; older versions'
 * misspelling is mapped by `src/versions`. `id` and `_destroy` edit existing lines on update, like
 * invoice references (spec §2.6).
 */
export const InvoiceLineWriteSchema = z.object({
  id: optional(identifier()),
  _destroy: destroyFlag(),
  quantity: decimal({ maxDecimals: 6 }),
  price: decimal({ maxDecimals: 8 }),
  base_quantity: optional(decimal({ maxDecimals: 6, sign: 'positive' })),
  description: text(2048).nullish(),
  unit: text(32).nullish(),
  allowance_charges_attributes: z.array(LineAllowanceChargeSchema).max(MAX_ALLOWANCE_CHARGES).nullish(),
  classification_code: text(64).nullish(),
  classification_code_scheme: text(32).nullish(),
  taxes_attributes: z.array(LineTaxSchema).max(3),
});

/** A line as sent. */
export type InvoiceLineWrite = z.output<typeof InvoiceLineWriteSchema>;

/** A line in a PATCH: every field optional, so `{id, _destroy: true}` can delete a line. */
export const InvoiceLinePatchSchema = InvoiceLineWriteSchema.partial();

/** A line as sent in a PATCH. */
export type InvoiceLinePatch = z.output<typeof InvoiceLinePatchSchema>;

/**
 * A line as returned: the written fields (without `_destroy`) plus the stored `id` and the line's net
 * `amount` the invoice was computed with (EN 16931 BT-131: quantity × price / base quantity − its
 * allowances + its charges, at the currency's decimals; null on an invoice stored before it was kept).
 */
export const InvoiceLineSchema = InvoiceLineWriteSchema.omit({ _destroy: true }).extend({
  id: identifier(),
  amount: decimal().nullish(),
  /**
   * With a `base_quantity`: the unit price the line was computed with, `price / base_quantity` rounded
   * once to 8 decimals with the account's rounding method (docs/totals.md §2.1; EN 16931 BT-146 per
   * one unit). Versions before v2026-03-02 return it as the line's `price` (api-notes.md §3.2).
   * Null without a base quantity.
   */
  unit_price: decimal().nullish(),
});

/** A stored line. */
export type InvoiceLine = z.output<typeof InvoiceLineSchema>;
