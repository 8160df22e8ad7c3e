import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import { checkWebhookUrl } from '../events/webhookUrl.js';
import { instantFromMillis } from '../model/instant.js';
import type { RecordCondition } from '../model/recordFilter.js';
import type { WebhookDelivery } from '../model/webhookDelivery.js';
import {
  applyWebhookSubscriptionUpdate,
  createWebhookSubscription,
  parseWebhookSubscription,
  WEBHOOK_SECRET_BYTES,
  type WebhookSubscription,
  webhookSecret,
} from '../model/webhookSubscription.js';
import { type PageRequest, type Ports, VersionConflictError } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** A page of resources and the size of the whole list (spec §2.1 `meta`). */
export interface ResourcePage<T> {
  items: T[];
  total_count: number;
}

/** Webhook subscriptions (spec §2.12, §6) and their deliveries. */
export interface WebHookService {
  /** POST /accounts/{account}/web_hooks, body `{web_hook: {url, events}}`: a new subscription with its secret. */
  create(account_id: number, body: unknown): Promise<WebhookSubscription>;
  /** GET /web_hooks/{id}. */
  get(account_id: number, id: number): Promise<WebhookSubscription>;
  /** GET /accounts/{account}/web_hooks; `conditions`: the list's `query` (issue #19), none by default. */
  list(
    account_id: number,
    page: PageRequest,
    conditions?: readonly RecordCondition[],
  ): Promise<ResourcePage<WebhookSubscription>>;
  /**
   * PATCH and PUT /web_hooks/{id} (`update`: any subset of the fields, merged over the stored
   * subscription; PUT is a partial update too, issue #19), or `create`: `url` and `events` required
   * (the HTTP binding no longer asks for it).
   */
  update(
    account_id: number,
    id: number,
    body: unknown,
    operation?: 'create' | 'update',
  ): Promise<WebhookSubscription>;
  /** DELETE /web_hooks/{id}: the removed subscription (spec §2.1: write responses return the resource). */
  remove(account_id: number, id: number): Promise<WebhookSubscription>;
  /** The account's deliveries, oldest first, each with its attempts (issue #7: "records each attempt"). */
  deliveries(
    account_id: number,
    page: PageRequest,
    /** The list's `query` (issue #19); none by default. */
    conditions?: readonly RecordCondition[],
  ): Promise<ResourcePage<WebhookDelivery>>;
}

/**
 * The inner object of `{"web_hook": {…}}` (api-notes.md §5.4). Params inside stay relative to it
 * (`url`, `events[1]`), as the other resources' params are relative to their wrapper's object.
 */
function inner(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError('invalid_request_params', 'the body must be a JSON object {"web_hook": {…}}', {
      param: null,
    });
  const value = (body as { web_hook?: unknown }).web_hook;
  if (value === undefined || value === null)
    throw new ApiError('parameter_blank', 'web_hook is required: {"web_hook": {"url": …, "events": […]}}', {
      param: 'web_hook',
    });
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ApiError('invalid_request_params', 'web_hook must be an object', { param: 'web_hook' });
  return value;
}

/**
 * The SSRF guard at subscription time (issue #23; `checkWebhookUrl`): a URL the deliveries would
 * refuse is refused when it is stored, 422 `parameter_invalid` on `url`, so the client learns it at
 * once rather than from a log of failed attempts. Outside the sandbox loopback, private and
 * link-local destinations are refused; the message says the sandbox allows them, since that is what
 * a developer pointing a subscription at a local receiver needs to know. Host names are judged
 * again, by the addresses they resolve to, at every delivery.
 */
function guardUrl(url: string | undefined, sandbox: boolean): void {
  if (url === undefined) return;
  const check = checkWebhookUrl(url, { allowPrivate: sandbox });
  if (check.ok) return;
  throw new ApiError(
    'parameter_invalid',
    `url is refused: ${check.reason}. Webhooks go to public http(s) receivers only; loopback, private and link-local addresses (and localhost) are allowed in the sandbox alone`,
    { param: 'url' },
  );
}

function missing(id: number): ApiError {
  return new ApiError('resource_missing', `no web hook ${String(id)}`, { param: 'id' });
}

/**
 * The webhook subscription service (paths are fiscalkit's choice, DESIGN.md: `/accounts/{account}/web_hooks`,
 * `/web_hooks/{id}`). A new subscription gets a secret of 32 random bytes from the `random` port
 * (`whsec_…`), returned with the resource so the receiver can verify `X-B2Brouter-Signature`. Updates are
 * read-modify-write under optimistic concurrency, retried on a version conflict (the request is applied
 * to whatever is stored, so a concurrent change is never overwritten by a stale copy).
 *
 * A `url` the SSRF guard refuses (`checkWebhookUrl`: not http(s), credentials in it, a loopback,
 * private or link-local address or `localhost` outside the sandbox, `deps.sandbox`) is refused at
 * POST, PUT and PATCH with 422 `parameter_invalid` on `url`.
 *
 * @example
 * ```ts
 * const hooks = createWebHookService(ports, { sandbox: false });
 * const hook = await hooks.create(9, { web_hook: { url: 'https://example.com/hooks', events: ['sii_batch.finished'] } });
 * hook.secret; // 'whsec_…'
 * ```
 */
export function createWebHookService(ports: Ports, deps: Pick<ServiceDeps, 'sandbox'> = {}): WebHookService {
  const repository = ports.store.webhookSubscriptions;
  const sandbox = deps.sandbox === true;
  return {
    async create(account_id, body) {
      const parsed = parseWebhookSubscription(inner(body), 'create');
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      guardUrl(parsed.data.url, sandbox);
      const subscription = createWebhookSubscription(parsed.data, {
        id: await ports.ids.next('web_hook'),
        account_id,
        secret: webhookSecret(ports.random.bytes(WEBHOOK_SECRET_BYTES)),
        created_at: instantFromMillis(ports.clock.now()),
      });
      return (await repository.insert(subscription)).value;
    },
    async get(account_id, id) {
      const stored = await repository.get(account_id, id);
      if (stored === null) throw missing(id);
      return stored.value;
    },
    async list(account_id, page, conditions = []) {
      const found = await repository.search(account_id, conditions, page);
      return { items: found.items.map((item) => item.value), total_count: found.total_count };
    },
    async update(account_id, id, body, operation = 'update') {
      const parsed = parseWebhookSubscription(inner(body), operation);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      guardUrl(parsed.data.url, sandbox);
      for (;;) {
        const stored = await repository.get(account_id, id);
        if (stored === null) throw missing(id);
        try {
          const next = applyWebhookSubscriptionUpdate(stored.value, parsed.data);
          return (await repository.update(next, stored.version)).value;
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
        }
      }
    },
    async remove(account_id, id) {
      for (;;) {
        const stored = await repository.get(account_id, id);
        if (stored === null) throw missing(id);
        try {
          await repository.remove(account_id, id, stored.version);
          return stored.value;
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
        }
      }
    },
    async deliveries(account_id, page, conditions = []) {
      const found = await ports.store.webhookDeliveries.search(account_id, conditions, page);
      return { items: found.items.map((item) => item.value), total_count: found.total_count };
    },
  };
}
