import type { ValidationIssue } from '../errors/validationIssue.js';
import { issueAt } from './issue.js';

/** The two names of an account's primary company identifier. */
export interface PrimaryCinFields {
  cin?: string | null | undefined;
  cin_value?: string | null | undefined;
}

/**
 * Spec §2.2 lists `cin` on the account as "the primary identifier" (the company identifier the
 * `routing_codes` are "additional" to), with no type of its own; fiscalkit has always kept the
 * account's primary company identifier as `cin_scheme` + `cin_value` (the contact's names, §2.3), which
 * KSeF (`Podmiot1` KRS/REGON) and the directory read. `cin` is that same identifier under the spec's
 * name: a request may send either. Sending both with different values asks for two primary
 * identifiers at once, which is `parameter_invalid` at `cin` (the spec shows no code for it, §7.2
 * rule 2); the same value under both names is one identifier. Judge the request, not the merged
 * account: a stored `cin` is not contradicted by a new `cin_value`, it is replaced.
 *
 * @example
 * ```ts
 * primaryCinIssues({ cin: '0000123456', cin_value: '0000123456' }); // []
 * primaryCinIssues({ cin: '0000123456', cin_value: '0000654321' });
 * // [{ rule: 'fiscalkit.account.cin-one-value', code: 'parameter_invalid', param: 'cin', … }]
 * ```
 */
export function primaryCinIssues(request: PrimaryCinFields): ValidationIssue[] {
  if (request.cin === undefined || request.cin_value === undefined) return [];
  if ((request.cin ?? null) === (request.cin_value ?? null)) return [];
  return [
    issueAt(
      'fiscalkit.account.cin-one-value',
      'parameter_invalid',
      ['cin'],
      'and cin_value name the same identifier (the primary company identifier, spec §2.2): send one, or the same value in both',
    ),
  ];
}

/**
 * The account's primary company identifier under both its names (`cin`, `cin_value`, spec §2.2),
 * equal: the one the request sends (`cin` first; after {@link primaryCinIssues} both agree), else the
 * stored one. A stored account written before `cin` was kept has only `cin_value`, which is taken.
 *
 * @example
 * ```ts
 * withPrimaryCin({ name: 'ACME', cin: '0000123456' }, { cin: '0000123456' });
 * // { name: 'ACME', cin: '0000123456', cin_value: '0000123456' }
 * withPrimaryCin({ name: 'ACME', cin_value: 'X' }, {}, { cin_value: 'X' }); // cin: 'X' from the stored account
 * ```
 */
export function withPrimaryCin<T extends object>(
  account: T,
  request: PrimaryCinFields,
  stored?: PrimaryCinFields | null,
): T & { cin: string | null; cin_value: string | null } {
  const value =
    request.cin !== undefined
      ? request.cin
      : request.cin_value !== undefined
        ? request.cin_value
        : (stored?.cin_value ?? stored?.cin ?? null);
  return { ...account, cin: value ?? null, cin_value: value ?? null };
}
