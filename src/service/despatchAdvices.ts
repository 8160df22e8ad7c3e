// PLACEHOLDER (issue #8): the use cases of despatch advices (spec §4.6).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of despatch advices (spec §4.6). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type DespatchAdviceService = {};

/** The despatch advices (spec §4.6) service. */
export function createDespatchAdviceService(_ports: Ports, _deps: ServiceDeps): DespatchAdviceService {
  return {};
}
