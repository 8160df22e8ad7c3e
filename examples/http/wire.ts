/**
 * The wire helpers of the route handlers (spec §2.1, §7, §9): reading a body without loss, unwrapping
 * `{account: {...}}`, upgrading a request from the caller's version, writing a resource in the
 * caller's version with the status that version uses, lists with `meta`, and path ids. Every
 * difference between versions is asked of `src/versions` (DESIGN.md: no `if (version < …)` here).
 */
import {
  ApiError,
  apiErrorFromIssues,
  type JsonObject,
  normalizeRequest,
  parseJsonBody,
  type ResourceKind,
  serialize,
  serializeList,
  toJson,
  type ValidationIssue,
} from 'fiscalkit';
import {
  createdStatus,
  decodeJsonTree,
  endpointMissingMessage,
  type ListQuery,
  legacyPath,
  listQueryConditions,
  parseListQuery,
  type QueryList,
  type RecordCondition,
  resourceMissing,
  unknownListParams,
  type VersionedEndpoint,
  versionHasEndpoint,
  writeStatus,
} from 'fiscalkit/http';
import type { Operation } from 'fiscalkit/model';
import type { PageRequest } from 'fiscalkit/ports';
import type { Context } from 'hono';
import type { RouterEnv } from './state.js';

/** A route handler's context. */
export type RouteContext = Context<RouterEnv>;

/** Throws the error of the first issue (a 400 before any 422), as every use case does. */
export function fail(issues: readonly ValidationIssue[]): never {
  throw apiErrorFromIssues(issues);
}

/**
 * The request body as JSON, read without loss (numbers stay `LosslessNumber`): over the size limit →
 * 413 `request_too_large`; empty or malformed, or beyond the endpoint's JSON limits (depth, values,
 * string length: `bodyLimits.ts`) → 400 `invalid_request_params`.
 */
export async function readJson(c: RouteContext): Promise<unknown> {
  const bytes = await readBytes(c);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError('invalid_request_params', 'the request body is not UTF-8');
  }
  if (text.trim() === '') throw new ApiError('invalid_request_params', 'the request needs a JSON body');
  return jsonOf(c, text);
}

/**
 * Bodies larger than this are parsed off the event loop when the service has worker threads (issue
 * #24): lossless-json reads about 20 MB/s, so 256 KiB is some 12 ms inline, while a 5,000-record batch
 * (5.4 MB) was 135–250 ms. The thread answers the tree as text (`encodeJsonTree`), which the native
 * `JSON.parse` reads here at some 150 MB/s.
 */
export const OFF_THREAD_JSON_BYTES = 256 * 1024;

/** A JSON body's text as its lossless tree, within the endpoint's limits (see {@link readJson}). */
export async function jsonOf(c: RouteContext, text: string): Promise<unknown> {
  const { max_bytes, json: limits } = c.env.body_limit;
  const { compute } = c.env.fiscalkit;
  if (!compute.inline && text.length > OFF_THREAD_JSON_BYTES) {
    const parsed = await compute.run('json_body', { text, max_bytes, limits });
    if (!parsed.success) fail(parsed.issues);
    return decodeJsonTree(parsed.data);
  }
  const parsed = parseJsonBody(text, { maxBytes: max_bytes, limits });
  if (!parsed.success) fail(parsed.issues);
  return parsed.data;
}

/**
 * The raw request body within the body limit (413 `request_too_large`): refused on a declared
 * Content-Length over it before reading, and on the bytes read. (`app.ts` also caps the stream, for a
 * body without Content-Length.) Every route that reads a body reads it through here or `readJson`.
 */
export async function readBytes(c: RouteContext): Promise<Uint8Array> {
  const max = c.env.options.max_body_bytes;
  const declared = Number(c.req.header('content-length') ?? '0'); // money-safe: a byte count
  if (declared > max) throw bodyTooLarge(max);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > max) throw bodyTooLarge(max);
  return bytes;
}

/**
 * The 413 of a body over `max` bytes (fiscalkit's `request_too_large`, issue #8), naming the limit of
 * the endpoint (issue #24: each endpoint has its own, `bodyLimits.ts`).
 */
export function bodyTooLarge(max: number): ApiError {
  return new ApiError(
    'request_too_large',
    `the request body is larger than ${String(max)} bytes (${sizeText(max)}), the most this endpoint takes`,
  );
}

/** A byte count as people read it: `1 MiB`, `8 MiB`, `512 KiB`, or bytes. */
function sizeText(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB && bytes % MiB === 0) return `${String(bytes / MiB)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${String(bytes / 1024)} KiB`;
  return `${String(bytes)} bytes`;
}

/**
 * The resource object of a wrapped body (`{"invoice": {...}}`, spec §4: bodies wrap the resource in
 * its singular name): a body without it, or with something else than an object there, is 400
 * `invalid_request_params` at `name`.
 */
export function unwrap(body: unknown, name: string): JsonObject {
  const inner = isObject(body) ? body[name] : undefined;
  if (!isObject(inner))
    throw new ApiError('invalid_request_params', `the body must be an object {"${name}": {...}}`, {
      param: name,
    });
  return inner;
}

/**
 * Reads a wrapped resource body and upgrades it from the caller's version to the canonical
 * (newest) shape (DESIGN.md "Versions are a chain of changes"), ready for the use case's parser.
 */
