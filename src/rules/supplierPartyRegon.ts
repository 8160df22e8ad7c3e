import type { ValidationIssue } from '../errors/validationIssue.js';
import { isRegonShape } from '../identifiers/polishRegon.js';
import { isPresent, issueAt } from './issue.js';

/**
 * Spec §2.7 (and §8 "REGON digits · exactly 9 or 14"): `supplier_party_regon`, when provided, is
 * exactly 9 or 14 digits, else HTTP 422. The spec shows no code (§7.2 rule 2); fiscalkit answers
 * `parameter_invalid` at `supplier_party_regon` (**fiscalkit choice**). The digit count only: the
 * spec states no checksum rule, so a REGON with a wrong check digit is accepted, as the service
 * accepts it (es-tin.md §6.2; `checkPolishRegon` is the separate checksum validator). Null, absent
 * and blank mean "not provided". Rule `spec.8.regon`, named as `spec.8.krs` is (the §8 limit).
 *
 * @example
 * ```ts
 * supplierPartyRegonIssues({ supplier_party_regon: '123456786' }); // []: shape only, no checksum
 * supplierPartyRegonIssues({ supplier_party_regon: '1234567851234' });
 * // [{ rule: 'spec.8.regon', code: 'parameter_invalid', param: 'supplier_party_regon', … }]
 * ```
 */
export function supplierPartyRegonIssues(report: {
  supplier_party_regon?: string | null | undefined;
}): ValidationIssue[] {
  const regon = report.supplier_party_regon;
  if (!isPresent(regon) || typeof regon !== 'string' || isRegonShape(regon)) return [];
  return [
    issueAt('spec.8.regon', 'parameter_invalid', ['supplier_party_regon'], 'must be exactly 9 or 14 digits'),
  ];
}
