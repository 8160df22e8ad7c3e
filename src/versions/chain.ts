import { API_VERSIONS, type ApiVersion } from './apiVersion.js';
import type { ResourceChange, VersionChanges } from './change.js';
import { V2025_10_13 } from './changes/v2025_10_13.js';
import { V2026_03_02 } from './changes/v2026_03_02.js';
import { V2026_04_20 } from './changes/v2026_04_20.js';
import { V2026_06_26 } from './changes/v2026_06_26.js';
import type { ResourceKind } from './resourceKind.js';

/**
 * The chain of changes, oldest first: every version after the legacy v2025-01-01 with what it changed
 * over its predecessor (DESIGN.md, "Versions are a chain of changes").
 */
export const VERSION_CHAIN: readonly VersionChanges[] = [V2025_10_13, V2026_03_02, V2026_04_20, V2026_06_26];

/**
 * The changes of every version newer than `version`, oldest first, for one resource kind: the
 * upgrades a request in `version` goes through (in this order), and the downgrades a response goes
 * through (in reverse).
 *
 * @example
 * ```ts
 * changesAfter('2026-03-02', 'invoice').map((change) => change.description);
 * ```
 */
export function changesAfter(version: ApiVersion, kind: ResourceKind): ResourceChange[] {
  const index = API_VERSIONS.indexOf(version);
  return VERSION_CHAIN.filter((entry) => API_VERSIONS.indexOf(entry.version) > index).flatMap((entry) =>
    entry.changes.filter((change) => change.kind === kind),
  );
}