export async function resourceBody(
  c: RouteContext,
  kind: ResourceKind,
  name: string,
  operation: Operation,
  stored?: object | null,
): Promise<JsonObject> {
  const inner = unwrap(await readJson(c), name);
  return normalizeRequest(kind, inner, {
    version: c.env.version,
    operation,
    stored: (stored ?? null) as JsonObject | null,
  }) as JsonObject;
}

/** Whether a value is a plain JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a write answers: `created` (POST create), `write` (PUT, PATCH, DELETE, actions) or `read`. */
export type Outcome = 'created' | 'write' | 'read';

/** The HTTP status of an outcome in the caller's version (spec §2.1, api-notes.md §3.2). */
export function statusOf(c: RouteContext, outcome: Outcome): 200 | 201 | 204 {
  if (outcome === 'created') return createdStatus(c.env.version);
  if (outcome === 'write') return writeStatus(c.env.version);
  return 200;
}

/** Answers a JSON body (lossless numbers written as they are) or, for 204, no body. */
export function sendJson(c: RouteContext, status: number, body: unknown): Response {
  if (status === 204) return c.body(null, 204);
  return c.body(toJson(body), status as 200, { 'Content-Type': 'application/json; charset=utf-8' });
}

/**
 * Answers one resource wrapped in its singular name, serialized for the caller's version, with the
 * status of `outcome` in that version. A legacy create (204) carries the new resource's legacy path
 * in `Location` when `location` is given.
 */
export function send(
  c: RouteContext,
  kind: ResourceKind,
  resource: object,
  outcome: Outcome = 'read',
  options: { include?: readonly string[]; name?: string; location?: string } = {},
): Response {
  const status = statusOf(c, outcome);
  if (status === 204 && options.location !== undefined)
    c.header('Location', `${c.env.options.base_url}${legacyPath('GET', options.location)}`);
  const body = serialize(kind, resource, { version: c.env.version, include: options.include });
  return sendJson(c, status, { [options.name ?? kind]: body });
}

/**
 * Answers a list in the caller's version (`serializeList`): `{<plural>: [...], meta: {total_count,
 * offset, limit}}` (spec §2.1), the pagination beside the list and no `meta` in the legacy version.
 */
export function sendList(
  c: RouteContext,
  kind: ResourceKind,
  items: readonly object[],
  meta: { total_count: number; offset: number; limit: number },
  options: { include?: readonly string[] } = {},
): Response {
  return sendJson(
    c,
    200,
    serializeList(kind, items, meta, { version: c.env.version, include: options.include }),
  );
}

/** `offset` and `limit` of a list query (spec §2.1; default 25, at most 500, api-notes.md §7). */
export function pageQuery(c: RouteContext): ListQuery & PageRequest {
  const parsed = parseListQuery(c.req.query());
  if (!parsed.success) fail(parsed.issues);
  return parsed.data;
}

/**
 * Every query parameter of the request: a name given once as its text, a name given several times
 * (`a=1&a=2`, PHP's `a[]=…` arrives as `a[]`) as the list of its texts, which a filter then refuses
 * as not one value. The list filters read this (issue #19), and refuse any name they do not take.
 */
export function queryOf(c: RouteContext): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

/**
 * Refuses every query parameter of a list besides paging and `known` with 400
 * `invalid_request_params` naming it (`unknownListParams`, issue #19), for the lists whose filters
 * are read elsewhere (tax reports) or that have none (code lists).
 */
export function refuseUnknownParams(c: RouteContext, known: readonly string[]): void {
  const unknown = unknownListParams(queryOf(c), known);
  if (unknown.length > 0) fail(unknown);
}

/**
 * The page and the `query` conditions of a list that takes nothing else (`listQueryConditions`,
 * issue #19): any other parameter is 400 `invalid_request_params` naming it, and so is a `query`
 * outside the list's grammar or before v2026-03-02.
 */
export function listFilter(
  c: RouteContext,
  list: QueryList,
): ListQuery & PageRequest & { conditions: RecordCondition[] } {
  const page = pageQuery(c);
  const conditions = listQueryConditions(list, c.env.version, queryOf(c));
  if (!conditions.success) fail(conditions.issues);
  return { ...page, conditions: conditions.data };
}

/**
 * A positive integer path parameter (`{id}`, `{account}`); anything else names no resource → 404
 * `resource_missing` (the id cannot exist).
 */
export function pathId(c: RouteContext, name = 'id', what = 'resource'): number {
  const text = c.req.param(name) ?? '';
  // money-safe: an identifier of at most 15 digits, not an amount.
  const id = /^[1-9]\d{0,14}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw resourceMissing(what, text, name === 'id' ? 'id' : name);
  return id;
}

/**
 * Refuses an endpoint the caller's version does not have (spec §9) with 404 `resource_missing`; the
 * message says whether it came later or was removed, and when (`endpointMissingMessage`).
 */
export function requireEndpoint(c: RouteContext, endpoint: VersionedEndpoint): void {
  if (!versionHasEndpoint(c.env.version, endpoint))
    throw new ApiError(
      'resource_missing',
      endpointMissingMessage(c.env.version, endpoint, `${c.req.method} ${c.env.original_path}`),
      { param: null },
    );
}
