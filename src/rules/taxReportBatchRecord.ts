import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { parseSiiTaxReport, type SiiTaxReportCreate } from '../model/siiTaxReport.js';
import { issueAt } from './issue.js';
import { siiTaxReportIssues } from './siiTaxReport.js';

/** Appends which record an issue belongs to, keeping the param relative to the record. */
function inRecord(issue: ValidationIssue, index: number): ValidationIssue {
  return { ...issue, message: `${issue.message} (tax_reports[${String(index)}])` };
}

/**
 * Reads one record of a tax report batch (spec §4.1 rule 2, §4.1 rule 3) into an SII tax report create, with
 * the checks of {@link batchRecordIssues} that come before the SII rules: an object, `type`
 * `SiiDocument` (`unsupported_type` otherwise), and the SII schema (`parseSiiTaxReport`). The batch
 * job builds the parsed record next, and the builder holds it to the SII rules
 * (`siiRecordIssues`), so the rules run once per record.
 *
 * @example
 * ```ts
 * parseBatchRecord({ type: 'SiiDocument', book_type: 'Expedida' }, 0).success; // true
 * parseBatchRecord({ type: 'Ksef' }, 3);
 * // { success: false, issues: [{ code: 'unsupported_type', param: 'type', … }] }
 * ```
 */
export function parseBatchRecord(record: unknown, index: number): Validated<SiiTaxReportCreate> {
  const fail = (issue: ValidationIssue): Validated<SiiTaxReportCreate> => ({
    success: false,
    issues: [inRecord(issue, index)],
  });
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return fail({
      rule: 'spec.4.1.record-object',
      code: 'invalid_request_params',
      param: '',
      message: 'the record must be an object',
    });
  const type: unknown = Object.hasOwn(record, 'type') ? (record as { type?: unknown }).type : undefined;
  if (type === undefined || type === null || (typeof type === 'string' && type.trim() === ''))
    return fail(issueAt('spec.4.1.record-type', 'parameter_blank', ['type'], 'is required (SiiDocument)'));
  if (typeof type !== 'string')
    return fail(
      issueAt(
        'spec.4.1.record-type',
        'invalid_request_params',
        ['type'],
        `must be a string, not a value of type ${typeof type}`,
      ),
    );
  if (type !== 'SiiDocument')
    return fail(
      issueAt(
        'spec.4.1.3',
        'unsupported_type',
        ['type'],
        `${JSON.stringify(type.slice(0, 40))} is not supported in a tax report batch, only SiiDocument`,
      ),
    );
  const parsed = parseSiiTaxReport(record, 'create');
  if (parsed.success) return parsed;
  return { success: false, issues: parsed.issues.map((issue) => inRecord(issue, index)) };
}

/**
 * Validates one record of a tax report batch on its own (spec §4.1 rule 2, §4.1 rule 3), in the background
 * job. A failure never aborts the batch: the issues become the record's errors in the batch status
 * (`batchRecordError`), listed under the record's `index`, so their params are relative to the
 * record (`book_type`, not `tax_reports[3].book_type`); the message names the record.
 *
 * - Not an object: `invalid_request_params` for the whole record (param `''`; the envelope check
 *   `parseTaxReportBatch` normally catches it first). §4.1 "array of 0 to 5000 objects":
 *   `spec.4.1.record-object`.
 * - `type` absent, null or blank: `parameter_blank` at `type` ("each carries `type` = `SiiDocument`");
 *   not a string: `invalid_request_params` at `type` (`spec.4.1.record-type`).
 * - Any other `type` (`Ksef`, or any string but `SiiDocument`): one issue `unsupported_type` at
 *   `type` (rule 3, `spec.4.1.3`), and nothing else is checked.
 * - Otherwise the record is parsed as an SII tax report create (a bad `book_type` is
 *   `parameter_inclusion`, rule 2) and, when it parses, held to the SII rules (`siiTaxReportIssues`).
 *
 * XSD validation of the built record comes after this, in the `sii` module (sii.md §11).
 *
 * @example
 * ```ts
 * batchRecordIssues({ type: 'Ksef', invoice_type_code: 'VAT' }, 3);
 * // [{ rule: 'spec.4.1.3', code: 'unsupported_type', param: 'type', message: 'type Ksef is not supported … (tax_reports[3])' }]
 * batchRecordIssues({ type: 'SiiDocument', book_type: 'Libro' }, 0);
 * // [{ code: 'parameter_inclusion', param: 'book_type', … }]
 * ```
 */
export function batchRecordIssues(record: unknown, index: number): ValidationIssue[] {
  const parsed = parseBatchRecord(record, index);
  if (!parsed.success) return parsed.issues;
  return siiTaxReportIssues(parsed.data).map((issue) => inRecord(issue, index));
}
