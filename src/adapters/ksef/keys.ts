/**
 * The Ministry of Finance's public keys, fetched from `GET /security/public-key-certificates`
 * (OpenAPI tag "Certyfikaty klucza publicznego"; klucze-publiczne-do-szyfrowania.md) once and kept,
 * fetched again when KSeF says the key used is unknown or withdrawn (exception 21470, §4.4) or when
 * the one kept has expired.
 */
import { type KeyUsage, type PublicKeyCertificate, pickCertificate } from './crypto.js';
import { type KsefHttp, KsefRequestError } from './http.js';

/** KSeF's code for "the key id sent is unknown or names a withdrawn key" (klucze-publiczne… §4.3). */
export const UNKNOWN_PUBLIC_KEY = 21470;

/** The keys of one KSeF environment. */
export interface KsefKeys {
  /** The certificate to encrypt with for `usage`, fetched when none is kept or the kept one expired. */
  get(usage: KeyUsage): Promise<PublicKeyCertificate>;
  /** Runs `use` with the key; once more with freshly fetched keys if KSeF answers 21470. */
  withKey<T>(usage: KeyUsage, use: (certificate: PublicKeyCertificate) => Promise<T>): Promise<T>;
}

/**
 * The key cache of one client.
 *
 * @example
 * ```ts
 * const keys = ksefKeys(http, Date.now);
 * const certificate = await keys.get('KsefTokenEncryption');
 * ```
 */
export function ksefKeys(http: KsefHttp, now: () => number): KsefKeys {
  let kept: PublicKeyCertificate[] | null = null;

  async function fetchAll(): Promise<PublicKeyCertificate[]> {
    const answer = await http({ method: 'GET', path: '/security/public-key-certificates' });
    if (!Array.isArray(answer)) {
      throw new KsefRequestError(
        'KSeF answered GET /security/public-key-certificates without a list',
        true,
        200,
      );
    }
    kept = answer as PublicKeyCertificate[];
    return kept;
  }

  async function get(usage: KeyUsage): Promise<PublicKeyCertificate> {
    const cached = kept === null ? undefined : pickCertificate(kept, usage, now());
    if (cached !== undefined) return cached;
    const fresh = pickCertificate(await fetchAll(), usage, now());
    if (fresh === undefined) {
      throw new KsefRequestError(`KSeF publishes no ${usage} certificate valid now`, true, 200);
    }
    return fresh;
  }

  return {
    get,
    async withKey(usage, use) {
      try {
        return await use(await get(usage));
      } catch (error) {
        if (!(error instanceof KsefRequestError) || !error.codes.includes(UNKNOWN_PUBLIC_KEY)) throw error;
        kept = null;
        return use(await get(usage));
      }
    },
  };
}
