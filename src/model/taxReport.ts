import { z } from 'zod';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import {
  type KsefTaxReportCreate,
  KsefTaxReportSchema,
  type KsefTaxReportUpdate,
  parseKsefTaxReport,
} from './ksefTaxReport.js';
import type { Operation } from './parse.js';
import {
  parseSiiTaxReport,
  type SiiTaxReportCreate,
  SiiTaxReportSchema,
  type SiiTaxReportUpdate,
} from './siiTaxReport.js';
import { TAX_REPORT_TYPES, type TaxReportType } from './taxReportCommon.js';

export {
  TAX_REPORT_STATES,
  TAX_REPORT_TYPES,
  type TaxReportState,
  type TaxReportType,
} from './taxReportCommon.js';

/** A tax report as sent on create, of either type (spec §2.7). */
export type TaxReportCreate = KsefTaxReportCreate | SiiTaxReportCreate;
/** A tax report update, of either type. */
export type TaxReportUpdate = KsefTaxReportUpdate | SiiTaxReportUpdate;

/**
 * A stored tax report of either type, told apart by `type` (spec §2.7: `SiiDocument` or `Ksef`):
 * the shape of GET /tax_reports/{id}.
 */
export const TaxReportSchema = z.discriminatedUnion('type', [SiiTaxReportSchema, KsefTaxReportSchema]);

/** A stored tax report. */
export type TaxReport = z.output<typeof TaxReportSchema>;

/**
 * Whether `value` is a tax report type, spelt exactly as the spec spells it (`Ksef`, not `KSeF`).
 *
 * @example
 * ```ts
 * isTaxReportType('SiiDocument'); // true
 * isTaxReportType('KSeF'); // false
 * ```
 */
export function isTaxReportType(value: string): value is TaxReportType {
  return (TAX_REPORT_TYPES as readonly string[]).includes(value);
}

/** Reads `type` of a create body, before anything else: it decides the schema. */
function readType(input: unknown): Validated<TaxReportType> {
  const fail = (issue: ValidationIssue): Validated<TaxReportType> => ({ success: false, issues: [issue] });
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail({
      rule: SCHEMA_RULES.type,
      code: 'invalid_request_params',
      param: '',
      message: 'the input must be an object',
    });
  const type: unknown = Object.hasOwn(input, 'type') ? (input as { type?: unknown }).type : undefined;
  // The service's presence rule: absent, null and blank are all "not given" (spec §7.2 parameter_blank).
  if (type === undefined || type === null || (typeof type === 'string' && type.trim() === ''))
    return fail({
      rule: SCHEMA_RULES.required,
      code: 'parameter_blank',
      param: 'type',
      message: 'type is required',
    });
  if (typeof type !== 'string')
    return fail({
      rule: SCHEMA_RULES.type,
      code: 'invalid_request_params',
      param: 'type',
      message: `type must be a string, not a value of type ${typeof type}`,
    });
  if (!isTaxReportType(type))
    return fail({
      rule: SCHEMA_RULES.enum,
      code: 'parameter_inclusion',
      param: 'type',
      message: `type must be one of ${TAX_REPORT_TYPES.map((t) => JSON.stringify(t)).join(', ')}, not ${JSON.stringify(type.slice(0, 40))}`,
    });
  return { success: true, data: type };
}

/**
 * Parses a tax report request body (the object inside `{"tax_report": …}`, spec §4.2) with the
 * schema of its type (spec §2.7).
 *
 * On create, `type` is read first, because it decides every other field: absent, null or blank is
 * `parameter_blank`, another JSON type `invalid_request_params`, an unknown string
 * `parameter_inclusion`, all at `type`; then the body is parsed as a `Ksef` or `SiiDocument` report.
 *
 * On update (PATCH /tax_reports/{id}) the stored report's type decides (a PATCH body need not repeat
 * `type`); a `type` sent with another value is left to `taxReportTypeChangeIssues` in `src/rules`,
 * which answers `parameter_cannot_change`.
 *
 * Structure and field values only: the business rules are `ksefTaxReportIssues` and
 * `siiTaxReportIssues`.
 *
 * @example
 * ```ts
 * parseTaxReport({ type: 'Ksef', invoice_type_code: 'VAT' }, 'create').success; // true
 * parseTaxReport({ invoice_type_code: 'VAT' }, 'create');
 * // { success: false, issues: [{ code: 'parameter_blank', param: 'type', … }] }
 * parseTaxReport({ period: '1T' }, 'update', 'SiiDocument').success; // true
 * ```
 */
export function parseTaxReport(input: unknown, operation: 'create'): Validated<TaxReportCreate>;
export function parseTaxReport(
  input: unknown,
  operation: 'update',
  storedType: TaxReportType,
): Validated<TaxReportUpdate>;
export function parseTaxReport(
  input: unknown,
  operation: Operation,
  storedType?: TaxReportType,
): Validated<TaxReportUpdate> {
  if (operation === 'update') {
    if (storedType === undefined)
      throw new TypeError('parseTaxReport: an update needs the stored report type');
    return storedType === 'Ksef' ? parseKsefTaxReport(input, 'update') : parseSiiTaxReport(input, 'update');
  }
  const type = readType(input);
  if (!type.success) return type;
  return type.data === 'Ksef' ? parseKsefTaxReport(input, 'create') : parseSiiTaxReport(input, 'create');
}
