import type { z } from 'zod';
import { isLosslessNumber } from '../money/losslessNumber.js';
import { type ErrorCode, isErrorCode } from './catalog.js';
import { isRuleId, SCHEMA_RULES } from './ruleId.js';
import { formatParam, type ValidationIssue } from './validationIssue.js';

function describe(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'number') return `the number ${String(input)}`;
  if (typeof input === 'string') return `the string ${JSON.stringify(input.slice(0, 40))}`;
  // Request bodies are read without loss: a JSON number arrives as a LosslessNumber object.
  if (isLosslessNumber(input)) return `the number ${input.value.slice(0, 40)}`;
  if (typeof input === 'object') return 'an object';
  return `a value of type ${typeof input}`;
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  bigint: 'an integer',
  date: 'a date',
};

/** The value at `path` of `root`, if the path exists. */
function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment))
      return { found: false };
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return { found: true, value };
}

/**
 * Whether the issue is about a field that is simply not there. zod v4 reports a missing field as
 * `invalid_type` (or `invalid_value` for an enum) with `input: undefined`; the input is only recorded
 * with `reportInput`, so the original input, when given, is consulted instead. A `null` where the
 * schema does not allow one counts as missing too: JSON clients write `null` to mean "no value", and
 * the service answers a required field sent as null with `parameter_blank`, like an absent one. An
 * empty string where at least one character is required (`.min(1)`) is blank as well.
 */
function isMissing(issue: z.core.$ZodIssue, input: { given: boolean; value?: unknown }): boolean {
  // The body itself is never "missing": no body, or `null`, is a malformed request (400).
  if (issue.path.length === 0) return false;
  if (issue.code === 'too_small') return issue.origin === 'string' && issue.minimum === 1;
  if (input.given) {
    const at = valueAt(input.value, issue.path);
    // A blank string fails whatever check the field has (a date, a catalogue code, an e-mail), but
    // what is wrong with it is that it is blank.
    if (typeof at.value === 'string' && at.value.trim() === '') return true;
    if (issue.code !== 'invalid_type' && issue.code !== 'invalid_value') return false;
    return !at.found || at.value === undefined || at.value === null;
  }
  if (issue.code !== 'invalid_type' && issue.code !== 'invalid_value') return false;
  return 'input' in issue && (issue.input === undefined || issue.input === null);
}

function received(issue: z.core.$ZodIssue, input: { given: boolean; value?: unknown }): unknown {
  if ('input' in issue) return issue.input;
  return input.given ? valueAt(input.value, issue.path).value : undefined;
}

/** The catalog code a custom check asked for with `params: { code }`, if any. */
function requestedCode(issue: z.core.$ZodIssue): ErrorCode | undefined {
  if (issue.code !== 'custom') return undefined;
  const code: unknown = issue.params?.code;
  return typeof code === 'string' && isErrorCode(code) ? code : undefined;
}

/**
 * The rule a custom check named with `params: { rule }`, if any. A malformed one is the schema's
 * bug, not the request's: it fails loudly, as `issueAt` does, rather than pass as another rule.
 */
function requestedRule(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'custom') return undefined;
  const rule: unknown = issue.params?.rule;
  if (rule === undefined) return undefined;
  if (typeof rule !== 'string' || !isRuleId(rule))
    throw new TypeError(`issuesFromZod: params.rule ${JSON.stringify(rule)} is not a rule id`);
  return rule;
}

/**
 * The rule of a schema failure answered with `code` ({@link SCHEMA_RULES}). A missing value is the
 * required rule's whatever check it failed: a blank date breaks no date convention, it is not there.
 */
function ruleOf(issue: z.core.$ZodIssue, code: ErrorCode, missing: boolean): string {
  if (missing) return SCHEMA_RULES.required;
  const requested = requestedRule(issue);
  if (requested !== undefined) return requested;
  switch (code) {
    case 'parameter_blank':
      return SCHEMA_RULES.required;
    case 'invalid_request_params':
      return SCHEMA_RULES.type;
    case 'parameter_inclusion':
      return SCHEMA_RULES.enum;
    case 'parameter_empty':
      return SCHEMA_RULES.minItems;
    default:
      return SCHEMA_RULES.value;
  }
}

function codeOf(issue: z.core.$ZodIssue, missing: boolean): ErrorCode {
  if (missing) return 'parameter_blank';
  switch (issue.code) {
    // Spec §7.2: "invalid_request_params · 400 · Malformed JSON, wrong types, unexpected structure".
    // A value of the wrong JSON type is a malformed request, not a field-level validation failure.
    case 'invalid_type':
      return 'invalid_request_params';
    case 'custom':
      return requestedCode(issue) ?? 'parameter_invalid';
    case 'invalid_value':
      return 'parameter_inclusion';
    case 'too_small':
      return issue.origin === 'array' && issue.minimum === 1 ? 'parameter_empty' : 'parameter_invalid';
    default:
      return 'parameter_invalid';
  }
}

function messageOf(issue: z.core.$ZodIssue, at: string, missing: boolean, value: unknown): string {
  // A problem with the whole input has no param; the message then speaks of "the input".
  const param = at === '' ? 'the input' : at;
  if (missing)
    return typeof value === 'string' || issue.code === 'too_small'
      ? `${param} must not be blank`
      : `${param} is required`;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      const hint =
        issue.expected === 'string' && typeof value === 'number'
          ? ' (amounts are decimal strings, never JS numbers)'
          : '';
      return `${param} must be ${expected}, not ${describe(value)}${hint}`;
    }
    case 'invalid_value':
      return `${param} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, not ${describe(value)}`;
    case 'unrecognized_keys':
      return `${param} is not a known field`;
    case 'too_small':
      if (issue.origin === 'array') return `${param} needs at least ${String(issue.minimum)} element(s)`;
      if (issue.origin === 'string') return `${param} must not be blank`;
      return `${param} ${issue.message}`;
    default:
      return `${param} ${issue.message}`;
  }
}

/**
 * Turns a zod error into {@link ValidationIssue}s with the service's codes (spec §7.2): a missing,
 * null or blank required field is `parameter_blank`, an empty required list `parameter_empty`, a
 * value outside an enum `parameter_inclusion`, a value of the wrong JSON type or an unknown key of a
 * strict object `invalid_request_params` (400), a custom check's `params.code` that code, anything
 * else `parameter_invalid`. Each names its rule: {@link SCHEMA_RULES} by kind, or the rule a custom
 * check gave in `params.rule`. An unknown key is reported at its own path. Pass the parsed input (or
 * parse with `{ reportInput: true }`) so that a missing field can be told from a wrong one and
 * messages can say what was received.
 *
 * @example
 * ```ts
 * const result = schema.safeParse(input);
 * if (!result.success) return { success: false, issues: issuesFromZod(result.error, { input }) };
 * ```
 */
export function issuesFromZod(
  error: z.core.$ZodError,
  options: { input?: unknown; prefix?: readonly PropertyKey[] } = {},
): ValidationIssue[] {
  const input = { given: Object.hasOwn(options, 'input'), value: options.input };
  const prefix = options.prefix ?? [];
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const param = formatParam([...path, key]);
        issues.push({
          rule: SCHEMA_RULES.unknownField,
          code: 'invalid_request_params',
          param,
          message: `${param} is not a known field`,
        });
      }
      continue;
    }
    const param = formatParam(path);
    const missing = isMissing(issue, input);
    const code = codeOf(issue, missing);
    issues.push({
      rule: ruleOf(issue, code, missing),
      code,
      param,
      message: messageOf(issue, param, missing, received(issue, input)),
    });
  }
  return issues;
}
