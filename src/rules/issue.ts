import type { ErrorCode } from '../errors/catalog.js';
import { isRuleId } from '../errors/ruleId.js';
import { formatParam, type ValidationIssue } from '../errors/validationIssue.js';

/**
 * Builds one issue of rule `rule` (its stable id, `src/errors/ruleId.ts`; issue #20 §4) at `path`;
 * the message starts with the param, as every fiscalkit message does (`routing_codes.cin1_scheme is
 * required when …`).
 *
 * @example
 * ```ts
 * issueAt('spec.2.4.3', 'parameter_blank', ['contact'], 'needs tin_value or cin_value');
 * // { rule: 'spec.2.4.3', code: 'parameter_blank', param: 'contact', message: 'contact needs tin_value or cin_value' }
 * ```
 */
export function issueAt(
  rule: string,
  code: ErrorCode,
  path: readonly PropertyKey[],
  message: string,
): ValidationIssue {
  // A wire code in the rule's place (no dot, so never a rule id) is a programming error: fail loudly.
  if (!isRuleId(rule)) throw new TypeError(`issueAt: ${JSON.stringify(rule)} is not a rule id`);
  const param = formatParam(path);
  return { rule, code, param, message: `${param === '' ? 'the request' : param} ${message}` };
}

/**
 * Whether a field counts as given: present, not null, and not an empty or blank string (the
 * service's presence rule: `""` is as good as absent).
 *
 * @example
 * ```ts
 * isPresent('  '); // false
 * isPresent(false); // true: a boolean false is a value
 * ```
 */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}
