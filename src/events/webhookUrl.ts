/**
 * The SSRF guard of webhook URLs (issue #23 "Webhooks that arrive"), the part that needs no network:
 * which URLs a subscription may name, and which IP addresses a delivery may connect to.
 *
 * A webhook URL is chosen by the API's client and fetched by the server, from inside the server's
 * network: without a guard, `http://169.254.169.254/latest/meta-data/` (the cloud metadata service),
 * `http://localhost:5432/` or `http://10.0.0.7/admin` would be reached on the client's behalf, and
 * the delivery log (status code, timing, error) would tell it what answered — server-side request
 * forgery (OWASP, "Server-Side Request Forgery Prevention Cheat Sheet": allow only the schemes
 * needed, refuse private and loopback destinations, and check the address actually connected to).
 * The spec is silent (§6 rule 4: delivery "not shown"; api-notes.md §5.4), so this is **fiscalkit's
 * decision**:
 *
 * - only `http:` and `https:` (a receiver is a web server; `file:`, `ftp:`, `data:`, `javascript:`
 *   and the rest would read local files or run something else entirely);
 * - no user name or password in the URL (a receiver authenticates deliveries by their signature,
 *   api-notes.md §5.3; credentials in a URL end up in logs, and `http://good.example@evil/` is a
 *   classic way to make a URL read as another host);
 * - a host must be present;
 * - an IP address must be an ordinary public unicast one. The ranges come from ipaddr.js
 *   (IANA special-purpose registries, RFC 6890): loopback (127/8, ::1), private (10/8, 172.16/12,
 *   192.168/16, fc00::/7), link-local (169.254/16 — the cloud metadata address 169.254.169.254 —
 *   and fe80::/10), unspecified (0/8, ::), carrier-grade NAT (100.64/10), multicast, broadcast,
 *   reserved and documentation ranges, and the IPv6 forms that embed an IPv4 address (IPv4-mapped
 *   ::ffff:0:0/96, judged by the address it embeds; NAT64, 6to4 and Teredo, refused outright since
 *   the IPv4 address behind them cannot be judged here). Anything ipaddr.js does not call `unicast`
 *   is refused: an allow-list, so a range added to the registries later is refused until known;
 * - the names `localhost` and `*.localhost` are refused (RFC 6761 §6.3: they always mean the
 *   machine itself, whatever DNS says).
 *
 * The sandbox (`allowPrivate`) lets loopback and private destinations through, so that a developer's
 * receiver on `http://localhost:4000/hooks` or a test's on `127.0.0.1` works; the scheme and
 * credential rules hold everywhere.
 *
 * A host name is not resolved here (the core has no network): the HTTP transport
 * (`httpWebhookTransport`) resolves it when it connects and refuses the connection when any address
 * it resolves to is refused by {@link refusedAddress} — which is what defeats a name that resolves to
 * a private address, and DNS rebinding (a name that answers a public address when the subscription is
 * checked and a private one at delivery time).
 *
 * WHATWG `URL` parsing is used (as every HTTP client does), so the host is judged in the form the
 * client will connect to: `http://0x7f.1/`, `http://2130706433/` and `http://127.1/` all parse to
 * `127.0.0.1` and are refused as loopback.
 *
 * @module
 */
import ipaddr from 'ipaddr.js';

/** Options of {@link checkWebhookUrl} and {@link refusedAddress}. */
export interface WebhookUrlOptions {
  /**
   * Allow loopback, private, link-local and the other non-public destinations, and `localhost`:
   * the sandbox's setting (issue #23), so that local receivers work. Default false.
   */
  allowPrivate?: boolean;
}

/** The verdict of {@link checkWebhookUrl}: the parts the transport needs, or why the URL is refused. */
export type WebhookUrlCheck =
  | {
      ok: true;
      protocol: 'http:' | 'https:';
      /** The host as the client connects to it: lower case, IPv6 without brackets, no trailing dot. */
      hostname: string;
      /** Whether `hostname` is an IP address (no name to resolve). */
      literal: boolean;
    }
  | { ok: false; reason: string };

// ─── The platform, typed narrowly (ES2022 has no URL) ──────────────────────────────────────────────

/** The part of WHATWG `URL` used here. */
interface ParsedUrl {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
}

const platform = globalThis as unknown as { URL?: new (input: string) => ParsedUrl };

