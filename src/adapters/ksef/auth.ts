/**
 * Authentication with a KSeF token (uwierzytelnianie.md §2.2 and "Proces uwierzytelniania"):
 *
 * 1. `POST /auth/challenge` → `AuthenticationChallengeResponse` {challenge, timestampMs};
 * 2. `POST /auth/ksef-token` with `InitTokenAuthenticationRequest` {challenge, contextIdentifier
 *    {type 'Nip', value}, encryptedToken = RSA-OAEP-SHA-256(`token|timestampMs`), publicKeyId} →
 *    202 `AuthenticationInitResponse` {referenceNumber, authenticationToken};
 * 3. `GET /auth/{referenceNumber}` (Bearer authenticationToken) until `status.code` leaves 100
 *    (`AuthenticationOperationStatusResponse`; 200 success, 4xx failure, 500/550 try again);
 * 4. `POST /auth/token/redeem` (Bearer authenticationToken) → `AuthenticationTokensResponse`
 *    {accessToken, refreshToken}, once only;
 * 5. later, `POST /auth/token/refresh` (Bearer refreshToken) → a new `accessToken`.
 *
 * The OpenAPI gives these operations no operationId; they are named by method and path.
 */
import { rsaOaepSha256 } from './crypto.js';
import { type KsefHttp, KsefRequestError } from './http.js';
import type { KsefKeys } from './keys.js';

/** How authentication is set up. */
export interface KsefAuthOptions {
  http: KsefHttp;
  keys: KsefKeys;
  /** The KSeF token (generated in the KSeF application or by `POST /tokens`). */
  token: string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Between two `GET /auth/{referenceNumber}` polls. */
  pollIntervalMs: number;
  /** How long authentication may stay at status 100 before the attempt is given up (retryable). */
  authTimeoutMs: number;
}

/** Access tokens per NIP context. */
export interface KsefAuth {
  /** A valid access token for the NIP context: kept, refreshed or obtained anew. */
  accessToken(nip: string): Promise<string>;
  /** Forgets the NIP's tokens (KSeF answered 401 with them). */
  forget(nip: string): void;
}

interface TokenInfo {
  token: string;
  validUntil: string;
}

interface Tokens {
  access: TokenInfo;
  refresh: TokenInfo;
}

/** Tokens this close to their `validUntil` are renewed first: clocks drift and requests take time. */
const MARGIN_MS = 60_000;

/**
 * Access tokens for one KSeF token, per NIP context, renewed before they expire.
 *
 * @example
 * ```ts
 * const auth = ksefAuth({ http, keys, token, now: Date.now, sleep, pollIntervalMs: 1000, authTimeoutMs: 60_000 });
 * const bearer = await auth.accessToken('5265877635');
 * ```
 */
export function ksefAuth(options: KsefAuthOptions): KsefAuth {
  const kept = new Map<string, Tokens>();
  const pending = new Map<string, Promise<string>>();
  const fresh = (info: TokenInfo): boolean => Date.parse(info.validUntil) - MARGIN_MS > options.now();

  async function obtain(nip: string): Promise<string> {
    const tokens = kept.get(nip);
    if (tokens !== undefined && fresh(tokens.access)) return tokens.access.token;
    if (tokens !== undefined && fresh(tokens.refresh)) {
      try {
        const refreshed = await options.http({
          method: 'POST',
          path: '/auth/token/refresh',
          bearer: tokens.refresh.token,
        });
        const access = tokenInfo(
          (refreshed as { accessToken?: unknown }).accessToken,
          'POST /auth/token/refresh',
        );
        kept.set(nip, { access, refresh: tokens.refresh });
        return access.token;
      } catch (error) {
        // A refresh token KSeF no longer honours (revoked, 401/4xx): authenticate from the start.
        if (!(error instanceof KsefRequestError) || error.retryable) throw error;
      }
    }
    const next = await authenticate(options, nip);
    kept.set(nip, next);
    return next.access.token;
  }

  return {
    accessToken(nip) {
      // Concurrent submissions for one NIP share one authentication instead of racing several.
      const running = pending.get(nip);
      if (running !== undefined) return running;
      const started = obtain(nip).finally(() => pending.delete(nip));
      pending.set(nip, started);
      return started;
    },
    forget(nip) {
      kept.delete(nip);
    },
  };
}

