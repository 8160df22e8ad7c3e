import { z } from 'zod';
import { isCurrencyCode } from '../money/currencies.js';
import { MAX_INTEGER_DIGITS } from '../money/fixedPoint.js';
import { ROUNDING_METHODS } from '../money/roundingMethod.js';
import {
  DISCOUNT_PERCENT_DECIMALS,
  LINE_AMOUNT_DECIMALS,
  PERCENT_DECIMALS,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  RATE_DECIMALS,
} from './scales.js';

/** The tax kinds of taxmath.md §1: VAT, Spanish recargo (surcharge), Spanish IRPF (withholding). */
export const TAX_KINDS = ['vat', 'surcharge', 'withholding'] as const;
/** A tax kind. */
export type TaxKind = (typeof TAX_KINDS)[number];

/** A plain decimal string with up to 16 integer digits and `maxDecimals` decimals. */
function decimal(maxDecimals: number) {
  const shape = new RegExp(`^-?\\d{1,${MAX_INTEGER_DIGITS}}(?:\\.\\d{1,${maxDecimals}})?$`);
  return z.string().regex(shape, {
    error: `must be a decimal string with at most ${MAX_INTEGER_DIGITS} integer digits and ${maxDecimals} decimals, e.g. "12.50" (no exponent, no spaces)`,
  });
}

const currency = z
  .string()
  .refine(isCurrencyCode, { error: 'must be an ISO 4217 currency code, e.g. "EUR"' });

// A `|` would make group keys (`kind|category|name|percent`) ambiguous, so names and categories may
// not contain one.
const label = (max: number) =>
  z
    .string()
    .min(1, { error: 'must not be blank' })
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[^|\p{Cc}]+$/u, { error: 'must not contain "|" or control characters' });

// Optional fields accept null as absent: JSON clients send null for "not set".
const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

const taxSchema = z.strictObject({
  name: label(128),
  percent: decimal(PERCENT_DECIMALS),
  kind: optional(z.enum(TAX_KINDS)),
  category: optional(label(16)),
});

const lineSchema = z.strictObject({
  quantity: decimal(QUANTITY_DECIMALS),
  price: decimal(PRICE_DECIMALS),
  discount_percent: optional(decimal(DISCOUNT_PERCENT_DECIMALS)),
  discount_amount: optional(decimal(LINE_AMOUNT_DECIMALS)),
  charge_amount: optional(decimal(LINE_AMOUNT_DECIMALS)),
  taxes: z.array(taxSchema).min(1),
});

/**
 * The zod schema of {@link TotalsInput}: the syntax of the engine's input. The rules that need more
 * than one field (taxmath.md §3.11) are checked by `validateTotalsInput` after it.
 */
export const totalsInputSchema = z.strictObject({
  currency,
  rounding_method: optional(z.enum(ROUNDING_METHODS)),
  apply_taxes_per_line: optional(z.boolean()),
  skip_line_taxable_base_rounding: optional(z.boolean()),
  type_code: optional(z.string()),
  is_credit_note: optional(z.boolean()),
  lines: z.array(lineSchema).min(1),
  // Amounts given in the invoice currency; their decimals are checked against its exponent.
  total_amount_due: optional(decimal(LINE_AMOUNT_DECIMALS)),
  prepaid_amount: optional(decimal(LINE_AMOUNT_DECIMALS)),
  exchange_rate: optional(decimal(RATE_DECIMALS)),
  local_currency: optional(currency),
});

/** The input of `computeTotals` (decimal strings only; see taxmath.md §3.1). */
export type TotalsInput = z.input<typeof totalsInputSchema>;
/** One invoice line of a {@link TotalsInput}. */
export type TotalsLineInput = TotalsInput['lines'][number];
/** One tax of a {@link TotalsLineInput}. */
export type TotalsTaxInput = TotalsLineInput['taxes'][number];
