/**
 * The interactive (online) session (sesja-interaktywna.md; OpenAPI tag "Wysyłka interaktywna"):
 *
 * - `POST /sessions/online` with `OpenOnlineSessionRequest` {formCode, encryption
 *   {encryptedSymmetricKey, initializationVector, publicKeyId}} → 201 `OpenOnlineSessionResponse`
 *   {referenceNumber, validUntil};
 * - `POST /sessions/online/{referenceNumber}/invoices` with `SendInvoiceRequest` {invoiceHash,
 *   invoiceSize, encryptedInvoiceHash, encryptedInvoiceSize, encryptedInvoiceContent} → 202
 *   `SendInvoiceResponse` {referenceNumber} (the invoice's);
 * - `POST /sessions/online/{referenceNumber}/close` → 204.
 */
import { aes256CbcEncrypt, newSessionKey, rsaOaepSha256, type SessionKey, sha256Base64 } from './crypto.js';
import { type KsefHttp, KsefRequestError } from './http.js';
import type { KsefKeys } from './keys.js';

/**
 * The FA(3) form code (OpenAPI `OpenOnlineSessionRequest.formCode`, the table of supported schemas:
 * SystemCode `FA (3)`, SchemaVersion `1-0E`, Value `FA`).
 */
export const FA3_FORM_CODE = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' } as const;

/** An open session: its reference, until when KSeF keeps it open, and its AES key. */
export interface OnlineSession {
  referenceNumber: string;
  validUntil: string;
  key: SessionKey;
}

/**
 * Opens an online session for FA(3) with a fresh AES-256 key, encrypted for KSeF.
 *
 * @example
 * ```ts
 * const session = await openOnlineSession(http, keys, accessToken);
 * ```
 */
export async function openOnlineSession(
  http: KsefHttp,
  keys: KsefKeys,
  bearer: string,
): Promise<OnlineSession> {
  const key = newSessionKey();
  const opened = (await keys.withKey('SymmetricKeyEncryption', (certificate) =>
    http({
      method: 'POST',
      path: '/sessions/online',
      bearer,
      body: {
        formCode: FA3_FORM_CODE,
        encryption: {
          encryptedSymmetricKey: rsaOaepSha256(certificate.certificate, key.key),
          initializationVector: key.iv.toString('base64'),
          publicKeyId: certificate.publicKeyId,
        },
      },
    }),
  )) as { referenceNumber?: unknown; validUntil?: unknown };
  if (typeof opened.referenceNumber !== 'string' || typeof opened.validUntil !== 'string') {
    throw new KsefRequestError(
      'KSeF answered POST /sessions/online without referenceNumber and validUntil',
      true,
      201,
    );
  }
  return { referenceNumber: opened.referenceNumber, validUntil: opened.validUntil, key };
}

/** What was sent: the invoice's reference in the session and the hash of the plain XML. */
export interface SentInvoice {
  referenceNumber: string;
  invoiceHash: string;
}

/**
 * Encrypts the invoice XML (its UTF-8 bytes, exactly as given) and sends it into the session.
 *
 * @example
 * ```ts
 * const sent = await sendInvoice(http, session, accessToken, xml);
 * ```
 */
export async function sendInvoice(
  http: KsefHttp,
  session: OnlineSession,
  bearer: string,
  xml: string,
): Promise<SentInvoice> {
  const plain = Buffer.from(xml, 'utf8');
  const encrypted = aes256CbcEncrypt(plain, session.key);
  const invoiceHash = sha256Base64(plain);
  const sent = (await http({
    method: 'POST',
    path: `/sessions/online/${encodeURIComponent(session.referenceNumber)}/invoices`,
    bearer,
    body: {
      invoiceHash,
      invoiceSize: plain.length,
      encryptedInvoiceHash: sha256Base64(encrypted),
      encryptedInvoiceSize: encrypted.length,
      encryptedInvoiceContent: encrypted.toString('base64'),
    },
  })) as { referenceNumber?: unknown };
  if (typeof sent.referenceNumber !== 'string') {
    throw new KsefRequestError(
      'KSeF answered POST /sessions/online/{referenceNumber}/invoices without a referenceNumber',
      true,
      202,
    );
  }
  return { referenceNumber: sent.referenceNumber, invoiceHash };
}

/**
 * Closes the session; KSeF then builds the session's collective UPO.
 *
 * @example
 * ```ts
 * await closeOnlineSession(http, session.referenceNumber, accessToken);
 * ```
 */
export async function closeOnlineSession(
  http: KsefHttp,
  referenceNumber: string,
  bearer: string,
): Promise<void> {
  await http({
    method: 'POST',
    path: `/sessions/online/${encodeURIComponent(referenceNumber)}/close`,
    bearer,
    expect: 'none',
  });
}