function parse(url: string): ParsedUrl | null {
  const Url = platform.URL;
  if (Url === undefined) throw new TypeError('webhook URLs need the WHATWG URL class (globalThis.URL)');
  try {
    return new Url(url);
  } catch {
    return null;
  }
}

// ─── Addresses ────────────────────────────────────────────────────────────────────────────────────

/** Plain words for ipaddr.js's range names, for the refusal messages. */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  linkLocal: 'a link-local address (this includes the cloud metadata service 169.254.169.254)',
  unspecified: 'an unspecified address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
  rfc6052: 'a NAT64 address (the IPv4 address behind it cannot be judged)',
  rfc6145: 'an IPv4-translated address (the IPv4 address behind it cannot be judged)',
  '6to4': 'a 6to4 address (the IPv4 address behind it cannot be judged)',
  teredo: 'a Teredo address (the IPv4 address behind it cannot be judged)',
  deprecatedSiteLocal: 'a site-local address',
};

/**
 * Why a delivery may not connect to the IP address `address`, or null when it may: null for a
 * public unicast address, and for every address when `allowPrivate` (the sandbox). An IPv4-mapped
 * IPv6 address (`::ffff:127.0.0.1`) is judged by the IPv4 address it maps. Something that is not an
 * IP address is refused too (the caller resolves names first).
 *
 * @example
 * ```ts
 * refusedAddress('93.184.215.14'); // null
 * refusedAddress('169.254.169.254'); // '169.254.169.254 is a link-local address (…)'
 * refusedAddress('::ffff:10.0.0.1'); // '::ffff:10.0.0.1 is a private address'
 * refusedAddress('127.0.0.1', { allowPrivate: true }); // null (the sandbox)
 * ```
 */
export function refusedAddress(address: string, options: WebhookUrlOptions = {}): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  if (options.allowPrivate === true) return null;
  // `process` turns an IPv4-mapped IPv6 address into the IPv4 address it maps.
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return null;
  return `${address} is ${RANGE_WORDS[range] ?? `a special-purpose address (${range})`}`;
}

/** Whether `hostname` is `localhost` or a name under it (RFC 6761 §6.3). */
function isLocalhostName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/**
 * Checks a webhook URL before it is stored or posted to (see the module comment for what is refused
 * and why). Names are not resolved: the transport checks the addresses they resolve to when it
 * connects.
 *
 * @example
 * ```ts
 * checkWebhookUrl('https://hooks.example.com/fiscalkit'); // { ok: true, protocol: 'https:', hostname: 'hooks.example.com', literal: false }
 * checkWebhookUrl('http://169.254.169.254/latest/meta-data/'); // { ok: false, reason: '169.254.169.254 is a link-local address (…)' }
 * checkWebhookUrl('http://localhost:4000/hooks', { allowPrivate: true }).ok; // true (the sandbox)
 * checkWebhookUrl('file:///etc/passwd').ok; // false, in every mode
 * ```
 */
export function checkWebhookUrl(url: string, options: WebhookUrlOptions = {}): WebhookUrlCheck {
  const parsed = typeof url === 'string' ? parse(url) : null;
  if (parsed === null) return { ok: false, reason: 'it is not an absolute URL' };
  const protocol = parsed.protocol;
  if (protocol !== 'http:' && protocol !== 'https:')
    return { ok: false, reason: `only http and https URLs are allowed, not ${protocol.replace(/:$/, '')}` };
  if (parsed.username !== '' || parsed.password !== '')
    return {
      ok: false,
      reason:
        'a user name or password in the URL is not allowed (deliveries are authenticated by their signature)',
    };
  // `hostname` keeps an IPv6 literal in brackets and a fully qualified name's trailing dot.
  const bracketed = parsed.hostname.startsWith('[') && parsed.hostname.endsWith(']');
  const hostname = (bracketed ? parsed.hostname.slice(1, -1) : parsed.hostname).replace(/\.$/, '');
  if (hostname === '') return { ok: false, reason: 'the URL has no host' };
  const literal = bracketed || ipaddr.IPv4.isValidFourPartDecimal(hostname);
  if (literal) {
    const refused = refusedAddress(hostname, options);
    if (refused !== null) return { ok: false, reason: refused };
  } else if (isLocalhostName(hostname) && options.allowPrivate !== true)
    return { ok: false, reason: `${hostname} is this machine (RFC 6761: localhost names are loopback)` };
  return { ok: true, protocol, hostname, literal };
}
