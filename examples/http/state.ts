/**
 * What every route handler of the reference HTTP binding knows about its request: the fiscalkit
 * service, the caller (group and version) and the request log it answers under. The outer app
 * (`app.ts`) authenticates and resolves the version, then hands these to the router as its
 * environment, so a handler is only: parse, call a use case, serialize.
 */
import type { ApiVersion, Caller, Fiscalkit } from 'fiscalkit';
import type { ServiceHosts } from 'fiscalkit/http';
import type { ApiEnvironment } from 'fiscalkit/ports';
import type { Hono } from 'hono';
import type { RequestBodyLimit } from './bodyLimits.js';

/** Options of the HTTP binding. */
export interface HttpOptions {
  /** The environment this server is (spec §5 rule 2): keys of another environment are refused. */
  environment: ApiEnvironment;
  /** The public base URL, for `status_url` and `request_log_url` (no trailing slash). */
  base_url: string;
  /**
   * Largest request body in bytes; default 10 MiB (issue #8: "over 10 MB → 413"). Endpoints that take
   * small bodies have smaller limits within it (`bodyLimits.ts`, issue #24).
   */
  max_body_bytes?: number;
  /** Requests per key: a token bucket of `capacity` refilled at `per_second`; default 200 and 100. */
  rate_limit?: { capacity: number; per_second: number } | null;
  /** The hosts of each version kind (spec §9 rule 3); default the public service's. */
  hosts?: ServiceHosts;
  /**
   * Whether a proxy in front sets `X-Forwarded-Host` (default false: a client could forge it to pick
   * the host that spec §9 rule 3 checks the version against).
   */
  trust_proxy?: boolean;
  /** Reads the time for the rate limiter (default `Date.now`). */
  now?: () => number;
}

/** The state of one request, the router's environment (`c.env`). */
export interface RequestState {
  fiscalkit: Fiscalkit;
  /** The server's options; `max_body_bytes` is this request's limit (its row of `bodyLimits.ts`). */
  options: Required<Pick<HttpOptions, 'environment' | 'base_url' | 'max_body_bytes'>>;
  /** What this request's body may be: bytes and JSON limits of its endpoint (issue #24). */
  body_limit: RequestBodyLimit;
  caller: Caller;
  version: ApiVersion;
  /** The request log id (`X-B2B-API-Request-Id`). */
  request_id: number;
  request_log_url: string;
  /** The path as the client wrote it (a legacy path before its mapping, spec §9). */
  original_path: string;
}

/** The Hono environment of the router. */
export interface RouterEnv {
  Bindings: RequestState;
}

/** The router of the binding: each file of `routes/` registers its routes on it. */
export type Router = Hono<RouterEnv>;
