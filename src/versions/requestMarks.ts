import type { JsonObject } from './fieldPath.js';

/**
 * Where a request upgrade leaves what the canonical parser must know about the older request it
 * read (issue #19), under keys no resource field has (the parser drops unknown keys, so the marks
 * never reach a stored resource):
 *
 * - `~refused`: fields the older version did not have and that would change an amount (a line
 *   `base_quantity` sent with X-B2B-API-Version 2025-10-13). The upgrade takes them out — so the
 *   OpenAPI document, which finds a version's fields by running its upgrades, does not list them —
 *   and the rules answer 422 `parameter_invalid` naming them instead of ignoring them
 *   (`invoiceAmountFieldIssues`). An upgrade cannot throw there: the OpenAPI probes run it on every
 *   field alone.
 * - `~origins`: the older field each generated field was read from (`invoice_lines_attributes[0]
 *   .allowance_charges_attributes[0].percentage` ← `invoice_lines_attributes[0].discount_percent`), so
 *   that a problem with the value is answered at the param the client sent.
 */
export const REFUSED_MARK = '~refused';
/** See {@link REFUSED_MARK}. */
export const ORIGINS_MARK = '~origins';

/** One refused field of an older request: its param and why. */
export interface RefusedField {
  param: string;
  message: string;
}

/**
 * The request with `field` recorded as refused (see {@link REFUSED_MARK}).
 *
 * @example
 * ```ts
 * withRefused({}, { param: 'payments_on_account', message: 'exists from v2026-03-02' });
 * // { '~refused': [{ param: 'payments_on_account', message: 'exists from v2026-03-02' }] }
 * ```
 */
export function withRefused(request: JsonObject, field: RefusedField): JsonObject {
  const earlier = Array.isArray(request[REFUSED_MARK]) ? (request[REFUSED_MARK] as unknown[]) : [];
  return { ...request, [REFUSED_MARK]: [...earlier, { ...field }] };
}

/**
 * The request with the origin of generated params recorded (see {@link ORIGINS_MARK}).
 *
 * @example
 * ```ts
 * withOrigins({}, { 'allowance_charges_attributes[0].percentage': 'discount_percent' });
 * ```
 */
export function withOrigins(request: JsonObject, origins: Readonly<Record<string, string>>): JsonObject {
  if (Object.keys(origins).length === 0) return request;
  const earlier = request[ORIGINS_MARK];
  const kept = typeof earlier === 'object' && earlier !== null && !Array.isArray(earlier) ? earlier : {};
  return { ...request, [ORIGINS_MARK]: { ...kept, ...origins } };
}

/**
 * The refused fields and origins an upgrade recorded on a request body (empty for a body that is
 * not an object, or that came from the newest version).
 *
 * @example
 * ```ts
 * requestMarks({ '~refused': [{ param: 'payments_on_account', message: '…' }] }).refused.length; // 1
 * ```
 */
export function requestMarks(body: unknown): { refused: RefusedField[]; origins: Record<string, string> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { refused: [], origins: {} };
  const record = body as Record<string, unknown>;
  const refused = Array.isArray(record[REFUSED_MARK])
    ? (record[REFUSED_MARK] as unknown[]).flatMap((entry): RefusedField[] => {
        if (typeof entry !== 'object' || entry === null) return [];
        const { param, message } = entry as { param?: unknown; message?: unknown };
        return typeof param === 'string' && typeof message === 'string' ? [{ param, message }] : [];
      })
    : [];
  const rawOrigins = record[ORIGINS_MARK];
  const origins: Record<string, string> = {};
  if (typeof rawOrigins === 'object' && rawOrigins !== null && !Array.isArray(rawOrigins))
    for (const [generated, origin] of Object.entries(rawOrigins))
      if (typeof origin === 'string') origins[generated] = origin;
  return { refused, origins };
}
