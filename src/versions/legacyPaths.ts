import type { VersionedEndpoint } from './protocol.js';

/*
 * The legacy v2025-01-01's paths and the canonical (v2025-10-13 and later) paths that serve the same
 * requests (spec §9 "Changes in v2025-10-13"; api-notes.md §3.1). The HTTP binding maps a legacy
 * request's path with `resolveLegacyPath` before routing, and writes legacy paths (a `Location`
 * header, a status URL) with `legacyPath`.
 */

/** The code lists that lived under `/users` (spec §4.8, §9: "`/users` prefix dropped from code lists"). */
export const LEGACY_CODE_LISTS = [
  'countries',
  'currencies',
  'languages',
  'schemes',
  'invoice_states',
] as const;

/** How a legacy path was resolved. */
export type LegacyPathResult =
  | { ok: true; path: string }
  | {
      ok: false;
      status: 400 | 404;
      code: 'invalid_request_params' | 'resource_missing';
      message: string;
    };

/**
 * Why a legacy `send_tax_report` is refused (400 `invalid_request_params`). The endpoint exists in
 * v2025-01-01 (spec §9 removed it only in v2025-10-13), so a 404 would wrongly say that something is
 * missing; but fiscalkit has no request that sends a tax report to a tax authority (a Ksef report is
 * not submitted; an SII report reaches AEAT with its ledger, which the service's host submits), and
 * answering success would pretend a submission happened. The request cannot succeed in any form:
 * hence a 400 that says so, never retried by a client (spec §7.2 has no "not implemented" code).
 */
export const SEND_TAX_REPORT_REFUSAL =
  "send_tax_report is not served by fiscalkit: no request sends a tax report to the tax authority (an SII report is sent with its ledger by the service); read the report's state instead";

const CODE_LISTS: ReadonlySet<string> = new Set(LEGACY_CODE_LISTS);

