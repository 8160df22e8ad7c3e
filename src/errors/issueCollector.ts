import type { ErrorCode } from './catalog.js';
import { formatParam, type ValidationIssue } from './validationIssue.js';

/**
 * The one issue collector of the validators that gather many issues in one pass (issue #20 §4, "one
 * home per fact"): the FA(3) checks (`src/ksef/fa3Issues.ts`), the SII record checks
 * (`src/sii/recordIssues.ts`) and the totals input check (`src/totals/validateTotalsInput.ts`) each
 * extend it with their own value checks. Every issue names its rule (`src/errors/ruleId.ts`) beside
 * its wire `code`; the message starts with the param, as every fiscalkit message does, or with
 * `subject` for the whole input (`param` `''`).
 *
 * @example
 * ```ts
 * const issues = new IssueCollector();
 * issues.add('spec.2.7.1', 'parameter_blank', ['third_party_country'], 'is required');
 * issues.issues[0];
 * // { rule: 'spec.2.7.1', code: 'parameter_blank', param: 'third_party_country', message: 'third_party_country is required' }
 * ```
 */
export class IssueCollector {
  /** The issues found so far, in the order they were added. */
  readonly issues: ValidationIssue[];
  /** How a message names the whole input (`param` `''`): `the request`, `the input`, … */
  private readonly subject: string;

  /**
   * @param issues - the list to add to (shared with a caller that also pushes issues of its own).
   * @param subject - how a message names the whole input.
   */
  constructor(issues: ValidationIssue[] = [], subject = 'the request') {
    this.issues = issues;
    this.subject = subject;
  }

  /**
   * Adds one issue of rule `rule` at `path`. Params are only written out here, when something is
   * wrong, so a validator's happy path builds no strings.
   *
   * @example
   * ```ts
   * new IssueCollector([], 'the input').add('taxmath.3.1.object', 'parameter_invalid', [], 'must be an object');
   * // message: 'the input must be an object'
   * ```
   */
  add(rule: string, code: ErrorCode, path: readonly PropertyKey[], message: string): void {
    const param = formatParam(path);
    this.issues.push({ rule, code, param, message: `${param === '' ? this.subject : param} ${message}` });
  }
}
