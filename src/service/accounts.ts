// PLACEHOLDER (issue #8): the use cases of accounts (spec §4.4).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of accounts (spec §4.4). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type AccountService = {};

/** The accounts (spec §4.4) service. */
export function createAccountService(_ports: Ports, _deps: ServiceDeps): AccountService {
  return {};
}
