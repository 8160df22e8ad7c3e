import { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { EVENT_CODES, type EventCode } from './event.js';
import { httpUrl, identifier, oneOf } from './fields.js';
import { type Operation, parseWith } from './parse.js';
import { timestamp } from './timestamp.js';

/**
 * Webhook subscriptions (spec §2.12, §6 rule 1): a URL and the event codes delivered to it.
 *
 * Paths are fiscalkit's choice, since the spec and the public documentation leave them out (spec
 * §4.8 "not shown"; api-notes.md §5.4, §13): `GET, POST /accounts/{account}/web_hooks` and
 * `GET, PATCH, PUT, DELETE /web_hooks/{id}` (DESIGN.md "Where the spec is silent"), shaped like the
 * other resources (collection under the account, member by id). The body wraps the fields as
 * `{"web_hook": {"url": …, "events": […]}}` (api-notes.md §5.4); the parsers here take the inner
 * object, so params are `url`, `events`, `events[1]`.
 */

/** The prefix of a signing secret (fiscalkit's choice; the service generates the secret, api-notes.md §5.4). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Random bytes in a signing secret: 32 bytes = 256 bits, the key size of HMAC-SHA256 (api-notes.md §5.3). */
export const WEBHOOK_SECRET_BYTES = 32;

const WEBHOOK_SECRET = /^whsec_[0-9a-f]{64}$/;

/**
 * `url`: required, an absolute http(s) URL. Absent, null or `""` is `parameter_blank`; anything else
 * that is not an http(s) URL `parameter_invalid`.
 */
const url = () => z.string().min(1, { abort: true }).pipe(httpUrl());

/**
 * `events`: a non-empty list of known event codes (api-notes.md §5.2). An unknown code is
 * `parameter_inclusion` at its own index (`events[1]`), a non-string there `invalid_request_params`
 * (checked as a string first: a bare enum would call the number `8` an unknown code); an empty list
 * `parameter_empty`. A code sent
 * twice is kept once, in the order first sent: a subscription is a set of codes, and a repeated code
 * has one unambiguous meaning, so refusing it would help no client.
 */
const events = () =>
  z
    .array(oneOf(EVENT_CODES))
    .min(1)
    .transform((codes) => [...new Set(codes)]);

/** Body of POST /accounts/{account}/web_hooks and PUT /web_hooks/{id}: `url` and `events` required. */
export const WebhookSubscriptionCreateSchema = z.object({
  url: url(),
  events: events(),
  /** Whether deliveries are made; default true. Not in spec §2.12: fiscalkit's switch to pause a subscription without losing its secret. */
  enabled: z.boolean().nullish(),
});

/** Body of PATCH /web_hooks/{id}: any subset; `events`, when sent, still non-empty. */
export const WebhookSubscriptionUpdateSchema = WebhookSubscriptionCreateSchema.partial();

/** A subscription as sent on create. */
export type WebhookSubscriptionCreate = z.output<typeof WebhookSubscriptionCreateSchema>;
/** A subscription update. */
export type WebhookSubscriptionUpdate = z.output<typeof WebhookSubscriptionUpdateSchema>;

/**
 * A subscription as stored and returned: the writable fields plus `id`, the owning `account_id`
 * (tenancy, DESIGN.md), the generated signing `secret` (api-notes.md §5.3, §5.4: the service
 * generates it; the receiver needs it to check `X-B2Brouter-Signature`), and `created_at`.
 */
export const WebhookSubscriptionSchema = z.object({
  id: identifier(),
  account_id: identifier(),
  url: url(),
  events: events(),
  secret: z
    .string()
    .regex(WEBHOOK_SECRET, { message: 'must be whsec_ followed by 64 lower-case hex digits' }),
  enabled: z.boolean(),
  created_at: timestamp(),
});

/** A stored webhook subscription. */
export type WebhookSubscription = z.output<typeof WebhookSubscriptionSchema>;

/**
 * Parses a webhook subscription body (the object inside `{"web_hook": …}`).
 *
 * @example
 * ```ts
 * const result = parseWebhookSubscription(
 *   { url: 'https://example.com/hooks', events: ['tin_verification.finished'] },
 *   'create',
 * );
 * result.success && result.data.events; // ['tin_verification.finished']
 * ```
 */
export function parseWebhookSubscription(
  input: unknown,
  operation: 'create',
): Validated<WebhookSubscriptionCreate>;
export function parseWebhookSubscription(
  input: unknown,
  operation: 'update',
): Validated<WebhookSubscriptionUpdate>;
export function parseWebhookSubscription(
  input: unknown,
  operation: Operation,
): Validated<WebhookSubscriptionUpdate>;
export function parseWebhookSubscription(
  input: unknown,
  operation: Operation,
): Validated<WebhookSubscriptionUpdate> {
  return parseWith(
    operation === 'create' ? WebhookSubscriptionCreateSchema : WebhookSubscriptionUpdateSchema,
    input,
  );
}

/**
 * Writes a signing secret from `bytes`, which must be 32 bytes from a cryptographically secure
 * source supplied by the caller (DESIGN.md: no randomness in the core), e.g.
 * `crypto.getRandomValues(new Uint8Array(32))`: `whsec_` + 64 lower-case hex digits. Another length
 * is a programmer error and throws.
 *
 * @example
 * ```ts
 * webhookSecret(new Uint8Array(32).fill(0xab)); // 'whsec_abab…ab' (64 hex digits)
 * ```
 */
export function webhookSecret(bytes: Uint8Array): string {
  if (bytes.length !== WEBHOOK_SECRET_BYTES)
    throw new TypeError(
      `webhookSecret: needs ${String(WEBHOOK_SECRET_BYTES)} bytes, got ${String(bytes.length)}`,
    );
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return WEBHOOK_SECRET_PREFIX + hex;
}

/**
 * Whether `value` has the form of a signing secret written by {@link webhookSecret}.
 *
 * @example
 * ```ts
 * isWebhookSecret(`whsec_${'0'.repeat(64)}`); // true
 * isWebhookSecret('secret'); // false
 * ```
 */
export function isWebhookSecret(value: string): boolean {
  return WEBHOOK_SECRET.test(value);
}

/** What a new subscription needs besides the request: everything the caller's ports and clock supply. */
export interface NewWebhookSubscription {
  id: number;
  account_id: number;
  /** A secret from {@link webhookSecret}. */
  secret: string;
  /** Now, from the caller's clock, written as `timestamp()` accepts (`2026-04-20T10:15:00Z`). */
  created_at: string;
}

/**
 * The stored subscription for a parsed create request: `enabled` defaults to true, events are
 * de-duplicated. The id, secret and time are the caller's (DESIGN.md: ids, randomness and the clock
 * are injected); a secret not made by {@link webhookSecret} is a programmer error and throws.
 *
 * @example
 * ```ts
 * createWebhookSubscription(
 *   { url: 'https://example.com/hooks', events: ['tin_verification.finished'] },
 *   { id: 1, account_id: 9, secret: webhookSecret(bytes), created_at: '2026-04-20T10:15:00Z' },
 * ).enabled; // true
 * ```
 */
export function createWebhookSubscription(
  input: WebhookSubscriptionCreate,
  generated: NewWebhookSubscription,
): WebhookSubscription {
  if (!isWebhookSecret(generated.secret))
    throw new TypeError('createWebhookSubscription: the secret must come from webhookSecret()');
  return {
    id: generated.id,
    account_id: generated.account_id,
    url: input.url,
    events: [...new Set<EventCode>(input.events)],
    secret: generated.secret,
    enabled: input.enabled ?? true,
    created_at: generated.created_at,
  };
}

/**
 * A stored subscription with a parsed update applied: each field sent replaces the stored one; a
 * `null` `enabled` keeps the stored value (there is no "no value" for a switch). The id, owner,
 * secret and creation time never change.
 *
 * @example
 * ```ts
 * applyWebhookSubscriptionUpdate(stored, { enabled: false }).enabled; // false
 * ```
 */
export function applyWebhookSubscriptionUpdate(
  stored: WebhookSubscription,
  update: WebhookSubscriptionUpdate,
): WebhookSubscription {
  return {
    ...stored,
    url: update.url ?? stored.url,
    events: update.events === undefined ? stored.events : [...new Set<EventCode>(update.events)],
    enabled: update.enabled ?? stored.enabled,
  };
}
