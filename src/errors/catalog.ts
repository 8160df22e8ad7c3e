/**
 * The service's error catalog (spec §7.2): every `error.code`, its HTTP status and its cause.
 *
 * `rate_limited` stands for the spec's "(no code) · 429": it is fiscalkit's internal name for that
 * row, and error bodies write `code: null` for it, as the service does (spec §7.2, api-notes.md §11).
 * `unsupported_type` only ever appears per record in a tax report batch (spec §4.1 rule 3); its 422
 * is what a single-record endpoint would answer.
 */
export const ERROR_CATALOG = {
  unauthorized: { status: 401, cause: 'Missing or invalid key, or key of another environment' },
  missing_api_key: { status: 401, cause: 'Key header absent' },
  invalid_api_key: { status: 401, cause: 'Key not valid' },
  expired_api_key: { status: 401, cause: 'Key expired' },
  no_account_group: { status: 403, cause: 'Valid key, no group or permissions linked' },
  resource_missing: { status: 404, cause: 'Resource does not exist or is not accessible in the tenant' },
  invalid_request_params: { status: 400, cause: 'Malformed JSON, wrong types, unexpected structure' },
  invalid_api_version: { status: 400, cause: 'Requested version not supported' },
  missing_api_version: {
    status: 400,
    cause: 'Version given neither in header nor in the group configuration',
  },
  api_version_subdomain_mismatch: {
    status: 400,
    cause: 'Host does not match the requested or key-associated version',
  },
  parameter_blank: { status: 422, cause: 'Required field missing or blank' },
  parameter_empty: { status: 422, cause: 'Required field missing or blank' },
  parameter_inclusion: { status: 422, cause: 'Value outside the permitted catalogue' },
  parameter_taken: { status: 422, cause: 'A unique value already exists' },
  parameter_cannot_change: { status: 422, cause: 'Edit of an immutable field' },
  parameter_invalid: { status: 422, cause: 'Invalid value' },
  conflict: { status: 409, cause: 'Current resource state rejects the operation' },
  unsupported_type: { status: 422, cause: 'Non-SII type in a tax report batch (per record)' },
  rate_limited: { status: 429, cause: 'Rate limit exceeded (no code on the wire)' },
  /**
   * fiscalkit's: a request body over the server's limit (issue #8: over 10 MB). The spec lists no
   * code for it; a client must still get an error body, and 413 is HTTP's status for it (RFC 9110
   * §15.5.14).
   */
  request_too_large: { status: 413, cause: 'Request body over the size limit' },
  /**
   * fiscalkit's: the storage is away for a moment (issue #24: a database restart). The spec lists
   * no code for it; 503 with `Retry-After` is HTTP's way to say "the same request may succeed
   * later" (RFC 9110 §15.6.4), and the request may be retried as it is.
   */
  service_unavailable: { status: 503, cause: 'Storage briefly unreachable: retry after Retry-After' },
} as const satisfies Record<string, { status: number; cause: string }>;

/** An error code of the catalog (spec §7.2). */
export type ErrorCode = keyof typeof ERROR_CATALOG;

/** The one error `type` the service uses (spec §7.1). */
export const ERROR_TYPE = 'invalid_request_error';

/**
 * The HTTP status of an error code (spec §7.2).
 *
 * @example
 * ```ts
 * errorStatus('parameter_invalid'); // 422
 * errorStatus('resource_missing'); // 404
 * ```
 */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOG[code].status;
}

/**
 * Whether a string is one of the catalog's error codes.
 *
 * @example
 * ```ts
 * isErrorCode('conflict'); // true
 * isErrorCode('teapot'); // false
 * ```
 */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOG, code);
}
