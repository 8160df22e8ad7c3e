import { isLosslessNumber } from '../money/losslessNumber.js';

/**
 * Field paths as the version changes name them: `number`, `contact.cin_value`,
 * `lines[].classification_code_scheme` (`[]` = every element of an array). Helpers that read and
 * rewrite plain JSON objects at such a path; they never mutate their input.
 */

/** A JSON object as the serializers handle it (values may be lossless numbers). */
export type JsonObject = { [key: string]: unknown };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Segment {
  key: string;
  each: boolean;
}

const SEGMENTS = new Map<string, readonly Segment[]>();

function segmentsOf(path: string): readonly Segment[] {
  // Paths come from the version changes and the kinds' tables: few, and asked for on every response.
  let segments = SEGMENTS.get(path);
  if (segments === undefined) {
    segments = path
      .split('.')
      .map((part) =>
        part.endsWith('[]') ? { key: part.slice(0, -2), each: true } : { key: part, each: false },
      );
    SEGMENTS.set(path, segments);
  }
  return segments;
}

function visitAt(
  value: unknown,
  segments: readonly Segment[],
  at: number,
  visit: (parent: JsonObject, key: string) => void,
): void {
  const head = segments[at];
  if (head === undefined || !isObject(value)) return;
  if (at === segments.length - 1) {
    visit(value, head.key);
    return;
  }
  const child = value[head.key];
  if (head.each) {
    if (Array.isArray(child)) for (const item of child) visitAt(item, segments, at + 1, visit);
  } else visitAt(child, segments, at + 1, visit);
}

/**
 * Calls `visit` with every parent object the path reaches and the last segment's key, to change the
 * parent IN PLACE. Only for a value the caller owns (a fresh copy it is building): the other helpers
 * here never mutate, this one exists so that writing a response does not copy it once per path.
 *
 * @example
 * ```ts
 * const response = { lines: [{ a: 1 }, { a: 2 }] };
 * visitPath(response, 'lines[].a', (line, key) => { line[key] = 0; });
 * response; // { lines: [{ a: 0 }, { a: 0 }] }
 * ```
 */
export function visitPath(
  object: JsonObject,
  path: string,
  visit: (parent: JsonObject, key: string) => void,
): void {
  visitAt(object, segmentsOf(path), 0, visit);
}

function updateAt(
  value: unknown,
  segments: readonly Segment[],
  update: (parent: JsonObject, key: string) => JsonObject,
): unknown {
  const [head, ...rest] = segments;
  if (head === undefined || !isObject(value)) return value;
  if (rest.length === 0) return update(value, head.key);
  const child = value[head.key];
  if (head.each) {
    if (!Array.isArray(child)) return value;
    return { ...value, [head.key]: child.map((item) => updateAt(item, rest, update)) };
  }
  if (!isObject(child)) return value;
  return { ...value, [head.key]: updateAt(child, rest, update) };
}

/**
 * Returns a copy of `object` with the last segment of `path` rewritten by `update` in every parent
 * object the path reaches (several for a path through `[]`). Missing parents are left alone.
 *
 * @example
 * ```ts
 * updatePath({ lines: [{ a: 1 }, { a: 2 }] }, 'lines[].a', (line, key) => ({ ...line, [key]: 0 }));
 * // { lines: [{ a: 0 }, { a: 0 }] }
 * ```
 */
export function updatePath(
  object: JsonObject,
  path: string,
  update: (parent: JsonObject, key: string) => JsonObject,
): JsonObject {
  return updateAt(object, segmentsOf(path), update) as JsonObject;
}

/**
 * Removes the field at `path` (every occurrence through `[]`).
 *
 * @example
 * ```ts
 * omitPath({ contact: { cin_value: 'X', name: 'A' } }, 'contact.cin_value'); // { contact: { name: 'A' } }
 * ```
 */
export function omitPath(object: JsonObject, path: string): JsonObject {
  return updatePath(object, path, (parent, key) => {
    if (!Object.hasOwn(parent, key)) return parent;
    const { [key]: _removed, ...rest } = parent;
    return rest;
  });
}

/**
 * Renames the field at `path` to `to` (a name, not a path), keeping its value. When the parent
 * already has `to`, the existing value wins and `from` is dropped (a request that sends both the old
 * and the new name means the new one).
 *
 * @example
 * ```ts
 * renamePath({ lines: [{ clasification_code_scheme: 'CPV' }] }, 'lines[].clasification_code_scheme', 'classification_code_scheme');
 * // { lines: [{ classification_code_scheme: 'CPV' }] }
 * ```
 */
export function renamePath(object: JsonObject, path: string, to: string): JsonObject {
  return updatePath(object, path, (parent, key) => {
    if (!Object.hasOwn(parent, key)) return parent;
    const { [key]: value, ...rest } = parent;
    return Object.hasOwn(rest, to) ? rest : { ...rest, [to]: value };
  });
}

/**
 * Every field path present in a JSON value, in the same notation (objects' keys joined by `.`, array
 * elements as `[]`). A lossless number is a leaf.
 *
 * @example
 * ```ts
 * pathsOf({ number: 'F-1', lines: [{ price: '1' }] }); // ['number', 'lines', 'lines[].price']
 * ```
 */
export function pathsOf(value: unknown, prefix = ''): string[] {
  if (!isObject(value) || isLosslessNumber(value)) return [];
  const paths: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    paths.push(path);
    if (Array.isArray(child)) for (const item of child) paths.push(...pathsOf(item, `${path}[]`));
    else paths.push(...pathsOf(child, path));
  }
  return [...new Set(paths)];
}
