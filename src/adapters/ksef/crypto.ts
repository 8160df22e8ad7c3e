/**
 * The client-side cryptography KSeF 2.0 prescribes (sesja-interaktywna.md "Wymagania wstępne",
 * uwierzytelnianie.md §2.2, bezpieczenstwo/klucze-publiczne-do-szyfrowania.md; OpenAPI
 * `EncryptionInfo`, `SendInvoiceRequest`): RSAES-OAEP with SHA-256 (and MGF1-SHA-256) under the
 * Ministry of Finance's public key for the KSeF token and the session key, AES-256-CBC with PKCS#7
 * padding for the invoice, SHA-256 in Base64 for the hashes.
 */
import {
  constants,
  createCipheriv,
  createHash,
  publicEncrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';

/** One entry of `GET /security/public-key-certificates` (OpenAPI `PublicKeyCertificate`). */
export interface PublicKeyCertificate {
  /** The X.509 certificate, DER in Base64. */
  certificate: string;
  certificateId: string;
  publicKeyId: string;
  validFrom: string;
  validTo: string;
  usage: string[];
}

/** What a key is for (OpenAPI `PublicKeyCertificateUsage`). */
export type KeyUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

/**
 * The certificate to encrypt with: the one for `usage` valid now, the latest `validFrom` among
 * several (klucze-publiczne-do-szyfrowania.md §4.1 step 2). Undefined when none fits.
 *
 * @example
 * ```ts
 * pickCertificate(await http({ method: 'GET', path: '/security/public-key-certificates' }) as PublicKeyCertificate[],
 *   'SymmetricKeyEncryption', Date.now());
 * ```
 */
export function pickCertificate(
  certificates: readonly PublicKeyCertificate[],
  usage: KeyUsage,
  now: number,
): PublicKeyCertificate | undefined {
  let best: PublicKeyCertificate | undefined;
  for (const candidate of certificates) {
    if (!Array.isArray(candidate.usage) || !candidate.usage.includes(usage)) continue;
    const from = Date.parse(candidate.validFrom);
    const to = Date.parse(candidate.validTo);
    if (!(from <= now && now <= to)) continue;
    if (best === undefined || from > Date.parse(best.validFrom)) best = candidate;
  }
  return best;
}

/**
 * RSAES-OAEP, SHA-256 digest and MGF1-SHA-256, under the public key of a DER certificate in Base64;
 * the ciphertext in Base64 (the form `encryptedToken` and `encryptedSymmetricKey` take).
 *
 * @example
 * ```ts
 * rsaOaepSha256(certificate.certificate, Buffer.from(`${token}|${timestampMs}`, 'utf8'));
 * ```
 */
export function rsaOaepSha256(certificateBase64: string, data: Buffer): string {
  const key = new X509Certificate(Buffer.from(certificateBase64, 'base64')).publicKey;
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data).toString(
    'base64',
  );
}

/** A session's symmetric key: 32 random bytes of AES-256 key and a 16-byte IV (sesja-interaktywna.md). */
export interface SessionKey {
  key: Buffer;
  iv: Buffer;
}

/**
 * A fresh AES-256 key and IV; the docs recommend a new key for every session.
 *
 * @example
 * ```ts
 * const { key, iv } = newSessionKey(); // key.length === 32, iv.length === 16
 * ```
 */
export function newSessionKey(): SessionKey {
  return { key: randomBytes(32), iv: randomBytes(16) };
}

/**
 * AES-256-CBC with PKCS#7 padding (node's default for CBC) under the session's key and IV. The IV is
 * not written before the ciphertext: it travels in `initializationVector` when the session opens,
 * and the OpenAPI's own example (`invoiceSize` 6480, `encryptedInvoiceSize` 6496: one block of
 * padding, no 16-byte IV) shows a bare ciphertext. (sesja-interaktywna.md's "IV ... dołączanego jako
 * prefiks do szyfrogramu" reads otherwise; docs/ksef-client.md records the choice.)
 *
 * @example
 * ```ts
 * const encrypted = aes256CbcEncrypt(Buffer.from(xml, 'utf8'), newSessionKey());
 * ```
 */
export function aes256CbcEncrypt(plain: Buffer, session: SessionKey): Buffer {
  const cipher = createCipheriv('aes-256-cbc', session.key, session.iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/**
 * SHA-256 of bytes in Base64 (OpenAPI `Sha256HashBase64`, 44 characters).
 *
 * @example
 * ```ts
 * sha256Base64(Buffer.from('abc')); // 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='
 * ```
 */
export function sha256Base64(data: Buffer): string {
  return createHash('sha256').update(data).digest('base64');
}
