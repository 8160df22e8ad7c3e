import type { ErrorCode } from '../errors/catalog.js';
import { formatParam, type ValidationIssue } from '../errors/validationIssue.js';

/**
 * Builds one issue at `path`; the message starts with the param, as every fiscalkit message does
 * (`routing_codes.cin1_scheme is required when …`).
 *
 * @example
 * ```ts
 * issueAt('parameter_blank', ['contact'], 'needs tin_value or cin_value');
 * // { code: 'parameter_blank', param: 'contact', message: 'contact needs tin_value or cin_value' }
 * ```
 */
export function issueAt(code: ErrorCode, path: readonly PropertyKey[], message: string): ValidationIssue {
  const param = formatParam(path);
  return { code, param, message: `${param === '' ? 'the request' : param} ${message}` };
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
