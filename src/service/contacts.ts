// PLACEHOLDER (issue #8): the use cases of contacts and offices (spec §2.3, §4.5).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of contacts and offices (spec §2.3, §4.5). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type ContactService = {};

/** The contacts and offices (spec §2.3, §4.5) service. */
export function createContactService(_ports: Ports, _deps: ServiceDeps): ContactService {
  return {};
}
