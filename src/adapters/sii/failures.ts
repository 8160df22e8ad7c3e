/**
 * Which failures of an SII submission are worth retrying: the `retryable` of the
 * `TaxAuthorityError` (ports.ts) the client throws, decided from the SOAP Fault, the HTTP status or the
 * network error. The rule: retry what time can mend (AEAT busy or down, the network), never what
 * only a person can (the message, the certificate, the address) — a retry of those sends the same
 * thing to the same refusal, six times (the ledger job's attempts), and delays the human who must act.
 *
 * Retrying is safe for AEAT's books: a record AEAT already holds is answered as a duplicate
 * (`RegistroDuplicado`, sii.md §7), never registered twice.
 *
 * @module
 */
import { TaxAuthorityError } from '../../ports.js';
import type { SoapFault } from './envelope.js';

/**
 * SOAP 1.1 §4.4.1 fault codes, by whether the same message may succeed later. `Server`: "the message
 * could not be processed for reasons not directly attributable to the contents of the message itself
 * … may succeed at a later point in time" — retryable. `Client` ("incorrectly formed or did not
 * contain the appropriate information … should not be resent without change"; AEAT's schema errors
 * `Codigo[4102] El XML no cumple el esquema`, its header and NIF errors), `VersionMismatch` and
 * `MustUnderstand` are not; nor is an unknown code, which this client cannot promise will mend.
 */
const RETRYABLE_FAULTS: ReadonlySet<string> = new Set(['Server']);

/**
 * The error for a SOAP Fault: its code, `faultstring` and `detail` in the message.
 *
 * @example
 * ```ts
 * faultError({ code: 'env:Client', kind: 'Client', faultstring: 'Codigo[4102].El XML no cumple el esquema', detail: '' }, 500).retryable; // false
 * ```
 */
export function faultError(fault: SoapFault, status: number): TaxAuthorityError {
  const detail = fault.detail === '' ? '' : ` (detail: ${fault.detail.slice(0, 500)})`;
  return new TaxAuthorityError(
    `AEAT answered a SOAP Fault (HTTP ${String(status)}, faultcode ${fault.code || '(none)'}): ${fault.faultstring}${detail}`,
    RETRYABLE_FAULTS.has(fault.kind),
  );
}

/**
 * HTTP statuses that may mend with time: 5xx (the service or a proxy in front of it is down or
 * overloaded, e.g. 503 in AEAT's maintenance windows), 408 (request timeout) and 429 (too many
 * requests). Every other status (401/403: the certificate is not accepted for the service; 404: a
 * wrong address; 415: a wrong content type) is a configuration error.
 *
 * @example
 * ```ts
 * statusError(503, 'Service Unavailable').retryable; // true
 * statusError(403, 'Forbidden').retryable; // false
 * ```
 */
export function statusError(status: number, reason: string): TaxAuthorityError {
  const retryable = status >= 500 || status === 408 || status === 429;
  return new TaxAuthorityError(
    `AEAT's SII service answered HTTP ${String(status)} ${reason} without a SOAP answer`,
    retryable,
  );
}

/**
 * TLS errors that mean a certificate was refused, by the server (an alert: ours is missing, unknown,
 * expired or revoked for AEAT) or by us (AEAT's is not trusted with the configured `ca`, or does not
 * name the host). OpenSSL's verify codes as Node reports them (`error.code`), and every
 * `ERR_SSL_…ALERT…` code (the server's TLS alert). Nothing mends these but a change of certificate or
 * configuration.
 */
const CERTIFICATE_CODES: ReadonlySet<string> = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * The error for a request that got no HTTP answer. A refused certificate (see above) is not
 * retryable: a TLS handshake refused for the client certificate is a configuration error (no
 * certificate, one AEAT does not know, one expired), and sending again changes nothing. Every other
 * network failure — connection refused or reset, DNS, the deadline — is retryable: AEAT or the path to
 * it may be back later.
 *
 * @example
 * ```ts
 * networkError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'https://prewww1.aeat.es/…').retryable; // true
 * ```
 */
export function networkError(error: unknown, url: string): TaxAuthorityError {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const certificate = CERTIFICATE_CODES.has(code) || (code.startsWith('ERR_SSL_') && code.includes('ALERT'));
  if (certificate)
    return new TaxAuthorityError(
      `the TLS connection to ${url} was refused for a certificate (${code}: ${message}); check the client certificate and the trusted CA`,
      false,
    );
  return new TaxAuthorityError(
    `no answer from ${url} (${code === '' ? message : `${code}: ${message}`})`,
    true,
  );
}
