import { API_VERSIONS, type ApiVersion } from './apiVersion.js';
import { behaviourIntroducedIn, versionHas } from './behaviours.js';
import { KINDS, type ResourceKind } from './resourceKind.js';

/*
 * Per-version protocol facts as pure functions: status codes, headers, endpoints, list filters. The
 * HTTP binding asks these instead of comparing versions (DESIGN.md: no `if (version < …)` outside
 * `src/versions`); the version arithmetic is `versionHas` (`behaviours.ts`) and the endpoint table
 * below, nowhere else.
 */

/**
 * The status of a successful POST that creates a resource (accounts, contacts, invoices,
 * transports, tax reports, …; not the asynchronous 202 endpoints): 201 Created from v2026-03-02
 * (api-notes.md §3.2 "POST create endpoints return 201 (previously 200)"), 200 in v2025-10-13, and
 * 204 No Content in the legacy v2025-01-01, whose writes return no body (spec §2.1: from v2025-10-13
 * "PUT, POST and DELETE return the full resource representation, not 204 No Content"). A legacy
 * create should carry the new resource's legacy path in `Location` (`legacyPath`).
 *
 * @example
 * ```ts
 * createdStatus('2026-03-02'); // 201
 * createdStatus('2025-10-13'); // 200
 * createdStatus('2025-01-01'); // 204
 * ```
 */
export function createdStatus(version: ApiVersion): 200 | 201 | 204 {
  if (!writeResponseHasBody(version)) return 204;
  return versionHas(version, 'create_returns_201') ? 201 : 200;
}

/**
 * Whether a successful PUT, PATCH, POST or DELETE answers with the full resource (spec §2.1, §9:
 * from v2025-10-13); the legacy version answers 204 No Content with no body.
 *
 * @example
 * ```ts
 * writeResponseHasBody('2025-01-01'); // false
 * writeResponseHasBody('2025-10-13'); // true
 * ```
 */
export function writeResponseHasBody(version: ApiVersion): boolean {
  return versionHas(version, 'write_returns_resource');
}

/**
 * The status of a successful write that is not a create (PUT, PATCH, DELETE, and action POSTs such
 * as `mark_as` or `unarchive`): 200 with the full resource from v2025-10-13, 204 No Content in the
 * legacy version (spec §2.1).
 *
 * @example
 * ```ts
 * writeStatus('2026-04-20'); // 200
 * writeStatus('2025-01-01'); // 204
 * ```
 */
export function writeStatus(version: ApiVersion): 200 | 204 {
  return writeResponseHasBody(version) ? 200 : 204;
}

/** The request-id header of spec §7.1 ("every logged response has header X-B2B-API-Request-Id"). */
export const REQUEST_ID_HEADER = 'X-B2B-API-Request-Id';
/** The request-id header of versions before v2026-03-02 (api-notes.md §3.2, §11; PHP SDK 1.1.0). */
export const LEGACY_REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The headers that carry the request-log id on a logged response, all with the same value. The spec
 * names `X-B2B-API-Request-Id` for every logged response (§7.1); the public documentation says older
 * versions returned `X-Request-Id` and v2026-03-02 renamed it (api-notes.md §3.2, §11). Responses of
 * versions before v2026-03-02 therefore carry both, which satisfies the spec and the clients written
 * against the older documentation (the PHP SDK reads the new header first, then the old); from
 * v2026-03-02 only the new one.
 *
 * @example
 * ```ts
 * requestIdHeaders('2026-03-02'); // ['X-B2B-API-Request-Id']
 * requestIdHeaders('2025-10-13'); // ['X-B2B-API-Request-Id', 'X-Request-Id']
 * ```
 */
export function requestIdHeaders(version: ApiVersion): readonly string[] {
  return versionHas(version, 'request_id_header_renamed')
    ? [REQUEST_ID_HEADER]
    : [REQUEST_ID_HEADER, LEGACY_REQUEST_ID_HEADER];
}

