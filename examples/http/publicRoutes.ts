/**
 * The routes served without an API key: the OpenAPI documents (`GET /openapi.json`, issue #8), so a
 * client can generate an SDK before it has a key.
 */

/** A handler of a public route. */
export type PublicHandler = (request: Request) => Promise<Response>;

/**
 * The handler of a public route, or null when `method path` needs a key.
 *
 * @example
 * ```ts
 * publicRoute('GET', '/openapi.json'); // a handler
 * publicRoute('GET', '/accounts'); // null
 * ```
 */
export function publicRoute(_method: string, _path: string): PublicHandler | null {
  return null;
}
