import { z } from 'zod';
import { requiredText, text } from './fields.js';
import { ksefText } from './ksefText.js';

/**
 * A bank account for the payment: FA(3) `Fa/Platnosc/RachunekBankowy` (ksef-fa3.md §6.4). A
 * **fiscalkit field**; generated from the invoice's `bank_account` (`iban`, `bic`) and its bank name.
 */
export const KsefBankAccountSchema = z.object({
  /** `NrRB` (`TNrRB`, 10–34 characters): an IBAN or a Polish account number. */
  account_number: requiredText(34),
  /** `SWIFT`. */
  bic: text(11).nullish(),
  /** `NazwaBanku`. */
  bank_name: ksefText('TZnakowy').nullish(),
  /** `OpisRachunku`. */
  description: ksefText('TZnakowy').nullish(),
});

/** A bank account of a Ksef tax report. */
export type KsefBankAccount = z.output<typeof KsefBankAccountSchema>;
