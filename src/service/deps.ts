import type { EventPublisher } from './events.js';

/**
 * What every use-case service gets besides the ports: the event publisher (webhook events, spec §6)
 * and the public base URL (status URLs, spec §2.11).
 */
export interface ServiceDeps {
  readonly publisher: EventPublisher;
  /** The public base URL without a trailing slash, e.g. `https://api.example.com`. */
  readonly base_url: string;
}
