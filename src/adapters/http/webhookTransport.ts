/**
 * Webhook delivery over real HTTP (ports.ts `WebhookTransport`; issue #23 "Webhooks that arrive"),
 * with node:http and node:https and the connect-time half of the SSRF guard.
 *
 * Why node:http(s) and not `fetch`: Node 20's `fetch` (undici) resolves the host itself and offers no
 * way to say which address to connect to, so a check of the name's addresses before the request could
 * be undone by a second resolution (DNS rebinding: a short-lived record answers a public address to
 * the check and 127.0.0.1 to the connection). node:http(s) take a `lookup` function: the name is
 * resolved once, every address is judged, and the connection goes to an address that was judged.
 *
 * @module
 */
import type { LookupAddress, LookupAllOptions, LookupOptions } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, refusedAddress } from '../../events/webhookUrl.js';
import type { WebhookRequest, WebhookTransport } from '../../ports.js';

/** Resolves a host name to all its addresses (`dns.lookup` with `all: true` by default). */
export type WebhookResolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** Options of {@link httpWebhookTransport}. */
export interface HttpWebhookTransportOptions {
  /**
   * Let deliveries reach loopback, private and link-local addresses and `localhost` (the sandbox,
   * issue #23: local receivers in development and tests). Default false: such destinations are
   * refused, whether written in the URL or resolved from a name.
   */
  allowPrivate?: boolean;
  /**
   * How host names are resolved; default the system resolver (`dns.lookup`, all addresses). Tests
   * pass their own to make a name resolve to a chosen address.
   */
  resolve?: WebhookResolver;
  /**
   * How much of a receiver's answer body is read, in bytes; default 4096. Only the status counts
   * (api-notes.md §5.1: "200 = received"); a longer body is cut off by closing the connection, so a
   * receiver cannot make the sender read without end.
   */
  maxResponseBytes?: number;
  /** The `User-Agent` of deliveries; default `fiscalkit-webhooks`. */
  userAgent?: string;
}

/** The HTTP webhook transport, and how to let go of its idle connections. */
export interface HttpWebhookTransport extends WebhookTransport {
  /** Closes the kept-alive connections (a server shutting down, the end of a test). */
  close(): void;
}

/**
 * A connection refused by the SSRF guard: the URL, or an address its host resolved to, is not a
 * public one (`refusedAddress`) and the transport does not allow private destinations.
 *
 * @example
 * ```ts
 * try {
 *   await transport.post(request);
 * } catch (error) {
 *   if (error instanceof WebhookAddressRefusedError) console.log(error.message); // 'address refused by the SSRF guard: …'
 * }
 * ```
 */
export class WebhookAddressRefusedError extends Error {
  /** A code in the style of Node's network errors. */
  readonly code = 'EWEBHOOKADDRESS';
  constructor(reason: string) {
    super(`address refused by the SSRF guard: ${reason}`);
    this.name = 'WebhookAddressRefusedError';
  }
}

const systemResolver: WebhookResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/**
 * The `lookup` of the delivery connections: resolves `hostname` with `resolve`, refuses the
 * connection (a {@link WebhookAddressRefusedError}) when **any** of its addresses is refused by
 * `refusedAddress` — a name with one public and one private address is refused, since the connection
 * may go to either — and otherwise answers the addresses it judged, so the socket connects to one of
 * them and to nothing resolved later. With `allowPrivate` every address is allowed.
 *
 * @example
 * ```ts
 * const lookup = guardedLookup({ allowPrivate: false });
 * lookup('localhost', { all: true }, (error) => console.log(error?.message)); // 'address refused by the SSRF guard: 127.0.0.1 is a loopback address'
 * ```
 */
