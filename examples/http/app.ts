/**
 * The reference HTTP binding of fiscalkit (issue #8; DESIGN.md "Shape": thin — parse, call a use
 * case, serialize). Every request goes through the same steps, in the order the spec's errors imply:
 *
 * 1. a request log id (`X-B2B-API-Request-Id` on every response, spec §7.1);
 * 2. authentication (spec §5, the service's `authenticateApiKey`) and the rate limit per key (429 with
 *    no code, spec §7.2);
 * 3. the API version: header, else the key's group, checked against the host (`resolveVersion`, spec §9);
 * 4. a legacy (v2025-01-01) path mapped to its canonical path (`resolveLegacyPath`);
 * 5. the router (`routes/`), whose handlers call `src/service`;
 * 6. errors as `{error: {code, message, param, request_log_url, type}}` (spec §7.1), never a stack
 *    trace; the request log stored with the status and error code.
 */

import {
  API_KEY_HEADER,
  ApiError,
  type ApiVersion,
  apiErrorFromIssues,
  authenticateApiKey,
  errorBody,
  type Fiscalkit,
  isApiError,
  isStorageUnavailable,
  resolveVersion,
  type StorageUnavailableError,
  toJson,
} from 'fiscalkit';
import {
  endpointMissingMessage,
  LEGACY_API_VERSION,
  REQUEST_ID_HEADER,
  removedEndpointOf,
  requestIdHeaders,
  resolveLegacyPath,
  versionHasEndpoint,
} from 'fiscalkit/http';
import { instantFromMillis } from 'fiscalkit/model';
import { Hono } from 'hono';
import { bodyLimitFor, type RequestBodyLimit } from './bodyLimits.js';
import { publicRoute } from './publicRoutes.js';
import { type RateLimiter, tokenBucket } from './rateLimit.js';
import { registerRoutes } from './routes/index.js';
import type { HttpOptions, RequestState, RouterEnv } from './state.js';
import { bodyTooLarge } from './wire.js';

/** Largest request body by default: 10 MiB (issue #8). */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The HTTP app: a `fetch` handler, as Node (`@hono/node-server`), Bun and Deno serve it. */
export interface HttpApp {
  fetch(request: Request): Promise<Response>;
}

/** What one request answered, for its log. */
interface Outcome {
  group_id: number;
  /** The body went over the limit while a handler read it (the read then failed, whatever it said). */
  too_large: boolean;
  /** The Content-Length of a body refused unread for it (0: none was). */
  unread_bytes?: number;
  error_code: string | null;
  error_param: string | null;
}

const BATCH_PATH = /^\/accounts\/[^/]+\/tax_report_batches(?:\/|$)/;

/**
 * The HTTP binding of a fiscalkit service.
 *
 * @example
 * ```ts
 * import { serve } from '@hono/node-server';
 * const app = createHttpApp(createFiscalkit(memoryPorts()), { environment: 'sandbox', base_url: 'http://localhost:3000' });
 * serve({ fetch: app.fetch, port: 3000 });
 * ```
 */
