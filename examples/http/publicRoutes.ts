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
import { API_VERSIONS, type ApiVersion, LATEST_API_VERSION, parseApiVersion } from 'fiscalkit';
import { type OpenApiDocument, openApiDocument } from 'fiscalkit/http';

/** A handler of a public route. */
export type PublicHandler = (request: Request) => Promise<Response>;

/** What a public route knows of the server and the request. */
export interface PublicRouteContext {
  /** The configured public base URL: the document's `servers` (never a request header, which a client could forge into a cached answer). */
  base_url: string;
  /** This request's log (spec §7.1 `request_log_url`). */
  request_log_url: string;
}

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

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** 400 `invalid_api_version` (spec §7.2) with the error body of spec §7.1. */
function invalidVersion(value: string, param: string | null, request_log_url: string): Response {
  return json(400, {
    error: {
      code: 'invalid_api_version',
      message: `${JSON.stringify(value.slice(0, 40))} is not an API version: use one of ${API_VERSIONS.join(', ')}`,
      param,
      request_log_url,
      type: 'invalid_request_error',
    },
  });
}

/** Answers the document of a version named by `value` (a query, path or header value). */
function answer(value: string | null, param: string | null, context: PublicRouteContext): Response {
  const version = value === null ? LATEST_API_VERSION : parseApiVersion(value);
  if (version === null) return invalidVersion(value ?? '', param, context.request_log_url);
  return json(200, documentOf(version, context.base_url), {
    // Public: a browser tool (an API explorer on another origin) may fetch it, and a client or a
    // cache may keep it a while — per version header, which picks the document when no query does.
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'public, max-age=300',
    Vary: VERSION_HEADER,
  });
}

/**
 * The handler of a public route, or null when `method path` needs a key.
 *
 * @example
 * ```ts
 * const context = { base_url: 'https://api.example.com', request_log_url: 'https://api.example.com/request_logs/1' };
 * publicRoute('GET', '/openapi.json', context); // a handler
 * publicRoute('GET', '/accounts', context); // null
 * ```
 */
export function publicRoute(method: string, path: string, context: PublicRouteContext): PublicHandler | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (path === '/openapi.json')
    return async (request) => {
      const query = new URL(request.url).searchParams.get('version');
      if (query !== null && query !== '') return answer(query, 'version', context);
      const header = request.headers.get(VERSION_HEADER)?.trim();
      return answer(header === undefined || header === '' ? null : header, null, context);
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
    return async () => answer(value, 'version', context);
  }
  return null;
}
