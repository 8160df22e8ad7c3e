import { LosslessNumber, stringify } from 'lossless-json';
import { KsefTaxReportSchema } from '../model/ksefTaxReport.js';
import { SiiTaxReportSchema } from '../model/siiTaxReport.js';
import { currencyExponent, isCurrencyCode } from '../money/currencies.js';
import { decimalPlaces, formatUnits, toUnits } from '../money/fixedPoint.js';
import { isLosslessNumber } from '../money/losslessNumber.js';
import type { ApiVersion } from './apiVersion.js';
import { changesAfter } from './chain.js';
import type { View } from './change.js';
import { type JsonObject, visitPath } from './fieldPath.js';
import { listResponseHasMeta, wrapperNames } from './protocol.js';
import { KINDS, type ResourceKind } from './resourceKind.js';
import { schemaPaths } from './schemaPaths.js';

/**
 * A deep copy of plain data (objects and arrays; anything else, such as a lossless number, is
 * shared), so that no downgrade can reach the caller's stored resource. Written out rather than
 * `structuredClone`, which the pure core's ES2022 `lib` does not declare.
 */
function clonePlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clonePlain);
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) copy[key] = clonePlain(child);
  return copy;
}

/** How to write a resource. */
export interface SerializeOptions {
  version: ApiVersion;
  /** Expandable fields to include (spec §2.1; the invoice's three of §2.5 rule 3). */
  include?: readonly string[] | undefined;
  /** `full` (default) or `list_entry`. */
  view?: View | undefined;
}

/** The schema of this very resource: a tax report's own type decides its fields. */
function schemaFor(kind: ResourceKind, resource: JsonObject) {
  if (kind === 'tax_report') return resource.type === 'Ksef' ? KsefTaxReportSchema : SiiTaxReportSchema;
  return KINDS[kind].schema;
}

/** A decimal string as a JSON number; money padded to the currency's decimals (never rounded). */
function asNumber(value: unknown, exponent: number | null): unknown {
  if (typeof value !== 'string') return value;
  // The model accepts a decimal string with leading zeros ("010.50"); a JSON number has none.
  const text = value.replace(/^(-?)0+(?=\d)/, '$1');
  if (exponent !== null && decimalPlaces(text) < exponent)
    return new LosslessNumber(formatUnits(toUnits(text, exponent), exponent));
  return new LosslessNumber(text);
}

/** The top-level fields of a schema, in its order (cached: asked for on every response). */
const TOP_LEVEL = new WeakMap<object, readonly string[]>();

function topLevelFields(schema: ReturnType<typeof schemaFor>): readonly string[] {
  let fields = TOP_LEVEL.get(schema);
  if (fields === undefined) {
    fields = schemaPaths(schema).filter((path) => !path.includes('.') && !path.includes('[]'));
    TOP_LEVEL.set(schema, fields);
  }
  return fields;
}

/** The newest version's response: every top-level field present (null when unset), amounts as numbers. */
function canonicalResponse(
  kind: ResourceKind,
  resource: object,
  include: readonly string[],
  view: View,
): JsonObject {
  const shape = KINDS[kind];
  const stored = resource as JsonObject;
  // The schema's fields only, in its order, every one present (null when unset, or stored as
  // undefined), each a deep copy (so that no downgrade reaches the stored resource; the copy is
  // then changed in place). Anything else a store keeps on the record (a write-only
  // `total_amount_due`, an internal column) is never returned: a version's response has exactly the
  // fields `fieldsOf` gives.
  const response: JsonObject = {};
  for (const field of topLevelFields(schemaFor(kind, stored)))
    response[field] = clonePlain(stored[field]) ?? null;
  const omit = (parent: JsonObject, key: string) => {
    delete parent[key];
  };
  for (const path of shape.writeOnly) visitPath(response, path, omit);
  for (const path of shape.expandable) if (!include.includes(path)) visitPath(response, path, omit);
  if (view === 'list_entry') for (const path of shape.omittedFromListEntries) visitPath(response, path, omit);
  const currency = response.currency;
  const exponent =
    typeof currency === 'string' && isCurrencyCode(currency) ? currencyExponent(currency) : null;
  for (const { path, money } of shape.numbers)
    visitPath(response, path, (parent, key) => {
      if (Object.hasOwn(parent, key)) parent[key] = asNumber(parent[key], money === true ? exponent : null);
    });
  return response;
}

