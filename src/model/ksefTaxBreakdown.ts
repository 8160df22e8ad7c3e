import { z } from 'zod';
import { KSEF_BUCKETS } from '../codelists/ksefRates.js';
import { oneOf } from './fields.js';
import { ksefAmount } from './ksefLine.js';

/**
 * One header bucket of a Ksef tax report: FA(3) `P_13_x` (net), `P_14_x` (VAT) and `P_14_xW` (VAT in
 * PLN for an invoice in another currency), named by the bucket suffix `x` (ksef-fa3.md §6.5; the
 * buckets of each rate code are `KSEF_BUCKET_OF_RATE`). A **fiscalkit field**: the spec shows none.
 * The amounts are the document's (on a correction the differences, on a settlement the remainder
 * after advances), which is why they are carried and not recomputed from the lines: KSeF itself
 * compares nothing (ksef-fa3.md §4).
 */
export const KsefTaxBreakdownSchema = z.object({
  /** The suffix of `P_13_x`: `1`…`5`, `6_1`, `6_2`, `6_3`, `7`…`11`. */
  bucket: oneOf(KSEF_BUCKETS),
  /** `P_13_x`. */
  taxable_base: ksefAmount(),
  /** `P_14_x` (buckets `1`–`5` only). */
  tax_amount: ksefAmount().nullish(),
  /** `P_14_xW` (buckets `1`–`4` only, invoice currency other than PLN). */
  tax_amount_pln: ksefAmount().nullish(),
});

/** A header bucket of a Ksef tax report. */
export type KsefTaxBreakdown = z.output<typeof KsefTaxBreakdownSchema>;
