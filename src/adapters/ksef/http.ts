/**
 * The HTTP calls of the KSeF 2.0 client (the published OpenAPI of `api.ksef.mf.gov.pl/v2`,
 * CIRFMF/ksef-docs `open-api.json`): JSON in, JSON or XML out, a timeout on every call, and the
 * failures mapped onto the port's `TaxAuthorityError` — retryable when trying again can help (the
 * network, HTTP 5xx, HTTP 429 `Retry-After`), not when KSeF refused the request (any other 4xx).
 */
import { TaxAuthorityError } from '../../ports.js';

/**
 * What a KSeF call failed with: the HTTP status (0 when none came), KSeF's exception codes, the
 * `Retry-After` it asked for. A `TaxAuthorityError`, so the port's callers need not know it.
 *
 * @example
 * ```ts
 * throw new KsefRequestError('KSeF answered POST /sessions/online with HTTP 503', true, 503);
 * ```
 */
export class KsefRequestError extends TaxAuthorityError {
  constructor(
    message: string,
    retryable: boolean,
    /** The HTTP status, 0 when the request got no answer (network error, timeout). */
    readonly status: number,
    /** KSeF's `exceptionCode`s (`ExceptionResponse.exception.exceptionDetailList`), when it gave any. */
    readonly codes: readonly number[] = [],
    /** Seconds KSeF asked to wait (`Retry-After` of a 429 / 503), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message, retryable);
  }
}

/** One call: the path below the base URL, the bearer token, the JSON body. */
export interface KsefCall {
  method: 'GET' | 'POST';
  path: string;
  bearer?: string;
  body?: unknown;
  /** `xml` for the UPO endpoints (`application/xml`), `json` otherwise; `none` for 204 answers. */
  expect?: 'json' | 'xml' | 'none';
}

/** Sends `KsefCall`s to one KSeF base URL. */
export type KsefHttp = (call: KsefCall) => Promise<unknown>;

/** How the HTTP layer is set up. */
export interface KsefHttpOptions {
  baseUrl: string;
  timeoutMs: number;
  /**
   * A 429 whose `Retry-After` is at most this many seconds is waited out and the call sent once more;
   * a longer one throws at once (retryable, with `retryAfterSeconds`), for the caller's queue to wait.
   */
  maxRetryAfterSeconds: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

/**
 * An HTTP sender for one KSeF environment.
 *
 * @example
 * ```ts
 * const http = ksefHttp({ baseUrl: 'https://api-test.ksef.mf.gov.pl/v2', timeoutMs: 30_000,
 *   maxRetryAfterSeconds: 10, fetch, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) });
 * await http({ method: 'POST', path: '/auth/challenge' });
 * ```
 */
export function ksefHttp(options: KsefHttpOptions): KsefHttp {
  const base = options.baseUrl.replace(/\/+$/, '');
  return async function call(request) {
    const first = await send(base, request, options);
    if (!(first instanceof KsefRequestError)) return first;
    const wait = first.retryAfterSeconds;
    if (first.status === 429 && wait !== null && wait <= options.maxRetryAfterSeconds) {
      // The limits page (limity/limity-api.md) asks clients to wait `Retry-After` seconds and retry.
      await options.sleep(wait * 1000); // money-safe: seconds to milliseconds
      const second = await send(base, request, options);
      if (!(second instanceof KsefRequestError)) return second;
      throw second;
    }
    throw first;
  };
}

async function send(base: string, request: KsefCall, options: KsefHttpOptions): Promise<unknown> {
  const headers: Record<string, string> = {
    accept: request.expect === 'xml' ? 'application/xml' : 'application/json',
  };
  if (request.bearer !== undefined) headers.authorization = `Bearer ${request.bearer}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const where = `${request.method} ${request.path}`;
  let response: Response;
  try {
    response = await options.fetch(`${base}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new KsefRequestError(`KSeF could not be reached (${where}): ${reason}`, true, 0);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return new KsefRequestError(`KSeF's answer to ${where} broke off: ${reason}`, true, response.status);
  }
  if (!response.ok) return failure(where, response, text);
  if (request.expect === 'none') return undefined;
  if (request.expect === 'xml') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new KsefRequestError(`KSeF answered ${where} with HTTP ${response.status} but no JSON`, true, 0);
  }
}

function failure(where: string, response: Response, text: string): KsefRequestError {
  const status = response.status;
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  const { codes, messages } = readProblem(text);
  const said = messages.length > 0 ? `: ${messages.join('; ')}` : '';
  const retryable = status === 429 || status >= 500;
  const wait = retryAfter === null ? '' : ` (retry after ${retryAfter} s)`;
  return new KsefRequestError(
    `KSeF answered ${where} with HTTP ${status}${said}${wait}`,
    retryable,
    status,
    codes,
    retryAfter,
  );
}

/** `Retry-After` is seconds (OpenAPI `RetryAfter`: integer, "Liczba sekund"); an HTTP date is read too. */
function retryAfterSeconds(header: string | null): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number.parseInt(header.trim(), 10);
  const at = Date.parse(header);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000)); // money-safe: milliseconds to seconds
}

/**
 * KSeF's error bodies: the `ExceptionResponse` (`exception.exceptionDetailList[]`), the problem-details
 * shapes (`title`, `detail`, `errors`) and the 429 `TooManyRequestsResponse` (`status.details`).
 */
function readProblem(text: string): { codes: number[]; messages: string[] } {
  const codes: number[] = [];
  const messages: string[] = [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (text.trim() !== '') messages.push(text.trim().slice(0, 300));
    return { codes, messages };
  }
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const root = record(body);
  const list = record(root.exception).exceptionDetailList;
  if (Array.isArray(list)) {
    for (const item of list) {
      const detail = record(item);
      if (typeof detail.exceptionCode === 'number') codes.push(detail.exceptionCode);
      const details = Array.isArray(detail.details)
        ? detail.details.filter((d) => typeof d === 'string')
        : [];
      messages.push(
        [detail.exceptionCode, detail.exceptionDescription, ...details]
          .filter((p) => p !== undefined)
          .join(' '),
      );
    }
  }
  for (const key of ['title', 'detail'] as const) if (typeof root[key] === 'string') messages.push(root[key]);
  const tooMany = record(root.status).details;
  if (Array.isArray(tooMany)) for (const d of tooMany) if (typeof d === 'string') messages.push(d);
  return { codes, messages };
}
