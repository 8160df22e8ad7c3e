/**
 * The real AEAT SII client: a `TaxAuthorityTransport` (ports.ts) that posts each ledger's message to the
 * AEAT web service of its book, SOAP 1.1 document/literal over TLS with the taxpayer's (or the social
 * collaborator's) client certificate (sii.md §1), and answers AEAT's `RespuestaLR…` as a document of
 * its own for `parseSiiResponse`. docs/sii-client.md lists the services, the error mapping and what
 * was checked against a simulator only.
 *
 * @module
 */
import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import { TaxAuthorityError, type TaxAuthoritySubmission, type TaxAuthorityTransport } from '../../ports.js';
import { readPkcs12 } from '../xades/pkcs12.js';
import { readSiiSoapResponse, wrapSiiMessage } from './envelope.js';
import { faultError, networkError, statusError } from './failures.js';
import { SII_ENVIRONMENT_ORIGINS, type SiiEnvironment, type SiiOperation } from './services.js';

/**
 * Where the services are: one of AEAT's four environments, the origin of another host that serves
 * AEAT's paths (`https://127.0.0.1:8443`, a proxy or a simulator), or a full URL per WSDL file
 * (`{ 'SuministroFactEmitidas.wsdl': 'https://…/SiiFactFEV1SOAP' }`; a book whose WSDL is missing is
 * refused).
 */
export type SiiEndpoint = SiiEnvironment | string | Readonly<Record<string, string>>;

/** PEM text or DER/PKCS#12 bytes. */
export type SiiKeyMaterial = string | Uint8Array;

/** Options of {@link siiSoapClient}. */
export interface SiiSoapClientOptions {
  endpoint: SiiEndpoint;
  /**
   * The client certificate as a PKCS#12 file (`.p12`/`.pfx`, as the FNMT and browsers export it), with
   * its `passphrase`. Read by Node's TLS; a file in a legacy encryption OpenSSL 3 no longer reads
   * (RC2/3DES, older Windows exports) is read with node-forge instead (`readPkcs12`, an optional peer
   * dependency).
   */
  pfx?: Uint8Array | undefined;
  /** The passphrase of `pfx`, or of an encrypted PEM `key`. */
  passphrase?: string | undefined;
  /** The client certificate's private key (PEM), with `cert`; instead of `pfx`. */
  key?: SiiKeyMaterial | undefined;
  /** The client certificate (PEM, optionally followed by its chain), with `key`. */
  cert?: SiiKeyMaterial | undefined;
  /**
   * CA certificates (PEM) trusted for the server, in addition to Node's bundled roots (never instead:
   * AEAT's hosts keep working when this is set for a proxy or a simulator).
   */
  ca?: SiiKeyMaterial | readonly SiiKeyMaterial[] | undefined;
  /**
   * The deadline of one submission, connection to last byte; default 120 000 ms. A message of 10,000
   * records takes AEAT a while; a deadline that passes is a retryable failure.
   */
  timeout_ms?: number | undefined;
  /** The largest response read; default 64 MiB (10,000 `RespuestaLinea` fit many times over). */
  max_response_bytes?: number | undefined;
}

/** The SII client: the transport, and `close` to end its kept-alive connections. */
export interface SiiSoapClient extends TaxAuthorityTransport {
  /** Closes the idle connections of the client's agent (a host that shuts down calls it). */
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 120_000;
// money-safe: a byte count (64 MiB), not an amount.
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * The URL of an operation: the environment's origin or the given one, plus the WSDL port's path; or
 * the URL given for its WSDL file.
 */
function operationUrl(endpoint: SiiEndpoint, operation: SiiOperation): string | null {
  if (typeof endpoint === 'string') {
    const origin = SII_ENVIRONMENT_ORIGINS[endpoint as SiiEnvironment] ?? endpoint.replace(/\/+$/, '');
    return `${origin}${operation.path}`;
  }
  return endpoint[operation.wsdl] ?? null;
}

function endpointProblem(endpoint: SiiEndpoint): string | null {
  const urls =
    typeof endpoint === 'string'
      ? endpoint in SII_ENVIRONMENT_ORIGINS
        ? []
        : [endpoint]
      : Object.values(endpoint);
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `endpoint ${JSON.stringify(url)} is neither an AEAT environment (${Object.keys(SII_ENVIRONMENT_ORIGINS).join(', ')}) nor a URL`;
    }
    // The certificate authenticates the taxpayer: it is never offered over plain HTTP.
    if (parsed.protocol !== 'https:') return `endpoint ${url} is not https: SII is only spoken over TLS`;
  }
  return null;
}

