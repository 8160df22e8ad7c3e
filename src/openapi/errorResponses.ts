import { ERROR_CATALOG, ERROR_TYPE, type ErrorCode } from '../errors/catalog.js';
import type { JsonSchema } from './jsonSchema.js';

/**
 * The HTTP statuses of spec §7.2 (and 413, issue #8; 503, issue #24) an operation of the binding can answer.
 *
 * @example
 * ```ts
 * ERROR_STATUSES.includes(422); // true
 * ```
 */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 422, 429, 503] as const;

/**
 * One of {@link ERROR_STATUSES}.
 *
 * @example
 * ```ts
 * const status: ErrorStatus = 404;
 * ```
 */
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/**
 * The name of each status's response in `components.responses`.
 *
 * @example
 * ```ts
 * ERROR_RESPONSE_NAMES[404]; // 'NotFound': `#/components/responses/NotFound`
 * ```
 */
export const ERROR_RESPONSE_NAMES: Readonly<Record<ErrorStatus, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

const SUMMARIES: Readonly<Record<ErrorStatus, string>> = {
  400: 'Malformed JSON, wrong types or unexpected structure, or an API version problem.',
  401: 'The API key is missing, unknown, expired or of another environment (spec §5).',
  403: 'The API key has no account group (spec §5 rule 3).',
  404: 'The resource does not exist or belongs to another tenant, or the endpoint does not exist in this version.',
  409: 'The current state of the resource rejects the operation.',
  413: 'The request body is over the size limit (10 MiB by default).',
  422: 'A field is missing, blank, outside its catalogue, taken, immutable or invalid; `param` names it.',
  429: 'Rate limit exceeded: retry after `Retry-After` seconds, with exponential backoff (spec §8).',
  503: 'The storage is briefly unreachable (a database restart): retry the same request after `Retry-After` seconds.',
};

/**
 * The `error.code` values a status carries (spec §7.2): the catalog's codes of that status, except
 * `unsupported_type`, which only ever appears per record inside a batch status (spec §4.1 rule 3),
 * and with null for 429, which the service sends without a code.
 *
 * @example
 * ```ts
 * errorCodesOf(401); // ['unauthorized', 'missing_api_key', 'invalid_api_key', 'expired_api_key']
 * errorCodesOf(429); // [null]
 * ```
 */
export function errorCodesOf(status: ErrorStatus): (string | null)[] {
  if (status === 429) return [null];
  return (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter(
    (code) => ERROR_CATALOG[code].status === status && code !== 'unsupported_type' && code !== 'rate_limited',
  );
}

/**
 * The error body of spec §7.1, `{error: {code, message, param, request_log_url, type}}`, as fiscalkit
 * writes it: every key present, null where it does not apply (`errorBody`); `code` null only for 429
 * (and for a 500, whose `type` is `api_error`).
 *
 * @example
 * ```ts
 * errorSchema().properties.error.required; // ['code', 'message', 'param', 'request_log_url', 'type']
 * ```
 */
export function errorSchema(): JsonSchema {
  const codes = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((code) => code !== 'rate_limited');
  return {
    type: 'object',
    description: 'An error response (spec §7.1).',
    properties: {
      error: {
        type: 'object',
        properties: {
          code: {
            type: ['string', 'null'],
            enum: [...codes, null],
            description: 'The error code of spec §7.2; null for 429 (rate limit) and 500.',
          },
          message: { type: 'string', description: 'What went wrong, in English.' },
          param: {
            type: ['string', 'null'],
            description: 'The offending field or parameter (`contact`, `lines[0].price`), when there is one.',
          },
          request_log_url: {
            type: ['string', 'null'],
            format: 'uri',
            description: 'The request log of this request (GET /request_logs/{id}).',
          },
          type: {
            type: 'string',
            enum: [ERROR_TYPE, 'api_error'],
            description: '`invalid_request_error`; `api_error` only for a 500.',
          },
        },
        required: ['code', 'message', 'param', 'request_log_url', 'type'],
      },
    },
    required: ['error'],
  };
}

/**
 * The response object of an error status: the body of {@link errorSchema} with `code` narrowed to
 * the codes of that status, an example, and the headers every logged response carries
 * (`headers`, components.headers references; 429 and 503 add `Retry-After`).
 *
 * @example
 * ```ts
 * errorResponse(404, { 'X-B2B-API-Request-Id': { $ref: '#/components/headers/RequestId' } }).description;
 * ```
 */
export function errorResponse(
  status: ErrorStatus,
  headers: Readonly<Record<string, JsonSchema>>,
): JsonSchema {
  const codes = errorCodesOf(status);
  const [first] = codes;
  const listed = codes.map((code) => (code === null ? 'no code' : `\`${code}\``)).join(', ');
  return {
    description: `${SUMMARIES[status]} Codes: ${listed}.`,
    headers:
      status === 429 || status === 503
        ? {
            ...headers,
            'Retry-After': {
              description: 'Seconds to wait before the next request (RFC 9110 §10.2.3).',
              schema: { type: 'integer', minimum: 0 },
            },
          }
        : { ...headers },
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Error' },
            {
              type: 'object',
              properties: {
                error: { type: 'object', properties: { code: { enum: codes } } },
              },
            },
          ],
        },
        example: {
          error: {
            code: first ?? null,
            message:
              first === null || first === undefined
                ? 'Rate limit exceeded: retry later with exponential backoff'
                : ERROR_CATALOG[first as ErrorCode].cause,
            param: status === 422 ? 'number' : null,
            request_log_url: 'https://api.example.com/request_logs/42',
            type: ERROR_TYPE,
          },
        },
      },
    },
  };
}
