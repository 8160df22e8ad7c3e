import type { ValidationIssue } from '../errors/validationIssue.js';
import { ROUTING_CODE_SLOTS, type RoutingCodes } from '../model/routingCodes.js';
import { isPresent, issueAt } from './issue.js';

/**
 * Spec §2.2 rule 1 (accounts) and §2.3 (contacts): in `routing_codes`, `cinN_value` needs
 * `cinN_scheme` and the reverse (one rule for both, `spec.2.2.1`: §2.3 gives contacts the same
 * `routing_codes` without restating it). The missing half is `parameter_blank` at its own param. The limit of
 * five slots and the scheme catalogue are checked when parsing (`RoutingCodesSchema`).
 *
 * @example
 * ```ts
 * routingCodeIssues({ cin1_value: 'B12345674' });
 * // [{ rule: 'spec.2.2.1', code: 'parameter_blank', param: 'routing_codes.cin1_scheme', … }]
 * ```
 */
export function routingCodeIssues(
  routing_codes: RoutingCodes | null | undefined,
  at: readonly PropertyKey[] = ['routing_codes'],
): ValidationIssue[] {
  if (routing_codes === null || routing_codes === undefined) return [];
  const issues: ValidationIssue[] = [];
  for (const slot of ROUTING_CODE_SLOTS) {
    const value = routing_codes[`cin${slot}_value`];
    const scheme = routing_codes[`cin${slot}_scheme`];
    if (isPresent(value) && !isPresent(scheme))
      issues.push(
        issueAt(
          'spec.2.2.1',
          'parameter_blank',
          [...at, `cin${slot}_scheme`],
          `is required when cin${slot}_value is given`,
        ),
      );
    if (isPresent(scheme) && !isPresent(value))
      issues.push(
        issueAt(
          'spec.2.2.1',
          'parameter_blank',
          [...at, `cin${slot}_value`],
          `is required when cin${slot}_scheme is given`,
        ),
      );
  }
  return issues;
}