function asList(value: SiiKeyMaterial | readonly SiiKeyMaterial[] | undefined): (string | Buffer)[] {
  if (value === undefined) return [];
  const list = typeof value === 'string' || value instanceof Uint8Array ? [value] : value;
  return list.map((item) => (typeof item === 'string' ? item : Buffer.from(item)));
}

function asMaterial(value: SiiKeyMaterial): string | Buffer {
  return typeof value === 'string' ? value : Buffer.from(value);
}

/**
 * The TLS credentials, checked once: a PKCS#12 file is tried with Node's TLS and, when OpenSSL 3 cannot
 * read it (a legacy encryption), with node-forge. A file neither reads (a wrong passphrase, no key) is
 * a configuration error: not retryable.
 */
async function credentials(
  options: SiiSoapClientOptions,
): Promise<
  { key: string | Buffer; cert: string | Buffer; passphrase?: string } | { pfx: Buffer; passphrase?: string }
> {
  const passphrase = options.passphrase === undefined ? {} : { passphrase: options.passphrase };
  if (options.pfx !== undefined) {
    const pfx = Buffer.from(options.pfx);
    try {
      createSecureContext({ pfx, ...passphrase });
      return { pfx, ...passphrase };
    } catch (nodeError) {
      try {
        const material = await readPkcs12(pfx, options.passphrase ?? '');
        const key =
          typeof material.privateKey === 'string'
            ? material.privateKey
            : material.privateKey.export({ format: 'pem', type: 'pkcs8' });
        return { key, cert: material.certificate };
      } catch (forgeError) {
        throw new TaxAuthorityError(
          `the SII client certificate (PKCS#12) cannot be read: ${String(nodeError)}; ${String(forgeError)}`,
          false,
        );
      }
    }
  }
  const key = options.key === undefined ? null : asMaterial(options.key);
  const cert = options.cert === undefined ? null : asMaterial(options.cert);
  if (key === null || cert === null)
    throw new TaxAuthorityError('the SII client has no client certificate', false);
  try {
    createSecureContext({ key, cert, ...passphrase });
  } catch (error) {
    throw new TaxAuthorityError(`the SII client certificate or key cannot be used: ${String(error)}`, false);
  }
  return { key, cert, ...passphrase };
}

/**
 * Creates the SII client. Each `submit` finds the service of the message's root element (the WSDL table
 * `SII_OPERATIONS`: `SuministroLRFacturasEmitidas` and `BajaLRFacturasEmitidas` to
 * `/wlpl/SSII-FACT/ws/fe/SiiFactFEV1SOAP`, …), wraps the message in a SOAP 1.1 envelope unless it is
 * one, and posts it (`Content-Type: text/xml; charset=UTF-8`, `SOAPAction: ""` as every SII WSDL
 * declares) over TLS with the client certificate. It answers the Body's `RespuestaLR…` as its own
 * document, with its namespace declarations. Failures throw `TaxAuthorityError`: a SOAP Fault
 * `Server` or HTTP 5xx/408/429 or a network failure or the deadline is retryable; a Fault `Client`
 * (AEAT's schema and header errors), another HTTP status, a refused certificate, a message no service
 * takes, or an answer that is not a `RespuestaLR…` for it is not.
 *
 * Throws a plain `Error` at once when the options cannot work (no certificate, an endpoint that is not
 * an environment or an https URL); a certificate file that does not open fails the first `submit`.
 *
 * @example
 * ```ts
 * const taxAuthority = siiSoapClient({
 *   endpoint: 'test', // https://prewww1.aeat.es
 *   pfx: readFileSync('certificado.p12'),
 *   passphrase: process.env.P12_PASSWORD,
 * });
 * const { xml } = await taxAuthority.submit({ ledger_id: 7, xml: messageXml });
 * parseSiiResponse(xml); // { success: true, data: { submission_status: 'Correcto', … } }
 * ```
 */
