import type { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { issuesFromZod } from '../errors/zodIssues.js';

/** Which request a body belongs to: a create (POST, PUT of a whole resource) or a partial update (PATCH). */
export type Operation = 'create' | 'update';

/**
 * Parses `input` with a resource schema and returns the value or the issues, never throwing for any
 * input (the fuzz property in `test/model` holds every parser to this). Unknown fields are dropped,
 * as the service ignores them (a sent `standard_documents` is "silently ignored", spec §2.8 rule 1);
 * a field of the wrong JSON type is `invalid_request_params` (spec §7.2).
 *
 * @example
 * ```ts
 * const result = parseWith(AccountCreateSchema, { name: 'ACME', country: 'es' });
 * if (result.success) result.data.country; // 'ES'
 * ```
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, issues: issuesFromZod(result.error, { input }) };
}