function splitQuery(path: string): [string, string] {
  const at = path.indexOf('?');
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

function joined(segments: readonly string[], query: string): string {
  return `/${segments.join('/')}${query}`;
}

const missing = (message: string): LegacyPathResult => ({
  ok: false,
  status: 404,
  code: 'resource_missing',
  message,
});

/**
 * The canonical path serving a legacy v2025-01-01 request `method path` (spec §9 v2025-10-13; the
 * query string is kept):
 *
 * - a `.json` suffix is dropped (the legacy `.{format}` suffix; v2025-10-13 is JSON only);
 * - an `.xml` suffix → `400 invalid_request_params`: fiscalkit writes no XML representation of its
 *   resources. 400, not 404, because the resource may well exist: the client can fix the request by
 *   asking for JSON (the catalogue of spec §7.2 has no 406);
 * - the `/api/v1` prefix is dropped (directory and tax report paths);
 * - `/projects/{account}/clients` → `/accounts/{account}/contacts`, `/projects/{account}/clients/{id}…`
 *   → `/contacts/{id}…` (spec §4.5: a contact's own routes are not nested), `/projects/{account}…` →
 *   `/accounts/{account}…`, `/clients/{id}…` → `/contacts/{id}…`;
 * - `GET /users/channels` → `GET /transport_types`; `GET /users/{list}` → `GET /{list}` for the code
 *   lists of {@link LEGACY_CODE_LISTS};
 * - endpoints v2025-10-13 removed: `GET /projects` and `GET /projects/{account}/my_company` are served
 *   by their successors `GET /accounts` and `GET /accounts/{account}` (the account is what the
 *   legacy project and company were); `tax_reports/{id}/as/{document_type_code}` keeps its path (the
 *   binding serves the report's tax authority document there, the newer `download`); any
 *   `send_tax_report` path is `400 invalid_request_params` ({@link SEND_TAX_REPORT_REFUSAL}).
 *
 * Anything else is returned unchanged (`/invoices/{id}` is the same in every version). Whether the
 * resulting endpoint exists in the legacy version is `versionHasEndpoint`'s question.
 *
 * @example
 * ```ts
 * resolveLegacyPath('GET', '/projects/acme/clients.json?offset=25');
 * // { ok: true, path: '/accounts/acme/contacts?offset=25' }
 * resolveLegacyPath('GET', '/invoices/42.xml').ok; // false: 400 invalid_request_params
 * ```
 */
export function resolveLegacyPath(method: string, path: string): LegacyPathResult {
  const verb = method.trim().toUpperCase();
  const [pathname, query] = splitQuery(path);
  let segments = segmentsOf(pathname);
  const last = segments[segments.length - 1];
  if (last !== undefined) {
    const format = /\.(json|xml)$/i.exec(last);
    if (format?.[1]?.toLowerCase() === 'xml')
      return {
        ok: false,
        status: 400,
        code: 'invalid_request_params',
        message: 'XML representations are not served: drop the .xml suffix (responses are JSON)',
      };
    if (format !== null) {
      const stem = last.slice(0, -format[0].length);
      segments = stem === '' ? segments.slice(0, -1) : [...segments.slice(0, -1), stem];
    }
  }
  if (segments[0] === 'api' && segments[1] === 'v1') segments = segments.slice(2);

  if (segments.includes('send_tax_report'))
    return { ok: false, status: 400, code: 'invalid_request_params', message: SEND_TAX_REPORT_REFUSAL };

  const [head, second, third, ...rest] = segments;
  if (head === 'projects') {
    if (second === undefined) return { ok: true, path: joined(['accounts'], query) };
    if (third === 'my_company') {
      if (verb !== 'GET' || rest.length > 0) return missing(`No such endpoint: ${verb} ${pathname}`);
      return { ok: true, path: joined(['accounts', second], query) };
    }
    // A single contact lives at /contacts/{id} (spec §4.5), not under its account.
    if (third === 'clients' && rest.length > 0)
      return { ok: true, path: joined(['contacts', ...rest], query) };
    const tail = third === undefined ? [] : [third === 'clients' ? 'contacts' : third, ...rest];
    return { ok: true, path: joined(['accounts', second, ...tail], query) };
  }
  if (head === 'clients') return { ok: true, path: joined(['contacts', ...segments.slice(1)], query) };
  if (head === 'users' && second !== undefined && third === undefined) {
    if (second === 'channels')
      return verb === 'GET'
        ? { ok: true, path: joined(['transport_types'], query) }
        : missing(`No such endpoint: ${verb} ${pathname}`);
    if (CODE_LISTS.has(second)) return { ok: true, path: joined([second], query) };
  }
  return { ok: true, path: joined(segments, query) };
}

/**
 * The legacy-only endpoint (spec §9 v2025-10-13 removals) a request `method path` aims at, in any of
 * its spellings (with or without the `/api/v1` prefix and a `.json` suffix), or null. A later version
 * routes none of them, and answers them with a 404 that names the version that removed them
 * (`endpointMissingMessage`) instead of the bare "no such endpoint":
 *
 * - any path with a `send_tax_report` segment (the spec shows no path for it);
 * - `tax_reports/{id}/as/{document_type_code}`;
 * - `GET /projects` and `GET /projects/{account}/my_company`.
 *
 * @example
 * ```ts
 * removedEndpointOf('POST', '/api/v1/tax_reports/7/send_tax_report'); // 'legacy.send_tax_report'
 * removedEndpointOf('GET', '/tax_reports/7/as/xml.sii'); // 'legacy.tax_report_as_document_type'
 * removedEndpointOf('GET', '/accounts'); // null
 * ```
 */
export function removedEndpointOf(method: string, path: string): VersionedEndpoint | null {
  const verb = method.trim().toUpperCase();
  let segments = segmentsOf(splitQuery(path)[0]);
  const last = segments[segments.length - 1];
  if (last !== undefined && /\.json$/i.test(last))
    segments = [...segments.slice(0, -1), last.slice(0, -'.json'.length)].filter((segment) => segment !== '');
  if (segments[0] === 'api' && segments[1] === 'v1') segments = segments.slice(2);
  if (segments.includes('send_tax_report')) return 'legacy.send_tax_report';
  const [head, second, third, fourth, ...rest] = segments;
  if (
    head === 'tax_reports' &&
    second !== undefined &&
    third === 'as' &&
    fourth !== undefined &&
    rest.length === 0
  )
    return 'legacy.tax_report_as_document_type';
  if (verb !== 'GET' || head !== 'projects') return null;
  if (second === undefined) return 'legacy.projects.index';
  if (third === 'my_company' && fourth === undefined) return 'legacy.projects.my_company';
  return null;
}

/**
 * The canonical path for a legacy request, or null when the legacy path cannot be served (an `.xml`
 * suffix, `send_tax_report`); {@link resolveLegacyPath} says why.
 *
 * @example
 * ```ts
 * canonicalPath('GET', '/users/channels'); // '/transport_types'
 * canonicalPath('POST', '/api/v1/tax_reports/send_tax_report'); // null: 400, not served
 * ```
 */
export function canonicalPath(method: string, legacyPath: string): string | null {
  const result = resolveLegacyPath(method, legacyPath);
  return result.ok ? result.path : null;
}

/**
 * The legacy v2025-01-01 path of a canonical path, the reverse of {@link resolveLegacyPath} for the
 * paths it produces: `/accounts…` → `/projects…`, `/accounts/{account}/contacts…` →
 * `/projects/{account}/clients…`, `/contacts…` → `/clients…`, `GET /transport_types` →
 * `GET /users/channels`, `GET /{list}` → `GET /users/{list}` for the code lists, and the `/api/v1`
 * prefix back on directory and tax report paths. Written without a format suffix (the legacy version
 * accepts paths without one). Other paths are the same in both versions.
 *
 * @example
 * ```ts
 * legacyPath('GET', '/accounts/acme/contacts'); // '/projects/acme/clients'
 * legacyPath('GET', '/countries'); // '/users/countries'
 * ```
 */
export function legacyPath(method: string, path: string): string {
  const verb = method.trim().toUpperCase();
  const [pathname, query] = splitQuery(path);
  const segments = segmentsOf(pathname);
  const [head, second, third, ...rest] = segments;
  if (head === 'accounts') {
    if (second === undefined) return joined(['projects'], query);
    const tail = third === undefined ? [] : [third === 'contacts' ? 'clients' : third, ...rest];
    return joined(['projects', second, ...tail], query);
  }
  if (head === 'contacts') return joined(['clients', ...segments.slice(1)], query);
  if (verb === 'GET' && segments.length === 1 && head === 'transport_types')
    return joined(['users', 'channels'], query);
  if (verb === 'GET' && segments.length === 1 && head !== undefined && CODE_LISTS.has(head))
    return joined(['users', head], query);
  if (head === 'directory' || head === 'tax_reports') return joined(['api', 'v1', ...segments], query);
  return joined(segments, query);
}
