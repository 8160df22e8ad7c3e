import { ERROR_TYPE, type ErrorCode, errorStatus } from './catalog.js';

/** Options of an {@link ApiError}. */
export interface ApiErrorOptions {
  /** The offending field, written as on the wire (`lines[2].price`); null when no field is at fault. */
  param?: string | null;
  /** The underlying error, kept for logs; never serialized. */
  cause?: unknown;
  /**
   * The id of the rule that refused the request, when a validation issue did (issue #20 §4,
   * docs/rule-ids.md). For the host (logs, tests, its own messages); never serialized, because the
   * error body of spec §7.1 has no such field.
   */
  rule?: string | null;
}

/**
 * An error the service answers with: a catalog code (spec §7.2), its HTTP status, the offending
 * `param` and a message for the developer. Everything fiscalkit rejects is an `ApiError`; anything
 * else that escapes is a bug.
 *
 * @example
 * ```ts
 * const error = new ApiError('parameter_invalid', 'lines[2].price must be a decimal string', {
 *   param: 'lines[2].price',
 * });
 * error.status; // 422
 * ```
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly param: string | null;
  readonly type = ERROR_TYPE;
  /** The rule that refused the request ({@link ApiErrorOptions.rule}); null when none is named. */
  readonly rule: string | null;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = errorStatus(code);
    this.param = options.param ?? null;
    this.rule = options.rule ?? null;
  }
}

/**
 * Whether a value is an {@link ApiError} (also across bundle copies, by shape).
 *
 * @example
 * ```ts
 * try {
 *   computeTotals(input);
 * } catch (error) {
 *   if (isApiError(error)) console.log(error.status, error.param);
 * }
 * ```
 */
export function isApiError(value: unknown): value is ApiError {
  if (value instanceof ApiError) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ApiError>;
  return (
    candidate.name === 'ApiError' &&
    typeof candidate.code === 'string' &&
    typeof candidate.status === 'number' &&
    candidate.type === ERROR_TYPE
  );
}
