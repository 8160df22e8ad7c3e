/**
 * The filters of the list endpoints (issue #19), pure: which query parameters each list takes, the
 * Ransack-style `query` parameter (api-notes.md §3.2: `query=tin_value=ESB12345678`, for accounts
 * `query=country=es AND tin_scheme=9920`) and its grammar, and the `RecordCondition`s they become for
 * `Repository.search`. A parameter a list does not take is refused, never ignored: ignoring it would
 * answer a wider list than the client asked for.
 *
 * The grammar fiscalkit accepts in `query` (a subset of Ransack's, the part the public material
 * shows): one or more `field=value` clauses joined by ` AND ` (the word in any case, spaces around
 * it); each field at most once, one of the list's whitelisted fields ({@link QUERY_FIELDS}); the
 * value is the text after the `=` up to the next ` AND `, spaces around it trimmed, not empty,
 * without another `=` or control characters, at most 255 characters, read as its field reads values (a country in
 * either case, a scheme code zero-padded, an id as a positive integer, a flag as true/false/1/0) and
 * compared for equality. Anything else (no `=`, an unknown field, `OR`, predicates such as
 * `name_cont`, a value of the wrong form) is 400 `invalid_request_params` naming `query`.
 *
 * @module
 */
import { INVOICE_STATES } from '../codelists/invoiceStates.js';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { padSchemeCode } from '../identifiers/schemeCode.js';
import { parseQueryFlag } from '../model/listQuery.js';
import type { ConditionValue, FieldPath, RecordCondition } from '../model/recordFilter.js';
import type { ApiVersion } from './apiVersion.js';
import { behaviourIntroducedIn, versionHas } from './behaviours.js';

/** The query parameters of paging, which every list takes (spec §2.1). */
export const PAGE_PARAMS: readonly string[] = ['offset', 'limit'];

/** How a field of `query` reads its value. */
export type QueryValueKind = 'text' | 'country' | 'scheme' | 'id' | 'flag';

/** A field `query` may name on a list: where the records keep it and how its value is read. */
export interface QueryField {
  readonly path: FieldPath;
  readonly kind: QueryValueKind;
}

const field = (path: FieldPath, kind: QueryValueKind = 'text'): QueryField => ({ path, kind });

/** A party's identifiers and country, as accounts and contacts keep them (spec §2.2, §2.3). */
const PARTY_FIELDS = {
  country: field(['country'], 'country'),
  tin_scheme: field(['tin_scheme'], 'scheme'),
  tin_value: field(['tin_value']),
  cin_scheme: field(['cin_scheme'], 'scheme'),
  cin_value: field(['cin_value']),
} as const;

/**
 * The lists that take `query`, and the fields each whitelists (**fiscalkit's choice**: the public
 * material names `tin_value`, `country` and `tin_scheme`; the others are the fields a client looks
 * records up by). On invoices the fields name the customer (`contact.*`, the `taxcode` filter that
 * `query` replaced, api-notes.md §3.2).
 */
export const QUERY_FIELDS = {
  invoices: {
    tin_value: field(['contact', 'tin_value']),
    tin_scheme: field(['contact', 'tin_scheme'], 'scheme'),
    cin_value: field(['contact', 'cin_value']),
    cin_scheme: field(['contact', 'cin_scheme'], 'scheme'),
  },
  accounts: PARTY_FIELDS,
  contacts: { ...PARTY_FIELDS, parent_id: field(['parent_id'], 'id') },
  bank_accounts: { iban: field(['iban']), is_default: field(['is_default'], 'flag') },
  transports: { code: field(['code']), transport_type_code: field(['transport_type_code']) },
  orders: { number: field(['number']), state: field(['state']), contact_id: field(['contact_id'], 'id') },
  despatch_advices: { number: field(['number']), contact_id: field(['contact_id'], 'id') },
  account_events: { type: field(['type']), name: field(['name']), resource_id: field(['resource_id'], 'id') },
  web_hooks: { url: field(['url']), enabled: field(['enabled'], 'flag') },
  web_hook_deliveries: {
    web_hook_id: field(['web_hook_id'], 'id'),
    event_code: field(['event_code']),
    status: field(['status']),
  },
} as const satisfies Record<string, Readonly<Record<string, QueryField>>>;

/** A list that takes `query`. */
export type QueryList = keyof typeof QUERY_FIELDS;

/**
 * A flag per invoice state (api-notes.md §7 "state flags as 0/1 (`new`, `sending`, `error`, `sent`,
 * `refused`, `closed`, `registered`, …)"; the official client's list adds `accepted` and `paid`):
 * `<state>=1` lists the invoices of the listed `type` in that state. Every state of GET
 * /invoice_states has one; `discarded` is the deprecated status filter of `INVOICE_STATUS_FILTERS`.
 */
export const INVOICE_STATE_FLAGS: readonly string[] = INVOICE_STATES.map(({ code }) => code).filter(
  (code) => code !== 'discarded',
);

