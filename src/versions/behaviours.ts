import { API_VERSIONS, type ApiVersion } from './apiVersion.js';

/**
 * Validation behaviours that changed with a version, each with the version that introduced it.
 * Rules ask {@link versionHas} instead of comparing versions, so that version arithmetic stays in
 * `src/versions` (DESIGN.md: no `if (version < …)` outside this folder).
 */
const INTRODUCED_IN = {
  /** Spec §2.3 rule 1: an office's TIN must equal its parent's (earlier versions ignored mismatches). */
  office_tin_matches_parent: '2026-04-20',
  /** Spec §2.4 rule 3 and §9 "Changed: … inline contact identifier requirement". */
  inline_contact_needs_identifier: '2026-04-20',
} as const satisfies Record<string, ApiVersion>;

/** A version-dependent validation behaviour. */
export type VersionedBehaviour = keyof typeof INTRODUCED_IN;

/**
 * Whether requests in `version` are validated with `behaviour` (introduced in a version and kept by
 * every later one).
 *
 * @example
 * ```ts
 * versionHas('2026-04-20', 'office_tin_matches_parent'); // true
 * versionHas('2026-03-02', 'office_tin_matches_parent'); // false: mismatches were ignored
 * ```
 */
export function versionHas(version: ApiVersion, behaviour: VersionedBehaviour): boolean {
  return API_VERSIONS.indexOf(version) >= API_VERSIONS.indexOf(INTRODUCED_IN[behaviour]);
}
