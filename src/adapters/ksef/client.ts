/**
 * The real KSeF 2.0 client behind the `KsefTransport` port (issue #23 "Real clients, behind the
 * same port"), written against the published OpenAPI of `api.ksef.mf.gov.pl/v2` (CIRFMF/ksef-docs).
 * docs/ksef-client.md walks through the protocol, the cryptography and the idempotency.
 */
import type { KsefStatus, KsefSubmission, KsefTransport } from '../../ports.js';
import { ksefAuth } from './auth.js';
import { KsefRequestError, ksefHttp } from './http.js';
import { ksefKeys } from './keys.js';
import { closeOnlineSession, type OnlineSession, openOnlineSession, sendInvoice } from './session.js';
import { invoiceStatus, joinReference } from './status.js';

/** The public KSeF 2.0 environments (srodowiska.md; OpenAPI `servers`). */
export const KSEF_ENVIRONMENTS = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  prod: 'https://api.ksef.mf.gov.pl/v2',
} as const;

/** How a {@link ksefClient} is set up. */
export interface KsefClientOptions {
  /** One of {@link KSEF_ENVIRONMENTS}, or another base URL (a local simulator). */
  baseUrl: string;
  /** The KSeF token the client authenticates with. */
  token: string;
  /**
   * The NIP the token belongs to, when known: a submission for another NIP is refused before any
   * call (the token could not open that context). Unset, each submission's `nip` is the context.
   */
  nip?: string;
  /** Per HTTP call. Default 30 s. */
  timeoutMs?: number;
  /** Between two authentication status polls. Default 1 s. */
  pollIntervalMs?: number;
  /** How long authentication may stay in progress. Default 60 s. */
  authTimeoutMs?: number;
  /** A 429's `Retry-After` up to this is waited out in the call. Default 10 s. */
  maxRetryAfterSeconds?: number;
  /**
   * A session is reused for further invoices of its NIP until this close to its `validUntil`
   * (KSeF keeps an online session 12 h). Default 30 min.
   */
  sessionMarginMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The KSeF transport, plus `close()` to close the sessions it holds open (call it on shutdown). */
export interface KsefClient extends KsefTransport {
  close(): Promise<void>;
}

interface Sent {
  reference: string;
}

/**
 * The most `submission.key`s remembered; the oldest is forgotten first. A forgotten key sent again
 * is still safe: KSeF's duplicate check (440) answers with the original.
 */
const REMEMBERED_KEYS = 10_000;

/**
 * A KSeF 2.0 client: authenticates with the KSeF token per NIP context, sends each FA(3) document in
 * an online session (one per NIP, reused while valid: KSeF allows 120 session openings an hour per
 * context, limity/limity-api.md), and reads its status and UPO.
 *
 * Idempotency: the same `submission.key` sent again in this process is not sent twice, its status is
 * read instead; after a restart KSeF's duplicate check (status 440) answers with the original,
 * accepted when its UPO carries this document's hash.
 *
 * @example
 * ```ts
 * const ksef = ksefClient({ baseUrl: KSEF_ENVIRONMENTS.test, token: process.env.KSEF_TOKEN ?? '' });
 * const first = await ksef.submit({ tax_report_id: 1, account_id: 1, nip: '5265877635', xml, key: 'tr_1' });
 * const later = await ksef.status(submission, first.reference);
 * ```
 */
export function ksefClient(options: KsefClientOptions): KsefClient {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const http = ksefHttp({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 10,
    fetch: options.fetch ?? globalThis.fetch,
    sleep,
  });
  const keys = ksefKeys(http, now);
  const auth = ksefAuth({
    http,
    keys,
    token: options.token,
    now,
    sleep,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    authTimeoutMs: options.authTimeoutMs ?? 60_000,
  });
  const margin = options.sessionMarginMs ?? 30 * 60_000; // money-safe: minutes to milliseconds
  const sessions = new Map<string, OnlineSession>();
  const opening = new Map<string, Promise<OnlineSession>>();
  const sent = new Map<string, Sent>();

  /** Runs `call` with an access token; once more with a new one when KSeF answers 401. */
  async function authorized<T>(nip: string, call: (bearer: string) => Promise<T>): Promise<T> {
    try {
      return await call(await auth.accessToken(nip));
    } catch (error) {
      if (!(error instanceof KsefRequestError) || error.status !== 401) throw error;
      auth.forget(nip);
      return call(await auth.accessToken(nip));
    }
  }

  async function session(nip: string, bearer: string): Promise<OnlineSession> {
    const open = sessions.get(nip);
    if (open !== undefined && Date.parse(open.validUntil) - margin > now()) return open;
    const running = opening.get(nip);
    if (running !== undefined) return running;
    const started = openOnlineSession(http, keys, bearer)
      .then((opened) => {
        sessions.set(nip, opened);
        return opened;
      })
      .finally(() => opening.delete(nip));
    opening.set(nip, started);
    return started;
  }

  function checkContext(submission: KsefSubmission): void {
    if (options.nip !== undefined && submission.nip !== options.nip) {
      throw new KsefRequestError(
        `the KSeF token is for NIP ${options.nip}, not ${submission.nip}: nothing was sent`,
        false,
        0,
      );
    }
  }

  async function status(submission: KsefSubmission, reference: string): Promise<KsefStatus> {
    checkContext(submission);
    return authorized(submission.nip, (bearer) => invoiceStatus(http, bearer, reference, submission.xml));
  }

  return {
    async submit(submission) {
      checkContext(submission);
      const known = sent.get(submission.key);
      if (known !== undefined) return status(submission, known.reference);
      const reference = await authorized(submission.nip, async (bearer) => {
        const before = sessions.get(submission.nip);
        const current = await session(submission.nip, bearer);
        try {
          const invoice = await sendInvoice(http, current, bearer, submission.xml);
          return joinReference(current.referenceNumber, invoice.referenceNumber);
        } catch (error) {
          // A session kept from earlier that KSeF no longer takes (closed, expired: a 4xx other than
          // 401 / 429) is dropped and the invoice sent once in a new one; KSeF took nothing from the
          // refused request. A refusal in a session just opened is the invoice's own: thrown.
          if (!(error instanceof KsefRequestError) || error.retryable || error.status === 401) throw error;
          if (before !== current || sessions.get(submission.nip) !== current) throw error;
          sessions.delete(submission.nip);
          const fresh = await session(submission.nip, bearer);
          const invoice = await sendInvoice(http, fresh, bearer, submission.xml);
          return joinReference(fresh.referenceNumber, invoice.referenceNumber);
        }
      });
      sent.set(submission.key, { reference });
      if (sent.size > REMEMBERED_KEYS) sent.delete(sent.keys().next().value as string);
      return status(submission, reference);
    },
    status,
    async close() {
      const open = [...sessions.entries()];
      sessions.clear();
      const failures: string[] = [];
      for (const [nip, held] of open) {
        try {
          await authorized(nip, (bearer) => closeOnlineSession(http, held.referenceNumber, bearer));
        } catch (error) {
          failures.push(`${held.referenceNumber}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (failures.length > 0) {
        // KSeF closes an online session itself at its validUntil; nothing sent in it is lost.
        throw new KsefRequestError(`KSeF sessions not closed: ${failures.join('; ')}`, true, 0);
      }
    },
  };
}
