/**
 * The routes served without an API key: the OpenAPI documents (`GET /openapi.json`, issue #8). They
 * need no key on purpose: a client generates its SDK from the document before it has a key (and a
 * document holds nothing of any tenant). `app.ts` asks {@link publicRoute} before authenticating.
 *
 * - `GET /openapi.json`: the document of the version named by `?version=` (`2026-04-20` or
 *   `v2026-04-20`), else by the `X-B2B-API-Version` header (what the client's other requests send),
 *   else the newest version's.
 * - `GET /openapi/{version}.json`: the document of that version.
 *
 * An unknown version is 400 `invalid_api_version` with the error body of spec §7.1. The documents
 * come from `src/openapi` (`openApiDocument`), the same ones `npm run openapi` writes.
 */
import { type OpenApiDocument, openApiDocument } from '../../src/openapi/openApiDocument.js';
import {
  API_VERSIONS,
  type ApiVersion,
  LATEST_API_VERSION,
  parseApiVersion,
} from '../../src/versions/apiVersion.js';

/** A handler of a public route. */
export type PublicHandler = (request: Request) => Promise<Response>;

const VERSION_HEADER = 'X-B2B-API-Version';
const VERSIONED_DOCUMENT = /^\/openapi\/([^/]+)\.json$/;

/**
 * The documents without `servers`, built once per version: building one takes tens of milliseconds,
 * and it depends on nothing but the version (`openApiDocument` is deterministic). The server URL is
 * added per request, so a spoofed `Host` cannot grow this cache.
 */
const DOCUMENTS = new Map<ApiVersion, OpenApiDocument>();

function documentOf(version: ApiVersion, server_url: string): OpenApiDocument {
  let document = DOCUMENTS.get(version);
  if (document === undefined) {
    document = openApiDocument(version);
    DOCUMENTS.set(version, document);
  }
  const { openapi, info, ...rest } = document;
  return { openapi, info, servers: [{ url: server_url, description: 'This fiscalkit server' }], ...rest };
}

/**
 * The base URL the client called: the request's own origin, or the one a proxy names in
 * `X-Forwarded-Proto` / `X-Forwarded-Host` (as `app.ts` reads the host for spec §9 rule 3), so that
 * an SDK generated behind a proxy calls the public address.
 */
function serverUrl(request: Request): string {
  const url = new URL(request.url);
  const first = (value: string | null) => value?.split(',')[0]?.trim() || null;
  const proto = first(request.headers.get('x-forwarded-proto')) ?? url.protocol.replace(/:$/, '');
  const host = first(request.headers.get('x-forwarded-host')) ?? request.headers.get('host') ?? url.host;
  return `${proto}://${host}`;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** 400 `invalid_api_version` (spec §7.2) with the error body of spec §7.1. */
function invalidVersion(value: string, param: string | null): Response {
  return json(400, {
    error: {
      code: 'invalid_api_version',
      message: `${JSON.stringify(value.slice(0, 40))} is not an API version: use one of ${API_VERSIONS.join(', ')}`,
      param,
      request_log_url: null,
      type: 'invalid_request_error',
    },
  });
}

/** Answers the document of a version named by `value` (a query, path or header value). */
function answer(request: Request, value: string | null, param: string | null): Response {
  const version = value === null ? LATEST_API_VERSION : parseApiVersion(value);
  if (version === null) return invalidVersion(value ?? '', param);
  return json(200, documentOf(version, serverUrl(request)), {
    // Public and the same for every caller: a browser tool (an API explorer on another origin) may
    // fetch it, and a client may keep it a while.
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'public, max-age=300',
  });
}

/**
 * The handler of a public route, or null when `method path` needs a key.
 *
 * @example
 * ```ts
 * publicRoute('GET', '/openapi.json'); // a handler
 * publicRoute('GET', '/accounts'); // null
 * ```
 */
export function publicRoute(method: string, path: string): PublicHandler | null {
  if (method !== 'GET') return null;
  if (path === '/openapi.json')
    return async (request) => {
      const query = new URL(request.url).searchParams.get('version');
      if (query !== null && query !== '') return answer(request, query, 'version');
      const header = request.headers.get(VERSION_HEADER)?.trim();
      return answer(request, header === undefined || header === '' ? null : header, null);
    };
  const match = VERSIONED_DOCUMENT.exec(path);
  if (match !== null) {
    const raw = match[1] ?? '';
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A malformed escape names no version: answered as the unknown version it is.
    }
    return async (request) => answer(request, value, 'version');
  }
  return null;
}
