import type { Validated } from '../errors/validationIssue.js';
import { type ApiVersion, parseApiVersion } from './apiVersion.js';
import { hostKind, SERVICE_HOSTS, type ServiceHosts } from './hosts.js';

/** The legacy version, served on the application host only (spec §9 rule 2, §9 rule 3). */
export const LEGACY_API_VERSION: ApiVersion = '2025-01-01';

/** The version the batch endpoint uses when none is given (spec §4.1 rule 5; api-notes.md §12). */
export const BATCH_DEFAULT_API_VERSION: ApiVersion = '2026-06-26';

/** What version resolution reads from a request. */
export interface VersionRequest {
  /** The `X-B2B-API-Version` header, if sent. */
  header?: string | null | undefined;
  /** The version configured on the API key's group (spec §5 rule 5), if any. */
  groupVersion?: string | null | undefined;
  /** The request's `Host`. */
  host?: string | null | undefined;
  /** `tax_report_batches` for the batch endpoint, which has a default version; anything else otherwise. */
  endpoint?: string | null | undefined;
  /** The hosts of each kind; default the public service's. */
  hosts?: ServiceHosts | undefined;
}

/**
 * The API version of a request (spec §9):
 * 1. the `X-B2B-API-Version` header (with or without the `v`), else the version of the key's group;
 *    neither → `400 missing_api_version`, except on the batch endpoint, which defaults to 2026-06-26
 *    (spec §4.1 rule 5);
 * 2. a value that is not a version of spec §9 → `400 invalid_api_version` (a header that is present
 *    but blank counts as absent);
 * 3. the legacy version on an API host, or a newer one on the application host →
 *    `400 api_version_subdomain_mismatch` (rule 3). Hosts that are neither skip this check.
 *
 * @example
 * ```ts
 * resolveVersion({ header: 'v2026-04-20', host: 'api.b2brouter.net' }); // { success: true, data: '2026-04-20' }
 * resolveVersion({ header: '2025-01-01', host: 'api.b2brouter.net' }).success; // false: subdomain mismatch
 * ```
 */
export function resolveVersion(request: VersionRequest): Validated<ApiVersion> {
  const given = [request.header, request.groupVersion].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  let version: ApiVersion | null;
  if (given === undefined) {
    if (request.endpoint !== 'tax_report_batches')
      return fail(
        'spec.9.1',
        'missing_api_version',
        'No API version: send the X-B2B-API-Version header or configure a version on the API key group',
      );
    version = BATCH_DEFAULT_API_VERSION;
  } else {
    version = parseApiVersion(given);
    if (version === null)
      return fail(
        'spec.9.1',
        'invalid_api_version',
        `API version ${JSON.stringify(given.slice(0, 40))} is not supported`,
      );
  }
  const kind = hostKind(request.host, request.hosts ?? SERVICE_HOSTS);
  if (
    (kind === 'api' && version === LEGACY_API_VERSION) ||
    (kind === 'application' && version !== LEGACY_API_VERSION)
  )
    return fail(
      'spec.9.3',
      'api_version_subdomain_mismatch',
      version === LEGACY_API_VERSION
        ? `Version ${version} is served on the application host (app / app-staging), not ${String(request.host)}`
        : `Version ${version} is served on the API host (api / api-staging), not ${String(request.host)}`,
    );
  return { success: true, data: version };
}

function fail(
  rule: string,
  code: 'missing_api_version' | 'invalid_api_version' | 'api_version_subdomain_mismatch',
  message: string,
): Validated<ApiVersion> {
  return { success: false, issues: [{ rule, code, param: '', message }] };
}
