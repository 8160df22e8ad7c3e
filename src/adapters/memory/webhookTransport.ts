/**
 * Webhook delivery in memory (ports.ts `WebhookTransport`): records every request and answers the
 * status a test set for its URL, or fails as an unreachable receiver does.
 *
 * @module
 */
import type { WebhookRequest, WebhookTransport } from '../../ports.js';

/** The memory transport and its controls. */
export interface MemoryWebhookTransport extends WebhookTransport {
  /** Every request posted, in order (unreachable ones included), each a frozen copy. */
  readonly requests: readonly WebhookRequest[];
  /** Posts to `url` answer `status` from now on (default 200). */
  respond(url: string, status: number): void;
  /** Posts to `url` throw `Error('connection refused')`, as to a receiver that is down. */
  down(url: string): void;
  /** Posts to `url` reach it again. */
  up(url: string): void;
  /** The requests posted to `url`, in order. */
  receivedBy(url: string): WebhookRequest[];
}

/**
 * A webhook transport in memory. Every post is recorded in `requests`; a post to a URL set `down`
 * throws `Error('connection refused')`; any other answers the status set with `respond` for its URL,
 * 200 by default. Nothing is sent anywhere.
 *
 * @example
 * ```ts
 * const webhooks = memoryWebhookTransport();
 * webhooks.respond('https://example.test/hooks', 500);
 * await webhooks.post({ url: 'https://example.test/hooks', headers: {}, body: '{}', timeout_ms: 10_000 }); // { status: 500 }
 * webhooks.down('https://example.test/hooks');
 * await webhooks.post(request); // throws Error('connection refused')
 * webhooks.receivedBy('https://example.test/hooks').length; // 2
 * ```
 */
export function memoryWebhookTransport(): MemoryWebhookTransport {
  const requests: WebhookRequest[] = [];
  const statuses = new Map<string, number>();
  const unreachable = new Set<string>();

  return {
    requests,
    respond(url: string, status: number) {
      if (!Number.isInteger(status) || status < 100 || status > 599)
        throw new RangeError(`an HTTP status is an integer from 100 to 599, not ${String(status)}`);
      statuses.set(url, status);
    },
    down(url: string) {
      unreachable.add(url);
    },
    up(url: string) {
      unreachable.delete(url);
    },
    receivedBy(url: string) {
      return requests.filter((request) => request.url === url);
    },

    async post(request: WebhookRequest) {
      requests.push(
        Object.freeze({
          url: request.url,
          headers: Object.freeze({ ...request.headers }),
          body: request.body,
          timeout_ms: request.timeout_ms,
        }),
      );
      if (unreachable.has(request.url)) throw new Error('connection refused');
      return { status: statuses.get(request.url) ?? 200 };
    },
  };
}
