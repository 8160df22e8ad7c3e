import { expect } from 'vitest';
import type { Validated } from '../../src/errors/validationIssue.js';

/**
 * The only issue of a refused result, as its rule id, code and param (the message starts with the
 * param): a test of which rule refused, and where (issue #20 §4).
 */
export function refusal(result: Validated<unknown>): {
  rule: string | undefined;
  code: string;
  param: string;
} {
  if (result.success) return expect.fail('expected a refusal');
  expect(result.issues).toHaveLength(1);
  const [issue] = result.issues;
  return { rule: issue?.rule, code: issue?.code ?? '', param: issue?.param ?? '' };
}
