import { ApiError } from './ApiError.js';
import type { ErrorCode } from './catalog.js';

/**
 * One problem found by validation (zod v4 style: keyed by `code`, with a path and a message).
 * Rules return these; a service turns them into one {@link ApiError} (DESIGN.md, "Validation
 * returns, it does not throw").
 */
export interface ValidationIssue {
  /**
   * The stable id of the rule that found the issue (issue #20 §4, after gobl's faults): where the rule
   * comes from, then where in that source, e.g. `spec.2.7.1` (spec §2.7 rule 1), `fa3.TNrKRS` (an
   * FA(3) XSD fact), `sii.8.f2-limit`, `fiscalkit.ksef.exemption-basis` (fiscalkit's own decision).
   * Unlike `code`, which many rules share, it says which rule fired. Required: an issue that does not
   * name its rule does not compile (issue #20 §4, "a rule without an id"). See docs/rule-ids.md.
   */
  rule: string;
  /** The catalog code the service answers with (`parameter_invalid`, `parameter_blank`, …). */
  code: ErrorCode;
  /** The offending field as written on the wire, e.g. `lines[2].price`; `''` for the whole input. */
  param: string;
  /** A sentence for the developer, starting with the param. */
  message: string;
}

/**
 * The result of a validating function: the normalized value, or the issues found.
 */
export type Validated<T> = { success: true; data: T } | { success: false; issues: ValidationIssue[] };

/**
 * Writes a path the way `param` names fields on the wire: `['lines', 2, 'price']` → `lines[2].price`.
 *
 * @example
 * ```ts
 * formatParam(['lines', 2, 'taxes', 0, 'percent']); // 'lines[2].taxes[0].percent'
 * ```
 */
export function formatParam(path: readonly PropertyKey[]): string {
  let param = '';
  for (const segment of path) {
    if (typeof segment === 'number') param += `[${segment}]`;
    else param += param === '' ? String(segment) : `.${String(segment)}`;
  }
  return param;
}

/**
 * The one {@link ApiError} a list of issues is answered with. A malformed request
 * (`invalid_request_params`, 400) is answered before any field-level failure (422), because the
 * field rules cannot be trusted on a body of the wrong shape; otherwise the first issue wins, which
 * is the first problem in document order.
 *
 * @example
 * ```ts
 * const error = apiErrorFromIssues([
 *   { rule: 'fiscalkit.schema.value', code: 'parameter_invalid', param: 'lines[0].price', message: 'lines[0].price must be …' },
 * ]);
 * error.status; // 422
 * error.rule; // 'fiscalkit.schema.value': which rule refused, for the host (not in the wire body)
 * ```
 */
export function apiErrorFromIssues(issues: readonly ValidationIssue[]): ApiError {
  const first = issues.find((issue) => issue.code === 'invalid_request_params') ?? issues[0];
  if (first === undefined) throw new TypeError('apiErrorFromIssues: no issues');
  return new ApiError(first.code, first.message, {
    param: first.param === '' ? null : first.param,
    rule: first.rule,
  });
}
