import { z } from 'zod';
import { INVOICE_TYPES, type InvoiceType } from '../codelists/invoiceTypes.js';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import type { Validated } from '../errors/validationIssue.js';
import { parseWith } from './parse.js';

/** Page size when the query names none (api-notes.md §7: `limit` default 25). */
export const DEFAULT_PAGE_LIMIT = 25;
/** Largest page (api-notes.md §7: `limit` maximum 500). */
export const MAX_PAGE_LIMIT = 500;

/**
 * A query-string integer. Query values always arrive as text, so the text's form is the only type a
 * query parameter has: a value that is not written as a whole number at all (`limit=abc`,
 * `limit=2.5`, `limit=[]`) is the wrong type, 400 `invalid_request_params` (spec §7.2 "wrong types"),
 * as a JSON string sent where a body takes a number is; a whole number outside the range
 * (`offset=-1`, `limit=0`, `limit=1000`) is a well-typed value that is not valid, 422
 * `parameter_invalid`, as an out-of-range number in a body is. Blank is absent (the default).
 */
function queryInteger(min: number, max: number, fallback: number) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, context) => {
      const text = value === undefined ? '' : String(value).trim();
      if (text === '') return fallback;
      if (!/^[-+]?\d+$/.test(text)) {
        context.addIssue({
          code: 'custom',
          message: `must be a whole number, not ${JSON.stringify(text.slice(0, 40))}`,
          params: { code: 'invalid_request_params' },
        });
        return z.NEVER;
      }
      // money-safe: a page offset or size, at most 9 digits, not an amount.
      const number = /^[-+]?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      if (!(number >= min && number <= max)) {
        context.addIssue({
          code: 'custom',
          message: `must be a whole number from ${min} to ${max}`,
          params: { code: 'parameter_invalid' },
        });
        return z.NEVER;
      }
      return number;
    });
}

/** `offset` and `limit` of every list endpoint (spec §2.1 "List queries take offset and limit"). */
export const ListQuerySchema = z.object({
  offset: queryInteger(0, 999_999_999, 0),
  limit: queryInteger(1, MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT),
});

/** A parsed list query. */
export type ListQuery = z.output<typeof ListQuerySchema>;

/**
 * Parses `offset` and `limit` of a list request (spec §2.1; defaults and maximum from api-notes.md
 * §7: offset 0, limit 25, at most 500). A value that is not a whole number is 400
 * `invalid_request_params` (spec §7.2 "wrong types"); a whole number outside the range is 422
 * `parameter_invalid` rather than silently clamped, so a client asking for 1,000 rows learns it gets
 * at most 500.
 *
 * @example
 * ```ts
 * parseListQuery({ limit: '100' }); // { success: true, data: { offset: 0, limit: 100 } }
 * parseListQuery({ limit: '1000' }).success; // false: 422 parameter_invalid at limit
 * parseListQuery({ limit: 'abc' }).success; // false: 400 invalid_request_params at limit
 * ```
 */
export function parseListQuery(query: Record<string, unknown>): Validated<ListQuery> {
  return parseWith(ListQuerySchema, { offset: query.offset, limit: query.limit });
}

/** The invoice list query: paging plus the `type` filter (spec §2.4 rule 4; default `IssuedInvoice`). */
export interface InvoiceListQuery extends ListQuery {
  type: InvoiceType;
}

/**
 * Parses the query of GET /accounts/{account}/invoices: `offset`, `limit` and `type`, one of
 * `IssuedInvoice`, `ReceivedInvoice`, `IssuedSelfInvoice`, `IssuedSimplifiedInvoice` (spec §2.4 rule
 * 4), default `IssuedInvoice` (api-notes.md §7); another value is `parameter_inclusion` at `type`.
 *
 * @example
 * ```ts
 * parseInvoiceListQuery({ type: 'ReceivedInvoice' }); // { success: true, data: { offset: 0, limit: 25, type: 'ReceivedInvoice' } }
 * ```
 */
export function parseInvoiceListQuery(query: Record<string, unknown>): Validated<InvoiceListQuery> {
  return parseWith(
    ListQuerySchema.extend({
      type: z
        .string()
        .pipe(z.enum(INVOICE_TYPES))
        .optional()
        .transform((type) => type ?? 'IssuedInvoice'),
    }),
    {
      offset: query.offset,
      limit: query.limit,
      type: query.type === '' ? undefined : query.type,
    },
  );
}

/** The invoice fields returned only when named in `include` (spec §2.4, §2.5 rule 3). */
export const INVOICE_EXPANDABLE_FIELDS = [
  'apply_to_local_government_unit',
  'apply_to_vat_group_member',
  'third_party',
] as const;

/** An expandable invoice field. */
export type InvoiceExpandableField = (typeof INVOICE_EXPANDABLE_FIELDS)[number];

/**
 * Parses the `include` query of GET /invoices/{id} (spec §2.1 "Expandable fields", §2.5 rule 3): a
 * comma-separated list of expandable field names, spaces ignored. A name that is not expandable is
 * `parameter_inclusion` at `include` rather than silently ignored, so a typo does not look like a
 * missing field.
 *
 * @example
 * ```ts
 * parseInvoiceInclude('third_party, apply_to_vat_group_member');
 * // { success: true, data: ['third_party', 'apply_to_vat_group_member'] }
 * ```
 */
export function parseInvoiceInclude(include: unknown): Validated<InvoiceExpandableField[]> {
  if (include === undefined || include === null || include === '') return { success: true, data: [] };
  if (typeof include !== 'string')
    return {
      success: false,
      issues: [
        {
          rule: SCHEMA_RULES.type,
          code: 'invalid_request_params',
          param: 'include',
          message: 'include must be a comma-separated string',
        },
      ],
    };
  const names = include
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(INVOICE_EXPANDABLE_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0)
    return {
      success: false,
      issues: [
        {
          rule: SCHEMA_RULES.enum,
          code: 'parameter_inclusion',
          param: 'include',
          message: `include names ${unknown.map((name) => JSON.stringify(name)).join(', ')}; expandable fields are ${INVOICE_EXPANDABLE_FIELDS.join(', ')}`,
        },
      ],
    };
  return { success: true, data: [...new Set(names)] as InvoiceExpandableField[] };
}

/**
 * A boolean query parameter (a list filter flag such as `ack`, api-notes.md §7 "as 0/1"): `true` /
 * `1` and `false` / `0` (either case); absent or blank is null (no filter). Anything else is not a
 * boolean at all: 400 `invalid_request_params` at `param` (spec §7.2 "wrong types"; item 9 of issue
 * #18: a query parameter of the wrong type is refused like a body's).
 *
 * @example
 * ```ts
 * parseQueryFlag('1', 'ack'); // { success: true, data: true }
 * parseQueryFlag(undefined, 'ack'); // { success: true, data: null }
 * parseQueryFlag('maybe', 'ack').success; // false: 400 invalid_request_params at ack
 * ```
 */
export function parseQueryFlag(value: unknown, param: string): Validated<boolean | null> {
  if (value === undefined || value === null) return { success: true, data: null };
  if (typeof value === 'boolean') return { success: true, data: value };
  const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (text === '') return { success: true, data: null };
  if (text === 'true' || text === '1') return { success: true, data: true };
  if (text === 'false' || text === '0') return { success: true, data: false };
  return {
    success: false,
    issues: [
      {
        rule: SCHEMA_RULES.type,
        code: 'invalid_request_params',
        param,
        message: `${param} must be true or false (or 1 or 0)`,
      },
    ],
  };
}
