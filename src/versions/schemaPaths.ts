import type { z } from 'zod';

/** The parts of zod v4's internal definition the walker reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: readonly z.ZodType[];
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The schema a wrapper (optional, nullable, default, pipe, preprocess) stands for. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (
      def.innerType !== undefined &&
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)
    )
      current = def.innerType;
    else if (def.type === 'pipe' && def.in !== undefined && def.out !== undefined) {
      // A preprocess is `pipe(transform, schema)`, a refined pipe `pipe(schema, transform)`: the
      // side that is not a bare transform carries the shape.
      current = defOf(def.out).type === 'transform' ? def.in : def.out;
    } else return current;
  }
}

/**
 * Every field path a zod object schema describes, in the notation of `fieldPath.ts`
 * (`contact.cin_value`, `lines[].price`); unions contribute the paths of every option. Used to know
 * which fields the canonical (newest) version of a resource has.
 *
 * @example
 * ```ts
 * schemaPaths(z.object({ a: z.string(), b: z.array(z.object({ c: z.number() })).nullish() }));
 * // ['a', 'b', 'b[].c']
 * ```
 */
export function schemaPaths(schema: z.ZodType, prefix = ''): string[] {
  if (prefix !== '') return walk(schema, prefix);
  // Serializing calls this for every resource; the answer depends on the schema object only.
  let paths = CACHE.get(schema);
  if (paths === undefined) {
    paths = walk(schema, '');
    CACHE.set(schema, paths);
  }
  return [...paths];
}

const CACHE = new WeakMap<z.ZodType, readonly string[]>();

function walk(schema: z.ZodType, prefix: string): string[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'union' && def.options !== undefined)
    return [...new Set(def.options.flatMap((option) => walk(option, prefix)))];
  if (def.type !== 'object' || def.shape === undefined) return [];
  const paths: string[] = [];
  for (const [key, child] of Object.entries(def.shape)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    paths.push(path);
    const childInner = unwrap(child);
    const childDef = defOf(childInner);
    if (childDef.type === 'array' && childDef.element !== undefined)
      paths.push(...walk(childDef.element, `${path}[]`));
    else paths.push(...walk(childInner, path));
  }
  return [...new Set(paths)];
}
