/**
 * The request side of the tax report use cases (spec §4.2): a body that must be a JSON object, the
 * body of POST /invoices/{id}/generate_tax_report, and the filters of the list. Pure: nothing here
 * reads the store; the use cases (`taxReports.ts`) and the formats (`taxReportFormats/`) call these
 * before they do.
 *
 * @module
 */
import { z } from 'zod';
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues, type Validated, type ValidationIssue } from '../errors/validationIssue.js';
import { oneOf, optional } from '../model/fields.js';
import { KsefTaxReportCreateSchema } from '../model/ksefTaxReport.js';
import { parseWith } from '../model/parse.js';
import { SiiTaxReportCreateSchema } from '../model/siiTaxReport.js';
import { TAX_REPORT_STATES, TAX_REPORT_TYPES, type TaxReportType } from '../model/taxReport.js';
import type { FieldValue } from '../ports.js';
import { issueAt } from '../rules/issue.js';

/**
 * Throws the first issue as the API error (a 400 before any 422): how the use cases answer the issues
 * a rule returned (DESIGN.md, "Validation returns, it does not throw").
 *
 * @example
 * ```ts
 * const parsed = parseTaxReport(body, 'create');
 * if (!parsed.success) fail(parsed.issues); // throws ApiError
 * ```
 */
export function fail(issues: readonly ValidationIssue[]): never {
  throw apiErrorFromIssues(issues);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body of a tax report write as an object, or 400 `invalid_request_params` at `tax_report`.
 *
 * @example
 * ```ts
 * requireObject({ type: 'Ksef' }); // { type: 'Ksef' }
 * requireObject([]); // throws 400 invalid_request_params (param tax_report)
 * ```
 */
export function requireObject(body: unknown): Record<string, unknown> {
  if (!isObject(body))
    throw new ApiError('invalid_request_params', 'the tax report must be a JSON object', {
      param: 'tax_report',
    });
  return body;
}

/** The body of POST /invoices/{id}/generate_tax_report (spec §4.2 shows none; **fiscalkit's**). */
const GenerateBodySchema = z.object({
  /**
   * Spec §2.7 types; default: the type of the account's tax authority (`reportTypeOfCountry`: Spain
   * `SiiDocument`, Poland `Ksef`; issue #18 item 2), 422 at `type` for another country.
   */
  type: optional(oneOf(TAX_REPORT_TYPES)),
  /**
   * Ksef: the legal basis of an exempt (`zw`) line (`Adnotacje/Zwolnienie/P_19A`), which the invoice
   * does not carry (the account's `reason_vat_exempt` setting in the public service, api-notes.md §9).
   */
  exemption_basis: KsefTaxReportCreateSchema.shape.exemption_basis,
  /** SII: the `PeriodoLiquidacion` (sii.md §3), both or neither; default the invoice date's month. */
  period_year: SiiTaxReportCreateSchema.shape.period_year,
  period: SiiTaxReportCreateSchema.shape.period,
  /** SII, received invoices: `FechaRegContable`; default the invoice date. */
  accounting_date: SiiTaxReportCreateSchema.shape.accounting_date,
});

/** The options of POST /invoices/{id}/generate_tax_report, read by {@link parseGenerateBody}. */
export type GenerateBody = z.output<typeof GenerateBodySchema>;

/**
 * The body of POST /invoices/{id}/generate_tax_report: `{type?, …}`, also inside `{tax_report: …}`;
 * none at all is `{}`. `period_year` and `period` come both or neither (422 `parameter_blank` at the
 * missing one).
 *
 * @example
 * ```ts
 * parseGenerateBody({ tax_report: { type: 'SiiDocument' } }).type; // 'SiiDocument'
 * parseGenerateBody(undefined); // {}
 * ```
 */
export function parseGenerateBody(body: unknown): GenerateBody {
  const inner = isObject(body) && isObject(body.tax_report) ? body.tax_report : (body ?? {});
  if (!isObject(inner))
    throw new ApiError('invalid_request_params', 'the body must be a JSON object {"type": …}', {
      param: null,
    });
  const parsed = parseWith(GenerateBodySchema, inner);
  if (!parsed.success) fail(parsed.issues);
  const { period_year, period } = parsed.data;
  if ((period_year === null || period_year === undefined) !== (period === null || period === undefined))
    fail([
      issueAt(
        'fiscalkit.sii.period-pair',
        'parameter_blank',
        [period_year === null || period_year === undefined ? 'period_year' : 'period'],
        'is required with the other PeriodoLiquidacion field (period_year and period)',
      ),
    ]);
  return parsed.data;
}

/**
 * The report type of the account's country (`reportTypeOfCountry`), or its issue thrown as the API
 * error.
 *
 * @example
 * ```ts
 * chosenType(reportTypeOfCountry('ES')); // 'SiiDocument'
 * ```
 */
export function chosenType(chosen: Validated<TaxReportType>): TaxReportType {
  if (!chosen.success) fail(chosen.issues);
  return chosen.data;
}

/**
 * The filters of GET /accounts/{account}/tax_reports, as the query strings arrive: `invoice_id`
 * (api-notes.md §9), and `state` and `type` (**fiscalkit additions**: equality filters over fields
 * every report has; the documented `sent_at_*` / `updated_at_*` filters need fields a report does
 * not carry).
 */
export interface TaxReportListFilters {
  invoice_id?: string | undefined;
  state?: string | undefined;
  type?: string | undefined;
}

/** A positive integer filter value (`invoice_id`); anything else is 400 at the filter. */
function idFilter(value: string, param: string): number {
  // money-safe: an identifier of at most 15 digits, not an amount.
  const id = /^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(id))
    throw new ApiError('invalid_request_params', `${param} must be a positive integer`, { param });
  return id;
}

/**
 * The store conditions of the list filters: a blank filter is no filter; an `invoice_id` that is not
 * a positive integer is 400, a `state` or `type` that is not one of the spec's is 422
 * `parameter_inclusion`.
 *
 * @example
 * ```ts
 * listWhere({ invoice_id: '7', state: 'processing' }); // { invoice_id: 7, state: 'processing' }
 * ```
 */
export function listWhere(filters: TaxReportListFilters): Record<string, FieldValue> {
  const where: Record<string, FieldValue> = {};
  const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
  if (given(filters.invoice_id)) where.invoice_id = idFilter(filters.invoice_id, 'invoice_id');
  if (given(filters.state)) {
    if (!(TAX_REPORT_STATES as readonly string[]).includes(filters.state))
      throw new ApiError('parameter_inclusion', `state must be one of ${TAX_REPORT_STATES.join(', ')}`, {
        param: 'state',
      });
    where.state = filters.state;
  }
  if (given(filters.type)) {
    if (!(TAX_REPORT_TYPES as readonly string[]).includes(filters.type))
      throw new ApiError('parameter_inclusion', `type must be one of ${TAX_REPORT_TYPES.join(', ')}`, {
        param: 'type',
      });
    where.type = filters.type;
  }
  return where;
}
