/**
 * An invoice's status in its session and its UPO (faktury/sesje/sesja-sprawdzenie-stanu-i-pobranie-upo.md;
 * OpenAPI tag "Status wysyłki i UPO"):
 *
 * - `GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}` → `SessionInvoiceStatusResponse`
 *   {ksefNumber, status {code, description, details, extensions}}; codes (`InvoiceStatusInfo`): 100
 *   accepted for processing, 150 processing, 200 success, 405 / 410 / 415 / 430 / 435 / 440 / 450 /
 *   500 / 550 failures, 440 "Duplikat faktury" with extensions `originalSessionReferenceNumber` and
 *   `originalKsefNumber`;
 * - `GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo` → the UPO XML;
 * - `GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo` → the UPO of an invoice by its
 *   KSeF number (used for the original a duplicate names).
 */
import type { KsefStatus } from '../../ports.js';
import { sha256Base64 } from './crypto.js';
import { type KsefHttp, KsefRequestError } from './http.js';

/**
 * The port's one `reference` for an invoice: KSeF needs the session's reference and the invoice's,
 * so both travel, joined by `/` (neither contains one: OpenAPI `ReferenceNumber` is 36 characters of
 * the form `20250625-SO-2C3E6C8000-B4B3F7C6A9-4E`).
 *
 * @example
 * ```ts
 * joinReference('20250625-SO-2C3E6C8000-B4B3F7C6A9-4E', '20250625-EE-319D7EE000-B67F415CDC-2C');
 * ```
 */
export function joinReference(sessionReference: string, invoiceReference: string): string {
  return `${sessionReference}/${invoiceReference}`;
}

/**
 * The session and invoice references of a `joinReference`d one; a non-retryable error when
 * the string is not one (it did not come from this client).
 *
 * @example
 * ```ts
 * splitReference('S/I'); // { session: 'S', invoice: 'I' }
 * ```
 */
export function splitReference(reference: string): { session: string; invoice: string } {
  const parts = reference.split('/');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') {
    throw new KsefRequestError(
      `'${reference}' is not a KSeF reference of this client (session/invoice)`,
      false,
      0,
    );
  }
  return { session: parts[0] as string, invoice: parts[1] as string };
}

interface StatusInfo {
  code?: unknown;
  description?: unknown;
  details?: unknown;
  extensions?: unknown;
}

/**
 * Reads the invoice's status and, once accepted, its UPO. `xml` is the document sent: a duplicate
 * (440) is taken as this same invoice only when the original's UPO carries this XML's hash.
 *
 * @example
 * ```ts
 * const status = await invoiceStatus(http, accessToken, 'S/I', submission.xml);
 * ```
 */
export async function invoiceStatus(
  http: KsefHttp,
  bearer: string,
  reference: string,
  xml: string,
): Promise<KsefStatus> {
  const { session, invoice } = splitReference(reference);
  const base = `/sessions/${encodeURIComponent(session)}/invoices/${encodeURIComponent(invoice)}`;
  const answer = (await http({ method: 'GET', path: base, bearer })) as {
    ksefNumber?: unknown;
    status?: StatusInfo;
  };
  const code = answer.status?.code;
  if (typeof code !== 'number') {
    throw new KsefRequestError(`KSeF answered GET ${base} without status.code`, true, 200);
  }
  const description = typeof answer.status?.description === 'string' ? answer.status.description : '';
  const details = Array.isArray(answer.status?.details) ? answer.status.details.map(String) : [];
  if (code === 100 || code === 150) return { state: 'pending', reference, code, description };
  if (code === 200) {
    if (typeof answer.ksefNumber !== 'string') {
      throw new KsefRequestError(`KSeF answered GET ${base} with status 200 but no ksefNumber`, true, 200);
    }
    const upo = await upoOrNull(http, `${base}/upo`, bearer);
    return { state: 'accepted', reference, code, description, ksef_number: answer.ksefNumber, upo };
  }
  if (code === 440)
    return duplicate(http, bearer, reference, description, details, answer.status?.extensions, xml);
  return { state: 'rejected', reference, code, description, details };
}

/**
 * KSeF finds duplicates by seller NIP, `RodzajFaktury` and `P_2` (faktury/weryfikacja-faktury.md
 * "Unikalność faktury"), not by content: a 440 may be this very document sent before (a re-run after
 * a crash) or another one that reuses the number. The original's UPO carries the hash of the
 * document KSeF registered (`SkrotDokumentu`, UPO v4-3): the same hash is the same invoice, accepted
 * under the original's KSeF number; another hash stays rejected with 440 and names the original.
 */
async function duplicate(
  http: KsefHttp,
  bearer: string,
  reference: string,
  description: string,
  details: string[],
  extensions: unknown,
  xml: string,
): Promise<KsefStatus> {
  const named = (typeof extensions === 'object' && extensions !== null ? extensions : {}) as Record<
    string,
    unknown
  >;
  const originalSession = named.originalSessionReferenceNumber;
  const originalNumber = named.originalKsefNumber;
  if (typeof originalSession !== 'string' || typeof originalNumber !== 'string') {
    return {
      state: 'rejected',
      reference,
      code: 440,
      description,
      details: [...details, 'KSeF named no original invoice'],
    };
  }
  const path = `/sessions/${encodeURIComponent(originalSession)}/invoices/ksef/${encodeURIComponent(originalNumber)}/upo`;
  const upo = await upoOrNull(http, path, bearer);
  const registeredHash =
    upo === null ? null : (/<(?:[\w.-]+:)?SkrotDokumentu>\s*([^<\s]+)\s*</.exec(upo)?.[1] ?? null);
  const ours = sha256Base64(Buffer.from(xml, 'utf8'));
  if (registeredHash === ours) {
    return {
      state: 'accepted',
      reference,
      code: 440,
      description: `${description}: this document was registered before as ${originalNumber} (session ${originalSession})`,
      ksef_number: originalNumber,
      upo,
    };
  }
  const why =
    upo === null
      ? `the original's UPO could not be read, so it is not known to be this document`
      : `KSeF registered a different document (SHA-256 ${registeredHash ?? 'not in its UPO'}) under this seller NIP, type and number`;
  return {
    state: 'rejected',
    reference,
    code: 440,
    description,
    details: [...details, `original: ${originalNumber} in session ${originalSession}`, why],
  };
}

/**
 * The UPO XML; null when KSeF refuses it for good (a 4xx: not issued); network and 5xx throw
 * (retryable), and so does 401 (the client renews its token and asks again).
 */
async function upoOrNull(http: KsefHttp, path: string, bearer: string): Promise<string | null> {
  try {
    return (await http({ method: 'GET', path, bearer, expect: 'xml' })) as string;
  } catch (error) {
    if (error instanceof KsefRequestError && !error.retryable && error.status !== 401) return null;
    throw error;
  }
}
