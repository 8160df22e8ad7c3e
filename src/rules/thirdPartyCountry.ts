import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/**
 * Spec §2.7 rule 1: when `third_party_role` is set, `third_party_country` is required; otherwise HTTP
 * 422 with `param` `third_party_country`. The code is `parameter_blank`, the catalog's code for a
 * required field that is missing (§7.2). FA(3) needs the country for `Podmiot3/Adres/KodKraju`
 * (ksef-fa3.md §6.3).
 *
 * @example
 * ```ts
 * thirdPartyCountryIssues({ third_party_role: '8', third_party_country: 'PL' }); // []
 * thirdPartyCountryIssues({ third_party_role: '8' });
 * // [{ rule: 'spec.2.7.1', code: 'parameter_blank', param: 'third_party_country', … }]
 * ```
 */
export function thirdPartyCountryIssues(report: {
  third_party_role?: string | null | undefined;
  third_party_country?: string | null | undefined;
}): ValidationIssue[] {
  if (!isPresent(report.third_party_role) || isPresent(report.third_party_country)) return [];
  return [
    issueAt(
      'spec.2.7.1',
      'parameter_blank',
      ['third_party_country'],
      'is required when third_party_role is set',
    ),
  ];
}
