/**
 * `fiscalkit/http`: what a binding needs beyond the request cycle of the root entry point
 * (docs/public-api.md) — the wire protocol of each API version (status codes, headers, which endpoints
 * and list filters a version has, legacy v2025-01-01 paths, wrapper names), list queries and their
 * filters, JSON body limits, the tenancy checks a route makes before it reads a body, the uploads a
 * route decodes, and the OpenAPI document. The reference binding (`examples/http`) is built from it
 * and the root entry point alone; a binding on another framework or transport needs nothing else.
 *
 * @module
 */

// ─── List queries: paging, filters, Ransack `q[…]` (spec §4) ─────────────────────────────────────
export {
  DEFAULT_PAGE_LIMIT,
  INVOICE_EXPANDABLE_FIELDS,
  type InvoiceExpandableField,
  type InvoiceListQuery,
  type ListQuery,
  ListQuerySchema,
  MAX_PAGE_LIMIT,
  parseInvoiceInclude,
  parseInvoiceListQuery,
  parseListQuery,
  parseQueryFlag,
} from '../model/listQuery.js';
export {
  type ConditionValue,
  type FieldPath,
  type RecordCondition,
  recordMatches,
  valueAt,
} from '../model/recordFilter.js';
export type { JsonSchema } from '../openapi/jsonSchema.js';
export { type OpenApiDocument, type OpenApiOptions, openApiDocument } from '../openapi/openApiDocument.js';
// ─── Routes: tenancy before the body is read, every record of an account, uploads ────────────────
export {
  attachmentUploadsFromJson,
  checkedAttachmentUpload,
  MAX_ATTACHMENTS_PER_REQUEST,
  type RawAttachment,
} from '../service/invoiceAttachments.js';
export { invoiceListQuery, updatedAtInstant } from '../service/invoiceListQuery.js';
export { listAll } from '../service/listAll.js';
export { ownedRecord, requireOwnedAccount, resourceMissing } from '../service/tenancy.js';
// ─── The protocol of each version (spec §7, §9) ──────────────────────────────────────────────────
export { behaviourIntroducedIn, type VersionedBehaviour, versionHas } from '../versions/behaviours.js';
export { canonicalEventKind, eventKindName } from '../versions/eventKinds.js';
export { type HostKind, hostKind, SERVICE_HOSTS, type ServiceHosts } from '../versions/hosts.js';
export {
  DEPTH_ONLY_JSON_LIMITS,
  type JsonLimits,
  jsonLimitIssue,
  MAX_JSON_DEPTH,
} from '../versions/jsonLimits.js';
export { decodeJsonTree, encodeJsonTree } from '../versions/jsonTransfer.js';
export {
  canonicalPath,
  LEGACY_CODE_LISTS,
  type LegacyPathResult,
  legacyPath,
  removedEndpointOf,
  resolveLegacyPath,
  SEND_TAX_REPORT_REFUSAL,
} from '../versions/legacyPaths.js';
export {
  contactListConditions,
  INVOICE_STATE_FLAGS,
  listQueryConditions,
  PAGE_PARAMS,
  parseQueryFilter,
  QUERY_FIELDS,
  type QueryField,
  type QueryList,
  type QueryValueKind,
  queryConditions,
  unknownListParams,
  versionHasQueryFilter,
} from '../versions/listFilters.js';
export {
  createdStatus,
  DEPRECATED_INVOICE_STATUS_FILTERS,
  effectiveContactId,
  endpointMissingMessage,
  INVOICE_STATUS_FILTERS,
  type InvoiceListFilterSupport,
  type InvoiceStatusFilter,
  invoiceListFilterSupport,
  LEGACY_REQUEST_ID_HEADER,
  listResponseHasMeta,
  REMOVED_INVOICE_STATUS_FILTERS,
  REQUEST_ID_HEADER,
  requestIdHeaders,
  taxReportDocumentTypeCode,
  VERSIONED_ENDPOINTS,
  type VersionedEndpoint,
  versionHasEndpoint,
  wrapperNames,
  writeResponseHasBody,
  writeStatus,
} from '../versions/protocol.js';
export { BATCH_DEFAULT_API_VERSION, LEGACY_API_VERSION } from '../versions/resolveVersion.js';
export { KINDS, type KindShape, RESOURCE_KINDS } from '../versions/resourceKind.js';
