import type { Validated, ValidationIssue } from '../errors/validationIssue.js';

/**
 * The same issue at another param, its message starting with the new param (every fiscalkit message
 * starts with its param, `issueAt`). The rule stays: moving an issue does not change which rule found it.
 *
 * @example
 * ```ts
 * withParam({ code: 'parameter_blank', param: 'supplier_party_tax_id', message: 'supplier_party_tax_id is required' }, 'account.tin_value');
 * // { code: 'parameter_blank', param: 'account.tin_value', message: 'account.tin_value is required' }
 * ```
 */
export function withParam(issue: ValidationIssue, param: string): ValidationIssue {
  if (param === issue.param) return issue;
  const message =
    issue.param !== '' && issue.message.startsWith(issue.param)
      ? `${param}${issue.message.slice(issue.param.length)}`
      : `${param}: ${issue.message}`;
  return { ...issue, param, message };
}

/**
 * The issues a report generator collects while it reads an invoice: every step that returns a
 * `Validated` value hands it to {@link IssueList.take}, which keeps the issues and gives back the data
 * (or undefined), so that one call reports every problem of the invoice at once.
 *
 * @example
 * ```ts
 * const issues = new IssueList();
 * const supplier = issues.take(supplierParty(account)); // undefined when the account has no NIF
 * if (issues.list.length > 0) return { success: false, issues: issues.list };
 * ```
 */
export class IssueList {
  /** The issues so far, in the order they were found. */
  readonly list: ValidationIssue[] = [];

  /** The data of a successful result; the issues of a failed one are kept and undefined returned. */
  take<T>(result: Validated<T>): T | undefined {
    if (result.success) return result.data;
    this.list.push(...result.issues);
    return undefined;
  }
}

/**
 * A generated tax report through its model (`parse`) and its business rules (`rules`, run only on a
 * parsed report), each issue answered at the field of the invoice, account or contact the client can
 * change (`sourceOf`: report param → source param; issue #5 "map any remaining issue to the source
 * param"). Issues that land on the same param with the same code are reported once.
 *
 * @example
 * ```ts
 * checkedReport(
 *   report,
 *   (input) => parseKsefTaxReport(input, 'create'),
 *   (parsed) => ksefTaxReportIssues(parsed),
 *   (param) => (param === 'supplier_party_tax_id' ? 'account.tin_value' : param),
 * );
 * ```
 */
export function checkedReport<T>(
  report: unknown,
  parse: (input: unknown) => Validated<T>,
  rules: (parsed: T) => ValidationIssue[],
  sourceOf: (param: string) => string,
): Validated<T> {
  const parsed = parse(report);
  const issues = parsed.success ? rules(parsed.data) : parsed.issues;
  if (issues.length === 0) return parsed;
  const seen = new Set<string>();
  const mapped: ValidationIssue[] = [];
  for (const issue of issues) {
    const moved = withParam(issue, sourceOf(issue.param));
    const key = `${moved.code} ${moved.param}`;
    if (seen.has(key)) continue;
    seen.add(key);
    mapped.push(moved);
  }
  return { success: false, issues: mapped };
}

/** `name[3].rest` → name, index, rest (a report param as `formatParam` writes it). */
const ELEMENT = /^([a-z_]+)(?:\[(\d+)\])?(?:\.(.+))?$/;

/** A report param split at its first element: `tax_breakdowns[2].percent` → `tax_breakdowns`, 2, `percent`. */
export interface ParamParts {
  name: string;
  index: number | undefined;
  rest: string | undefined;
}

/**
 * Splits a report param at its first element, for mapping it back to the source field; null when it
 * is not a plain field path.
 *
 * @example
 * ```ts
 * splitParam('tax_breakdowns[2].percent'); // { name: 'tax_breakdowns', index: 2, rest: 'percent' }
 * splitParam('period'); // { name: 'period', index: undefined, rest: undefined }
 * ```
 */
export function splitParam(param: string): ParamParts | null {
  const match = ELEMENT.exec(param);
  if (match === null) return null;
  const [, name = '', indexText, rest] = match;
  return { name, index: indexText === undefined ? undefined : Number.parseInt(indexText, 10), rest };
}

/**
 * The param of an element of `invoice_references` (spec §2.6), or of the list when the index is unknown.
 *
 * @example
 * ```ts
 * referenceParam(1); // 'invoice_references[1]'
 * referenceParam(undefined); // 'invoice_references'
 * ```
 */
export function referenceParam(index: number | undefined): string {
  return index === undefined ? 'invoice_references' : `invoice_references[${index}]`;
}