/** A 400 `invalid_request_params` of rule `rule` at `param` (every list filter failure is one). */
const issue = (rule: string, param: string, message: string): ValidationIssue => ({
  rule,
  code: 'invalid_request_params',
  param,
  message,
});

/** Whether `text` holds a control character (C0 or DEL): never part of a filter value. */
function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A `query` value read as `kind` reads it; a message when it is not of that form. */
function queryValue(text: string, kind: QueryValueKind): { value: ConditionValue } | { error: string } {
  switch (kind) {
    case 'text':
      return { value: text };
    case 'country':
      return /^[A-Za-z]{2}$/.test(text)
        ? { value: text.toUpperCase() }
        : { error: 'must be a two-letter country code' };
    case 'scheme': {
      const code = padSchemeCode(text);
      return code === null ? { error: 'must be a scheme code of 1 to 4 digits' } : { value: code };
    }
    case 'id': {
      if (!/^[1-9]\d{0,14}$/.test(text)) return { error: 'must be a positive integer id' };
      // money-safe: an identifier of at most 15 digits, not an amount.
      return { value: Number(text) };
    }
    case 'flag': {
      const flag = parseQueryFlag(text, 'query');
      return flag.success && flag.data !== null ? { value: flag.data } : { error: 'must be true or false' };
    }
  }
}

/**
 * Parses a `query` parameter (the grammar of the module comment) over the whitelisted `fields` into
 * equality conditions. Absent or blank is no condition. Every problem is 400 `invalid_request_params`
 * at `query`, its message naming the clause and, for an unknown field, the fields the list takes.
 *
 * @example
 * ```ts
 * parseQueryFilter('country=es AND tin_scheme=9920', QUERY_FIELDS.accounts);
 * // { success: true, data: [{ field: ['country'], op: 'eq', value: 'ES' }, { field: ['tin_scheme'], op: 'eq', value: '9920' }] }
 * parseQueryFilter('name_cont=acme', QUERY_FIELDS.accounts).success; // false: 400 at query
 * ```
 */
export function parseQueryFilter(
  query: unknown,
  fields: Readonly<Record<string, QueryField>>,
): Validated<RecordCondition[]> {
  if (query === undefined || query === null) return { success: true, data: [] };
  const fail = (message: string): Validated<RecordCondition[]> => ({
    success: false,
    // fiscalkit rule: the grammar is a subset of Ransack's, the part api-notes.md §3.2 shows.
    issues: [issue('fiscalkit.list.query-grammar', 'query', `query ${message}`)],
  });
  if (typeof query !== 'string') return fail('must be given once, as text such as tin_value=ESB12345678');
  if (query.trim() === '') return { success: true, data: [] };
  if (query.length > 2000) return fail('is longer than 2000 characters');
  const names = Object.keys(fields);
  const conditions: RecordCondition[] = [];
  const seen = new Set<string>();
  for (const clause of query.trim().split(/\s+and\s+/i)) {
    const at = clause.indexOf('=');
    if (at < 0)
      return fail(
        `must be field=value clauses joined by AND; ${JSON.stringify(clause.slice(0, 60))} has no =`,
      );
    const name = clause.slice(0, at).trim();
    const text = clause.slice(at + 1).trim();
    const known = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (known === undefined)
      return fail(
        `names ${JSON.stringify(name.slice(0, 60))}, which this list cannot be filtered by; it takes ${names.join(', ')} (field=value, joined by AND)`,
      );
    if (seen.has(name)) return fail(`names ${name} twice`);
    seen.add(name);
    if (text === '') return fail(`gives ${name} no value`);
    // A second `=` is a second clause joined by something else than AND (`a=1 OR b=2`): refused,
    // never read as part of a value.
    if (text.includes('='))
      return fail(`joins clauses only with AND; ${JSON.stringify(clause.slice(0, 60))} holds a second =`);
    if (text.length > 255 || hasControl(text))
      return fail(`gives ${name} a value longer than 255 characters or with control characters`);
    const read = queryValue(text, known.kind);
    if ('error' in read) return fail(`${name} ${read.error}, not ${JSON.stringify(text.slice(0, 60))}`);
    conditions.push({ field: known.path, op: 'eq', value: read.value });
  }
  return { success: true, data: conditions };
}

/**
 * The issues of the query parameters a list does not take: each is 400 `invalid_request_params`
 * naming it (issue #19: a filter the list does not know is refused, not silently ignored, so a
 * client never takes a wider list for the one it asked for). `known` is what the list takes besides
 * paging ({@link PAGE_PARAMS}).
 *
 * @example
 * ```ts
 * unknownListParams({ limit: '5', colour: 'red' }, ['name']);
 * // [{ rule: 'fiscalkit.list.unknown-param', code: 'invalid_request_params', param: 'colour', message: 'colour is not a parameter of this list; it takes offset, limit, name' }]
 * ```
 */
export function unknownListParams(
  query: Readonly<Record<string, unknown>>,
  known: readonly string[],
): ValidationIssue[] {
  const takes = [...PAGE_PARAMS, ...known];
  return Object.keys(query)
    .filter((name) => !takes.includes(name))
    .map((name) =>
      issue(
        'fiscalkit.list.unknown-param',
        name,
        `${name.slice(0, 60)} is not a parameter of this list; it takes ${takes.join(', ')}`,
      ),
    );
}