async function authenticate(options: KsefAuthOptions, nip: string): Promise<Tokens> {
  const { http } = options;
  const challenge = (await http({ method: 'POST', path: '/auth/challenge' })) as {
    challenge?: unknown;
    timestampMs?: unknown;
  };
  if (typeof challenge.challenge !== 'string' || typeof challenge.timestampMs !== 'number') {
    throw new KsefRequestError(
      'KSeF answered POST /auth/challenge without challenge and timestampMs',
      true,
      200,
    );
  }
  const init = (await options.keys.withKey('KsefTokenEncryption', (certificate) =>
    http({
      method: 'POST',
      path: '/auth/ksef-token',
      body: {
        challenge: challenge.challenge,
        contextIdentifier: { type: 'Nip', value: nip },
        encryptedToken: rsaOaepSha256(
          certificate.certificate,
          Buffer.from(`${options.token}|${String(challenge.timestampMs)}`, 'utf8'),
        ),
        publicKeyId: certificate.publicKeyId,
      },
    }),
  )) as { referenceNumber?: unknown; authenticationToken?: unknown };
  if (typeof init.referenceNumber !== 'string') {
    throw new KsefRequestError('KSeF answered POST /auth/ksef-token without a referenceNumber', true, 202);
  }
  const operation = tokenInfo(init.authenticationToken, 'POST /auth/ksef-token');
  const deadline = options.now() + options.authTimeoutMs;
  for (;;) {
    const state = (await http({
      method: 'GET',
      path: `/auth/${encodeURIComponent(init.referenceNumber)}`,
      bearer: operation.token,
    })) as { status?: { code?: unknown; description?: unknown; details?: unknown } };
    const code = state.status?.code;
    if (code === 200) break;
    if (typeof code !== 'number') {
      throw new KsefRequestError('KSeF answered GET /auth/{referenceNumber} without status.code', true, 200);
    }
    if (code !== 100) {
      const details = Array.isArray(state.status?.details) ? `: ${state.status.details.join('; ')}` : '';
      // 500 "Nieznany błąd" and 550 "Operacja została anulowana przez system … Spróbuj ponownie" may
      // pass; 4xx (415 no permissions, 450 wrong token, 460 certificate, …) will not by retrying.
      throw new KsefRequestError(
        `KSeF refused the authentication with status ${code} ${String(state.status?.description ?? '')}${details}`,
        code >= 500,
        200,
      );
    }
    if (options.now() >= deadline) {
      throw new KsefRequestError(
        `KSeF authentication still in progress after ${options.authTimeoutMs} ms`,
        true,
        200,
      );
    }
    await options.sleep(options.pollIntervalMs);
  }
  const redeemed = (await http({ method: 'POST', path: '/auth/token/redeem', bearer: operation.token })) as {
    accessToken?: unknown;
    refreshToken?: unknown;
  };
  return {
    access: tokenInfo(redeemed.accessToken, 'POST /auth/token/redeem'),
    refresh: tokenInfo(redeemed.refreshToken, 'POST /auth/token/redeem'),
  };
}

/** An OpenAPI `TokenInfo` {token, validUntil}, or a retryable error naming the call. */
function tokenInfo(value: unknown, where: string): TokenInfo {
  const info = value as Partial<TokenInfo> | undefined;
  if (typeof info?.token !== 'string' || typeof info.validUntil !== 'string') {
    throw new KsefRequestError(`KSeF answered ${where} without a token and validUntil`, true, 200);
  }
  return { token: info.token, validUntil: info.validUntil };
}