/**
 * Whether list responses carry the `meta` object `{total_count, offset, limit}` (spec §2.1; §9
 * v2025-10-13 "Pagination via meta"). The spec does not show the legacy pagination; the public
 * migration guide does (api-notes.md §3.1 sources): the same three numbers beside the list
 * (`serializeList`), which the legacy OpenAPI document describes too.
 *
 * @example
 * ```ts
 * listResponseHasMeta('2025-10-13'); // true
 * listResponseHasMeta('2025-01-01'); // false
 * ```
 */
export function listResponseHasMeta(version: ApiVersion): boolean {
  return versionHas(version, 'list_meta');
}

/** When an endpoint exists: from `since` (inclusive) and before `removedIn` (exclusive). */
interface EndpointSpan {
  /** `METHOD /path` as spec §4 writes it; null where the spec does not show the path. */
  route: string | null;
  since?: ApiVersion;
  removedIn?: ApiVersion;
  /** For a removed endpoint: what a client of a later version uses instead (said in the 404). */
  instead?: string;
  /** Where the fact comes from. */
  source: string;
}

/** The version that removed the legacy-only endpoints (spec §9 v2025-10-13). */
const LEGACY_ENDPOINTS_REMOVED_IN = behaviourIntroducedIn('legacy_endpoints_removed');

/**
 * The endpoints that exist only in some versions, by name. Every endpoint not listed exists in every
 * version (after the legacy path mapping of `legacyPaths.ts`, which turns `/projects/{account}` into
 * `/accounts/{account}`, `GET /users/channels` into `GET /transport_types`, and so on).
 *
 * The batch endpoints are listed with the tax report endpoints (from v2025-10-13): a batch record is
 * a POST /accounts/{account}/tax_reports body (spec §4.1), which the legacy version does not have.
 */
