/**
 * A real webhook receiver for tests (issue #23): a node:http server on 127.0.0.1, port 0, that
 * records every request with its raw body and answers what the test tells it to, and a signature
 * check written with node:crypto alone, independently of fiscalkit's signer (api-notes.md §5.3:
 * `X-B2Brouter-Signature: t={unix seconds},s={hex HMAC-SHA256 of "{t}.{raw body}"}`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the receiver does with a request: answer it (or not, for a receiver that hangs). */
export type ReceiverReply = (request: ReceivedRequest, response: ServerResponse, index: number) => void;

/** A running receiver. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  requests: ReceivedRequest[];
  /** Resolves once `count` requests have arrived (an event-driven wait, not a timer). */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a receiver; `reply` answers each request (default 200 with `ok`).
 *
 * @example
 * ```ts
 * const receiver = await startReceiver((_, response) => response.writeHead(500).end());
 * ```
 */
export async function startReceiver(
  reply: ReceiverReply = (_, response) => response.writeHead(200).end('ok'),
): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      reply(received, response, requests.length - 1);
      for (const waiter of waiters.filter((entry) => requests.length >= entry.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    port,
    requests,
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Whether `header` signs `rawBody` with `secret`: `t=…,s=…` where `s` is the hex HMAC-SHA256 of
 * `"{t}.{rawBody}"` keyed with the secret string (api-notes.md §5.3), computed here with node:crypto.
 */
export function signedBy(header: string | string[] | undefined, rawBody: string, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^t=(\d+),s=([0-9a-f]{64})$/.exec(header);
  if (match === null) return false;
  const [, t, s] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return timingSafeEqual(Buffer.from(expected), Buffer.from(s));
}
