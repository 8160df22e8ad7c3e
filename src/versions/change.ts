import type { Operation } from '../model/parse.js';
import type { ApiVersion } from './apiVersion.js';
import { type JsonObject, omitPath, renamePath } from './fieldPath.js';
import type { ResourceKind } from './resourceKind.js';

/** Which representation a response is: the full resource, or an entry of a list (spec §2.2 rule 4). */
export type View = 'full' | 'list_entry';

/** What a response downgrade knows. */
export interface DowngradeContext {
  /** The version the response is written in. */
  version: ApiVersion;
  view: View;
  /**
   * The stored resource in canonical shape, before write-only fields are dropped (read only, never
   * mutate it): for a downgrade whose older version returned a value the newest version no longer
   * returns (v2026-04-20: the flat amendment fields of the write-only reference fields, spec §2.6).
   */
  stored?: JsonObject | undefined;
}

/** What a request upgrade knows. */
export interface UpgradeContext {
  /** The version the request was written in. */
  version: ApiVersion;
  operation: Operation;
  /** The stored resource in canonical shape, for an update (e.g. to find the stored amend reference). */
  stored?: JsonObject | null | undefined;
}

/**
 * One difference a version made to one resource kind, with the two functions that cross it: the
 * response downgrade (newer shape → this version's predecessor) and the request upgrade (predecessor
 * → newer). `added` and `removed` list the response field paths the change adds or removes, so that
 * the fields of every version can be computed (`fieldsOf`) and tested.
 */
export interface ResourceChange {
  kind: ResourceKind;
  /** The difference in one sentence, naming its source (spec section or api-notes.md); tests use it. */
  description: string;
  /** Response field paths that exist from this version on (absent from older responses). */
  added?: readonly string[];
  /** Response field paths that older versions have and this one does not. */
  removed?: readonly string[];
  /** Response: this version's shape → the predecessor's. */
  downgrade?: (response: JsonObject, context: DowngradeContext) => JsonObject;
  /** Request: the predecessor's shape → this version's. */
  upgrade?: (request: JsonObject, context: UpgradeContext) => JsonObject;
}

/** The changes one version made over its predecessor. */
export interface VersionChanges {
  version: ApiVersion;
  /** What the version is, in a line. */
  summary: string;
  changes: readonly ResourceChange[];
}

/**
 * A field (or fields) a version added: older responses leave them out, older requests that send them
 * are read without them (spec §9 v2026-04-20: every "Added" field is absent from older responses and
 * ignored in older requests). `requestPaths` names them in request shape when that differs
 * (`invoice_lines_attributes[]` for the response's `lines[]`).
 *
 * @example
 * ```ts
 * addedFields('invoice', ['exchange_rate'], 'spec §9 v2026-04-20: exchange_rate in invoice responses');
 * ```
 */
export function addedFields(
  kind: ResourceKind,
  paths: readonly string[],
  description: string,
  options: { requestPaths?: readonly string[]; acceptedInOlderRequests?: boolean } = {},
): ResourceChange {
  const requestPaths = options.requestPaths ?? paths;
  return {
    kind,
    description,
    added: paths,
    downgrade: (response) => paths.reduce(omitPath, response),
    upgrade: (request) =>
      options.acceptedInOlderRequests === true ? request : requestPaths.reduce(omitPath, request),
  };
}

/**
 * A field a version renamed: older responses carry the old name, older requests may send either
 * (the new name wins when both are sent).
 *
 * @example
 * ```ts
 * renamedField('invoice', 'type_document', 'type_code', 'api-notes.md §3.2: type_document renamed to type_code');
 * ```
 */
export function renamedField(
  kind: ResourceKind,
  oldPath: string,
  newName: string,
  description: string,
  options: { requestOldPath?: string } = {},
): ResourceChange {
  const parent = oldPath.includes('.') ? oldPath.slice(0, oldPath.lastIndexOf('.') + 1) : '';
  const oldName = oldPath.slice(parent.length);
  const requestOldPath = options.requestOldPath ?? oldPath;
  return {
    kind,
    description,
    added: [`${parent}${newName}`],
    removed: [oldPath],
    downgrade: (response) => renamePath(response, `${parent}${newName}`, oldName),
    upgrade: (request) => renamePath(request, requestOldPath, newName),
  };
}

/**
 * A field a version removed: older responses still carry it, with the value `legacyValue` derives
 * from the newer response; older requests that send it are read without it.
 *
 * @example
 * ```ts
 * removedField('invoice', 'payment_method_info', 'spec §2.4 rule 1', () => null);
 * ```
 */
export function removedField(
  kind: ResourceKind,
  path: string,
  description: string,
  legacyValue: (response: JsonObject) => unknown,
): ResourceChange {
  return {
    kind,
    description,
    removed: [path],
    downgrade: (response) => (path.includes('.') ? response : { ...response, [path]: legacyValue(response) }),
    upgrade: (request) => omitPath(request, path),
  };
}
