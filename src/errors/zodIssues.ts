import type { z } from 'zod';
import type { ErrorCode } from './catalog.js';
import { formatParam, type ValidationIssue } from './validationIssue.js';

function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'number') return `the number ${String(input)}`;
  if (typeof input === 'string') return `the string ${JSON.stringify(input.slice(0, 40))}`;
  return `a value of type ${typeof input}`;
}

function codeOf(issue: z.core.$ZodIssue): ErrorCode {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'parameter_blank' : 'parameter_invalid';
    case 'invalid_value':
      return 'parameter_inclusion';
    case 'too_small':
      return issue.origin === 'array' && issue.minimum === 1 ? 'parameter_empty' : 'parameter_invalid';
    default:
      return 'parameter_invalid';
  }
}

function messageOf(issue: z.core.$ZodIssue, at: string): string {
  // A problem with the whole input has no param; the message then speaks of "the input".
  const param = at === '' ? 'the input' : at;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${param} is required`;
      const expected = issue.expected === 'string' ? 'a string' : `${issue.expected}`;
      const hint = typeof issue.input === 'number' ? ' (amounts are decimal strings, never JS numbers)' : '';
      return `${param} must be ${expected}, not ${describe(issue.input)}${hint}`;
    }
    case 'invalid_value':
      return `${param} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, not ${describe(issue.input)}`;
    case 'unrecognized_keys':
      return `${param} is not a known field`;
    case 'too_small':
      if (issue.origin === 'array') return `${param} needs at least ${String(issue.minimum)} element(s)`;
      return `${param} ${issue.message}`;
    default:
      return `${param} ${issue.message}`;
  }
}

/**
 * Turns a zod error into {@link ValidationIssue}s with the service's codes: a missing field is
 * `parameter_blank`, an empty required list `parameter_empty`, a value outside an enum
 * `parameter_inclusion`, anything else `parameter_invalid`. An unknown key is reported at its own
 * path. Parse with `{ reportInput: true }` so messages can say what was received.
 *
 * @example
 * ```ts
 * const result = schema.safeParse(input, { reportInput: true });
 * if (!result.success) return { success: false, issues: issuesFromZod(result.error) };
 * ```
 */
export function issuesFromZod(
  error: z.core.$ZodError,
  prefix: readonly PropertyKey[] = [],
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const param = formatParam([...path, key]);
        issues.push({ code: 'parameter_invalid', param, message: messageOf(issue, param) });
      }
      continue;
    }
    const param = formatParam(path);
    issues.push({ code: codeOf(issue), param, message: messageOf(issue, param) });
  }
  return issues;
}
