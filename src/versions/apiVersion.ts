/**
 * The dated API versions of spec §9, oldest first, in fiscalkit's canonical form (no leading `v`).
 *
 * `2026-06-26` is the batch endpoint's documented default (spec §4.1 rule 5); fiscalkit treats it as
 * the newest version, identical in every shape to `2026-04-20` (api-notes.md §3.4: no changelog is
 * known for it).
 */
export const API_VERSIONS = ['2025-01-01', '2025-10-13', '2026-03-02', '2026-04-20', '2026-06-26'] as const;

/** One API version of spec §9. */
export type ApiVersion = (typeof API_VERSIONS)[number];

/** The newest version: the canonical model's shape (DESIGN.md, "Versions are a chain of changes"). */
export const LATEST_API_VERSION: ApiVersion = '2026-06-26';

/**
 * Whether `value` is one of the versions of spec §9 in canonical form (`2026-04-20`, no `v`).
 *
 * @example
 * ```ts
 * isApiVersion('2026-04-20'); // true
 * isApiVersion('v2026-04-20'); // false: resolve header values with the versions module first
 * ```
 */
export function isApiVersion(value: string): value is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(value);
}

/**
 * Reads an `X-B2B-API-Version` header value (spec §9 rule 2): with or without the leading `v`
 * (`v2026-04-20`, `2026-04-20`), surrounding spaces ignored. Null for anything that is not a
 * version of spec §9.
 *
 * @example
 * ```ts
 * parseApiVersion('v2026-04-20'); // '2026-04-20'
 * parseApiVersion('2026-04-21'); // null
 * ```
 */
export function parseApiVersion(value: string): ApiVersion | null {
  const trimmed = value.trim();
  const bare = trimmed.startsWith('v') || trimmed.startsWith('V') ? trimmed.slice(1) : trimmed;
  return isApiVersion(bare) ? bare : null;
}
