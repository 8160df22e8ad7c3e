/**
 * The query of GET /accounts/{account}/invoices in the caller's version: paging and `type` (spec
 * §2.4 rule 4, `parseInvoiceListQuery`), the `ack` flag (api-notes.md §7), the status filter flags
 * spec §9 lists for v2025-10-13 (five removed, two deprecated; `INVOICE_STATUS_FILTERS`), and the
 * other filters of api-notes.md §7 and the official PHP client (issue #19): `number`, `date_from` /
 * `date_to`, `due_date_from` / `due_date_to`, `updated_at`, `contact_id`, the customer's TIN and CIN
 * (`taxcode` before v2026-03-02, `query` from it), and a flag per invoice state.
 *
 * @module
 */

import type { ErrorCode } from '../errors/catalog.js';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { padSchemeCode } from '../identifiers/schemeCode.js';
import { instantFromMillis, millisFromInstant } from '../model/instant.js';
import { isIsoDate } from '../model/isoDate.js';
import { parseInvoiceListQuery, parseQueryFlag } from '../model/listQuery.js';
import type { RecordCondition } from '../model/recordFilter.js';
import { isTimestamp } from '../model/timestamp.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { behaviourIntroducedIn } from '../versions/behaviours.js';
import {
  INVOICE_STATE_FLAGS,
  queryConditions,
  unknownListParams,
  versionHasQueryFilter,
} from '../versions/listFilters.js';
import {
  INVOICE_STATUS_FILTERS,
  type InvoiceStatusFilter,
  invoiceListFilterSupport,
} from '../versions/protocol.js';

/** What the invoice list reads from its query: the repository's conditions and the page. */
export interface InvoiceListWhere {
  conditions: RecordCondition[];
  offset: number;
  limit: number;
}

/** An issue of rule `rule` at the query parameter `param`. */
const issue = (rule: string, code: ErrorCode, param: string, message: string): ValidationIssue => ({
  rule,
  code,
  param,
  message: `${param} ${message}`,
});

const isGiven = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';

/** The filters every version's invoice list takes besides paging, the status flags and the TIN ones. */
const INVOICE_FILTER_PARAMS = [
  'type',
  'ack',
  'number',
  'date_from',
  'date_to',
  'due_date_from',
  'due_date_to',
  'updated_at',
  'contact_id',
] as const;

/** A query value given once, as text (PHP's `a[]=` or a repeated name is not a value). */
function single(query: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value.trim() : undefined;
}

/** A date filter: `YYYY-MM-DD`, else 400 (spec §7.2 "wrong types": a query value not of its type). */
function dateOf(query: Readonly<Record<string, unknown>>, name: string, issues: ValidationIssue[]) {
  const text = single(query, name);
  if (text === undefined && query[name] !== undefined)
    issues.push(
      issue(
        SCHEMA_RULES.type,
        'invalid_request_params',
        name,
        'must be given once, as a date written YYYY-MM-DD',
      ),
    );
  if (text === undefined || text === '') return undefined;
  if (!isIsoDate(text)) {
    issues.push(
      issue(
        SCHEMA_RULES.type,
        'invalid_request_params',
        name,
        `must be a date written YYYY-MM-DD, not ${JSON.stringify(text.slice(0, 40))}`,
      ),
    );
    return undefined;
  }
  return text;
}

/**
 * `updated_at` as the instant the stored `updated_at` is compared with (`YYYY-MM-DDTHH:MM:SS.mmmZ`):
 * a date is its first instant in UTC (as a database casts a date to a timestamp), an RFC 3339 instant
 * with `Z` or an offset is that instant in UTC, fractions beyond milliseconds dropped; anything else,
 * or an instant outside the years 1970–9999, is null.
 *
 * @example
 * ```ts
 * updatedAtInstant('2026-04-20'); // '2026-04-20T00:00:00.000Z'
 * updatedAtInstant('2026-04-20T12:00:00+02:00'); // '2026-04-20T10:00:00.000Z'
 * updatedAtInstant('yesterday'); // null
 * ```
 */
