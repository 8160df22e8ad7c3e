import type { ApiVersion } from '../versions/apiVersion.js';
import { changesAfter } from '../versions/chain.js';
import type { ResourceChange, View } from '../versions/change.js';
import { KINDS, type ResourceKind } from '../versions/resourceKind.js';
import { FIELD_DESCRIPTIONS } from './fieldDescriptions.js';
import { cloneJson, type JsonSchema, jsonSchemaOf } from './jsonSchema.js';
import { LEGACY_FIELD_SCHEMAS } from './legacyFieldSchemas.js';
import {
  acceptsNull,
  removeSchemaAt,
  schemaAt,
  schemaFieldPaths,
  setSchemaAt,
  updateSchemaAt,
  withNull,
} from './schemaTree.js';

/** Whether `path` lies under `ancestor` (`client.id` under `client`). */
function isUnder(path: string, ancestor: string): boolean {
  return path.startsWith(`${ancestor}.`) || path.startsWith(`${ancestor}[]`);
}

function depth(path: string): number {
  return path.split(/\.|\[\]/).length;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

/** The top-level objects of a response schema: the resource, or each alternative of a union. */
function topLevelObjects(schema: JsonSchema): JsonSchema[] {
  const union = schema.oneOf ?? schema.anyOf;
  return (Array.isArray(union) ? union : [schema]).filter(
    (branch): branch is JsonSchema => typeof branch === 'object' && branch !== null && 'properties' in branch,
  );
}

function propertiesOf(object: JsonSchema): Record<string, JsonSchema> {
  return object.properties as Record<string, JsonSchema>;
}

/**
 * An amount as the serializer writes it: a JSON number with exactly its digits (DESIGN.md "Money is
 * never a JS number"; `KINDS[kind].numbers`), null where the model allows no value. `format:
 * decimal` (OpenAPI format registry) tells SDK generators to read it into a decimal type, not a float.
 */
function wireNumber(schema: JsonSchema, money: boolean): JsonSchema {
  const number: JsonSchema = {
    type: 'number',
    format: 'decimal',
    description: money
      ? 'An amount, written as a JSON number with the currency decimals (ISO 4217), digit for digit: read it as a decimal, not a float.'
      : 'A decimal, written as a JSON number with the decimals it was given, digit for digit: read it as a decimal, not a float.',
  };
  return acceptsNull(schema) ? withNull(number) : number;
}

function describedBy(schema: JsonSchema, change: ResourceChange): JsonSchema {
  const note = `Changed in a later version (${change.description}).`;
  const existing = typeof schema.description === 'string' ? `${schema.description} ` : '';
  return { ...schema, description: `${existing}${note}` };
}

/**
 * The schema of a field `change` took away (`path`, one of its `removed`), which the older version
 * still returns: from {@link LEGACY_FIELD_SCHEMAS}, else the schema of the field it became when the
 * change replaced it with one field (`before` is the schema as it was before the change was undone):
 * a rename (`type_document` → `type_code`, `client` → `contact`, with only the sub-fields the change
 * lists), or flat fields folded into one object (`iban` → `bank_account.iban`).
 */
function legacySchema(
  kind: ResourceKind,
  change: ResourceChange,
  path: string,
  before: JsonSchema,
): JsonSchema {
  const listed = LEGACY_FIELD_SCHEMAS[kind]?.[path];
  if (listed !== undefined) return cloneJson(listed);
  const added = change.added ?? [];
  const removed = change.removed ?? [];
  const [target] = added;
  if (added.length === 1 && target !== undefined) {
    const roots = removed.filter((field) => !removed.some((other) => isUnder(field, other)));
    const [root] = roots;
    if (roots.length === 1 && root !== undefined) {
      const found = schemaAt(before, `${target}${path.slice(root.length)}`);
      if (found !== undefined) {
        if (path !== root) return found;
        // The older object has exactly the sub-fields the change lists (the legacy `client` has
        // `taxcode`, not the contact's `tin_value` and `tin_scheme`).
        const children = removed
          .filter((field) => isUnder(field, root))
          .map((field) => field.slice(root.length + 1));
        if (children.length > 0)
          for (const field of schemaFieldPaths(found))
            if (!children.includes(field)) removeSchemaAt(found, field);
        return found;
      }
    } else {
      const found = schemaAt(before, `${target}.${lastSegment(path)}`);
      if (found !== undefined) return found;
    }
  }
  throw new TypeError(
    `openapi: no schema for the ${kind} field ${path} of older versions: add it to LEGACY_FIELD_SCHEMAS`,
  );
}

/**
 * The response schema of resource `kind` in API `version`, exactly as `serialize` writes it
 * (`src/versions/serialize.ts`): the canonical model's fields, every top-level field present (null
 * when unset), write-only fields left out, amounts as JSON numbers (`KINDS[kind].numbers`), then every
 * newer version's change undone, newest first — the fields it added taken away, the fields it removed
 * put back (renamed fields keep the schema of their new name) — the same walk as `fieldsOf`, so the
 * schema describes exactly `fieldsOf(version, kind)`. Expandable fields (spec §2.5 rule 3) are
 * described but not required; a `list_entry` leaves out what list entries leave out (spec §2.2
 * rule 4).
 *
 * @example
 * ```ts
 * const line = responseSchema('2026-03-02', 'invoice').properties.lines.items.properties;
 * 'clasification_code_scheme' in line; // true (the misspelling of the versions before v2026-04-20)
 * ```
 */
export function responseSchema(version: ApiVersion, kind: ResourceKind, view: View = 'full'): JsonSchema {
  const shape = KINDS[kind];
  const schema = jsonSchemaOf(shape.schema, 'output');
  // `canonicalResponse` writes every top-level field of the schema, null when the resource has none.
  for (const object of topLevelObjects(schema)) {
    const required = Array.isArray(object.required) ? (object.required as string[]) : [];
    const properties = propertiesOf(object);
    for (const [key, field] of Object.entries(properties))
      if (!required.includes(key)) properties[key] = withNull(field);
  }
  for (const path of shape.writeOnly) removeSchemaAt(schema, path);
  for (const { path, money } of shape.numbers)
    updateSchemaAt(schema, path, (field) => wireNumber(field, money === true));

  for (const change of changesAfter(version, kind).reverse()) {
    const before = cloneJson(schema);
    for (const path of change.added ?? []) removeSchemaAt(schema, path);
    const removed = [...(change.removed ?? [])].sort((a, b) => depth(a) - depth(b));
    for (const path of removed) {
      const field = legacySchema(kind, change, path, before);
      const isRoot = !removed.some((other) => isUnder(path, other));
      setSchemaAt(schema, path, isRoot ? describedBy(field, change) : field);
    }
  }

  if (view === 'list_entry') for (const path of shape.omittedFromListEntries) removeSchemaAt(schema, path);
  const expandable: readonly string[] = shape.expandable;
  for (const path of expandable)
    updateSchemaAt(schema, path, (field) => ({
      ...field,
      description: 'Returned only when named in the `include` query parameter (spec §2.1, §2.5 rule 3).',
    }));
  for (const [path, description] of Object.entries(FIELD_DESCRIPTIONS[kind] ?? {}))
    updateSchemaAt(schema, path, (field) => ({ ...field, description }));
  for (const object of topLevelObjects(schema)) {
    const required = Object.keys(propertiesOf(object)).filter((key) => !expandable.includes(key));
    if (required.length > 0) object.required = required;
    else delete object.required;
  }
  return schema;
}
