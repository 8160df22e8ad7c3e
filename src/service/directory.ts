// PLACEHOLDER (issue #8): the use cases of the directory lookup (spec §4.8).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of the directory lookup (spec §4.8). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type DirectoryService = {};

/** The the directory lookup (spec §4.8) service. */
export function createDirectoryService(_ports: Ports, _deps: ServiceDeps): DirectoryService {
  return {};
}
