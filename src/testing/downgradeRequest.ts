/**
 * A request body in the newest (canonical) shape rewritten as a client of an older API version
 * writes it: the inverse of `normalizeRequest`, built from the same chain of changes (DESIGN.md,
 * "Versions are a chain of changes"), so that generated requests of every version follow
 * `src/versions` wherever it goes and no version is named here.
 */

import type { Operation } from '../model/parse.js';
import { isLosslessNumber } from '../money/losslessNumber.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { changesAfter } from '../versions/chain.js';
import type { ResourceChange, UpgradeContext } from '../versions/change.js';
import type { JsonObject } from '../versions/fieldPath.js';
import type { ResourceKind } from '../versions/resourceKind.js';

/**
 * Request fields whose response name differs, per kind: the version changes name their paths as
 * responses carry them (`lines[].classification_code_scheme`), so a request is shown to a
 * downgrade under its response names and renamed back afterwards (spec §2.4: the lines are
 * written `invoice_lines_attributes` and returned as `lines`).
 */
const RESPONSE_NAMES: Partial<Record<ResourceKind, readonly (readonly [string, string])[]>> = {
  invoice: [['invoice_lines_attributes', 'lines']],
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/** `object` with its top-level keys renamed by `pairs` (`[from, to]`), in place in key order. */
function renamed(object: JsonObject, pairs: readonly (readonly [string, string])[]): JsonObject {
  const names = new Map(pairs);
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(object)) result[names.get(key) ?? key] = value;
  return result;
}

/**
 * Whether two request values mean the same: plain data compared deeply, object keys in any order,
 * and a key that is null or undefined the same as an absent one (a create reads them alike);
 * lossless numbers by their digits.
 *
 * @example
 * ```ts
 * sameRequest({ a: 1, b: null }, { a: 1 }); // true
 * sameRequest({ lines: [{ quantity: '1' }] }, { lines: [{ quantity: '1.0' }] }); // false
 * ```
 */
export function sameRequest(a: unknown, b: unknown): boolean {
  if (isLosslessNumber(a) || isLosslessNumber(b))
    return isLosslessNumber(a) && isLosslessNumber(b) && a.value === b.value;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameRequest(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    // The marks an upgrade leaves for the rules (`~refused`, `~origins`, src/versions/requestMarks.ts)
    // are no part of what the request says.
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => !key.startsWith('~')));
    for (const key of keys) {
      const left = a[key] ?? null;
      const right = b[key] ?? null;
      if (!sameRequest(left, right)) return false;
    }
    return true;
  }
  return Object.is(a ?? null, b ?? null);
}

/** Options of {@link downgradeRequest}. */
export interface DowngradeRequestOptions {
  /** The API version the body is to be written in. */
  version: ApiVersion;
  /** The operation the body is for. Default `create`. */
  operation?: Operation;
}

/** The result of {@link downgradeRequest}. */
export interface DowngradedRequest {
  /** The body (the object inside `{"<kind>": …}`) as a client of the version writes it. */
  body: JsonObject;
  /**
   * The changes (their `description`) over which the older version could not say all of the
   * request, e.g. a `third_party` that only newer versions have: `normalizeRequest(body)` then
   * means the request without it. Empty when `normalizeRequest` gives the request back.
   */
  lost: string[];
}

/**
 * Rewrites a request body in the newest shape as a client of `version` writes it, crossing the
 * changes of every newer version newest first (the order responses are downgraded in), each with
 * its own functions:
 *
 * 1. the change's response downgrade, applied to the request (under its response field names), is
 *    taken when the change's request upgrade reads it back as the same request (renamed fields,
 *    `client` for `contact`, the flat amendment fields of one `amend` reference, unpadded schemes);
 *    keys the downgrade added that mean nothing (a removed field written null) are left out;
 * 2. otherwise, when the upgrade leaves the newer form as it is, the older version accepts the
 *    newer form and it is kept (fields "also accepted on input" by older versions, spec §2.4);
 * 3. otherwise the older version cannot express part of the request: the downgraded form is taken,
 *    keys the upgrade ignores are left out, and the change is listed in `lost`.
 *
 * `normalizeRequest(kind, body, { version, operation })` gives the request back (as
 * {@link sameRequest} compares) whenever `lost` is empty.
 *
 * @example
 * ```ts
 * const { body } = downgradeRequest('invoice', canonical, { version: '2025-01-01' });
 * // canonical.contact → body.client (legacy contact shape), type_code → type_document, …
 * expect(sameRequest(normalizeRequest('invoice', body, { version: '2025-01-01', operation: 'create' }), canonical)).toBe(true);
 * ```
 */
export function downgradeRequest(
  kind: ResourceKind,
  request: JsonObject,
  options: DowngradeRequestOptions,
): DowngradedRequest {
  const pairs = RESPONSE_NAMES[kind] ?? [];
  const back = pairs.map(([requestName, responseName]) => [responseName, requestName] as const);
  const upgradeContext: UpgradeContext = {
    version: options.version,
    operation: options.operation ?? 'create',
  };
  const upgrade = (change: ResourceChange, body: JsonObject) =>
    change.upgrade === undefined ? body : change.upgrade(body, upgradeContext);
  const lost: string[] = [];
  let current = request;
  for (const change of changesAfter(options.version, kind).reverse()) {
    const shown = renamed(current, pairs);
    const candidate =
      change.downgrade === undefined
        ? current
        : renamed(change.downgrade(shown, { version: options.version, view: 'full', stored: shown }), back);
    const read = upgrade(change, candidate);
    if (sameRequest(read, current)) {
      current = withoutMeaninglessKeys(candidate, current, read, (body) => upgrade(change, body));
    } else if (sameRequest(upgrade(change, current), current)) {
      // The older version reads the newer form as it is: keep it.
    } else {
      lost.push(change.description);
      current = withoutMeaninglessKeys(candidate, null, read, (body) => upgrade(change, body));
    }
  }
  return { body: current, lost };
}

/**
 * `candidate` without the top-level keys whose removal does not change what the upgrade reads
 * (`read`): a client does not send a field that means nothing to its version (a removed field
 * written null, a flat amendment field that is null, a field the version ignores). The keys
 * `current` has with the same value are kept (pass null to judge every key): they are the
 * request's own.
 */
function withoutMeaninglessKeys(
  candidate: JsonObject,
  current: JsonObject | null,
  read: JsonObject,
  upgrade: (body: JsonObject) => JsonObject,
): JsonObject {
  let result = candidate;
  for (const key of Object.keys(candidate)) {
    if (current !== null && Object.hasOwn(current, key) && sameRequest(current[key], candidate[key]))
      continue;
    const rest: JsonObject = { ...result };
    delete rest[key];
    if (sameRequest(upgrade(rest), read)) result = rest;
  }
  return result;
}
