import type { ValidationIssue } from '../errors/validationIssue.js';
import { checkBic, checkIban } from '../identifiers/bankAccount.js';
import type { BankAccount } from '../model/bankAccount.js';
import { isPresent, issueAt } from './issue.js';

/**
 * The `bank_account` of a contact (spec §2.3) or invoice (spec §2.4): a given IBAN must pass the
 * ISO 13616 check digits and a given BIC the ISO 9362 shape (both through `ibantools`), else
 * `parameter_invalid` at `bank_account.iban` / `bank_account.bic`. Either may be absent: a bank
 * account may be known only by name, or by a local number in `bank_account_number`. The spec states
 * no check (§2.3 lists the fields only), so the rules are fiscalkit's: `fiscalkit.bank-account.iban`,
 * `fiscalkit.bank-account.bic`.
 *
 * @example
 * ```ts
 * bankAccountIssues({ iban: 'ES91 2100 0418 4502 0005 1332' }); // []
 * bankAccountIssues({ iban: 'ES91 2100 0418 4502 0005 1333' }); // [{ rule: 'fiscalkit.bank-account.iban', code: 'parameter_invalid', param: 'bank_account.iban', … }]
 * ```
 */
export function bankAccountIssues(
  bank_account: BankAccount | null | undefined,
  at: readonly PropertyKey[] = ['bank_account'],
): ValidationIssue[] {
  if (bank_account === null || bank_account === undefined) return [];
  const issues: ValidationIssue[] = [];
  const { iban, bic } = bank_account;
  if (isPresent(iban) && !checkIban(iban ?? '').valid)
    issues.push(
      issueAt(
        'fiscalkit.bank-account.iban',
        'parameter_invalid',
        [...at, 'iban'],
        'is not a valid IBAN (ISO 13616 check digits)',
      ),
    );
  if (isPresent(bic) && !checkBic(bic ?? '').valid)
    issues.push(
      issueAt(
        'fiscalkit.bank-account.bic',
        'parameter_invalid',
        [...at, 'bic'],
        'is not a valid BIC (ISO 9362)',
      ),
    );
  return issues;
}
