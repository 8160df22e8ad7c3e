import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPolishKrs } from '../identifiers/polishKrs.js';
import { isPresent, issueAt } from './issue.js';

/**
 * Spec §2.7 (and §8 "KRS digits · exactly 10"): `supplier_party_krs`, when provided, is exactly 10
 * digits, else HTTP 422. The spec shows no code for it (§7.2 rule 2); fiscalkit answers
 * `parameter_invalid` at `supplier_party_krs` (**fiscalkit choice**). The value must be the 10 digits
 * as sent: no separators removed, no zero padding added (`12345` is not `0000012345`), since FA(3)
 * `Stopka/Rejestry/KRS` takes it as is (`TNrKRS` = `\d{10}`). KRS numbers have no checksum
 * (es-tin.md §6.3). Null, absent and blank mean "not provided". Rule `spec.8.krs`; the 10-digit
 * pattern lives once, in `src/identifiers/polishKrs.ts`.
 *
 * @example
 * ```ts
 * supplierPartyKrsIssues({ supplier_party_krs: '0000012345' }); // []
 * supplierPartyKrsIssues({ supplier_party_krs: '12345' });
 * // [{ rule: 'spec.8.krs', code: 'parameter_invalid', param: 'supplier_party_krs', … }]
 * ```
 */
export function supplierPartyKrsIssues(report: {
  supplier_party_krs?: string | null | undefined;
}): ValidationIssue[] {
  const krs = report.supplier_party_krs;
  if (!isPresent(krs) || typeof krs !== 'string') return [];
  if (isPolishKrs(krs)) return [];
  return [issueAt('spec.8.krs', 'parameter_invalid', ['supplier_party_krs'], 'must be exactly 10 digits')];
}