export function siiSoapClient(options: SiiSoapClientOptions): SiiSoapClient {
  const problem = endpointProblem(options.endpoint);
  if (problem !== null) throw new Error(`siiSoapClient: ${problem}`);
  if (options.pfx === undefined && (options.key === undefined || options.cert === undefined))
    throw new Error('siiSoapClient: a client certificate is needed: pfx (with passphrase), or key and cert');
  const timeout = options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.max_response_bytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const ca = asList(options.ca);
  let agent: Promise<Agent> | null = null;
  const agentOnce = (): Promise<Agent> => {
    agent ??= credentials(options).then(
      (tls) =>
        new Agent({
          keepAlive: true,
          ...tls,
          ...(ca.length === 0 ? {} : { ca: [...rootCertificates, ...ca] }),
        }),
    );
    // A credential failure is kept: the same file fails the same way on every submission.
    return agent;
  };

  return {
    async submit(submission: TaxAuthoritySubmission) {
      const wrapped = wrapSiiMessage(submission.xml);
      if (typeof wrapped === 'string')
        throw new TaxAuthorityError(`ledger ${String(submission.ledger_id)}: ${wrapped}`, false);
      const url = operationUrl(options.endpoint, wrapped.operation);
      if (url === null)
        throw new TaxAuthorityError(
          `no endpoint is configured for ${wrapped.operation.wsdl} (the service of ${wrapped.root})`,
          false,
        );
      const { status, reason, body } = await post(
        await agentOnce(),
        url,
        wrapped.envelope,
        timeout,
        maxBytes,
      );
      const answer = readSiiSoapResponse(body);
      // SOAP 1.1 §6.2: a Fault comes with HTTP 500; it is read first, whatever the status.
      if (answer.type === 'fault') throw faultError(answer.fault, status);
      if (status < 200 || status > 299) throw statusError(status, reason);
      if (answer.type === 'unreadable')
        throw new TaxAuthorityError(
          `AEAT's answer (HTTP ${String(status)}) cannot be read: ${answer.message}`,
          false,
        );
      if (answer.root !== wrapped.operation.response)
        throw new TaxAuthorityError(
          `AEAT answered ${answer.root} to ${wrapped.root}; ${wrapped.operation.wsdl} answers ${wrapped.operation.response}`,
          false,
        );
      return { xml: answer.xml };
    },
    close() {
      void agent?.then(
        (opened) => opened.destroy(),
        () => undefined,
      );
    },
  };
}

/** One POST: the status, its reason phrase and the body as UTF-8 text; network failures are mapped. */
function post(
  agent: Agent,
  url: string,
  envelope: string,
  timeout: number,
  maxBytes: number,
): Promise<{ status: number; reason: string; body: string }> {
  const payload = Buffer.from(envelope, 'utf8');
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(error instanceof TaxAuthorityError ? error : networkError(error, url));
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        signal: AbortSignal.timeout(timeout),
        headers: {
          'Content-Type': 'text/xml; charset=UTF-8',
          // Every SII operation declares soapAction="" (services.ts); SOAP 1.1 §6.1.1 sends it quoted.
          SOAPAction: '""',
          'Content-Length': String(payload.length),
          Accept: 'text/xml',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(
              new TaxAuthorityError(
                `AEAT's answer from ${url} is larger than ${String(maxBytes)} bytes`,
                false,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            reason: res.statusMessage ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', (error) => {
      if ((error as { name?: string }).name === 'AbortError')
        reject(new TaxAuthorityError(`no answer from ${url} within ${String(timeout)} ms`, true));
      else fail(error);
    });
    req.end(payload);
  });
}
