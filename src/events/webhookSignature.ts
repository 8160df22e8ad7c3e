/**
 * Signing and verifying webhook deliveries (api-notes.md §5.3, from the public webhooks guide):
 * header `X-B2Brouter-Signature: t={unix seconds},s={hex HMAC-SHA256}`, where the MAC is computed
 * over `"{t}.{raw request body}"` with the subscription's secret, exactly as the guide's PHP sample
 * does it (`hash_hmac('sha256', $t.'.'.$body, $secret)`, compared with `hash_equals`).
 *
 * The MAC comes from Web Crypto (`globalThis.crypto.subtle`), present in Node ≥ 19, Deno, Bun,
 * browsers and edge runtimes, so the core stays portable (DESIGN.md: no `node:` imports). The core is
 * typed for ES2022 only, without DOM or Node types, so Web Crypto and `TextEncoder` are reached
 * through `globalThis` with the few narrow declarations below.
 *
 * This is the one file of the core that reads the clock: {@link verifyWebhookSignature} is a helper
 * for receivers, which have no `Clock` port, so `now` defaults to the current time (see the exemption
 * in test/repository/conventions.test.ts). The sending side never reads it: the delivery job passes
 * the timestamp from its `Clock` port to {@link signWebhook}.
 *
 * @module
 */

/** The header that carries the signature (api-notes.md §5.3). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-B2Brouter-Signature';

/**
 * How far (in seconds, either way) a signature's `t` may be from now before
 * {@link verifyWebhookSignature} refuses it as a possible replay. 300 s is the window of B2Brouter's
 * WooCommerce plugin (api-notes.md §5.3); the service documents no policy of its own.
 */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Why a signature was refused; keyed like the codes of validation issues. */
export type WebhookSignatureFailure =
  | 'signature_missing'
  | 'signature_malformed'
  | 'timestamp_outside_tolerance'
  | 'signature_mismatch';

/** The verdict of {@link verifyWebhookSignature}: the signed timestamp, or why it was refused. */
export type WebhookSignatureCheck =
  | { valid: true; timestamp: number }
  | { valid: false; code: WebhookSignatureFailure; message: string };

/** Options of {@link verifyWebhookSignature}. */
export interface VerifyWebhookSignatureOptions {
  /**
   * The largest accepted distance between `t` and `now`, in seconds, a non-negative number; default
   * {@link WEBHOOK_SIGNATURE_TOLERANCE_SECONDS}. `Infinity` turns the replay check off.
   */
  toleranceSeconds?: number;
  /** Now, in Unix seconds; default the current time (tests and replays pass their own). */
  now?: number;
}

// ─── The platform, typed narrowly (ES2022 has neither Web Crypto nor TextEncoder) ──────────────────

/** The part of `SubtleCrypto` used here: an HMAC-SHA256 key from raw bytes, and `sign`. */
interface HmacSubtleCrypto {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    keyUsages: readonly 'sign'[],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

/** The globals this file needs, all optional until checked. */
interface WebPlatform {
  crypto?: { subtle?: HmacSubtleCrypto };
  TextEncoder?: new () => { encode(input: string): Uint8Array };
}

const platform = globalThis as unknown as WebPlatform;

function subtle(): HmacSubtleCrypto {
  const found = platform.crypto?.subtle;
  if (found === undefined)
    throw new TypeError(
      'webhook signatures need Web Crypto (globalThis.crypto.subtle), absent from this runtime',
    );
  return found;
}

/**
 * UTF-8 bytes of a string. A lone surrogate becomes U+FFFD, as every `TextEncoder` (and so every
 * HTTP client) writes it; `JSON.stringify` escapes lone surrogates, so a `webhookBody` never has one.
 */
function utf8(text: string): Uint8Array {
  const Encoder = platform.TextEncoder;
  if (Encoder === undefined) throw new TypeError('webhook signatures need globalThis.TextEncoder');
  return new Encoder().encode(text);
}

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head, 0);
  joined.set(tail, head.length);
  return joined;
}