export function updatedAtInstant(text: string): string | null {
  if (isIsoDate(text)) return `${text}T00:00:00.000Z`;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/i.exec(
    text,
  );
  if (match === null) return null;
  const [, date = '', hours = '', minutes = '', seconds = '00', fraction = '', zone = 'Z'] = match;
  const utc = `${date}T${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
  if (!isTimestamp(utc)) return null;
  if (zone.toUpperCase() === 'Z') return utc;
  // The same instant in UTC: the wall clock moved back by the offset (`+02:00` is two hours ahead).
  // money-safe: clock arithmetic on whole milliseconds and minutes, not an amount.
  const offset = (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  // money-safe: milliseconds since the epoch, not an amount.
  const millis = millisFromInstant(utc) - offset * 60_000;
  return millis >= 0 && millis < 253_402_300_800_000 ? instantFromMillis(millis) : null;
}

/**
 * The customer TIN conditions of `taxcode` (versions before v2026-03-02, api-notes.md §3.1, §3.2): the
 * customer's TIN as `scheme:value` (`9920:ESB12345678`, the legacy `taxcode` form) or the value alone.
 */
function taxcodeConditions(text: string): RecordCondition[] | null {
  const at = text.indexOf(':');
  if (at < 0) return text === '' ? null : [{ field: ['contact', 'tin_value'], op: 'eq', value: text }];
  const scheme = padSchemeCode(text.slice(0, at));
  const value = text.slice(at + 1).trim();
  if (scheme === null || value === '') return null;
  return [
    { field: ['contact', 'tin_scheme'], op: 'eq', value: scheme },
    { field: ['contact', 'tin_value'], op: 'eq', value },
  ];
}

/**
 * The invoice list's conditions and page for a request of API `version`:
 *
 * - `offset`, `limit`, `type` (default `IssuedInvoice`): `parseInvoiceListQuery`; the legacy version
 *   has no `type` filter (spec §9) and ignores one, as it did;
 * - `ack`: a boolean flag (`true`/`1`, `false`/`0`); anything else 400 `invalid_request_params`;
 * - `number`: the invoice number, exactly (api-notes.md §7 "documented as exact match");
 * - `date_from`, `date_to`, `due_date_from`, `due_date_to`: the invoice date and due date, both ends
 *   included; not a `YYYY-MM-DD` date → 400;
 * - `updated_at`: invoices written later than the instant (api-notes.md §7 "`updated_at` (later
 *   than)"), a date or an RFC 3339 instant (→ 400 otherwise); compared with the time of the last write,
 *   which the service keeps (invoices written before it kept one are not listed by it);
 * - `contact_id`: the customer's (supplier's) contact; not a positive integer → 400;
 * - the customer's TIN and CIN: `query=tin_value=…` (also `tin_scheme`, `cin_value`, `cin_scheme`,
 *   joined by ` AND `) from v2026-03-02 (`listFilters.ts`); `taxcode=9920:ESB12345678` (or the value
 *   alone) before it, where it was replaced (api-notes.md §3.2); each in the other's versions → 400;
 * - a state flag (`new=1`, `sent=1`, … one per state, {@link INVOICE_STATE_FLAGS}) or a status filter
 *   flag the version has (`received_invoice_new` … in the legacy version, `discarded` and
 *   `received_invoice_discarded` in every version, deprecated from v2025-10-13) set to `1` / `true`
 *   lists the invoices in its state, received invoices for the `received_invoice_*` ones
 *   (`INVOICE_STATUS_FILTERS`); `0` / `false` / blank filters nothing; another value is 400. One
 *   status filter is set at a time: a second is 422 `parameter_invalid` (**fiscalkit choice**, rather
 *   than a silently narrower or wider list). A `received_invoice_*` flag with a `type` other than
 *   `ReceivedInvoice` is 422 too (it lists received invoices);
 * - a status filter the version removed (the five `received_invoice_*` ones from v2025-10-13, spec
 *   §9) is 400 `invalid_request_params` naming the version: ignoring it would answer every invoice
 *   of the type while the client believes it gets only those in one state;
 * - any other parameter is 400 `invalid_request_params` naming it (`unknownListParams`).
 *
 * Rule ids: a query value of the wrong form is `fiscalkit.schema.type` (as `parseQueryFlag`'s); the
 * removed status filters `spec.9.status-filters-removed`; `taxcode` / `query` in the other's versions
 * `api.3.2.query-replaces-taxcode`; the two fiscalkit choices `fiscalkit.list.one-status-filter` and
 * `fiscalkit.list.received-status-type`.
 *
 * @example
 * ```ts
 * invoiceListQuery('2025-01-01', { received_invoice_new: '1' });
 * // { success: true, data: { conditions: [{ field: ['type'], op: 'eq', value: 'ReceivedInvoice' }, { field: ['state'], op: 'eq', value: 'new' }], offset: 0, limit: 25 } }
 * invoiceListQuery('2026-04-20', { date_from: '2026-04-01', query: 'tin_value=B76543214' }).success; // true
 * invoiceListQuery('2026-04-20', { received_invoice_new: '1' }).success; // false: 400, removed in 2025-10-13
 * invoiceListQuery('2026-04-20', { colour: 'red' }).success; // false: 400 at colour
 * ```
 */
export function invoiceListQuery(
  version: ApiVersion,
  query: Readonly<Record<string, unknown>>,
): Validated<InvoiceListWhere> {
  const hasQuery = versionHasQueryFilter(version);
  // Every name the version's list knows: a removed status filter is known (and refused with the
  // version that removed it, below), so is the TIN filter of the other versions (refused the same way).
  const known = [
    ...INVOICE_FILTER_PARAMS,
    ...INVOICE_STATE_FLAGS,
    ...Object.keys(INVOICE_STATUS_FILTERS),
    'query',
    'taxcode',
  ];
  const unknown = unknownListParams(query, known);
  if (unknown.length > 0) return { success: false, issues: unknown };
  const typed =
    invoiceListFilterSupport(version, 'type') === 'unsupported' ? { ...query, type: undefined } : query;
  const parsed = parseInvoiceListQuery(typed);
  const issues: ValidationIssue[] = parsed.success ? [] : [...parsed.issues];
  const ack = parseQueryFlag(query.ack, 'ack');
  if (!ack.success) issues.push(...ack.issues);
  const conditions: RecordCondition[] = [];

  const number = single(query, 'number');
  if (number === undefined && query.number !== undefined)
    issues.push(issue(SCHEMA_RULES.type, 'invalid_request_params', 'number', 'must be given once, as text'));
  else if (number !== undefined && number !== '')
    conditions.push({ field: ['number'], op: 'eq', value: number });
  const ranges = [
    ['date_from', 'date', 'gte'],
    ['date_to', 'date', 'lte'],
    ['due_date_from', 'due_date', 'gte'],
    ['due_date_to', 'due_date', 'lte'],
  ] as const;
  for (const [name, fieldName, op] of ranges) {
    const date = dateOf(query, name, issues);
    if (date !== undefined) conditions.push({ field: [fieldName], op, value: date });
  }
  const updated = single(query, 'updated_at');
  if (updated === undefined && query.updated_at !== undefined)
    issues.push(issue(SCHEMA_RULES.type, 'invalid_request_params', 'updated_at', 'must be given once'));
  else if (updated !== undefined && updated !== '') {
    const instant = updatedAtInstant(updated);
    if (instant === null)
      issues.push(
        issue(
          SCHEMA_RULES.type,
          'invalid_request_params',
          'updated_at',
          `must be a date (YYYY-MM-DD) or an instant (YYYY-MM-DDTHH:MM:SSZ or with an offset), not ${JSON.stringify(updated.slice(0, 40))}`,
        ),
      );
    else conditions.push({ field: ['updated_at'], op: 'gt', value: instant });
  }
  const contact = single(query, 'contact_id');
  if (contact !== undefined && contact !== '') {
    // money-safe: an identifier of at most 15 digits, not an amount.
    const id = /^[1-9]\d{0,14}$/.test(contact) ? Number(contact) : null;
    if (id !== null) conditions.push({ field: ['contact_id'], op: 'eq', value: id });
    else
      issues.push(
        issue(
          SCHEMA_RULES.type,
          'invalid_request_params',
          'contact_id',
          'must be a contact id (a positive integer)',
        ),
      );
  } else if (contact === undefined && query.contact_id !== undefined)
    issues.push(issue(SCHEMA_RULES.type, 'invalid_request_params', 'contact_id', 'must be given once'));

  // The customer's identifiers: `query` from v2026-03-02, `taxcode` before (api-notes.md §3.2).
  if (isGiven(query.taxcode)) {
    if (hasQuery)
      issues.push(
        issue(
          'api.3.2.query-replaces-taxcode',
          'invalid_request_params',
          'taxcode',
          `was replaced by query=tin_value=… in API version ${behaviourIntroducedIn('list_query_filter')} (api-notes.md §3.2)`,
        ),
      );
    else {
      const taxcode = taxcodeConditions(single(query, 'taxcode') ?? '');
      if (taxcode === null)
        issues.push(
          issue(
            SCHEMA_RULES.type,
            'invalid_request_params',
            'taxcode',
            'must be the customer TIN, as scheme:value (9920:ESB12345678) or the value alone',
          ),
        );
      else conditions.push(...taxcode);
    }
  }
  const customer = queryConditions('invoices', version, query.query);
  if (!customer.success) issues.push(...customer.issues);
  else conditions.push(...customer.data);

  const statuses: string[] = [];
  for (const name of Object.keys(INVOICE_STATUS_FILTERS) as InvoiceStatusFilter[]) {
    if (!isGiven(query[name])) continue;
    if (invoiceListFilterSupport(version, name) === 'unsupported') {
      issues.push(
        issue(
          'spec.9.status-filters-removed',
          'invalid_request_params',
          name,
          `was removed in API version ${behaviourIntroducedIn('invoice_status_filters_removed')} (spec §9): list received invoices with type=ReceivedInvoice`,
        ),
      );
      continue;
    }
    const flag = parseQueryFlag(query[name], name);
    if (!flag.success) issues.push(...flag.issues);
    else if (flag.data === true) statuses.push(name);
  }
  for (const name of INVOICE_STATE_FLAGS) {
    if (!isGiven(query[name])) continue;
    const flag = parseQueryFlag(query[name], name);
    if (!flag.success) issues.push(...flag.issues);
    else if (flag.data === true) statuses.push(name);
  }
  const [status, second] = statuses;
  if (second !== undefined)
    issues.push(
      issue(
        'fiscalkit.list.one-status-filter',
        'parameter_invalid',
        second,
        `cannot be combined with ${String(status)}: give one status filter at a time`,
      ),
    );
  if (!parsed.success || issues.length > 0) return { success: false, issues };
  const { type, offset, limit } = parsed.data;
  let listed: string = type;
  if (ack.success && ack.data !== null) conditions.push({ field: ['ack'], op: 'eq', value: ack.data });
  if (status !== undefined) {
    const filter = (INVOICE_STATUS_FILTERS as Record<string, { type: string | null; state: string }>)[
      status
    ] ?? {
      type: null,
      state: status,
    };
    if (filter.type !== null && isGiven(query.type) && type !== filter.type)
      return {
        success: false,
        issues: [
          issue(
            'fiscalkit.list.received-status-type',
            'parameter_invalid',
            status,
            `lists received invoices: leave type out or send ${filter.type}`,
          ),
        ],
      };
    if (filter.type !== null) listed = filter.type;
    conditions.push({ field: ['state'], op: 'eq', value: filter.state });
  }
  return {
    success: true,
    data: { conditions: [{ field: ['type'], op: 'eq', value: listed }, ...conditions], offset, limit },
  };
}