export function createHttpApp(fiscalkit: Fiscalkit, httpOptions: HttpOptions): HttpApp {
  const options = {
    environment: httpOptions.environment,
    base_url: httpOptions.base_url.replace(/\/+$/, ''),
    max_body_bytes: httpOptions.max_body_bytes ?? DEFAULT_MAX_BODY_BYTES,
  };
  const now = httpOptions.now ?? (() => Date.now());
  const limits =
    httpOptions.rate_limit === undefined ? { capacity: 200, per_second: 100 } : httpOptions.rate_limit;
  const limiter: RateLimiter | null = limits === null ? null : tokenBucket(limits, now);
  const ports = fiscalkit.ports;

  const router = new Hono<RouterEnv>();
  registerRoutes(router);
  router.notFound((c) => {
    const request = `${c.req.method} ${c.env.original_path}`;
    // A legacy-only endpoint asked of a later version (spec §9 v2025-10-13): the 404 says it was
    // removed, and when, rather than that it never existed.
    const removed = removedEndpointOf(c.req.method, c.env.original_path);
    const message =
      removed !== null && !versionHasEndpoint(c.env.version, removed)
        ? endpointMissingMessage(c.env.version, removed, request)
        : `No such endpoint: ${request}`;
    throw new ApiError('resource_missing', message, { param: null });
  });
  router.onError((error) => {
    throw error;
  });

  async function handle(
    request: Request,
    request_id: number,
    outcome: Outcome,
    body_limit: RequestBodyLimit,
  ): Promise<[Response, ApiVersion | null]> {
    const url = new URL(request.url);
    const request_log_url = `${options.base_url}/request_logs/${String(request_id)}`;
    let version: ApiVersion | null = null;
    try {
      const open = publicRoute(request.method, url.pathname, { base_url: options.base_url, request_log_url });
      if (open !== null) return [await open(request), null];
      // Spec §5 is the service's use case; the binding reads the header into it and answers its error.
      const authentication = await authenticateApiKey(ports.keys, request.headers.get(API_KEY_HEADER), {
        environment: options.environment,
        now: ports.clock.now(),
      });
      if (!authentication.success) {
        // A known key refused (expired, another environment) still names its group: the log of the
        // refused request is that group's, not everybody's.
        if (authentication.key !== null) outcome.group_id = authentication.key.group ?? 0;
        throw authentication.error;
      }
      const { key, group } = authentication;
      outcome.group_id = group.id;
      const wait = limiter?.take(key.key) ?? 0;
      if (wait > 0) {
        outcome.error_code = 'rate_limited';
        return [rateLimited(wait, request_log_url), null];
      }
      const resolved = resolveVersion({
        header: request.headers.get('X-B2B-API-Version'),
        groupVersion: group.api_version,
        // Spec §9 rule 3 judges the host the client called: behind a trusted proxy it arrives in
        // X-Forwarded-Host; otherwise that header is the client's to forge and is not read.
        host:
          (httpOptions.trust_proxy === true ? request.headers.get('x-forwarded-host') : null) ??
          request.headers.get('host') ??
          url.host,
        endpoint: BATCH_PATH.test(url.pathname) ? 'tax_report_batches' : null,
        hosts: httpOptions.hosts,
      });
      // The error keeps the rule that refused the version (spec §9), for the request log.
      if (!resolved.success) throw apiErrorFromIssues(resolved.issues);
      version = resolved.data;
      let path = `${url.pathname}${url.search}`;
      if (version === LEGACY_API_VERSION) {
        const legacy = resolveLegacyPath(request.method, path);
        if (!legacy.ok) throw new ApiError(legacy.code, legacy.message, { param: null });
        path = legacy.path;
      }
      // A body declared larger than the endpoint takes is refused before anything reads it (issue
      // #24); the server then discards it as it arrives.
      if (outcome.too_large) throw bodyTooLarge(body_limit.max_bytes);
      const state: RequestState = {
        fiscalkit,
        options:
          body_limit.max_bytes === options.max_body_bytes
            ? options
            : { ...options, max_body_bytes: body_limit.max_bytes },
        body_limit,
        caller: { group_id: group.id, api_version: version },
        version,
        request_id,
        request_log_url,
        original_path: url.pathname,
      };
      // A new Request only for a mapped legacy path (building one costs as much as routing).
      const routed =
        path === `${url.pathname}${url.search}` ? request : new Request(new URL(path, url.origin), request);
      return [await router.fetch(routed, state), version];
    } catch (error) {
      const cause = outcome.too_large ? bodyTooLarge(body_limit.max_bytes) : error;
      return [errorResponse(cause, request_log_url, outcome), version];
    }
  }

  /**
   * Stores a request log. The database may go away between the answer and its log (issue #24): the
   * answer still goes out, and the log is the one thing lost — said on the console, not hidden.
   */
  async function logRequest(log: Parameters<typeof ports.store.requestLogs.insert>[0]): Promise<boolean> {
    try {
      await ports.store.requestLogs.insert(log);
      return true;
    } catch (error) {
      if (!isStorageUnavailable(error)) throw error;
      console.error(`fiscalkit http: request log ${String(log.id)} not stored: the database is unreachable`);
      return false;
    }
  }

  return {
    async fetch(request) {
      const started = ports.clock.now();
      let request_id: number;
      try {
        request_id = await ports.ids.next('request_log');
      } catch (error) {
        // No request log can be made while the database is away (issue #24): the 503 says so, and
        // carries no request id, since none was given out.
        if (isStorageUnavailable(error)) return storageUnavailable(error, null);
        throw error;
      }
      const outcome: Outcome = { group_id: 0, error_code: null, error_param: null, too_large: false };
      const body_limit = bodyLimitFor(request.method, new URL(request.url).pathname, options.max_body_bytes);
      const [response, version] = await handle(
        capped(request, body_limit.max_bytes, outcome),
        request_id,
        outcome,
        body_limit,
      );
      // A body refused by its Content-Length is still on its way: read and dropped (never held), so
      // that a client that sends it all before reading gets its 413 rather than a reset connection.
      if ((outcome.unread_bytes ?? 0) > 0) await discard(request, outcome.unread_bytes ?? 0);
      const headers = new Headers(response.headers);
      // Downloads (logos, attachments, tax authority XML) are the client's own bytes: a browser must
      // never sniff them into HTML or run a script in them (an SVG logo) on the API's origin.
      headers.set('X-Content-Type-Options', 'nosniff');
      headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
      // A body refused before it was read in full (413) leaves the rest of it on the connection, which
      // the server then drops: the client must not send its next request there (issue #24's fuzz run
      // found clients whose next request met a closed keep-alive connection).
      if (response.status === 413) headers.set('Connection', 'close');
      const url = new URL(request.url);
      if (outcome.error_code === null && response.status >= 400) outcome.error_code = 'http_error';
      const logged = await logRequest({
        id: request_id,
        group_id: outcome.group_id,
        method: request.method,
        path: `${url.pathname}${url.search}`.slice(0, 2048),
        status: response.status,
        api_version: version,
        error_code: outcome.error_code,
        error_param: outcome.error_param,
        created_at: instantFromMillis(started),
      });
      // The header names a stored request log (spec §7.1): one the database could not take is not named.
      if (logged)
        for (const name of version === null ? [REQUEST_ID_HEADER] : requestIdHeaders(version))
          headers.set(name, String(request_id));
      return new Response(response.body, { status: response.status, headers });
    },
  };
}

