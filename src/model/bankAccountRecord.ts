import { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { identifier, text } from './fields.js';
import { type Operation, parseWith } from './parse.js';

/**
 * The writable fields of one of an account's bank accounts (spec §4.5 PUT, DELETE
 * /bank_accounts/{id}; api-notes.md §3.2: v2026-03-02 added `is_default`). The spec shows no field
 * list; these are the fields of the contact's `bank_account` object (spec §2.3) plus `is_default`.
 */
const writable = {
  iban: text(64).nullish(),
  bic: text(16).nullish(),
  bank_name: text().nullish(),
  /** The account number when there is no IBAN (spec §2.3 `bank_account_number`). */
  number: text(64).nullish(),
  is_default: z.boolean().nullish(),
};

/** Body of POST /accounts/{account}/bank_accounts and PUT /bank_accounts/{id}. */
export const BankAccountCreateSchema = z.object(writable);

/** A bank account as sent. */
export type BankAccountCreate = z.output<typeof BankAccountCreateSchema>;

/** A bank account as stored and returned. */
export const BankAccountRecordSchema = z.object({
  ...writable,
  id: identifier(),
  account_id: identifier(),
  is_default: z.boolean(),
});

/** A stored bank account. */
export type BankAccountRecord = z.output<typeof BankAccountRecordSchema>;

/**
 * Parses a bank account body (the object inside `{"bank_account": …}`); IBAN and BIC check digits
 * are the rule `bankAccountIssues`.
 *
 * @example
 * ```ts
 * parseBankAccount({ iban: 'ES9121000418450200051332', is_default: true }, 'create').success; // true
 * ```
 */
export function parseBankAccount(input: unknown, _operation: Operation): Validated<BankAccountCreate> {
  return parseWith(BankAccountCreateSchema, input);
}
