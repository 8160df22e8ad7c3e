/**
 * The conditions a list filter puts on stored records (issue #19: the list filters of
 * GET /accounts/{account}/invoices, the contacts' `name` search, the Ransack-style `query`), as the
 * `Repository.search` port takes them, and {@link recordMatches}, which says whether one record meets
 * them: the memory adapter filters with it, and the PostgreSQL adapter's SQL is held to the same
 * meaning by the repository contract (`test/contracts/repository.ts`).
 *
 * @module
 */

/** A top-level field (`['number']`) or a path into nested objects (`['contact', 'tin_value']`). */
export type FieldPath = readonly [string, ...string[]];

/** A value a condition compares with: a JSON scalar. */
export type ConditionValue = string | number | boolean | null;

/**
 * One condition on a record:
 *
 * - `eq`: the value at `field` is `value`, with its JSON type (the string `'20'` is not the number
 *   `20`); `null` matches a field that is null or absent (or whose parent object is);
 * - `gt`, `gte`, `lt`, `lte`: the value at `field` is a string that sorts after / not before / before /
 *   not after `value` by code unit — ISO dates (`YYYY-MM-DD`) and the service's UTC instants
 *   (`YYYY-MM-DDTHH:MM:SS.mmmZ`) sort as they happen; a field that is not a string never matches;
 * - `contains`: one of `fields` is a string containing `value`, ASCII letters compared without case
 *   (`A`–`Z` = `a`–`z`; other characters exactly, so that every adapter agrees whatever its locale).
 */
export type RecordCondition =
  | { readonly field: FieldPath; readonly op: 'eq'; readonly value: ConditionValue }
  | { readonly field: FieldPath; readonly op: 'gt' | 'gte' | 'lt' | 'lte'; readonly value: string }
  | { readonly fields: readonly FieldPath[]; readonly op: 'contains'; readonly value: string };

/**
 * Splits conditions into the top-level equalities a repository's `find` answers through its indexes
 * (the first `eq` on each one-segment field) and the rest, which are checked per record. Every
 * adapter of `Repository.search` narrows the same way, so the split lives beside the conditions.
 *
 * @example
 * ```ts
 * indexedEqualities([
 *   { field: ['state'], op: 'eq', value: 'new' },
 *   { field: ['date'], op: 'gte', value: '2026-01-01' },
 * ]);
 * // { where: { state: 'new' }, rest: [{ field: ['date'], op: 'gte', value: '2026-01-01' }] }
 * ```
 */
export function indexedEqualities(conditions: readonly RecordCondition[]): {
  where: Record<string, ConditionValue>;
  rest: RecordCondition[];
} {
  const where: Record<string, ConditionValue> = {};
  const rest: RecordCondition[] = [];
  for (const condition of conditions) {
    const field = condition.op === 'eq' && condition.field.length === 1 ? condition.field[0] : undefined;
    if (condition.op === 'eq' && field !== undefined && !Object.hasOwn(where, field))
      where[field] = condition.value;
    else rest.push(condition);
  }
  return { where, rest };
}

/**
 * The value at `path` inside `record`, or undefined when a step is missing or not an object.
 *
 * @example
 * ```ts
 * valueAt({ contact: { tin_value: 'B1' } }, ['contact', 'tin_value']); // 'B1'
 * valueAt({ contact: null }, ['contact', 'tin_value']); // undefined
 * ```
 */
export function valueAt(record: unknown, path: FieldPath): unknown {
  let value: unknown = record;
  for (const step of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/**
 * A string with its ASCII letters in lower case and nothing else changed: the case folding of
 * `contains` (PostgreSQL's `translate` does the same, independent of the database's locale).
 *
 * @example
 * ```ts
 * asciiLowerCase('ÑANDÚ Example'); // 'ÑANDÚ example'
 * ```
 */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Whether one condition holds for `record`. */
function holds(record: unknown, condition: RecordCondition): boolean {
  if (condition.op === 'contains') {
    const needle = asciiLowerCase(condition.value);
    return condition.fields.some((path) => {
      const value = valueAt(record, path);
      return typeof value === 'string' && asciiLowerCase(value).includes(needle);
    });
  }
  const value = valueAt(record, condition.field);
  if (condition.op === 'eq') {
    if (condition.value === null) return value === undefined || value === null;
    return value === condition.value;
  }
  if (typeof value !== 'string') return false;
  switch (condition.op) {
    case 'gt':
      return value > condition.value;
    case 'gte':
      return value >= condition.value;
    case 'lt':
      return value < condition.value;
    case 'lte':
      return value <= condition.value;
  }
}

/**
 * Whether `record` meets every condition (none: every record does). The meaning every
 * `Repository.search` gives its conditions (see {@link RecordCondition}).
 *
 * @example
 * ```ts
 * recordMatches(
 *   { date: '2026-04-20', contact: { tin_value: 'B76543214' } },
 *   [
 *     { field: ['date'], op: 'gte', value: '2026-04-01' },
 *     { field: ['contact', 'tin_value'], op: 'eq', value: 'B76543214' },
 *   ],
 * ); // true
 * ```
 */
export function recordMatches(record: unknown, conditions: readonly RecordCondition[]): boolean {
  return conditions.every((condition) => holds(record, condition));
}