export function guardedLookup(
  options: { allowPrivate?: boolean; resolve?: WebhookResolver } = {},
): LookupFunction {
  const resolve = options.resolve ?? systemResolver;
  const allowPrivate = options.allowPrivate === true;
  return (
    hostname: string,
    lookupOptions: LookupOptions | LookupAllOptions,
    callback: (...args: never[]) => void,
  ) => {
    const answer = callback as unknown as (
      error: NodeJS.ErrnoException | null,
      address?: string | LookupAddress[],
      family?: number,
    ) => void;
    resolve(hostname).then(
      (found) => {
        const family = lookupOptions.family;
        const wanted =
          family === 4 || family === 6 || family === 'IPv4' || family === 'IPv6'
            ? found.filter(
                (entry) => entry.family === (family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : family),
              )
            : [...found];
        if (wanted.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address (ENOTFOUND)`);
          error.code = 'ENOTFOUND';
          return answer(error);
        }
        for (const entry of found) {
          const refused = refusedAddress(entry.address, { allowPrivate });
          if (refused !== null)
            return answer(new WebhookAddressRefusedError(`${hostname} resolves to ${refused}`));
        }
        if (lookupOptions.all === true) return answer(null, wanted);
        const first = wanted[0] as LookupAddress;
        return answer(null, first.address, first.family);
      },
      (error: unknown) => answer(error instanceof Error ? error : new Error(String(error))),
    );
  };
}

/** The message of a failed attempt: what happened, with Node's error code when there is one. */
function describe(error: unknown, url: URL, timeout_ms: number, timedOut: boolean): Error {
  if (timedOut) return new Error(`no answer from ${url.host} within ${String(timeout_ms)} ms (timed out)`);
  if (error instanceof WebhookAddressRefusedError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const where = url.host;
  switch (code) {
    case 'ECONNREFUSED':
      return new Error(`connection refused by ${where} (ECONNREFUSED)`);
    case 'ENOTFOUND':
      return new Error(`${url.hostname} does not resolve (ENOTFOUND)`);
    case 'ECONNRESET':
      return new Error(`connection reset by ${where} before it answered (ECONNRESET)`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new Error(`${where} is unreachable (${code})`);
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return new Error(code === undefined || message.includes(code) ? message : `${message} (${code})`);
    }
  }
}

/**
 * The webhook transport over HTTP(S). Each `post` is one POST of the body with the given headers
 * (the delivery job's `Content-Type` and `X-B2Brouter-Signature`), plus `Content-Length` and a
 * `User-Agent`:
 *
 * - the URL is checked first (`checkWebhookUrl`: http/https only, no credentials, no non-public IP
 *   literal or `localhost` unless `allowPrivate`), and a host name's addresses when the connection
 *   is made ({@link guardedLookup}); a refusal throws a {@link WebhookAddressRefusedError};
 * - `timeout_ms` bounds the whole request, from before the name is resolved to the status line; when
 *   it passes, the request is aborted and the post throws `no answer … within N ms (timed out)`;
 * - redirects are **not followed**: a 3xx is the receiver's answer, which is not a 2xx, so the attempt
 *   is recorded as failed with its status (`HTTP 301`). Following one would let a public URL bounce
 *   the delivery to an address the guard refuses (the redirect target is never checked), would send
 *   the signed body somewhere the subscriber did not name, and would turn the POST into a GET for
 *   301/302/303 as HTTP clients do (RFC 9110 §15.4). A receiver that moved updates its subscription;
 * - the answer is the status; at most `maxResponseBytes` of the body are read, to keep the connection
 *   reusable, and a longer body closes it;
 * - a request that gets no answer (refused, reset, unresolvable, timed out, refused by the guard)
 *   throws an `Error` whose message says what happened, recorded as the attempt's `error`.
 *
 * Connections are kept alive per transport (an agent of its own, so a socket opened by a sandbox
 * transport is never reused by one that refuses private addresses).
 *
 * @example
 * ```ts
 * const webhooks = httpWebhookTransport({ allowPrivate: process.env.FISCALKIT_ENV === 'sandbox' });
 * const ports = postgresPorts({ pool, webhooks });
 * ```
 */
export function httpWebhookTransport(options: HttpWebhookTransportOptions = {}): HttpWebhookTransport {
  const allowPrivate = options.allowPrivate === true;
  const maxResponseBytes = options.maxResponseBytes ?? 4096;
  const userAgent = options.userAgent ?? 'fiscalkit-webhooks';
  const lookup = guardedLookup({
    allowPrivate,
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
  });
  const agents = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
  };

  async function post(request: WebhookRequest): Promise<{ status: number }> {
    const checked = checkWebhookUrl(request.url, { allowPrivate });
    if (!checked.ok) throw new WebhookAddressRefusedError(checked.reason);
    const url = new URL(request.url);
    const https = checked.protocol === 'https:';
    const body = Buffer.from(request.body, 'utf8');
    const headers: Record<string, string> = { 'User-Agent': userAgent, ...request.headers };
    headers['Content-Length'] = String(body.length);

    return new Promise<{ status: number }>((resolve, reject) => {
      let timedOut = false;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        outcome();
      };
      const onAnswer = (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        // The status line is the answer; the body is read only to free the connection, up to the limit.
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxResponseBytes) response.destroy();
        });
        response.on('error', () => undefined);
        // The timeout still bounds the rest of the body; the connection is let go of once it ends.
        response.on('close', () => clearTimeout(timer));
        settle(() => resolve({ status }));
      };
      const sent: ClientRequest = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          headers,
          lookup,
          agent: https ? agents.https : agents.http,
        },
        onAnswer,
      );
      const timer = setTimeout(() => {
        timedOut = true;
        sent.destroy();
      }, request.timeout_ms);
      sent.on('error', (error) => {
        clearTimeout(timer);
        settle(() => reject(describe(error, url, request.timeout_ms, timedOut)));
      });
      sent.on('close', () => {
        if (timedOut) settle(() => reject(describe(null, url, request.timeout_ms, true)));
      });
      sent.end(body);
    });
  }

  return {
    post,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
