import { API_VERSIONS, type ApiVersion } from './apiVersion.js';

/**
 * Behaviours that changed with a version (validation rules and protocol facts), each with the version
 * that introduced it. Rules and the HTTP binding ask {@link versionHas} (or the functions of
 * `protocol.ts`, which ask it) instead of comparing versions, so that version arithmetic stays in
 * `src/versions` (DESIGN.md: no `if (version < …)` outside this folder).
 */
const INTRODUCED_IN = {
  /** Spec §2.3 rule 1: an office's TIN must equal its parent's (earlier versions ignored mismatches). */
  office_tin_matches_parent: '2026-04-20',
  /** Spec §2.4 rule 3 and §9 "Changed: … inline contact identifier requirement". */
  inline_contact_needs_identifier: '2026-04-20',
  /**
   * Spec §9 "Added: … KSeF tax report fields": the §2.7 fields, and so the rules that require or
   * check them, exist from this version; older requests cannot send them (their upgrade drops them).
   */
  ksef_tax_report_fields: '2026-04-20',
  /**
   * api-notes.md §3.2: `contact_id` is ignored for `IssuedSimplifiedInvoice` (a simplified invoice
   * has no identified customer); earlier versions linked the invoice to the contact.
   */
  simplified_invoice_ignores_contact_id: '2026-03-02',
  /** api-notes.md §3.2: POST create endpoints answer 201 Created (previously 200). */
  create_returns_201: '2026-03-02',
  /**
   * api-notes.md §3.2: "The `taxcode` list filter is replaced by a Ransack-style `query` parameter"
   * (`src/versions/listFilters.ts`); before it a `query` is refused, from it `taxcode` is.
   */
  list_query_filter: '2026-03-02',
  /** api-notes.md §3.2, §11: the request-id header is `X-B2B-API-Request-Id` only (older: also `X-Request-Id`). */
  request_id_header_renamed: '2026-03-02',
  /** Spec §2.1, §9: PUT, POST and DELETE return the full resource, not 204 No Content. */
  write_returns_resource: '2025-10-13',
  /** Spec §9 v2025-10-13: "Pagination via `meta`". */
  list_meta: '2025-10-13',
  /** Spec §9 v2025-10-13: "Added `type` filter on the invoice list" (spec §2.4 rule 4). */
  invoice_list_type_filter: '2025-10-13',
  /**
   * Spec §9 v2025-10-13: "Status filter parameters `received_invoice_new`, `received_invoice_error`,
   * `received_invoice_refused`, `received_invoice_annotated`, `received_invoice_invalid` removed;
   * `discarded` and `received_invoice_discarded` deprecated". The legacy version lists by them; from
   * this version on the five removed ones are 400 `invalid_request_params` (`invoiceListFilterSupport`).
   */
  invoice_status_filters_removed: '2025-10-13',
  /**
   * Spec §9 v2025-10-13: "Old tax report endpoints removed (send_tax_report, `as/{document_type_code}`)";
   * `GET /projects` and `GET /projects/{account}/my_company` removed. Their rows in
   * `VERSIONED_ENDPOINTS` (`protocol.ts`) carry this version as `removedIn`; from it they answer 404
   * `resource_missing` with a message naming the version (`endpointMissingMessage`).
   */
  legacy_endpoints_removed: '2025-10-13',
  /** Spec §2.3, §6 rule 3: clients became contacts (`/contacts`, `ContactEvent`, `contact_id`). */
  contacts_replace_clients: '2025-10-13',
} as const satisfies Record<string, ApiVersion>;

/** A version-dependent behaviour. */
export type VersionedBehaviour = keyof typeof INTRODUCED_IN;

/**
 * Whether requests in `version` are handled with `behaviour` (introduced in a version and kept by
 * every later one).
 *
 * @example
 * ```ts
 * versionHas('2026-04-20', 'office_tin_matches_parent'); // true
 * versionHas('2026-03-02', 'office_tin_matches_parent'); // false: mismatches were ignored
 * versionHas('2026-03-02', 'simplified_invoice_ignores_contact_id'); // true
 * ```
 */
export function versionHas(version: ApiVersion, behaviour: VersionedBehaviour): boolean {
  return API_VERSIONS.indexOf(version) >= API_VERSIONS.indexOf(INTRODUCED_IN[behaviour]);
}

/**
 * The version that introduced `behaviour` (for messages and documentation).
 *
 * @example
 * ```ts
 * behaviourIntroducedIn('create_returns_201'); // '2026-03-02'
 * ```
 */
export function behaviourIntroducedIn(behaviour: VersionedBehaviour): ApiVersion {
  return INTRODUCED_IN[behaviour];
}
