import { z } from 'zod';
import { TAX_KINDS } from '../totals/input.js';
import { decimal, identifier, oneOf, optional, requiredText, text } from './fields.js';

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
 * One invoice line as written (spec §2.4 `invoice_lines_attributes`): `quantity`, `price`,
 * `description`, `taxes_attributes`. The discount and charge fields are the totals engine's
 * (taxmath.md §3.1; the spec shows none). `classification_code_scheme` is the correct spelling;
 * older versions' misspelling is mapped by `src/versions`. `id` and `_destroy` edit existing lines on
 * update, like invoice references (spec §2.6).
 */
export const InvoiceLineWriteSchema = z.object({
  id: optional(identifier()),
  _destroy: z.boolean().nullish(),
  quantity: decimal({ maxDecimals: 6 }),
  price: decimal({ maxDecimals: 8 }),
  description: text(2048).nullish(),
  unit: text(32).nullish(),
  discount_percent: optional(decimal({ maxDecimals: 4 })),
  discount_amount: optional(decimal({ maxDecimals: 8, sign: 'non_negative' })),
  charge_amount: optional(decimal({ maxDecimals: 8 })),
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

/** A line as returned: the written fields (without `_destroy`) plus the stored `id`. */
export const InvoiceLineSchema = InvoiceLineWriteSchema.omit({ _destroy: true }).extend({ id: identifier() });

/** A stored line. */
export type InvoiceLine = z.output<typeof InvoiceLineSchema>;