/** Lower-case hex HMAC-SHA256 of `payload`, keyed with the UTF-8 bytes of the whole `secret`. */
async function hmacSha256Hex(secret: string, payload: Uint8Array): Promise<string> {
  const crypto = subtle();
  const key = await crypto.importKey('raw', utf8(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.sign('HMAC', key, payload));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Whether two byte strings are equal, in time that depends only on their lengths (the guide's
 * `hash_equals`): every byte pair is XORed and the differences ORed, with no early exit, so the
 * time taken does not tell an attacker how many leading characters of a forged MAC were right.
 */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

function requireSecret(secret: string, caller: string): void {
  // Web Crypto refuses a zero-length HMAC key; an empty secret is a programmer error anyway.
  if (typeof secret !== 'string' || secret.length === 0)
    throw new TypeError(`${caller}: the secret must be a non-empty string`);
}

/**
 * The value of the {@link WEBHOOK_SIGNATURE_HEADER} header for `body` posted at `timestamp`:
 * `t={timestamp},s={64 lower-case hex digits}`, where `s` is HMAC-SHA256 keyed with the UTF-8 bytes
 * of the whole `secret` (the `whsec_…` string as stored, not hex-decoded: the guide's PHP sample keys
 * `hash_hmac` with the secret string) over the UTF-8 bytes of `"{timestamp}.{body}"` (api-notes.md
 * §5.3). `timestamp` is in Unix seconds, from the caller's clock; anything but a non-negative safe
 * integer, or an empty secret, is a programmer error and throws a `TypeError`.
 *
 * @example
 * ```ts
 * await signWebhook('{"code":"tin_verification.finished"}', 'whsec_…', 1776681600);
 * // 't=1776681600,s=3b1f…' (64 hex digits)
 * ```
 */
export async function signWebhook(body: string, secret: string, timestamp: number): Promise<string> {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new TypeError(`signWebhook: the timestamp must be whole Unix seconds, got ${String(timestamp)}`);
  requireSecret(secret, 'signWebhook');
  const t = String(timestamp);
  return `t=${t},s=${await hmacSha256Hex(secret, utf8(`${t}.${body}`))}`;
}

/** A header read into its timestamp (as written, and as a number) and its candidate signatures. */
type ParsedHeader =
  | { ok: true; t: string; timestamp: number; signatures: string[] }
  | { ok: false; message: string };

/**
 * Reads `t={digits},s={hex}[,s={hex}…]`. Parts are separated by commas, with spaces around them
 * tolerated; several `s` are allowed (a sender rotating its key signs with both, as Stripe's
 * `v1=` does) and parts with other keys, or with no `=`, are ignored so that a sender can add a
 * field without breaking receivers. Exactly one `t`, all digits, and at least one `s` are required.
 */
function parseHeader(header: string): ParsedHeader {
  const ts: string[] = [];
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const key = part.slice(0, equals).trim();
    const value = part.slice(equals + 1).trim();
    if (key === 't') ts.push(value);
    else if (key === 's') signatures.push(value);
  }
  if (ts.length !== 1) return { ok: false, message: 'the header needs exactly one t={unix seconds}' };
  const t = ts[0] ?? '';
  if (!/^\d{1,15}$/.test(t)) return { ok: false, message: 't must be a Unix timestamp in whole seconds' };
  if (signatures.length === 0) return { ok: false, message: 'the header has no s={signature}' };
  // money-safe: a Unix timestamp of at most 15 digits, exact as a number.
  return { ok: true, t, timestamp: Number(t), signatures };
}

/**
 * Checks a webhook delivery on the receiving side (api-notes.md §5.3): `header` is the value of
 * {@link WEBHOOK_SIGNATURE_HEADER}, `body` the **raw** request body, before any JSON parsing (a
 * `Uint8Array` is used byte for byte; a string is encoded as UTF-8), `secret` the subscription's
 * signing secret. The expected MAC is computed and compared with every `s` of the header in constant
 * time; the delivery is valid when one matches (key rotation) and `t` is within `toleranceSeconds`
 * of `now`, either way (a replayed or badly delayed delivery is refused).
 *
 * The verdict never throws for a bad header: `signature_missing` (no header, or a blank one),
 * `signature_malformed` (no single numeric `t`, or no `s`), `signature_mismatch` (no `s` matches:
 * a changed body, a wrong secret), `timestamp_outside_tolerance` (a genuine signature, too old or
 * too far in the future; checked after the MAC so that it says the sender really signed it). An
 * empty secret, or a `toleranceSeconds` that is negative or not a number, is a programmer error and
 * rejects with a `TypeError` / `RangeError`.
 *
 * @example
 * ```ts
 * const check = await verifyWebhookSignature(rawBody, request.headers.get('X-B2Brouter-Signature'), secret);
 * if (!check.valid) return new Response(check.message, { status: 400 });
 * ```
 */
export async function verifyWebhookSignature(
  body: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: VerifyWebhookSignatureOptions = {},
): Promise<WebhookSignatureCheck> {
  requireSecret(secret, 'verifyWebhookSignature');
  const tolerance = options.toleranceSeconds ?? WEBHOOK_SIGNATURE_TOLERANCE_SECONDS;
  if (typeof tolerance !== 'number' || Number.isNaN(tolerance) || tolerance < 0)
    throw new RangeError(
      `verifyWebhookSignature: toleranceSeconds must be a non-negative number, got ${String(tolerance)}`,
    );
  // money-safe: Unix seconds from the milliseconds of the clock (receiver side; see the module comment).
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (typeof now !== 'number' || !Number.isFinite(now))
    throw new RangeError(`verifyWebhookSignature: now must be Unix seconds, got ${String(now)}`);

  if (header === null || header === undefined || header.trim() === '')
    return { valid: false, code: 'signature_missing', message: `no ${WEBHOOK_SIGNATURE_HEADER} header` };
  const parsed = parseHeader(header);
  if (!parsed.ok) return { valid: false, code: 'signature_malformed', message: parsed.message };

  // The signed payload uses `t` exactly as the header writes it, as the PHP sample does.
  const payload = typeof body === 'string' ? utf8(`${parsed.t}.${body}`) : concat(utf8(`${parsed.t}.`), body);
  const expected = utf8(await hmacSha256Hex(secret, payload));
  let matched = false;
  // Every candidate is compared (no early exit), so the time does not say which one matched.
  for (const signature of parsed.signatures)
    if (equalInConstantTime(expected, utf8(signature.toLowerCase()))) matched = true;
  if (!matched)
    return {
      valid: false,
      code: 'signature_mismatch',
      message: 'no signature matches the body and the secret',
    };

  if (Math.abs(now - parsed.timestamp) > tolerance)
    return {
      valid: false,
      code: 'timestamp_outside_tolerance',
      message: `t=${parsed.t} is more than ${String(tolerance)} s away from now (${String(now)})`,
    };
  return { valid: true, timestamp: parsed.timestamp };
}
