import { cloneJson, type JsonSchema } from './jsonSchema.js';

/*
 * Field paths over JSON Schemas, in the notation of `src/versions/fieldPath.ts` (`contact.cin_value`,
 * `lines[].price`; `[]` = every element of an array), so that the version changes, which name the
 * fields they add and remove that way, can be replayed on a schema. A path goes through the
 * alternatives zod writes for nullable and union fields (`anyOf`, `oneOf`): a union contributes the
 * fields of every alternative, as `schemaPaths` does for zod schemas.
 *
 * The editing functions change the schema they are given, in place: the builders always work on
 * their own copy (`jsonSchemaOf` returns a fresh one).
 */

interface Segment {
  key: string;
  each: boolean;
}

function segmentsOf(path: string): Segment[] {
  return path
    .split('.')
    .map((part) =>
      part.endsWith('[]') ? { key: part.slice(0, -2), each: true } : { key: part, each: false },
    );
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The alternatives a schema stands for: its `anyOf` / `oneOf` branches, flattened, or the schema
 * itself (a nullable field is its value's schema and `{type: 'null'}`).
 *
 * @example
 * ```ts
 * alternatives({ anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] }).length; // 2
 * ```
 */
export function alternatives(node: JsonSchema): JsonSchema[] {
  const union = node.anyOf ?? node.oneOf;
  if (!Array.isArray(union)) return [node];
  return union.filter(isSchema).flatMap(alternatives);
}

function objectAlternatives(node: JsonSchema): JsonSchema[] {
  return alternatives(node).filter((branch) => isSchema(branch.properties));
}

function arrayElements(node: JsonSchema): JsonSchema[] {
  return alternatives(node)
    .map((branch) => branch.items)
    .filter(isSchema);
}

function propertiesOf(node: JsonSchema): Record<string, JsonSchema> {
  return node.properties as Record<string, JsonSchema>;
}

/** The object nodes that hold the last segment of `path`, and that segment's key. */
function parentsOf(root: JsonSchema, path: string): { parents: JsonSchema[]; key: string } {
  const segments = segmentsOf(path);
  const last = segments.pop();
  if (last === undefined || last.each) throw new TypeError(`schemaTree: ${path} does not name a field`);
  let nodes = [root];
  for (const segment of segments) {
    const next: JsonSchema[] = [];
    for (const node of nodes)
      for (const object of objectAlternatives(node)) {
        const child = propertiesOf(object)[segment.key];
        if (child === undefined) continue;
        if (segment.each) next.push(...arrayElements(child));
        else next.push(child);
      }
    nodes = next;
  }
  return { parents: nodes.flatMap(objectAlternatives), key: last.key };
}

/**
 * A copy of the schema of the field at `path` (the first alternative that has it), or undefined.
 *
 * @example
 * ```ts
 * schemaAt(responseSchema('2026-04-20', 'invoice'), 'lines[].price'); // { type: 'number', format: 'decimal', … }
 * ```
 */
export function schemaAt(root: JsonSchema, path: string): JsonSchema | undefined {
  const { parents, key } = parentsOf(root, path);
  for (const parent of parents) {
    const found = propertiesOf(parent)[key];
    if (found !== undefined) return cloneJson(found);
  }
  return undefined;
}

/**
 * Removes the field at `path` from every alternative that has it (and from their `required`).
 * Returns whether there was one.
 *
 * @example
 * ```ts
 * removeSchemaAt(jsonSchemaOf(InvoiceSchema, 'output'), 'contact.cin_value'); // true
 * ```
 */
export function removeSchemaAt(root: JsonSchema, path: string): boolean {
  const { parents, key } = parentsOf(root, path);
  let removed = false;
  for (const parent of parents) {
    const properties = propertiesOf(parent);
    if (!Object.hasOwn(properties, key)) continue;
    delete properties[key];
    if (Array.isArray(parent.required)) {
      parent.required = parent.required.filter((name) => name !== key);
      if ((parent.required as unknown[]).length === 0) delete parent.required;
    }
    removed = true;
  }
  return removed;
}

/**
 * Sets the field at `path` to `schema` in every object alternative of its parent (`required` makes
 * it a required property there). A path whose parent does not exist is a programmer error and
 * throws.
 *
 * @example
 * ```ts
 * setSchemaAt(jsonSchemaOf(ContactSchema, 'output'), 'taxcode', { type: ['string', 'null'] }, { required: true });
 * ```
 */
export function setSchemaAt(
  root: JsonSchema,
  path: string,
  schema: JsonSchema,
  options: { required?: boolean } = {},
): void {
  const { parents, key } = parentsOf(root, path);
  if (parents.length === 0) throw new TypeError(`schemaTree: no object holds ${path}`);
  for (const parent of parents) {
    propertiesOf(parent)[key] = cloneJson(schema);
    if (options.required === true) {
      const required = Array.isArray(parent.required) ? (parent.required as string[]) : [];
      if (!required.includes(key)) parent.required = [...required, key];
    }
  }
}

/**
 * Replaces the schema of the field at `path`, in every alternative that has it, with what `update`
 * makes of it. Returns whether there was one.
 *
 * @example
 * ```ts
 * updateSchemaAt(jsonSchemaOf(InvoiceSchema, 'output'), 'total', (schema) => ({ ...schema, description: 'The invoice total.' }));
 * ```
 */
export function updateSchemaAt(
  root: JsonSchema,
  path: string,
  update: (schema: JsonSchema) => JsonSchema,
): boolean {
  const { parents, key } = parentsOf(root, path);
  let updated = false;
  for (const parent of parents) {
    const properties = propertiesOf(parent);
    const current = properties[key];
    if (current === undefined) continue;
    properties[key] = update(current);
    updated = true;
  }
  return updated;
}

/**
 * Every field path a JSON Schema describes, in the notation of `fieldPath.ts`, the way
 * `schemaPaths` lists them for a zod schema: nested objects by `.`, array elements by `[]`, the
 * fields of every alternative of a union.
 *
 * @example
 * ```ts
 * schemaFieldPaths({ type: 'object', properties: { a: { type: 'array', items: { type: 'object', properties: { b: {} } } } } });
 * // ['a', 'a[].b']
 * ```
 */
export function schemaFieldPaths(root: JsonSchema, prefix = ''): string[] {
  const paths: string[] = [];
  for (const object of objectAlternatives(root))
    for (const [key, child] of Object.entries(propertiesOf(object))) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      paths.push(path);
      for (const element of arrayElements(child)) paths.push(...schemaFieldPaths(element, `${path}[]`));
      paths.push(...schemaFieldPaths(child, path));
    }
  return [...new Set(paths)];
}

/**
 * Whether a schema accepts `null`.
 *
 * @example
 * ```ts
 * acceptsNull({ type: ['string', 'null'] }); // true
 * acceptsNull({ anyOf: [{ type: 'string' }, { type: 'null' }] }); // true
 * ```
 */
export function acceptsNull(schema: JsonSchema): boolean {
  return alternatives(schema).some(
    (branch) => branch.type === 'null' || (Array.isArray(branch.type) && branch.type.includes('null')),
  );
}

/**
 * The schema, also accepting `null`: for a field the serializer writes as null when it has no value.
 *
 * @example
 * ```ts
 * withNull({ type: 'string' }); // { type: ['string', 'null'] }
 * withNull({ type: 'string', enum: ['a'] }); // { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] }
 * ```
 */
export function withNull(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema)) return schema;
  const keys = Object.keys(schema).filter((key) => key !== 'description');
  // A type list keeps the other keywords (they constrain strings and numbers only), but an `enum` or
  // `const` would still refuse null.
  if (typeof schema.type === 'string' && !keys.includes('enum') && !keys.includes('const'))
    return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.anyOf) && keys.every((key) => key === 'anyOf'))
    return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  return { anyOf: [schema, { type: 'null' }] };
}
