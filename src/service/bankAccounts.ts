// PLACEHOLDER (issue #8): the use cases of bank accounts (spec §4.5).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of bank accounts (spec §4.5). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type BankAccountService = {};

/** The bank accounts (spec §4.5) service. */
export function createBankAccountService(_ports: Ports, _deps: ServiceDeps): BankAccountService {
  return {};
}
