import { z } from 'zod';
import { text } from './fields.js';

/**
 * The `bank_account` object of a contact (spec §2.3: `iban`, `bic`, `bank_name`) and of an invoice
 * (spec §2.4: `iban`, `bic`). The IBAN and BIC check digits are rules (`bankAccountIssues`), so a
 * typo is a 422 at `bank_account.iban`, not a parse failure.
 */
export const BankAccountSchema = z.object({
  iban: text(64).nullish(),
  bic: text(16).nullish(),
  bank_name: text().nullish(),
});

/** A bank account as sent. */
export type BankAccount = z.output<typeof BankAccountSchema>;