export const VERSIONED_ENDPOINTS = {
  'tin_verifications.create': {
    route: 'POST /tin_verifications',
    since: '2026-04-20',
    source: 'spec §4.3, §9 v2026-04-20 "Added: TIN verification endpoints"',
  },
  'tin_verifications.show': {
    route: 'GET /tin_verifications/{id}',
    since: '2026-04-20',
    source: 'spec §4.3, §9 v2026-04-20 "Added: TIN verification endpoints"',
  },
  'transports.delete': {
    route: 'DELETE /accounts/{account}/transports/{code}',
    since: '2025-10-13',
    source: 'spec §4.7, §9 v2025-10-13 "Added DELETE transport"',
  },
  'documents.validate': {
    route: 'POST /documents/validate',
    since: '2025-10-13',
    source: 'spec §4.8, §9 v2025-10-13 "Added … POST /documents/validate"',
  },
  'tax_reports.create': {
    route: 'POST /accounts/{account}/tax_reports',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13 "Added … tax report and ledger endpoints of 4.2"',
  },
  'tax_reports.import': {
    route: 'POST /accounts/{account}/tax_reports/import',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'tax_reports.index': {
    route: 'GET /accounts/{account}/tax_reports',
    since: '2025-10-13',
    source: 'api-notes.md §9 (list filters invoice_id, sent_at, updated_at); with the endpoints of spec §4.2',
  },
  'tax_reports.show': {
    route: 'GET /tax_reports/{id}',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'tax_reports.update': {
    route: 'PATCH /tax_reports/{id}',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'tax_reports.delete': {
    route: 'DELETE /tax_reports/{id}',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'tax_reports.download': {
    route: 'GET /tax_reports/{id}/download',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'ledgers.show': {
    route: 'GET /ledgers/{id}',
    since: '2025-10-13',
    source: 'fiscalkit: a ledger read beside its downloads of spec §4.2',
  },
  'ledgers.download': {
    route: 'GET /ledgers/{id}/download',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'ledgers.download_response': {
    route: 'GET /ledgers/{id}/download_response',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'ledgers.import': {
    route: 'POST /accounts/{account}/ledgers/import',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'invoices.generate_tax_report': {
    route: 'POST /invoices/{id}/generate_tax_report',
    since: '2025-10-13',
    source: 'spec §4.2, §9 v2025-10-13',
  },
  'tax_report_batches.create': {
    route: 'POST /accounts/{account}/tax_report_batches',
    since: '2025-10-13',
    source: 'spec §4.1 (path: api-notes.md §4, §12); records are POST /tax_reports bodies',
  },
  'tax_report_batches.show': {
    route: 'GET /accounts/{account}/tax_report_batches/{id}',
    since: '2025-10-13',
    source: 'spec §4.1',
  },
  'legacy.send_tax_report': {
    route: null,
    removedIn: LEGACY_ENDPOINTS_REMOVED_IN,
    instead:
      'a tax report is created with POST /accounts/{account}/tax_reports (or POST /invoices/{id}/generate_tax_report) and sent by the service; follow it with GET /tax_reports/{id}',
    source: 'spec §9 v2025-10-13 "Old tax report endpoints removed (send_tax_report, …)"',
  },
  'legacy.tax_report_as_document_type': {
    route: 'GET /tax_reports/{id}/as/{document_type_code}',
    removedIn: LEGACY_ENDPOINTS_REMOVED_IN,
    instead: 'download the report with GET /tax_reports/{id}/download',
    source: 'spec §9 v2025-10-13 "Old tax report endpoints removed (…, as/{document_type_code})"',
  },
  'legacy.projects.index': {
    route: 'GET /projects',
    removedIn: LEGACY_ENDPOINTS_REMOVED_IN,
    instead: 'use GET /accounts',
    source: 'spec §9 v2025-10-13 "GET /projects … removed"',
  },
  'legacy.projects.my_company': {
    route: 'GET /projects/{account}/my_company',
    removedIn: LEGACY_ENDPOINTS_REMOVED_IN,
    instead: 'use GET /accounts/{account}',
    source: 'spec §9 v2025-10-13 "GET /projects/{account}/my_company removed"',
  },
} as const satisfies Record<string, EndpointSpan>;

/** An endpoint that exists only in some versions. */
export type VersionedEndpoint = keyof typeof VERSIONED_ENDPOINTS;

/**
 * Whether API `version` has `endpoint` (spec §9): the TIN verification endpoints from v2026-04-20;
 * DELETE transport, POST /documents/validate, the tax report and ledger endpoints of §4.2 and the
 * batch endpoints from v2025-10-13; the old tax report endpoints (`send_tax_report`,
 * `as/{document_type_code}`), GET /projects and GET /projects/{account}/my_company only in the legacy
 * version. A version without the endpoint answers `404 resource_missing`, with the message of
 * {@link endpointMissingMessage}.
 *
 * @example
 * ```ts
 * versionHasEndpoint('2026-03-02', 'tin_verifications.create'); // false
 * versionHasEndpoint('2026-04-20', 'tin_verifications.create'); // true
 * versionHasEndpoint('2025-01-01', 'legacy.projects.index'); // true
 * ```
 */
export function versionHasEndpoint(version: ApiVersion, endpoint: VersionedEndpoint): boolean {
  const span: EndpointSpan = VERSIONED_ENDPOINTS[endpoint];
  const index = API_VERSIONS.indexOf(version);
  if (span.since !== undefined && index < API_VERSIONS.indexOf(span.since)) return false;
  if (span.removedIn !== undefined && index >= API_VERSIONS.indexOf(span.removedIn)) return false;
  return true;
}

/**
 * The message of the 404 `resource_missing` a version without `endpoint` answers `request` (`METHOD
 * /path` as the client sent it) with. The HTTP status is the one every endpoint a version does not
 * have answers, and the same as for an unknown path: what is missing is the endpoint (spec §7.2
 * `resource_missing`; a 400 would tell the client its request is malformed, which it is not in the
 * version it was written for). The message tells the cases apart: an endpoint removed in a version
 * names that version and what replaces it (spec §9 v2025-10-13); one added later names the version
 * that added it.
 *
 * @example
 * ```ts
 * endpointMissingMessage('2026-04-20', 'legacy.send_tax_report', 'POST /tax_reports/7/send_tax_report');
 * // 'POST /tax_reports/7/send_tax_report was removed in API version 2025-10-13 (spec §9): a tax report is created with …'
 * endpointMissingMessage('2026-03-02', 'tin_verifications.create', 'POST /tin_verifications');
 * // 'POST /tin_verifications does not exist in API version 2026-03-02 (added in 2026-04-20)'
 * ```
 */
export function endpointMissingMessage(
  version: ApiVersion,
  endpoint: VersionedEndpoint,
  request: string,
): string {
  const span: EndpointSpan = VERSIONED_ENDPOINTS[endpoint];
  if (span.removedIn !== undefined && API_VERSIONS.indexOf(version) >= API_VERSIONS.indexOf(span.removedIn))
    return `${request} was removed in API version ${span.removedIn} (spec §9)${span.instead === undefined ? '' : `: ${span.instead}`}`;
  if (span.since !== undefined)
    return `${request} does not exist in API version ${version} (added in ${span.since})`;
  return `${request} does not exist in API version ${version}`;
}

/**
 * Status filter parameters of the invoice list removed in v2025-10-13 (spec §9 "Status filter
 * parameters … removed").
 */
export const REMOVED_INVOICE_STATUS_FILTERS = [
  'received_invoice_new',
  'received_invoice_error',
  'received_invoice_refused',
  'received_invoice_annotated',
  'received_invoice_invalid',
] as const;

/** Invoice list filter parameters deprecated (still accepted) from v2025-10-13 (spec §9). */
export const DEPRECATED_INVOICE_STATUS_FILTERS = ['discarded', 'received_invoice_discarded'] as const;

/**
 * What each status filter flag of the invoice list lists (spec §9 names the parameters, not their
 * meaning; **fiscalkit's reading** of the names): `received_invoice_<state>=1` the account's received
 * invoices in `<state>`, `discarded=1` the invoices of the listed `type` in state `discarded`. The
 * states are those of `/invoice_states`; `invalid` is not one fiscalkit gives an invoice, so that
 * filter lists nothing, honestly, rather than something else.
 */
export const INVOICE_STATUS_FILTERS = {
  received_invoice_new: { type: 'ReceivedInvoice', state: 'new' },
  received_invoice_error: { type: 'ReceivedInvoice', state: 'error' },
  received_invoice_refused: { type: 'ReceivedInvoice', state: 'refused' },
  received_invoice_annotated: { type: 'ReceivedInvoice', state: 'annotated' },
  received_invoice_invalid: { type: 'ReceivedInvoice', state: 'invalid' },
  received_invoice_discarded: { type: 'ReceivedInvoice', state: 'discarded' },
  discarded: { type: null, state: 'discarded' },
} as const satisfies Record<
  (typeof REMOVED_INVOICE_STATUS_FILTERS)[number] | (typeof DEPRECATED_INVOICE_STATUS_FILTERS)[number],
  { type: 'ReceivedInvoice' | null; state: string }
>;

/** A status filter flag of the invoice list. */
export type InvoiceStatusFilter = keyof typeof INVOICE_STATUS_FILTERS;

/** How a version treats one invoice list filter parameter. */
export type InvoiceListFilterSupport = 'supported' | 'deprecated' | 'unsupported';

/**
 * How API `version` treats the invoice list filter parameter `name` (spec §9 v2025-10-13): the `type`
 * filter exists from v2025-10-13 (spec §2.4 rule 4); the five `received_invoice_*` status filters
 * only before it; `discarded` and `received_invoice_discarded` are deprecated from it. Any other
 * parameter is `supported` here (whether the list knows it is the query parser's business). An
 * unsupported `type` (legacy) is ignored like any unknown query parameter; an unsupported status
 * filter is 400 `invalid_request_params` (`invoiceListQuery`), because ignoring it would answer a
 * wider list than the client asked for.
 *
 * @example
 * ```ts
 * invoiceListFilterSupport('2025-01-01', 'type'); // 'unsupported'
 * invoiceListFilterSupport('2025-10-13', 'received_invoice_new'); // 'unsupported'
 * invoiceListFilterSupport('2025-10-13', 'discarded'); // 'deprecated'
 * ```
 */
export function invoiceListFilterSupport(version: ApiVersion, name: string): InvoiceListFilterSupport {
  if (name === 'type') return versionHas(version, 'invoice_list_type_filter') ? 'supported' : 'unsupported';
  const removed = versionHas(version, 'invoice_status_filters_removed');
  if ((REMOVED_INVOICE_STATUS_FILTERS as readonly string[]).includes(name))
    return removed ? 'unsupported' : 'supported';
  if ((DEPRECATED_INVOICE_STATUS_FILTERS as readonly string[]).includes(name))
    return removed ? 'deprecated' : 'supported';
  return 'supported';
}

/**
 * The `contact_id` an invoice request is linked with: from v2026-03-02 `contact_id` is ignored for
 * `IssuedSimplifiedInvoice` (api-notes.md §3.2; a simplified invoice names no identified customer),
 * so the result is null for it; earlier versions, and every other type, keep the one sent.
 *
 * @example
 * ```ts
 * effectiveContactId('2026-03-02', 'IssuedSimplifiedInvoice', 7); // null
 * effectiveContactId('2025-10-13', 'IssuedSimplifiedInvoice', 7); // 7
 * effectiveContactId('2026-03-02', 'IssuedInvoice', 7); // 7
 * ```
 */
export function effectiveContactId<T extends number | null | undefined>(
  version: ApiVersion,
  type: string | null | undefined,
  contactId: T,
): T | null {
  return type === 'IssuedSimplifiedInvoice' && versionHas(version, 'simplified_invoice_ignores_contact_id')
    ? null
    : contactId;
}

/**
 * The names a body wraps a resource in, and a list its entries in, in API `version`: the kind's own
 * (`{"invoice": …}`, `{"invoices": […]}`, spec §4), but `client` / `clients` for a contact of the
 * legacy version, as its resource was named then (spec §2.3 "formerly client", §9). The HTTP binding
 * and the OpenAPI documents both ask this, so the wire and its description cannot disagree.
 *
 * @example
 * ```ts
 * wrapperNames('2025-01-01', 'contact'); // { singular: 'client', plural: 'clients' }
 * wrapperNames('2026-04-20', 'contact'); // { singular: 'contact', plural: 'contacts' }
 * ```
 */
export function wrapperNames(version: ApiVersion, kind: ResourceKind): { singular: string; plural: string } {
  if (kind === 'contact' && !versionHas(version, 'contacts_replace_clients'))
    return { singular: 'client', plural: 'clients' };
  return { singular: kind, plural: KINDS[kind].plural };
}

/**
 * The `document_type_code` under which the legacy `GET /tax_reports/{id}/as/{document_type_code}`
 * serves a tax report of each type: its tax authority document, the file the newer `GET
 * /tax_reports/{id}/download` answers (spec §9: the old endpoint was replaced by the generic ones of
 * §4.2). The spec and the public documentation show no codes for tax reports, so these are
 * **fiscalkit's**, written like the invoice codes (`xml.ubl.invoice.bis3`, api-notes.md §8.3): the
 * medium, then the format. Another code is 422 `parameter_inclusion` at `document_type_code`: the
 * report has no other rendering, and answering its XML under another name would be false.
 *
 * @example
 * ```ts
 * taxReportDocumentTypeCode('Ksef'); // 'xml.ksef.fa3'
 * taxReportDocumentTypeCode('SiiDocument'); // 'xml.sii'
 * ```
 */
export function taxReportDocumentTypeCode(type: 'Ksef' | 'SiiDocument'): string {
  return type === 'Ksef' ? 'xml.ksef.fa3' : 'xml.sii';
}
