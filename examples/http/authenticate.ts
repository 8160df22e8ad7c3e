/**
 * Authentication of spec §5 over the key-store port: `X-B2B-API-Key` missing → 401
 * `missing_api_key`; not a key → 401 `invalid_api_key`; past its `expires_at` → 401
 * `expired_api_key`; a key of another environment than this server's → 401 `unauthorized` (rule 2);
 * a key without a group (or naming a group the store does not have) → 403 `no_account_group` (rule 3).
 */
import { ApiError } from '../../src/errors/ApiError.js';
import { millisFromInstant } from '../../src/model/instant.js';
import type { AccountGroup, ApiEnvironment, ApiKeyRecord, KeyStore } from '../../src/ports.js';

/** The header of spec §5 rule 1. */
export const API_KEY_HEADER = 'X-B2B-API-Key';

/** An authenticated key and its group. */
export interface Authenticated {
  key: ApiKeyRecord;
  group: AccountGroup;
}

/**
 * The key and group of a request, or the 401/403 of spec §5.
 *
 * @example
 * ```ts
 * const { group } = await authenticate(keys, request.headers.get('X-B2B-API-Key'), 'sandbox', Date.now());
 * // onRefused (optional) hears of a known key refused for its expiry or environment
 * ```
 */
export async function authenticate(
  keys: KeyStore,
  header: string | null | undefined,
  environment: ApiEnvironment,
  now: number,
  onRefused: (key: ApiKeyRecord) => void = () => {},
): Promise<Authenticated> {
  const value = header?.trim() ?? '';
  if (value === '')
    throw new ApiError('missing_api_key', `Send your API key in the ${API_KEY_HEADER} header`, {
      param: null,
    });
  const key = await keys.key(value);
  if (key === null) throw new ApiError('invalid_api_key', 'Invalid API key provided', { param: null });
  if (key.expires_at !== null && millisFromInstant(key.expires_at) <= now) {
    onRefused(key);
    throw new ApiError('expired_api_key', `This API key expired at ${key.expires_at}`, { param: null });
  }
  if (key.environment !== environment) {
    onRefused(key);
    throw new ApiError(
      'unauthorized',
      `This is a ${key.environment} key; this server is the ${environment} environment`,
      { param: null },
    );
  }
  const group = key.group === null ? null : await keys.group(key.group);
  if (group === null)
    throw new ApiError(
      'no_account_group',
      'This API key is not linked to an account group with permissions',
      {
        param: null,
      },
    );
  return { key, group };
}
