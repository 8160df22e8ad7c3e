import type { EventPublisher } from './events.js';

/**
 * What every use-case service gets besides the ports: the event publisher (webhook events, spec §6)
 * and the public base URL (status URLs, spec §2.11).
 */
export interface ServiceDeps {
  readonly publisher: EventPublisher;
  /** The public base URL without a trailing slash, e.g. `https://api.example.com`. */
  readonly base_url: string;
  /**
   * Whether the service runs as a sandbox (issue #23): webhook subscriptions and deliveries may then
   * reach loopback and private addresses (so that local receivers work), and the tax authorities are
   * the sandbox simulators. Outside the sandbox those addresses are refused (the SSRF guard).
   */
  readonly sandbox?: boolean;
}
