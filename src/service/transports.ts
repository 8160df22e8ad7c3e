// PLACEHOLDER (issue #8): the use cases of transports and Peppol publication (spec §2.8, §4.7).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of transports and Peppol publication (spec §2.8, §4.7). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type TransportService = {};

/** The transports and Peppol publication (spec §2.8, §4.7) service. */
export function createTransportService(_ports: Ports, _deps: ServiceDeps): TransportService {
  return {};
}

/** The background jobs of transports (Peppol publish and unpublish). */
export function transportJobHandlers(_ports: Ports, _deps: ServiceDeps): import('./worker.js').JobHandler[] {
  return [];
}
