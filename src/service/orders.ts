// PLACEHOLDER (issue #8): the use cases of orders (spec §4.6).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of orders (spec §4.6). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type OrderService = {};

/** The orders (spec §4.6) service. */
export function createOrderService(_ports: Ports, _deps: ServiceDeps): OrderService {
  return {};
}
