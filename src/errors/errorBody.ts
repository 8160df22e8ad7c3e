import type { ApiError } from './ApiError.js';
import type { ErrorCode } from './catalog.js';

/** The error response body of the service (spec §7.1). */
export interface ErrorBody {
  error: {
    /** The catalog code; `null` only for 429, which the service sends without a code. */
    code: Exclude<ErrorCode, 'rate_limited'> | null;
    message: string;
    param: string | null;
    request_log_url: string | null;
    type: 'invalid_request_error';
  };
}

/**
 * Builds the error body `{error: {code, message, param, request_log_url, type}}` of spec §7.1.
 * Every key is always present (null when it does not apply), so clients can rely on the shape.
 *
 * @example
 * ```ts
 * errorBody(new ApiError('parameter_blank', 'contact needs tin_value or cin_value', { param: 'contact' }), {
 *   requestLogUrl: 'https://app.example/request_logs/42',
 * });
 * // { error: { code: 'parameter_blank', message: '…', param: 'contact',
 * //            request_log_url: 'https://app.example/request_logs/42', type: 'invalid_request_error' } }
 * ```
 */
export function errorBody(error: ApiError, options: { requestLogUrl?: string | null } = {}): ErrorBody {
  return {
    error: {
      code: error.code === 'rate_limited' ? null : error.code,
      message: error.message,
      param: error.param,
      request_log_url: options.requestLogUrl ?? null,
      type: error.type,
    },
  };
}
