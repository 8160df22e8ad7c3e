import { changesAfter } from './chain.js';
import type { UpgradeContext } from './change.js';
import type { JsonObject } from './fieldPath.js';
import type { ResourceKind } from './resourceKind.js';

/**
 * Reads a request body written in API `version` into the newest shape: the upgrade of every newer
 * version, oldest first (DESIGN.md). Parse the result with the canonical parser (`parseInvoice`, …).
 * A body that is not an object is returned as it is, for the parser to refuse.
 *
 * @example
 * ```ts
 * normalizeRequest('invoice', { amended_number: 'F-1', … }, { version: '2026-03-02', operation: 'create' });
 * // { invoice_references: [{ reference_type: 'amend', number: 'F-1' }], … }
 * ```
 */
export function normalizeRequest(kind: ResourceKind, body: unknown, context: UpgradeContext): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let request = body as JsonObject;
  for (const change of changesAfter(context.version, kind))
    if (change.upgrade !== undefined) request = change.upgrade(request, context);
  return request;
}
