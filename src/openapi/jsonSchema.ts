import { LosslessNumber } from 'lossless-json';
import { z } from 'zod';

/**
 * A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain JSON: what the OpenAPI documents are
 * built from. Plain data only (no functions, no `undefined`), so `JSON.stringify` writes it as it is.
 *
 * @example
 * ```ts
 * const schema: JsonSchema = { type: ['string', 'null'], maxLength: 64 };
 * ```
 */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * Which side of a zod schema to describe: what a request may send, or what a response holds.
 *
 * @example
 * ```ts
 * jsonSchemaOf(InvoiceCreateSchema, 'input' satisfies SchemaIo);
 * ```
 */
export type SchemaIo = 'input' | 'output';

/** The largest integer a JSON client reads exactly (an id never exceeds it, `identifier()`). */
const MAX_SAFE_ID = 9_007_199_254_740_991;

/**
 * The shape of a decimal string the model accepts (`isDecimalString`: no exponent, no `+`).
 *
 * @example
 * ```ts
 * new RegExp(DECIMAL_STRING_PATTERN).test('-12.50'); // true
 * ```
 */
export const DECIMAL_STRING_PATTERN = '^-?[0-9]+(\\.[0-9]+)?$';

/**
 * A deep copy of a plain JSON value. The documents are built by editing copies, so that no caller
 * (and no cached conversion) ever sees another's edits.
 *
 * @example
 * ```ts
 * const copy = cloneJson({ type: 'object', properties: {} });
 * ```
 */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The parts of zod v4's internal definition the conversion reads. */
interface Def {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
}

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

/**
 * What a preprocessed field (`z.preprocess(read, schema)`) is on the wire, found by asking the
 * schema itself rather than by name, so that a new field built from `decimal()` or `identifier()`
 * (src/model/fields.ts) is described right without a list to keep up to date:
 *
 * - a decimal reads a JSON number (a lossless number, as the HTTP edge parses it) into its decimal
 *   text: `1.5` parses to `'1.5'` (DESIGN.md "Money is never a JS number");
 * - an identifier reads a number into a positive integer: `7` parses to `7`;
 * - a `_destroy` flag (`destroyFlag()`) reads the Rails forms into a boolean: `"1"` and `1` parse to
 *   `true`, `"0"` to `false`.
 */
function preprocessedKind(schema: z.ZodType): 'decimal' | 'identifier' | 'flag' | null {
  const def = defOf(schema);
  if (def.type !== 'pipe' || def.in === undefined || defOf(def.in).type !== 'transform') return null;
  const decimal = schema.safeParse(new LosslessNumber('1.5'));
  if (decimal.success && decimal.data === '1.5' && !schema.safeParse('x').success) return 'decimal';
  const id = schema.safeParse(new LosslessNumber('7'));
  if (id.success && id.data === 7 && !schema.safeParse(0).success) return 'identifier';
  const on = schema.safeParse(new LosslessNumber('1'));
  const off = schema.safeParse('0');
  if (on.success && on.data === true && off.success && off.data === false && !schema.safeParse('x').success)
    return 'flag';
  return null;
}

/** What a request may send as a `_destroy` flag (`destroyFlag()`): a boolean or its Rails forms. */
const FLAG_INPUT: JsonSchema = {
  anyOf: [
    { type: 'boolean' },
    { type: 'integer', enum: [0, 1] },
    { type: 'string', enum: ['true', 'false', '1', '0'] },
  ],
  description:
    'A boolean: `true`, `"true"`, `1` or `"1"` removes the element; `false`, `"false"`, `0` or `"0"` keeps it.',
};

/** Replaces the content of `target` with `source` (zod's override hook edits the object in place). */
function replaceWith(target: JsonSchema, source: JsonSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

/** `schema` or null: a field that accepts `null` says so. */
function orNull(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable) return schema;
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  return { anyOf: [schema, { type: 'null' }] };
}

const CACHE: Record<SchemaIo, WeakMap<z.ZodType, JsonSchema>> = {
  input: new WeakMap(),
  output: new WeakMap(),
};

function convert(schema: z.ZodType, io: SchemaIo): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const node = zodSchema as unknown as z.ZodType;
      const def = defOf(node);
      // A value reshaped after validation (`events` de-duplicated) keeps the type it was validated
      // with; zod cannot describe a transform's result and would write `{}`.
      if (
        io === 'output' &&
        def.type === 'pipe' &&
        def.in !== undefined &&
        def.out !== undefined &&
        defOf(def.out).type === 'transform'
      ) {
        replaceWith(jsonSchema as JsonSchema, convert(def.in, io));
        return;
      }
      const kind = preprocessedKind(node);
      if (kind === null) return;
      const nullable = node.safeParse(null).success;
      if (kind === 'flag') {
        replaceWith(
          jsonSchema as JsonSchema,
          orNull(io === 'input' ? FLAG_INPUT : { type: 'boolean' }, nullable),
        );
        return;
      }
      if (kind === 'identifier') {
        replaceWith(
          jsonSchema as JsonSchema,
          orNull({ type: 'integer', minimum: 1, maximum: MAX_SAFE_ID }, nullable),
        );
        return;
      }
      // A decimal is a decimal string in the model. A request may send it as a JSON number (read
      // digit for digit) or as the string; what a response writes is the serializer's business
      // (`KINDS[kind].numbers`, see `responseSchema`).
      const decimal: JsonSchema =
        io === 'input'
          ? {
              anyOf: [
                { type: 'number', format: 'decimal' },
                { type: 'string', format: 'decimal', pattern: DECIMAL_STRING_PATTERN },
              ],
              description: 'A decimal amount: a JSON number (read digit for digit) or a decimal string.',
            }
          : { type: 'string', format: 'decimal', pattern: DECIMAL_STRING_PATTERN };
      replaceWith(jsonSchema as JsonSchema, orNull(decimal, nullable));
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * The JSON Schema (2020-12) of a zod schema of the model, as OpenAPI 3.1 documents it: `io: 'input'`
 * for what a request may send, `'output'` for what the model holds. On top of zod's own conversion,
 * decimals (`decimal()`) are described as what the model accepts — a JSON number or a decimal string
 * on input, a decimal string on output — and identifiers (`identifier()`) as positive integers.
 * Each call returns a fresh copy.
 *
 * @example
 * ```ts
 * jsonSchemaOf(AccountCreateSchema, 'input').required; // ['name', 'country']
 * jsonSchemaOf(z.object({ price: decimal() }), 'input').properties.price.anyOf[0]; // { type: 'number', format: 'decimal' }
 * ```
 */
export function jsonSchemaOf(schema: z.ZodType, io: SchemaIo): JsonSchema {
  let json = CACHE[io].get(schema);
  if (json === undefined) {
    json = convert(schema, io);
    CACHE[io].set(schema, json);
  }
  return cloneJson(json);
}