/**
 * Whether API `version` has the `query` parameter: from v2026-03-02, where it replaced the `taxcode`
 * filter (api-notes.md §3.2).
 *
 * @example
 * ```ts
 * versionHasQueryFilter('2026-03-02'); // true
 * versionHasQueryFilter('2025-10-13'); // false
 * ```
 */
export function versionHasQueryFilter(version: ApiVersion): boolean {
  return versionHas(version, 'list_query_filter');
}

/**
 * The conditions of the `query` parameter of `list` in API `version`: parsed over the list's
 * whitelist ({@link parseQueryFilter}); before v2026-03-02, which introduced it, a `query` given is
 * 400 `invalid_request_params` naming the version.
 *
 * @example
 * ```ts
 * queryConditions('contacts', '2026-04-20', 'tin_value=B76543214');
 * // { success: true, data: [{ field: ['tin_value'], op: 'eq', value: 'B76543214' }] }
 * queryConditions('contacts', '2025-10-13', 'tin_value=B76543214').success; // false: 400 at query
 * ```
 */
export function queryConditions(
  list: QueryList,
  version: ApiVersion,
  query: unknown,
): Validated<RecordCondition[]> {
  if (query === undefined) return { success: true, data: [] };
  if (!versionHasQueryFilter(version))
    return {
      success: false,
      issues: [
        issue(
          'api.3.2.query-replaces-taxcode',
          'query',
          `query exists from API version ${behaviourIntroducedIn('list_query_filter')} (it replaced taxcode there); this request is in ${version}`,
        ),
      ],
    };
  return parseQueryFilter(query, QUERY_FIELDS[list]);
}

/**
 * The filter of a list that takes paging and `query` only (bank accounts, transports, orders,
 * despatch advices, account events, web hooks and their deliveries): any other parameter is refused
 * ({@link unknownListParams}), and `query` gives the conditions ({@link queryConditions}).
 *
 * @example
 * ```ts
 * listQueryConditions('transports', '2026-04-20', { limit: '5', query: 'transport_type_code=peppol' });
 * // { success: true, data: [{ field: ['transport_type_code'], op: 'eq', value: 'peppol' }] }
 * listQueryConditions('transports', '2026-04-20', { type: 'peppol' }).success; // false: 400 at type
 * ```
 */
export function listQueryConditions(
  list: QueryList,
  version: ApiVersion,
  query: Readonly<Record<string, unknown>>,
): Validated<RecordCondition[]> {
  const unknown = unknownListParams(query, ['query']);
  if (unknown.length > 0) return { success: false, issues: unknown };
  return queryConditions(list, version, query.query);
}

/**
 * The filters of GET /accounts/{account}/contacts (the official PHP client's `ContactService::all`,
 * issue #19): `name` — the contacts whose name, address or TIN contains the text, ASCII letters
 * without case ("Search by customer name, address, or VAT code"); `is_client` and `is_provider` —
 * flags (`true`/`1`, `false`/`0`; anything else 400); `query` ({@link QUERY_FIELDS} `contacts`, from
 * v2026-03-02). Any other parameter is 400 `invalid_request_params` naming it: the client's
 * `integration_code` too, since fiscalkit's contacts have no such field.
 *
 * @example
 * ```ts
 * contactListConditions('2026-03-02', { name: 'example', is_client: '1' });
 * // { success: true, data: [{ fields: [['name'], ['address'], ['tin_value']], op: 'contains', value: 'example' }, { field: ['is_client'], op: 'eq', value: true }] }
 * ```
 */
export function contactListConditions(
  version: ApiVersion,
  query: Readonly<Record<string, unknown>>,
): Validated<RecordCondition[]> {
  const unknown = unknownListParams(query, ['name', 'is_client', 'is_provider', 'query']);
  if (unknown.length > 0) return { success: false, issues: unknown };
  const issues: ValidationIssue[] = [];
  const conditions: RecordCondition[] = [];
  const name = query.name;
  if (name !== undefined && name !== null) {
    if (typeof name !== 'string' || hasControl(name) || name.length > 255)
      issues.push(
        issue(SCHEMA_RULES.type, 'name', 'name must be given once, as text of at most 255 characters'),
      );
    else if (name.trim() !== '')
      conditions.push({ fields: [['name'], ['address'], ['tin_value']], op: 'contains', value: name.trim() });
  }
  for (const flagName of ['is_client', 'is_provider'] as const) {
    const flag = parseQueryFlag(query[flagName], flagName);
    if (!flag.success) issues.push(...flag.issues);
    else if (flag.data !== null) conditions.push({ field: [flagName], op: 'eq', value: flag.data });
  }
  const fields = queryConditions('contacts', version, query.query);
  if (!fields.success) issues.push(...fields.issues);
  else conditions.push(...fields.data);
  return issues.length > 0 ? { success: false, issues } : { success: true, data: conditions };
}
