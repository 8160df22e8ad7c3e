import type { ApiVersion } from './apiVersion.js';
import { changesAfter } from './chain.js';
import { KINDS, type ResourceKind } from './resourceKind.js';
import { schemaPaths } from './schemaPaths.js';

/** Whether `path` is `ancestor` or lies under it (`lines[].price` under `lines`). */
function within(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}.`) || path.startsWith(`${ancestor}[]`);
}

/**
 * Every response field path resource `kind` has in `version`: the canonical schema's paths without
 * its write-only ones, then, for every newer version from the newest down, its `added` paths taken
 * away and its `removed` paths put back. The serializer must never emit a path outside this set
 * (a property test holds it to that).
 *
 * @example
 * ```ts
 * fieldsOf('2026-04-20', 'invoice').has('lines[].classification_code_scheme'); // true
 * fieldsOf('2026-03-02', 'invoice').has('lines[].clasification_code_scheme'); // true
 * ```
 */
export function fieldsOf(version: ApiVersion, kind: ResourceKind): Set<string> {
  const shape = KINDS[kind];
  let fields = schemaPaths(shape.schema).filter(
    (path) => !shape.writeOnly.some((hidden) => within(path, hidden)),
  );
  for (const change of changesAfter(version, kind).reverse()) {
    const added = change.added ?? [];
    fields = fields.filter((path) => !added.some((gone) => within(path, gone)));
    fields.push(...(change.removed ?? []));
  }
  return new Set(fields);
}
