/**
 * How webhook deliveries are retried. The spec leaves it out (§6 rule 4: "delivery format, signing and
 * retry of webhooks: not shown") and so does the public documentation (api-notes.md §5.4: "retry
 * count, back-off, timeout, auto-disable: not documented"), so this is **fiscalkit's decision**
 * (DESIGN.md "Where the spec is silent, fiscalkit decides"):
 *
 * - exponential backoff as Stripe does it: 30 s after the first failure, doubling after each further
 *   one — 30 s, 1 min, 2 min, 4 min, 8 min, 16 min, 32 min —
 * - capped at 1 hour (the 8th delay would be 64 min), so a receiver that is down for hours is tried
 *   again every hour rather than ever more rarely;
 * - for 24 hours from the first attempt (the issue: "retries failures with exponential backoff for up
 *   to 24 h"); then the delivery is `failed`. The event itself stays listed in
 *   GET /accounts/{account}/events, so it is never lost.
 *
 * With attempts that answer at once, retries fall at 30 s, 1.5 min, 3.5 min, 7.5 min, 15.5 min,
 * 31.5 min and 63.5 min (3,810 s) after the first attempt, then hourly: the 22nd hourly retry is at
 * 3,810 s + 22 h = 23 h 03 min 30 s and the next would be past 24 h. That is 29 retries, **30 attempts
 * in all**; slow attempts (up to {@link WEBHOOK_TIMEOUT_MS} each) push the schedule later and can
 * only make it fewer.
 *
 * @module
 */

/** How long deliveries are retried, from the first attempt: 24 hours (see the module comment). */
export const WEBHOOK_RETRY_WINDOW_MS = 86_400_000;

/** The delay after the first failed attempt: 30 s, doubled after each further failure. */
export const WEBHOOK_FIRST_RETRY_MS = 30_000;

/** The longest delay between two attempts: 1 hour. */
export const WEBHOOK_MAX_RETRY_DELAY_MS = 3_600_000;

/**
 * How long one attempt waits for the receiver's answer before it counts as failed: 10 s
 * (fiscalkit's choice, api-notes.md §5.4 documents none). Receivers should answer at once and do
 * their work afterwards; a slow one is retried like a down one.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The wait before the next attempt after `failedAttempts` failed ones (1 or more):
 * min(30 s × 2^(failedAttempts − 1), 1 h). Anything but an integer ≥ 1 is a programmer error and
 * throws a `RangeError`.
 *
 * @example
 * ```ts
 * webhookRetryDelay(1); // 30_000
 * webhookRetryDelay(4); // 240_000
 * webhookRetryDelay(8); // 3_600_000 (the cap: 30 s × 2^7 would be 64 min)
 * ```
 */
export function webhookRetryDelay(failedAttempts: number): number {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1)
    throw new RangeError(
      `webhookRetryDelay: failedAttempts must be an integer ≥ 1, got ${String(failedAttempts)}`,
    );
  // The cap is reached at the 8th failure; stopping the doubling there keeps the power finite.
  const doublings = Math.min(failedAttempts - 1, 8);
  // money-safe: time arithmetic on integer milliseconds (30 s × 2^doublings), not an amount.
  return Math.min(WEBHOOK_FIRST_RETRY_MS * 2 ** doublings, WEBHOOK_MAX_RETRY_DELAY_MS);
}

/**
 * When to try again (ms since the epoch) after the `failedAttempts`-th failed attempt ended at `now`,
 * for a delivery first attempted at `firstAttemptAt`: `now + webhookRetryDelay(failedAttempts)`, or
 * `null` (give up) when that is later than `firstAttemptAt + WEBHOOK_RETRY_WINDOW_MS`.
 *
 * @example
 * ```ts
 * nextWebhookAttempt(0, 1, 0); // 30_000
 * nextWebhookAttempt(0, 30, 83_010_000); // null: 83,010 s + 1 h is past the 24-hour window
 * ```
 */
export function nextWebhookAttempt(
  firstAttemptAt: number,
  failedAttempts: number,
  now: number,
): number | null {
  if (!Number.isFinite(firstAttemptAt) || !Number.isFinite(now))
    throw new RangeError('nextWebhookAttempt: firstAttemptAt and now must be finite milliseconds');
  const next = now + webhookRetryDelay(failedAttempts);
  return next <= firstAttemptAt + WEBHOOK_RETRY_WINDOW_MS ? next : null;
}
