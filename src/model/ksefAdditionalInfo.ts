import { z } from 'zod';
import { identifier, optional } from './fields.js';
import { ksefText } from './ksefText.js';

/**
 * A key/value note of a Ksef tax report: FA(3) `Fa/DodatkowyOpis` (ksef-fa3.md §6.4), where the
 * fields without an FA(3) element go (the service's published mapping sends `sales_order_reference`
 * there). A **fiscalkit field**.
 */
export const KsefAdditionalInfoSchema = z.object({
  /** `NrWiersza`: attaches the note to a line. */
  line_number: optional(identifier()),
  /** `Klucz`. */
  key: ksefText('TZnakowy', { required: true }),
  /** `Wartosc`. */
  value: ksefText('TZnakowy', { required: true }),
});

/** A key/value note of a Ksef tax report. */
export type KsefAdditionalInfo = z.output<typeof KsefAdditionalInfoSchema>;
