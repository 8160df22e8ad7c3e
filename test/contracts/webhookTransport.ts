/**
 * The contract of the `WebhookTransport` port (ports.ts "Events and webhooks"): a post answers the
 * receiver's HTTP status, and a receiver that cannot be reached makes it throw. Register it from a
 * `*.test.ts` file with a factory that gives the transport and a way to set how a URL answers (for a
 * real transport: a local test server).
 */
import { describe, expect, it } from 'vitest';
import type { WebhookRequest, WebhookTransport } from '../../src/ports.js';

/** A transport under test, and receivers it can reach. */
export interface WebhookTransportSubject {
  transport: WebhookTransport;
  /** A URL whose receiver answers `status` to every post. */
  answering(status: number): string | Promise<string>;
  /** A URL nothing listens at. */
  unreachable(): string | Promise<string>;
}

const request = (url: string): WebhookRequest => ({
  url,
  headers: { 'content-type': 'application/json', 'x-signature': 't=1,v1=abc' },
  body: '{"code":"tin_verification.finished"}',
  timeout_ms: 5_000,
});

/**
 * Registers the webhook transport contract as a `describe` block named after `name`.
 *
 * @example
 * ```ts
 * describeWebhookTransportContract('memoryWebhookTransport', () => {
 *   const transport = memoryWebhookTransport();
 *   return { transport, answering: (status) => { transport.respond(url, status); return url; }, … };
 * });
 * ```
 */
export function describeWebhookTransportContract(
  name: string,
  make: () => WebhookTransportSubject | Promise<WebhookTransportSubject>,
): void {
  describe(`WebhookTransport contract: ${name}`, () => {
    it.each([200, 204, 410, 500])('answers the receiver’s status %i', async (status) => {
      const { transport, answering } = await make();
      expect(await transport.post(request(await answering(status)))).toEqual({ status });
    });

    it('throws when the receiver cannot be reached, and still reaches the others', async () => {
      const { transport, answering, unreachable } = await make();
      await expect(transport.post(request(await unreachable()))).rejects.toThrow();
      expect(await transport.post(request(await answering(200)))).toEqual({ status: 200 });
    });
  });
}