/**
 * Writes a stored (canonical) resource as the response of API `version`: the newest shape first
 * (write-only fields dropped, expandable fields only when included, list entries trimmed, amounts as
 * lossless JSON numbers), then the downgrade of every newer version, newest first (DESIGN.md). Pass
 * the result to {@link toJson}.
 *
 * @example
 * ```ts
 * toJson(serialize('invoice', invoice, { version: '2026-03-02' }));
 * // '{"id":1,…,"lines":[{"clasification_code_scheme":"CPV",…}],…,"total":121.00}'
 * ```
 */
export function serialize(kind: ResourceKind, resource: object, options: SerializeOptions): JsonObject {
  const view = options.view ?? 'full';
  let response = canonicalResponse(kind, resource, options.include ?? [], view);
  for (const change of changesAfter(options.version, kind).reverse())
    if (change.downgrade !== undefined)
      response = change.downgrade(response, {
        version: options.version,
        view,
        stored: resource as JsonObject,
      });
  return response;
}

/** The `meta` object of a list response (spec §2.1). */
export interface ListMeta {
  total_count: number;
  offset: number;
  limit: number;
}

/**
 * Writes a page of resources as the list response of API `version`, each entry serialized with
 * `view: 'list_entry'`, under the kind's plural in that version (`wrapperNames`: `clients` for the
 * contacts of the legacy version):
 *
 * - from v2025-10-13: `{<plural>: [...], meta: {total_count, offset, limit}}` (spec §2.1; §9
 *   v2025-10-13 "Pagination via `meta`");
 * - in the legacy v2025-01-01 (`listResponseHasMeta` false): no `meta`; the same three numbers sit
 *   beside the list, `{<plural>: [...], total_count, offset, limit}`, as the public migration guide
 *   shows the legacy pagination ("read pagination data from the meta object instead of root-level
 *   properties", https://developer.b2brouter.net/docs/migration_guide, api-notes.md §3.1).
 *
 * @example
 * ```ts
 * serializeList('account', accounts, { total_count: 1, offset: 0, limit: 25 }, { version: '2026-04-20' });
 * // { accounts: [{ …no auto_remittance… }], meta: { total_count: 1, offset: 0, limit: 25, total: 1 } }
 * serializeList('account', accounts, { total_count: 1, offset: 0, limit: 25 }, { version: '2025-01-01' });
 * // { accounts: [{ … }], total_count: 1, offset: 0, limit: 25 }
 * ```
 */
export function serializeList(
  kind: ResourceKind,
  resources: readonly object[],
  meta: ListMeta,
  options: Omit<SerializeOptions, 'view'>,
): JsonObject {
  const page = { total_count: meta.total_count, offset: meta.offset, limit: meta.limit };
  const entries = resources.map((resource) => serialize(kind, resource, { ...options, view: 'list_entry' }));
  const { plural } = wrapperNames(options.version, kind);
  // `meta.total` beside `total_count`, the same number: the official PHP client's `Collection` reads
  // `meta.total` (getTotal, hasMore) where the spec (§2.1) names `total_count` (issue #19).
  return listResponseHasMeta(options.version)
    ? { [plural]: entries, meta: { ...page, total: page.total_count } }
    : { [plural]: entries, ...page };
}

/**
 * The JSON text of a serialized value, amounts written digit for digit (lossless-json), never through
 * a float (DESIGN.md, "Money is never a JS number").
 *
 * @example
 * ```ts
 * toJson({ total: new LosslessNumber('121.00') }); // '{"total":121.00}'
 * ```
 */
export function toJson(value: unknown): string {
  // The fast path: the engine's JSON.stringify with every lossless number replaced by a marked
  // string, then the marks and quotes taken off (a response is written on every request; lossless-
  // json's own stringify is several times slower). A string of the data that holds the mark itself
  // would be mistaken for a number: then the slow path, which has no such case.
  let clash = false;
  const marked = JSON.stringify(value, (_key, field: unknown) => {
    if (typeof field === 'string') {
      if (field.includes(NUMBER_MARK)) clash = true;
      return field;
    }
    if (isLosslessNumber(field)) return `${NUMBER_MARK}${field.value}${NUMBER_MARK}`;
    return field;
  });
  if (clash || marked === undefined) return stringify(value) ?? 'null';
  return marked.replace(MARKED_NUMBER, '$1');
}

/** Marks a lossless number inside the fast path's JSON text (control characters no number has). */
const NUMBER_MARK = '\u0000\u001fnumber:';
/** A marked number as JSON.stringify writes it: the control characters escaped, in quotes. */
const MARKED_NUMBER = /"\\u0000\\u001fnumber:(-?[0-9][0-9.eE+-]*)\\u0000\\u001fnumber:"/g;
