/**
 * Webhook delivery over real HTTP (issue #23 "Webhooks that arrive"): the `WebhookTransport` port on
 * node:http and node:https, with the connect-time half of the SSRF guard. `postgresPorts()` uses it by
 * default; a host on other ports passes `httpWebhookTransport({ allowPrivate })` as `webhooks`.
 *
 * @module
 */
export type { WebhookRequest, WebhookTransport } from '../../ports.js';
export {
  guardedLookup,
  type HttpWebhookTransport,
  type HttpWebhookTransportOptions,
  httpWebhookTransport,
  WebhookAddressRefusedError,
  type WebhookResolver,
} from './webhookTransport.js';
