import { z } from 'zod';
import { isoDate, text } from './fields.js';
import { ksefText } from './ksefText.js';

/**
 * One invoice a correction corrects: FA(3) `Fa/DaneFaKorygowanej` (ksef-fa3.md §6.7). Generated from
 * the invoice's amend reference (`date`, `number`, `tax_registration_code`); FA(3) allows several
 * (an aggregate discount over a period, MF sample 6), so the report keeps a list. A **fiscalkit
 * field**. With a `registration_code` (the KSeF number) the builder writes `NrKSeF=1` +
 * `NrKSeFFaKorygowanej`, without one `NrKSeFN=1` (the corrected invoice was issued outside KSeF).
 */
export const KsefCorrectedInvoiceSchema = z.object({
  /** `DataWystFaKorygowanej`. */
  date: isoDate(),
  /** `NrFaKorygowanej`. */
  number: ksefText('TZnakowy', { required: true }),
  /** `NrKSeFFaKorygowanej` (`TNumerKSeF`, at most 36 characters). */
  registration_code: text(36).nullish(),
});

/** An invoice a Ksef correction corrects. */
export type KsefCorrectedInvoice = z.output<typeof KsefCorrectedInvoiceSchema>;
