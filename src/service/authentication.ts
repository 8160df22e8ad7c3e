/**
 * Authentication of spec §5, as a use case any binding calls (issue #20 §1): it reads the key store
 * port and nothing else, and answers which key and group a request is, or which wire error refuses
 * it. The binding only reads the header into it and writes the answer out.
 */
import { ApiError } from '../errors/ApiError.js';
import type { ErrorCode } from '../errors/catalog.js';
import { millisFromInstant } from '../model/instant.js';
import type { AccountGroup, ApiEnvironment, ApiKeyRecord, KeyStore } from '../ports.js';

/** The header that carries the API key (spec §5 rule 1). */
export const API_KEY_HEADER = 'X-B2B-API-Key';

/** An authenticated request: its key and the group the key is linked to. */
export interface Authenticated {
  key: ApiKeyRecord;
  group: AccountGroup;
}

/** Where and when a key is checked. */
export interface AuthenticateOptions {
  /** The environment of this service: a key of another one is refused (spec §5 rule 2). */
  environment: ApiEnvironment;
  /** Now, in milliseconds since the epoch (the `Clock` port): a key expired by then is refused. */
  now: number;
}

/**
 * The answer of {@link authenticateApiKey}: the key and its group, or the wire error that refuses the
 * request. `key` of a refusal is the stored key when it was refused for its expiry or its environment:
 * its group, if it names one, owns the log of the refused request. It is `null` when no key was sent,
 * the key is unknown, or the key has no group (there is no group to log the request under).
 */
export type Authentication =
  | ({ success: true } & Authenticated)
  | { success: false; error: ApiError; key: ApiKeyRecord | null };

function refused(code: ErrorCode, message: string): ApiError {
  return new ApiError(code, message, { param: null });
}

/**
 * Authenticates the API key of a request (spec §5), in the order of its rules:
 *
 * - no key (absent or blank): 401 `missing_api_key` (spec §5 rule 4);
 * - a key the store does not know: 401 `invalid_api_key` (spec §5 rule 4);
 * - a key past its `expires_at`: 401 `expired_api_key` (spec §5 rule 4);
 * - a key of another environment than this service's: 401 `unauthorized` (spec §5 rule 2);
 * - a key without a group, or naming a group the store does not have: 403 `no_account_group`
 *   (spec §5 rule 3).
 *
 * @param keys - The key store port.
 * @param apiKey - The value of the `X-B2B-API-Key` header ({@link API_KEY_HEADER}), as sent.
 *
 * @example
 * ```ts
 * const answer = await authenticateApiKey(ports.keys, request.headers.get(API_KEY_HEADER), {
 *   environment: 'sandbox',
 *   now: ports.clock.now(),
 * });
 * if (!answer.success) throw answer.error; // 401 or 403, spec §5
 * answer.group.id; // the caller's group
 * ```
 */
export async function authenticateApiKey(
  keys: KeyStore,
  apiKey: string | null | undefined,
  options: AuthenticateOptions,
): Promise<Authentication> {
  const value = apiKey?.trim() ?? '';
  if (value === '')
    return {
      success: false,
      error: refused('missing_api_key', `Send your API key in the ${API_KEY_HEADER} header`),
      key: null,
    };
  const key = await keys.key(value);
  if (key === null)
    return { success: false, error: refused('invalid_api_key', 'Invalid API key provided'), key: null };
  if (key.expires_at !== null && millisFromInstant(key.expires_at) <= options.now)
    return {
      success: false,
      error: refused('expired_api_key', `This API key expired at ${key.expires_at}`),
      key,
    };
  if (key.environment !== options.environment)
    return {
      success: false,
      error: refused(
        'unauthorized',
        `This is a ${key.environment} key; this server is the ${options.environment} environment`,
      ),
      key,
    };
  const group = key.group === null ? null : await keys.group(key.group);
  if (group === null)
    return {
      success: false,
      error: refused('no_account_group', 'This API key is not linked to an account group with permissions'),
      key: null,
    };
  return { success: true, key, group };
}
