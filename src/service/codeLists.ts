// PLACEHOLDER (issue #8): the use cases of code lists (spec §4.8).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of code lists (spec §4.8). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type CodeListService = {};

/** The code lists (spec §4.8) service. */
export function createCodeListService(_ports: Ports, _deps: ServiceDeps): CodeListService {
  return {};
}