/**
 * The request with its body stream capped at `max` bytes, so that no handler buffers more than the
 * limit, whatever it reads with (`arrayBuffer`, `formData`, `text`) and whether or not the client
 * sent a Content-Length (a chunked body has none). Going over makes the read fail and marks the
 * outcome, which turns whatever error the handler then throws into 413. A body declared larger than
 * `max` is marked at once and left unread (`handle` refuses it before routing; issue #24: four 10 MB
 * bodies to `POST /accounts` were read and parsed in full before their 400).
 */
function capped(request: Request, max: number, outcome: Outcome): Request {
  // Headers first: reading `request.body` makes @hono/node-server build a web stream for a body it
  // would otherwise hand over in one piece, which costs more than the rest of a small request.
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN); // money-safe: bytes
  if (Number.isFinite(declared) && declared <= max) return request;
  if (Number.isFinite(declared)) {
    outcome.too_large = true;
    outcome.unread_bytes = declared;
    return request;
  }
  if (request.body === null) return request;
  let seen = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength; // money-safe: a byte count
        if (seen > max) {
          outcome.too_large = true;
          controller.error(bodyTooLarge(max));
        } else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request, { body, duplex: 'half' } as RequestInit);
}

/** The most bytes of a refused body {@link discard} reads; a client sending more is cut off. */
const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/**
 * Reads a refused body chunk by chunk and drops each chunk (issue #24: memory stays flat), up to its
 * declared length and at most {@link MAX_DISCARDED_BYTES}. A server that answers and closes while the
 * client is still sending resets the connection, and the client's TCP stack then drops the answer it
 * had received; @hono/node-server drains a body for 500 ms at most, which four concurrent 10 MB
 * uploads outlast on a busy machine.
 */
async function discard(request: Request, declared: number): Promise<void> {
  if (declared > MAX_DISCARDED_BYTES || request.body === null) return;
  const reader = request.body.getReader();
  // A client that sends slowly is not waited for past DISCARD_TIMEOUT_MS: it gets its 413 and the
  // connection is closed (Connection: close on every 413).
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DISCARD_TIMEOUT_MS);
  });
  const drained = (async () => {
    for (;;) if ((await reader.read()).done) return;
  })();
  try {
    await Promise.race([drained, late]);
  } catch {
    // The client went away: nothing is left to read.
  } finally {
    clearTimeout(timer);
    drained.catch(() => undefined);
    reader.cancel().catch(() => undefined);
  }
}

/** How long {@link discard} waits for the rest of a refused body. */
const DISCARD_TIMEOUT_MS = 10_000;

/** The error response of spec §7.1; anything that is not an `ApiError` is a bug and answers 500. */
function errorResponse(error: unknown, request_log_url: string, outcome: Outcome): Response {
  if (isStorageUnavailable(error)) {
    outcome.error_code = 'service_unavailable';
    // The request log is written to the database that is away: most likely it will not be there, so
    // the answer does not point at it (its id goes out in the header only if it was stored after all).
    return storageUnavailable(error, null);
  }
  if (!isApiError(error)) {
    console.error('fiscalkit http: unexpected error', error);
    outcome.error_code = 'internal_error';
    return json(500, {
      error: {
        code: null,
        message: 'Internal error: the request log has the details of the request',
        param: null,
        request_log_url,
        type: 'api_error',
      },
    });
  }
  outcome.error_code = error.code;
  outcome.error_param = error.param;
  return json(error.status, errorBody(error, { requestLogUrl: request_log_url }));
}

/**
 * 503 `service_unavailable` while the database is away (issue #24), with `Retry-After` in whole
 * seconds (at least 1) from the storage's next connection attempt; the request may be sent again as
 * it is. A write that failed this way may or may not have been stored: the client retries it as any
 * request whose answer it never saw.
 */
function storageUnavailable(error: StorageUnavailableError, request_log_url: string | null): Response {
  const response = json(503, {
    error: {
      code: 'service_unavailable',
      message:
        'The service is briefly unavailable (its database is unreachable): retry after Retry-After seconds',
      param: null,
      request_log_url,
      type: 'invalid_request_error',
    },
  });
  // money-safe: whole seconds from milliseconds, rounded up.
  response.headers.set('Retry-After', String(Math.max(1, Math.ceil(error.retry_after_ms / 1000))));
  return response;
}

/** 429 with no code (spec §7.2), and when to try again (RFC 9110 `Retry-After`). */
function rateLimited(wait: number, request_log_url: string): Response {
  const response = json(429, {
    error: {
      code: null,
      message: 'Rate limit exceeded: retry later with exponential backoff',
      param: null,
      request_log_url,
      type: 'invalid_request_error',
    },
  });
  response.headers.set('Retry-After', String(wait));
  return response;
}

function json(status: number, body: unknown): Response {
  return new Response(toJson(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
